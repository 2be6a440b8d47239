"""The small fuzz (app_fuzz) with the play laid card by card, on both interpreters: a module of its own, as
each runs in a fresh MicroPython (the lay mode and the count by ranks beside the other fuzz's code would
not fit the unix port's test heap, where every module is compiled from source)."""

from app_driver import Driver
from app_fuzz import fuzz


def test_random_inputs_with_the_play_laid_card_by_card_keep_the_board_sound():
    d = Driver()
    d.board.change_settings({"play": 1})
    laid = [0]
    handle = d.board.handle

    def noted(event, save=True):
        handle(event, save)
        if d.board.mode.name == "lay":
            laid[0] += 1

    d.board.handle = noted
    applied = fuzz(d, seed=2027, events=1500)
    assert applied > 20 and laid[0] > 20  # the fuzz reaches the play laid card by card, and plays in it
    again = d.reboot()
    assert again.match.state() == d.match.state() and again.match.log == d.match.log
