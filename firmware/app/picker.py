"""Picking cards with the encoder and buttons, readable on the LEDs alone.

The picker shows the deck as a grid of 4 rows by 13 columns on the first two rows of each
track: hole ``1 + r`` of the way out and hole ``under(1 + r)`` (``60 - r``) of the way back
sit in the same column (``shared.holes``). The rows from the top are
clubs (track 0, holes 1-13), diamonds (track 1, holes 1-13), hearts (track 1, holes 60-48)
and spades (track 0, holes 60-48); the column is the rank, Ace at the left. A suit is thus
told by its row as well as by its colour.

Controls: turning the encoder moves to the next or previous rank that still has a free
card; p2 / p1 step to the next / previous free suit of that rank; the encoder press takes
the card. The cursor keeps to the suit last stepped to or taken: after a take it shows the
rank's next free suit (a pair is two presses), and the next turn lands on that suit again
where it is free (a flush needs no suit steps after its first card). Cards already on the
table this deal (``used``) and those picked are skipped, and so are the ranks whose four cards
are out (``table``: cards of each rank on the table, named or not, as a play laid card by card
leaves them: ``cribbage.show_ranks.on_table``).
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from app.text import wrap
from cribbage.cards import name, rank_name
from shared import events
from shared.holes import under

_RANKS = const(13)
_SUITS = const(4)
_PICKED_LEVEL = const(170)


def card_hole(card):
    """(track, hole) of ``card`` in the picker's grid (see the module docstring)."""
    rank = card >> 2
    suit = card & 3
    if suit < 2:
        return suit, 1 + rank
    return 3 - suit, under(1 + rank)


def all_out(table):
    """The display's lines naming the ranks a turn passes over for their four cards are out (``table``: the cards
    of each rank on the table, ``Picker.table``; None: no table, none skipped): ``["none left: 5 K"]``, or none. A
    card of the play laid wrong shows so (its rank can no longer be picked: a play-test stuck at a crib whose 5 the
    turn never reached)."""
    ranks = [rank_name(rank) for rank in range(_RANKS) if table[rank] >= _SUITS] if table is not None else ()
    return wrap("none left: " + " ".join(ranks)) if ranks else []


class Picker:
    """Chooses ``need`` distinct cards not in ``used`` (and, with ``table``, of no rank whose four are
    out); the cursor is always on a free card."""

    def __init__(self, need, used=(), table=None):
        self.need = need
        self.used = list(used)
        self.table = table
        self.picked = []
        self.rank = 0
        self.suit = 0
        self.wanted = 0  # the suit last stepped to or taken: turns land on it where it is free
        self._settle()
        self._cursor = Cursor()

    def free(self, card):
        """True if ``card`` may still be picked."""
        if card in self.used or card in self.picked:
            return False
        table = self.table
        if table is None:
            return True
        rank = card >> 2
        out = table[rank]
        for c in self.picked:
            out += c >> 2 == rank
        return out < _SUITS

    @property
    def card(self):
        """The card under the cursor."""
        return self.rank * 4 + self.suit

    @property
    def done(self):
        """True once ``need`` cards are picked."""
        return len(self.picked) >= self.need

    def _rank_free(self, rank):
        base = rank * 4
        for s in range(_SUITS):
            if self.free(base + s):
                return True
        return False

    def _settle(self):
        # The wanted suit if that card is free, else the next free suit; else the next rank.
        for _ in range(_RANKS):
            for k in range(_SUITS):
                s = (self.wanted + k) % _SUITS
                if self.free(self.rank * 4 + s):
                    self.suit = s
                    return
            self.rank = (self.rank + 1) % _RANKS

    def turn(self, steps):
        """Move ``steps`` ranks (negative: down), skipping ranks with no free card, wrapping.

        The same as ``steps`` single steps, in one move: the free ranks form a ring, and
        the cursor moves ``steps`` places round it (any number of steps costs the same).
        """
        free = [r for r in range(_RANKS) if self._rank_free(r)]
        if free:
            i = 0  # where the cursor's rank is, or would be, among the free ranks
            while i < len(free) and free[i] < self.rank:
                i += 1
            on_free = i < len(free) and free[i] == self.rank
            # From a rank with no free card, the first step up lands on free[i] itself.
            self.rank = free[(i + steps - (0 if on_free or steps < 0 else 1)) % len(free)]
        self._settle()

    def step_suit(self, step):
        """Move to the next (``step`` 1) or previous (-1) free suit of the current rank."""
        for k in range(1, _SUITS):
            s = (self.suit + step * k) % _SUITS
            if self.free(self.rank * 4 + s):
                self.suit = self.wanted = s
                return

    def move(self, kind, what):
        """Move the cursor for input event (``kind``, ``what``): the encoder turns the rank, p1
        and p2 step to the previous and next suit. True if the event was one of those."""
        if kind == events.TURN:
            self.turn(what)
        elif kind == events.PRESS and (what == events.PLAYER_1 or what == events.PLAYER_2):
            self.step_suit(-1 if what == events.PLAYER_1 else 1)
        else:
            return False
        return True

    def take(self):
        """Pick the card under the cursor; return True when enough cards are picked."""
        if not self.done:
            self.picked.append(self.card)
            self.wanted = self.suit
            if not self.done:
                self._settle()
        return self.done

    def drop(self):
        """Put back the last picked card; return False if there was none."""
        if not self.picked:
            return False
        card = self.picked.pop()
        self.rank = card >> 2
        self.suit = self.wanted = card & 3
        return True

    def draw(self, canvas, now, show_cursor=True):
        """The grid: used cards dim white, picked ones in their suit colour, the cursor blinking (``app.cursor``)."""
        for card in self.used:
            track, hole = card_hole(card)
            canvas.put(track, hole, palette.WHITE, palette.DIM)
        for card in self.picked:
            track, hole = card_hole(card)
            canvas.put(track, hole, palette.SUIT_COLOURS[card & 3], _PICKED_LEVEL)
        if show_cursor and not self.done and self._cursor.lit(canvas, now, self.card):
            track, hole = card_hole(self.card)
            canvas.put(track, hole, palette.SUIT_COLOURS[self.suit], palette.FULL)

    def text(self):
        """The picked cards and the cursor as the display's lines, e.g. ``["5H JD >7S"]``."""
        parts = [name(c) for c in self.picked]
        if not self.done:
            parts.append(">" + name(self.card))
        return wrap(" ".join(parts))

