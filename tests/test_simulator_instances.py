"""Several simulators at once: never two on one flash folder, a script on a fresh board, a
port clash said at start (and served elsewhere), and `crib` finding the running simulator."""

from __future__ import annotations

import fcntl
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

import pytest
from sim_process import CRIB, TIMEOUT_S, Simulator

from host_tools.board import devices
from host_tools.cli import main
from simulator import cli, instances


def finished_process_pid() -> int:
    """The pid of a process that has ended (a lock it held is stale)."""
    done = subprocess.Popen(["true"])
    done.wait()
    return done.pid


def test_two_simulators_never_write_one_flash_folder(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    first = Simulator(["--headless", "--serve", "--flash", str(flash)])
    try:
        lock = flash / instances.LOCK_NAME
        assert lock.read_text().strip() == str(first.process.pid)
        second = subprocess.run([CRIB, "sim", "--headless", "--serve", "--port", "0", "--flash", str(flash)],
                                capture_output=True, text=True, timeout=TIMEOUT_S, cwd=tmp_path)
        assert second.returncode == 1 and second.stdout == ""
        assert "the flash folder %s is in use by another simulator (pid %d)" % (flash, first.process.pid) \
            in second.stderr
        assert "`crib sim --headless --serve --port 0 --flash %s`" % (tmp_path / "board-2") in second.stderr
        first.ask({"cmd": "event", "event": ["dealer", 1]})
    finally:
        first.stop()  # SIGTERM: it lets the folder go
    assert not (flash / instances.LOCK_NAME).exists()
    again = Simulator(["--headless", "--serve", "--flash", str(flash)])
    try:
        assert again.state()["dealer"] == 1  # the first one's game, not overwritten
    finally:
        again.stop()


def test_a_lock_file_left_behind_holds_nothing(tmp_path: Path) -> None:
    lock = tmp_path / instances.LOCK_NAME
    # a simulator killed (its pid gone), or one whose pid another program has now (a pid in the file held the
    # folder for that program, until the file was deleted by hand)
    for pid in (finished_process_pid(), os.getppid()):
        lock.write_text("%d\n" % pid)
        with instances.hold_flash(tmp_path) as held:
            assert held == lock and lock.read_text().strip() == str(os.getpid())
        assert not lock.exists()


def test_a_simulator_starting_this_instant_holds_its_flash(tmp_path: Path) -> None:
    lock = tmp_path / instances.LOCK_NAME
    starting = os.open(lock, os.O_RDWR | os.O_CREAT)  # locked, its pid not written yet
    try:
        fcntl.flock(starting, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(instances.FlashInUse, match="another simulator starting now"):
            with instances.hold_flash(tmp_path):
                pass
    finally:
        os.close(starting)
    assert lock.exists()  # (the refused one removed nothing)


def test_a_lock_file_removed_as_its_holder_lets_go_is_not_taken(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    lock = tmp_path / instances.LOCK_NAME
    lock.write_text("")
    opened = os.open

    def then_let_go(path: object, flags: int, mode: int = 0o777) -> int:
        fd = opened(path, flags, mode)
        if not taken:  # its holder removes this file as it lets go, and another lock file is made there
            taken.append(True)
            lock.unlink()
            lock.write_text("")
        return fd

    taken: list[bool] = []
    monkeypatch.setattr(os, "open", then_let_go)
    with instances.hold_flash(tmp_path):
        assert lock.read_text().strip() == str(os.getpid())  # the file there now is held, not the one removed
    assert taken == [True] and not lock.exists()


def script_state(tmp_path: Path, script: str, *flash: str) -> dict:
    """Run `crib sim --headless --script` (with ``flash``: ``--flash DIR``) and return the state it wrote."""
    (tmp_path / "game.txt").write_text(script)
    out = tmp_path / "state.json"
    assert main(["sim", "--headless", *flash, "--script", str(tmp_path / "game.txt"), "--state-out", str(out)]) == 0
    return json.loads(out.read_text())


def test_a_script_plays_on_a_fresh_board_unless_given_a_flash(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    saved = str(instances.default_flash_dir())  # where the window keeps the game being played
    played = script_state(tmp_path, "press p1\nlong p2\n", "--flash", saved)
    assert played["dealer"] == 0 and played["front"] == [0, 2]
    fresh = script_state(tmp_path, "press p2\n")
    assert fresh["dealer"] == 1 and fresh["front"] == [0, 0] and fresh["events"] == 1
    assert list((tmp_path / "tmp").iterdir()) == []  # its flash is gone with it
    kept = script_state(tmp_path, "# nothing\n", "--flash", saved)
    assert kept["front"] == [0, 2] and kept["events"] == played["events"]


def test_a_port_clash_is_said_at_start_and_crib_finds_the_simulator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(devices, "pico_ports", list)
    first = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "one")])
    second = None
    try:
        second = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "two"), "--port", str(first.port)])
        assert second.port != first.port
        said = second.said("is taken by")
        assert "port %d is taken by the simulator pid %d (flash %s)" % (first.port, first.process.pid,
                                                                       tmp_path / "one") in said
        # the line goes on from "crib sim:" (a first-time user: "crib sim: Serves on 33973 instead")
        assert second.said("instead").startswith("crib sim: serves on %d instead: " % second.port)
        suggested = re.findall(r"`(crib [^`]+)`", second.said("instead"))
        assert suggested == ["crib status -d socket://127.0.0.1:%d" % second.port]
        second.ask({"cmd": "event", "event": ["dealer", 1]})
        assert main(suggested[0].split()[1:]) == 0
        assert "dealer: P2" in capsys.readouterr().out  # the second one's game
        # Without -d: no board on USB, so the simulator; the first started, and the other one named.
        assert main(["status"]) == 0
        out, err = capsys.readouterr()
        assert "dealer: not cut yet" in out
        assert "talking to the simulator pid %d" % first.process.pid in err
        assert "other simulators: -d socket://127.0.0.1:%d" % second.port in err
    finally:
        first.stop()
        if second is not None:
            second.stop()
    assert instances.running() == []  # their runtime files went with them
    assert main(["status"]) == 1
    assert "no board found" in capsys.readouterr().err


def test_a_port_clash_is_told_by_start_server_not_by_its_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # A review: a clash was found by the note's first words, which a rewording of clash_note would have changed
    monkeypatch.setattr(cli, "clash_note", lambda port, taken: "serving on %d: %s" % (port, taken))
    with ExitStack() as held:
        first, note, clashed = cli.start_server(0, tmp_path / "one", held)
        assert first is not None and not clashed and note == "serving on 127.0.0.1:%d for crib commands" % first.port
        second, note, clashed = cli.start_server(first.port, tmp_path / "two", held)
        assert second is not None and second.port != first.port and clashed and "is taken by" in note
    assert capsys.readouterr().out == "listening on 127.0.0.1:%d\nlistening on 127.0.0.1:%d\n" % (first.port,
                                                                                               second.port)
    assert instances.running() == []  # each withdrawn as it closed


def test_runtime_files_of_processes_gone_are_not_simulators(tmp_path: Path) -> None:
    folder = instances.runtime_dir()
    folder.mkdir(parents=True)
    stale = folder / "sim-1.json"
    stale.write_text(json.dumps({"pid": finished_process_pid(), "port": 4121, "flash": "x", "started": 0}))
    (folder / "sim-2.json").write_text("{not json")
    assert instances.running() == [] and instances.pick() == (None, [])
    assert not stale.exists()


def test_a_runtime_file_whose_write_fails_leaves_nothing_behind(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def disk_full(self: Path, text: str) -> int:  # a part written, then no room for the rest
        with self.open("w") as file:
            file.write(text[:5])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", disk_full)
    with pytest.raises(OSError):
        instances.announce(4121, tmp_path / "flash")
    assert list(instances.runtime_dir().iterdir()) == []


def test_a_missing_tk_is_said_on_the_terminal_board_with_how_to_install_it(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    shown = []

    class Terminal:  # the terminal board, recording the note it would show under the board
        def __init__(self, _device: object, _server: object, note: str = "") -> None:
            shown.append(note)

        def run(self) -> int:
            return 0

    monkeypatch.setenv("DISPLAY", ":0")  # a display, but a Python without Tk
    monkeypatch.setitem(sys.modules, "tkinter", None)
    monkeypatch.delitem(sys.modules, "simulator.window", raising=False)
    monkeypatch.delitem(sys.modules, "PIL.ImageTk", raising=False)
    monkeypatch.setattr("simulator.tui.Terminal", Terminal)
    assert main(["sim", "--flash", str(tmp_path), "--no-serve"]) == 0
    note = " ".join(shown[0].split())
    assert note.startswith("No window: this Python has no Tk") and "sudo apt install python3-tk" in note
    assert note.endswith("not serving the protocol (--no-serve)")  # what the note said besides
    assert "sudo apt install python3-tk" in capsys.readouterr().err  # and in the terminal once the board ends


def test_a_simulator_whose_terminal_closes_lets_its_flash_folder_go(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    sim = Simulator(["--headless", "--serve", "--flash", str(flash)])
    sim.process.send_signal(signal.SIGHUP)  # its terminal closed (or its tmux session killed)
    assert sim.process.wait(timeout=TIMEOUT_S) == 128 + signal.SIGHUP
    assert not (flash / instances.LOCK_NAME).exists()
    sim.stop()


def test_a_serving_simulator_of_an_older_crib_holds_its_flash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # its lock was its pid file alone, which the system's lock does not see (a review: two ran on one folder)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    flash = tmp_path / "flash"
    older = os.getppid()  # a live process that is not this one
    (flash / instances.LOCK_NAME).parent.mkdir()
    (flash / instances.LOCK_NAME).write_text("%d\n" % older)
    instances.runtime_dir().mkdir(parents=True)
    (instances.runtime_dir() / ("sim-%d.json" % older)).write_text(json.dumps(
        {"pid": older, "port": 7300, "flash": str(flash), "started": 0.0}))
    with pytest.raises(instances.FlashInUse, match="another simulator \\(pid %d\\)" % older):
        with instances.hold_flash(flash):
            pass
    with instances.hold_flash(tmp_path / "another"):  # (only its own folder)
        pass


def test_a_system_without_file_locks_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fcntl", None)  # (as on Windows: the import fails)
    with pytest.raises(OSError, match=r"no file locks \(fcntl\)") as raised:
        with instances.hold_flash(tmp_path):
            pass
    assert raised.value.strerror.startswith("this system has no file locks")  # (what crib sim says)
