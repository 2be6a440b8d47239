"""Helpers for the match tests: building matches, checking rejections, playing seeded deals."""

from cribbage.cards import parse, parse_hand
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from cribbage_lab import deck
from portable import raises


def card(text):
    return parse(text)


def cards(text):
    return parse_hand(text)


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


def play_deal(m, rand, apply=None):
    """Play one seeded deal: real cards, random play points, every show counted from cards.

    Stops as soon as the game is over. Events go through ``apply`` (default ``m.apply``).
    """
    apply = apply or m.apply
    seats = m.settings.seats
    hands, crib, stock = deck.deal(deck.shuffle(deck.new_pack(), rand), seats, m.dealer)
    per_player = 2 if seats == 2 else 1
    for hand in hands:
        crib = crib + hand[4:4 + per_player]
    apply(["starter", deck.cut(stock, rand)])
    for _ in range(deck.randbelow(rand, 7)):
        if m.phase != "play":
            return
        apply(["peg", deck.randbelow(rand, m.settings.sides), 1 + deck.randbelow(rand, 6)])
    while m.phase == "play" or m.phase == "show":
        seat, kind = m.next_show
        if kind == "crib":
            apply(["crib", crib, None])
            return
        apply(["hand", seat, hands[seat][:4], None])


def play_game(m, rand, apply=None):
    """Cut for deal if needed, then play seeded deals until the game is over."""
    apply = apply or m.apply
    if m.phase == "cut":
        apply(["cut", deck.cut_for_deal(rand, m.settings.seats)])
    while m.phase != "over":
        play_deal(m, rand, apply)


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
