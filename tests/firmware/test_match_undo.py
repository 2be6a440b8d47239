"""Undo and replay: the state is a function of the log, however it was reached."""

import json

from match_helpers import new_match, peg_to, play_deal, play_game, rejected

from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from cribbage_lab import deck
from portable import raises


def fingerprint(m):
    """The whole derived state in a few bytes (hash of its JSON in a fixed key order)."""
    s = m.state()
    total = None if m.last_count is None else m.last_count.total
    return hash(json.dumps([[k, s[k]] for k in sorted(s)] + [total]))


def fingerprinted_match(players, seed, target=121):
    """A seeded match: two finished games, an abandoned one, a cut, a deal, a new match and
    a finished game. Returns it and the fingerprint after each prefix of its log (index i:
    after the first i events), taken live as the events were applied.
    """
    m = Match(Settings(players=players, target=target))
    prints = [fingerprint(m)]

    def apply(event):
        m.apply(event)
        prints.append(fingerprint(m))

    rand = deck.Xorshift32(seed)
    for _ in range(2):
        play_game(m, rand, apply)
        apply(["new_game"])
    play_deal(m, rand, apply)  # the loser of game 2 deals
    apply(["new_game"])  # abandoned: cut again
    apply(["cut", deck.cut_for_deal(rand, players)])
    play_deal(m, rand, apply)
    apply(["new_match"])
    play_game(m, rand, apply)
    return m, prints


def check_undo_all_the_way(players, seed, target=121):
    m, prints = fingerprinted_match(players, seed, target)
    assert m.phase == "over" and len(m.games) == 1  # the new match forgot the first games
    assert m.games_won[m.winner] == sum(m.games_won) == m.games[0]["points"]
    undone = []
    while m.log:
        undone.append(m.log[-1])
        m.undo()
        assert fingerprint(m) == prints[len(m.log)]
    assert m.state() == Match(m.settings).state()
    with raises(RuleError, "nothing to undo"):
        m.undo()
    # Applying the log again from the start (a replay) passes through the same states.
    while undone:
        m.apply(undone.pop())
        assert fingerprint(m) == prints[len(m.log)]


def test_undo_all_the_way_two_players():
    check_undo_all_the_way(2, 2463534242)


def test_undo_all_the_way_three_players():
    # Games of 61: three tracks to 121 take about 280 events, whose arrays (the log, the
    # fingerprints) the unix port's small, fragmented heap cannot always grow to 512 slots.
    check_undo_all_the_way(3, 7, 61)


def test_undo_all_the_way_teams():
    check_undo_all_the_way(4, 12345)


def test_undo_then_redo_gives_the_same_state():
    m, prints = fingerprinted_match(2, 99)
    log = [e[:] for e in m.log]
    assert fingerprint(Match(m.settings, log)) == prints[-1]
    for cut_at in (len(log) - 1, len(log) // 2, len(log) // 3, 20):
        for k in (1, 3, 17, 20):
            while len(m.log) > cut_at - k:
                m.undo()
            for event in log[len(m.log):cut_at]:
                m.apply(event)
            assert fingerprint(m) == prints[cut_at] and m.log == log[:cut_at]
        for event in log[cut_at:]:
            m.apply(event)


def test_undo_restores_the_tally_across_games():
    m = new_match([["dealer", 0]])
    peg_to(m, 1, 121)
    m.apply(["new_game"])
    m.apply(["peg", 0, 5])
    m.apply(["new_match"])
    assert m.games_won == [0, 0] and m.games == []
    m.undo()
    assert (m.front, m.games_won, m.game_number, m.dealer) == ([5, 0], [0, 3], 2, 0)
    m.undo()
    m.undo()
    assert (m.phase, m.winner, m.games_won, m.game_number, len(m.games)) == ("over", 1, [0, 3], 1, 1)
    m.undo()
    assert (m.phase, m.winner, m.games_won, m.games, m.front) == ("play", None, [0, 0], [], [0, 93])
    peg_to(m, 1, 121)
    assert m.games_won == [0, 3] and len(m.games) == 1


def test_back_peg_is_the_front_before_its_own_last_move():
    m = new_match([["dealer", 0], ["peg", 0, 2], ["peg", 1, 3], ["peg", 0, 1]])
    assert (m.front, m.back) == ([3, 3], [2, 0])
    m.apply(["hand", 1, None, 0])  # nothing pegged: no peg moves
    assert (m.front, m.back) == ([3, 3], [2, 0])
    m.undo()
    m.undo()
    assert (m.front, m.back) == ([2, 3], [0, 0])


def test_replay_names_the_bad_event():
    with raises(RuleError, "event 2"):
        Match(None, [["dealer", 0], ["peg", 0, 5], ["peg", 0, 0]])
    with raises(RuleError, "event 0"):
        Match(None, [["peg", 0, 5]])
    with raises(ValueError, "unknown setting"):
        Match({"players": 2, "colour": 1})


def test_rejections_do_not_disturb_undo():
    m = new_match([["dealer", 0], ["peg", 0, 2]])
    rejected(m, ["peg", 0, 40])
    m.undo()
    assert m.front == [0, 0] and m.log == [["dealer", 0]]


def test_a_long_game_keeps_two_deal_checkpoints_and_still_undoes_each_state():
    # memory: the current game's deal checkpoints (docs/EVENTS.md, "Undo") stay at two
    m, prints = fingerprinted_match(2, 424242)
    deal_marks = [mark for mark in m._marks if not mark[1]]
    assert len(deal_marks) == 2 and deal_marks[-1][0] < m.events
    while m.events > len(prints) // 2:  # back across deals whose checkpoints were dropped
        m.undo()
        assert fingerprint(m) == prints[m.events]
        assert len([mark for mark in m._marks if not mark[1]]) <= 2


def test_a_long_match_keeps_a_bounded_number_of_checkpoints_and_undoes_across_its_games():
    m = Match()
    prints = [fingerprint(m)]
    rand = deck.Xorshift32(77)

    def apply(event):
        m.apply(event)
        prints.append(fingerprint(m))

    for _ in range(5):
        play_game(m, rand, apply)
        apply(["new_game"])
        assert len([mark for mark in m._marks if mark[1]]) <= 3  # the first, the last two games' starts
    while m.events:  # back across all five games, each state as it was
        m.undo()
        assert fingerprint(m) == prints[m.events]


def test_a_deal_whose_crib_is_counted_by_ranks_is_checkpointed_too():
    m = new_match([["dealer", 0], ["starter_rank", 4], ["show_ranks", 1, [0, 1, 2, 3], 0, False, None],
                   ["show_ranks", 0, [5, 6, 7, 8], 0, False, None],
                   ["show_ranks", None, [9, 10, 11, 12], 0, False, None]])
    assert [mark[0] for mark in m._marks if not mark[1]] == [m.events]  # an undo replays one deal at most
