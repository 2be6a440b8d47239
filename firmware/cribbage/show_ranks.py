"""The show from ranks: a hand or crib known by its ranks (say from the play), plus the answers ranks cannot give.

Suits matter to the show only through the flush and his nobs, so a show is known exactly
from its 4 ranks, the starter's rank and two answers:

- ``flush``: the flush's points: 0 (none), 4 (the hand's four cards of one suit, the
  starter not; a hand only) or 5 (all five of one suit; the only flush a crib counts);
- ``nobs``: True if a Jack of the hand is of the starter's suit (his nobs).

``flush_options`` and ``nobs_options`` say which answers the ranks leave possible (a flush
holds no pair; a flush with the starter cannot hold its rank; a Jack starter's suit has no
other Jack; four Jacks hold the starter's suit...): a board asks only the questions that
have more than one answer. The count itself is ``cribbage.show``'s: ``cards`` realises the
answers with cards of those ranks (suits made up: only the answers depend on them), and
every realisation of the same answers counts the same, breakdown and saying included.
Ranks are 0 (Ace) to 12 (King), as ``card >> 2``.
"""

from micropython import const

from cribbage import show
from cribbage.cards import JACK, is_int, is_sequence, json_text, rank_name

_RANKS = const(13)
_SUITS = const(4)
NO_NOBS = const(1)  # nobs_options bits: False may be answered
NOBS = const(2)  # True may be answered
_HAND_FLUSHES = const((0, 4, 5))
_CRIB_FLUSHES = const((0, 5))
_NO_FLUSH = const((0,))
_CLUB_JACK = const(40)  # the Jack of clubs, JACK * _SUITS (the starter is a club)


def check_ranks(ranks, starter_rank):
    """ValueError unless ``ranks`` are 4 ranks (0-12) that, with the starter's, hold no fifth card of a rank."""
    if not is_sequence(ranks) or len(ranks) != show.HAND_SIZE:
        raise ValueError("a show by ranks has %d ranks, not %s" % (show.HAND_SIZE, json_text(ranks)))
    for r in ranks:
        if not is_int(r) or not 0 <= r < _RANKS:
            raise ValueError("%s is not a rank (0 = Ace .. 12 = King)" % json_text(r))
    for r in ranks:
        if ranks.count(r) + (starter_rank == r) > _SUITS:
            raise ValueError("five cards of rank %s: a deck has four" % rank_name(r))


def flush_options(ranks, starter_rank, is_crib, suited=0):
    """The ``flush`` answers possible for these ranks: (0,), (0, 4), (0, 5) or (0, 4, 5); ``suited``:
    the ranks (bits) whose card of the starter's suit is in another show this deal (``suited_out``)."""
    for i in range(1, show.HAND_SIZE):
        if ranks[i] in ranks[:i]:
            return _NO_FLUSH  # a flush holds no pair
    five = starter_rank not in ranks  # the starter pairing a card is of another suit
    for r in ranks:
        if suited >> r & 1:  # this show's card of that rank is of another suit than the starter's
            five = False
    if is_crib:
        return _CRIB_FLUSHES if five else _NO_FLUSH
    return _HAND_FLUSHES if five else _HAND_FLUSHES[:2]


def nobs_options(ranks, starter_rank, flush, suited=0):
    """The ``nobs`` answers possible with ``flush``: NO_NOBS, NOBS or both (bits); ``suited`` as for
    ``flush_options``."""
    jacks = ranks.count(JACK)
    if not jacks or starter_rank == JACK or flush == 4 or suited >> JACK & 1:
        # no Jack; the starter's Jack is the starter; the hand's suit is not the starter's; his nobs is shown
        return NO_NOBS
    if flush == 5 or jacks == _SUITS:
        return NOBS  # the hand is of the starter's suit; four Jacks hold every suit
    return NO_NOBS | NOBS


def check(ranks, starter_rank, flush, nobs, is_crib):
    """ValueError saying why, unless the answers ``flush`` and ``nobs`` are possible for these ranks."""
    check_ranks(ranks, starter_rank)
    what = "the crib" if is_crib else "a hand"
    if not is_int(flush) or flush not in (_CRIB_FLUSHES if is_crib else _HAND_FLUSHES):
        raise ValueError("flush is %s, not %s" % ("0 or 5 (the crib counts only a flush of all five)" if is_crib
                                                   else "0, 4 (the hand's four) or 5 (with the starter)",
                                                   json_text(flush)))
    if flush not in flush_options(ranks, starter_rank, is_crib):
        if flush == 5 and starter_rank in ranks:
            raise ValueError("no flush of five: the starter pairs a card of %s" % what)
        raise ValueError("no flush: %s with a pair is of two suits" % what)
    if nobs is not True and nobs is not False:
        raise ValueError("nobs is true or false, not %s" % json_text(nobs))
    if not nobs_options(ranks, starter_rank, flush) & (NOBS if nobs else NO_NOBS):
        if not nobs:
            raise ValueError("his nobs counts too: %s the starter's suit" % (
                "the flush is of" if flush == 5 else "four jacks hold"))
        if JACK not in ranks:
            raise ValueError("no nobs: %s holds no jack" % what)
        if starter_rank == JACK:
            raise ValueError("no nobs: the starter is the jack of its suit")
        raise ValueError("no nobs: the flush is not of the starter's suit")


def shown(game, event, is_crib, what):
    """Part of ``cribbage.game.Game``'s show, for a ``["show_ranks", ...]`` ``event`` (its code loads
    only with a show by ranks): (the points pegged, the points a muggins call may peg or None).
    RuleError, nothing changed, if its starter is unknown or the answers are impossible, in the
    show or beside the cards and ranks on the table this deal (a card of the starter's suit
    twice, his nobs say; a fifth card of a rank)."""
    from cribbage.game import RuleError

    ranks, flush, nobs, claim = event[2], event[3], event[4], event[5]
    starter_rank = game.starter_rank
    if starter_rank is None:
        raise RuleError("dial the starter first (its rank will do): %s is counted with it" % what)
    try:
        check(ranks, starter_rank, flush, nobs, is_crib)
    except ValueError as e:
        raise RuleError("%s: %s" % (what, e)) from None
    suited = 0  # the ranks this show holds in the starter's suit
    if flush == 5:
        for r in ranks:
            suited |= 1 << r
    if nobs:
        suited |= 1 << JACK
    _check_suited(game, suited)
    _check_room(game, ranks)
    if game.laying is not None and not is_crib:  # the hand laid card by card in the play
        game.laying.check_shown(event[1], ranks)
    hand, starter = cards(ranks, starter_rank, flush, nobs)
    true = show.score(hand, starter, is_crib)
    overlooked = game.check_claim(true, claim, what)
    game.set_last_show((tuple(ranks), starter_rank, flush, nobs, is_crib))
    game.ranks.extend(ranks)
    game.suited |= suited
    return true if claim is None else claim, overlooked


def check_beside(game, hand):
    """RuleError if the cards ``hand`` of a show beside shows by ranks this deal in ``game`` hold a card
    of the starter's suit that one of them holds (his nobs, say), or a fifth card of a rank."""
    suited = 0
    for c in hand:
        if c & 3 == game.starter & 3:
            suited |= 1 << (c >> 2)
    _check_suited(game, suited)
    _check_room(game, [c >> 2 for c in hand])


def suited_out(game):
    """The ranks (bits) of the starter's suit on the table in ``game`` this deal: in shows by ranks, or as
    cards (the starter known as a card)."""
    table = game.suited
    if game.starter is not None:
        for c in game.used:
            if c & 3 == game.starter & 3:
                table |= 1 << (c >> 2)
    return table


def _check_suited(game, suited):
    """RuleError if the ranks ``suited`` (bits) of the starter's suit are on the table in ``game`` this
    deal already (``suited_out``)."""
    from cribbage.game import RuleError

    both = suited & suited_out(game)
    if both >> JACK & 1:
        raise RuleError("his nobs was counted this deal already: only one jack is of the starter's suit")
    for r in range(_RANKS):
        if both >> r & 1:
            raise RuleError("the %s of the starter's suit is in another show this deal" % rank_name(r))


def _check_room(game, ranks):
    """RuleError if ``ranks`` of the show counted now, with the cards and ranks on the table in ``game``
    this deal (``on_table``), hold five of a rank."""
    from cribbage.game import RuleError

    table = on_table(game)
    for r in ranks:
        if table[r] + ranks.count(r) > _SUITS:
            raise RuleError("a deck has four %ss: %d on the table this deal already" % (rank_name(r), table[r]))


def on_table(game):
    """How many cards of each rank (0-12) are on the table in ``game`` this deal, for the show
    counted now, at least: the starter and the shows before with the cards laid in the play by the
    seats that show after this one; or the cards laid by every other seat with the starter (a show by
    total holds its laid cards, unseen), whichever is more. Each show holds its own."""
    later = []
    others = []
    laying = game.laying
    if laying is not None:
        seats = len(laying.laid)
        for i in range(seats):  # in the order of the shows: this one is the shows-th (none: the crib)
            if i != game.shows:
                laid = laying.laid[(game.dealer + 1 + i) % seats]
                others += laid
                if i > game.shows:
                    later += laid
    table = bytearray(_RANKS)  # the first count: each list read once
    for r in game.ranks:
        table[r] += 1
    for r in later:
        table[r] += 1
    for c in game.used:
        table[c >> 2] += 1
    other = bytearray(_RANKS)  # the second
    for r in others:
        other[r] += 1
    starter = game.starter_rank
    if starter is not None:
        other[starter] += 1
    for r in range(_RANKS):
        if other[r] > table[r]:
            table[r] = other[r]
    return table


def cards(ranks, starter_rank, flush, nobs):
    """(4 cards, starter) of these ranks realising the answers (checked by ``check``); suits made up."""
    starter = starter_rank * _SUITS  # a club: the answers say how the hand's suits relate to it
    hand = []
    for i in range(show.HAND_SIZE):
        base = ranks[i] * _SUITS
        if flush:  # clubs with the starter, diamonds without
            card = base + (0 if flush == 5 else 1)
        elif nobs and base == _CLUB_JACK and _CLUB_JACK not in hand:
            card = _CLUB_JACK  # his nobs
        else:
            # Position i tries suit i first: the cards at 1, 2, 3 get suits 1, 2, 3 (or one is
            # his nobs), so 4 different ranks are never of one suit; the Jack of clubs is his
            # nobs only, and a card of the starter's rank is not a club.
            for k in range(_SUITS):
                card = base + (i + k) % _SUITS
                if card != starter and card != _CLUB_JACK and card not in hand:
                    break
        hand.append(card)
    return hand, starter


def score(ranks, starter_rank, flush, nobs, is_crib=False):
    """Points of the show; ValueError if the answers are not possible."""
    check(ranks, starter_rank, flush, nobs, is_crib)
    hand, starter = cards(ranks, starter_rank, flush, nobs)
    return show.score(hand, starter, is_crib)


def check_total(game, ranks, claim, what):
    """RuleError unless a hand of ``ranks`` (0-12: all laid in the play) can count the total ``claim`` with
    ``game``'s starter, whatever the suits its ranks leave open beside the table this deal (``flush_options``,
    ``nobs_options``); with muggins on, no more than it can (the refusal then does not tell the count)."""
    from cribbage.game import RuleError

    starter_rank = game.starter_rank
    suited = suited_out(game)
    points = []
    for flush in flush_options(ranks, starter_rank, False, suited):
        answers = nobs_options(ranks, starter_rank, flush, suited)
        for nobs in (False, True):
            if answers & (NOBS if nobs else NO_NOBS):
                total = score(ranks, starter_rank, flush, nobs)
                if total not in points:
                    points.append(total)
    if game.settings.muggins:
        if claim > max(points):
            raise RuleError("%s does not count %d: claim less" % (what, claim))
    elif claim not in points:
        points.sort()
        raise RuleError("%s laid %s counts %s, not %d" % (what, " ".join([rank_name(r) for r in ranks]),
                                                          " or ".join([str(p) for p in points]), claim))


def count(ranks, starter_rank, flush, nobs, is_crib=False):
    """The show's ``cribbage.show.Count`` (its cards' suits made up); ValueError if the answers are not possible."""
    check(ranks, starter_rank, flush, nobs, is_crib)
    hand, starter = cards(ranks, starter_rank, flush, nobs)
    return show.count(hand, starter, is_crib)
