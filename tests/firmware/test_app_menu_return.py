"""A look into the menu changes nothing: left with nothing done (back, or the encoder held, from the menu
or a screen it opened), the board is where it was, a count at the same show and step (its cards or ranks,
its total or claim dialled), a call on a claim still open; only an action taken there (a new game) goes home.

A review: the menu left during the count of a play laid card by card went back to PLAY OVER, where the next
back took the play's last card back."""

from app_driver import BACK_PRESS, ENC, HOLD_ENC, P1, Driver, turn

from cribbage_lab.card_text import parse_hand


def play_over():
    """The play laid card by card (P2 laid 5 K 4 5, P1 T 6 3 K: test_app_lay), its count open at the pone's
    hand: its ranks known from the play, its count (12) previewed."""
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC)
    d.pick("KH")
    for rank in (5, 10, 13, 6, 4, 3, 5, 13):
        d.press(turn(rank - d.mode.rank), ENC)
    assert d.display()[2] == "PLAY OVER"
    d.press(ENC)
    assert d.where() == "confirm" and d.mode.seat == 1 and d.mode.points == 12
    return d


# the ways out of the menu, and of the screens it opens, that do nothing
LOOKS = ((HOLD_ENC, BACK_PRESS), (HOLD_ENC, HOLD_ENC), (HOLD_ENC, turn(2), ENC, BACK_PRESS),
         (HOLD_ENC, turn(2), ENC, HOLD_ENC), (HOLD_ENC, turn(3), ENC, HOLD_ENC), (HOLD_ENC, turn(3), ENC, BACK_PRESS),
         (HOLD_ENC, turn(4), ENC, HOLD_ENC))


def test_the_menu_left_during_the_count_of_a_play_laid_goes_back_to_the_count_and_undoes_nothing():
    d = play_over()
    events = d.match.events
    for look in LOOKS:
        d.press(*look)
        assert d.where() == "confirm" and d.mode.seat == 1 and d.mode.points == 12, look
        assert d.display()[0] == "P2 HAND 12" and d.match.events == events
    d.press(BACK_PRESS)  # back at the count steps out of it, as ever: to PLAY OVER, every card still laid
    assert d.where() == "lay" and d.display()[2] == "PLAY OVER" and d.match.events == events
    assert d.match.laid == [[10, 6, 3, 13], [5, 13, 4, 5]]
    d.press(ENC, HOLD_ENC, BACK_PRESS, ENC)  # the count, a look into the menu, and the hand pegged
    assert d.match.front == [5, 15] and d.match.log[-1] == ["show_ranks", 1, [4, 12, 3, 4], 0, False, None]


def test_the_menu_left_at_a_total_or_a_claim_goes_back_to_it_as_dialled():
    d = Driver()
    d.press(P1, ENC, HOLD_ENC, turn(7))  # the starter skipped: the pone's total, 7 dialled
    assert d.where() == "total"
    d.edit_setting("brightness")  # the menu over the total, its settings
    d.press(turn(-3), ENC, BACK_PRESS)  # a preference changed: the game is as it was
    assert d.board.prefs["brightness"] != 160
    assert d.where() == "total" and d.mode.seat == 1 and d.mode.points == 7 and d.match.events == 1
    d.press(ENC)
    assert d.match.front == [0, 7]
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"muggins": True}})["ok"]
    d.press(P1, ENC)
    d.pick("5S")
    d.press(ENC)
    d.pick_all("5H 5D JC 10C")
    d.press(turn(12), HOLD_ENC, BACK_PRESS)  # the claim: 12 dialled
    assert d.where() == "claim" and d.mode.points == 12 and d.mode.picker.picked == parse_hand("5H 5D JC 10C")
    d.press(ENC, HOLD_ENC, HOLD_ENC)  # claimed: the call may come; a look into the menu
    assert d.where() == "call" and d.match.front == [0, 12]
    d.press(P1)  # called: 20 it was
    assert d.where() == "called" and d.match.front == [8, 12]


def test_the_menu_left_at_a_claim_with_the_call_before_still_open_goes_back_to_the_claim():
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"muggins": True}})["ok"]
    d.press(P1, ENC)
    d.pick("5S")
    d.press(ENC)
    d.pick_all("5H 5D JC 10C")
    d.press(turn(12), ENC, ENC)  # P2 claimed 12, not called yet: on to P1's hand
    d.pick_all("AC 2D 3H KS")
    d.press(turn(3), HOLD_ENC, BACK_PRESS)
    assert d.where() == "claim" and d.mode.title(d.board) == "P1 HAND" and d.mode.points == 3
    assert "muggins on P2?" in d.display()  # the call before may still be made from here
    d.press(P1)
    assert d.where() == "called" and d.match.front == [8, 12]


def test_the_menu_left_where_no_count_was_open_goes_home_and_an_action_there_too():
    d = play_over()
    d.press(BACK_PRESS, BACK_PRESS)  # out of the count; the last card taken back, at home
    assert d.where() == "lay" and d.mode.rank == 13 and d.match.front == [4, 3]
    d.press(HOLD_ENC, BACK_PRESS)  # the play: the menu comes back to it, the card as dialled
    assert d.where() == "lay" and d.mode.rank == 13
    d = Driver()
    d.press(P1, ENC)
    d.pick("KH")
    d.press(ENC)
    d.pick_all("5H 5D 5C JS")
    d.press(ENC, BACK_PRESS, BACK_PRESS)  # the pone's hand pegged; out of the next count; at home, undone
    assert d.where() == "peg" and d.match.front == [0, 0]
    d.press(HOLD_ENC, BACK_PRESS)  # home, where the menu was opened
    assert d.where() == "peg"
    d.press(ENC)  # the hand taken back, as it was
    assert d.where() == "confirm" and d.mode.picker.picked == parse_hand("5H 5D 5C JS")
    d.press(HOLD_ENC, ENC, ENC)  # the menu's new game, asked twice over the one under way
    assert d.where() == "peg" and d.match.dealer is None
