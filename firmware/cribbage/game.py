"""One game of cribbage as derived state: the pegs and the deal, changed by in-game events.

``Game.apply(event)`` takes the in-game events (``dealer``, ``cut``, ``cut_ranks``, ``starter``,
``starter_rank``, ``heels``, ``peg``, ``lay``, ``go``, ``hand``, ``crib``, ``show_ranks``,
``muggins``; their exact rules, the house rules applied here among them, are in
docs/EVENTS.md, the reference for the whole event log). Every handler checks
everything first and only then changes state, so a rejected event (``RuleError``) leaves
the game untouched.

The game knows nothing of the log, undo or the match tally: ``cribbage.match`` does that.
"""

from micropython import const

from cribbage.cards import (
    HAND_SIZE,
    JACK,
    a_rank,
    check_distinct,
    is_int,
    is_sequence,
    json_text,
    name,
    names,
    rank_name,
)

MAX_PLAY_POINTS = const(31)  # the most one peg event of the play may score
_HEELS_POINTS = const(2)
_HELD = const("held")  # ``Game.heels`` when a house rule kept his heels' 2 off the board (truthy: they came)
_KING = const(12)  # the highest rank (cribbage.cards: rank 0 is the Ace)


class RuleError(ValueError):
    """An event the rules do not allow now; nothing was changed."""


def cut_dealer(cut_cards):
    """The seat that deals first after a cut for deal (one card per seat): the lowest rank.

    Suits do not matter; None when the lowest rank is shared (those players cut again).
    """
    return lowest_seat([c >> 2 for c in cut_cards])


def lowest_seats(ranks):
    """The seats holding the lowest rank in ``ranks`` (one per seat; None: that seat did not cut):
    one deals; two or more cut again."""
    low = min(r for r in ranks if r is not None)
    return [s for s in range(len(ranks)) if ranks[s] == low]


def lowest_seat(ranks):
    """The seat of the lowest rank in ``ranks``, or None when the lowest is shared."""
    seats = lowest_seats(ranks)
    return seats[0] if len(seats) == 1 else None


def _check_cut_ranks(ranks, seats):
    """RuleError unless ``ranks`` holds one rank (0-12) or None per seat, at least two ranks."""
    if is_sequence(ranks) and len(ranks) == seats:
        cut = [r for r in ranks if r is not None]
        if len(cut) > 1 and all(is_int(r) and 0 <= r <= _KING for r in cut):
            return
    raise RuleError("the cut is one rank per seat (0 = Ace .. 12 = King; null: did not cut), two at least, "
                    "not %s" % json_text(ranks))


def _check_cards(cards, count, what):
    """Raise RuleError unless ``cards`` is a list/tuple of ``count`` distinct card ints."""
    if not is_sequence(cards) or len(cards) != count:
        got = len(cards) if is_sequence(cards) else json_text(cards)
        raise RuleError("%s needs %d cards, got %s" % (what, count, got))
    try:
        check_distinct(cards)
    except ValueError as e:
        raise RuleError("%s: %s" % (what, e)) from None


class Game:
    """The state of one game. Attributes (read them, never write them):

    ``front``/``back`` (list per side), ``dealer`` (seat or None), ``phase`` ("cut": no dealer
    yet; "play": from the deal until its first show is counted, so also while the pone is about to
    count; "show": until the crib is, which deals again; "over"), ``shows`` (shows counted this
    deal), ``starter`` (card or None), ``starter_rank`` (its rank, also of a starter known by rank only, or None),
    ``used`` (cards on the table this deal, in the order they appeared), ``ranks`` (ranks on
    the table this deal whose suits are not known: a starter by rank first, then shows by
    ranks), ``suited`` (bit r set: a show by ranks this deal holds the rank r of the starter's
    suit: a flush of five, his nobs), ``heels`` (his heels this deal: True once pegged, "held" when a
    house rule kept their 2 off the board (peg out exactly, the stinkhole), else False),
    ``winner`` (side or None), ``result`` and ``worth`` (what the win counts in the match),
    ``last_show`` (the last show counted from cards, (cards, starter, is_crib), or from ranks,
    (ranks, starter rank, flush, nobs, is_crib); or None; ``last_count`` is its Count), ``call`` ((the claimer's side,
    the points it overlooked, then "held" if a house rule kept the claim off the track, as of ``heels``) of a claim
    that may be called "muggins" now, or None: the board keeps the points to itself until the call), ``laying``
    (the play laid card by card this deal, a ``cribbage.laying.Laying``, or None if no card or go was given this
    deal).

    Two handlers live in modules of their own, loaded only when an event needs them:
    ``cribbage.laying`` (``lay``, ``go``) and ``cribbage.show_ranks`` (``show_ranks``). They are the
    game's as much as the methods here, and use its checks (``arity``, ``in_deal``, ``in_play``,
    ``check_claim``), ``peg`` and ``set_last_show``, public for them: anything outside the rules
    core changes a game by ``Match.apply``, never by these.
    """

    # ``last_count``'s cache: a class default until a count is asked for (17 attributes of a game's
    # own fit its table, an 18th grows it: 48 bytes more on the chip, measured)
    _last_count = None

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
        # A muggins call may follow a claim until the next event (a new deal does not clear it:
        # the crib's call comes after the deal has passed)
        self.call = None
        self._new_deal()

    def _new_deal(self):
        self.shows = 0
        self.starter = None
        self.used = []
        self.ranks = []
        self.suited = 0
        self.heels = False
        self.laying = None

    def snapshot(self):
        """The whole state as one tuple (a compact undo checkpoint); see ``restore``."""
        return (self.dealer, self.phase, tuple(self.front), tuple(self.back), self.winner, self.result,
                self.worth, self.last_show, self.shows, self.starter, tuple(self.used), tuple(self.ranks), self.suited,
                self.heels, self.call)

    def restore(self, snap):
        """Go back to the state ``snapshot`` returned; the play laid card by card (``laying``) is not in it:
        ``app.glance`` sets it after, for a snapshot taken in the play."""
        (self.dealer, self.phase, front, back, self.winner, self.result, self.worth, self.last_show,
         self.shows, self.starter, used, ranks, self.suited, self.heels, self.call) = snap
        self.front = list(front)
        self.back = list(back)
        self.used = list(used)
        self.laying = None
        self.ranks = list(ranks)
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
    def starter_rank(self):
        """The starter's rank (0-12), also when only its rank is known (the first of ``ranks``), or None."""
        if self.starter is not None:
            return self.starter >> 2
        return self.ranks[0] if self.ranks else None  # shows by ranks come after the starter

    @property
    def last_count(self):
        """The Count (breakdown) of the last show counted from cards or ranks, or None."""
        last = self.last_show
        if self._last_count is None and last is not None:
            if len(last) == 3:
                from cribbage import show  # loaded when a hand is counted: the board drops it with the count's modes

                self._last_count = show.count(*last)
            else:
                from cribbage import show_ranks  # loaded once a show is counted by ranks

                self._last_count = show_ranks.count(*last)
        return self._last_count

    def set_last_show(self, last):
        """The show just counted is ``last`` (as ``last_show`` holds it); ``last_count`` counts it when asked."""
        self.last_show = last
        self._last_count = None

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
        elif kind == "lay" or kind == "go":
            from cribbage.laying import lay_event  # loaded only when the play is laid card by card

            lay_event(self, event)
        elif kind == "hand" or kind == "crib" or kind == "show_ranks":
            self._show_event(event)
            return  # it opens (or closes) the muggins call itself
        elif kind == "starter" or kind == "starter_rank":
            self._starter_event(event)
        elif kind == "heels":
            self._heels_event(event)
        elif kind == "muggins":
            self._muggins_event(event)
        elif kind == "dealer" or kind == "cut" or kind == "cut_ranks":
            self._dealer_event(event)
        else:
            raise RuleError("unknown event %s" % json_text(kind))
        self.call = None  # any other event accepted: the call comes too late

    def arity(self, event, n, usage):
        """RuleError unless ``event`` has ``n`` items, saying how it is written (``usage``)."""
        if len(event) != n:
            raise RuleError("write it as %s" % usage)

    def in_deal(self, what):
        """RuleError unless a deal is on (a dealer known, the game not over), naming ``what`` was refused."""
        if self.phase == "over":
            raise RuleError("the game is over: no %s after it (undo, or a new game or match)" % what)
        if self.phase == "cut":
            raise RuleError("no dealer yet: cut for deal (or name the dealer) before %s" % what)

    def _dealer_event(self, event):
        if self.phase == "over":
            self.in_deal("new dealer")  # refused: the game is over (with what goes on)
        if self.phase != "cut":
            raise RuleError("the dealer is already known: %s deals" % self.settings.seat_name(self.dealer))
        seats = self.settings.seats
        if event[0] == "dealer":
            self.arity(event, 2, '["dealer", seat]')
            dealer = event[1]
            if not is_int(dealer) or not 0 <= dealer < seats:
                raise RuleError("the dealer must be %s, not %s"
                                % (self.settings.choice(seat=True), self.settings.named(dealer, seat=True)))
        elif event[0] == "cut":
            self.arity(event, 2, '["cut", [one card per seat]]')
            _check_cards(event[1], seats, "the cut")
            dealer = cut_dealer(event[1])
            if dealer is None:
                raise RuleError("cut again: the lowest card is tied (%s)" % names(event[1]))
        else:
            self.arity(event, 2, '["cut_ranks", [one rank or null per seat]]')
            ranks = event[1]
            _check_cut_ranks(ranks, seats)
            dealer = lowest_seat(ranks)
            if dealer is None:
                raise RuleError("cut again: the lowest rank is tied (%s)"
                                % " ".join("-" if r is None else rank_name(r) for r in ranks))
        self.dealer = dealer
        self.phase = "play"

    def _starter_name(self):
        """The starter as the players know it: ``5H``, or ``a 5``, ``an 8`` when only its rank is known."""
        if self.starter is not None:
            return name(self.starter)
        return a_rank(self.starter_rank)

    def _starter_event(self, event):
        by_rank = event[0] == "starter_rank"
        self.arity(event, 2, '["starter_rank", rank]' if by_rank else '["starter", card]')
        self.in_deal("starter")
        if self.starter_rank is not None:
            raise RuleError("the starter of this deal is already %s" % self._starter_name())
        given = event[1]
        if by_rank:
            if not is_int(given) or not 0 <= given <= _KING:
                raise RuleError("the starter's rank is 0 (Ace) to 12 (King), not %s" % json_text(given))
            rank = given
        else:
            _check_cards((given,), 1, "the starter")
            if given in self.used:
                raise RuleError("%s is already on the table this deal" % name(given))
            rank = given >> 2
        if self.laying is not None:
            self.laying.check_starter(rank)
        jack = rank == JACK
        if self.heels and not jack:
            raise RuleError("his heels was pegged this deal, so the starter must be a jack, not %s"
                            % (rank_name(rank) if by_rank else name(given)))
        if by_rank:
            self.ranks.append(rank)
        else:
            self.starter = given
            self.used.append(given)
        if jack and not self.heels and self.phase == "play":  # his heels belong to the cut, not the show
            self._peg_heels()

    def _heels_event(self, event):
        self.arity(event, 1, '["heels"]')
        self.in_deal("his heels")
        if self.heels:
            raise RuleError("his heels was already pegged this deal")
        rank = self.starter_rank
        if rank is not None and rank != JACK:  # before the show's refusal: undoing would not help
            raise RuleError("the starter %s is not a jack: no heels" % self._starter_name())
        if self.phase == "show":  # (a jack known in the play pegged them at once)
            raise RuleError("too late for his heels: the show has begun (undo back to the play to peg them)")
        if self.laying is not None:
            self.laying.check_starter(JACK)
        self._peg_heels()

    def _peg_heels(self):
        """The dealer pegs his heels' 2 (``heels`` True), or a house rule keeps them off the board ("held")."""
        self.heels = True if self.peg(self.settings.side_of(self.dealer), _HEELS_POINTS) else _HELD

    def _peg_event(self, event):
        self.arity(event, 3, '["peg", side, points]')
        side, points = event[1], event[2]
        sides = self.settings.sides  # (the event's own values first: a host is told which is wrong at any time)
        if not is_int(side) or not 0 <= side < sides:
            raise RuleError("peg for %s, not %s" % (self.settings.choice(), self.settings.named(side)))
        if not is_int(points) or not 1 <= points <= MAX_PLAY_POINTS:
            raise RuleError("points in the play must be from 1 to %d, not %s" % (MAX_PLAY_POINTS, json_text(points)))
        self.in_deal("pegging")
        self.in_play()
        self.peg(side, points)

    def in_play(self):
        """RuleError once the show of this deal has begun (the play is over)."""
        if self.phase == "show":
            raise RuleError("the play is over once the show has begun: count the hands")

    def _show_event(self, event):
        by_ranks = event[0] == "show_ranks"
        crib = event[0] == "crib"
        if by_ranks:
            self.arity(event, 6, '["show_ranks", seat or null, ranks, flush, nobs, claim]')
            crib = event[1] is None
            seat, cards, claim = self.dealer if crib else event[1], event[2], event[5]
        elif crib:
            self.arity(event, 3, '["crib", cards or null, claim or null]')
            seat, cards, claim = self.dealer, event[1], event[2]
        else:
            self.arity(event, 4, '["hand", seat, cards or null, claim or null]')
            seat, cards, claim = event[1], event[2], event[3]
        self.in_deal("counting")
        self._check_turn(crib, seat)
        what = "the crib" if crib else "the hand"
        if claim is not None and (not is_int(claim) or claim < 0):
            raise RuleError("claim must be a number of points or null, not %s" % json_text(claim))
        if by_ranks:
            from cribbage import show_ranks  # loaded once a show is counted by ranks

            claim, overlooked = show_ranks.shown(self, event, crib, what)
        elif cards is None:
            if claim is None:
                raise RuleError("give the cards of %s, or its total as the claim" % what)
            from cribbage.show import IMPOSSIBLE, MAX_SHOW, is_possible_total

            if not is_possible_total(claim):
                raise RuleError("no hand counts %d (possible: 0 to %d except %s)"
                                % (claim, MAX_SHOW, ", ".join(map(str, IMPOSSIBLE))))
            laying = self.laying
            if laying is not None and not crib and self.starter_rank is not None:
                ranks = laying.laid[seat]
                if len(ranks) == laying.hand:  # all laid in the play: the hand can count a few totals only
                    from cribbage import show_ranks  # loaded once a show is counted by ranks

                    show_ranks.check_total(self, ranks, claim, what)
            overlooked = None  # a total alone: nothing to check it against (but the ranks laid)
        else:
            true = self._true_count(cards, crib, what)
            if self.laying is not None and not crib:  # the hand laid card by card in the play
                self.laying.check_shown(seat, [c >> 2 for c in cards])
            overlooked = self.check_claim(true, claim, what)
            if claim is None:
                claim = true
            self.used.extend(cards)
            self.set_last_show((tuple(cards), self.starter, crib))
        self.shows += 1
        self.phase = "show"
        side = self.settings.side_of(seat)
        pegged = self.peg(side, claim)
        # A claim on cards may be called "muggins" right after it (the winning claim aside): what it
        # overlooked is kept for the caller, and nothing tells the players whether it overlooked any.
        # (A pair, but for a claim a house rule kept off: the glance saved by a firmware before "held" agrees.)
        self.call = (None if overlooked is None or self.phase == "over"
                     else (side, overlooked) if pegged or not claim else (side, overlooked, "held"))
        if crib and self.phase != "over":
            self.dealer = (self.dealer + 1) % self.settings.seats
            self.phase = "play"
            self._new_deal()

    def check_claim(self, true, claim, what):
        """The points a claim on cards overlooks, for a muggins call (None: no call can follow: no
        claim, the board counts; or muggins is off). RuleError for a claim above the count, or
        below it with muggins off; with muggins on the refusal does not tell the count."""
        if claim is None:
            return None
        if claim > true:
            if self.settings.muggins:
                raise RuleError("%s does not count %d: claim less" % (what, claim))
            raise RuleError("%s counts %d, not %d" % (what, true, claim))
        if not self.settings.muggins:
            if claim < true:
                raise RuleError("%s counts %d, not %d (muggins is off)" % (what, true, claim))
            return None  # the right count: nobody calls muggins with it off
        return true - claim

    def _muggins_event(self, event):
        self.arity(event, 2, '["muggins", side]')
        caller = event[1]
        settings = self.settings
        if not settings.muggins:
            raise RuleError("muggins is off (a setting)")
        self.in_deal("muggins")
        sides = settings.sides
        if not is_int(caller) or not 0 <= caller < sides:
            raise RuleError("muggins is called by %s, not %s" % (settings.choice(), settings.named(caller)))
        if self.call is None:
            raise RuleError("muggins is called right after a claim on cards, before anything else")
        claimer, overlooked = self.call[0], self.call[1]
        if caller == claimer:
            raise RuleError("%s cannot call muggins on their own count" % settings.side_name(caller))
        self.peg(caller, overlooked)
        if self.phase == "over" and self.shows == 0:  # a call on the crib, whose count passed the deal on:
            self.dealer = (self.dealer - 1) % settings.seats  # the game ended in that deal (the loser deals next)

    def _check_turn(self, crib, seat):
        """RuleError unless the crib (``crib``) or ``seat``'s hand counts next."""
        if not crib and (not is_int(seat) or not 0 <= seat < self.settings.seats):
            raise RuleError("count the hand of %s, not %s"
                            % (self.settings.choice(seat=True), self.settings.named(seat, seat=True)))
        expected = self.next_show
        if crib != (expected[1] == "crib") or (not crib and seat != expected[0]):
            if expected[1] == "crib":
                raise RuleError("out of turn: the crib counts next")
            raise RuleError("out of turn: %s's hand counts next" % self.settings.seat_name(expected[0]))

    def _true_count(self, cards, crib, what):
        """What ``cards`` (``what``: the hand or the crib) count with the starter; RuleError if
        they are no 4 distinct cards off the table, or the starter is not known. Changes nothing."""
        _check_cards(cards, HAND_SIZE, what)
        if self.starter is None:
            raise RuleError("dial the starter first: %s is counted with it" % what
                            if self.starter_rank is None else
                            "the starter is known by its rank only: count %s by its ranks" % what)
        for c in cards:
            if c in self.used:
                raise RuleError("%s is already on the table this deal" % name(c))
        if self.ranks or self.laying is not None:  # shows by ranks beside, or cards laid in the play
            from cribbage import show_ranks  # (else the cards themselves are distinct)

            show_ranks.check_beside(self, cards)
        from cribbage.show import score

        return score(cards, self.starter, crib)

    def peg(self, side, points):
        """Move ``side``'s pegs by ``points`` (house rules applied); end the game on the target. The
        events' handlers call it once they have checked everything (outside the core: ``Match.apply``).
        False if the pegs stayed where they were (no points, or a house rule kept them), else True."""
        to = self.landing(side, points)
        if to == self.front[side]:
            return False
        self.back[side] = self.front[side]
        self.front[side] = to
        if to == self.settings.target:
            self.winner = side
            self.phase = "over"
            best_loser = max(self.front[s] for s in range(len(self.front)) if s != side)
            self.result, self.worth = self.settings.outcome(best_loser)
        return True
