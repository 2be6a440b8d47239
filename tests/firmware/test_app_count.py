"""Counting the show with cards through the controls: starter, heels, hands, crib, muggins, the win."""

from app_driver import (
    BACK_PRESS,
    ENC,
    HOLD_BACK,
    HOLD_ENC,
    HOLD_P1,
    HOLD_P2,
    P1,
    P2,
    Driver,
    brightness,
    dealt,
    is_hue,
    turn,
)
from led_colour import ORANGE

from app import palette
from app.picker import card_hole
from host_tools.card_text import parse


def test_a_whole_deal_counted_in_order_with_published_hands():
    d = dealt()
    d.press(ENC)
    assert d.where() == "starter"  # the starter first
    d.pick("5D")
    assert d.mode.name == "peg"  # then the play, which comes after the starter is turned
    d.press(ENC)  # the play is over: the count
    assert d.mode.title(d.board) == "P2 HAND"  # pone counts first
    d.count_show("5C 5H 5S JD")  # the 29 hand
    assert d.match.front == [0, 29]
    assert d.mode.title(d.board) == "P1 HAND"  # then the dealer
    d.count_show("4C 4D 6S 6H")  # 4 4 6 6 with 5: 24
    assert d.match.front == [24, 29]
    assert d.mode.title(d.board) == "P1 CRIB"
    # A-2-3-4 of hearts with the 5D: a run of 5 and fifteen 2 = 7; the 4-card flush (4 more
    # in a hand) does not count in the crib.
    d.count_show("AH 2H 3H 4H")
    assert d.match.front == [31, 29] and d.match.back == [24, 0]
    # the deal is over: the deal passes, the board is idle, the next starter is unknown
    assert d.mode.name == "peg" and d.match.dealer == 1 and d.match.starter is None


def test_home_in_the_show_says_whose_count_is_next_and_how_to_open_it():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.count_show("5C 5H 5S JD")
    d.press(BACK_PRESS)  # left before the dealer's hand is picked: home
    assert d.display() == ["G1 P1 deals", "P1   0 (0)", "P2  29 (0)", "next: P1 hand", "enc=count", "back=undo",
                           "won 0-0"]
    d.press(ENC)
    assert d.mode.title(d.board) == "P1 HAND"
    d.count_show("4C 4D 6S 6H")
    d.press(BACK_PRESS)
    assert d.display()[3:5] == ["next: P1 crib", "enc=count"]  # whose crib: the dealer's


def test_used_cards_cannot_be_picked():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.pick_all("5C 5H 5S")
    picker = d.mode.picker
    assert picker.rank != 4  # every five is on the table: the picker moved on to the sixes
    for _ in range(12):
        d.press(turn(1))
        assert picker.rank != 4 and picker.free(picker.card)
    hw = d.frame_phase(600, 10)  # cursor on: the grid shows used cards dim, picked ones in suit colour
    track, hole = card_hole(parse("5D"))
    used = hw.pixel(track, hole)
    track, hole = card_hole(parse("5H"))
    picked = hw.pixel(track, hole)
    assert 0 < brightness(used) < brightness(picked)
    assert is_hue(picked, palette.VERMILLION)


def test_the_picker_keeps_to_the_suit_taken_so_a_flush_needs_no_suit_steps():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    picker = d.mode.picker
    d.pick("2H")  # the first card of a flush: its suit stepped to once
    assert picker.card == parse("2S")  # the rank's next free suit: a pair is one press away
    d.press(turn(3))
    assert picker.card == parse("5H")  # the turn lands on the suit taken
    d.press(ENC, turn(4), ENC)
    assert picker.picked == [parse(c) for c in ("2H", "5H", "9H")]
    d.press(turn(-4))
    assert picker.card == parse("5S")  # 5H is taken: the next free suit, hearts still wanted
    d.press(turn(4), P1, ENC)  # 9S; p1 steps back past 9H (taken) to 9D
    assert picker.picked[-1] == parse("9D")


def test_a_press_or_detent_moving_the_picker_s_cursor_shows_at_once_whatever_the_clock():
    # the cursor blinks lit from when it lands on a card, not on the clock (whose dark 180 ms held a
    # move back: p2's press to the next suit, 46 ms on the emulated chip)
    for wait in range(0, 600, 43):
        d = dealt()
        d.press(ENC)  # the starter's picker
        d.hw.advance(wait)
        for event in (P2, turn(1)):  # the next suit, the next rank
            d.press(event)
            picker = d.mode.picker
            track, hole = card_hole(picker.card)
            assert is_hue(d.frame_after(1).pixel(track, hole), palette.SUIT_COLOURS[picker.suit]), (wait, event)
            d.hw.advance(wait)


def test_a_detent_of_the_count_s_total_shows_at_once_whatever_the_clock():
    # from 0 to 1 point only the landing hole moves, and it blinks: lit from the detent, not the clock
    for wait in range(0, 400, 37):
        d = dealt()
        d.press(ENC)
        d.pick("KD")  # the starter
        d.press(ENC, HOLD_ENC)  # the pone's hand: its total dialled, from 0
        assert d.mode.describe()["step"] == "total"
        d.frame_after(1)
        d.hw.advance(wait)
        d.press(turn(1))
        start = d.match.front[1]
        assert is_hue(d.frame_after(1).pixel(1, start + 1), ORANGE), wait


def test_a_hand_s_words_are_made_only_for_the_display_after_its_points_show():
    # every combination for the words (show.count) costs the chip 5 ms: the press that takes a
    # hand's last card shows its points first (show.score), and a board without a display never
    # makes them
    for display in (False, True):
        d = Driver(display=display)
        d.press(P1)
        d.press(ENC)
        d.pick("KD")  # the starter
        d.press(ENC)
        d.pick_all("AC 2D 3H 7S")  # the pone's hand: 5
        assert d.mode.describe()["step"] == "confirm" and d.mode.points == 5 and d.mode.said is None
        d.frame_after(1)
        assert (d.mode.said is not None) == display


def test_the_picker_grid_puts_suits_in_rows_and_ranks_in_columns():
    # The same column for the same rank in all four rows, per hardware/board.json's geometry.
    from app_geometry import hole_positions

    where = hole_positions([card_hole(card) for card in range(52)])
    assert len(where) == 52
    for rank in range(13):
        xs = [where[card_hole(rank * 4 + suit)][0] for suit in range(4)]
        ys = [where[card_hole(rank * 4 + suit)][1] for suit in range(4)]
        assert xs[0] == xs[1] == xs[2] == xs[3]
        assert ys[0] < ys[1] < ys[2] < ys[3]  # clubs, diamonds, hearts, spades from the top


def test_his_heels_and_a_dialled_total():
    d = dealt()
    d.press(ENC)
    d.pick("JH")
    assert d.match.front == [2, 0] and d.mode.name == "peg"  # the dealer pegs his heels at once; the play
    assert "P1: his heels 2" in d.display()  # said: the pegs alone do not say why the dealer moved
    d.press(BACK_PRESS)  # undo: the Jack and his heels; no word of them left
    assert d.match.front == [0, 0] and not any("heels 2" in line for line in d.display())
    d.press(ENC)
    d.pick("JH")
    d.press(HOLD_P2)
    d.press(ENC, HOLD_ENC, turn(19), ENC)  # pone's hand dialled as 19: impossible
    assert d.match.front == [2, 2] and d.where() == "total"
    hw = d.frame_phase(120, 10)
    assert is_hue(hw.pixel(1, 21), palette.VERMILLION)  # the refused preview flickers vermillion
    d.press(turn(1), ENC)  # 20 is fine
    assert d.match.front == [2, 22]


def test_his_heels_held_at_the_picker_leave_the_jack_to_the_count():
    # A play-test: home then said "enc=starter", and the Jack picked from there opened the count, the play not pegged
    d = dealt()
    d.press(ENC, HOLD_P1)  # the dealer's button held at the starter's picker: his heels, without the Jack
    assert d.match.front == [2, 0] and d.mode.name == "peg" and d.display()[-3:-1] == ["btn=peg the play",
                                                                                        "enc=count"]
    d.peg(P2, 5)  # the play
    d.press(ENC)  # the count: the Jack's suit first, then the pone's hand
    assert d.where() == "starter" and d.display()[2] == "jack: his heels"
    d.pick("JD")
    assert d.match.front == [2, 5] and d.where() == "cards" and d.display()[0] == "P2 HAND"


def test_muggins_gives_the_overlooked_points_to_the_opponent():
    d = dealt(muggins=True)
    assert d.match.settings.muggins
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.pick_all("5C 5H 5S JD")
    assert d.where() == "claim"  # the claim
    d.press(turn(20), ENC)  # claims 20 of 29: pegged, nothing said of the count
    assert d.match.front == [0, 20] and d.where() == "call"  # muggins may be called
    d.press(P1)  # the opponent calls it
    assert d.match.front == [9, 20] and d.where() == "called"  # and takes the 9


def test_counting_stops_when_the_pone_wins():
    d = dealt()
    for _ in range(55):
        d.press(HOLD_P2)  # pone to 110
    for _ in range(50):
        d.press(HOLD_P1)  # dealer to 100
    assert d.match.front == [100, 110]
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.count_show("5C 5H 5S JD")  # 29: the pone goes out
    assert d.match.winner == 1 and d.match.result == "win" and d.match.front == [100, 121]
    assert d.mode.name == "peg"  # the dealer's hand is never counted
    d.press(ENC)  # next game: the loser deals
    assert d.match.game_number == 2 and d.match.dealer == 0 and d.match.front == [0, 0]


def test_back_in_the_count_steps_back_one_step_at_a_time():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.pick_all("5C 5H 5S JD")
    assert d.where() == "confirm" and d.mode.points == 29
    d.press(BACK_PRESS)  # back to the picker, the 4 cards still picked
    assert d.where() == "cards" and d.mode.picker.picked == [parse(c) for c in "5C 5H 5S JD".split()]
    d.press(ENC)  # the same count again
    assert d.where() == "confirm" and d.mode.points == 29
    d.press(BACK_PRESS, BACK_PRESS)  # then the last card goes back
    assert d.mode.picker.picked == [parse("5C"), parse("5H"), parse("5S")]
    d.pick("QD")
    d.press(ENC)
    assert d.match.front == [0, 28]  # four fives and a ten-card: the well-known 28


def test_teams_count_four_hands_then_the_crib_on_two_tracks():
    d = Driver()
    d.board.handle_command('{"cmd": "settings", "set": {"players": 4}}')
    d.press(turn(3), ENC)  # past the cut for deal, seat 2 (team 1's second partner) deals
    assert d.match.dealer == 2
    d.press(ENC)
    d.pick("2C")
    d.press(ENC)
    titles = []
    for total in (4, 6, 8, 10):  # seats 3, 0, 1 and the dealer count hands, dialled as totals
        titles.append(d.mode.title(d.board))
        d.press(HOLD_ENC, turn(total), ENC)
    titles.append(d.mode.title(d.board))
    d.press(HOLD_ENC, turn(2), ENC)
    assert titles == ["T2b HAND", "T1a HAND", "T2a HAND", "T1b HAND", "T1b CRIB"]
    # team 1 (seats 0 and 2): 6 + 10 + the crib's 2; team 2 (seats 1 and 3): 8 + 4
    assert d.match.front == [18, 12] and d.match.dealer == 3


def test_a_button_held_a_little_long_in_the_card_picker_is_its_press():
    d = Driver()
    d.ask({"cmd": "settings", "set": {"players": 3}})
    d.press(P1)  # P1 deals; the pone, P2, counts first
    d.press(ENC)
    d.pick("5H")
    d.press(ENC)  # the play is over: P2's hand
    d.pick("2C")
    assert d.mode.picker.picked == [parse("2C")]
    d.press(HOLD_BACK)  # back held (P3's button): the card goes back, no word of his heels
    assert d.mode.picker.picked == [] and d.board.messages.refusal is None
    suit = d.mode.picker.suit
    d.press(HOLD_P2)  # the pone's button held: the next suit, as its press
    assert d.mode.picker.suit != suit and d.board.messages.refusal is None
    d.press(HOLD_P1)  # the dealer's: his heels, refused, and why
    assert d.board.messages.refusal == "the starter 5H is not a jack: no heels"


def pone_at_118(**settings):
    """Peg out exactly (and ``settings``) on, P1 deals, the pone pegged to 118, the starter 5H: the count at
    the pone's hand."""
    d = Driver()
    d.ask({"cmd": "settings", "set": dict(settings, peg_out_exactly=True)})
    d.press(P1)
    for points in (31, 31, 31, 25):
        d.ask({"cmd": "event", "event": ["peg", 1, points]})
    d.press(ENC)
    d.pick("5H")
    d.press(ENC)
    return d


def test_a_show_a_house_rule_keeps_off_the_board_says_not_pegged():
    d = pone_at_118()
    d.pick_all("5S TD JH QC")  # 18: past the game hole, which peg out exactly does not take
    assert d.mode.lines(d.board)[:3] == ["P2 HAND 18", "not pegged", "fifteen two"]
    d.press(turn(20))  # scrolled to its end: the key (a review: it had none)
    assert d.display()[-3:] == ["his nobs is", "eighteen", "enc=go on"]
    d.press(ENC)
    assert d.match.front == [0, 118]  # as said
    d = pone_at_118()
    d.press(HOLD_ENC, turn(4))  # a total of 4: past the game hole
    assert d.where() == "total" and d.mode.lines(d.board)[1:] == ["total 4", "turn=total", "not pegged"]
    d.press(turn(-1))  # 3 pegs out exactly
    assert d.mode.lines(d.board)[1:] == ["total 3", "turn=total", "enc=peg"]


def test_a_claim_a_house_rule_keeps_off_the_board_says_not_pegged():
    d = pone_at_118(muggins=True)
    d.pick_all("5S TD JH QC")
    d.press(turn(18))
    assert d.where() == "claim"
    assert d.mode.lines(d.board)[1:] == ["claim 18", "muggins is on", "turn=claim", "not pegged"]
    d.press(turn(-15))
    assert d.mode.lines(d.board)[4] == "enc=peg"


def test_player_3_dealing_holds_back_for_his_heels_in_the_card_picker():
    d = Driver()
    d.ask({"cmd": "settings", "set": {"players": 3}})
    d.ask({"cmd": "event", "event": ["dealer", 2]})
    d.press(ENC)
    d.pick("5H")
    d.press(ENC)  # P1's hand
    d.press(HOLD_BACK)  # the dealer's button: his heels, refused with why; the count stays open
    assert d.board.messages.refusal == "the starter 5H is not a jack: no heels" and d.where() == "cards"


def test_undoing_the_starter_opens_the_picker_on_it_again():
    # A playtest: a Jack undone (his heels with it) reopened the picker at the Ace, ten turns away.
    d = dealt()
    d.press(ENC)
    d.pick("JH")
    assert d.match.front == [2, 0]
    d.press(BACK_PRESS)  # undo: the Jack and his heels
    assert d.match.starter is None and d.match.front == [0, 0]
    d.press(ENC)  # the picker, on the Jack again
    assert d.where() == "starter" and d.mode.picker.card == parse("JH") and d.display()[1] == ">JH"
    d.press(turn(1), ENC)  # a turn: the Queen meant
    assert d.match.starter == parse("QH") and d.match.front == [0, 0]
    d.press(BACK_PRESS, HOLD_P2)  # undone, then another action: the picker starts at the Ace again
    d.press(ENC)
    assert d.where() == "starter" and d.mode.picker.card == parse("AC")


def test_undoing_a_starter_taken_by_its_rank_opens_the_picker_on_that_rank_at_any_suit():
    d = dealt()
    d.press(ENC, turn(4), P1)  # the fives; before the first suit: any suit
    assert d.display()[1] == ">5 any suit"
    d.press(ENC)
    assert d.match.starter_rank == 4 and d.match.starter is None
    d.press(BACK_PRESS, ENC)
    assert d.where() == "starter" and d.display()[1] == ">5 any suit"
    d.press(turn(1), ENC)  # the six meant, by its rank too
    assert d.match.starter_rank == 5 and d.match.starter is None


def test_undoing_a_counted_hand_opens_the_count_on_it_as_it_was_pegged():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.count_show("5C 5H 5S JD")  # P2's 29
    assert d.match.front == [0, 29] and d.where() == "cards"  # P1's hand next
    d.press(BACK_PRESS, BACK_PRESS)  # out of the count, then undo: the 29 comes off
    assert d.match.front == [0, 0] and d.mode.name == "peg"
    d.press(ENC)  # the count opens on it again: its cards taken, its count said
    assert d.where() == "confirm" and d.mode.points == 29 and d.display()[0] == "P2 HAND 29"
    d.press(BACK_PRESS)  # a step back: its cards, all four taken
    assert d.where() == "cards" and d.mode.picker.picked == [parse(c) for c in "5C 5H 5S JD".split()]
    d.press(BACK_PRESS)  # the Jack goes back; the card meant instead
    d.pick("QD")
    d.press(ENC)
    assert d.match.front == [0, 28]


def test_undoing_a_total_or_a_claim_opens_it_dialled_again():
    d = dealt()
    d.press(ENC, HOLD_ENC, turn(12), ENC)  # the starter skipped: P2's total, 12
    assert d.match.front == [0, 12] and d.where() == "total"
    d.press(BACK_PRESS, BACK_PRESS)  # out of P1's total, then undo
    assert d.match.front == [0, 0]
    d.press(ENC)  # the total dialled again, its starter skipped as before
    assert d.where() == "total" and d.mode.points == 12 and "starter skipped" in d.display()
    d.press(BACK_PRESS)  # the starter is still a step back
    assert d.where() == "starter"
    d.press(HOLD_ENC)  # skipped again: the total as it was
    assert d.where() == "total" and d.mode.points == 12
    d.press(turn(-2), ENC)
    assert d.match.front == [0, 10]
    d = dealt(muggins=True)
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.pick_all("5C 5H 5S JD")
    d.press(turn(20), ENC, ENC)  # P2 claims 20; no call: on to P1's hand
    d.press(BACK_PRESS, BACK_PRESS)  # out of the count, then undo the claim
    assert d.match.front == [0, 0]
    d.press(ENC)  # the claim dialled again, its cards taken
    assert d.where() == "claim" and d.mode.points == 20
    assert d.mode.picker.picked == [parse(c) for c in "5C 5H 5S JD".split()]
    d.press(turn(9), ENC)  # the whole 29 claimed this time
    assert d.match.front == [0, 29] and d.where() == "call"


def test_his_heels_a_house_rule_keeps_from_the_peg_are_said_not_pegged():
    d = Driver()
    d.ask({"cmd": "settings", "set": {"peg_out_exactly": True}})
    d.press(P1)
    for points in (31, 31, 31, 27):  # the dealer at 120: 2 more would pass the game hole
        d.ask({"cmd": "event", "event": ["peg", 0, points]})
    d.press(ENC)
    d.pick("JH")
    assert d.match.front == [120, 0] and d.match.heels and d.mode.name == "peg"
    assert d.display()[3:5] == ["P1: his heels", "not pegged"]  # not "2": the pegs did not move


def test_a_total_the_starter_rules_out_is_refused_as_it_is_dialled():
    # With a 5 turned no hand counts 0 (a 5 makes fifteen with any four cards): a total of 0 is a slip
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC, HOLD_ENC)  # P2's hand, by its total: it opens at 0
    assert d.where() == "total" and d.mode.points == 0 and "impossible!" in d.display()
    d.press(ENC)
    assert d.board.messages.refusal == "with a 5 no hand counts 0" and d.match.front == [0, 0]
    assert d.display()[-2:] == ["NO: with a 5 no", "hand counts 0"]  # (whatever the rank: "NO: with a 10 no")
    d.press(turn(2))
    assert "enc=peg" in d.display()
    d.press(ENC)
    assert d.match.front == [0, 2]
    d = dealt()  # a 7 turned: 0 is a hand's total
    d.press(ENC)
    d.pick("7D")
    d.press(ENC, HOLD_ENC, ENC)
    assert d.match.front == [0, 0] and d.board.messages.refusal is None and d.mode.title(d.board) == "P1 HAND"
    d = Driver()  # muggins on: a claim may fall short of the count, and the others call it
    d.ask({"cmd": "settings", "set": {"muggins": True}})
    d.press(P1, ENC)
    d.pick("5D")
    d.press(ENC, HOLD_ENC)
    assert "impossible!" not in d.display()


def test_an_impossible_total_that_lands_on_the_game_hole_flickers_vermillion_there():
    # A review: the game hole's blink, drawn over the preview, hid the refusal where the preview lands on it.
    d = dealt()
    d.peg_in_steps(P2, 120)
    d.press(ENC)
    d.pick("KH")
    d.press(ENC, HOLD_ENC, turn(19))  # P2's total: 19, which no hand counts; from 120 it lands on 121
    assert d.where() == "total" and d.mode.points == 19
    seen = [d.frame_after(20).pixel(1, 121) for _ in range(12)]
    assert any(0 < 5 * rgb[1] < rgb[0] for rgb in seen), seen  # vermillion: red, little green (orange has more)


def test_a_total_dialled_at_0_blinks_the_game_hole_where_a_hand_counted_leaves_it_breathing():
    # A review without the display: a slow press on a hand's last card opened its total at 0, whose
    # preview lands on the peg itself: the LEDs looked as after a hand counted 0, and the next press pegged 0.
    d = dealt()
    d.peg(P2, 3)
    d.peg(P1, 4)
    d.press(ENC)
    d.pick("KH")
    d.press(ENC)  # P2's hand
    d.pick_all("5C 5D 5S")
    d.press(HOLD_ENC)  # held, not pressed: the total, at 0
    assert d.where() == "total" and d.mode.points == 0
    hole = d.match.settings.target
    seen = [d.frame_after(50).pixel(1, hole) for _ in range(8)]  # P2's game hole over 400 ms: it blinks
    assert any(is_hue(rgb, ORANGE) for rgb in seen) and (0, 0, 0) in seen, seen
    d.press(turn(2))
    assert is_hue(d.frame_after(5).pixel(1, hole), ORANGE)  # lit at once after a detent
    d.press(turn(-2), ENC, BACK_PRESS)  # 0 pegged on purpose, then home: the next counter's game hole breathes
    assert d.mode.name == "peg" and d.match.front == [4, 3]
    assert all(brightness(d.frame_after(97).pixel(0, hole)) > 0 for _ in range(30))


def test_a_player_s_button_at_the_preview_a_total_or_a_claim_says_what_to_do():
    # (a review: p1 and p2 did nothing there, and said nothing)
    d = dealt()
    d.press(ENC)
    d.pick("5H")
    d.press(ENC)
    d.pick_all("5S TD JH QC")
    assert d.where() == "confirm"
    d.press(P1)  # the preview: refused as anywhere, with the key that pegs it
    assert d.board.messages.refusal == "the encoder pegs it" and d.where() == "confirm"
    assert d.display()[-2:] == ["NO: the encoder", "pegs it"] and d.board.messages.refused(d.hw.ticks_ms())
    d.press(HOLD_P2)  # held too
    assert d.board.messages.refusal == "the encoder pegs it"
    d.press(BACK_PRESS, HOLD_ENC, turn(7), P2)  # a total
    assert d.where() == "total" and d.board.messages.refusal == "the encoder pegs it"
    d.press(ENC)
    assert d.match.front == [0, 7] and d.board.messages.refusal is None
    d = Driver()
    d.ask({"cmd": "settings", "set": {"muggins": True}})
    d.press(P1, ENC)
    d.pick("5H")
    d.press(ENC)
    d.pick_all("5S TD JH QC")
    d.press(turn(3), P1)  # a claim: called once pegged, not before
    assert d.where() == "claim" and d.board.messages.refusal == "call muggins after the peg"
    d.press(HOLD_P2)  # held too (a play-test: the pone's button held there answered of his heels, the dealer's)
    assert d.where() == "claim" and d.board.messages.refusal == "call muggins after the peg" and d.match.front == [0, 0]
    d.press(ENC, P1)  # pegged: P1's button calls it
    assert d.where() == "called" and d.match.front == [15, 3]
