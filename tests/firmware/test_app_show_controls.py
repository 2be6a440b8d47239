"""The show's controls: the counted total cannot be dialled away, a skipped starter stays skipped for the deal,
his heels has its own control (and is never pegged twice), and the display says the count in words."""

import json

from app_driver import BACK_PRESS, ENC, HOLD_BACK, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, dealt, turn

from app.said import MORE, say_lines
from cribbage import saying, show
from host_tools.card_text import parse, parse_hand


def test_turning_cannot_change_the_counted_total_with_muggins_off():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)  # the starter is turned: back to the play; the encoder opens the count
    d.pick_all("5C 5H 5S QC")  # four fives and a ten-card: 28
    assert d.where() == "confirm" and d.mode.points == 28
    d.press(turn(-5))
    assert d.mode.points == 28 and d.display()[0] == "P2 HAND 28"
    d.press(ENC)
    assert d.match.front == [0, 28]


def test_with_muggins_on_the_claim_is_pegged_without_the_count():
    d = dealt(muggins=True)
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)  # the starter is turned: back to the play; the encoder opens the count
    d.pick_all("5C 5H 5S QC")
    assert d.where() == "claim"  # the claim, dialled from 0 (a review: a press alone pegged it, nothing said to turn)
    assert d.display()[:5] == ["P2 HAND", "claim 0", "muggins is on", "turn=claim", "enc=peg"]
    d.press(turn(24), ENC)  # pegged at once: the true count (28) is never shown
    assert d.where() == "call" and d.match.front == [0, 24]
    assert not any("28" in line or "eight" in line for line in d.display())
    d.press(ENC)  # nobody calls: the 4 overlooked points are lost; on to the dealer's hand
    assert d.match.front == [0, 24] and d.where() == "cards" and d.mode.title(d.board) == "P1 HAND"


def test_a_skipped_starter_stays_skipped_for_the_whole_deal():
    d = dealt()
    d.press(ENC, HOLD_ENC)  # the starter is skipped: pone's total
    assert d.where() == "total" and d.mode.title(d.board) == "P2 HAND"
    d.press(turn(12), ENC)
    assert d.match.front == [0, 12]
    assert d.where() == "total" and d.mode.title(d.board) == "P1 HAND"  # not the starter picker again
    d.press(BACK_PRESS)  # leaves the count (there are no cards to go back to)
    assert d.mode.name == "peg"
    d.press(ENC)  # counting again: still the total
    assert d.where() == "total" and d.mode.title(d.board) == "P1 HAND"
    d.press(turn(8), ENC, turn(4), ENC)  # the dealer's hand, then the crib
    assert d.match.front == [12, 12] and d.match.back == [8, 0]
    assert d.mode.name == "peg" and d.match.dealer == 1  # the next deal asks for its starter again
    d.press(ENC)
    assert d.where() == "starter"


def test_skipping_can_be_taken_back_before_a_hand_is_counted():
    d = dealt()
    d.press(ENC, HOLD_ENC)
    d.press(BACK_PRESS)  # back from the total: the starter picker again
    assert d.where() == "starter"
    d.pick("5D")
    assert d.mode.name == "peg" and d.match.starter == parse("5D")
    d.press(ENC, turn(3), HOLD_ENC)  # the pone's cards: the total instead
    d.press(BACK_PRESS)  # back to the cards, not to the starter
    assert d.where() == "cards" and d.mode.picker.rank == 3


def test_his_heels_from_the_dealers_button_then_the_jack_pegs_nothing_more():
    d = dealt()
    d.press(ENC)
    assert d.where() == "starter"
    d.press(HOLD_P1)  # player 1 deals: his heels
    assert d.match.front == [2, 0] and d.match.heels and d.match.starter is None
    assert d.mode.name == "peg"  # back to the play, where the dealer's peg shows it
    d.press(HOLD_P2)  # a pair in the play
    d.press(ENC)  # the count: the starter picker opens again (the starter is still unknown)
    assert d.where() == "starter" and d.mode.picker.rank == parse("JC") >> 2  # on the Jacks: only one is taken
    assert "jack: his heels" in d.display() and "turn=rank" not in d.display()
    for steps in (1, 5, -3, -13):  # no other rank is offered: turns stay on the Jacks
        d.press(turn(steps))
        assert d.mode.picker.rank == parse("JC") >> 2 and d.match.starter is None
    d.press(P2)  # the suits step as ever
    assert d.mode.picker.card == parse("JD")
    d.press(P1)
    d.pick("JC")  # the Jack: no second heels, and the count goes on to the pone's hand (docs/USING.md)
    assert d.match.starter == parse("JC") and d.match.front == [2, 2] and d.where() == "cards"
    d.count_show("5C 5H 5S 5D")  # 28 with the Jack starter (no nobs: the Jack is the starter)
    assert d.match.front == [2, 30]
    assert d.match.log[1] == ["heels"]


def test_his_heels_with_a_skipped_starter_and_refusals():
    d = dealt()
    d.press(ENC, HOLD_ENC)  # skipped: the pone's total
    d.press(HOLD_P2)  # the pone's button: not the dealer's
    assert d.match.front == [0, 0] and d.board.messages.refusal is not None
    d.press(HOLD_P1)  # the dealer's: his heels, allowed while the starter is unknown
    assert d.match.front == [2, 0] and d.where() == "total"
    d.press(HOLD_P1)  # but only once
    assert d.match.front == [2, 0] and "already" in d.board.messages.refusal
    d.press(turn(6), ENC)  # the pone counts 6
    assert d.match.front == [2, 6]


def test_his_heels_after_the_show_has_begun_is_refused_with_the_reason():
    d = dealt()
    d.press(ENC, HOLD_ENC, turn(6), ENC)  # skipped; the pone counts 6: the show has begun
    d.press(HOLD_P2)  # the pone's button: too late for anyone (a review: it said they go to the dealer)
    assert d.match.front == [0, 6] and "too late for his heels" in d.board.messages.refusal
    d.press(HOLD_P1)  # the dealer remembers his heels too late
    assert d.match.front == [0, 6] and "too late for his heels" in d.board.messages.refusal
    lines = d.display()
    assert "NO: too late for" in lines and "his heels: the" in lines  # wrapped at spaces
    r = json.loads(d.board.handle_command('{"cmd": "event", "event": ["heels"]}'))  # the serial line too
    assert not r["ok"] and r["error"].startswith("too late for his heels")
    d.press(BACK_PRESS, BACK_PRESS)  # leave the count; undo the pone's count
    d.press(ENC, HOLD_P1)  # the starter step again: his heels now
    assert d.match.front == [2, 0] and d.match.log[-1] == ["heels"]


def test_his_heels_cannot_follow_a_known_starter():
    d = dealt()
    d.press(ENC)
    d.pick("7H")
    d.press(ENC)
    d.press(HOLD_P1)  # in the card picker: the starter is known and no Jack
    assert d.match.front == [0, 0] and "not a jack" in d.board.messages.refusal
    d.pick_all("7C 8D 9S TD")
    d.press(HOLD_P1)  # on the preview too
    assert d.match.front == [0, 0] and d.where() == "confirm"


def test_his_heels_for_the_third_player_is_the_back_button():
    d = Driver()
    d.board.handle_command('{"cmd": "settings", "set": {"players": 3}}')
    d.press(turn(3), ENC)  # seat 2 deals (turned past the cut for deal)
    d.press(ENC)
    assert "hold back=heels" in d.display()
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
    """Every line of the spoken count on the display, scrolling down by turning: each screen with more
    below ends with MORE, and one line further down starts one line further on."""
    seen = []
    lines = d.display()[1:]
    for _ in range(20):
        if lines[-1] != MORE:  # the last screen
            return seen + lines
        seen.append(lines[0])
        d.press(turn(1))
        more = d.display()[1:]
        assert more[:len(lines) - 2] == lines[1:-1]  # one line further
        lines = more
    raise AssertionError("the saying never ended")


def test_the_display_says_the_count_the_way_players_say_it():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)  # the starter is turned: back to the play; the encoder opens the count
    d.pick_all("5C 5H 5S QC")
    lines = d.display()
    assert lines[0] == "P2 HAND 28"
    assert lines[1:4] == ["fifteen two", "fifteen four", "fifteen six"]
    spoken = said(d)
    assert len(spoken) > 7  # more than the screen holds: turning scrolled
    cards = parse_hand("5C 5H 5S QC 5D")
    sentence = saying.say(show.count(cards[:4], cards[4]))
    assert spoken[-1] == "enc=peg"  # the key ends it, scrolled to (a review: a long saying never showed it)
    assert " ".join(spoken[:-1]) == sentence.replace(", and ", " ").replace(", ", " ")
    assert spoken[-2] == "twenty-eight" and all(len(line) <= 16 for line in spoken)
    d.press(turn(-30))  # back to the top
    assert d.display()[1] == "fifteen two"
    d.press(ENC)
    assert d.match.front == [0, 28]


def test_a_long_count_scrolls_whole_above_a_fault_s_line():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    d.hw.faulty = "LED supply"
    d.board.tick()
    d.pick_all("5C 5H 5S JD")
    lines = d.display()
    assert lines[-2:] == [MORE, "FAULT LED supply"]
    d.press(turn(30))
    lines = d.display()
    assert lines[-4:] == ["his nobs is", "twenty-nine", "enc=peg", "FAULT LED supply"]


def test_a_short_count_fits_and_does_not_scroll():
    d = dealt()
    d.press(ENC)
    d.pick("KD")
    d.press(ENC)
    d.pick_all("AC 2D 3H 7S")  # a short count: fifteen two and a run of three
    count = show.count([parse(c) for c in "AC 2D 3H 7S".split()], parse("KD"))
    assert d.display()[1:] == say_lines(count) + ["enc=peg"]  # room left: the key, as at every other step
    d.press(turn(3))
    assert d.mode.said.scroll == 0 and d.mode.points == count.total
    d.press(P2, ENC)  # p2 does nothing on the preview; the encoder pegs
    assert d.match.front == [0, count.total]


def test_his_heels_is_taken_once_whatever_the_path():
    # The presses: a long press while pegging is 2 in the play, logged as such; the Jack
    # picked at the starter is the one his heels.
    d = dealt()
    d.press(HOLD_P1, ENC)
    d.pick("JH")
    assert d.match.front == [4, 0] and d.match.log[1:] == [["peg", 0, 2], ["starter", parse("JH")]]
    assert d.match.log.count(["heels"]) == 0 and d.match.heels
    d.press(ENC, HOLD_P1)  # at the pone's cards: no second heels
    assert d.match.front == [4, 0] and "already" in d.board.messages.refusal
    # his heels first, then the Jack, then his heels again: once
    d = dealt()
    d.press(ENC, HOLD_P1, ENC)
    assert d.match.front == [2, 0] and d.mode.name == "starter"
    assert "hold p1=heels" not in d.display() and "jack: his heels" in d.display()  # pegged: a Jack asked for
    d.press(HOLD_P1)
    assert d.match.front == [2, 0] and "already" in d.board.messages.refusal
    d.pick("JD")
    d.press(ENC, HOLD_ENC, HOLD_P1)  # a total instead of cards: still refused
    assert d.match.front == [2, 0] and d.match.log.count(["heels"]) == 1


def test_the_display_offers_his_heels_only_at_the_starter():
    d = dealt()
    assert not any("heels" in line for line in d.display())  # the play: a long press pegs 2 there
    d.press(ENC)
    assert "hold p1=heels" in d.display()
    d.pick("5D")
    d.press(ENC)
    assert not any("heels" in line for line in d.display())


def test_a_skipped_starter_is_said_with_the_way_back_and_his_heels_until_a_show_is_counted():
    d = dealt()
    d.press(ENC, HOLD_ENC)  # a long press (a slow one, perhaps) skips the starter
    assert d.display()[:7] == ["P2 HAND", "total 0", "turn=total", "enc=peg", "starter skipped", "back=starter",
                               "hold p1=heels"]
    d.press(HOLD_P1)  # his heels, pegged from there: no more offered, and said (a play-test: nothing said it)
    assert d.match.front == [2, 0] and d.display()[4:] == ["starter skipped", "back=starter", "P1: his heels 2"]
    d.press(turn(12), ENC)  # the pone's total: no way back to the starter now
    assert d.display()[:5] == ["P1 HAND", "total 0", "turn=total", "enc=peg", "starter skipped"]
    assert "back=starter" not in d.display()
    d = Driver()
    d.press(P2, ENC, HOLD_ENC)  # player 2 deals: his heels from p2
    assert "hold p2=heels" in d.display()
    d = dealt()
    d.press(ENC)
    d.pick("7D")
    d.press(ENC)  # a starter known: nothing of the kind at a total dialled instead of cards
    d.press(HOLD_ENC)
    assert d.display() == ["P2 HAND", "total 0", "turn=total", "enc=peg"]  # (a play-test: no key said to turn)
