"""The protocol commands (status, log, undo, peg, settings) against the simulator over TCP, and
their errors: no board, busy port, no reply, malformed replies."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
import serial
from host_helpers import FakeBoard, free_port, simulator
from serial.tools.list_ports_common import ListPortInfo

from host_tools import devices
from host_tools.cli import main
from host_tools.link import connect


def crib(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `crib ARGV` in this process: (status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def crib_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    status, out, err = crib(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


@pytest.fixture
def sim(tmp_path: Path):
    with simulator(tmp_path / "flash") as url:
        yield url


def test_status_of_a_fresh_board(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    reply = crib_json(capsys, "status", "-d", sim)
    assert reply["ok"] is True
    assert reply["state"]["front"] == [0, 0] and reply["state"]["phase"] == "cut"
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert status == 0
    assert "P1" in out and "P2" in out and "phase: cut" in out and "not cut yet" in out


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
    assert "seat 2 deals first" in out and "P1 pegs 5" in out and "P2 pegs 3" in out
    status, out, _ = crib(capsys, "undo", "-d", sim)
    assert status == 0 and "undone" in out
    state = crib_json(capsys, "status", "-d", sim)["state"]
    assert state["front"] == [5, 0] and state["back"] == [0, 0]
    assert crib_json(capsys, "log", "-d", sim)["log"] == [["dealer", 1], ["peg", 0, 5]]


def test_board_refusals_are_one_clear_line(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = crib(capsys, "peg", "1", "2", "-d", sim)  # nobody has dealt yet
    assert status == 1 and out == ""
    assert err.startswith("crib peg: error: ") and "dealer" in err and "Traceback" not in err
    status, _, err = crib(capsys, "undo", "-d", sim)
    assert status == 1 and "undo" in err


def test_bad_side_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["peg", "4", "2", "-d", "socket://127.0.0.1:1"])
    assert exit_.value.code == 2
    assert "side must be 1, 2 or 3" in capsys.readouterr().err


def test_settings_get_and_set(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert crib_json(capsys, "settings", "-d", sim)["settings"]["target"] == 121
    changed = crib_json(capsys, "settings", "target=61", "skunk=lurch", "muggins=true", "-d", sim)["settings"]
    assert (changed["target"], changed["skunk"], changed["muggins"]) == (61, "lurch", True)
    status, out, _ = crib(capsys, "settings", "-d", sim)
    assert status == 0 and "61" in out and '"lurch"' in out
    status, _, err = crib(capsys, "settings", "target=100", "-d", sim)
    assert status == 1 and "target" in err
    assert crib_json(capsys, "settings", "-d", sim)["settings"]["target"] == 61  # nothing changed


def test_nothing_listening(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = crib(capsys, "status", "-d", "socket://127.0.0.1:%d" % free_port())
    assert status == 1 and "nothing answers at socket://127.0.0.1" in err and "Traceback" not in err


def test_no_reply_times_out_after_one_retry_with_the_same_id(capsys: pytest.CaptureFixture[str]) -> None:
    silent = FakeBoard(lambda line: b"")
    try:
        status, _, err = crib(capsys, "status", "-d", silent.url, "--timeout", "0.2")
    finally:
        silent.close()
    assert status == 1 and "no reply to 'state'" in err
    sent = [json.loads(line) for line in silent.received]
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["cmd"] == "state" and sent[0]["id"]


def test_a_late_reply_to_another_request_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    def answer(line: str) -> bytes:
        request = json.loads(line)
        stale = {"ok": True, "id": "someone-else", "state": {"front": [99, 99]}}
        mine = {"ok": True, "id": request["id"], "state": {"front": [1, 2], "phase": "play"}}
        return (json.dumps(stale) + "\n\n" + json.dumps(mine) + "\n").encode()

    board = FakeBoard(answer)
    try:
        assert crib_json(capsys, "status", "-d", board.url)["state"]["front"] == [1, 2]
    finally:
        board.close()


@pytest.mark.parametrize(("reply", "message"), [
    (b"Traceback (most recent call last):\n", "not JSON"),
    (b'{"state": {}}\n', 'no "ok"'),
    (b"[1, 2]\n", 'no "ok"'),
])
def test_malformed_replies(reply: bytes, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    board = FakeBoard(lambda line: reply)
    try:
        status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "2")
    finally:
        board.close()
    assert status == 1 and message in err and "Traceback (most recent call last):\n" not in err


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
    assert status == 1 and "no board at /dev/ttyNOSUCHPORT" in err


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
    board = FakeBoard(lambda line: None)
    status, _, err = crib(capsys, "status", "-d", board.url, "--timeout", "2")
    assert status == 1 and "lost the connection" in err


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
