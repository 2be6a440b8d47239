"""The match event log: the deal, the cut, heels, the play, the show and illegal events."""

import json

from match_helpers import card, cards, new_match, rejected

from cribbage.game import cut_dealer
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from portable import raises

# Hands whose counts are worked out by hand (the show module's own tests check scoring).
BEST = cards("5C 5D 5H JS")  # with the 5S starter: 29
BEST_STARTER = card("5S")
RUN_HAND = cards("2C 3D 4H 9S")  # with KC: fifteens 2+4+9, 2+3+K (4), run 2-3-4 (3): 7
ZERO_HAND = cards("2D 4D 6H 8S")  # with KC: no fifteen, pair, run, flush or nobs: 0


def test_rule_error_is_a_value_error():
    assert issubclass(RuleError, ValueError)


def test_the_lowest_cut_deals():
    m = Match()
    assert (m.phase, m.dealer, m.next_show) == ("cut", None, None)
    m.apply(["cut", cards("9C 3D")])
    assert (m.phase, m.dealer, m.next_show) == ("play", 1, (0, "hand"))
    m = new_match(players=3)
    m.apply(["cut", cards("2C 9D 9H")])  # a tie above the lowest card does not matter
    assert m.dealer == 0
    m = new_match(players=4)
    m.apply(["cut", cards("KC QD JH 10S")])
    assert m.dealer == 3


def test_a_tie_for_lowest_cuts_again():
    m = Match()
    rejected(m, ["cut", cards("3C 3D")], "cut again")
    rejected(new_match(players=3), ["cut", cards("9C 2D 2H")], "cut again")
    m.apply(["cut", cards("3C 4D")])
    assert m.dealer == 0


def test_bad_cuts_and_dealers():
    m = Match()
    rejected(m, ["cut", cards("3C")], "2 cards")
    rejected(m, ["cut", [3, 3]], "twice")
    rejected(m, ["cut", [3, 52]], "52")
    rejected(m, ["cut", [3, "5H"]], "card number")
    rejected(m, ["cut", None], "2 cards")
    # Players are named as the board names them (P1, P2), never by the protocol's 0-based number.
    rejected(m, ["dealer", 2], "the dealer must be P1 or P2, not P3")
    rejected(m, ["dealer", -1], "the dealer must be P1 or P2, not -1")
    rejected(m, ["dealer", True], "the dealer must be P1 or P2, not true")  # as JSON writes it
    rejected(m, ["dealer"], '["dealer", seat]')
    m.apply(["dealer", 1])
    rejected(m, ["dealer", 0], "the dealer is already known: P2 deals")
    rejected(m, ["cut", cards("3C 4D")], "already known")
    teams = new_match(players=4)
    rejected(teams, ["dealer", 4], "the dealer must be T1a, T2a, T1b or T2b, not P5")
    teams.apply(["dealer", 3])
    rejected(teams, ["dealer", 0], "the dealer is already known: T2b deals")
    assert teams.next_show == (0, "hand")


def test_malformed_events():
    m = new_match([["dealer", 0]])
    for event in (None, [], "peg", 7, [1, 2], ["pegs", 0, 1], {"peg": 1}):
        rejected(m, event)
    rejected(m, ["peg", 0], '["peg", side, points]')
    rejected(m, ["peg", 0, 1, 2], '["peg", side, points]')
    rejected(m, ["heels", 1], '["heels"]')
    rejected(m, ["starter"], '["starter", card]')
    rejected(m, ["hand", 1, None], '["hand", seat')
    rejected(m, ["crib", None], '["crib"')
    rejected(m, ["new_game", 1], '["new_game"]')
    rejected(m, ["new_match", 0], '["new_match"]')


def test_two_player_show_order_and_the_deal_passing():
    m = new_match([["dealer", 0], ["starter", card("KC")]])
    assert m.next_show == (1, "hand")
    rejected(m, ["hand", 0, None, 4], "out of turn: P2's hand counts next")
    rejected(m, ["crib", None, 4], "out of turn: P2's hand counts next")
    rejected(m, ["hand", 2, None, 4], "count the hand of P1 or P2, not P3")
    m.apply(["hand", 1, RUN_HAND, None])
    assert (m.phase, m.front, m.next_show) == ("show", [0, 7], (0, "hand"))
    rejected(m, ["hand", 1, None, 4], "out of turn: P1's hand counts next")
    m.apply(["hand", 0, ZERO_HAND, None])
    assert m.next_show == (None, "crib")
    rejected(m, ["hand", 0, None, 2], "crib counts next")
    m.apply(["crib", None, 6])
    assert (m.dealer, m.phase, m.front, m.starter, m.used) == (1, "play", [6, 7], None, [])
    assert m.next_show == (0, "hand")


def test_three_player_show_order():
    m = new_match([["dealer", 1]], players=3)
    order = []
    while m.next_show[1] == "hand":
        seat = m.next_show[0]
        order.append(seat)
        m.apply(["hand", seat, None, 10 + seat])
    assert order == [2, 0, 1]
    m.apply(["crib", None, 5])
    assert m.front == [10, 11 + 5, 12]
    assert m.dealer == 2 and m.next_show == (0, "hand")


def test_team_show_order_and_shared_tracks():
    m = new_match([["dealer", 3]], players=4)
    order = []
    for points in (1, 2, 3, 4):
        order.append(m.next_show[0])
        m.apply(["hand", m.next_show[0], None, points])
    assert order == [0, 1, 2, 3]
    assert m.front == [1 + 3, 2 + 4]  # seats 0 and 2 are side 0, seats 1 and 3 side 1
    assert m.back == [1, 2]
    m.apply(["crib", None, 8])  # the dealer's crib: seat 3, side 1
    assert m.front == [4, 14] and m.dealer == 0
    m.apply(["peg", 1, 2])
    assert m.front == [4, 16]
    rejected(m, ["peg", 2, 2], "peg for T1 or T2, not T3")


def test_his_heels():
    m = new_match([["dealer", 0]])
    m.apply(["starter", card("JD")])
    assert (m.front, m.heels, m.used) == ([2, 0], True, [card("JD")])
    rejected(m, ["heels"], "already")
    rejected(m, ["starter", card("5D")], "already")
    teams = new_match([["dealer", 3]], players=4)
    teams.apply(["starter", card("JH")])
    assert teams.front == [0, 2]
    m = new_match([["dealer", 1], ["starter", card("QD")]])
    assert m.front == [0, 0] and not m.heels
    rejected(m, ["heels"], "not a jack")


def test_his_heels_a_house_rule_keeps_from_the_peg_are_said_held():
    # the dealer at 120 with peg out exactly, or where 2 end on the stinkhole: the Jack's 2 are not
    # pegged, and the game says so (the display says "not pegged", not "2")
    def dealer_at(at, **rule):
        return new_match([["dealer", 0]] + [["peg", 0, 30]] * 3 + [["peg", 0, at - 90]], **rule)

    for rule, at in (("peg_out_exactly", 120), ("stinkhole", 118)):
        m = dealer_at(at, **{rule: True})
        m.apply(["starter", card("JD")])
        assert (m.front, m.heels, m.state()["heels"]) == ([at, 0], "held", True), rule
        m.undo()
        assert m.heels is False
        m.apply(["heels"])
        assert (m.front, m.heels) == ([at, 0], "held"), rule
        assert Match(m.settings, m.log).heels == "held"
    m = dealer_at(117, peg_out_exactly=True)
    m.apply(["starter", card("JD")])  # 119: pegged
    assert (m.front, m.heels) == ([119, 0], True)


def test_heels_without_the_starter():
    m = new_match([["dealer", 1], ["heels"]])
    assert (m.front, m.heels, m.starter) == ([0, 2], True, None)
    rejected(m, ["heels"], "already")
    rejected(m, ["starter", card("QD")], "must be a jack")
    m.apply(["starter", card("JC")])  # the jack confirms the heels: no second 2
    assert m.front == [0, 2] and m.starter == card("JC")


def test_a_starter_dialled_late():
    m = new_match([["dealer", 0], ["peg", 1, 3]])
    m.apply(["starter", card("JS")])  # heels come when the board learns of them, in the play
    assert m.front == [2, 3] and m.heels
    m = new_match([["dealer", 0], ["peg", 1, 3], ["hand", 1, None, 4]])
    m.apply(["starter", card("JS")])  # once the show has begun: too late for his heels
    assert m.front == [0, 7] and not m.heels
    rejected(m, ["heels"], "too late")  # not "not a jack": it is one
    # Three 5+Q, three 5+J and 5+5+5 are seven fifteens (14), a pair royal 6: 20.
    m.apply(["hand", 0, cards("5C 5D 5H QS"), None])
    assert m.front == [20, 7]
    m = new_match([["dealer", 0], ["starter", card("5D")], ["hand", 1, None, 4]])
    rejected(m, ["heels"], "the starter 5D is not a jack")  # not "too late ... undo": undoing would not help


def test_his_heels_once_and_before_the_show():
    m = new_match([["dealer", 0]])
    m.apply(["heels"])
    rejected(m, ["heels"], "already")
    m.apply(["starter", card("JD")])  # the jack itself pegs nothing more
    assert m.front == [2, 0]
    m = new_match([["dealer", 0], ["starter", card("JD")]])
    assert m.front == [2, 0]
    rejected(m, ["heels"], "already")
    m = new_match([["dealer", 0], ["hand", 1, None, 4]])
    rejected(m, ["heels"], "too late for his heels")  # with both on 119 the pone's count would have won
    m.undo()
    m.apply(["heels"])  # undo is the way to peg a forgotten one
    assert m.front == [2, 0]


def test_the_cut_for_deal_by_ranks():
    m = new_match()
    rejected(m, ["cut_ranks", [3, 3]], "cut again")
    for bad in ([3], [3, 13], [3, None], [3, True], [3, -1], None, [3, "K"]):
        rejected(m, ["cut_ranks", bad], "one rank per seat")
    m.apply(["cut_ranks", [12, 0]])  # a king and an ace: the ace deals
    assert m.dealer == 1 and m.phase == "play"
    rejected(m, ["cut_ranks", [0, 1]], "already known")
    m = new_match(players=3)
    rejected(m, ["cut_ranks", [4, 1, 1]], "tied (5 2 2)")
    m.apply(["cut_ranks", [None, 9, 3]])  # seats 1 and 2 tied low and cut again: seat 0 is out
    assert m.dealer == 2
    assert m.log == [["cut_ranks", [None, 9, 3]]]
    assert Match(m.settings, saved=list(m.iter_saved())).log == m.log


def test_cut_dealer():
    assert cut_dealer(cards("5H KS")) == 0
    assert cut_dealer(cards("KS 5H")) == 1
    assert cut_dealer(cards("AS AH")) is None  # suits do not break a tie
    assert cut_dealer(cards("2C 9D 9H")) == 0  # a tie above the lowest does not matter
    assert cut_dealer(cards("9C 2D 2H")) is None
    assert cut_dealer(cards("QC JD 10H KS")) == 2


def test_starter_rules():
    rejected(Match(), ["starter", card("5C")], "no dealer")
    m = new_match([["dealer", 0]])
    rejected(m, ["starter", 52], "card number")
    rejected(m, ["starter", None], "card number")
    rejected(m, ["starter", [4]], "card number")
    m.apply(["starter", BEST_STARTER])
    rejected(m, ["starter", card("6C")], "already")


def test_counting_from_cards():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]])
    m.apply(["hand", 1, BEST, None])
    assert m.front == [0, 29] and m.last_count.total == 29
    assert m.used == [BEST_STARTER] + BEST
    assert m.last_count.nobs == card("JS")
    m.apply(["hand", 0, cards("2D 4D 6H 8C"), None])  # with 5S: 2+8+5, 4+6+5 (4), run 4-5-6 (3)
    assert m.front == [7, 29] and m.last_count.total == 7
    # Crib with 5S: K+5, Q+5 (4) and the pair of aces (2): 6.
    rejected(m, ["crib", cards("AC AD KH QH"), 0], "counts 6, not 0")
    m.apply(["crib", cards("AC AD KH QH"), None])
    assert m.front == [13, 29] and m.last_count.total == 6 and m.last_count.is_crib
    assert m.used == [] and m.dealer == 1 and m.last_count.starter == BEST_STARTER


def test_cards_already_on_the_table():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]])
    rejected(m, ["hand", 1, cards("5S 2C 3C 4C"), None], "already on the table")
    m.apply(["hand", 1, BEST, None])
    rejected(m, ["hand", 0, cards("JS 2C 3C 4C"), None], "already on the table")
    rejected(m, ["hand", 0, cards("2C 3C 4C"), None], "4 cards")
    rejected(m, ["hand", 0, [4, 4, 8, 12], None], "twice")
    rejected(m, ["hand", 0, [4, 8, 12, 99], None], "card number")


def test_cards_need_the_starter():
    m = new_match([["dealer", 0]])
    rejected(m, ["hand", 1, BEST, None], "starter first")
    m.apply(["hand", 1, None, 12])  # a total alone needs no starter
    assert m.front == [0, 12]


def test_totals_without_cards():
    m = new_match([["dealer", 0]])
    for bad in (19, 25, 26, 27, 30, -1, 1.5, "4", True):
        rejected(m, ["hand", 1, None, bad])
    rejected(m, ["hand", 1, None, None], "give the cards")
    m.apply(["hand", 1, None, 0])
    assert (m.front, m.back, m.phase) == ([0, 0], [0, 0], "show")  # a nineteen moves no peg
    m.apply(["hand", 0, None, 29])
    assert m.front == [29, 0]


def test_claims_must_match_without_muggins():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER]])
    rejected(m, ["hand", 1, BEST, 28], "counts 29, not 28")
    rejected(m, ["hand", 1, BEST, 30], "counts 29, not 30")
    m.apply(["hand", 1, BEST, 29])
    assert m.front == [0, 29]


def test_pegging_rules():
    rejected(Match(), ["peg", 0, 2], "no dealer")
    m = new_match([["dealer", 0]])
    for side, points in ((0, 0), (0, -1), (0, 32), (0, "2"), (0, True), (0, 2.0), (0, None)):
        rejected(m, ["peg", side, points], "points")
    for side, shown in ((2, "P3"), (-1, "-1"), (None, "null"), ("0", '"0"'), (False, "false")):  # as JSON writes it
        rejected(m, ["peg", side, 2], "peg for P1 or P2, not %s" % shown)
    rejected(new_match([["dealer", 0]], players=3), ["peg", 3, 2], "peg for P1, P2 or P3, not P4")
    m.apply(["peg", 0, 31])
    m.apply(["peg", 0, 1])
    assert (m.front, m.back) == ([32, 0], [31, 0])
    m.apply(["hand", 1, None, 2])
    rejected(m, ["peg", 0, 2], "show has begun")
    rejected(m, ["peg", 0, "2"], 'points in the play must be from 1 to 31, not "2"')  # the event's own fault first
    rejected(m, ["peg", 5, 2], "peg for P1 or P2, not P6")  # (a play-test: both said the show had begun)
    rejected(Match(), ["peg", 0, True], "points in the play")


def test_state_is_json_and_replays_from_json():
    m = new_match([["dealer", 0], ["starter", BEST_STARTER], ["peg", 1, 2], ["hand", 1, tuple(BEST), None]],
                  muggins=True)
    text = json.dumps({"settings": m.settings.to_dict(), "log": m.log, "state": m.state()})
    saved = json.loads(text)
    again = Match(Settings.from_dict(saved["settings"]), saved["log"])
    assert again.state() == m.state() == saved["state"]
    assert again.log == m.log and m.log[-1] == ["hand", 1, BEST, None]
    assert Match(saved["settings"], saved["log"]).state() == m.state()  # settings as a dict


def test_the_log_gives_back_every_event_exactly():
    # Extreme values of every field: the log is stored compactly and must decode to the same.
    teams = [["cut", [51, 50, 49, 0]], ["starter", 47], ["peg", 1, 31], ["peg", 0, 1],
             ["hand", 0, [51, 50, 49, 48], None], ["hand", 1, None, 29], ["hand", 2, None, 0],
             ["hand", 3, [0, 1, 2, 3], None], ["crib", [4, 5, 6, 7], None], ["heels"], ["hand", 1, None, 28]]
    m = new_match(teams, players=4)
    assert m.log == teams and m.events == len(teams) and m.dealer == 0
    three = [["dealer", 2], ["peg", 2, 31], ["starter", 0], ["hand", 0, [51, 50, 49, 48], 0], ["new_game"],
             ["new_match"], ["cut", [4, 8, 12]], ["new_game"]]
    m = new_match(three, players=3, muggins=True)
    assert m.log == three and m.events == 8
    m.log[0][1] = 1  # a copy: changing it changes nothing
    assert m.log == three
    m.apply(("dealer", 1))  # tuples are accepted and logged as lists
    assert m.log[-1] == ["dealer", 1]


def quick_game(m):
    """A game P1 wins by pegs alone (5 events), then the next begun; the board's archive after each."""
    for points in (31, 31, 31, 28):
        m.apply(["peg", 0, points])
    m.apply(["new_game"])
    cut = m.archivable()
    if cut is not None:
        m.archive(cut)


def test_a_match_without_a_length_keeps_its_last_games_results_and_counts_them_all():
    # a board's one long match, never restarted: the results of its last 100 games at least are kept
    # (as many as the board keeps the logs of), the older go, so its heap, saves and archives stay bounded
    m = new_match([["dealer", 1]])
    for played in range(1, 301):
        quick_game(m)
        games = m.games
        assert m.state()["games_played"] == played and games[-1]["number"] == played
        assert 100 <= len(games) < 164 or len(games) == played
        assert [g["number"] for g in games] == list(range(played - len(games) + 1, played + 1))
        base = m.saved_base()
        if base is not None:  # the save's base: bounded too, and the match rebuilt from it is this one
            assert len(base[3]) < 164
            again = Match(m.settings, base=base, saved=m.iter_saved())
            assert again.state() == m.state() and again.games[-len(games):] == games
    assert len(json.dumps(m.saved_base())) < 2000


def test_undo_of_the_game_whose_end_drops_the_oldest_results_brings_them_back():
    m = new_match([["dealer", 1]])
    for _ in range(163):
        quick_game(m)
    for points in (31, 31, 31):
        m.apply(["peg", 0, points])
    kept = m.games
    m.apply(["peg", 0, 28])  # the 164th game over: the oldest results go
    assert len(m.games) == 100 and m.games[-1]["number"] == 164
    assert m.undo() == ["peg", 0, 28]
    assert m.games == kept and m.state()["games_played"] == 163
    m.apply(["peg", 0, 28])
    assert len(m.games) == 100 and m.state()["games_played"] == 164


def test_a_save_of_firmware_that_kept_every_game_keeps_the_last_ones_from_the_next_game_on():
    m = new_match([["dealer", 1]])
    for _ in range(3):
        quick_game(m)
    index, dealer, won, games, number, start = m.saved_base()
    old = Match(m.settings, base=[index, dealer, won, games * 150, number + 298, start])  # 300 games, all kept
    assert len(old.games) == 300 and old.games[0]["number"] == 1
    quick_game(old)
    assert len(old.games) == 100 and old.games[-1]["number"] == 301 and old.state()["games_played"] == 301


def test_a_saved_base_with_more_games_than_its_number_counts_is_refused():
    m = new_match([["dealer", 1]])
    for _ in range(3):
        quick_game(m)
    base = m.saved_base()  # at game 3's start: games 1 and 2 finished
    assert base[4] == 3 and len(base[3]) == 2
    Match(m.settings, base=base)
    with raises(ValueError, "is not a match's start of a game"):
        Match(m.settings, base=base[:3] + [base[3] * 2] + base[4:])
