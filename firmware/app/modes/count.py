"""Counting the show with cards: the starter once per deal, then each hand and the crib.

Steps, in the core's counting order (pone's hand, ..., the dealer's hand, the crib):
- starter: pick the starter card (a Jack pegs his heels: the core does it). A long press of
  the encoder skips it: the hands of this deal are then dialled as totals.
- cards: pick the 4 cards of the hand or crib (cards on the table are skipped); back puts
  the last card back, or leaves when none is picked; a long press of the encoder dials the
  total instead of cards.
- claim (muggins on): dial the points claimed; overlooked points go to the next player.
- total: dial the total directly; impossible totals (19, 25, 26, 27) are refused with a
  vermillion flicker.
- confirm: the total is previewed on the track (and said on the display); the encoder
  press pegs it and moves on to the next show; back returns to the cards.
Counting stops the moment someone wins, and after the crib.
"""

from micropython import const

from app import events, palette
from app.modes.cards import Picker
from app.render import HOLES, draw_preview, pulse, track_of
from cribbage import saying, show

STARTER = const(0)
CARDS = const(1)
CLAIM = const(2)
TOTAL = const(3)
CONFIRM = const(4)
_STEP_NAMES = ("starter", "cards", "claim", "total", "confirm")
_HAND_CARDS = const(4)


def _suit_step(what):
    return -1 if what == events.PLAYER_1 else 1


class Count:
    """The show-counting mode; ``step`` says where it is."""

    name = "count"

    def __init__(self):
        self.step = STARTER
        self.picker = None
        self.seat = None
        self.crib = False
        self.points = 0
        self.cards = None
        self.count = None

    @property
    def full_screen(self):
        return self.step == STARTER or self.step == CARDS

    def begin(self, board):
        """Go to the next thing to count this deal (the board is made idle when there is none)."""
        match = board.match
        if match.winner is not None or match.next_show is None:
            board.idle()
            return
        self.cards = None
        self.count = None
        if match.starter is None:
            self.step = STARTER
            self.picker = Picker(1, match.used)
            return
        self.seat, kind = match.next_show
        self.crib = kind == "crib"
        self.step = CARDS
        self.picker = Picker(_HAND_CARDS, match.used)

    def side(self, board):
        """The side that pegs the show being counted (None while picking the starter)."""
        if self.step == STARTER:
            return None
        match = board.match
        seat = match.dealer if self.crib else self.seat
        return match.settings.side_of(seat)

    def _event(self, cards, claim):
        if self.crib:
            return ["crib", cards, claim]
        return ["hand", self.seat, cards, claim]

    def _counted(self, board):
        if self.crib or board.match.winner is not None:
            board.idle()
        else:
            self.begin(board)

    def handle(self, board, event):
        kind, what = event
        step = self.step
        if step == STARTER or step == CARDS:
            self._picking(board, kind, what)
        elif kind == events.TURN:
            self.points = max(0, min(show.MAX_SHOW, self.points + what))
        elif kind == events.PRESS and what == events.BACK:
            if step == TOTAL:
                self.begin(board)
            elif step == CONFIRM and board.match.settings.muggins:
                self.step = CLAIM
            else:
                self.step = CARDS
                self.picker.drop()
        elif kind == events.PRESS and what == events.ENCODER:
            if step == CLAIM:
                self.step = CONFIRM
            elif step == TOTAL:
                if not show.is_possible_total(self.points):
                    board.refuse("no hand counts %d" % self.points)
                elif board.apply(self._event(None, self.points)):
                    self._counted(board)
            else:
                claim = self.points if board.match.settings.muggins else None
                if board.apply(self._event(self.cards, claim)):
                    self._counted(board)

    def _picking(self, board, kind, what):
        picker = self.picker
        if kind == events.TURN:
            picker.turn(what)
        elif kind == events.PRESS and (what == events.PLAYER_1 or what == events.PLAYER_2):
            picker.step_suit(_suit_step(what))
        elif kind == events.PRESS and what == events.BACK:
            if not picker.drop():
                board.idle()
        elif kind == events.LONG and what == events.ENCODER:
            if self.step == STARTER:
                self.seat, kind = board.match.next_show
                self.crib = kind == "crib"
            self.step = TOTAL
            self.points = 0
        elif kind == events.PRESS and what == events.ENCODER:
            if self.step == STARTER:
                if board.apply(["starter", picker.card]):
                    self.begin(board)
            elif picker.take():
                self.cards = picker.picked[:]
                self.count = show.count(self.cards, board.match.starter, self.crib)
                if board.match.settings.muggins:
                    self.step = CLAIM
                    self.points = 0
                else:
                    self.step = CONFIRM
                    self.points = self.count.total

    def draw(self, board, canvas, now):
        side = self.side(board)
        if self.full_screen:
            self.picker.draw(canvas, now)
            if side is None:
                for track in range(canvas.tracks):
                    canvas.put(track, HOLES, palette.WHITE, pulse(now, 2000, 60, 256))
            else:
                canvas.put(track_of(side), HOLES, board.colour(side), pulse(now, 2000, 60, 256))
        else:
            refused = board.refused(now) or (self.step == TOTAL and not show.is_possible_total(self.points))
            draw_preview(board, canvas, now, side, self.points, refused)

    def title(self, board):
        """``P1 HAND`` / ``P2 CRIB`` / ``STARTER``."""
        if self.step == STARTER:
            return "STARTER"
        seat = board.match.dealer if self.crib else self.seat
        return board.seat_name(seat) + (" CRIB" if self.crib else " HAND")

    def lines(self, board):
        step = self.step
        title = self.title(board)
        if step == STARTER or step == CARDS:
            return ([title] + self.picker.text()
                    + ["%d/%d cards" % (len(self.picker.picked), self.picker.need),
                       "turn=rank", "p1/p2=suit", "enc=take", "hold enc=total"])
        if step == TOTAL:
            note = "impossible!" if not show.is_possible_total(self.points) else "enc=peg"
            return [title, "total %d" % self.points, note]
        if step == CLAIM:
            return [title, "claim %d" % self.points, "muggins is on", "enc=ok"]
        return [title + " %d" % self.points] + saying.say_lines(self.count)[:7]

    def describe(self):
        return {"mode": self.name, "step": _STEP_NAMES[self.step], "seat": self.seat, "crib": self.crib,
                "points": self.points, "picked": list(self.picker.picked) if self.picker else []}
