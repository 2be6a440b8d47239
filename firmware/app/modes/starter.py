"""The starter of a deal, and his heels: turned up before the play.

Opened by the count (``app.modes.count``) while the deal's starter is unknown and the play
is on. The card picker shows the deck (``app.picker``); the encoder press takes the
starter (a Jack pegs his heels: the core does it) and the board goes back to the play, which
comes after the starter is turned. Back returns to the play without a starter.

- the starter by its rank alone: p2 past the last free suit (or p1 before the first) stops at
  "any suit", where the whole column of the rank blinks; the encoder press there takes the
  rank only (the core's ``["starter_rank", rank]``), and the deal's shows are then counted
  by their ranks (``app.rank_show``), as when the play gives them.

- his heels without picking the Jack: a long press of the dealer's button pegs the core's
  ``["heels"]`` and the board goes back to the play; the other buttons are refused. The
  core refuses them twice, after a known starter other than a Jack, and once the show has
  begun (his heels are scored at the cut).
- a long press of the encoder skips the starter: the count opens at the pone's total, and
  every hand of the deal is dialled as a total (back there, before a total is pegged,
  returns here); but with the play laid card by card, before its first card or go, the board
  goes back home for the play pegged by points (``Board.skipped``), and the next count opens at
  the pone's total (back at home before anything else is done opens the starter again, and a
  starter picked then lays the play after all).
A starter just taken back by undo (``Board.undone``) is where the picker opens again: its card,
or its rank at "any suit"; so is the card dialled when the LED test (the serial line's) opened over
the picker, once it is left (``kept``, ``Board.idle``).
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from app.modes import button_side, may_call
from app.picker import Picker, card_hole
from app.render import breathing, game_hole
from cribbage.cards import JACK, rank_name
from shared import events

_SUITS = const(4)
_RANKS = const(13)
_BUTTONS = const(("p1", "p2", "back"))  # each side's button (see app.modes.button_side: player 3's is held)


def heels(board, side):
    """His heels from ``side``'s button (here, or at a total with the starter skipped): 2 for the
    dealer; True if pegged (the core refuses them when no more due, and says why)."""
    match = board.match
    dealer = match.settings.side_of(match.dealer)
    if side != dealer and match.phase != "show":
        board.messages.refuse("his heels go to the dealer, " + match.settings.side_name(dealer))
        return False
    # in the show the core refuses them to anyone, and says why ("too late": not the dealer's to take now)
    return board.try_apply(["heels"])


def heels_hint(match):
    """The display's hint for his heels: the dealer's button held."""
    return "hold %s=heels" % _BUTTONS[match.settings.side_of(match.dealer)]


def held_button(board, event):
    """A button held (``event`` a long press, not the encoder's) in a show's pickers of cards or
    ranks: the dealer's asks for his heels, refused there (the starter is known) with why, and one that
    may call muggins on the claim still open is told where it calls (player 3's call, back held, would
    take a card back): True; another's was its press held a little long (back: a card or rank back):
    False, for the caller to take as that press."""
    side = button_side(board, event)
    match = board.match
    if side is not None and side == match.settings.side_of(match.dealer):
        heels(board, side)
        return True
    if may_call(board, side):
        board.messages.refuse("muggins is called at the claim, once the cards are taken")
        return True
    return False


class Starter:
    """The starter picker; ``picker`` holds the card under the cursor."""

    name = "starter"
    full_screen = True

    def __init__(self, board):
        match = board.match
        only_jacks = None
        if match.heels:  # pegged already: only a Jack is taken, so the picker offers no other rank
            only_jacks = [_SUITS] * _RANKS  # (as if the four of every other rank were on the table)
            only_jacks[JACK] = 0
        picker = self.picker = Picker(1, match.used, only_jacks)
        undone = board.undone
        self.any_suit = False  # the rank alone: its suit is not dialled
        if undone is not None and (undone[0] == "starter" or undone[0] == "starter_rank"):
            # the starter just taken back by undo: the cursor on it again, to be re-picked with a turn or two
            self.any_suit = undone[0] == "starter_rank"
            picker.rank = undone[1] if self.any_suit else undone[1] >> 2
            picker.wanted = 0 if self.any_suit else undone[1] & 3
            picker.turn(0)
        self._column = Cursor()  # the rank's column, blinking while its suit is not dialled

    def kept(self, board):
        """The card dialled (at "any suit", its rank) as its event: pegged by the encoder's press, and kept as a
        starter taken back, where the picker opens again once the LED test over it (the serial line's) is left
        (``Board.open_menu``)."""
        picker = self.picker
        return ["starter_rank", picker.rank] if self.any_suit else ["starter", picker.card]

    def _step_suit(self, step):
        """The next (1) or previous (-1) free suit of the rank, with "any suit" after the last and before the first."""
        picker = self.picker
        stops = [s for s in range(4) if picker.free(picker.rank * 4 + s)] + [None]
        at = len(stops) - 1 if self.any_suit else stops.index(picker.suit)
        suit = stops[(at + step) % len(stops)]
        self.any_suit = suit is None
        if suit is not None:
            picker.suit = picker.wanted = suit

    def handle(self, board, event):
        """A turn dials the card, p1/p2 step its suit (to "any suit"); the encoder takes it, held skips the starter; the
        dealer's button held pegs his heels; back returns to the play."""
        kind, what = event
        side = button_side(board, event)
        if kind == events.LONG and side is not None:
            if heels(board, side):
                board.idle()  # back to the play, where the dealer's peg shows them
        elif kind == events.PRESS and (what == events.PLAYER_1 or what == events.PLAYER_2):
            self._step_suit(-1 if what == events.PLAYER_1 else 1)
        elif self.picker.move(kind, what):
            pass
        elif kind == events.PRESS and what == events.BACK:
            undone = board.undone
            if undone is not None and undone[0] != "starter" and undone[0] != "starter_rank":
                board.undone = None  # a show kept for the count, stepped out of (as app.modes.count.leave)
            board.idle()
        elif kind == events.LONG and what == events.ENCODER:
            match = board.match
            if board.prefs["play"] == 1 and match.game.laying is None and not board.in_deal(board.skipped):
                board.skip_starter()  # before a play laid card by card: it is pegged by points instead
                board.idle()
                return
            from app.modes.count import Count

            board.open(Count).next_count(board, True)  # the totals of this deal, from the pone's
        elif kind == events.PRESS and what == events.ENCODER:
            # his heels pegged at the cut: the play went on without the card, so the count asks for it now
            asked_by_count = board.match.heels
            unskipped = board.just_skipped()  # the skip taken back
            if board.try_apply(self.kept(board)):  # the card dialled (any suit: its rank)
                if unskipped:
                    board.skip_starter(False)  # (saved with the starter)
                laying = board.match.game.laying
                if laying is not None:  # the play laid card by card knows: asked once every card was laid
                    asked_by_count = laying.turn is None
                if asked_by_count:
                    board.open_count()  # (the Jack's suit, his heels not pegged again): the count goes on
                else:
                    board.idle()  # the play comes after the starter is turned

    def draw(self, board, canvas, now):
        """The picker (at "any suit": the rank's free cards blinking), every track's game hole breathing white."""
        picker = self.picker
        picker.draw(canvas, now, not self.any_suit)
        if self.any_suit and self._column.lit(canvas, now, picker.rank):  # the whole column of the rank
            for suit in range(4):
                if picker.free(picker.rank * 4 + suit):
                    track, hole = card_hole(picker.rank * 4 + suit)
                    canvas.put(track, hole, palette.WHITE, palette.FULL)
        level = breathing(canvas, now)
        hole = game_hole(board)
        for track in range(canvas.tracks):
            canvas.put(track, hole, palette.WHITE, level)

    def lines(self, board):
        """The card dialled (or its rank, any suit) and the hints, his heels' while they may still be pegged."""
        match = board.match
        text = [">" + rank_name(self.picker.rank) + " any suit"] if self.any_suit else self.picker.text()
        if match.heels:  # pegged already: only a Jack is taken (no rank to turn to), and holding the button is refused
            hints = ["jack: his heels", "p1/p2=suit (any)", "enc=take", "hold enc=skip"]
        else:
            hints = ["turn=rank", "p1/p2=suit (any)", "enc=take", "hold enc=skip", heels_hint(match)]
        return ["STARTER"] + text + hints

    def describe(self):
        """The card under the cursor (None at "any suit") and its rank."""
        return {"mode": self.name, "card": None if self.any_suit else self.picker.card, "rank": self.picker.rank}
