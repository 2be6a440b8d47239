"""The show's controls: the counted total cannot be dialled away, a skipped starter stays skipped for the deal,
his heels has its own control (and is never pegged twice), and the display says the count in words."""

from app_driver import BACK_PRESS, ENC, HOLD_BACK, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, dealt, turn

from cribbage import saying, show
from cribbage.cards import parse, parse_hand


def display(d):
    d.frame_at(d.hw.ticks_ms() + 1)
    return d.hw.display.lines


def test_turning_cannot_change_the_counted_total_with_muggins_off():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.pick_all("5C 5H 5S QC")  # four fives and a ten-card: 28
    assert d.mode.step == 4 and d.mode.points == 28
    d.press(turn(-5))
    assert d.mode.points == 28 and display(d)[0] == "P2 HAND 28"
    d.press(ENC)
    assert d.match.front == [0, 28]


def test_with_muggins_on_the_claim_is_dialled_before_the_preview():
    d = dealt(turn(5), ENC, turn(1), ENC)  # muggins on
    d.press(ENC)
    d.pick("5D")
    d.pick_all("5C 5H 5S QC")
    assert d.mode.step == 2  # the claim
    d.press(turn(24), ENC)
    assert d.mode.step == 4 and d.mode.points == 24
    d.press(turn(-5))  # on the preview the claim stays
    assert d.mode.points == 24
    d.press(BACK_PRESS, turn(-4), ENC)  # back to the claim: 20
    d.press(ENC)
    assert d.match.front == [8, 20]  # the 8 overlooked points go to the opponent


def test_a_skipped_starter_stays_skipped_for_the_whole_deal():
    d = dealt()
    d.press(ENC, HOLD_ENC)  # the starter is skipped: pone's total
    assert d.mode.step == 3 and d.mode.title(d.board) == "P2 HAND"
    d.press(turn(12), ENC)
    assert d.match.front == [0, 12]
    assert d.mode.step == 3 and d.mode.title(d.board) == "P1 HAND"  # not the starter picker again
    d.press(BACK_PRESS)  # leaves the count (there are no cards to go back to)
    assert d.mode.name == "peg"
    d.press(ENC)  # counting again: still the total
    assert d.mode.step == 3 and d.mode.title(d.board) == "P1 HAND"
    d.press(turn(8), ENC, turn(4), ENC)  # the dealer's hand, then the crib
    assert d.match.front == [12, 12] and d.match.back == [8, 0]
    assert d.mode.name == "peg" and d.match.dealer == 1  # the next deal asks for its starter again
    d.press(ENC)
    assert d.mode.step == 0


def test_skipping_can_be_taken_back_before_a_hand_is_counted():
    d = dealt()
    d.press(ENC, HOLD_ENC)
    d.press(BACK_PRESS)  # back from the total: the starter picker again
    assert d.mode.step == 0
    d.pick("5D")
    assert d.mode.step == 1 and d.match.starter == parse("5D")


def test_his_heels_from_the_dealers_button_then_the_jack_pegs_nothing_more():
    d = dealt()
    d.press(ENC)
    assert d.mode.step == 0
    d.press(HOLD_P1)  # player 1 deals: his heels
    assert d.match.front == [2, 0] and d.match.heels and d.match.starter is None
    assert d.mode.name == "peg"  # back to the play, where the dealer's peg shows it
    d.press(HOLD_P2)  # a pair in the play
    d.press(ENC)  # the count: the starter picker opens again (the starter is still unknown)
    assert d.mode.step == 0
    d.pick("5D")  # not a Jack: refused
    assert d.match.starter is None and d.board.message is not None and d.mode.step == 0
    d.pick("JC")  # the Jack: no second heels
    assert d.match.starter == parse("JC") and d.match.front == [2, 2] and d.mode.step == 1
    d.count_show("5C 5H 5S 5D")  # 28 with the Jack starter (no nobs: the Jack is the starter)
    assert d.match.front == [2, 30]
    assert d.match.log[1] == ["heels"]


def test_his_heels_with_a_skipped_starter_and_refusals():
    d = dealt()
    d.press(ENC, HOLD_ENC, turn(6), ENC)  # skipped; pone counts 6
    d.press(HOLD_P2)  # the pone's button: not the dealer's
    assert d.match.front == [0, 6] and d.board.message is not None
    d.press(HOLD_P1)  # the dealer's: his heels, still allowed while the starter is unknown
    assert d.match.front == [2, 6] and d.mode.step == 3
    d.press(HOLD_P1)  # but only once
    assert d.match.front == [2, 6] and "already" in d.board.message
    d.press(turn(2), ENC)
    assert d.match.front == [4, 6]


def test_his_heels_cannot_follow_a_known_starter():
    d = dealt()
    d.press(ENC)
    d.pick("7H")
    d.press(HOLD_P1)  # in the card picker: the starter is known and no Jack
    assert d.match.front == [0, 0] and "not a jack" in d.board.message
    d.press(BACK_PRESS)
    d.press(ENC)
    d.pick_all("7C 8D 9S TD")
    d.press(HOLD_P1)  # on the preview too
    assert d.match.front == [0, 0] and d.mode.step == 4


def test_his_heels_for_the_third_player_is_the_back_button():
    d = Driver()
    d.board.handle_command('{"cmd": "settings", "set": {"players": 3}}')
    d.press(turn(2), ENC)  # seat 2 deals
    d.press(ENC)
    assert "hold back=heels" in display(d)
    d.press(HOLD_BACK)
    assert d.match.front == [0, 0, 2]


def test_his_heels_can_win_the_game():
    d = dealt()
    for _ in range(4):
        d.peg(P1, 29)  # 116
    d.peg(P1, 3)  # 119
    d.press(ENC, HOLD_P1)
    assert d.match.winner == 0 and d.mode.name == "peg"


def said(d):
    """Every line of the spoken count on the display, scrolling down by turning."""
    lines = display(d)[1:]
    seen = list(lines)
    for _ in range(20):
        d.press(turn(1))
        more = display(d)[1:]
        if more == lines:
            break
        assert more[:-1] == lines[1:]  # one line further
        seen.append(more[-1])
        lines = more
    return seen


def test_the_display_says_the_count_the_way_players_say_it():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.pick_all("5C 5H 5S QC")
    lines = display(d)
    assert lines[0] == "P2 HAND 28"
    assert lines[1:4] == ["fifteen two", "fifteen four", "fifteen six"]
    spoken = said(d)
    assert len(spoken) > 7  # more than the screen holds: turning scrolled
    cards = parse_hand("5C 5H 5S QC 5D")
    sentence = saying.say(show.count(cards[:4], cards[4]))
    assert " ".join(spoken) == sentence.replace(", and ", " ").replace(", ", " ")
    assert spoken[-1] == "twenty-eight" and all(len(line) <= 16 for line in spoken)
    d.press(turn(-30))  # back to the top
    assert display(d)[1] == "fifteen two"
    d.press(ENC)
    assert d.match.front == [0, 28]


def test_a_short_count_fits_and_does_not_scroll():
    d = dealt()
    d.press(ENC)
    d.pick("KD")
    d.pick_all("AC 2D 3H 7S")  # a short count: fifteen two and a run of three
    count = show.count([parse(c) for c in "AC 2D 3H 7S".split()], parse("KD"))
    assert display(d)[1:] == saying.say_lines(count)
    d.press(turn(3))
    assert d.mode.scroll == 0 and d.mode.points == count.total
    d.press(P2, ENC)  # p2 does nothing on the preview; the encoder pegs
    assert d.match.front == [0, count.total]
