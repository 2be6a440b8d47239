"""The menu (encoder long press): new game, new match, settings, discard advice, the LED test.

On the LEDs the items are the first holes of track 0 (1 new game, 2 new match, 3 settings,
4 advice, 5 LED test): dim, the chosen one blinking. Turn to choose, press the encoder to open,
back (or the encoder held again) to leave; held, any other button is its press; p1 and p2 are refused ("the
encoder opens it"). A new match
forgets the tally and cannot be undone (``Board.new_match``), so it asks again: the item
flickers fast and a second press is needed. So does a new game while one is under way (a
dealer named, no winner yet): the menu opens on it, and a slow press that opened the menu, then
a press meant for the game, would drop the game at once (undo brings it back, but who knows that).
The question says what goes: "game is dropped", "tally is lost", or both ("game+tally lost": a
new match over a game under way once a game is won).
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from shared import events

ITEMS = ("new game", "new match", "settings", "advice", "LED test")
_NEW_GAME = const(0)
_NEW_MATCH = const(1)
_SETTINGS = const(2)
_ADVICE = const(3)


class Menu:
    """The menu: turn to an item and open it; a new match, or a new game over one under way, asks twice."""

    name = "menu"
    full_screen = True
    as_pressed = True  # a button held here is its press: holding one means nothing of its own

    def __init__(self, board):
        self.item = 0
        self.sure = False  # the new match, and a new game over one under way, ask twice: then what a second press loses
        self._cursor = Cursor()  # the item

    def handle(self, board, event):
        """A turn chooses the item, the encoder opens it (a new match, or a new game under way: the second press); back
        or the encoder held goes back to the game; p1 and p2 are refused with what opens it."""
        kind, what = event
        if kind == events.TURN:
            self.item = (self.item + what) % len(ITEMS)
            self.sure = False
        elif kind == events.PRESS and what == events.BACK or kind == events.LONG and what == events.ENCODER:
            board.idle()  # back, or the encoder held as it opened the menu: back to the game
        elif what == events.PLAYER_1 or what == events.PLAYER_2:  # no use here: refused, as on other screens; a
            board.messages.refuse("the encoder opens it")  # question asked is dropped, as by any other input than
            self.sure = False  # the encoder (a play-test: the next press still dropped the game)
        elif kind == events.PRESS and what == events.ENCODER:
            item = self.item
            if item <= _NEW_MATCH and not self.sure:  # the first press asks, saying what the second loses
                match = board.match
                game = match.game
                # a game under way, begun (an event since the one that started it: else the core refuses at once)
                if game.dealer is not None and game.winner is None and match.events != match.game_start:
                    self.sure = "game+tally lost" if item == _NEW_MATCH and any(match.games_won) else "game is dropped"
                elif item == _NEW_MATCH and match.events:
                    # a new match asks whenever a log would go (an earlier match kept by a ["new_match"]
                    # event too); an empty one is refused at once, as Board.new_match refuses it
                    self.sure = "tally is lost"
                if self.sure:
                    return
            if item == _NEW_GAME:
                if board.try_apply(["new_game"]):
                    board.idle()
            elif item == _NEW_MATCH:
                self.sure = False
                if board.attempt(board.new_match):  # refused on a match not begun
                    board.idle()
            elif item == _SETTINGS:
                from app.modes.settings import SettingsMode  # loaded when first used: RAM

                board.open(SettingsMode)
            elif item == _ADVICE:
                from app.modes.advise import Advise  # with the advice tables, only when asked

                board.open(Advise)
            else:
                from app.modes.led_test import LedTest

                board.open(LedTest)

    def draw(self, board, canvas, now):
        """The items as dim holes of track 0, the chosen one blinking (fast while it asks again)."""
        for i in range(len(ITEMS)):
            canvas.put(0, 1 + i, palette.WHITE, palette.DIM)
        period = 150 if self.sure else 600
        if self._cursor.lit(canvas, now, self.item, period, period * 2 // 3):
            canvas.put(0, 1 + self.item, palette.WHITE, palette.FULL)

    def lines(self, board):
        """The items, the chosen one marked, and what a second press loses."""
        out = ["MENU"]
        for i in range(len(ITEMS)):
            out.append((">" if i == self.item else " ") + ITEMS[i])
        if self.sure:
            out.append("press again:")
            out.append(self.sure)
        return out

    def describe(self):
        """The item chosen and whether it asks again."""
        return {"mode": self.name, "item": ITEMS[self.item], "sure": bool(self.sure)}
