"""The play laid card by card: each seat's ranks, whose turn it is, and what each card or go pegs.

The board knows ranks, not cards (the play needs no suits); ``cribbage.play.Play`` is the
one implementation of the points (a rank becomes a card of that rank not yet played: only
the rank and its value count). This adds what a table of real hands brings: every seat holds
``hand`` cards in the play (4: dealt cards minus those laid away), no rank is laid a fifth
time (the starter counts as one of its four), a seat whose cards are all laid says go by
itself, so the last card of the play pegs 1 unless it made 31. docs/EVENTS.md has the
events (``["lay", seat, rank]``, ``["go", seat]``) and their refusals.

Loaded by ``cribbage.game`` at the first card or go of a deal (``lay_event``): a board
pegging by points never holds this module.
"""

from micropython import const

from cribbage.cards import HAND_SIZE, a_rank, is_int, json_text, rank_name, value
from cribbage.game import RuleError
from cribbage.play import GAME_COUNT, Play

_RANKS = const(13)  # the ranks of the events: 1 (Ace) to 13 (King); a card's rank (card >> 2) is 0-12
_JACK = const(10)  # cribbage.cards.JACK (a const: imported, it would cost the heap a name)
# a series' own points, pegged after the card's combinations: one for the go or the last card, 2 for 31
_GO_POINTS = const(("go", "thirty-one"))
ALL_FIT = const(21)  # 31 less the highest value: at this count or below every card fits, no go (crib status too)


def lay_event(game, event):
    """Apply ``["lay", seat, rank]`` or ``["go", seat]`` to ``game`` (a ``cribbage.game.Game``): its
    ``laying`` is made at the first of the deal, the points go to the seat's side. RuleError and
    nothing changed if the rules refuse it."""
    lay = event[0] == "lay"
    game.arity(event, 3 if lay else 2, '["lay", seat, rank 1-13]' if lay else '["go", seat]')
    game.in_deal("pegging")
    game.in_play()
    laying = game.laying
    if laying is None:  # the first card or go of the deal
        laying = Laying(game.settings, game.dealer, HAND_SIZE)
    if lay:
        seat, points = laying.lay(event[1], event[2], game)
    else:
        seat, points = laying.go(event[1])
    game.laying = laying
    if not points:
        return
    side = game.settings.side_of(seat)
    reasons = laying.said[2]
    go = 0
    for reason, p in reasons:
        if reason in _GO_POINTS:
            go += p
    start = game.front[side]
    if not go or go == points:
        game.peg(side, points)
    else:
        # the card's combinations, then its go points (the go, or the 2 for 31: RULES.md's order in a deal,
        # from its source C's "(2) ... (3) go"): the house rules judge each, so a pair may peg out exactly, or
        # miss the stink hole, where the two together would not; the pegs still move once, as a player pegs them
        game.peg(side, points - go)
        card_moved = game.front[side] != start
        go_moved = False
        if game.winner is None:
            card = game.front[side]
            game.peg(side, go)
            go_moved = game.front[side] != card
        if game.front[side] != start:
            game.back[side] = start
            # what was said is what moved the peg, in the order it is said ("thirty-one for two and a pair")
            pegged = [r for r in reasons if (go_moved if r[0] in _GO_POINTS else card_moved)]
            laying.said = (seat, laying.said[1], pegged, laying.said[3])
    if game.front[side] == start:  # a house rule kept the peg where it was: said, but nothing pegged
        laying.said = (seat, laying.said[1], laying.said[2], None)  # named for the seat they were for


def free(game, r):
    """How many cards of rank ``r`` (0-12) may still be laid in ``game``'s deal: four, less those laid and the
    starter (a Jack once his heels are pegged, its suit not given yet)."""
    starter = game.starter_rank
    if starter is None and game.heels:
        starter = _JACK
    laying = game.laying
    return 4 - (0 if laying is None else laying.out(r)) - (starter == r)


class Laying:
    """The play of one deal; ``play`` is the core's Play, ``laid`` the ranks (0-12) each seat laid.

    ``said`` is what the last card or go made: ``(seat, count, reasons, scorer)``: the count
    the card made (None for a go), the points as ``Play.reasons`` (a go or the last card
    adds ``("go", 1)``) and the seat that pegs them (None: nothing pegged: no points, or a house
    rule kept the peg, ``lay_event`` then naming in ``seat`` the seat they were for); None before
    the first action. ``false_go`` is the count at which the seat that laid the last card said go
    while holding it (the card fitted then), else None.
    """

    def __init__(self, settings, dealer, hand):
        seats = settings.seats
        self.settings = settings
        self.play = Play(seats, (dealer + 1) % seats)
        self.laid = [[] for _ in range(seats)]
        self.hand = hand
        self.left = hand * seats  # cards still to lay: read every frame, so kept, not summed
        self.said = None
        self.false_go = None
        # each seat's room at the lowest count it said go at (31 less it): a card of that value or less laid
        # later was held then; 0 once told (two goes of a seat before the card are told as the lower one)
        self.gone = [0] * seats

    @property
    def over(self):
        """True once every card of every hand is laid (the count is then 0)."""
        return not self.left and not self.play.count

    @property
    def turn(self):
        """The seat that lays (or says go) next; None once the play is over (``over``, written out:
        the LEDs ask this every frame, and a property's call costs the chip)."""
        play = self.play
        return None if not self.left and not play.count else play.turn

    def _check_turn(self, seat, what):
        settings = self.settings
        if not is_int(seat) or not 0 <= seat < settings.seats:  # 1.0 or true would pass the turn's test
            raise RuleError("%s for %s, not %s" % (what, settings.choice(seat=True), settings.named(seat, seat=True)))
        if self.over:
            raise RuleError("the play is over: every card is laid; count the hands")
        if seat != self.play.turn:
            raise RuleError("not %s's turn to %s: %s's" % (settings.named(seat, seat=True), what,
                                                           settings.seat_name(self.play.turn)))

    def lay(self, seat, rank, game):
        """``seat`` lays a card of ``rank`` (1-13) in ``game``'s deal (its starter one of the rank's four:
        ``free``); returns (scoring seat or None, points). RuleError and nothing changed if it may not."""
        if not is_int(rank) or not 1 <= rank <= _RANKS:
            raise RuleError("a card's rank is 1 (Ace) to 13 (King), not %s" % json_text(rank))
        self._check_turn(seat, "lay")
        r = rank - 1
        play = self.play
        if free(game, r) <= 0:  # (the first card's laying is not yet the game's: none laid)
            raise RuleError("all four %ss are out already (one in your hand? a %s laid was wrong: back to it)"
                            % (rank_name(r), rank_name(r)))
        count = play.count + value(r * 4)
        if count > GAME_COUNT:
            raise RuleError("the count is %d: %s makes %d, past 31" % (play.count, a_rank(r), count))
        play.lay(r * 4 + self.out(r))  # a card of that rank not played yet: the suit plays no part
        room = self.gone[seat]
        self.false_go = None
        if value(r * 4) <= room:  # the seat said go holding this card
            self.false_go = GAME_COUNT - room
            self.gone[seat] = 0
        self.laid[seat].append(r)
        self.left -= 1
        reasons = play.reasons
        self._auto_goes(reasons)
        self.said = (seat, count, reasons, seat if reasons else None)
        return self.said[3], sum(p for _, p in reasons)

    def go(self, seat):
        """``seat`` says go; returns (scoring seat or None, points). RuleError (nothing changed) if
        it may not: not its turn, or a card of any rank still fits."""
        self._check_turn(seat, "say go")
        play = self.play
        if play.count <= ALL_FIT:
            raise RuleError("no go at a count of %d: any card can be laid" % play.count)
        self.gone[seat] = max(self.gone[seat], GAME_COUNT - play.count)
        self.false_go = None
        play.go()
        reasons = play.reasons
        scorer = play.scorer
        # the seats after it may have no card left: their goes can end the series (a point for the last card)
        auto = self._auto_goes(reasons)
        if auto is not None:
            scorer = auto
        self.said = (seat, None, reasons, scorer)
        return scorer, sum(p for _, p in reasons)

    def check_shown(self, seat, ranks):
        """RuleError unless the ranks (0-12) of ``seat``'s hand in the show hold every card it laid."""
        laid = self.laid[seat]
        for r in laid:
            if ranks.count(r) < laid.count(r):
                raise RuleError("%s laid %s in the play: the hand counted holds them all" % (
                    self.settings.seat_name(seat), " ".join([rank_name(r) for r in laid])))

    def check_starter(self, rank):
        """RuleError if the four cards of ``rank`` (0-12, the starter's) were laid this deal."""
        if self.out(rank) == 4:
            raise RuleError("all four %ss were laid in the play: the starter is another rank" % rank_name(rank))

    def out(self, r):
        """How many cards of rank ``r`` (0-12) were laid this deal."""
        n = 0
        for card in self.play.played:
            if card >> 2 == r:
                n += 1
        return n

    def _auto_goes(self, reasons):
        """The seats with no card left say go, until a seat with cards has the turn or the play is
        over; a go point that follows is added to ``reasons``; returns the seat that pegs it."""
        play = self.play
        laid = self.laid
        scorer = None
        while len(laid[play.turn]) == self.hand and not self.over:
            play.go()
            if play.reasons:
                reasons.extend(play.reasons)
                scorer = play.scorer
        return scorer

    def state(self):
        """The ``play`` of ``Match.state()``: count, turn, ranks of this series and laid by each seat (1-13), and
        the false go the last card showed: [the seat that laid it, the count it said go at], or None."""
        false_go = self.false_go
        return {"count": self.play.count, "turn": self.turn, "series": [(c >> 2) + 1 for c in self.play.cards],
                "laid": self.ranks(), "false_go": None if false_go is None else [self.said[0], false_go]}

    def ranks(self):
        """The ranks (1-13) each seat laid, in order: a new list of lists."""
        return [[r + 1 for r in ranks] for ranks in self.laid]
