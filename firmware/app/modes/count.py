"""Counting the show with cards: the starter once per deal, then each hand and the crib.

Steps, in the core's counting order (pone's hand, ..., the dealer's hand, the crib):
- starter: pick the starter card (a Jack pegs his heels: the core does it). A long press of
  the encoder skips it: the hands of this deal are then dialled as totals (once a hand is
  counted without the starter, the count goes straight to the total for the rest of the deal).
- his heels: while the starter is unknown (its picker, or totals after skipping it), a long
  press of the dealer's button pegs the core's ``["heels"]``; from the starter picker the
  board then goes back to the play, where the pegs show it. A starter picked later must be
  a Jack, and does not peg them again.
- cards: pick the 4 cards of the hand or crib (cards on the table are skipped); back puts
  the last card back, or leaves when none is picked; a long press of the encoder dials the
  total instead of cards.
- claim (muggins on): dial the points claimed; overlooked points go to the next player.
- total: dial the total directly; impossible totals (19, 25, 26, 27) are refused with a
  vermillion flicker.
- confirm: the total (the claim, with muggins) is previewed on the track and said on the
  display; turning scrolls the saying (the total stays the board's count), the encoder
  press pegs it and moves on to the next show; back returns to the claim or the cards.
Counting stops the moment someone wins, and after the crib.
"""

from micropython import const

from app import events, palette
from app.modes.cards import Picker
from app.modes.peg import button_side
from app.render import HOLES, breathing, draw_preview, track_of
from cribbage import saying, show

STARTER = const(0)
CARDS = const(1)
CLAIM = const(2)
TOTAL = const(3)
CONFIRM = const(4)
_STEP_NAMES = ("starter", "cards", "claim", "total", "confirm")
_SAID_LINES = const(7)  # the display's 8 lines less the title
_BUTTONS = (events.PLAYER_1, events.PLAYER_2, events.BACK)  # the button of each side (see peg.button_side)


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
        self.said = None  # the count of the cards as said on the display (saying.say_lines)
        self.scroll = 0  # the first line of the saying shown

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
        self.said = None
        if match.starter is None and match.phase == "play":
            self.step = STARTER
            self.picker = Picker(1, match.used)
            return
        self.seat, kind = match.next_show
        self.crib = kind == "crib"
        if match.starter is None:
            # A hand was counted without the starter: it was skipped for this deal.
            self.step = TOTAL
            self.points = 0
            self.picker = None
        else:
            self.step = CARDS
            self.picker = Picker(show.HAND_SIZE, match.used)

    def side(self, board):
        """The side that pegs the show being counted (None while picking the starter)."""
        if self.step == STARTER:
            return None
        return board.match.settings.side_of(self.counted_seat(board))

    def counted_seat(self, board):
        """The seat whose show this is: the dealer's for the crib."""
        return board.match.dealer if self.crib else self.seat

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
        side = button_side(board, event)
        if kind == events.LONG and side is not None:
            self._heels(board, side)
        elif step == STARTER or step == CARDS:
            self._picking(board, kind, what)
        elif kind == events.TURN:
            if step == CONFIRM:
                # The total is the board's count (muggins: the claim dialled before it).
                most = len(self.said) - _SAID_LINES
                self.scroll = max(0, min(most, self.scroll + what))
            else:
                self.points = max(0, min(show.MAX_SHOW, self.points + what))
        elif kind == events.PRESS and what == events.BACK:
            if step == TOTAL:
                if self.picker is None:
                    board.idle()  # the starter was skipped: there are no cards to go back to
                else:
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

    def _heels(self, board, side):
        """His heels from the dealer's button (the core refuses them once the starter is known)."""
        match = board.match
        dealer = match.settings.side_of(match.dealer)
        if side != dealer:
            board.refuse("his heels go to the dealer, " + board.side_name(dealer))
        elif board.apply(["heels"]) and (self.step == STARTER or match.winner is not None):
            board.idle()

    def _picking(self, board, kind, what):
        picker = self.picker
        if picker.move(kind, what):  # the cursor moved: nothing more to do
            pass
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
                count = show.count(self.cards, board.match.starter, self.crib)
                self.said = saying.say_lines(count)
                self.scroll = 0
                if board.match.settings.muggins:
                    self.step = CLAIM
                    self.points = 0
                else:
                    self.step = CONFIRM
                    self.points = count.total

    def draw(self, board, canvas, now):
        side = self.side(board)
        if self.full_screen:
            self.picker.draw(canvas, now)
            level = breathing(now)
            if side is None:
                for track in range(canvas.tracks):
                    canvas.put(track, HOLES, palette.WHITE, level)
            else:
                canvas.put(track_of(side), HOLES, board.colour(side), level)
        else:
            refused = board.refused(now) or (self.step == TOTAL and not show.is_possible_total(self.points))
            draw_preview(board, canvas, now, side, self.points, refused)

    def title(self, board):
        """``P1 HAND`` / ``P2 CRIB`` / ``STARTER``."""
        if self.step == STARTER:
            return "STARTER"
        return board.seat_name(self.counted_seat(board)) + (" CRIB" if self.crib else " HAND")

    def lines(self, board):
        step = self.step
        title = self.title(board)
        if step == STARTER:
            dealer = board.match.settings.side_of(board.match.dealer)
            return ([title] + self.picker.text()
                    + ["turn=rank", "p1/p2=suit", "enc=take", "hold enc=skip", "hold %s=heels" % _BUTTONS[dealer]])
        if step == CARDS:
            return ([title] + self.picker.text()
                    + ["%d/%d cards" % (len(self.picker.picked), self.picker.need),
                       "turn=rank", "p1/p2=suit", "enc=take", "hold enc=total"])
        if step == TOTAL:
            note = "impossible!" if not show.is_possible_total(self.points) else "enc=peg"
            return [title, "total %d" % self.points, note]
        if step == CLAIM:
            return [title, "claim %d" % self.points, "muggins is on", "enc=ok"]
        scroll = self.scroll
        return [title + " %d" % self.points] + self.said[scroll:scroll + _SAID_LINES]

    def describe(self):
        return {"mode": self.name, "step": _STEP_NAMES[self.step], "seat": self.seat, "crib": self.crib,
                "points": self.points, "picked": list(self.picker.picked) if self.picker else []}
