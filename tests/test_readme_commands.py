"""Every command the README shows, run as written, in the README's order, against a fresh simulator.

The commands are read from the README's ``sh`` blocks (a comment after ``#`` dropped, ``a ; b``
split in two), so a command added there is tried here. The simulator is found the way a
reader's `crib` finds it: no board on USB, a simulator running. A few are not run, each for
its reason in ``NOT_RUN``; `crib deploy` needs a board on USB and must say so, at once.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest
from host_helpers import Reader
from sim_process import Simulator

from host_tools.board import devices
from host_tools.cli import main
from simulator.instances import DEFAULT_PORT

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
NOT_RUN = {
    "./scripts/play": "starts the simulator's window: test_simulator_window and test_simulator_tui play it",
    "./scripts/test": "is this test suite",
    "crib sim": "the window or the terminal until quit: test_simulator_window and test_simulator_tui play it",
    "crib bench": "takes minutes: test_host_bench runs it on one benchmark",
    "crib bench --chip": "takes many minutes of emulated chip time; tests/chip use the same harness",
}
NEEDS_A_BOARD = {"crib deploy": "crib deploy is for a board on USB"}  # command -> what it must say instead


def readme_commands() -> list[str]:
    """The commands of the README's sh blocks, in order."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            line = re.split(r"\s+#", line, maxsplit=1)[0].strip()
            commands += [part.strip() for part in line.split(" ; ") if part.strip()]
    return commands


def test_the_readme_has_exactly_the_two_set_up_commands() -> None:
    setup = [c for c in readme_commands() if not c.startswith("crib ")]
    assert setup == ["./scripts/play", "./scripts/test"]


def test_every_readme_command_works_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    commands = readme_commands()
    assert set(NOT_RUN) | set(NEEDS_A_BOARD) <= set(commands)  # no reason kept for a command gone
    # The reader's folder: the repository's files (docs/game.txt ...) where the README names
    # them, and whatever the commands write.
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and entry.is_dir():
            (tmp_path / entry.name).symlink_to(entry)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(devices, "pico_ports", list)  # a board the developer has plugged in is not the reader's
    monkeypatch.setattr(sys, "stdin", Reader("y\n" * len(commands)))  # the reader says yes to what crib asks
    sim = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "flash")])
    try:
        ran = 0
        for command in commands:
            if command in NOT_RUN:
                continue
            # The test's simulator serves on a free port, not on the default one.
            words = shlex.split(command.replace(":%d" % DEFAULT_PORT, ":%d" % sim.port))
            assert words[0] == "crib", command
            status = main(words[1:])
            out, err = capsys.readouterr()
            if command in NEEDS_A_BOARD:
                assert status == 1 and NEEDS_A_BOARD[command] in err, (command, err)
            else:
                assert status == 0 and "error" not in err and out.strip(), (command, out, err)
            ran += 1
        assert ran >= 20
        state = sim.state()
        assert state["settings"]["target"] == 61 and state["events"] == 0  # the last changes took
    finally:
        sim.stop()
