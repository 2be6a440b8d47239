"""Helpers for the match tests: building matches, checking rejections, playing seeded deals, a match
rebuilt from its saved form, saved forms damaged, a hand counted from its text."""

import json

from cribbage import show
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from cribbage_lab import deck
from host_tools.card_text import parse, parse_hand
from portable import raises


def card(text):
    return parse(text)


def cards(text):
    return parse_hand(text)


def counted(text, is_crib=False):
    """The Count of a hand written as text, its starter last ("5C 5D 5H JS 5S")."""
    cards = parse_hand(text)
    return show.count(cards[:4], cards[4], is_crib)


def new_match(events=(), **settings):
    """A Match with ``Settings(**settings)`` after ``events``."""
    return Match(Settings(**settings), list(events))


def rejected(m, event, text=None):
    """``event`` must raise RuleError (mentioning ``text``) and leave ``m`` exactly as it was."""
    before = m.state()
    log = [e[:] for e in m.log]
    last = m.last_count
    with raises(RuleError, text) as caught:
        m.apply(event)
    assert isinstance(caught.value, ValueError)
    assert m.state() == before
    assert m.log == log
    assert m.last_count is last


def peg_to(m, side, score):
    """Peg ``side`` up to ``score`` in the play (31 at most per event)."""
    while m.front[side] < score:
        m.apply(["peg", side, min(31, score - m.front[side])])
    assert m.front[side] == score


def two_player_game(pone_score, dealer_score, **settings):
    """A game with seat 0 dealing, the pone (side 1) and the dealer pegged to the scores."""
    m = new_match([["dealer", 0]], **settings)
    peg_to(m, 1, pone_score)
    peg_to(m, 0, dealer_score)
    return m


def play_deal(m, rand, apply=None, by_card=False):
    """Play one seeded deal: real cards, random play points (``by_card``: the hands laid card by
    card, chosen at random, as ``play_reference`` plays them), every show counted from cards.

    Stops as soon as the game is over. Events go through ``apply`` (default ``m.apply``).
    """
    apply = apply or m.apply
    seats = m.settings.seats
    hands, crib, stock = deck.deal(deck.shuffle(deck.new_pack(), rand), seats, m.dealer)
    per_player = 2 if seats == 2 else 1
    for hand in hands:
        crib = crib + hand[4:4 + per_player]
    apply(["starter", deck.cut(stock, rand)])
    if by_card:
        lay_hands(m, [hand[:4] for hand in hands], rand, apply)
    for _ in range(0 if by_card else deck.randbelow(rand, 7)):
        if m.phase != "play":
            return
        apply(["peg", deck.randbelow(rand, m.settings.sides), 1 + deck.randbelow(rand, 6)])
    while m.phase == "play" or m.phase == "show":
        seat, kind = m.next_show
        if kind == "crib":
            apply(["crib", crib, None])
            return
        apply(["hand", seat, hands[seat][:4], None])


def lay_hands(m, hands, rand, apply):
    """Lay ``hands`` (4 cards a seat) card by card, choices at random, until the play or the game is over."""
    from play_reference import play_out  # only where plays are laid: the heap of the other tests stays as it was

    leader = (m.dealer + 1) % m.settings.seats
    for step in play_out([hand[:] for hand in hands], leader, lambda fits: fits[deck.randbelow(rand, len(fits))]):
        if m.phase != "play":
            return
        apply(step[0])


def play_game(m, rand, apply=None, by_card=False):
    """Cut for deal if needed, then play seeded deals until the game is over (``by_card``: see ``play_deal``)."""
    apply = apply or m.apply
    if m.phase == "cut":
        apply(["cut", deck.cut_for_deal(rand, m.settings.seats)])
    while m.phase != "over":
        play_deal(m, rand, apply, by_card)


def play_games(m, rand, games, apply=None):
    """Play ``games`` seeded games on ``m``, starting a new game between them; return ``m``.

    Events go through ``apply`` (default ``m.apply``).
    """
    apply = apply or m.apply
    for game in range(games):
        play_game(m, rand, apply)
        if game < games - 1:
            apply(["new_game"])
    return m


def recording(m, log):
    """An ``apply`` for the helpers above that applies each event to ``m``, then appends it to ``log``."""

    def apply(event):
        m.apply(event)
        log.append(event)

    return apply


def seeded_match(games, seed=2463534242, **settings):
    """A Match with ``Settings(**settings)`` after ``games`` seeded games (real cards, every show from cards)."""
    return play_games(Match(Settings(**settings)), deck.Xorshift32(seed), games)


def rebuilt(m):
    """``m`` rebuilt from its saved form, read one int at a time through JSON (as from the flash)."""
    return Match(m.settings.to_dict(), saved=(json.loads(json.dumps(v)) for v in m.iter_saved()))


def rebuilt_both_ways(m):
    """``m`` rebuilt from its saved form, through JSON as from the flash, and from its log."""
    saved = rebuilt(m)
    assert saved.log == m.log and saved.state() == m.state()
    return Match(m.settings, m.log)


def replaced(saved, i, value):
    """A copy of ``saved`` with element ``i`` replaced by ``value``."""
    out = saved[:]
    out[i] = value
    return out


def damaged_logs():
    """(saved ints, what the error says) for sound JSON that is not a log this firmware writes."""
    m = seeded_match(1)
    saved = list(m.iter_saved())
    log = m.log
    show = [i for i in range(len(log)) if log[i][0] == "hand"][0]  # the first with cards: saved[i] is log[i]
    assert saved[show] >> 12 == 1 and saved[show + 2] >> 12 == 2  # the next show: its code after this one's pack
    assert log[0][0] == "cut" and len(log[0][1]) == 2  # two cards: bits 4-15 of its code
    return [
        (saved[:show + 1], "ends before its cards"),
        (replaced(saved, 3, str(saved[3])), "not a code"),
        (replaced(saved, show + 1, str(saved[show + 1])), "not a code or a pack"),
        (replaced(saved, 3, float(saved[3])), "not a code"),
        (replaced(saved, 0, True), "not a code"),
        (replaced(saved, 0, None), "not a code"),
        (replaced(saved, 0, log[0]), "not a code"),
        (replaced(saved, 3, -saved[3]), "not a code"),
        (replaced(saved, show + 2, saved[show]), "names pack 1, next is 2"),
        (replaced(saved, show, saved[show] + (5 << 12)), "names pack 6, next is 1"),
        (replaced(saved, 2, saved[2] | 15), "no known kind"),
        (replaced(saved, 0, saved[0] | 1 << 20), "not written as"),  # a third card cut by nobody
        (replaced(saved, show + 1, saved[show + 1] | 1 << 24), "not written as"),
        (replaced(saved, show + 1, 63 << 18), "saved event %d" % show),  # no such card: the rules refuse it
        (saved[1:], "saved event 0"),  # the first dealing event missing: pegging before a dealer
    ]
