"""The cut for deal: each player dials the rank they cut, the lowest deals; a tie cuts again.

Opened from "who deals?" (``app.modes.peg``). The players cut in seat order: turn to the rank
cut (Ace low, King high; each dial starts at the Ace), press the encoder to take it; back takes
back the last rank taken, across a tie into the round before (at the first player of the first
round: back to "who deals?", as the encoder held does at any point). When the lowest rank is
shared, the players who share it cut again (the others are out). The deciding round goes in
the log as the core's ``["cut_ranks", [rank or null per seat]]`` (null: a seat out of that
round), and the board goes back to the play with the dealer known.

A cut just taken back by undo (``Board.undone``) opens as it was decided: the ranks of its
deciding round taken, the last one dialled again (a tie before it is not in the log: back at its
first seat goes to "who deals?"; a round some seats were out of says it was a cut again).

On the LEDs each seat has a row of 13 holes, Ace to King, on its side's track: the first
seats (P1, P2; T1a, T2a) holes 1-13, the others (P3; T1b, T2b) under them on the way back, holes
60-48 (``shared.holes.under``).
The rank being dialled blinks in the cutter's colour over its dim row, ranks taken shine
steady, and the cutter's game hole breathes. In a cut again, the tied ranks of the round before
stay lit, dimmer, until their seats cut again: the tie shows, and who is out of it.
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from app.render import breathing, game_hole, track_of
from cribbage.cards import rank_name
from cribbage.game import lowest_seats
from shared import events
from shared.holes import under

_RANKS = const(13)


def rank_hole(seat, rank):
    """The hole of ``rank`` in ``seat``'s row (on its side's track: see the module docstring)."""
    return 1 + rank if seat < 2 else under(1 + rank)


class Cut:
    """Dialling the ranks cut; ``ranks`` (per seat, None until cut) and ``cutting`` (the seats of this
    round); ``rounds``: the rounds before, tied, as (cutting, ranks), the last the one cut again now."""

    name = "cut"
    full_screen = True
    as_pressed = True  # a button held here is its press: holding one means nothing of its own

    def __init__(self, board):
        seats = board.match.settings.seats
        self.ranks = [None] * seats
        self.cutting = list(range(seats))
        self.at = 0  # the index in ``cutting`` of the seat dialling now
        self.rank = 0
        self.rounds = []
        self._cursor = Cursor()  # the rank being dialled
        undone = board.undone
        if undone is not None and (undone[0] == "cut_ranks" or undone[0] == "cut"):
            # the cut just taken back by undo: as it was decided, its last rank dialled again
            ranks = undone[1][:] if undone[0] == "cut_ranks" else [card >> 2 for card in undone[1]]
            self.cutting = [seat for seat in range(seats) if ranks[seat] is not None]
            self.at = len(self.cutting) - 1
            last = self.cutting[self.at]
            self.rank = ranks[last]
            ranks[last] = None
            self.ranks = ranks

    def handle(self, board, event):
        """A turn dials the rank of the seat's cut card; the encoder takes it (the round's last decides the cut); back
        takes the last rank back (from the very first: "who deals?"), where the encoder held goes from anywhere; p1 and
        p2 are refused with what takes the rank."""
        kind, what = event
        if kind == events.TURN:
            self.rank = (self.rank + what) % _RANKS
        elif kind == events.PRESS and what == events.BACK:
            if self.at == 0 and not self.rounds:
                board.idle()
                return
            if self.at == 0:  # the first of a cut again: the tie's last rank taken back
                self.cutting, self.ranks = self.rounds.pop()
                self.at = len(self.cutting)
            self.at -= 1
            seat = self.cutting[self.at]
            self.rank = self.ranks[seat]
            self.ranks[seat] = None
        elif kind == events.LONG and what == events.ENCODER:  # held, as anywhere off the game: back to it
            board.idle()
        elif what == events.PLAYER_1 or what == events.PLAYER_2:  # pressed or held: refused, as on other screens
            board.messages.refuse("the encoder takes it")
        elif kind == events.PRESS and what == events.ENCODER:
            self.ranks[self.cutting[self.at]] = self.rank
            self.at += 1
            self.rank = 0  # the next player dials from the Ace
            if self.at == len(self.cutting):
                self._decide(board)

    def _decide(self, board):
        """Everyone of this round has cut: the lowest deals, or those tied cut again."""
        ranks = self.ranks
        tied = lowest_seats(ranks)
        if len(tied) == 1:
            if board.try_apply(["cut_ranks", ranks[:]]):
                board.idle()
            return
        self.rounds.append((self.cutting, ranks))
        self.cutting = tied
        self.ranks = [None] * len(ranks)
        self.at = 0

    def seat(self):
        """The seat dialling now."""
        return self.cutting[self.at]

    def draw(self, board, canvas, now):
        """The cutter's row dim with the rank dialled blinking, the ranks taken steady, a tie's dimmer; the cutter's
        game hole breathes."""
        settings = board.match.settings
        seat = self.seat()
        side = settings.side_of(seat)
        track = track_of(side)
        for rank in range(_RANKS):
            canvas.put(track, rank_hole(seat, rank), palette.WHITE, palette.DIM)
        for s in range(len(self.ranks)):
            if self.ranks[s] is not None:
                colour = board.colours[settings.side_of(s)]
                canvas.put(track_of(settings.side_of(s)), rank_hole(s, self.ranks[s]), colour, palette.FULL)
        if self.rounds:  # the tie: its ranks, dimmer, until each seat has cut again
            before = self.rounds[-1][1]
            for s in self.cutting:
                if self.ranks[s] is None:
                    side_s = settings.side_of(s)
                    canvas.put(track_of(side_s), rank_hole(s, before[s]), board.colours[side_s], palette.BACK_PEG)
        if self._cursor.lit(canvas, now, seat * 16 + self.rank):
            canvas.put(track, rank_hole(seat, self.rank), board.colours[side], palette.FULL)
        canvas.put(track, game_hole(board), board.colours[side], breathing(canvas, now))

    def lines(self, board):
        """The ranks cut so far and the one dialled (``P2 cuts >7``), in a cut again after the rank tied at ("tie at 5:
        again"; "tie: cut again" for a deciding round reopened by undo, whose tie the log does not hold)."""
        settings = board.match.settings
        out = ["CUT FOR DEAL"]
        if self.rounds:  # the rank tied at (a play-test: "tie: cut again" said neither; the LEDs show whose)
            tie = self.rounds[-1][1][self.cutting[0]]
            out.append("tie at %s: again" % rank_name(tie))
        elif len(self.cutting) < len(self.ranks):  # (a round reopened by undo: some seats out of it)
            out.append("tie: cut again")
        for s in range(len(self.ranks)):
            if self.ranks[s] is not None:
                out.append("%s cut %s" % (settings.seat_name(s), rank_name(self.ranks[s])))
        out.append("%s cuts >%s" % (settings.seat_name(self.seat()), rank_name(self.rank)))
        return out + ["turn=rank enc=ok", "lowest deals"]

    def describe(self):
        """The seat dialling, the rank dialled and the ranks cut so far."""
        return {"mode": self.name, "seat": self.seat(), "rank": self.rank, "ranks": self.ranks[:]}
