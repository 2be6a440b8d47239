"""Every command a message suggests works exactly as written.

Each message below is brought about the way a user would meet it; the commands it suggests
(written between backticks) are then run as they stand: a simulator in a terminal of its own
(a pseudo-terminal), anything else as a process whose exit status must be 0.
Not run: `crib deploy`, which the "board at the REPL" message suggests: it needs a board on
USB (test_host_deploy runs deploy against mpremote's recorded replies).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import shlex
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest
from host_helpers import free_port
from sim_process import CRIB, TIMEOUT_S, Simulator

from host_tools.board import devices
from host_tools.cli import main
from host_tools.commands import deploy, mip_package

SUGGESTED = re.compile(r"`(crib [^`]+)`")
ALTERNATE_SCREEN = b"\x1b[?1049h"  # the terminal simulator switches to it once it runs


def run_simulator_command(command: str, cwd: Path) -> None:
    """Start a `crib sim ...` command in a terminal of 100x40 without a display, wait until it
    serves the protocol, then quit it (q in the terminal; a headless one is stopped)."""
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    # No display; and not the COLUMNS/LINES of the test run (pytest sets them at times): the pty's size
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES")}
    words = shlex.split(command)
    process = subprocess.Popen([CRIB, *words[1:]], stdin=terminal, stdout=terminal, stderr=terminal, cwd=cwd,
                               env=env, start_new_session=True)
    os.close(terminal)
    seen = b""
    try:
        deadline = time.monotonic() + TIMEOUT_S

        def ready() -> bool:  # headless: it listens; in the terminal: the board drawn, where it serves under it
            if "--headless" in words:
                return b"listening on" in seen
            screen = seen.partition(ALTERNATE_SCREEN)[2]
            # "serving on", or "serves on ... instead" when the default port is taken (by a simulator
            # another test, or the developer, runs at the same time): the suggested command works either way
            return b"C R I B B A G E" in screen and (b"serving on" in screen or b"serves on" in screen)

        while not ready():
            assert time.monotonic() < deadline and process.poll() is None, (command, seen.decode(errors="replace"))
            if select.select([controller], [], [], 0.1)[0]:
                seen += os.read(controller, 65536)
        if "--headless" in words:
            os.killpg(process.pid, signal.SIGTERM)
        else:
            os.write(controller, b"q")
            while process.poll() is None and time.monotonic() < deadline:
                try:
                    if select.select([controller], [], [], 0.1)[0]:
                        os.read(controller, 65536)  # keep the terminal drained while it quits
                except OSError:  # its end of the terminal closed: it has quit
                    break
        assert process.wait(timeout=TIMEOUT_S) in (0, 128 + signal.SIGTERM), command
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        os.close(controller)


def run_suggested(message: str, cwd: Path) -> list[str]:
    """Run every command ``message`` suggests; return them."""
    commands = SUGGESTED.findall(message)
    assert commands, "no command suggested in %r" % message
    for command in commands:
        if command.startswith("crib sim"):
            run_simulator_command(command, cwd)
        else:
            done = subprocess.run([CRIB, *shlex.split(command)[1:]], capture_output=True, text=True, cwd=cwd,
                                  timeout=TIMEOUT_S)
            assert done.returncode == 0, (command, done.stderr)
    return commands


def crib_err(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What `crib ARGV` (which must fail) printed on stderr."""
    assert main(list(argv)) != 0
    return capsys.readouterr().err


def test_when_nothing_answers_the_simulator_is_started_as_suggested(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    message = crib_err(capsys, "status", "-d", "socket://127.0.0.1:%d" % free_port())
    assert run_suggested(message, tmp_path) == ["crib sim"]


def test_with_no_board_and_no_simulator_the_simulator_is_started_as_suggested(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(devices, "pico_ports", list)
    message = crib_err(capsys, "peg", "1", "2")
    assert "no board found" in message
    assert run_suggested(message, tmp_path) == ["crib sim"]


def test_deploying_to_the_simulator_suggests_restarting_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    mpremote_runs: list[list[str]] = []

    def no_mpremote(args: list[str]) -> str:
        """Every mpremote call of a deploy goes through it: here none may (on the simulator it
        would wait for a REPL that never answers)."""
        mpremote_runs.append(args)
        raise deploy.DeployError("mpremote run")

    monkeypatch.setattr(deploy, "run_mpremote", no_mpremote)
    sim = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "flash")])
    try:
        message = crib_err(capsys, "deploy", "-d", "socket://127.0.0.1:%d" % sim.port)
        assert mpremote_runs == []  # said at once: no REPL asked for
        assert "is the simulator: it runs the firmware of this crib itself, so there is nothing to deploy" in message
    finally:
        sim.stop()
    assert run_suggested(message, tmp_path) == ["crib sim"]


def test_a_second_simulator_on_a_flash_in_use_suggests_a_board_of_its_own(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    sim = Simulator(["--headless", "--serve", "--flash", str(flash)])
    try:
        for mode in ([], ["--headless", "--serve"]):
            controller, terminal = pty.openpty()  # the terminal mode's, whose lack it would say first (exit 2)
            refused = subprocess.run([CRIB, "sim", *mode, "--flash", str(flash)], capture_output=True, text=True,
                                     stdin=terminal, cwd=tmp_path, timeout=TIMEOUT_S, env=dict(os.environ, DISPLAY=""))
            os.close(terminal)
            os.close(controller)
            assert refused.returncode == 1
            assert run_suggested(refused.stderr, tmp_path) == [shlex.join(["crib", "sim", *mode, "--flash",
                                                                           str(tmp_path / "board-2")])]
    finally:
        sim.stop()


def test_without_a_terminal_or_a_display_the_simulator_suggests_serving_headless(tmp_path: Path) -> None:
    refused = subprocess.run([CRIB, "sim", "--no-serve"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                             cwd=tmp_path, timeout=TIMEOUT_S, env=dict(os.environ, DISPLAY="", WAYLAND_DISPLAY=""))
    assert refused.returncode == 2
    assert run_suggested(refused.stderr, tmp_path) == ["crib sim --headless --serve"]


def test_a_port_clash_suggests_where_to_reach_the_second_simulator(tmp_path: Path) -> None:
    first = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "one")])
    second = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "two"), "--port", str(first.port)])
    try:
        assert run_suggested(second.said("instead"), tmp_path) == ["crib status -d socket://127.0.0.1:%d"
                                                                   % second.port]
    finally:
        first.stop()
        second.stop()


def test_an_old_package_json_suggests_writing_it_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    package = tmp_path / "package.json"
    package.write_text("{}\n")
    monkeypatch.setattr(mip_package, "PACKAGE_JSON", package)
    message = crib_err(capsys, "mip-package", "--check")
    assert SUGGESTED.findall(message) == ["crib mip-package"]
    assert main(["mip-package"]) == 0  # as suggested (in this process: it writes the package.json given above)
    assert main(["mip-package", "--check"]) == 0
