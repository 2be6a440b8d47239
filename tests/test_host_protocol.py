"""The protocol commands (status, log, undo, peg, settings) against the simulator over TCP, and
their errors: no board, busy port, no reply, malformed replies."""

from __future__ import annotations

import json
import os
import select
import socket
import struct
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import serial
from host_helpers import FakeBoard, crib, free_port
from serial.tools.list_ports_common import ListPortInfo
from serial.urlhandler import protocol_socket as serial_socket
from sim_process import TIMEOUT_S

from app.safe import SafeBoard
from host_tools.board import devices, link
from host_tools.board.link import connect
from host_tools.cli import build_parser, main, with_arguments
from simulator.device import Device
from simulator.geometry import Geometry
from simulator.virtual_hardware import VirtualHardware


def crib_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    """Run `crib ARGV --json`, which must succeed, and return what it printed, decoded."""
    status, out, err = crib(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def test_status_of_a_fresh_board(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    reply = crib_json(capsys, "status", "-d", sim)
    assert reply["ok"] is True
    assert reply["state"]["front"] == [0, 0] and reply["state"]["phase"] == "cut"
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert status == 0
    assert "P1" in out and "P2" in out and "phase: cut" in out and "not cut yet" in out
    assert crib(capsys, "log", "-d", sim)[1] == "game log: no event yet (the match has not begun)\n"


def test_peg_log_and_undo(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    with connect(sim) as link:
        link.request("event", event=["dealer", 1])
    status, out, err = crib(capsys, "peg", "1", "5", "-d", sim)
    assert status == 0, err
    assert "P1 pegs 5" in out
    reply = crib_json(capsys, "peg", "p2", "3", "-d", sim)
    assert reply["state"]["front"] == [5, 3]
    log = crib_json(capsys, "log", "-d", sim)
    assert log["log"] == [["dealer", 1], ["peg", 0, 5], ["peg", 1, 3]]
    status, out, _ = crib(capsys, "log", "-d", sim)
    assert "P2 deals first" in out and "P1 pegs 5" in out and "P2 pegs 3" in out
    # what each event pegged, replayed as crib export does (a review: the log showed no points)
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in out.splitlines() if line.count("│") == 5]
    assert [row[:3] for row in rows] == [["0", "P2 deals first", ""], ["1", "P1 pegs 5", "P1 +5"],
                                         ["2", "P2 pegs 3", "P2 +3"]]
    status, out, _ = crib(capsys, "undo", "-d", sim)
    assert status == 0 and "undone" in out
    state = crib_json(capsys, "status", "-d", sim)["state"]
    assert state["front"] == [5, 0] and state["back"] == [0, 0]
    assert crib_json(capsys, "log", "-d", sim)["log"] == [["dealer", 1], ["peg", 0, 5]]


def test_a_team_game_names_teams_and_partners_as_the_board_does(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert crib_json(capsys, "settings", "players=4", "-d", sim)["settings"]["players"] == 4
    with connect(sim) as link:
        link.request("event", event=["dealer", 2])  # seat 2: team 1's second partner
    status, out, err = crib(capsys, "status", "-d", sim)
    assert status == 0, err
    assert "T1 " in out and "T2 " in out and "dealer: T1b" in out and "next to count: T2b's hand" in out
    status, out, err = crib(capsys, "peg", "t2", "29", "-d", sim)  # the reply's state has no settings
    assert status == 0, err
    assert "T2 pegs 29." in out and "dealer: T1b" in out
    with connect(sim) as link:
        for event in (["peg", 1, 29], ["peg", 1, 29], ["peg", 1, 29], ["peg", 0, 20], ["hand", 3, None, 10]):
            link.request("event", event=event)
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert "winner: T2 (double skunk)" in out
    status, out, _ = crib(capsys, "log", "-d", sim)
    assert status == 0
    assert "T1b deals first" in out and "T2 pegs 29" in out and "T1 pegs 20" in out and "T2b's hand" in out
    assert "finished game 1: T2 wins (double skunk), worth 3" in out
    status, out, _ = crib(capsys, "undo", "-d", sim)
    assert status == 0 and "T2 " in out and "next to count: T2b's hand" in out and "winner" not in out
    for text in (out, crib(capsys, "status", "-d", sim)[1], crib(capsys, "log", "-d", sim)[1]):
        assert "P1" not in text and "P2" not in text and "seat" not in text


def test_board_refusals_are_one_clear_line(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = crib(capsys, "peg", "1", "2", "-d", sim)  # nobody has dealt yet
    assert status == 1 and out == ""
    assert err.startswith("crib peg: error: ") and "dealer" in err and "Traceback" not in err
    status, _, err = crib(capsys, "undo", "-d", sim)
    assert status == 1 and "undo" in err


OLDER_FIRMWARE = ("crib %s: error: the board's firmware is older than this crib and does not know this command: "
                  "update it (`crib deploy`)\n")


@pytest.mark.parametrize(("argv", "refusal", "said"), [
    (["test-leds"], "unknown cmd 'test_leds' (known: event, log, new_game, new_match, settings, state, undo)",
     OLDER_FIRMWARE),
    (["test-leds", "--stop"], "test_leds takes no 'stop'", OLDER_FIRMWARE),
    (["undo"], "log takes no 'count'", OLDER_FIRMWARE),
    (["lay", "1", "5"], "unknown event 'lay' (known: dealer, cut, starter, heels, peg, hand, crib, new_game, "
                        "new_match)", OLDER_FIRMWARE),
    (["peg", "1", "5"], None, "crib %s: error: the board refused it without saying why\n"),
])
def test_a_refusal_in_the_protocols_words_is_said_in_cribs(argv: list[str], refusal: str | None, said: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """What the board refuses by the protocol's names (a command, a field, an event crib sent) is
    no advice for a person: older firmware says it, and it is said so."""
    def answer(line: str) -> bytes:
        request = json.loads(line)
        reply: dict = {"ok": True, "state": {"events": 1, "front": [0, 0], "phase": "play"}}
        if request["cmd"] != "state":
            reply = {"ok": False} if refusal is None else {"ok": False, "error": refusal}
        return (json.dumps(dict(reply, id=request["id"])) + "\n").encode()

    with FakeBoard(answer) as board:
        status, out, err = crib(capsys, *argv, "-d", board.url)
    assert status == 1 and out == "" and err == said % argv[0]


def test_bad_side_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["peg", "5", "2", "-d", "socket://127.0.0.1:1"])
    assert exit_.value.code == 2
    assert ("player must name a track: with 2 players: 1 or 2 (P1 or P2); with 3: 1 to 3 (P1, P2 or P3); in a team "
            "game: 1 or 2 (T1 or T2), not '5'") in capsys.readouterr().err


def test_a_player_the_game_has_not_is_named_as_typed(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    with connect(sim) as link:
        link.request("event", event=["dealer", 0])
    status, out, err = crib(capsys, "peg", "3", "2", "-d", sim)  # a two-player game: no player 3
    assert status == 1 and out == ""
    assert err == "crib peg: error: peg for P1 or P2, not P3\n"


def test_settings_get_and_set(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert crib_json(capsys, "settings", "-d", sim)["settings"]["target"] == 121
    changed = crib_json(capsys, "settings", "target=61", "skunk=lurch", "muggins=true", "-d", sim)["settings"]
    assert (changed["target"], changed["skunk"], changed["muggins"]) == (61, "lurch", True)
    status, out, _ = crib(capsys, "settings", "-d", sim)
    assert status == 0 and "61" in out and "lurch" in out
    status, _, err = crib(capsys, "settings", "target=100", "-d", sim)  # no board takes it: a usage error
    assert status == 2 and "target takes 121 or 61, not '100'" in err
    above = "milliamps=%d" % (Geometry.built().supply_ma + 1)
    status, _, err = crib(capsys, "settings", above, "-d", sim)  # a value another build takes: this board refuses it
    assert status == 1 and "above this build's supply" in err
    assert crib_json(capsys, "settings", "-d", sim)["settings"]["target"] == 61  # nothing changed
    # a value as the board's menu and the help show it (USING.md's settings table: "off, on")
    changed = crib_json(capsys, "settings", "muggins=off", "colour0=sky", "match_to=off", "play=card by card",
                        "-d", sim)["settings"]
    assert (changed["muggins"], changed["colour0"], changed["match_to"], changed["play"]) == (False, 3, 0, 1)
    status, out, _ = crib(capsys, "settings", "-d", sim)  # the menu's order, each value as typed and as named
    rows = [tuple(cell.strip() for cell in line.split("│")[1:3]) for line in out.splitlines() if line.count("│") == 3]
    assert rows[:2] == [("target", "61"), ("skunk", "lurch")]
    assert {("muggins", "false (off)"), ("colour0", "3 (sky)"), ("play", "1 (card by card)")} <= set(rows)
    status, _, err = crib(capsys, "settings", "muggins=maybe", "-d", sim)
    assert status == 2 and "muggins takes false (off) or true (on); words in any case, not 'maybe'" in err


def test_nothing_listening(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = crib(capsys, "status", "-d", "socket://127.0.0.1:%d" % free_port())
    assert status == 1 and "nothing answers at socket://127.0.0.1" in err and "Traceback" not in err


def test_no_reply_times_out_after_one_retry_with_the_same_id(capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBoard(lambda line: b"") as silent:
        status, _, err = crib(capsys, "status", "-d", silent.url, "--timeout", "0.2")
    assert status == 1 and "no reply to 'state'" in err
    sent = [json.loads(line) for line in silent.wait_received(2)]
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["cmd"] == "state" and sent[0]["id"]


MAY_BE_MADE = "a change asked for may have been made: check `crib status` before trying again"


def ok_state(line: str) -> bytes:
    """A board's reply to the request ``line``: ok, with a state."""
    return (json.dumps({"ok": True, "id": json.loads(line)["id"], "state": {"front": [0, 0], "phase": "play"}})
            + "\n").encode()


def test_a_change_whose_reply_is_lost_may_have_been_made_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBoard(lambda line: b"") as silent:  # a change sent, no reply: the board may have made it
        status, out, err = crib(capsys, "peg", "1", "2", "--timeout", "0.2", "-d", silent.url)
    assert status == 1 and "no reply to 'state'" in err and MAY_BE_MADE not in err  # (nothing sent but a read)
    with FakeBoard(lambda line: ok_state(line) if '"state"' in line else b"") as board:  # (the state's reply in
        status, out, err = crib(capsys, "peg", "1", "2", "--timeout", "1", "-d", board.url)  # time on a busy machine)
    assert status == 1 and "no reply to 'event' within 1 s (2 tries)" in err and err.endswith(MAY_BE_MADE + "\n")
    with FakeBoard(lambda line: ok_state(line) if '"state"' in line else None) as board:  # hangs up on the change
        status, out, err = crib(capsys, "undo", "-d", board.url)
    assert status == 1 and "lost the connection" in err and err.endswith(MAY_BE_MADE + "\n")
    with FakeBoard(lambda line: b"") as silent:  # a request that changes nothing says nothing of a change
        status, out, err = crib(capsys, "log", "--timeout", "0.2", "-d", silent.url)
    assert status == 1 and MAY_BE_MADE not in err


def test_a_change_made_whose_state_after_cannot_be_read_says_it_was_made(capsys: pytest.CaptureFixture[str]) -> None:
    asked: list[str] = []

    def answer(line: str) -> bytes | None:
        asked.append(json.loads(line)["cmd"])
        if asked == ["state", "event"]:
            return (json.dumps({"ok": True, "id": json.loads(line)["id"], "state": {"front": [2, 0]}}) + "\n").encode()
        return ok_state(line) if len(asked) == 1 else None  # the state after it: the line is gone

    with FakeBoard(answer) as board:
        status, out, err = crib(capsys, "peg", "1", "2", "-d", board.url)
    assert status == 1 and err.startswith("crib peg: error: the board made the change, but its state after it could "
                                          "not be read (lost the connection to the board")


def test_ctrl_c_while_a_change_waits_for_its_reply_says_it_may_have_been_made(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from host_tools.board.link import BoardLink

    read = BoardLink._read_reply

    def interrupted(self: BoardLink, request_id: str, printed: object) -> object:
        if asked:  # the second request: the change, sent
            raise KeyboardInterrupt
        asked.append(request_id)
        return read(self, request_id, printed)  # type: ignore[arg-type]

    asked: list[str] = []
    monkeypatch.setattr(BoardLink, "_read_reply", interrupted)
    with FakeBoard(ok_state) as board:
        status, out, err = crib(capsys, "peg", "1", "2", "--json", "-d", board.url)
    assert status == 130 and err == "crib peg: error: interrupted: %s\n" % MAY_BE_MADE
    assert json.loads(out) == {"ok": False, "error": "interrupted: " + MAY_BE_MADE}
    asked.clear()
    with FakeBoard(ok_state) as board:  # Ctrl-C in the first request, the state read before the change
        monkeypatch.setattr(BoardLink, "_read_reply", lambda *args: (_ for _ in ()).throw(KeyboardInterrupt))
        status, out, err = crib(capsys, "peg", "1", "2", "-d", board.url)
    assert status == 130 and err == ""  # nothing sent that changes anything: Ctrl-C's quiet end


def test_a_boards_words_are_shown_without_the_terminal_escapes_in_them(capsys: pytest.CaptureFixture[str]) -> None:
    def answer(line: str) -> bytes:
        return (json.dumps({"ok": False, "id": json.loads(line)["id"], "error": "\x1b[31mRED\x1b[0m\x07 said"})
                + "\n").encode()

    with FakeBoard(answer) as board:
        status, out, err = crib(capsys, "status", "-d", board.url)
    assert status == 1 and err == "crib status: error: \\x1b[31mRED\\x1b[0m\\x07 said\n"


def test_a_late_reply_to_another_request_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    def answer(line: str) -> bytes:
        request = json.loads(line)
        stale = {"ok": True, "id": "someone-else", "state": {"front": [99, 99]}}
        mine = {"ok": True, "id": request["id"], "state": {"front": [1, 2], "phase": "play"}}
        return (json.dumps(stale) + "\n\n" + json.dumps(mine) + "\n").encode()

    with FakeBoard(answer) as board:
        assert crib_json(capsys, "status", "-d", board.url)["state"]["front"] == [1, 2]


def test_a_socket_link_closes_without_pyserials_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyserial's own socket:// close sleeps 0.3 s; every crib command against the simulator
    would wait that long. The link's port closes at once, and the board sees it hang up."""
    def no_sleep(seconds: float) -> None:
        raise AssertionError("slept %s s" % seconds)

    with FakeBoard(lambda line: b"") as board:
        link = connect(board.url)
        link.port.write(b"bye\n")
        with monkeypatch.context() as patch:  # serial_socket.time is the time module: only around close()
            patch.setattr(serial_socket.time, "sleep", no_sleep)
            link.close()
        assert not link.port.is_open
        assert board.wait_received(1) == ["bye"]


@pytest.mark.parametrize("reply", [{"state": {}, "id": "ID"}, {"ok": "yes", "state": {}}, {"ok": None, "id": "ID"}])
def test_malformed_replies(reply: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    def answer(line: str) -> bytes:  # a line that claims to be the reply (our id, or "ok") but is not one
        return json.dumps(reply).replace('"ID"', json.dumps(json.loads(line)["id"])).encode() + b"\n"

    with FakeBoard(answer) as board:
        status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "2")
    assert status == 1 and 'no "ok"' in err
    assert len(board.received) == 1  # said at once: no timeout, no retry


# Lines the board may print that are JSON but no reply: a REPL's result, a line of an error's message that spans
# lines (sys.print_exception prints it as it is), another program's object without "ok" nor our id.
JSON_PRINTS = [b"42", b'"text"', b"null", b"[1, 2]", b'{"state": {"front": [99, 99]}}', b'{"cmd": "state", "id": "x"}']


def test_json_lines_the_board_printed_before_the_reply_are_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    def answer(line: str) -> bytes:
        mine = {"ok": True, "id": json.loads(line)["id"], "state": {"front": [3, 4], "phase": "play"}}
        return b"".join(printed + b"\r\n" for printed in JSON_PRINTS) + (json.dumps(mine) + "\r\n").encode()

    with FakeBoard(answer) as board:
        assert crib_json(capsys, "status", "-d", board.url)["state"]["front"] == [3, 4]
    assert len(board.received) == 1


@pytest.mark.parametrize("printed", JSON_PRINTS)
def test_a_json_line_that_is_no_reply_is_said_as_printed_when_no_reply_comes(
        printed: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBoard(lambda line: printed + b"\r\n") as board:
        status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "0.3")
    assert status == 1 and "no reply to 'state'" in err and "it printed: %r" % printed.decode() in err
    assert len(board.received) == 2  # not the REPL, nor a reply: worth one retry


# What the app prints on the USB line when a step fails (app.run.log_exception), as the board sends it.
APP_ERROR = (b"error in serial (error 1): ValueError('bad')\r\nTraceback (most recent call last):\r\n"
             b'  File "app/run.py", line 98, in serial\r\nValueError: bad\r\n')


def test_log_lines_before_the_reply_are_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    def answer(line: str) -> bytes:
        mine = {"ok": True, "id": json.loads(line)["id"], "state": {"front": [3, 4], "phase": "play"}}
        return APP_ERROR + (json.dumps(mine) + "\r\n").encode()

    with FakeBoard(answer) as board:
        assert crib_json(capsys, "status", "-d", board.url)["state"]["front"] == [3, 4]


def test_only_log_lines_is_no_reply_and_says_what_the_board_printed(capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBoard(lambda line: APP_ERROR) as board:
        status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "0.3")
    assert status == 1 and "no reply to 'state'" in err and "ValueError: bad" in err
    assert len(board.wait_received(2)) == 2  # not the REPL: worth one retry


def test_a_board_that_failed_while_answering_says_the_change_may_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    device = Device(tmp_path, manual_clock=True)

    def flash_failing(line: str, write: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(device.board, "handle_command", flash_failing)
    failed = device.command('{"cmd": "state", "id": "1"}')  # the line the board sends then
    capsys.readouterr()  # the simulated board's log
    with FakeBoard(lambda line: APP_ERROR + (failed + "\r\n").encode()) as board:
        status, out, err = crib(capsys, "peg", "1", "2", "-d", board.url)
    assert status == 1 and out == "" and err == (
        "crib peg: error: the board failed while answering (OSError): it printed 'ValueError: bad'; a change "
        "asked for may have been made: check `crib status` before trying again\n")
    assert len(board.received) == 1  # not sent again


@pytest.mark.parametrize("answer", [
    # an echo whose line has not ended (yet)
    lambda line: line.encode(),
    # MicroPython 1.28's friendly REPL (a board whose main.py stopped, as seen on the emulated chip):
    # the newline is Enter, so the echo is a whole line of JSON, then the dict's repr and a prompt
    lambda line: (line.encode() + b"\r\n" + repr(json.loads(line)).encode() + b"\r\n>>> "),
    # reset into safe mode while the host waits: the banner, then the prompt
    lambda line: (b"safe mode: BOOTSEL pressed at power-on; the app is not started\r\n"
                  b"MicroPython v1.23.0 on 2024-06-02; Raspberry Pi Pico with RP2040\r\n"
                  b'Type "help()" for more information.\r\n>>> '),
    # another program left the board in the raw REPL
    lambda line: b"raw REPL; CTRL-B to exit\r\n>",
], ids=["echo", "repl", "prompt", "raw"])
def test_a_board_at_the_repl_is_named(answer: Callable[[str], bytes], capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBoard(answer) as board:
        status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "1")  # (room for a late banner)
    assert status == 1 and "the board is at the REPL (its app stopped" in err and "Ctrl-D shows" in err
    assert "reset it or run `crib deploy`" in err and "Traceback" not in err
    assert len(board.received) == 1  # no retry: nothing there would answer it


def test_a_board_in_safe_mode_says_so_why_and_how_to_leave_it_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hw = VirtualHardware(str(tmp_path), serial=True)
    safe = SafeBoard(hw, "encoder switch pressed at power-on")
    safe.step(hw.ticks_ms())  # it says why in its log at once (printed here: not on the line)

    def answer(line: str) -> bytes:  # the safe mode of firmware/app/safe.py, on the line
        hw.serial.send(line)
        safe.step(hw.ticks_ms())
        return "".join(reply + "\r\n" for reply in hw.serial.replies()).encode()

    capsys.readouterr()
    with FakeBoard(answer) as board:
        status, out, err = crib(capsys, "status", "-d", board.url)
    assert status == 1 and out == "" and err == (
        "crib status: error: the board is in safe mode: encoder switch pressed at power-on; the game is not "
        "started. Encoder press: the LED test; Ctrl-C: the REPL; power off and on to play.\n")
    assert len(board.received) == 1  # answered: no timeout, no retry


def test_busy_port(capsys: pytest.CaptureFixture[str]) -> None:
    controller, device = os.openpty()
    name = os.ttyname(device)
    holder = serial.Serial(name, exclusive=True)  # another program has the port
    try:
        status, _, err = crib(capsys, "status", "-d", name)
    finally:
        holder.close()
        os.close(controller)
        os.close(device)
    assert status == 1 and "port %s is busy" % name in err


def test_missing_port(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = crib(capsys, "status", "-d", "/dev/ttyNOSUCHPORT")
    assert status == 1 and "no board at /dev/ttyNOSUCHPORT" in err and "socket://" not in err


@pytest.mark.parametrize(("given", "hint"), [("localhost:4121", "socket://localhost:4121"),
                                             ("4121", "socket://127.0.0.1:4121"),
                                             ("192.168.1.5:2217", "socket://192.168.1.5:2217")])
def test_a_network_address_typed_as_a_port_is_told_how_to_write_it(given: str, hint: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user: -d localhost:4121 said pyserial's "could not open port localhost:4121" alone.
    status, _, err = crib(capsys, "status", "-d", given)
    assert status == 1 and "no board at %s" % given in err
    assert err.rstrip().endswith("(a simulator or network board: -d %s)" % hint)


def _port(device: str, vid: int | None) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid = vid
    return info


def test_auto_finds_only_a_pico(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(devices.list_ports, "comports", lambda: [_port("/dev/ttyUSB0", 0x10C4)])
    status, _, err = crib(capsys, "status")
    assert status == 1 and "no board found" in err and "2E8A" in err
    monkeypatch.setattr(devices.list_ports, "comports",
                        lambda: [_port("/dev/ttyUSB0", 0x10C4), _port("/dev/ttyACM1", 0x2E8A),
                                 _port("/dev/ttyACM0", 0x2E8A)])
    assert devices.resolve("auto") == "/dev/ttyACM0"


@pytest.mark.parametrize(("given", "port"), [
    ("a0", "/dev/ttyACM0"), ("u1", "/dev/ttyUSB1"), ("c3", "COM3"), ("COM3", "COM3"),
    ("port:/dev/ttyS0", "/dev/ttyS0"), ("socket://127.0.0.1:4121", "socket://127.0.0.1:4121"),
    ("rfc2217://board.local:2217", "rfc2217://board.local:2217"),
])
def test_device_names_like_mpremote(given: str, port: str) -> None:
    assert devices.resolve(given) == port


def test_a_board_that_hangs_up(capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBoard(lambda line: None) as board:
        status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "2")
    assert status == 1 and "lost the connection" in err


def test_a_board_gone_as_it_is_reached(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: a connection reset between the port's opening and crib's first read was said by crib's last resort
    # ("read failed: ...", no JSON with --json), not as the link lost
    listener = socket.create_server(("127.0.0.1", 0))
    opened = link.open_port

    def reset_once_open(url: str) -> serial.SerialBase:
        port = opened(url)
        board, _ = listener.accept()
        board.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        board.close()  # a reset (RST), as a board unplugged or a simulator killed
        select.select([port._socket], [], [], TIMEOUT_S)  # (the reset has come: crib reads after it)
        return port

    monkeypatch.setattr(link, "open_port", reset_once_open)
    with listener:
        status, out, err = crib(capsys, "status", "--json", "-d", "socket://127.0.0.1:%d" % listener.getsockname()[1])
    assert status == 1 and err.startswith("crib status: error: lost the connection to the board: read failed: ")
    assert json.loads(out)["ok"] is False


def test_over_a_serial_port(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The same commands through a real tty (a pseudo-terminal relayed to the simulator), as on USB."""
    controller, device = os.openpty()
    host, port = sim[len("socket://"):].split(":")
    upstream = socket.create_connection((host, int(port)))

    def pump(read: Callable[[], bytes], write: Callable[[bytes], object]) -> None:
        try:
            while data := read():
                write(data)
        except OSError:
            pass

    threading.Thread(target=pump, args=(lambda: os.read(controller, 4096), upstream.sendall), daemon=True).start()
    threading.Thread(target=pump, args=(lambda: upstream.recv(4096), lambda b: os.write(controller, b)),
                     daemon=True).start()
    try:
        name = os.ttyname(device)
        changed = crib_json(capsys, "settings", "target=61", "-d", name)
        assert changed["settings"]["target"] == 61
        assert crib_json(capsys, "status", "-d", name)["state"]["front"] == [0, 0]
    finally:
        upstream.close()
        os.close(controller)
        os.close(device)


def paged_board(logs: list[list[list]], page: int = 3) -> FakeBoard:
    """A fake board answering ``log`` pages of ``page`` events; its log is ``logs[k]`` at its k-th
    request (the last one from then on), as if someone played on while the host was reading;
    its count of ``edits`` goes up by one with each new log."""
    asked = [0]

    def answer(line: str) -> bytes:
        request = json.loads(line)
        version = min(asked[0], len(logs) - 1)
        log = logs[version]
        asked[0] += 1
        start = request.get("from", 0)
        reply = {"ok": True, "id": request["id"], "log": log[start:start + page], "from": start,
                 "total": len(log), "edits": version,
                 "settings": {"target": 121}, "games": []}
        return (json.dumps(reply) + "\n").encode()

    return FakeBoard(answer)


def test_a_log_read_while_it_changes_is_read_again(capsys: pytest.CaptureFixture[str]) -> None:
    before = [["dealer", 0]] + [["peg", 1, 1]] * 6
    after = before + [["peg", 0, 2]]
    with paged_board([before, after]) as board:  # the event comes between the first and the second page
        reply = crib_json(capsys, "log", "-d", board.url)
    assert reply["log"] == after and reply["total"] == len(after) and reply["from"] == 0
    starts = [json.loads(line).get("from", 0) for line in board.received]
    assert starts == [0, 3, 0, 3, 6]  # read again from the start, a page at a time


def test_a_log_changed_to_the_same_length_between_pages_is_read_again(capsys: pytest.CaptureFixture[str]) -> None:
    before = [["dealer", 0]] + [["peg", 1, 1]] * 6
    after = before[:-1] + [["peg", 0, 2]]  # an undo and another event: the same total
    with paged_board([before, after]) as board:
        reply = crib_json(capsys, "log", "-d", board.url)
    assert reply["log"] == after
    starts = [json.loads(line).get("from", 0) for line in board.received]
    assert starts == [0, 3, 0, 3, 6]


def test_a_log_cut_shorter_than_the_page_asked_for_is_read_again(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Undos between two pages leave the log shorter than where the next page starts: the board
    refuses that page (its "from" out of range), and crib reads the log again, not says the refusal."""
    device = Device(tmp_path, manual_clock=True)
    for event in [["dealer", 0]] + [["peg", 1, 1]] * 39:
        assert json.loads(device.command(json.dumps({"cmd": "event", "event": event})))["ok"]

    def answer(line: str) -> bytes:
        reply = device.command(line)
        if len(board.received) == 1:  # after the first page: ten undos
            for _ in range(10):
                device.command('{"cmd": "undo"}')
        return (reply + "\n").encode()

    with FakeBoard(answer) as board:
        log = crib_json(capsys, "log", "-d", board.url)["log"]
    assert log == [["dealer", 0]] + [["peg", 1, 1]] * 29
    starts = [json.loads(line).get("from", 0) for line in board.received]
    # the second page refused, the page where the log ended asked for (it no longer reaches there: changed, not a
    # file lost), the log read again
    assert starts == [0, 32, 40, 0]


def test_a_log_that_keeps_changing_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    logs = [[["dealer", 0]] + [["peg", 1, 1]] * n for n in range(5, 30)]
    with paged_board(logs) as board:
        status, out, err = crib(capsys, "log", "-d", board.url)
    assert status == 1 and out == "" and "kept changing" in err and "Traceback" not in err


def test_a_log_reply_without_pages_is_the_whole_log(capsys: pytest.CaptureFixture[str]) -> None:
    log = [["dealer", 0]] + [["peg", 1, 1]] * 40
    whole = FakeBoard(lambda line: (json.dumps({"ok": True, "id": json.loads(line)["id"], "log": log}) + "\n").encode())
    with whole as board:
        assert crib_json(capsys, "log", "-d", board.url)["log"] == log  # firmware from before paging
    assert len(board.received) == 1


def test_every_command_says_what_it_does_under_its_usage() -> None:
    _, commands = build_parser()
    missing = sorted(name for name in commands if not (with_arguments(commands, name).description or "").strip())
    assert missing == []


def test_settings_help_names_every_setting_and_the_values_the_board_takes(tmp_path: Path) -> None:
    device = Device(tmp_path, manual_clock=True)

    def takes(**change: object) -> bool:
        return json.loads(device.command(json.dumps({"cmd": "settings", "set": change})))["ok"]

    text = with_arguments(build_parser()[1], "settings").description or ""
    listed = {key for line in text.splitlines() if line.startswith("  ") and ": " in line
              for key in line.split(": ")[0].strip().split(", ")}
    assert listed == set(json.loads(device.command('{"cmd": "settings"}'))["settings"])
    assert "  brightness: a whole number from 1 to 255\n" in text
    assert [takes(brightness=b) for b in (0, 1, 255, 256)] == [False, True, True, False]
    assert "  milliamps: a whole number from 300 up to the build's supply" in text
    supply = device.hw.supply_ma
    assert [takes(milliamps=m) for m in (299, 300, supply, supply + 1)] == [False, True, True, False]
