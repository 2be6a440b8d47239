"""Helpers for the tests of the play laid card by card on the app (tests/firmware/test_app_lay_*.py): a board
set to lay it, and a card laid by its rank."""

from app_driver import ENC, P1, Driver, turn


def laying(**rules):
    """A board set to lay the play card by card (as the settings menu sets it: the test
    test_peg_by_points_stays_the_default_and_the_menu_sets_card_by_card in test_app_lay_by_points), player 1
    dealing, the starter KH taken."""
    d = Driver()
    rules["play"] = 1
    d.board.change_settings(rules)
    d.press(P1)
    d.press(ENC)  # no starter yet: the picker
    d.pick("KH")
    assert d.where() == "lay" and d.match.starter is not None
    return d


def lay(d, rank):
    """Dial ``rank`` (1-13) from where the dial is, and lay it."""
    if rank != d.mode.rank:
        d.press(turn(rank - d.mode.rank))
    d.press(ENC)
