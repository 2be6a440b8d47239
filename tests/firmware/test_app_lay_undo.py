"""Back during the play laid card by card: a card taken back (and dialled again), the starter taken back, and an undo
from home back into the play."""

from app_driver import BACK_PRESS, ENC, HOLD_ENC, turn
from lay_helpers import lay, laying


def test_back_undoes_a_card_and_undoing_the_starter_goes_home():
    d = laying()
    lay(d, 5)
    lay(d, 10)
    assert d.match.front == [2, 0]
    d.press(BACK_PRESS)
    assert d.match.front == [0, 0] and d.match.game.laying.play.count == 5 and d.where() == "lay"
    d.press(BACK_PRESS, BACK_PRESS)  # the five, then the starter
    assert d.match.starter is None and d.where() == "peg"


def test_a_card_undone_is_dialled_again():
    d = laying()
    lay(d, 5)  # P2
    lay(d, 9)  # P1: 14
    d.press(turn(3))  # the dial moves on, to a Queen
    d.press(BACK_PRESS)  # P1's nine taken back: its rank dialled again
    assert d.mode.rank == 9 and d.match.game.laying.play.count == 5 and d.display()[2] == "P1 >9 count 5"
    assert d.display()[-1] == "UNDO: P1 laid 9"  # named as a card ("P1's 9" read as points pegged)
    d.press(BACK_PRESS)  # and P2's five
    assert d.mode.rank == 5 and d.match.game.laying is None  # (no card laid this deal)
    d.press(turn(1), ENC)  # a turn: the six meant
    assert d.match.game.laying.play.count == 6


def test_undoing_into_the_play_from_home_lays_again():
    d = laying()
    lay(d, 5)
    lay(d, 6)
    d.press(HOLD_ENC, ENC)  # the menu's first item: a new game, asked twice while one is under way
    assert d.where() == "menu" and d.mode.sure and d.match.phase == "play"
    d.press(ENC)
    assert d.match.phase == "cut" and d.where() == "peg"
    d.press(BACK_PRESS)  # the new game undone: back into the play
    assert d.match.game.laying.play.count == 11 and d.where() == "lay"
    assert d.display()[2] == "P2 >5 count 11"
