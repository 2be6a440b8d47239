"""The home mode: pegging points in the play, undo, and the doors to the other modes.

Idle (no peg being dialled):
- p1 / p2 press: start a peg of 1 for that player (three players: back long-press for the
  third); pressing the same button again adds 1, turning the encoder adds or removes
  points (1 to 31); a blinking preview peg shows where the front peg will land. The
  encoder press pegs it, back cancels, another player's button moves the peg to them.
- p1 / p2 long press: peg 2 for that player at once (the most frequent score of the play).
- back press: undo the last action (again and again).
- encoder press: count: dial the starter if this deal has none, else count the next show;
  before the first deal it names the dealer picked with the encoder (or press p1 / p2:
  that player deals); after a game it starts the next game of the match.
- encoder long press: the menu.
"""

from app import events
from app.render import draw_preview
from cribbage.game import MAX_PLAY_POINTS


def button_side(board, event):
    """The side a player button event is for, or None: p1, p2, and back (long) for player 3."""
    control = event[1]
    if control == events.PLAYER_1:
        return 0
    if control == events.PLAYER_2:
        return 1
    if control == events.BACK and event[0] == events.LONG and board.match.settings.sides == 3:
        return 2
    return None


class Peg:
    """Idle, or dialling ``points`` for ``side`` (then ``side`` is not None)."""

    name = "peg"
    full_screen = False

    def __init__(self):
        self.side = None
        self.points = 0
        self.seat = 0  # the dealer being chosen before the first deal

    def handle(self, board, event):
        if self.side is None:
            self._idle(board, event)
        else:
            self._dialling(board, event)

    def _idle(self, board, event):
        kind, what = event
        phase = board.match.phase
        if phase == "cut":
            self._choose_dealer(board, event)
            return
        side = button_side(board, event)
        if side is not None and (kind == events.PRESS or what == events.BACK):
            self.side = side
            self.points = 1
        elif side is not None:
            board.apply(["peg", side, 2])
        elif kind == events.PRESS and what == events.BACK:
            board.undo()
        elif kind == events.PRESS and what == events.ENCODER:
            if phase == "over":
                board.apply(["new_game"])
            else:
                board.open_count()
        elif kind == events.LONG and what == events.ENCODER:
            board.open_menu()

    def _choose_dealer(self, board, event):
        kind, what = event
        seats = board.match.settings.seats
        if kind == events.TURN:
            self.seat = (self.seat + what) % seats
        elif kind == events.PRESS and what == events.PLAYER_1:
            board.apply(["dealer", 0])
        elif kind == events.PRESS and what == events.PLAYER_2:
            board.apply(["dealer", 1])
        elif kind == events.PRESS and what == events.ENCODER:
            board.apply(["dealer", self.seat % seats])
        elif kind == events.PRESS and what == events.BACK:
            board.undo()
        elif kind == events.LONG and what == events.ENCODER:
            board.open_menu()

    def _dialling(self, board, event):
        kind, what = event
        side = button_side(board, event)
        if kind == events.TURN:
            self.points = max(1, min(MAX_PLAY_POINTS, self.points + what))
        elif side is not None:
            if side == self.side:
                self.points = min(MAX_PLAY_POINTS, self.points + 1)
            else:
                self.side = side
        elif kind == events.PRESS and what == events.ENCODER:
            if board.apply(["peg", self.side, self.points]):
                self.side = None
        elif kind == events.PRESS and what == events.BACK:
            self.side = None

    def draw(self, board, canvas, now):
        if self.side is not None:
            draw_preview(board, canvas, now, self.side, self.points, board.refused(now))
        elif board.match.phase == "cut":
            # Who deals? The chosen seat blinks (see Board.mark_seat).
            if now % 500 < 300:
                board.mark_seat(canvas, self.seat % board.match.settings.seats)

    def lines(self, board):
        match = board.match
        if self.side is not None:
            to = match.landing(self.side, self.points)
            return ["PEG " + board.side_name(self.side), "+%d -> %d" % (self.points, to),
                    "enc=peg back=no"]
        if match.phase == "cut":
            return ["WHO DEALS?", "p1 / p2, or", "turn: " + board.seat_name(self.seat % match.settings.seats),
                    "and press"]
        return board.score_lines()

    def describe(self):
        return {"mode": self.name, "side": self.side, "points": self.points}
