"""The play laid card by card (``["lay", seat, rank]``, ``["go", seat]``): turns, points, goes, refusals, undo.

Hand-worked plays, then whole seeded plays checked step by step against ``play_reference``
(written from docs/RULES.md, sharing no code with the core).
"""

from match_helpers import card, new_match, peg_to, play_game, rejected, two_player_game
from play_reference import play_out

from cribbage.match import Match
from cribbage.settings import Settings
from cribbage_lab import deck


def play(m):
    """``state()["play"]`` as (count, turn, series, laid)."""
    p = m.state()["play"]
    return p["count"], p["turn"], p["series"], p["laid"]


def test_a_two_player_play_worked_by_hand():
    m = new_match([["dealer", 0]])
    assert m.state()["play"] is None and m.game.laying is None  # nothing laid yet: the pone leads
    m.apply(["lay", 1, 5])
    assert (m.front, play(m)) == ([0, 0], (5, 0, [5], [[], [5]]))
    m.apply(["lay", 0, 10])  # fifteen two
    assert m.front == [2, 0] and m.game.laying.said == (0, 15, [("fifteen", 2)], 0)
    m.apply(["lay", 1, 5])  # 20: no pair (a ten between)
    m.apply(["lay", 0, 5])  # 25, a pair
    m.apply(["lay", 1, 5])  # 30, pair royal
    assert m.front == [4, 6]
    rejected(m, ["lay", 0, 2], "past 31")
    m.apply(["go", 0])
    assert (m.front, play(m)[:2]) == ([4, 6], (30, 1))
    m.apply(["lay", 1, 1])  # 31 for two, and no point for the go besides
    assert (m.front, play(m)) == ([4, 8], (0, 0, [], [[10, 5], [5, 5, 5, 1]]))
    rejected(m, ["lay", 0, 5], "all four 5s are out")
    m.apply(["lay", 0, 13])  # P2 has no card left: P1 lays on
    assert play(m)[:2] == (10, 0)
    m.apply(["lay", 0, 12])  # the last card: one for last
    assert m.front == [5, 8] and m.game.laying.said == (0, 20, [("go", 1)], 0)
    assert play(m) == (0, None, [], [[10, 5, 13, 12], [5, 5, 5, 1]])
    rejected(m, ["lay", 0, 1], "the play is over")
    rejected(m, ["go", 1], "the play is over")
    rejected(m, ["starter", card("5H")], "all four 5s were laid")
    m.apply(["starter", card("KH")])
    m.apply(["hand", 1, None, 14])
    assert m.state()["play"] is None and m.laid == [[10, 5, 13, 12], [5, 5, 5, 1]]
    m.apply(["hand", 0, None, 10])
    m.apply(["crib", None, 0])
    assert m.laid is None and m.state()["play"] is None
    m.apply(["lay", 0, 1])  # P2 deals: P1 leads
    assert play(m) == (1, 1, [1], [[1], []])


def test_turns_and_refusals():
    m = new_match([["dealer", 0]])
    rejected(m, ["lay", 0, 5], "not P1's turn to lay: P2's")
    for rank in (0, 14, "5", True, None, 5.0):
        rejected(m, ["lay", 1, rank], "rank is 1 (Ace) to 13")
    rejected(m, ["lay", 2, 5], "lay for P1 or P2, not P3")
    for seat in (1.0, True, "1", None, -1, [1]):  # P2's turn: a seat equal to 1 but no whole number is refused
        rejected(m, ["lay", seat, 5], "lay for P1 or P2, not ")
    rejected(m, ["lay", 1], '["lay", seat, rank 1-13]')
    rejected(m, ["go", 1, 5], '["go", seat]')
    m.apply(["lay", 1, 13])
    rejected(m, ["go", 0], "no go at a count of 10")
    m.apply(["lay", 0, 12])
    m.apply(["lay", 1, 1])  # 21: a ten still makes 31 exactly, so no go yet
    rejected(m, ["go", 0], "no go at a count of 21")
    m.undo()
    m.apply(["lay", 1, 2])  # 22: a go may be true now
    for seat in (0.0, False, 5.0, "0"):
        rejected(m, ["go", seat], "say go for P1 or P2, not ")
    m.apply(["go", 0])
    rejected(m, ["go", 0], "not P1's turn to say go")
    for seat in (1.0, True):
        rejected(m, ["go", seat], "say go for P1 or P2, not ")
    rejected(new_match(), ["lay", 0, 5], "no dealer yet")
    shown = new_match([["dealer", 0], ["hand", 1, None, 2]])
    rejected(shown, ["lay", 1, 5], "the show has begun")
    rejected(shown, ["go", 1], "the show has begun")
    assert shown.state()["play"] is None


def test_a_game_won_in_the_play_keeps_its_play_in_the_state_with_the_false_go_the_winning_card_showed():
    m = two_player_game(50, 59, target=61)  # P1 deals at 59, P2 at 50
    for event in (["lay", 1, 10], ["lay", 0, 13], ["lay", 1, 5], ["go", 0], ["lay", 1, 6],  # P1 says go at 25
                  ["lay", 0, 8], ["lay", 1, 4]):  # (the 8 did not fit at 25)
        m.apply(event)
    assert m.state()["play"]["false_go"] is None
    m.apply(["lay", 0, 3])  # fifteen two wins: the 3 was held at 25
    assert (m.winner, m.phase) == (0, "over")
    assert m.state()["play"] == {"count": 15, "turn": None, "series": [8, 4, 3], "laid": [[13, 8, 3], [10, 5, 6, 4]],
                                 "false_go": [0, 25]}
    shown = two_player_game(0, 0)
    shown.apply(["lay", 1, 5])
    shown.apply(["hand", 1, None, 2])  # the first show ends the play's state
    assert shown.state()["play"] is None


def test_a_card_past_31_is_named_as_players_say_it():
    m = new_match([["dealer", 0]])
    for rank in (13, 12, 5):  # 25
        m.apply(["lay", (rank != 12) * 1, rank])
    rejected(m, ["lay", 0, 8], "the count is 25: an 8 makes 33, past 31")
    rejected(m, ["lay", 0, 7], "the count is 25: a 7 makes 32, past 31")


def test_his_heels_make_the_starter_a_jack_in_the_play():
    # his heels without the starter: no fourth Jack in the play (the starter is one)
    m = new_match([["dealer", 1], ["heels"], ["lay", 0, 11], ["lay", 1, 11], ["lay", 0, 11], ["go", 1], ["go", 0]])
    rejected(m, ["lay", 1, 11], "all four Js are out already")
    # four Jacks laid: his heels are refused (the starter can be no Jack)
    m = new_match([["dealer", 1], ["lay", 0, 11], ["lay", 1, 11], ["lay", 0, 11], ["go", 1], ["go", 0],
                   ["lay", 1, 11]])
    rejected(m, ["heels"], "all four Js were laid in the play")


def test_three_players_go_round_and_the_last_to_lay_pegs_the_go():
    m = new_match([["dealer", 0]], players=3)
    for event in (["lay", 1, 10], ["lay", 2, 10], ["lay", 0, 10]):  # a pair, then pair royal
        m.apply(event)
    assert (m.front, play(m)[:2]) == ([6, 0, 2], (30, 1))
    m.apply(["go", 1])
    m.apply(["go", 2])
    assert (m.front, play(m)[:2]) == ([6, 0, 2], (30, 0))
    m.apply(["go", 0])  # nobody can lay: P1 laid last and pegs 1
    assert (m.front, play(m)[:2]) == ([7, 0, 2], (0, 1))  # the seat after P1 leads
    m = new_match([["dealer", 0]], players=3)
    for event in (["lay", 1, 10], ["lay", 2, 10], ["lay", 0, 9], ["go", 1], ["lay", 2, 2]):
        m.apply(event)  # P2 said go: P3 goes on to 31
    assert (m.front, play(m)[:2]) == ([0, 0, 4], (0, 0))  # 31 after the pair: P1 (after P3) leads


def test_teams_go_round_the_table_and_partners_share_a_track():
    m = new_match([["dealer", 3]], players=4)
    for event in (["lay", 0, 7], ["lay", 1, 8], ["lay", 2, 6], ["lay", 3, 9]):
        m.apply(event)  # T1a, T2a (fifteen two), T1b (run of three), T2b (run of four)
    assert (m.front, play(m)[:2]) == ([3, 6], (30, 0))
    for seat in (0, 1, 2, 3):
        m.apply(["go", seat])
    assert (m.front, play(m)[:2]) == ([3, 7], (0, 0))  # T2b laid last: one for the go; T1a leads


def test_play_points_win_the_game_and_the_house_rules_apply():
    m = new_match([["dealer", 0]])
    peg_to(m, 0, 119)
    m.apply(["lay", 1, 5])
    m.apply(["lay", 0, 10])
    assert (m.phase, m.winner, m.front) == ("over", 0, [121, 0])
    rejected(m, ["lay", 1, 5], "the game is over")
    m = new_match([["dealer", 0]], stinkhole=True)
    peg_to(m, 0, 118)
    m.apply(["lay", 1, 5])
    m.apply(["lay", 0, 10])  # 120 is the stink hole: not pegged
    assert m.front == [118, 0] and m.phase == "play"
    m = new_match([["dealer", 0]], peg_out_exactly=True)
    peg_to(m, 1, 120)
    m.apply(["lay", 1, 7])
    m.apply(["lay", 0, 7])  # a pair for P1
    m.apply(["lay", 1, 7])  # pair royal would pass the game hole: not pegged
    assert m.front == [2, 120]


def pair_and_last(start, **rules):
    """A play whose last card, P1's 4, makes a pair and is the last (2 + 1), P1 pegged to ``start`` first."""
    m = new_match([["dealer", 0]], **rules)
    peg_to(m, 0, start)
    for seat, rank in ((1, 13), (0, 12), (1, 8)):
        m.apply(["lay", seat, rank])
    m.apply(["go", 0])
    m.apply(["go", 1])  # P2 laid last: one for the go
    for seat, rank in ((0, 2), (1, 9), (0, 6), (1, 4), (0, 4)):
        m.apply(["lay", seat, rank])
    return m


def test_a_cards_points_are_pegged_before_the_go_point_after_it():
    m = pair_and_last(50)
    assert (m.front, m.back) == ([53, 1], [50, 0])  # one move of the pegs: 2 for the pair, 1 for last
    m = pair_and_last(119, peg_out_exactly=True)  # the pair pegs out exactly; 3 at once would pass 121
    assert (m.winner, m.front) == (0, [121, 1])
    m = pair_and_last(117, stinkhole=True)  # the pair to 119; the point for last would end on 120: not pegged
    assert (m.front, m.back) == ([119, 1], [117, 0])


def test_what_a_card_said_is_what_it_pegged():
    said = pair_and_last(50).game.laying.said
    assert said[2] == [("pair", 2), ("go", 1)] and said[3] == 0
    said = pair_and_last(119, peg_out_exactly=True).game.laying.said
    assert said[2] == [("pair", 2)] and said[3] == 0  # the pair won: no point for last after it
    said = pair_and_last(117, stinkhole=True).game.laying.said
    assert said[2] == [("pair", 2)] and said[3] == 0  # the point for last, onto the stink hole: not said
    m = pair_and_last(120, peg_out_exactly=True)  # the pair would pass 121: only the point for last, which wins
    assert (m.winner, m.front) == (0, [121, 1]) and m.game.laying.said[2] == [("go", 1)]
    m = pair_and_last(118, stinkhole=True)  # the pair onto the stink hole: not pegged; the point for last to 119
    assert m.front == [119, 1] and m.game.laying.said[2] == [("go", 1)]


def pair_at_31(start, **rules):
    """A play whose fifth card, P2's 4, makes 31 and a pair (2 + 2), P2 pegged to ``start`` first."""
    m = new_match([["dealer", 0]], **rules)
    peg_to(m, 1, start)
    for seat, rank in ((1, 13), (0, 12), (1, 3), (0, 4), (1, 4)):  # 10, 20, 23, 27, 31
        m.apply(["lay", seat, rank])
    return m


def test_the_2_for_31_is_pegged_after_the_cards_combinations_as_a_go():
    """RULES.md's order (its source C's): the combinations of the play, then the go, "one point, or two for 31
    exactly"."""
    m = pair_at_31(50)
    assert (m.front, m.back, m.game.laying.said[2]) == ([0, 54], [0, 50], [("thirty-one", 2), ("pair", 2)])
    m = pair_at_31(119, peg_out_exactly=True)  # the pair pegs out exactly; the 4 at once would pass 121
    assert (m.winner, m.front, m.game.laying.said[2]) == (1, [0, 121], [("pair", 2)])
    m = pair_at_31(116, stinkhole=True)  # the pair to 118; the 2 for 31 would end on 120: not pegged
    assert (m.front, m.back, m.game.laying.said[2]) == ([0, 118], [0, 116], [("pair", 2)])
    m = pair_at_31(117, peg_out_exactly=True)  # the pair to 119; the 2 for 31 then pegs out exactly
    assert (m.winner, m.front, m.game.laying.said[2]) == (1, [0, 121], [("thirty-one", 2), ("pair", 2)])


def test_a_peg_still_goes_in_the_play_and_undo_replays_the_cards():
    m = new_match([["dealer", 0], ["lay", 1, 4], ["lay", 0, 5], ["peg", 0, 1], ["lay", 1, 6]])
    assert (m.front, play(m)[:3]) == ([1, 5], (15, 0, [4, 5, 6]))  # fifteen two and a run of three
    log = m.log
    m.undo()
    assert m.state() == Match(m.settings, log[:-1]).state() and play(m)[:3] == (9, 1, [4, 5])
    m.apply(log[-1])
    assert m.state() == Match(m.settings, log).state()
    assert Match(m.settings, saved=list(m.iter_saved())).log == log


def check_plays_against_the_reference(players, seed, deals):
    rand = deck.Xorshift32(seed)
    settings = Settings(players=players)
    for _ in range(deals):
        pack = deck.shuffle(deck.new_pack(), rand)
        hands = [pack[4 * s:4 * s + 4] for s in range(players)]
        dealer = deck.randbelow(rand, players)
        steps = play_out([h[:] for h in hands], (dealer + 1) % players,
                         lambda fits: fits[deck.randbelow(rand, len(fits))])
        m = Match(settings, [["dealer", dealer]])
        expected = [0] * settings.sides
        for event, scorer, points, count, turn in steps:
            m.apply(event)
            if scorer is not None:
                expected[settings.side_of(scorer)] += points
            assert m.front == expected, (hands, dealer, event)
            assert play(m)[:2] == (count, turn), (hands, dealer, event)
        assert [sorted(r) for r in m.laid] == [sorted(c // 4 + 1 for c in h) for h in hands]
        assert Match(settings, saved=list(m.iter_saved())).state() == m.state()


def test_whole_plays_against_the_reference_two_players():
    check_plays_against_the_reference(2, 2463534242, 60)


def test_whole_plays_against_the_reference_three_players():
    check_plays_against_the_reference(3, 88675123, 40)


def test_whole_plays_against_the_reference_teams():
    check_plays_against_the_reference(4, 521288629, 40)


def test_whole_games_laid_card_by_card_undo_to_every_step():
    m = Match(Settings(players=3, target=61))
    play_game(m, deck.Xorshift32(7), by_card=True)
    assert m.phase == "over"
    log = m.log
    states = []
    while m.events > len(log) - 60:  # the last deals, through their plays
        states.append(m.state())
        m.undo()
        assert m.state() == Match(m.settings, log[:m.events]).state()
    while states:
        m.apply(log[m.events])
        assert m.state() == states.pop()


def test_a_hand_laid_in_the_play_is_counted_with_the_cards_it_laid():
    m = new_match([["dealer", 0], ["starter", card("KH")]])
    for event in (["lay", 1, 5], ["lay", 0, 10], ["lay", 1, 5], ["lay", 0, 13], ["go", 1], ["go", 0],
                  ["lay", 1, 1], ["lay", 0, 5], ["lay", 1, 12]):
        m.apply(event)  # P2 has laid 5 5 A Q, P1 10 K 5 (one card still in hand)
    m.apply(["peg", 0, 1])  # the rest of the play pegged by points: P1's last card is not known
    # P2's hand must be 5 5 A Q (its cards or its ranks), in any order
    rejected(m, ["hand", 1, [card(c) for c in ("5S", "5C", "AS", "KS")], None], "P2 laid 5 5 A Q in the play")
    rejected(m, ["hand", 1, [card(c) for c in ("5S", "4C", "AS", "QS")], None], "the hand counted holds them all")
    rejected(m, ["show_ranks", 1, [4, 0, 11, 12], 0, False, None], "P2 laid 5 5 A Q")
    m.apply(["show_ranks", 1, [11, 4, 0, 4], 0, False, None])
    # P1 laid 10 K 5: any fourth card will do
    rejected(m, ["hand", 0, [card(c) for c in ("10S", "5D", "QD", "2C")], None], "P1 laid 10 K 5")
    m.apply(["hand", 0, [card(c) for c in ("2C", "KS", "5D", "10S")], None])
    m.apply(["crib", None, 0])  # the crib was never laid: nothing to hold


def test_a_show_holds_no_fifth_card_of_a_rank_laid_by_a_seat_that_shows_later():
    m = new_match([["dealer", 0], ["starter", card("KC")]])
    for seat in (1, 0, 1, 0):
        m.apply(["lay", seat, 5])  # P2 and P1 each laid two fives: all four are out
    # P2's hand holds its two fives, and no third: P1's two are on the table, to be shown after it
    rejected(m, ["hand", 1, [card(c) for c in ("5C", "5D", "5H", "2S")], None], "four 5s: 2 on the table")
    rejected(m, ["show_ranks", 1, [4, 4, 4, 1], 0, False, None], "four 5s: 2 on the table")
    m.apply(["hand", 1, [card(c) for c in ("5C", "5D", "3H", "2S")], None])
    m.apply(["hand", 0, [card(c) for c in ("5H", "5S", "4H", "9S")], None])
    assert m.front == [20, 18]


def test_a_show_holds_no_fifth_card_of_a_rank_laid_by_a_seat_shown_by_total():
    m = new_match([["dealer", 0], ["starter", card("KC")]])
    for seat in (1, 0, 1, 0):
        m.apply(["lay", seat, 5])
    m.apply(["hand", 1, None, 2])  # P2 shows by total: its two fives are on the table, unseen
    rejected(m, ["hand", 0, [card(c) for c in ("5C", "5D", "5H", "2S")], None], "four 5s: 2 on the table")
    m.apply(["hand", 0, None, 2])
    rejected(m, ["crib", [card(c) for c in ("5C", "6D", "7H", "2S")], None], "four 5s: 4 on the table")
    rejected(m, ["show_ranks", None, [4, 5, 6, 1], 0, False, None], "four 5s: 4 on the table")
    m.apply(["crib", [card(c) for c in ("6C", "6D", "7H", "2S")], None])


def test_a_total_for_a_hand_laid_in_the_play_is_one_its_ranks_can_count():
    # A review: P2's A 9 2 3, every card laid, with a 7 starter, pegged as a total of 29.
    for muggins in (False, True):
        m = new_match([["dealer", 0], ["starter", card("7D")]], muggins=muggins)
        for event in (["lay", 1, 1], ["lay", 0, 13], ["lay", 1, 9], ["lay", 0, 12], ["go", 1], ["go", 0],
                      ["lay", 1, 2], ["lay", 0, 11], ["lay", 1, 3], ["lay", 0, 4]):
            m.apply(event)  # P2 laid A 9 2 3, P1 K Q J 4
        if muggins:
            rejected(m, ["hand", 1, None, 11], "does not count 11: claim less")  # (the refusal tells no count)
            m.apply(["hand", 1, None, 8])  # less than it may count: a claim
        else:
            rejected(m, ["hand", 1, None, 29], "the hand laid A 9 2 3 counts 5 or 9 or 10, not 29")
            m.apply(["hand", 1, None, 9])
        rejected(m, ["hand", 0, None, 19], "no hand counts 19 (possible: 0 to 29 except 19, 25, 26, 27)")
