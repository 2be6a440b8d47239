"""`crib`'s exit statuses, one rule for every sub-command (`crib --help` says it, host_shared names
them): 2 when the command line is wrong (nothing sent, nothing changed), 1 when it was understood
but not done (the board refused or failed, none answered, a file could not be used, the question
was answered no), 130 when interrupted. Each kind is run through the real console script, as a
shell or a script runs it, or in this process where a part must be replaced to bring it about (a
terminal, package.json, a broken app, no port to serve on)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path

import pytest
from host_helpers import FakeBoard, Reader, free_port, simulator
from sim_process import CRIB, TIMEOUT_S, Simulator

from app.board import Board
from host_shared import INTERRUPTED, NOT_DONE, USAGE_ERROR
from host_tools.cli import EXIT_STATUS, build_parser, main
from host_tools.commands import mip_package
from simulator import cli as sim_cli

SIM = "SIM"  # in an argv below: the address of the test's simulator
NOWHERE = "socket://127.0.0.1:1"  # nothing answers there: a command refused before it asks shows it


def crib(*argv: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """Run the `crib` console script with ``argv``."""
    return subprocess.run([CRIB, *argv], stdin=stdin, capture_output=True, text=True, timeout=TIMEOUT_S)


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A headless simulator serving the protocol, on a fresh board; its socket:// URL."""
    with simulator(tmp_path_factory.mktemp("flash")) as url:
        yield url


@pytest.mark.parametrize(("argv", "said"), [
    (["status", "--foo"], "unrecognized arguments: --foo"),
    (["nosuch"], "invalid choice: 'nosuch'"),
    (["peg", "5", "2", "-d", NOWHERE], "player must name a track: with 2 players: 1 or 2"),
    (["score", "5H", "5C", "5S", "JD", "5X"], "5X"),
    (["advise", "5H", "5C", "JD", "QS", "4C"], "give the 6 cards dealt to you"),
    (["hand", "1", "5H", "5C", "JS", "-d", NOWHERE], "give the 4 cards"),
    (["hand", "1", "5H", "5H", "JS", "QD", "-d", NOWHERE], "card 5H appears twice"),
    (["crib", "5H", "5C", "JS", "5C", "-d", NOWHERE], "card 5C appears twice"),
    (["cut", "5H", "5H", "-d", NOWHERE], "card 5H appears twice"),
    (["status", "--timeout", "0", "-d", NOWHERE], "--timeout"),
    (["status", "-d", "socket://127.0.0.1"], "socket:// needs a host and a port"),
    (["status", "-d", ""], "DEVICE is empty"),
    (["deploy", "-d", "rfc2217://:4121"], "rfc2217:// needs a host and a port"),
    (["status", "-d", "http://127.0.0.1:4121"], "a board is reached at socket://HOST:PORT or rfc2217://HOST:PORT"),
    (["settings", "target", "-d", NOWHERE], "expected KEY=VALUE"),
    (["settings", "nosuch=1", "-d", NOWHERE], "unknown setting 'nosuch': the settings are target, skunk,"),
    (["sim", "--headless"], "needs --script FILE and/or --serve"),
    (["sim", "--headless", "--serve", "--no-serve"], "--no-serve goes with the window or the terminal"),
    (["sim", "--headless", "--serve", "--port", "+5"], "a port is a whole number from 0 to 65535, not '+5'"),
    (["sim", "--headless", "--script", "docs/game.txt", "--port", "0"], "--port goes with serving the protocol"),
    (["sim", "--no-serve", "--port", "0"], "--port goes with serving the protocol"),
    (["sim", "--headless", "--script", "docs/game.txt", "--scale", "3"], "--scale goes with the window"),
    (["sim", "--tui", "--scale", "3"], "--scale goes with the window"),
    (["settings", "brightness=100", "brightness=120", "-d", NOWHERE], "brightness given twice"),
    (["plot", "--game", "0", "-d", NOWHERE], "--game: must be 1 or more, not 0"),
    (["export", "--out", "", "-d", NOWHERE], "--out: empty: name the file to write"),
    (["export", "--out", "/nonexistent/match.csv", "-d", NOWHERE], "there is no folder /nonexistent"),
    (["plot", "--from", "", "-d", NOWHERE], "--from: empty"),
    (["export", "--from", "A_LOG", "-d", NOWHERE], "--from FILE reads a saved log, -d a board: give one of them"),
    (["plot", "--from", "A_LOG", "-d", NOWHERE], "--from FILE reads a saved log, -d a board: give one of them"),
    (["advise", "5H", "5C", "JD", "QS", "4C", "9H", "--top", "1_0"], "'1_0' is not a whole number"),
    (["peg", "1", "9" * 5000, "-d", NOWHERE], "from 1 to 31, not '%s...'\n" % ("9" * 80)),  # said short
    (["advise", "5H", "5C", "JD", "QS", "4C", "9H", "--players", "+2"], "'+2' is not a whole number"),
    (["new-match", "-d", NOWHERE], "no terminal to ask on: give --yes"),  # run by a script
    (["bench", "--only", "nosuch"], "no benchmark's name contains 'nosuch'"),
    # A review: these were said as the board's refusal or after the board was looked for (exit 1), or misleading
    (["deploy", "--romfs", "--no-compile", "--dry-run"], "--romfs and --no-compile do not go together"),
    (["status", "-d", "port:"], "'port:' names no port"),
    (["settings", "brightness=" + "x" * 3000, "-d", NOWHERE], "brightness takes a whole number from 1 to 255"),
    (["plot", "--game", "-1", "-d", NOWHERE], "--game: must be 1 or more, not -1"),
    (["advise", "5H", "5C", "JD", "QS", "4C", "9H", "--top", "-1"], "--top: must be 1 or more, not -1"),
    (["cut", "3", "-", "-", "-d", NOWHERE], "only one player cut: a cut takes two at least"),
    (["crib", "2", "3", "4", "9", "--flush", "4", "-d", NOWHERE],
     "the crib: flush is 0 or 5 (the crib counts only a flush of all five), not 4"),
])
def test_a_command_line_that_is_wrong_is_2(argv: list[str], said: str) -> None:
    done = crib(*argv)
    assert done.returncode == 2 and said in done.stderr and done.stdout == "", done.stderr
    named = "crib: " if argv == ["nosuch"] else "crib %s: " % argv[0]
    assert named + "error: " in done.stderr  # (a review: crib sim's own said no "error:")


@pytest.mark.parametrize(("argv", "said"), [
    (["peg", "1", "2", "-d", SIM], "no dealer yet"),  # the rules
    (["dealer", "3", "-d", SIM], "the dealer must be P1 or P2, not P3"),  # the game as it stands
    (["settings", "milliamps=2000", "-d", SIM], "above this build's supply"),  # a value this board does not take
    (["undo", "-d", SIM], "nothing to undo"),
    (["new-match", "--yes", "-d", SIM], "this match has not begun"),
])
def test_a_command_the_board_refuses_is_1(argv: list[str], said: str, sim: str) -> None:
    done = crib(*[sim if word == SIM else word for word in argv])
    assert done.returncode == 1 and said in done.stderr and done.stdout == "", done.stderr


def test_with_json_what_is_not_done_is_json_on_standard_output_too(sim: str) -> None:
    # A review: a script reading --json got nothing at all on a refusal.
    for argv, said in ((["undo", "-d", sim], "nothing to undo"),
                       (["status", "-d", "socket://127.0.0.1:%d" % free_port()], "nothing answers at")):
        done = crib(*argv, "--json")
        reply = json.loads(done.stdout)
        assert done.returncode == 1 and reply["ok"] is False and said in reply["error"] and said in done.stderr
    done = crib("status", "-d", sim, "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True


def test_a_commands_options_may_come_before_it(sim: str) -> None:
    # A review: `crib --json peg 1 2` said --json was unrecognized (it had to follow the command).
    done = crib("--json", "-d", sim, "--timeout=5", "status")
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
    done = crib("--json", "cut", "5")  # the command's own check, said as JSON
    assert done.returncode == 2 and "the cut is one card or rank per player" in json.loads(done.stdout)["error"]
    done = crib("-d", sim, "bench")  # an option the command does not take: its parser says so
    assert done.returncode == 2 and "crib bench: error: unrecognized arguments: -d %s" % sim in done.stderr
    # A review: before the command, an option was taken by its full name alone, its value in the next word
    for argv in (["--js", "--dev", sim, "status"], ["-d" + sim, "--timeout=5", "--js", "status"],
                 ["--device=" + sim, "--json", "status"]):
        done = crib(*argv)
        assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True, (argv, done.stderr)


def test_a_commands_options_may_come_among_its_cards() -> None:
    # A review: `crib hand 2 5H 5C --json JS QD` said JS QD were unrecognized (argparse stops a list at an option).
    done = crib("score", "5H", "--json", "5C", "5S", "JD", "5D")
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 29
    done = crib("hand", "2", "5H", "5C", "--json", "JS", "QD", "-d", NOWHERE)  # understood: no board there
    assert done.returncode == 1 and "nothing answers at" in json.loads(done.stdout)["error"]
    done = crib("--bogus", "status")  # an option no command takes, before the command: said, not dropped
    assert done.returncode == 2 and "unrecognized arguments: --bogus" in done.stderr


@pytest.mark.parametrize(("argv", "said"), [
    (["peg", "1", "99"], "points must be a whole number from 1 to 31, not '99'"),  # argparse's
    (["status", "--bogus"], "unrecognized arguments: --bogus"),
    (["status", "--bogus", "--js"], "unrecognized arguments: --bogus"),  # --json abbreviated, as argparse takes it
    (["settings", "muggins=on", "muggins=off"], "muggins given twice"),  # the command's own
    (["score", "5H"], "give 5 cards"), (["advise", "5H", "5C", "JD", "QS", "4C", "9H", "--players", "+2"], "'+2'"),
    (["new-match"], "no terminal to ask on: give --yes"),
])
def test_with_json_a_command_line_that_is_wrong_is_json_on_standard_output_too(argv: list[str], said: str) -> None:
    # Seen and left by a review: --json was silent on usage errors (a script reading it got nothing).
    flag = [] if "--js" in argv else ["--json"]
    done = crib(*argv, *flag, "-d", NOWHERE) if argv[0] not in ("score", "advise") else crib(*argv, *flag)
    reply = json.loads(done.stdout)
    assert done.returncode == 2 and reply["ok"] is False and said in reply["error"] and said in done.stderr


def test_no_board_or_nothing_at_the_address_is_1() -> None:
    done = crib("status", "-d", "socket://127.0.0.1:%d" % free_port())
    assert done.returncode == 1 and "nothing answers at" in done.stderr


def test_a_board_that_fails_or_answers_nonsense_is_1() -> None:
    failed = '{"ok": false, "error": "the board failed while answering (OSError): see its log"}\n'
    for answer in (failed.encode(), b'{"no": "ok"}\n'):
        with FakeBoard(lambda line, answer=answer: answer) as board:
            done = crib("peg", "1", "2", "-d", board.url)
        assert done.returncode == 1 and "crib peg: error: " in done.stderr
        assert "see its log" not in done.stderr  # nothing printed before it: nothing to point at


@pytest.mark.parametrize(("argv", "said"), [
    (["export", "--from", "MISSING"], "cannot read"),
    (["plot", "--from", "NOT_A_LOG"], "holds no game log"),
    (["plot", "--from", "A_LOG", "--game", "9"], "nothing to plot"),
    (["plot", "--from", "A_LOG", "--out", "FULL.png"], "cannot write"),  # No space left on device
    (["export", "--from", "A_LOG", "--out", "FULL.png"], "cannot write"),
    (["sim", "--headless", "--script", "MISSING"], "cannot read"),
    (["sim", "--headless", "--script", "NOT_A_SCRIPT"], "line 1"),
    (["sim", "--headless", "--serve", "--flash", "A_LOG/board"], "cannot use"),  # (A_LOG itself: 2)
])
def test_a_file_that_cannot_be_used_is_1(argv: list[str], said: str, tmp_path: Path) -> None:
    (tmp_path / "NOT_A_LOG").write_text('{"events": []}')
    (tmp_path / "NOT_A_SCRIPT").write_text("dance\n")
    (tmp_path / "A_LOG").write_text(json.dumps({"log": [["dealer", 0]]}))
    (tmp_path / "FULL.png").symlink_to("/dev/full")
    files = {"MISSING", "NOT_A_LOG", "NOT_A_SCRIPT", "A_LOG", "FULL.png"}
    done = crib(*[str(tmp_path / word) if word.split("/")[0] in files else word for word in argv])
    assert done.returncode == 1 and said in done.stderr, done.stderr


def test_a_file_out_of_date_is_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    stale = tmp_path / "package.json"
    stale.write_text("{}\n")
    monkeypatch.setattr(mip_package, "PACKAGE_JSON", stale)
    assert main(["mip-package", "--check"]) == 1
    assert "package.json is out of date" in capsys.readouterr().err


def test_a_question_answered_no_is_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    with simulator(tmp_path / "flash") as url:  # a match begun: a new one is asked for
        assert main(["dealer", "1", "-d", url]) == 0
        monkeypatch.setattr(sys, "stdin", Reader("n\n"))
        assert main(["new-match", "-d", url]) == 1
        assert "nothing changed" in capsys.readouterr().err
        monkeypatch.setattr(sys, "stdin", Reader("n\n"))
        assert main(["new-match", "-d", url, "--json"]) == 1  # with --json: one JSON object, as every not done
        assert json.loads(capsys.readouterr().out) == {"ok": False, "error": "nothing changed: the question was "
                                                                             "answered no"}


def test_a_program_it_runs_that_fails_is_1() -> None:
    done = crib("deploy", "-d", NOWHERE)  # mpremote finds nothing there
    assert done.returncode == 1 and "mpremote failed" in done.stderr


def test_a_simulator_whose_app_fails_or_that_cannot_serve_is_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a bug in the protocol")

    def taken(*args: object) -> None:
        raise OSError(98, "Address already in use")

    script = tmp_path / "script.txt"
    script.write_text('cmd {"cmd": "state"}\n')
    monkeypatch.setattr(Board, "handle_command", broken)
    assert main(["sim", "--headless", "--script", str(script), "--flash", str(tmp_path / "flash")]) == 1
    assert "the app raised 1 exception(s)" in capsys.readouterr().err
    monkeypatch.setattr(sim_cli, "stop_on_signals", lambda: None)  # not in the tests' process
    monkeypatch.setattr(sim_cli, "ProtocolServer", taken)  # every port, the free ones too
    assert main(["sim", "--headless", "--serve", "--flash", str(tmp_path / "flash")]) == 1
    assert "no free port was found" in capsys.readouterr().err


def test_a_flash_held_by_another_simulator_is_1_and_ctrl_c_is_130(tmp_path: Path) -> None:
    flash = str(tmp_path / "flash")
    sim = Simulator(["--headless", "--serve", "--flash", flash])
    try:
        done = crib("sim", "--headless", "--serve", "--flash", flash)
        assert done.returncode == 1 and "Quit that one first" in done.stderr
        sim.process.send_signal(signal.SIGINT)
        assert sim.process.wait(timeout=TIMEOUT_S) == 130
    finally:
        sim.stop()


def test_a_missing_part_of_the_computer_is_1(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "rp2040py", None)  # not installed: importing it fails
    assert main(["bench", "--chip"]) == 1
    assert "needs the rp2040py emulator" in capsys.readouterr().err


def test_the_rule_is_in_cribs_help_and_the_readme() -> None:
    parser, _ = build_parser()
    text = " ".join(parser.format_help().split())
    assert " ".join(EXIT_STATUS.split()) in text
    assert "exit status: 0: done" in text and "%d: the command line is wrong" % USAGE_ERROR in text
    assert "%d: understood, but not done" % NOT_DONE in text and "%d: interrupted" % INTERRUPTED in text
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())
    assert ("exits with - 0 when it is done; - %d when its command line is wrong: nothing is sent or changed; - %d "
            "when it was understood but not done" % (USAGE_ERROR, NOT_DONE)) in readme


def test_crib_says_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == "crib %s\n" % version("cribbage-board")
