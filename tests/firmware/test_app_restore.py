"""Power-on restore takes each saved part on its own: a bad preference never costs the saved game."""

import json

from app_driver import ENC, P1, P2, Driver, turn
from match_helpers import seeded_match
from test_match_saved import damaged_logs

from app.board import PREFS
from app.store import Store
from simulator.virtual_hardware import temp_dir


def played():
    """A board with a few events, an id remembered and preferences changed from the defaults."""
    d = Driver()
    d.press(P1, P2, turn(4), ENC)  # player 1 deals; player 2 pegs 5
    reply = d.board.handle_command('{"cmd": "settings", "set": {"colour0": 3, "brightness": 90}, "id": "s"}')
    assert json.loads(reply)["ok"]
    assert d.match.events == 2 and d.board.prefs["brightness"] == 90
    return d


def resave(d, prefs):
    """Save the board's own data again, but with ``prefs`` (as an older or newer firmware might have)."""
    board = d.board
    Store(d.root).save({"settings": board.match.settings.to_dict(), "prefs": prefs,
                        "codes": board.match.iter_saved(), "ids": board.ids})


def test_bad_preferences_are_dropped_or_reset_and_the_game_is_kept():
    d = played()
    log = d.match.log
    state = d.match.state()
    resave(d, {"colour0": 3, "brightness": 999, "colour1": "red", "sparkle": True})
    again = d.reboot()
    board = again.board
    assert again.match.log == log and again.match.state() == state  # the whole game, undo history too
    expected = dict(PREFS)
    expected["colour0"] = 3  # the good one kept; the bad ones back to their defaults
    assert board.prefs == expected and "sparkle" not in board.settings_dict()
    notice = board.notice
    assert "brightness" in notice and "colour1" in notice and "sparkle" in notice
    assert "colour0" not in notice and "not replayable" not in notice
    reply = json.loads(board.handle_command('{"cmd": "state"}'))
    assert reply["state"]["store"] == notice and reply["state"]["events"] == 2
    again.frame_at(10)
    assert again.hw.display.lines[-2] == "PREFS RESET"
    # the remembered request id survived with the game: a re-send is still recognised
    assert json.loads(board.handle_command('{"cmd": "settings", "set": {"colour0": 5}, "id": "s"}'))["duplicate"]
    assert board.prefs["colour0"] == 3
    third = d.reboot()  # the repair was written back at once: nothing to say the next time
    assert third.board.notice is None and third.board.prefs == expected
    assert third.match.log == log and third.match.state() == state


def test_a_flash_that_refuses_the_write_back_of_repaired_preferences_does_not_stop_the_board():
    d = played()
    resave(d, {"brightness": 999})
    save = Store.save

    def refused(store, data):
        raise OSError(5, "the flash refused the write")

    Store.save = refused
    try:
        again = d.reboot()  # the repair cannot be written back: the board starts all the same
    finally:
        Store.save = save
    assert again.match.log == d.match.log and again.board.prefs == PREFS
    again.board.save_if_changed()  # the next save writes the repair
    assert d.reboot().board.notice is None


def test_preferences_that_are_not_an_object_give_the_defaults():
    d = played()
    resave(d, [1, 2])
    again = d.reboot()
    assert again.match.log == d.match.log and again.board.prefs == PREFS
    assert "preferences" in again.board.notice


def test_sound_preferences_restore_without_a_notice():
    d = played()
    again = d.reboot()
    assert again.board.notice is None and again.board.prefs["brightness"] == 90 and again.match.events == 2


def test_a_game_that_cannot_be_replayed_keeps_its_preferences():
    d = played()
    board = d.board
    # in older firmware's layout (events as lists); pegging before anyone dealt
    Store(d.root).save({"settings": board.match.settings.to_dict(), "prefs": board.prefs,
                        "log": [["peg", 0, 2]], "ids": board.ids})
    again = d.reboot()
    assert again.match.events == 0 and again.board.ids == []  # the replies belonged to that game
    assert "not replayable" in again.board.notice and "preferences" not in again.board.notice
    assert again.board.prefs["brightness"] == 90 and again.board.prefs["colour0"] == 3
    again.frame_at(10)
    assert again.hw.display.lines[-2] == "SAVE UNPLAYABLE"


def test_a_save_of_older_firmware_restores_the_same_match_and_is_saved_anew():
    m = seeded_match(2, 41)
    root = temp_dir()
    # as the firmware before "codes" saved: the events as lists, streamed under "log"
    Store(root).save({"settings": m.settings.to_dict(), "prefs": {"brightness": 90}, "log": m.iter_log(),
                      "ids": [["x", '{"ok": true}']]})
    d = Driver(root)
    assert d.board.notice is None and d.board.prefs["brightness"] == 90 and d.board.recall("x") == '{"ok": true}'
    assert d.match.log == m.log and d.match.state() == m.state()
    d.press(ENC)  # the next game: saved in the new layout
    m.apply(["new_game"])
    again = d.reboot()
    assert again.board.notice is None and again.match.state() == m.state()
    while m.can_undo:  # the undo history came through both restores
        m.undo()
        again.match.undo()
        assert again.match.state() == m.state()
    assert not again.match.can_undo


def test_a_damaged_saved_log_gives_a_fresh_match_and_says_so():
    for saved, says in damaged_logs():
        root = temp_dir()
        # the file itself sound (its CRC matches): only its log is not one this firmware writes
        Store(root).save({"settings": {"players": 2}, "prefs": {"brightness": 90}, "codes": iter(saved),
                          "ids": [["x", "{}"]]})
        d = Driver(root)
        board = d.board
        assert d.match.events == 0 and board.ids == [] and board.prefs["brightness"] == 90
        assert "not replayable" in board.notice and says in board.notice, (says, board.notice)
        d.frame_at(10)
        assert d.hw.display.lines[-2] == "SAVE UNPLAYABLE"
        d.press(P1)  # and the board plays on from a fresh match
        assert d.match.events == 1 and d.reboot().match.events == 1
