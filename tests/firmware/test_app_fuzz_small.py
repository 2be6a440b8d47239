"""A seeded fuzz of the board, small enough for MicroPython (tests/test_app_fuzz.py does tens of thousands)."""

from app_driver import Driver
from app_fuzz import fuzz


def test_random_inputs_keep_the_board_sound_and_the_saved_game_exact():
    d = Driver()
    applied = fuzz(d, seed=2026, events=1500)
    assert applied > 20  # the fuzz really plays: events reach the game
    again = d.reboot()
    assert again.match.state() == d.match.state() and again.match.log == d.match.log
