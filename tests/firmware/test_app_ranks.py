"""Counting shows by their ranks through the board's controls: the starter by its rank, the ranks
dialled (or given by the play), only the questions ranks leave open, then the count as with cards.
The points expected are those of real cards with those ranks and suits (``show.score``)."""


from app_driver import BACK_PRESS, ENC, HOLD_ENC, P1, Driver, answer, dealt, dial, is_hue, starter_rank, turn

from app import palette
from app.picker import card_hole
from cribbage import show
from host_tools.card_text import parse, parse_hand
from shared.events import BACK, LONG, PLAYER_1


def real(hand, starter, crib=False):
    """What real cards count (the board never sees their suits)."""
    return show.score(parse_hand(hand), parse(starter), crib)


def test_a_whole_deal_by_ranks():
    d = dealt()
    starter_rank(d, 4)  # a 5
    assert d.match.starter is None and d.match.starter_rank == 4 and d.mode.name == "peg"
    d.press(ENC)
    assert d.mode.title(d.board) == "P2 HAND"
    dial(d, [4, 4, 4, 10])  # 5 5 5 J: no flush with a pair; the Jack asks
    assert d.display()[2:5] == ["his nobs?", "J starter's suit", "> no"]
    answer(d, True)
    assert d.where() == "confirm" and d.mode.points == real("5C 5D 5H JS", "5S") == 29
    assert d.display()[:2] == ["P2 HAND 29", "fifteen two"]
    d.press(ENC)
    assert d.match.front == [0, 29] and d.mode.title(d.board) == "P1 HAND"
    dial(d, [0, 1, 2, 3])  # A 2 3 4: one suit? then the starter too?
    assert d.display()[2] == "one suit?"
    answer(d, True)
    assert d.display()[2] == "starter too?"
    answer(d, False)
    assert d.where() == "confirm" and d.mode.points == real("AH 2H 3H 4H", "5S")
    d.press(BACK_PRESS)  # the last answer taken back: asked again
    assert d.display()[2] == "starter too?"
    answer(d, True)
    assert d.mode.points == real("AS 2S 3S 4S", "5S") == 12
    d.press(ENC)
    dial(d, [5, 6, 7, 8])  # the crib 6 7 8 9: only a flush of all five counts
    assert d.display()[2] == "one suit?"
    answer(d, False)
    assert d.mode.points == real("6C 7D 8H 9S", "5S", True)
    d.press(ENC)
    assert d.match.front == [12 + real("6C 7D 8H 9S", "5S", True), 29] and d.mode.name == "peg"
    assert d.match.log[-1] == ["show_ranks", None, [5, 6, 7, 8], 0, False, None] and d.match.dealer == 1


def test_what_the_shows_before_rule_out_is_not_asked():
    # A review: his nobs shown by P2 (the Jack of the starter's suit), P1's hand of one suit with a Jack
    # was still asked "starter too?", whose yes the core refuses (only one Jack is of the starter's suit).
    d = dealt()
    starter_rank(d, 4)  # a 5
    d.press(ENC)
    dial(d, [4, 4, 4, 10])
    answer(d, True)  # his nobs
    d.press(ENC)
    assert d.match.front == [0, 29] and d.mode.title(d.board) == "P1 HAND"
    dial(d, [10, 1, 2, 8])  # J 2 3 9
    assert d.display()[2] == "one suit?"
    answer(d, True)  # a flush of four: its Jack is not the starter's suit, so neither is the hand
    assert d.where() == "confirm" and d.mode.points == real("JH 2H 3H 9H", "5S"), d.display()
    d.press(ENC)
    assert d.match.log[-1] == ["show_ranks", 0, [10, 1, 2, 8], 4, False, None]
    dial(d, [10, 6, 7, 8])  # the crib J 7 8 9: no flush of five (its Jack is not the starter's suit); no nobs
    assert d.where() == "confirm" and d.mode.points == real("JC 7D 8H 9S", "5S", True), d.display()


def test_a_quick_turn_flips_the_answer_as_a_slow_one():
    d = dealt()
    starter_rank(d, 4)
    d.press(ENC)
    dial(d, [4, 4, 4, 10])
    assert d.display()[4] == "> no"
    d.press(turn(2))  # a detent turned quickly comes accelerated, as two or five
    assert d.display()[4] == "> yes"
    d.press(turn(-5), turn(1))
    assert d.display()[4] == "> yes"


def test_no_question_without_two_answers():
    d = dealt()
    starter_rank(d, 10)  # a Jack: his heels, and no Jack of the hand is of its suit
    assert d.match.front == [2, 0]
    d.press(ENC)
    dial(d, [9, 10, 10, 12])  # a pair: no flush; the starter a Jack: no nobs
    assert d.where() == "confirm" and d.mode.points == real("TC JD JH KS", "JC")


def test_the_dial_passes_a_rank_whose_four_are_out_and_back_steps_back():
    d = dealt()
    starter_rank(d, 4)
    d.press(ENC)
    dial(d, [4, 4, 4])  # the fives: the starter is the fourth, so the dial moves on to the six
    assert d.mode.ranks.ranks == [4, 4, 4] and d.mode.ranks.rank == 5
    d.press(turn(-1))  # and turns past the fives, either way, one detent or many
    assert d.mode.ranks.rank == 3
    d.press(turn(2))
    assert d.mode.ranks.rank == 6 and d.board.messages.refusal is None
    d.press(BACK_PRESS)  # the last five back: it is dialled again, and the fives are free
    assert d.mode.ranks.ranks == [4, 4] and d.mode.ranks.rank == 4
    d.press(turn(1), turn(-1))
    assert d.mode.ranks.rank == 4
    d.press(BACK_PRESS, BACK_PRESS)
    assert d.mode.ranks.ranks == [] and d.where() == "ranks"
    d.press(HOLD_ENC)  # the total instead
    assert d.where() == "total"
    d.press(BACK_PRESS)
    assert d.where() == "ranks"
    d.press(BACK_PRESS)  # nothing taken: out of the count
    assert d.mode.name == "peg" and d.match.front == [0, 0]


def test_the_leds_show_the_ranks_and_the_answer():
    d = dealt()
    starter_rank(d, 4)
    d.press(ENC)
    dial(d, [0, 1, 2, 3])
    colour = d.board.colours[1]
    hw = d.frame_phase(600, 10)  # the answer blinks on: no is vermillion, each rank in its own row
    for row, rank in enumerate([0, 1, 2, 3]):
        assert is_hue(hw.pixel(*card_hole(rank * 4 + row)), palette.VERMILLION)
    d.press(turn(1))
    hw = d.frame_phase(600, 10)
    assert is_hue(hw.pixel(*card_hole(0)), palette.GREEN)
    d.press(BACK_PRESS)  # the fourth rank taken back: dialled again, blinking in its row
    hw = d.frame_phase(600, 10)
    assert is_hue(hw.pixel(*card_hole(0)), colour) and is_hue(hw.pixel(*card_hole(3 * 4 + 3)), colour)


def test_a_detent_of_the_rank_dialled_shows_at_once_whatever_the_clock():
    # it blinks lit from where it lands (app.picker.Cursor), not on the clock: dark 180 ms in every 600
    for wait in range(0, 600, 43):
        d = dealt()
        starter_rank(d, 4)
        d.press(ENC)  # the pone's hand, by ranks: the first rank dialled, Ace, in the first row
        colour = d.board.colours[1]
        for rank in (1, 2, 3):
            d.hw.advance(wait)
            d.press(turn(1))
            assert is_hue(d.frame_after(1).pixel(*card_hole(rank * 4)), colour), (wait, rank)


def test_without_the_display_each_question_shows_by_what_blinks():
    d = dealt()
    starter_rank(d, 4)
    d.press(ENC)

    def levels(ranks):
        """Each taken rank's brightness as the answer blinks on, then off."""
        return [[sum(d.frame_phase(600, at).pixel(*card_hole(rank * 4 + row))) for row, rank in enumerate(ranks)]
                for at in (10, 500)]

    dial(d, [4, 4, 4, 10])  # 5 5 5 J: his nobs? only the Jack blinks
    on, off = levels([4, 4, 4, 10])
    assert on[:3] == off[:3] and on[3] > off[3] and on[3] > on[0], (on, off)
    answer(d, True)
    d.press(ENC)
    dial(d, [0, 1, 2, 3])  # one suit? all four blink
    on, off = levels([0, 1, 2, 3])
    assert all(on[i] > off[i] for i in range(4)), (on, off)
    answer(d, True)  # then starter too? all four steady
    on, off = levels([0, 1, 2, 3])
    assert on == off and min(on) > 0, (on, off)


def test_muggins_on_a_claim_by_ranks_and_after_a_power_cut():
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"muggins": True}})["ok"]
    d.press(P1)
    starter_rank(d, 4)
    d.press(ENC)
    dial(d, [4, 4, 4, 10])
    answer(d, True)
    assert d.where() == "claim"
    d.press(turn(20), ENC)
    assert d.match.front == [0, 20] and d.where() == "call"
    d = d.reboot()  # the call is still open after a power cut
    d.press(ENC)
    assert d.where() == "call"
    d.press(BACK_PRESS)  # the claim taken back: dialled again, its ranks and answers kept
    assert d.where() == "claim" and d.mode.ranks.ranks == [4, 4, 4, 10] and d.mode.ranks.answers == [True]
    d.press(turn(2), ENC, P1)
    assert d.match.front == [7, 22] and d.where() == "called"
    assert d.display()[:3] == ["P2 HAND 29", "muggins P1 +7", "claim 22"]


def test_ranks_from_the_play_with_a_card_starter():
    d = dealt()
    d.press(ENC)
    d.pick("5H")
    d.press(ENC)
    assert d.where() == "cards"
    d.mode.by_ranks(d.board, [4, 4, 4, 10])  # the ranks the play laid
    assert d.where() == "ranks" and d.display()[2] == "his nobs?"
    answer(d, False)
    assert d.mode.points == 28
    d.press(ENC)
    assert d.match.log[-1] == ["show_ranks", 1, [4, 4, 4, 10], 0, False, None]
    d.mode.by_ranks(d.board, [0, 1, 2, 3])
    answer(d, True)  # one suit; the 5H's suit? it pairs none: asked
    assert d.display()[2] == "starter too?"
    answer(d, True)
    d.press(ENC)
    assert d.match.front == [12, 28]
    d.mode.by_ranks(d.board, [11, 12, 11, 12])  # no question at all: straight to the count
    assert d.where() == "confirm" and d.mode.points == real("QC KC QD KD", "5H")


def test_a_button_held_a_little_long_while_dialling_ranks_is_its_press():
    d = Driver()
    d.ask({"cmd": "settings", "set": {"players": 3}})
    d.press(P1)  # P1 deals
    starter_rank(d, 4)
    d.press(ENC)  # the play is over: P2's hand, by its ranks
    dial(d, [0, 1])
    assert d.mode.ranks.ranks == [0, 1]
    d.press((LONG, BACK))  # P3's button, held a little long: a rank back, no word of his heels
    assert d.mode.ranks.ranks == [0] and d.board.messages.refusal is None
    d.press((LONG, PLAYER_1))  # the dealer's: his heels, refused, and why
    assert d.board.messages.refusal is not None and "heels" in d.board.messages.refusal
    assert d.mode.ranks.ranks == [0]


def test_the_crib_s_one_suit_asks_for_all_five():
    # A review: the crib's "one suit?" looked as the hand's, of its four cards; answered so (A 3 6 8 hearts,
    # the starter a spade) the crib pegged a flush of five it does not have.
    d = dealt()
    starter_rank(d, 11)  # a Queen
    d.press(ENC)
    dial(d, [0, 2, 5, 7])  # P2's hand A 3 6 8
    assert d.display()[2:4] == ["one suit?", ""]  # the hand's: its four cards
    answer(d, False)
    d.press(ENC)
    dial(d, [1, 3, 8, 12])  # P1's hand 2 4 9 K
    answer(d, False)
    d.press(ENC)
    dial(d, [0, 2, 5, 7])  # the crib A 3 6 8
    assert d.display()[2:4] == ["one suit?", "(starter too)"]
    answer(d, False)  # the four of one suit, the starter not: no flush in a crib
    assert d.where() == "confirm" and d.mode.points == real("AH 3H 6H 8H", "QS", True) == 2, d.display()
