"""The simulated device runs the board's own loop (app.run.Shell's steps), watchdog gate included."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from simulator.cli import serve_forever
from simulator.device import Device


def test_the_device_feeds_the_watchdog_only_while_the_board_is_healthy(tmp_path: Path) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)
    for _ in range(5):
        device.hw.advance(20)
        device.step()
    fed = device.hw.watchdog_feeds
    assert fed == 5 and device.errors == 0

    def broken() -> None:
        raise RuntimeError("a bug in the renderer")

    device.board.render = broken  # type: ignore[method-assign]
    for _ in range(150):  # 3 s of steps: the frame step stops proving itself alive after 2 s
        device.hw.advance(20)
        device.step()
    assert device.errors > 0
    assert fed < device.hw.watchdog_feeds < fed + 150  # fed for a while, then no more
    stopped = device.hw.watchdog_feeds
    device.hw.advance(20)
    device.step()
    assert device.hw.watchdog_feeds == stopped


def test_frames_are_drawn_when_due_as_on_the_board(tmp_path: Path) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)
    first = device.hw.frames  # the power-on frame
    device.hw.advance(10)
    device.step()
    assert device.hw.frames == first  # no input and 10 ms: no frame due
    device.push([("press", "p1")])
    device.step()
    assert device.hw.frames == first + 1 and device.state()["dealer"] == 0
    device.hw.advance(33)
    device.step()
    assert device.hw.frames == first + 2


def test_a_command_the_app_fails_on_gets_an_error_reply_and_is_logged(tmp_path: Path) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)

    def broken(line: str) -> str:
        raise RuntimeError("a bug in the protocol")

    device.board.handle_command = broken  # type: ignore[method-assign]
    reply = json.loads(device.command('{"cmd": "state"}'))
    assert reply["ok"] is False and "log" in reply["error"] and device.errors == 1


def test_the_simulated_board_is_the_build_of_board_json_and_limits_its_current_to_the_supply(tmp_path: Path) -> None:
    board_json = json.loads((Path(__file__).resolve().parent.parent / "hardware" / "board.json").read_text())
    supply = board_json["supply"]["supply_ma"]
    device = Device(tmp_path / "flash", manual_clock=True)
    assert device.hw.supply_ma == supply and device.state()["settings"]["milliamps"] == supply
    above = json.loads(device.command(json.dumps({"cmd": "settings", "set": {"milliamps": supply + 1}})))
    assert not above["ok"] and "supply" in above["error"]


def test_a_change_that_fails_midway_starts_the_app_again_from_its_save(tmp_path: Path) -> None:
    """As main.py starts the board's app again when a change left its game half changed (app.run)."""
    device = Device(tmp_path / "flash", manual_clock=True)
    assert device.boot_note == ""
    device.push([("press", "p1"), ("press", "p2"), ("press", "enc")])  # P1 deals; P2 pegs 1
    device.hw.advance(50)
    device.step()
    saved = device.state()
    assert saved["front"] == [0, 1] and device.boots == 1

    def out_of_heap(event: list, index: int) -> None:
        raise MemoryError("memory allocation failed")

    device.board.match._step = out_of_heap  # type: ignore[method-assign]  # an undo's replay fails midway
    device.push([("press", "back")])
    device.hw.advance(50)
    device.step()
    assert device.boots == 2 and device.errors == 1  # started again, the failure counted
    assert device.state() == saved and not device.board.unsound
    assert device.boot_note == "A change failed midway: booted again from flash (boot 2)."  # for the front ends
    device.pull_plug()
    assert device.boot_note == "Power cut: booted again from flash (boot 3)."


class _Served(Exception):
    """Ends ``serve_forever`` in a test."""


def test_a_headless_simulator_says_on_stderr_when_the_app_started_again(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)
    for event in (["dealer", 0], ["peg", 1, 2]):
        assert json.loads(device.command(json.dumps({"cmd": "event", "event": event})))["ok"]
    device.board.match._step = lambda event, index: (_ for _ in ()).throw(MemoryError())  # type: ignore[method-assign]
    lines = ['{"cmd": "undo"}']  # its replay fails midway

    class Server:
        def serve(self, answer: Callable[[str], str], wait_s: float) -> None:
            if not lines:
                raise _Served
            answer(lines.pop(0))

    with pytest.raises(_Served):
        serve_forever(device, Server())  # type: ignore[arg-type]
    assert device.boots == 2
    said = capsys.readouterr().err.splitlines()  # the failure's traceback, then why it started again
    assert said[-1] == "crib sim: A change failed midway: booted again from flash (boot 2)."
