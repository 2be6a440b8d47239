"""The end of a game: winning mid-show, skunk lines, house rules, the next game and the match."""

from match_helpers import card, cards, new_match, peg_to, rejected, two_player_game

from cribbage.match import RuleError
from portable import raises

BEST = cards("5C 5D 5H JS")  # with the 5S starter: 29
BEST_STARTER = card("5S")


def check_over(m, winner, result, points):
    assert (m.phase, m.winner, m.result, m.next_show) == ("over", winner, result, None)
    assert m.front[winner] == m.settings.target
    assert m.games[-1] == {"number": m.game_number, "winner": winner, "result": result, "points": points,
                           "scores": m.front}
    for event in (["peg", 0, 1], ["peg", 1, 1], ["hand", 0, None, 2], ["hand", 1, None, 2], ["crib", None, 2],
                  ["starter", card("2C")], ["heels"], ["dealer", 0], ["cut", cards("2C 3C")]):
        rejected(m, event, "over")


def test_pone_wins_before_the_dealer_counts():
    m = two_player_game(110, 118)
    m.apply(["hand", 1, None, 12])  # 122: the peg stops in the game hole
    check_over(m, 1, "win", 1)
    assert m.front == [118, 121] and m.back == [93, 110]
    assert m.games_won == [0, 1] and m.dealer == 0


def test_his_heels_can_end_the_game():
    m = two_player_game(50, 119)
    m.apply(["starter", card("JH")])
    check_over(m, 0, "double skunk", 3)
    assert m.games_won == [3, 0]
    m = two_player_game(50, 119)
    m.apply(["heels"])
    check_over(m, 0, "double skunk", 3)


def test_the_dealer_wins_on_the_crib():
    m = two_player_game(100, 100)
    m.apply(["hand", 1, None, 10])
    m.apply(["hand", 0, None, 10])
    m.apply(["crib", None, 11])
    check_over(m, 0, "win", 1)
    assert m.dealer == 0 and m.front == [121, 110]  # the deal does not pass after the end


def finish(loser_score, **settings):
    """The pone ends on ``loser_score``, the dealer pegs out: the game's result and worth."""
    m = two_player_game(loser_score, 0, **settings)
    peg_to(m, 0, m.settings.target)
    assert m.phase == "over" and m.winner == 0
    assert m.games_won == [m.games[0]["points"], 0]
    return m.result, m.games[0]["points"]


def test_skunk_lines_of_121():
    assert finish(120) == ("win", 1)
    assert finish(91) == ("win", 1)
    assert finish(90) == ("skunk", 2)
    assert finish(61) == ("skunk", 2)
    assert finish(60) == ("double skunk", 3)
    assert finish(0) == ("double skunk", 3)
    assert finish(60, double_skunk_games=4) == ("double skunk", 4)
    assert finish(61, double_skunk_games=4) == ("skunk", 2)


def test_skunk_lines_of_61():
    assert finish(46, target=61) == ("win", 1)
    assert finish(45, target=61) == ("skunk", 2)
    assert finish(31, target=61) == ("skunk", 2)
    assert finish(30, target=61) == ("double skunk", 3)
    assert finish(30, target=61, double_skunk_games=4) == ("double skunk", 4)


def test_lurch_and_no_skunk():
    assert finish(61, skunk="lurch") == ("win", 1)
    assert finish(60, skunk="lurch") == ("lurch", 2)
    assert finish(90, skunk="lurch") == ("win", 1)
    assert finish(31, target=61, skunk="lurch") == ("win", 1)
    assert finish(30, target=61, skunk="lurch") == ("lurch", 2)
    assert finish(0, skunk="none") == ("win", 1)
    assert finish(60, skunk="none", target=61) == ("win", 1)


def test_three_players_judged_on_the_best_loser():
    m = new_match([["dealer", 1]], players=3)
    peg_to(m, 0, 95)
    peg_to(m, 2, 40)
    peg_to(m, 1, 121)
    check_over(m, 1, "win", 1)  # 95 escapes the skunk, so the win is plain
    m = new_match([["dealer", 1]], players=3)
    peg_to(m, 0, 90)
    peg_to(m, 2, 40)
    peg_to(m, 1, 121)
    check_over(m, 1, "skunk", 2)
    assert m.games_won == [0, 2, 0]


def test_peg_out_exactly():
    m = two_player_game(0, 118, peg_out_exactly=True)
    assert m.landing(0, 5) == 118 and m.landing(0, 3) == 121
    m.apply(["peg", 0, 5])  # would pass 121: not pegged, pegs stay
    assert (m.front, m.back, m.phase) == ([118, 0], [93, 0], "play")
    m.apply(["hand", 1, None, 2])
    m.apply(["hand", 0, None, 4])  # a show that would pass is not pegged either
    assert m.front == [118, 2] and m.next_show == (None, "crib")
    m.apply(["crib", None, 3])
    check_over(m, 0, "double skunk", 3)
    m = two_player_game(0, 118)
    assert m.landing(0, 5) == 121
    m.apply(["peg", 0, 5])
    check_over(m, 0, "double skunk", 3)


def test_stinkhole():
    m = two_player_game(0, 115, stinkhole=True)
    assert m.landing(0, 5) == 115 and m.landing(0, 6) == 121 and m.landing(0, 4) == 119
    m.apply(["peg", 0, 5])  # would end on 120, the stink hole: not pegged
    assert (m.front[0], m.back[0]) == (115, 93)
    m.apply(["peg", 0, 4])
    assert m.front[0] == 119
    m.apply(["peg", 0, 1])
    assert m.front[0] == 119
    m.apply(["peg", 0, 9])  # passing the game hole still wins without peg-out-exactly
    check_over(m, 0, "double skunk", 3)


def test_stinkhole_of_61_and_his_heels():
    m = two_player_game(55, 0, target=61, stinkhole=True)
    m.apply(["peg", 1, 5])
    assert m.front == [0, 55]
    m = two_player_game(0, 118, stinkhole=True)
    m.apply(["starter", card("JC")])  # heels to 120: not pegged, but they were his heels
    assert m.front == [118, 0] and m.heels


def test_stinkhole_with_peg_out_exactly():
    m = two_player_game(0, 118, stinkhole=True, peg_out_exactly=True)
    assert [m.landing(0, p) for p in (1, 2, 3, 4)] == [119, 118, 121, 118]


def test_muggins_two_players():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]], muggins=True)
    rejected(m, ["hand", 1, BEST, 30], "does not count 30")  # no count told: the players find it
    m.apply(["hand", 1, BEST, 20])
    assert m.front == [0, 20] and m.muggins == 1 and m.state()["muggins"] == 1  # no hand-over by itself
    rejected(m, ["muggins", 1], "own count")
    rejected(m, ["muggins", 2], "called by P1 or P2, not P3")
    m.apply(["muggins", 0])  # the opponent calls: the 9 overlooked points are theirs
    assert m.front == [9, 20] and m.muggins is None
    rejected(m, ["muggins", 0], "right after a claim")  # once
    m.apply(["hand", 0, None, 4])  # a total alone cannot be called
    assert m.front == [13, 20] and m.muggins is None
    rejected(m, ["muggins", 1], "right after a claim")
    m.apply(["crib", cards("AC AD KH QH"), 5])  # worth 6
    assert m.front == [18, 20] and m.dealer == 1 and m.muggins == 0  # the deal passed; the call is still open
    m.apply(["muggins", 1])
    assert m.front == [18, 21]


def test_muggins_not_called_is_lost():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]], muggins=True)
    m.apply(["hand", 1, BEST, 20])
    m.apply(["hand", 0, cards("AC AD KH QH"), 6])  # the next count begins: the call comes too late
    assert m.front == [6, 20] and m.muggins == 0
    m.apply(["crib", cards("2C 4C 6D 8D"), None])  # no claim: the board's count, nothing to call
    assert m.muggins is None
    rejected(m, ["muggins", 1], "right after a claim")


def call_outcomes(m):
    """What each muggins call (by every side, and a bad one) does to ``m``: accepted, or the refusal's words."""
    out = []
    for side in list(range(len(m.front))) + [7]:
        try:
            m.apply(["muggins", side])
        except RuleError as e:
            out.append(str(e))
        else:
            out.append("accepted")
            m.undo()
    return out


def test_a_call_after_a_right_claim_pegs_nothing_and_refusals_tell_nothing():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]], muggins=True)
    m.apply(["hand", 1, BEST, 29])  # the whole count claimed
    assert m.muggins == 1
    m.apply(["muggins", 0])  # accepted like any call: "no muggins"
    assert m.front == [0, 29] and m.log[-1] == ["muggins", 0]
    m.undo()
    assert m.muggins == 1  # undo opens the call again
    # Every claim up to the count (the dealer's hand is worth 6) meets the same answers.
    seen = []
    for claim in range(7):
        m2 = new_match([["dealer", 0], ["starter", BEST_STARTER], ["hand", 1, BEST, 29]], muggins=True)
        m2.apply(["hand", 0, cards("AC AD KH QH"), claim])
        seen.append(call_outcomes(m2))
    assert seen[0] == ["P1 cannot call muggins on their own count", "accepted", "muggins is called by P1 or P2, not P8"]
    assert all(outcomes == seen[0] for outcomes in seen)


def test_muggins_off_refuses_the_call():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER], ["hand", 1, BEST, None]])
    rejected(m, ["muggins", 0], "muggins is off")


def test_muggins_three_players_either_other_player_calls():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]], players=3, muggins=True)
    m.apply(["hand", 1, BEST, 20])
    m.apply(["muggins", 2])  # the player after the claimer calls first
    assert m.front == [0, 20, 9]
    m.apply(["hand", 2, cards("AC AD KH QH"), 0])  # worth 6 with 5S
    rejected(m, ["muggins", 2], "own count")
    m.apply(["muggins", 0])  # the dealer, not the next player, calls it
    assert m.front == [6, 20, 9]
    m.apply(["hand", 0, cards("2D 4D 6H 8C"), 3])  # worth 7, not called
    assert m.front == [9, 20, 9]
    m.apply(["crib", cards("2C 4C 6D 8D"), 2])  # worth 7, the dealer's (side 0)
    m.apply(["muggins", 1])
    assert m.front == [11, 25, 9]


def test_muggins_teams_either_partner_of_the_other_team_calls_for_the_team():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]], players=4, muggins=True)
    m.apply(["hand", 1, BEST, 25])  # seat 1: team 2 (side 1)
    rejected(m, ["muggins", 1], "T2 cannot call")
    m.apply(["muggins", 0])  # team 1's button
    assert m.front == [4, 25]
    m.apply(["hand", 2, cards("AC AD KH QH"), 6])  # seat 2: team 1, the right count
    m.apply(["muggins", 1])
    assert m.front == [10, 25]


def test_muggins_at_the_end_of_a_game():
    m = two_player_game(110, 100, muggins=True)
    m.apply(["starter", BEST_STARTER])
    m.apply(["hand", 1, BEST, 11])  # the claimer is out: the overlooked points are lost
    check_over(m, 1, "win", 1)
    assert m.front == [100, 121] and m.muggins is None
    rejected(m, ["muggins", 0], "over")
    m = two_player_game(50, 115, muggins=True)
    m.apply(["starter", BEST_STARTER])
    m.apply(["hand", 1, BEST, 0])
    m.apply(["muggins", 0])  # the dealer's muggins call pegs him out
    check_over(m, 0, "double skunk", 3)
    assert m.front == [121, 50]


def test_muggins_points_follow_the_house_rules():
    m = two_player_game(50, 115, muggins=True, peg_out_exactly=True)
    m.apply(["starter", BEST_STARTER])
    m.apply(["hand", 1, BEST, 0])
    m.apply(["muggins", 0])  # 29 would pass the game hole: not pegged
    assert m.front == [115, 50] and m.winner is None
    m = two_player_game(50, 91, muggins=True, stinkhole=True)
    m.apply(["starter", BEST_STARTER])
    m.apply(["hand", 1, BEST, 0])
    m.apply(["muggins", 0])  # 91 + 29 = 120: the stink hole
    assert m.front == [91, 50]


def test_muggins_off_means_claims_must_be_exact():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]])
    rejected(m, ["hand", 1, BEST, 20], "muggins is off")


def test_the_loser_deals_the_next_game():
    m = two_player_game(10, 0)
    peg_to(m, 1, 121)
    m.apply(["new_game"])
    assert (m.dealer, m.phase, m.front, m.back, m.game_number) == (0, "play", [0, 0], [0, 0], 2)
    assert m.games_won == [0, 3] and len(m.games) == 1 and m.last_count is None
    rejected(m, ["new_game"], "not begun")
    peg_to(m, 0, 121)  # seat 0 wins; seat 1 lost and deals game 3
    m.apply(["new_game"])
    assert (m.dealer, m.game_number, m.games_won) == (1, 3, [3, 3])
    assert [g["winner"] for g in m.games] == [1, 0]


def three_player_end(dealer, scores, winner):
    m = new_match([["dealer", dealer]], players=3)
    for side in range(3):
        if side != winner:
            peg_to(m, side, scores[side])
    peg_to(m, winner, 121)
    m.apply(["new_game"])
    return m.dealer


def test_the_lower_placed_loser_deals_with_three_players():
    assert three_player_end(1, [50, 121, 40], 1) == 2
    assert three_player_end(1, [40, 121, 50], 1) == 0
    # Tied losers: the first clockwise from the last dealer's left.
    assert three_player_end(1, [40, 121, 40], 1) == 2
    assert three_player_end(2, [40, 121, 40], 1) == 0
    assert three_player_end(0, [121, 70, 70], 0) == 1


def test_tied_losers_after_a_muggins_call_on_the_crib():
    # The crib's count passes the deal on; a call on it that ends the game ends it in that deal:
    # the first tied loser clockwise from its dealer's left deals next.
    m = new_match([["dealer", 0]], players=3, muggins=True)
    for side, score in ((0, 100), (1, 100), (2, 119)):
        peg_to(m, side, score)
    m.apply(["starter", card("2C")])
    for seat in (1, 2, 0):
        m.apply(["hand", seat, None, 0])
    m.apply(["crib", cards("5H 10S 3D 9C"), 0])  # counts 4 at least: claimed 0
    m.apply(["muggins", 2])
    check_over(m, 2, "win", 1)
    assert m.dealer == 0  # the game's last deal
    m.apply(["new_game"])
    assert m.dealer == 1


def test_a_seat_of_the_losing_team_deals():
    def end(dealer, winner):
        m = new_match([["dealer", dealer]], players=4)
        peg_to(m, winner, 121)
        m.apply(["new_game"])
        return m.dealer

    assert end(1, 0) == 3  # side 1 lost; from the dealer's left: seat 2 (side 0), seat 3
    assert end(0, 0) == 1
    assert end(3, 0) == 1
    assert end(2, 1) == 0


def test_abandoning_a_game():
    m = two_player_game(10, 20)
    m.apply(["new_game"])
    assert (m.phase, m.dealer, m.front, m.game_number, m.games_won, m.games) == ("cut", None, [0, 0], 1, [0, 0], [])
    rejected(m, ["new_game"], "not begun")
    m.apply(["cut", cards("2C 3C")])
    peg_to(m, 0, 121)
    assert m.games_won == [3, 0] and m.game_number == 1


def test_new_match():
    rejected(new_match(), ["new_match"], "not begun")
    m = two_player_game(10, 0)
    peg_to(m, 1, 121)
    m.apply(["new_game"])
    m.apply(["peg", 0, 3])
    m.apply(["new_match"])
    assert (m.phase, m.dealer, m.front, m.games_won, m.games, m.game_number) == ("cut", None, [0, 0], [0, 0], [], 1)
    rejected(m, ["new_match"], "not begun")
    rejected(m, ["new_game"], "not begun")
    assert len(m.log) == 2 + 4 + 3  # the game, the pegs to 121, new_game, a peg, new_match


def test_landing_checks_its_arguments():
    m = two_player_game(0, 0)
    for side, points in ((2, 1), (0, -1), ("0", 1), (0, None)):
        with raises(RuleError):
            m.landing(side, points)
    assert m.landing(1, 0) == 0


def test_a_match_won_by_player_2_is_said_with_its_games_first():
    # A play-test: "the match is over: P2 won it 1-3", the winner's games last.
    m = new_match([["dealer", 0]], match_to=3)
    for winner in (0, 1, 1, 1):
        peg_to(m, 1 - winner, 100)
        peg_to(m, winner, 121)  # a plain win: 1 game point
        if m.match_winner is None:
            m.apply(["new_game"])
    assert m.games_won == [1, 3] and m.match_winner == 1
    rejected(m, ["new_game"], "the match is over: P2 won it 3-1 (undo, or a new match)")


def test_a_match_to_game_points_ends_with_the_match_won():
    m = new_match([["dealer", 0]], match_to=3)
    assert m.match_winner is None and m.state()["match_winner"] is None
    peg_to(m, 1, 80)
    peg_to(m, 0, 121)  # a skunk: 2 game points
    assert m.games_won == [2, 0] and m.match_winner is None
    # a won game's refusals say what goes on: undo, or the next game (or a new match)
    rejected(m, ["dealer", 1], "the game is over: no new dealer after it (undo, or a new game or match)")
    m.apply(["new_game"])  # the loser, seat 1, deals
    peg_to(m, 1, 100)
    peg_to(m, 0, 121)  # a plain win: 1 more, and 3 is the match
    assert m.games_won == [3, 0] and m.match_winner == 0 and m.state()["match_winner"] == 0
    for event in (["new_game"], ["peg", 1, 2], ["dealer", 1], ["starter", card("2C")]):  # only a new match goes on
        rejected(m, event, "the match is over: P1 won it 3-0 (undo, or a new match)")
    m.undo()  # the winning peg taken back: the match goes on
    assert m.match_winner is None
    peg_to(m, 0, 121)
    m.apply(["new_match"])
    assert m.games_won == [0, 0] and m.match_winner is None and m.phase == "cut"


def test_a_match_length_off_never_ends():
    m = new_match([["dealer", 0]])
    for _ in range(6):
        peg_to(m, 0, 121)
        m.apply(["new_game"])
    assert m.games_won == [18, 0] and m.match_winner is None


def test_the_match_length_is_a_checked_setting():
    from cribbage.settings import Settings

    assert Settings().match_to == 0
    for value in (0, 3, 5, 7, 9, 11):
        assert Settings(match_to=value).to_dict()["match_to"] == value
    for bad in (1, 2, 4, 12, True, "7", None):
        with raises(ValueError, "match_to"):
            Settings(match_to=bad)
