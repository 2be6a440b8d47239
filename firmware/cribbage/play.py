"""The play (pegging): the running count, whose turn it is, and the points for each card.

Semantics (docs/RULES.md, "The play"), for 2 seats, or 3 or 4 (teams sit alternately):

- ``Play(seats, leader)``: ``leader`` is the seat that lays first, the pone (the seat after
  the dealer). Turns go seat, seat + 1, ... modulo ``seats``.
- A *series* runs from a reset to 31 or until nobody can lay. ``count`` and ``cards``
  (the cards laid since the reset, oldest first) belong to the series; ``played`` holds
  every card of the whole play.
- ``lay(card)``: the seat ``turn`` lays ``card`` and pegs the returned points, itemised in
  ``reasons`` as (reason, points): ``fifteen`` 2 and ``thirty-one`` 2 for the count the card
  makes (the 2 for 31 includes the go: nothing more is pegged for it); ``pair`` 2,
  ``pair royal`` 6, ``double pair royal`` 12 when the card matches the rank of the 1, 2 or
  3 cards just before it; ``run`` n when the last n cards of the series (n >= 3, this one
  included) are n consecutive ranks in any order, the longest such n (5 7 7 6 is no run;
  8 6 7 5 is a run of 4). A card that would take the count past 31, a bad card number or a
  card already played raise ValueError and change nothing. Then the turn passes to the
  next seat that has not said go (the same seat again if all others have). At 31 the
  series ends (see ``reset``).
- ``go()``: the seat ``turn`` cannot lay (no card fits under 31, or no cards are left). When
  every seat has said go, the seat that laid the last card pegs 1 (``go``; at the end of the
  play this is the point for the last card) and the series ends. A go when no card was laid
  since the reset pegs nothing: the play is over.
- ``reset()`` (done by ``lay`` at 31 and by ``go``): the count goes back to 0 and the goes
  are forgotten; the seat after the one that laid the last card leads, so with two
  players the one who did not lay it.
- After every action ``scorer`` is the seat that pegs ``reasons`` (None if nothing is pegged).
"""

from micropython import const

from cribbage.cards import DECK_SIZE, is_int, value

GAME_COUNT = const(31)
_PAIR_REASONS = const(((), ("pair", 2), ("pair royal", 6), ("double pair royal", 12)))


class Play:
    """The state of the play within one deal; see the module text for the rules it keeps."""

    def __init__(self, seats=2, leader=0):
        if seats not in (2, 3, 4):
            raise ValueError("the play has 2, 3 or 4 seats, not %r" % (seats,))
        if leader not in range(seats):
            raise ValueError("no seat %r at a table of %d" % (leader, seats))
        self.seats = seats
        self.turn = leader
        self.count = 0
        self.cards = []
        self.played = []
        self.passed = [False] * seats
        self.last = None  # the seat that laid the last card of this series
        self.reasons = []
        self.scorer = None

    def breakdown(self, card):
        """What laying ``card`` now would peg, as a list of (reason, points); changes nothing."""
        if not is_int(card) or not 0 <= card < DECK_SIZE:
            raise ValueError("not a card number: %r" % (card,))
        if card in self.played:
            raise ValueError("card %r was already played" % card)
        count = self.count + value(card)
        if count > GAME_COUNT:
            raise ValueError("the count is %d: this card would make it %d, past 31" % (self.count, count))
        reasons = []
        if count == 15:
            reasons.append(("fifteen", 2))
        elif count == GAME_COUNT:
            reasons.append(("thirty-one", 2))
        rank = card >> 2
        cards = self.cards
        alike = 0
        while alike < len(cards) and alike < 3 and cards[-1 - alike] >> 2 == rank:
            alike += 1
        if alike:
            reasons.append(_PAIR_REASONS[alike])
        run = _longest_run(cards, rank)
        if run:
            reasons.append(("run", run))
        return reasons

    def lay(self, card):
        """The seat ``turn`` lays ``card``; returns the points it pegs (itemised in ``reasons``)."""
        reasons = self.breakdown(card)
        seat = self.turn
        self.count += value(card)
        self.cards.append(card)
        self.played.append(card)
        self.last = seat
        self.reasons = reasons
        self.scorer = seat if reasons else None
        if self.count == GAME_COUNT:
            self.reset()
        else:
            self._pass_turn(seat)
        return sum(p for _, p in reasons)

    def go(self):
        """The seat ``turn`` says go; returns the points pegged for it (by ``scorer``), 0 or 1. The
        board knows no hand, so it cannot tell a go said while a card still fits: the players do."""
        seat = self.turn
        self.passed[seat] = True
        self.reasons = []
        self.scorer = None
        if False not in self.passed:
            if self.cards:
                self.reasons = [("go", 1)]
                self.scorer = self.last
            self.reset()
            return 1 if self.reasons else 0
        self._pass_turn(seat)
        return 0

    def reset(self):
        """End the series: count 0, goes forgotten, the seat after the last card's seat leads."""
        if self.last is not None:
            self.turn = (self.last + 1) % self.seats
        self.count = 0
        self.cards = []
        self.passed = [False] * self.seats
        self.last = None

    def _pass_turn(self, seat):
        """The turn goes to the next seat after ``seat`` that has not said go (or stays)."""
        for step in range(1, self.seats + 1):
            nxt = (seat + step) % self.seats
            if not self.passed[nxt]:
                self.turn = nxt
                return


def _longest_run(cards, rank):
    """The longest n >= 3 such that the last n-1 ``cards`` and a card of ``rank`` are a run, or 0."""
    seen = 1 << rank
    low = high = rank
    best = 0
    n = 1
    for i in range(len(cards) - 1, -1, -1):
        r = cards[i] >> 2
        if seen >> r & 1:
            break  # a repeated rank: no longer stretch can be a run either
        seen |= 1 << r
        n += 1
        if r < low:
            low = r
        if r > high:
            high = r
        if n >= 3 and high - low == n - 1:
            best = n
    return best
