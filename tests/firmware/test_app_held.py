"""Nothing held is dropped without a sign. A button held where holding it means nothing of its
own is its press (``Board.handle``): back with two sides, and any button in the menu, the settings,
the cut for deal and the advice; a player's button held at "who deals?" names the dealer. The
encoder held is the menu wherever it means nothing else (a peg being dialled, a count's preview,
total, claim and call), and leaves the menu, the screens it opens and the cut for deal."""

from app_driver import BACK_PRESS, ENC, HOLD_BACK, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, dealt, turn

from host_tools.card_text import parse_hand


def test_back_held_with_two_players_undoes_as_its_press_does():
    d = dealt()
    d.press(HOLD_P2)
    assert d.match.front == [0, 2]
    d.press(HOLD_BACK)
    assert d.match.front == [0, 0] and d.board.messages.refusal is None


def test_back_held_in_a_team_game_undoes_too():
    d = dealt(players=4)
    d.press(HOLD_P1)
    d.press(HOLD_BACK)
    assert d.match.front == [0, 0]


def test_back_held_cancels_a_peg_being_dialled():
    d = dealt()
    d.press(P2, turn(3), HOLD_BACK)
    assert d.mode.side is None
    d.press(ENC)  # nothing dialled: the encoder opens the starter, it pegs nothing
    assert d.match.front == [0, 0]


def test_back_held_with_three_players_is_still_player_3_s_button():
    d = dealt(players=3)
    d.press(HOLD_BACK, ENC)
    assert d.match.front == [0, 0, 1]


def test_back_held_takes_back_a_card_laid_with_two_players():
    d = dealt(play=1)
    d.press(ENC)
    d.pick("KH")
    laid = d.match.events
    d.press(turn(5 - d.mode.rank), ENC)  # the pone lays a five
    assert d.match.events == laid + 1 and d.match.game.laying.play.count == 5
    d.press(HOLD_BACK)
    assert d.match.events == laid and d.where() == "lay"


def test_any_button_held_in_the_menu_and_the_settings_is_its_press():
    for players in (2, 3):
        d = dealt(players=players)
        d.press(HOLD_ENC)
        assert d.where() == "menu"
        d.press(HOLD_BACK)
        assert d.where() == "peg"
        d.edit_setting("brightness")
        assert d.where() == "settings" and d.mode.editing
        d.press(HOLD_BACK)
        assert d.where() == "settings" and not d.mode.editing
        d.press(HOLD_BACK)
        assert d.where() == "peg"


def test_a_button_held_in_the_advice_is_its_press():
    d = dealt()
    d.press(HOLD_ENC, turn(3), ENC)  # the advice: pick six cards
    assert d.where() == "pick"
    d.pick("5H")
    suit = d.mode.picker.suit
    d.press(HOLD_P2)  # the suit steps as with a press
    assert d.mode.picker.suit != suit
    d.press(HOLD_BACK)  # the card taken goes back
    assert d.mode.picker.picked == []
    d.press(HOLD_BACK)  # none taken: the advice closes
    assert d.where() == "peg"


def test_back_held_steps_back_in_the_cut_for_deal():
    d = Driver()
    d.press(ENC)  # nobody chosen to deal: the cut
    assert d.where() == "cut"
    d.press(turn(4), ENC)
    assert d.mode.at == 1
    d.press(HOLD_BACK)
    assert d.mode.at == 0
    d.press(HOLD_BACK)
    assert d.where() == "peg"


def test_a_plain_press_of_back_is_unchanged():
    d = dealt()
    d.press(HOLD_P2, BACK_PRESS)
    assert d.match.front == [0, 0]


def test_a_player_s_button_held_at_who_deals_names_the_dealer():
    for held, dealer in ((HOLD_P1, 0), (HOLD_P2, 1)):
        d = Driver()
        d.press(held)
        assert d.match.phase == "play" and d.match.dealer == dealer
    d = Driver()
    d.board.change_settings({"players": 3})
    d.press(HOLD_BACK)  # player 3's button
    assert d.match.phase == "play" and d.match.dealer == 2


def test_the_encoder_held_while_a_peg_is_dialled_opens_the_menu_and_drops_the_dial():
    d = dealt()
    d.press(P2, turn(3), HOLD_ENC)
    assert d.where() == "menu" and d.match.front == [0, 0]
    d.press(BACK_PRESS)
    assert d.where() == "peg" and d.mode.side is None


def counting(**rules):
    """The count open at the pone's hand, the starter KH."""
    d = dealt(**rules)
    d.press(ENC)
    d.pick("KH")
    d.press(ENC)
    assert d.where() == "cards"
    return d


def test_the_encoder_held_at_a_count_s_preview_or_total_opens_the_menu_and_the_count_again_as_it_was():
    d = counting()
    d.pick_all("5H 5D 5C JS")
    assert d.where() == "confirm"
    d.press(HOLD_ENC)  # (a press held too long, perhaps)
    assert d.where() == "menu" and d.match.front == [0, 0]
    d.press(BACK_PRESS)  # back at the count: the same hand as it was, its cards picked and counted
    assert d.where() == "confirm" and d.mode.seat == 1 and d.mode.picker.picked == parse_hand("5H 5D 5C JS")
    d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS, BACK_PRESS, BACK_PRESS)  # to the cards, each put back
    assert d.where() == "cards" and d.mode.picker.picked == []
    d.press(HOLD_ENC, turn(17))  # the total instead of cards, as before
    assert d.where() == "total"
    d.press(HOLD_ENC)
    assert d.where() == "menu"
    d.press(BACK_PRESS)
    assert d.where() == "total" and d.mode.seat == 1 and d.mode.points == 17
    d.press(ENC)
    assert d.match.front == [0, 17]


def test_a_count_kept_by_the_menu_stays_through_a_preference_and_goes_when_stepped_out_of():
    d = counting()
    d.pick_all("5H 5D 5C JS")
    d.edit_setting("brightness")  # the menu over the preview (the encoder held), its settings
    d.press(turn(-3), ENC, BACK_PRESS)  # a preference changed: the game is as it was, and the count
    assert d.board.prefs["brightness"] != 160
    assert d.where() == "confirm" and d.mode.picker.picked == parse_hand("5H 5D 5C JS")
    d = dealt()
    d.press(ENC, HOLD_ENC, turn(7), HOLD_ENC)  # the starter skipped, a total of 7 dialled, then the menu
    d.press(BACK_PRESS)  # the total as it was
    assert d.where() == "total" and d.mode.points == 7
    d.press(BACK_PRESS, BACK_PRESS)  # to the starter, and out of it home: the count stepped out of
    assert d.where() == "peg" and d.display()[-3] == "enc=starter"
    d.press(ENC)
    assert d.where() == "starter"


def test_the_encoder_held_at_a_claim_or_a_call_opens_the_menu_and_the_call_can_still_come():
    d = counting(muggins=True)
    d.pick_all("5H 5D 5C JS")
    assert d.where() == "claim"
    d.press(turn(10), HOLD_ENC)
    assert d.where() == "menu" and d.match.front == [0, 0]
    d.press(BACK_PRESS)  # the claim as it was dialled, its cards picked
    assert d.where() == "claim" and d.mode.points == 10 and d.mode.picker.picked == parse_hand("5H 5D 5C JS")
    d.press(ENC)  # claimed 10
    assert d.where() == "call" and d.match.front == [0, 10]
    d.press(HOLD_ENC)
    assert d.where() == "menu"
    d.press(BACK_PRESS)  # the claim again: the call may still come
    assert d.where() == "call"
    d.press(P1)
    assert d.where() == "called" and d.match.front == [10, 10]


def test_the_encoder_held_leaves_the_menu_and_the_screens_it_opens():
    d = dealt()
    d.press(HOLD_ENC, HOLD_ENC)
    assert d.where() == "peg"
    d.press(HOLD_ENC, turn(2), ENC, ENC)  # the settings, an item opened
    assert d.where() == "settings"
    d.press(HOLD_ENC)
    assert d.where() == "peg"
    d.press(HOLD_ENC, turn(3), ENC)  # the advice
    d.press(HOLD_ENC)
    assert d.where() == "peg" and d.match.front == [0, 0]
    d = Driver()
    d.press(ENC, turn(4), ENC)  # the cut for deal, player 1 has cut
    assert d.where() == "cut"
    d.press(HOLD_ENC)
    assert d.where() == "peg" and d.match.phase == "cut"  # "who deals?" again
