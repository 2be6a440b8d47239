"""One game of cribbage as derived state: the pegs and the deal, changed by in-game events.

``Game.apply(event)`` takes the in-game events (``dealer``, ``cut``, ``starter``, ``heels``,
``peg``, ``hand``, ``crib``; their exact rules are in match.py's docstring, which is the
reference for the whole event log). Every handler checks everything first and only then
changes state, so a rejected event (``RuleError``) leaves the game untouched.

The game knows nothing of the log, undo or the match tally: ``cribbage.match`` does that.
"""

from micropython import const

from cribbage import show
from cribbage.cards import JACK, check_distinct, is_int, is_sequence, name, names
from cribbage.deck import cut_dealer

MAX_PLAY_POINTS = const(31)  # the most one peg event of the play may score
_HEELS_POINTS = const(2)


class RuleError(ValueError):
    """An event the rules do not allow now; nothing was changed."""


def _check_cards(cards, count, what):
    """Raise RuleError unless ``cards`` is a list/tuple of ``count`` distinct card ints."""
    if not is_sequence(cards) or len(cards) != count:
        raise RuleError("%s needs %d cards, got %r" % (what, count, cards))
    try:
        check_distinct(cards)
    except ValueError as e:
        raise RuleError("%s: %s" % (what, e)) from None


class Game:
    """The state of one game. Attributes (read them, never write them):

    ``front``/``back`` (list per side), ``dealer`` (seat or None), ``phase`` ("cut",
    "play", "show", "over"), ``shows`` (shows counted this deal), ``starter`` (card or
    None), ``used`` (cards on the table this deal, in the order they appeared), ``heels``
    (his heels pegged this deal), ``winner`` (side or None), ``result`` and ``worth`` (what
    the win counts in the match), ``last_show`` ((cards, starter, is_crib) of the last show
    counted from cards, or None; ``last_count`` is its Count).
    """

    def __init__(self, settings, dealer=None):
        self.settings = settings
        self.front = [0] * settings.sides
        self.back = [0] * settings.sides
        self.dealer = dealer
        self.phase = "cut" if dealer is None else "play"
        self.winner = None
        self.result = None
        self.worth = 0
        self.last_show = None
        self._last_count = None
        self._new_deal()

    def _new_deal(self):
        self.shows = 0
        self.starter = None
        self.used = []
        self.heels = False

    def snapshot(self):
        """The whole state as one tuple (a compact undo checkpoint); see ``restore``."""
        return (self.dealer, self.phase, tuple(self.front), tuple(self.back), self.winner, self.result,
                self.worth, self.last_show, self.shows, self.starter, tuple(self.used), self.heels)

    def restore(self, snap):
        """Go back to the state ``snapshot`` returned."""
        (self.dealer, self.phase, front, back, self.winner, self.result, self.worth, self.last_show,
         self.shows, self.starter, used, self.heels) = snap
        self.front = list(front)
        self.back = list(back)
        self.used = list(used)
        self._last_count = None

    # --- what the display asks -------------------------------------------------------

    @property
    def next_show(self):
        """``(seat, "hand")`` or ``(None, "crib")``: who counts next; None outside a deal.

        Order: the seats clockwise from the dealer's left, the dealer, then the crib.
        """
        if self.phase != "play" and self.phase != "show":
            return None
        seats = self.settings.seats
        if self.shows < seats:
            return ((self.dealer + 1 + self.shows) % seats, "hand")
        return (None, "crib")

    @property
    def last_count(self):
        """The Count (breakdown) of the last show counted from cards, or None."""
        if self._last_count is None and self.last_show is not None:
            self._last_count = show.count(*self.last_show)
        return self._last_count

    def landing(self, side, points):
        """The hole ``side``'s front peg reaches with ``points``, after the house rules.

        Points that would pass the game hole stop on it, or, with peg-out-exactly, are not
        pegged at all; with the stinkhole, points that would end on the hole before the
        game hole are not pegged. "Not pegged" returns the current hole.
        """
        start = self.front[side]
        to = start + points
        target = self.settings.target
        if to > target:
            if self.settings.peg_out_exactly:
                return start
            to = target
        if self.settings.stinkhole and to == target - 1:
            return start
        return to

    # --- events ----------------------------------------------------------------------

    def apply(self, event):
        """Apply one in-game event (a list); RuleError and no change if it is illegal."""
        kind = event[0]
        if kind == "peg":
            self._peg_event(event)
        elif kind == "hand" or kind == "crib":
            self._show_event(event)
        elif kind == "starter":
            self._starter_event(event)
        elif kind == "heels":
            self._heels_event(event)
        elif kind == "dealer" or kind == "cut":
            self._dealer_event(event)
        else:
            raise RuleError("unknown event %r" % (kind,))

    def _arity(self, event, n, usage):
        if len(event) != n:
            raise RuleError("write it as %s" % usage)

    def _in_deal(self, what):
        if self.phase == "over":
            raise RuleError("the game is over: no %s after it (undo, or start a new game)" % what)
        if self.phase == "cut":
            raise RuleError("no dealer yet: cut for deal (or name the dealer) before %s" % what)

    def _dealer_event(self, event):
        if self.phase == "over":
            raise RuleError("the game is over: start a new game")
        if self.phase != "cut":
            raise RuleError("the dealer is already known: seat %d deals" % self.dealer)
        seats = self.settings.seats
        if event[0] == "dealer":
            self._arity(event, 2, '["dealer", seat]')
            dealer = event[1]
            if not is_int(dealer) or not 0 <= dealer < seats:
                raise RuleError("dealer must be a seat from 0 to %d, not %r" % (seats - 1, dealer))
        else:
            self._arity(event, 2, '["cut", [one card per seat]]')
            _check_cards(event[1], seats, "the cut")
            dealer = cut_dealer(event[1])
            if dealer is None:
                raise RuleError("cut again: the lowest card is tied (%s)" % names(event[1]))
        self.dealer = dealer
        self.phase = "play"

    def _starter_event(self, event):
        self._arity(event, 2, '["starter", card]')
        card = event[1]
        self._in_deal("starter")
        if self.starter is not None:
            raise RuleError("the starter of this deal is already %s" % name(self.starter))
        _check_cards((card,), 1, "the starter")
        if card in self.used:
            raise RuleError("%s is already on the table this deal" % name(card))
        jack = card >> 2 == JACK
        if self.heels and not jack:
            raise RuleError("his heels was pegged this deal, so the starter must be a jack, not %s" % name(card))
        self.starter = card
        self.used.append(card)
        if jack and not self.heels:
            self.heels = True
            self._peg(self.settings.side_of(self.dealer), _HEELS_POINTS)

    def _heels_event(self, event):
        self._arity(event, 1, '["heels"]')
        self._in_deal("his heels")
        if self.heels:
            raise RuleError("his heels was already pegged this deal")
        if self.starter is not None:
            raise RuleError("the starter %s is not a jack: no heels" % name(self.starter))
        self.heels = True
        self._peg(self.settings.side_of(self.dealer), _HEELS_POINTS)

    def _peg_event(self, event):
        self._arity(event, 3, '["peg", side, points]')
        side, points = event[1], event[2]
        self._in_deal("pegging")
        if self.phase == "show":
            raise RuleError("the play is over once the show has begun: count the hands")
        sides = self.settings.sides
        if not is_int(side) or not 0 <= side < sides:
            raise RuleError("side must be from 0 to %d, not %r" % (sides - 1, side))
        if not is_int(points) or not 1 <= points <= MAX_PLAY_POINTS:
            raise RuleError("points in the play must be from 1 to %d, not %r" % (MAX_PLAY_POINTS, points))
        self._peg(side, points)

    def _show_event(self, event):
        crib = event[0] == "crib"
        if crib:
            self._arity(event, 3, '["crib", cards or null, claim or null]')
            seat, cards, claim = self.dealer, event[1], event[2]
        else:
            self._arity(event, 4, '["hand", seat, cards or null, claim or null]')
            seat, cards, claim = event[1], event[2], event[3]
        self._in_deal("counting")
        if not crib and (not is_int(seat) or not 0 <= seat < self.settings.seats):
            raise RuleError("seat must be from 0 to %d, not %r" % (self.settings.seats - 1, seat))
        expected = self.next_show
        if crib != (expected[1] == "crib") or (not crib and seat != expected[0]):
            if expected[1] == "crib":
                raise RuleError("out of turn: the crib counts next")
            raise RuleError("out of turn: seat %d counts a hand next" % expected[0])
        what = "the crib" if crib else "the hand"
        if claim is not None and (not is_int(claim) or claim < 0):
            raise RuleError("claim must be a number of points or null, not %r" % (claim,))
        if cards is None:
            if claim is None:
                raise RuleError("give the cards of %s, or its total as the claim" % what)
            if not show.is_possible_total(claim):
                raise RuleError("no hand counts %d (possible: 0 to 29 except 19, 25, 26, 27)" % claim)
            true = claim
        else:
            _check_cards(cards, show.HAND_SIZE, what)
            if self.starter is None:
                raise RuleError("dial the starter first: %s is counted with it" % what)
            for c in cards:
                if c in self.used:
                    raise RuleError("%s is already on the table this deal" % name(c))
            true = show.score(cards, self.starter, crib)
            if claim is None:
                claim = true
            elif claim > true:
                raise RuleError("%s counts %d, not %d" % (what, true, claim))
            elif claim < true and not self.settings.muggins:
                raise RuleError("%s counts %d, not %d (muggins is off)" % (what, true, claim))
            self.used.extend(cards)
            self.last_show = (tuple(cards), self.starter, crib)
            self._last_count = None
        self.shows += 1
        self.phase = "show"
        self._peg(self.settings.side_of(seat), claim)
        if true > claim and self.phase != "over":
            # Muggins: the player to the claimer's left pegs what was overlooked.
            self._peg(self.settings.side_of((seat + 1) % self.settings.seats), true - claim)
        if crib and self.phase != "over":
            self.dealer = (self.dealer + 1) % self.settings.seats
            self.phase = "play"
            self._new_deal()

    def _peg(self, side, points):
        """Move ``side``'s pegs by ``points`` (house rules applied); end the game on the target."""
        to = self.landing(side, points)
        if to == self.front[side]:
            return
        self.back[side] = self.front[side]
        self.front[side] = to
        if to == self.settings.target:
            self.winner = side
            self.phase = "over"
            best_loser = max(self.front[s] for s in range(len(self.front)) if s != side)
            self.result, self.worth = self.settings.outcome(best_loser)
