"""A look into the menu changes nothing: left with nothing done (back, or the encoder held, from the menu
or a screen it opened), the board is where it was, a count at the same show and step (its cards or ranks,
its total or claim dialled), a call on a claim still open; only an action taken there (a new game) goes home.

A review: the menu left during the count of a play laid card by card went back to PLAY OVER, where the next
back took the play's last card back. A second: the serial line's LED test, which opens over any step of a count
(its cards or ranks too) and over the starter's picker, went home from those when stopped; and a show kept as the
menu left it (a total, a count said) was still kept once the count had stepped back from it to its cards, and the
next LED test stopped opened that stale total again, one press from pegging it."""

from app_driver import (
    BACK_PRESS,
    ENC,
    HOLD_ENC,
    P1,
    P2,
    Driver,
    answer,
    at_pones_hand,
    called_off_the_track,
    counting,
    dealt,
    dial,
    starter_rank,
    turn,
)

from host_tools.card_text import parse_hand


def laid(ranks):
    """The play laid card by card, the starter KH, the cards of ``ranks`` laid in turn, P2 first, and its count
    opened at the pone's hand: its ranks known from the play."""
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC)
    d.pick("KH")
    for rank in ranks:
        d.press(turn(rank - d.mode.rank), ENC)
    assert d.display()[2] == "PLAY OVER"
    d.press(ENC)
    return d


def play_over():
    """The play laid card by card (P2 laid 5 K 4 5, P1 T 6 3 K: test_app_lay_cards), its count open at the
    pone's hand, its count (12) previewed."""
    d = laid((5, 10, 13, 6, 4, 3, 5, 13))
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
    d = at_pones_hand()
    d.pick_all("5H 5D JC 10C")
    d.press(turn(12), HOLD_ENC, BACK_PRESS)  # the claim: 12 dialled
    assert d.where() == "claim" and d.mode.points == 12 and d.mode.picker.picked == parse_hand("5H 5D JC 10C")
    d.press(ENC, HOLD_ENC, HOLD_ENC)  # claimed: the call may come; a look into the menu
    assert d.where() == "call" and d.match.front == [0, 12]
    d.press(P1)  # called: 20 it was
    assert d.where() == "called" and d.match.front == [8, 12]


def test_the_menu_left_at_a_claim_with_the_call_before_still_open_goes_back_to_the_claim():
    d = at_pones_hand()
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


def at_the_crib_s_call(players=2):
    """Muggins on, player 1 deals, the 5S turned; each hand claimed and let go uncalled, then the crib (4C 4D 6H 6S,
    worth 24) claimed at 10 (the dealer P1, or T1a: teams): the deal has passed, the crib's call is open."""
    d = at_pones_hand(players)
    for hand in ("5H 5D JC 10C", "AC 2D 3H KS", "7C 8C 9D QH", "2C 3C 4H 9S")[:players]:
        d.pick_all(hand)
        d.press(turn(-1), ENC, ENC)  # claimed 0, not called: on
    d.pick_all("4C 4D 6H 6S")
    d.press(turn(10), ENC)
    assert d.where() == "call" and d.mode.title(d.board).endswith(" CRIB") and d.match.phase == "play"
    return d


def test_the_menu_left_at_the_crib_s_call_once_the_deal_has_passed_goes_back_to_it():
    # (a review: it went home, where the call is not offered and back took the crib's claim back)
    for players in (2, 3, 4):
        d = at_the_crib_s_call(players)
        shown, events, title = d.display(), d.match.events, d.mode.title(d.board)
        for look in LOOKS:
            d.press(*look)
            assert d.where() == "call" and d.display() == shown and d.match.events == events, (players, look)
        d.press(P2)  # called by P2 (three players: P2; teams: team 2)
        assert d.where() == "called" and d.display()[0] == title + " 24" and d.match.events == events + 1
    d = at_the_crib_s_call()
    d.press(HOLD_ENC, BACK_PRESS, BACK_PRESS)  # a look into the menu; back at the call takes the claim back
    assert d.where() == "claim" and d.mode.title(d.board) == "P1 CRIB" and d.mode.points == 10
    d.press(ENC, HOLD_ENC, HOLD_ENC, ENC)  # claimed again, a look into the menu, and on without a call
    assert d.where() == "peg" and d.match.front == [10, 0] and "enc=starter" in d.display()


def test_a_power_cut_at_the_crib_s_call_opens_on_it_again():
    # A review at the table: the power back, home said nothing of the crib's call (the deal had passed), and the
    # pone's button, pressed to call, started a peg in the next deal: the call was lost.
    d = at_the_crib_s_call().reboot()
    assert d.where() == "call" and d.display()[:3] == ["P1 CRIB 10", "muggins?", "P2: p2"]
    d.press(P2)  # the pone calls
    assert d.match.front == [10, 14] and d.display()[:2] == ["P1 CRIB 24", "muggins P2 +14"]
    d = d.reboot()  # the call made: the next deal, at home
    assert d.mode.name == "peg" and "enc=starter" in d.display() and d.match.muggins is None
    d = at_the_crib_s_call().reboot()
    d.press(HOLD_ENC, BACK_PRESS)  # the menu over it goes back to it
    assert d.where() == "call"
    d.press(ENC)  # not called: home, the next deal
    assert d.mode.name == "peg" and d.match.front == [10, 0]
    assert d.ask({"cmd": "event", "event": ["muggins", 1]})["ok"]  # until the next thing pegged, as ever
    assert d.match.front == [10, 14]


def test_the_menu_left_at_a_call_made_goes_back_to_its_screen_as_it_was():
    d = at_the_crib_s_call()
    d.press(P2)  # the crib's call, the deal passed
    shown, events = d.display(), d.match.events
    assert shown[:3] == ["P1 CRIB 24", "muggins P2 +14", "claim 10"]
    for look in LOOKS:
        d.press(*look)
        assert d.where() == "called" and d.display() == shown and d.match.events == events, look
    d.press(turn(1))  # the saying scrolls, as before
    assert d.display() != shown and d.where() == "called"
    d.press(BACK_PRESS)  # back takes the call back: at the call again
    assert d.where() == "call" and d.match.front == [10, 0] and d.match.muggins == 0
    d.press(P2, HOLD_ENC, BACK_PRESS, ENC)  # called again, a look into the menu, and on: home, the next deal
    assert d.mode.name == "peg" and d.match.front == [10, 14] and "enc=starter" in d.display()
    d = called_off_the_track()  # a call a house rule kept off the track: the log cannot tell, the screen says so
    shown = d.display()
    assert shown[:4] == ["P2 HAND 20", "muggins P1 +20", "not pegged", "claim 0"]
    for look in LOOKS:
        d.press(*look)
        assert d.where() == "called" and d.display() == shown, look
    d.press(HOLD_ENC, turn(1), ENC, ENC)  # the menu's new game (asked twice) over the call made: home
    assert d.mode.name == "peg" and d.match.front == [0, 0]


def led_test_stopped(d):
    """The serial line's LED test opened over where the board is, and stopped: the ui after."""
    assert d.ask({"cmd": "test_leds"})["ui"]["mode"] == "led_test"
    return d.ask({"cmd": "test_leds", "stop": True})["ui"]


def test_the_led_test_over_a_count_s_cards_goes_back_to_them_as_picked():
    d = counting("KH", "5H 5D")
    d.press(turn(2), P2)  # the cursor moved on from the cards picked
    ui, shown, events = d.mode.describe(), d.display(), d.match.events
    assert ui["step"] == "cards"
    assert led_test_stopped(d) == ui and d.display() == shown and d.match.events == events
    d.pick_all("5C JS")
    assert d.where() == "confirm" and d.mode.points == 20
    d.press(BACK_PRESS, BACK_PRESS)  # to the cards, all 4 picked; the JS put back
    ui, shown = d.mode.describe(), d.display()
    assert led_test_stopped(d) == ui and d.display() == shown
    d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS, BACK_PRESS)  # every card put back, and out of the count, home
    assert d.where() == "peg" and d.match.events == events


def test_the_led_test_over_a_count_s_ranks_goes_back_to_them_as_taken_and_answered():
    # (a review: over the ranks of a play laid card by card it went home, PLAY OVER, where back undid a card)
    d = laid((1, 1, 2, 2, 3, 3, 4, 4))  # the pone's hand: its ranks laid, one suit? asked
    events = d.match.events
    d.press(turn(1))  # yes dialled
    ui, shown = d.mode.describe(), d.display()
    assert ui["step"] == "ranks" and shown[2:5] == ["one suit?", "", "> yes"]
    assert led_test_stopped(d) == ui and d.display() == shown and d.match.events == events
    d.press(turn(1), BACK_PRESS)  # no dialled; back, nothing answered: out of the count, every card still laid
    assert d.where() == "lay" and d.display()[2] == "PLAY OVER" and d.match.events == events
    d = dealt()  # the starter by its rank alone (a 5): the shows by ranks
    starter_rank(d, 4)
    d.press(ENC)
    dial(d, [0, 2])
    d.press(turn(3))  # two ranks taken, a third dialled
    ui, shown = d.mode.describe(), d.display()
    assert led_test_stopped(d) == ui and d.display() == shown
    dial(d, [6, 10])
    answer(d, False)  # not one suit: his nobs? asked
    d.press(turn(1))
    ui, shown = d.mode.describe(), d.display()
    assert ui["ranks"]["answers"] == [False] and shown[2:5] == ["his nobs?", "J starter's suit", "> yes"]
    assert led_test_stopped(d) == ui and d.display() == shown
    d.press(ENC)  # his nobs: A 3 7 J, a 5 turned, fifteen 4 and one for his nobs
    assert d.where() == "confirm" and d.mode.points == 5


def test_the_led_test_over_the_starter_s_picker_goes_back_to_the_card_dialled():
    d = Driver()
    d.press(P1, ENC, turn(4), P2)
    ui, shown = d.mode.describe(), d.display()
    assert ui["mode"] == "starter" and ui["card"] is not None
    assert led_test_stopped(d) == ui and d.display() == shown
    d.press(P1, P1)  # back to the first suit, then before it: any suit
    ui, shown = d.mode.describe(), d.display()
    assert ui["card"] is None
    assert led_test_stopped(d) == ui and d.display() == shown
    d.press(ENC)  # the starter by its rank: the play is next
    assert d.where() == "peg" and d.match.starter_rank == ui["rank"]


def test_the_menu_left_at_a_total_dialled_from_the_cards_goes_back_to_them_as_picked():
    # (a review: the cards picked before the total was dialled were lost after a look into the menu)
    d = counting("KH", "5H 5D")
    d.press(HOLD_ENC, turn(7), HOLD_ENC, BACK_PRESS)  # the total instead; a look into the menu
    assert d.where() == "total" and d.mode.points == 7
    d.press(BACK_PRESS)  # back to the cards, as without the menu
    assert d.where() == "cards" and d.mode.picker.picked == parse_hand("5H 5D")


def test_a_show_kept_over_the_menu_is_not_reopened_once_the_count_stepped_back_from_it():
    # (a review: the LED test stopped at the cards reopened the total dialled before, one press from pegging it)
    d = Driver()
    d.press(P1, ENC)
    d.pick("KH")
    d.press(ENC, HOLD_ENC, turn(4), HOLD_ENC, BACK_PRESS)  # the total, 4; a look into the menu: kept
    d.press(BACK_PRESS)  # back to the cards, to count them after all
    d.pick("5H")
    ui = d.mode.describe()
    assert led_test_stopped(d) == ui and d.where() == "cards"
    d.press(ENC)  # the next card taken, nothing pegged
    assert d.match.front == [0, 0] and d.mode.picker.picked == parse_hand("5H 5S")
    d = Driver()
    d.press(P1, ENC)
    d.pick("KH")
    d.press(ENC)
    d.pick_all("5H 5D 5C JS")
    d.press(HOLD_ENC, BACK_PRESS, BACK_PRESS, BACK_PRESS)  # the count said kept over the menu; to the cards, JS back
    ui, shown = d.mode.describe(), d.display()
    assert led_test_stopped(d) == ui and d.display() == shown and shown[1] == "5H 5D 5C >JS"


def test_a_change_from_the_host_while_the_menu_is_open_goes_home_as_ever():
    # (a review: a host's undo, or a preference set, while the menu was open over a count went back to a count;
    # PROTOCOL.md: a change sends the board home)
    d = counting("KH", "5H 5D")
    d.pick_all("5C JS")
    d.press(ENC)  # the pone's hand pegged (20)
    d.pick_all("AC 2D 3H 4S")  # the dealer's previewed
    d.press(HOLD_ENC)
    assert d.where() == "menu"
    assert d.ask({"cmd": "undo"})["ok"]
    assert d.where() == "peg" and d.match.front == [0, 0]
    d.press(ENC)  # the count, from home: the pone's hand taken back opens as it was
    assert d.where() == "confirm" and d.mode.seat == 1 and d.mode.points == 20
    d.press(HOLD_ENC)
    assert d.where() == "menu"
    assert d.ask({"cmd": "settings", "set": {"brightness": 50}})["ok"]
    assert d.where() == "peg" and d.board.prefs["brightness"] == 50


def test_a_preference_from_the_host_leaves_a_count_as_it_stood():
    # A play-test: `crib settings brightness=100` during a count sent the board home and dropped the cards picked,
    # where the same change made in the menu keeps them (PROTOCOL.md: a preference alone leaves what was begun).
    d = counting("KH", "5H 5D 5C")  # the pone's hand, three of its cards picked
    assert d.ask({"cmd": "settings", "set": {"brightness": 100}})["ok"]
    assert d.where() == "cards" and d.mode.picker.picked == parse_hand("5H 5D 5C")
    assert d.board.prefs["brightness"] == 100
    d.pick("JS")
    assert d.where() == "confirm"
    assert d.ask({"cmd": "settings", "set": {"colour0": 5}})["ok"]  # at the count said too
    assert d.where() == "confirm" and d.mode.points == 20
    assert not d.ask({"cmd": "settings", "set": {"brightness": 999}})["ok"]  # refused: nothing changes
    assert d.where() == "confirm" and d.board.prefs["colour0"] == 5
    d.press(ENC)
    assert d.match.front == [0, 20]
