"""Refusals: in every mode a visible signal (both game holes flicker vermillion), never an escaping exception;
turns too big for the board are refused at the edge, and turning the card picker costs the same for any size."""

import json

from app_driver import (
    BACK_PRESS,
    ENC,
    HOLD_ENC,
    HOLD_P1,
    HOLD_P2,
    P1,
    P2,
    Driver,
    at_pones_hand,
    claim,
    game_holes_vermillion,
    is_hue,
    turn,
)
from led_colour import BLUE

from app.picker import Picker
from host_tools.card_text import parse
from shared.ticks import ticks_add


def flicker(d, start, stop):
    """(frames with both game holes vermillion, frames without) sampled every 10 ms from ``start`` to ``stop`` ms
    after now."""
    now = d.hw.ticks_ms()
    on = off = 0
    for t in range(start, stop, 10):
        if game_holes_vermillion(d.frame_at(ticks_add(now, t))):
            on += 1
        else:
            off += 1
    return on, off


def assert_refusal_signal(d):
    """A fast flicker in the first half second after the refusal, then nothing."""
    on, off = flicker(d, 0, 500)
    assert on >= 10 and off >= 10, (on, off)  # it flickers: on and off several times
    assert flicker(d, 500, 1500)[0] == 0  # and stops by itself


def test_a_new_match_before_the_match_began_is_refused_not_raised():
    d = Driver()
    d.press(HOLD_ENC, turn(1))
    assert d.mode.name == "menu" and flicker(d, 0, 300)[0] == 0  # (no signal before the refusal)
    d.press(ENC)  # used to raise RuleError out of Board.handle; refused at once, not asked twice
    assert d.board.messages.refusal is not None and "not begun" in d.board.messages.refusal
    assert d.match.events == 0 and d.mode.name == "menu" and not d.mode.sure
    assert_refusal_signal(d)
    assert d.board.handle_command('{"cmd": "state"}')  # the board goes on


def test_a_new_match_from_the_menu_starts_again_and_cannot_be_undone():
    d = Driver()
    d.press(P1, HOLD_P2)
    d.press(HOLD_ENC, turn(1), ENC, ENC)
    assert d.mode.name == "peg" and d.match.events == 0 and d.match.phase == "cut"
    d.press(BACK_PRESS)  # as USING.md says: the match before is gone, and back says why (not "nothing to undo")
    assert d.board.messages.refusal == "a new match cannot be undone" and d.match.events == 0
    assert d.display()[-2:] == ["NO: a new match", "cannot be undone"]
    d.press(P2, BACK_PRESS, BACK_PRESS)  # a dealer named and undone: at the new match's start again, the same
    assert d.board.messages.refusal == "a new match cannot be undone" and d.match.phase == "cut"
    assert d.ask({"cmd": "undo"})["error"] == "a new match cannot be undone"  # (crib undo too)
    assert d.ask({"cmd": "settings", "set": {"target": 61}})["ok"]  # its rules changed: still begun by it
    d.press(BACK_PRESS)
    assert d.board.messages.refusal == "a new match cannot be undone" and d.match.settings.target == 61
    assert d.reboot().match.events == 0


def test_a_new_match_from_the_menu_asks_twice_after_the_new_match_event_too():
    d = Driver()
    d.press(P1, HOLD_P2)
    assert d.board.try_apply(["new_match"])  # (the serial line's event: the match before can be undone)
    d.press(HOLD_ENC, turn(1), ENC)
    assert d.mode.name == "menu" and d.mode.sure and d.match.events == 3 and d.board.messages.refusal is None
    d.press(ENC)
    assert d.mode.name == "peg" and d.match.events == 0


def test_a_new_game_from_the_menu_asks_twice_while_one_is_under_way_only():
    d = Driver()
    d.press(HOLD_ENC, ENC)  # no dealer yet: nothing under way, a new game at once (refused: nothing to start)
    assert d.mode.name == "menu" and not d.mode.sure
    d.press(BACK_PRESS, P1, HOLD_P2)  # player 1 deals, player 2 pegs 2
    d.press(HOLD_ENC, ENC)
    assert d.mode.name == "menu" and d.mode.sure and d.match.front == [0, 2]
    assert d.mode.lines(d.board)[-2:] == ["press again:", "game is dropped"]
    d.press(turn(1), turn(-1), ENC)  # a turn asks again from the start
    assert d.mode.sure and d.match.front == [0, 2]
    d.press(P1)  # refused, and the question with it (a play-test: the next press still dropped the game)
    assert not d.mode.sure and d.board.messages.refusal == "the encoder opens it"
    d.press(ENC)  # asks again
    assert d.mode.sure and d.match.front == [0, 2]
    d.press(ENC)
    assert d.mode.name == "peg" and d.match.front == [0, 0] and d.match.phase == "cut"


def test_a_new_match_from_the_menu_says_what_a_second_press_loses():
    d = Driver()
    d.press(P1, HOLD_P2)  # a game under way, no game won: the game goes (a review: it said "tally is lost")
    d.press(HOLD_ENC, turn(1), ENC)
    assert d.mode.sure and d.display()[-2:] == ["press again:", "game is dropped"]
    d.press(BACK_PRESS)
    d.peg_in_steps(P1, 121)  # P1 wins the game: the tally goes
    d.press(HOLD_ENC, turn(1), ENC)
    assert d.mode.sure and d.display()[-2:] == ["press again:", "tally is lost"]
    d.press(BACK_PRESS, ENC)  # the next game (the loser deals), nothing done in it: the tally goes
    assert d.match.dealer == 1 and d.match.games_won == [3, 0] and d.match.match_winner is None  # (a double skunk)
    d.press(HOLD_ENC, turn(1), ENC)
    assert d.mode.sure and d.display()[-2:] == ["press again:", "tally is lost"]
    d.press(BACK_PRESS, HOLD_P1)  # out of the menu; P1 pegs 2: under way, and a game won: both go
    d.press(HOLD_ENC, turn(1), ENC)
    assert d.mode.sure and d.display()[-2:] == ["press again:", "game+tally lost"]
    assert d.ask({"cmd": "state"})["state"]["ui"]["sure"] is True  # (the state says whether it asks, as before)
    d.press(ENC)
    assert d.mode.name == "peg" and d.match.games_won == [0, 0] and d.match.events == 0


def test_an_undo_flashes_the_game_holes_white_once():
    d = Driver(display=False)
    d.press(P1, HOLD_P2)  # player 1 deals; player 2 pegs 2
    d.press(BACK_PRESS)  # undone (an undo may change nothing else on the LEDs: a starter, a go)
    assert d.match.front == [0, 0] and d.board.messages.refusal is None
    hole = d.match.settings.target
    flash = [d.frame_after(10).pixel(track, hole) for track in (0, 1)]
    assert all(p[0] == p[1] == p[2] > 30 for p in flash), flash  # white, both game holes
    after = [d.frame_after(400).pixel(track, hole) for track in (0, 1)]
    assert is_hue(after[0], BLUE) and after[1] == (0, 0, 0), after  # the dealer's glow, as before


def test_refused_in_peg_idle_during_the_show():
    d = Driver()
    d.press(P1)  # player 1 deals
    d.press(ENC)
    d.pick("5D")
    d.press(ENC, HOLD_ENC, turn(4), ENC)  # pone's hand as a total: the show has begun
    d.press(BACK_PRESS)  # leave the count: idle
    assert d.mode.name == "peg" and d.mode.side is None
    assert flicker(d, 0, 300)[0] == 0
    d.press(HOLD_P1)  # peg 2 in the play: refused, the play is over
    assert d.match.front == [0, 4] and "show" in d.board.messages.refusal
    assert_refusal_signal(d)


def test_refused_in_settings():
    d = Driver()
    d.press(P1)  # the match has begun: the rules are fixed
    d.press(HOLD_ENC, turn(2), ENC)  # settings
    d.press(turn(3), ENC, turn(1))  # players: 2 -> 3
    assert d.mode.name == "settings" and flicker(d, 0, 300)[0] == 0
    d.press(ENC)
    assert d.match.settings.players == 2 and d.board.messages.refusal is not None
    assert_refusal_signal(d)


def test_refused_in_the_card_picker():
    d = Driver()
    d.press(P1)
    d.press(ENC)
    assert d.mode.full_screen and flicker(d, 0, 300)[0] == 0
    d.press(HOLD_P2)  # his heels are the dealer's (player 1's), not player 2's
    assert d.match.front == [0, 0] and d.mode.name == "starter" and d.board.messages.refusal is not None
    assert_refusal_signal(d)


def test_a_turn_beyond_the_limit_is_refused_at_the_serial_edge():
    d = Driver()
    d.press(P1, P1)  # dialling 1 for player 1
    for n in (101, -101, 1000000, 10 ** 9):
        reply = json.loads(d.board.handle_command(json.dumps({"cmd": "input", "event": ["turn", n]})))
        assert not reply["ok"] and "100" in reply["error"]
    assert d.mode.points == 1
    reply = json.loads(d.board.handle_command('{"cmd": "input", "event": ["turn", 100]}'))
    assert reply["ok"] and d.mode.points == 31
    d.board.handle(("turn", -1000000))  # from any other source: ignored as malformed
    assert d.mode.points == 31


def stepped(taken, start, steps):
    """The truth, one detent at a time: each moves to the next rank round the ring with a card not ``taken``."""
    rank = start
    for _ in range(abs(steps)):
        for _ in range(13):
            rank = (rank + (1 if steps > 0 else -1)) % 13
            if [s for s in range(4) if rank * 4 + s not in taken]:
                break
    return rank


def test_a_big_turn_of_the_card_picker_is_the_same_as_single_steps():
    used = [parse(c) for c in "5D 5C 5H 5S AC AD AH AS KD".split()]  # no free five or ace
    for picked in ([], ["2C", "2D", "2H", "2S"]):
        taken = used + [parse(c) for c in picked]
        for start in range(13):  # the cursor on a free rank, or (after the last take) maybe not
            for steps in (1, -1, 2, -2, 5, 11, -12, 13, 26, -27, 100, -99):
                p = Picker(5, used)
                p.picked = [parse(c) for c in picked]
                p.rank = start
                p.turn(steps)
                assert p.rank == stepped(taken, start, steps), (picked, start, steps)
                assert p.free(p.card)
    # eleven free ranks: a huge turn is the same as its remainder, and does not take a billion steps
    p = Picker(4, used)
    p.turn(10 ** 9 + 3)
    assert p.rank == stepped(used, 1, (10 ** 9 + 3) % 11) and p.free(p.card)


def test_a_change_over_the_serial_line_ends_a_refusal_shown():
    d = Driver()
    d.press(P1, BACK_PRESS, BACK_PRESS)  # P1 deals; undone; nothing more to undo: refused
    assert d.board.messages.refusal is not None
    d.ask({"cmd": "state"})  # a question changes nothing: the refusal stays until the next input
    assert d.board.messages.refusal is not None
    d.ask({"cmd": "event", "event": ["dealer", 1]})  # a change: what the display says is no longer that
    assert d.board.messages.refusal is None and d.match.dealer == 1
    assert not d.board.messages.refused(d.hw.ticks_ms())  # its signal ended too
    assert not any(line.startswith("NO:") for line in d.board.messages.lines(d.mode.lines(d.board), d.board))


def test_a_refusal_cuts_no_sentence_short_the_lines_above_it_give_way_whole():
    # A play-tester: laid card by card, a refusal under "T2b: twenty-five for a run of three" left "for a run of"
    # with no "three"
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"players": 4}})["ok"]
    d.board.change_settings({"play": 1})
    assert d.ask({"cmd": "event", "event": ["dealer", 3]})["ok"]  # T2b deals
    d.press(ENC)
    d.pick("KH")
    for rank in (10, 5, 6, 4):
        if rank != d.mode.rank:
            d.press(turn(rank - d.mode.rank))
        d.press(ENC)
    assert d.display()[3:6] == ["T2b: twenty-five", "for a run of", "three"]
    d.press(turn(11 - d.mode.rank), ENC)  # a J: past 31
    assert d.display() == ["T1   0 (0)", "T2   5 (2)", "T1a >6 count 25",  # the call gives way whole
                           "NO: the count is", "25: a J makes", "35, past 31"]


def test_a_refusal_under_a_count_said_leaves_no_phrase_cut_short():
    d = at_pones_hand()
    claim(d, "6H 6D 6C 2C", 0)  # a pair royal with the 5S: 6
    d.press(P1)  # called
    assert d.display()[3:5] == ["a pair royal is", "six"]
    d.press(P1)  # called again
    assert d.display() == ["P2 HAND 6", "muggins P1 +6", "claim 0",  # not "a pair royal is" without its "six"
                           "NO: muggins was", "called: the", "first call", "counts"]
