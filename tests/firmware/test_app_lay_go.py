"""Go and last card in the play laid card by card: the players' buttons (back held for player 3), a go refused, the
go's point and whose it is, a false go told when the card is laid."""

from app_driver import BACK_PRESS, HOLD_BACK, HOLD_P1, P1, P2, turn
from lay_helpers import lay, laying


def test_go_is_the_players_button_and_the_last_to_lay_pegs_it():
    d = laying()
    lay(d, 10)
    lay(d, 10)  # P1: a pair
    lay(d, 2)  # P2: 22
    d.press(P2)  # not P2's turn: refused, nothing changed
    assert d.board.messages.refusal == "P1's turn, not P2's" and d.match.front == [2, 0]
    d.press(P1)  # P1: go
    assert d.match.log[-1] == ["go", 0]
    d.press(P2)  # P2 says go too: P2 laid last, one for the go
    assert d.match.front == [2, 1] and d.display()[3:5] == ["P2: one for the", "go"]
    assert d.display()[2] == "P1 >2 count 0"  # P1 leads the next series


def test_a_go_refused_says_why():
    d = laying()
    lay(d, 5)  # P2: five
    d.press(HOLD_P1)  # P1 says go at 5: refused, said whole below the scores and the turn
    # (a review: "no go at a count of 5: every card fits, the count 31 at most" was awkward)
    assert d.display()[-3:] == ["NO: no go at a", "count of 5: any", "card can be laid"]
    assert d.match.front == [0, 0] and d.match.log[-1][0] == "lay"


def test_a_go_point_names_the_seat_that_pegs_it():
    d = laying()  # P1 deals: P2 leads
    for rank in (13, 10, 12):  # 30
        lay(d, rank)
    d.press(P1, P2)  # goes: one for P2, the last to lay
    for rank in (5, 10, 13, 5):  # P1 leads; P2 lays its last card at 30
        lay(d, rank)
    assert d.match.front == [0, 3]
    d.press(P1)  # P1 says go; P2, with no card left, too: the point is P2's
    assert d.match.front == [0, 4] and d.display()[3:5] == ["P2: one for the", "go"]


def test_a_go_said_while_a_card_fitted_is_told_when_that_card_is_laid():
    d = laying()
    lay(d, 10)  # P2: ten
    lay(d, 10)  # P1: twenty for a pair
    lay(d, 5)  # P2: twenty-five
    d.press(P1)  # P1 says go at 25, holding a 3
    lay(d, 6)  # P2: thirty-one for two
    lay(d, 3)  # P1 leads the 3 it held at 25
    assert d.display()[2:7] == ["P2 >3 count 3", "P1: three", "false go at 25", "turn=rank", "enc=lay btn=go"]
    assert d.ask({"cmd": "state"})["state"]["play"]["false_go"] == [0, 25]
    assert d.match.front == [2, 2]  # told, not pegged: the table may take the play back to the go
    lay(d, 4)  # told once, under the card that showed it
    assert "false go at 25" not in d.display() and d.ask({"cmd": "state"})["state"]["play"]["false_go"] is None
    d.press(BACK_PRESS)
    assert "false go at 25" in d.display()  # the undo shows the play as it was
    d = d.reboot()
    assert d.where() == "lay" and "false go at 25" in d.display()


def test_three_players_player_three_is_told_to_hold_back_for_go():
    d = laying(players=3)
    assert d.display()[-1] == "enc=lay btn=go"  # P2 leads
    lay(d, 10)
    assert d.display()[-2:] == ["enc=lay", "hold back=go"]  # P3's turn: a quick back would undo


def test_three_players_player_three_says_go_with_back_held():
    d = laying(players=3)
    lay(d, 10)  # P2
    lay(d, 10)  # P3: a pair
    lay(d, 10)  # P1: pair royal
    d.press(P2, HOLD_BACK, P1)  # all go: P1 laid last
    assert d.match.front == [7, 0, 2] and [e[0] for e in d.match.log[-3:]] == ["go", "go", "go"]


def test_a_rank_that_would_pass_31_says_so_and_that_a_go_is_taken():
    # A play-test: only the LEDs (the card's value in vermillion) said the rank dialled would pass 31; the display
    # kept "enc=lay", whose press is refused.
    d = laying()
    for rank in (10, 10, 5):  # 25
        lay(d, rank)
    assert d.display()[-1] == "enc=lay btn=go"  # P1's 5 fits
    d.press(turn(2))  # a 7: 32
    assert d.display()[-2:] == ["turn=rank", "past 31: btn=go"] and "P1 >7 count 25" in d.display()
    d.press(P1)  # the go the hint names is taken
    assert d.match.log[-1] == ["go", 0]
    d = laying(players=3)
    for rank in (10, 10, 2, 2):  # P2, P3 (a pair), P1, P2: 24, P3's turn
        lay(d, rank)
    d.press(turn(7))  # P3's 9: 33
    assert d.display()[-2:] == ["past 31:", "hold back=go"]
    d.press(HOLD_BACK)
    assert d.match.log[-1] == ["go", 2]
