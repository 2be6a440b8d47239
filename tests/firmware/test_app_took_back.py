"""What an undo took back, said on the display's last line (app.took_back, app.messages), until the
next input or action."""

from app_driver import BACK_PRESS, ENC, HOLD_ENC, HOLD_P1, HOLD_P2, P1, Driver, turn

from app.took_back import said
from cribbage.match import Match
from cribbage.settings import Settings
from host_tools.card_text import parse

TWO = Settings()
TEAMS = Settings(players=4)


def test_each_event_taken_back_is_named_in_a_line_of_the_display():
    for settings, event, line in (
            (TWO, ["lay", 1, 10], "UNDO: P2 laid 10"), (TEAMS, ["lay", 3, 1], "UNDO: T2b laid A"),
            (TEAMS, ["lay", 2, 10], "UNDO: T1 laid 10"), (Settings(players=3), ["lay", 2, 10], "UNDO: P3 laid 10"),
            (TWO, ["go", 0], "UNDO: P1's go"), (TEAMS, ["go", 2], "UNDO: T1b's go"),
            (TWO, ["peg", 1, 12], "UNDO: P2 +12"), (TEAMS, ["peg", 1, 2], "UNDO: T2 +2"),
            (TWO, ["hand", 1, None, 8], "UNDO: P2's hand"), (TWO, ["crib", None, 4], "UNDO: the crib"),
            (TWO, ["show_ranks", None, [0, 1, 2, 3], 0, False, None], "UNDO: the crib"),
            (TWO, ["show_ranks", 0, [0, 1, 2, 3], 0, False, None], "UNDO: P1's hand"),
            (TWO, ["cut", [1, 2]], "UNDO: the cut"), (TWO, ["cut_ranks", [1, 2]], "UNDO: the cut"),
            (TWO, ["starter", parse("5H")], "UNDO: starter"), (TWO, ["starter_rank", 4], "UNDO: starter"),
            (TWO, ["heels"], "UNDO: his heels"), (TWO, ["dealer", 1], "UNDO: dealer"),
            (TWO, ["new_game"], "UNDO: new game"), (TWO, ["muggins", 0], "UNDO: P1 muggins"),
            (TEAMS, ["muggins", 1], "UNDO: T2 muggins")):
        assert said(Match(settings), event) == line, event


def test_every_event_taken_back_fits_a_line_of_the_display_for_every_seat():
    # A review: a team seat's 10 was "UNDO: T1b laid 10", 17 characters, cut to "... laid 1" on the display
    # (then "UNDO: T1b's 10", which another review read as 10 points: now its team's, "UNDO: T1 laid 10").
    events = [["peg", 0, 31], ["muggins", 0], ["crib", None, 29], ["show_ranks", None, [9, 9, 9, 9], 0, False, None],
              ["cut", [1, 2]], ["cut_ranks", [9, 9]], ["starter", parse("10H")], ["starter_rank", 9], ["heels"],
              ["dealer", 0], ["new_game"], ["new_match"]]
    for settings in (TWO, Settings(players=3), TEAMS):
        for seat in range(settings.seats):
            events += [["lay", seat, rank] for rank in range(1, 14)] + [["go", seat], ["hand", seat, None, 29],
                                                                       ["show_ranks", seat, [9, 9, 9, 9], 0, False, 8]]
            events += [["peg", settings.side_of(seat), 31], ["muggins", settings.side_of(seat)]]
        for event in events:
            line = said(Match(settings), event)
            assert len(line) <= 16 and line.startswith("UNDO: "), (event, line)  # a line of the display


def test_the_undo_line_shows_until_the_next_input_or_action():
    d = Driver()
    d.press(P1, HOLD_P2)  # P1 deals; P2 pegs 2
    d.press(BACK_PRESS)
    assert d.match.front == [0, 0] and d.display()[-1] == "UNDO: P2 +2"
    d.press(turn(1))  # any input: the line goes
    assert "UNDO: P2 +2" not in d.display()
    d.press(BACK_PRESS)
    assert d.display()[-1] == "UNDO: dealer"
    d.board.handle_command('{"cmd": "event", "event": ["dealer", 1]}')  # an action from a host: gone too
    assert not any(line.startswith("UNDO") for line in d.display())
    d.press(ENC)  # (the starter's picker)
    assert d.where() == "starter"


def test_a_card_taken_back_is_named_as_a_card_laid():
    d = Driver()
    d.board.change_settings({"play": 1, "players": 4})  # the play laid card by card, teams
    d.press(P1, ENC)
    d.pick("KH")  # the starter: T2a leads
    d.press(turn(5), ENC)  # T2a lays a 10
    d.press(BACK_PRESS)  # a review: "UNDO: P1's 4" after a card that pegged 4 read as 4 points
    assert d.match.game.laying is None and d.display()[-1] == "UNDO: T2 laid 10"  # (T2a: 17 characters)
    d.press(turn(-6), ENC, BACK_PRESS)  # a 4
    assert d.display()[-1] == "UNDO: T2a laid 4"


def test_the_next_game_taken_back_says_so_under_the_won_game_s_key():
    # A play-test: the won game came back saying "UNDO: new game" (the menu's words, which abandon a game) in the
    # place of "enc=next game", what to do next.
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"target": 61}})["ok"]
    d.press(P1)
    d.peg(P1, 31)
    d.peg(P1, 30)
    assert d.display()[-2:] == ["next: P2 deals", "enc=next game"]
    d.press(ENC, BACK_PRESS)  # the next game, taken back
    assert d.match.winner == 0 and d.display()[-2:] == ["enc=next game", "UNDO: next game"]
    d.press(ENC, P1, ENC, HOLD_ENC, ENC, ENC)  # the next game again, a peg, and the menu's new game over it (asked
    d.press(BACK_PRESS)  # twice), taken back
    assert d.match.winner is None and d.match.front == [1, 0] and d.display()[-1] == "UNDO: new game"


def test_the_next_game_taken_back_keeps_the_key_of_a_won_game_that_fills_the_display():
    # A play-test: a double skunk won by his heels fills the display's 8 lines; its next game taken back dropped
    # "enc=next game", the one press that goes on, for "UNDO: next game" (the scores give way, as to a long result)
    d = Driver()
    d.press(P1)  # P1 deals
    d.peg_in_steps(P1, 119)
    d.press(ENC)
    d.pick("JS")  # his heels: 121, P2 double skunked
    won = d.display()
    assert len(won) == 8 and won[3:] == ["P1 WINS 3 GAMES", "P2 DOUBLE-", "SKUNKED", "P1: his heels 2", "enc=next game"]
    d.press(ENC, BACK_PRESS)
    assert d.match.winner == 0 and d.display() == [won[0]] + won[3:7] + ["next: P2 deals", "enc=next game",
                                                                         "UNDO: next game"]


def test_a_jack_turned_taken_back_says_his_heels_went_with_it():
    # A play-test: "UNDO: starter" took the dealer's 2 for his heels back too, unsaid ("UNDO: his heels" says them
    # when they were pegged on their own)
    d = Driver()
    d.press(P1)  # P1 deals
    d.press(ENC)
    d.pick("JS")
    assert d.match.front == [2, 0]
    d.press(BACK_PRESS)
    assert d.match.front == [0, 0] and d.display()[-1] == "UNDO: Jack+heels"
    d.press(ENC, HOLD_P1)  # his heels pegged on their own first (the dealer's button held in the picker): the Jack
    assert d.match.front == [2, 0] and d.match.starter is None
    d.press(ENC)  # the count, which asks the Jack's suit first
    d.pick("JS")  # turned then pegs nothing, and its undo leaves them
    assert d.match.front == [2, 0] and d.match.starter is not None and d.where() == "cards"
    d.press(BACK_PRESS, BACK_PRESS)  # out of the count, then undo
    assert d.match.front == [2, 0] and d.display()[-1] == "UNDO: starter"
    d.press(BACK_PRESS, ENC)  # his heels taken back too; the starter's picker again, on the Jack
    d.pick("5S")
    d.press(BACK_PRESS)  # no Jack: no heels
    assert d.match.front == [0, 0] and d.display()[-1] == "UNDO: starter"
