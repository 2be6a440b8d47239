"""`crib`'s exit statuses, one rule for every sub-command (`crib --help` says it): 2 when the command
line is wrong (nothing sent, nothing changed), 1 when it was understood but not done (the board
refused or failed, none answered, a file could not be used). Each kind is run through the real
console script, as a shell or a script runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from host_helpers import FakeBoard, free_port, simulator
from sim_process import CRIB, TIMEOUT_S

from host_tools.cli import build_parser, main

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
    (["peg", "5", "2", "-d", NOWHERE], "player must be 1, 2 or 3"),
    (["score", "5H", "5C", "5S", "JD", "5X"], "5X"),
    (["advise", "5H", "5C", "JD", "QS", "4C"], "give the 6 cards dealt to you"),
    (["hand", "1", "5H", "5C", "JS", "-d", NOWHERE], "give the 4 cards"),
    (["hand", "1", "5H", "5H", "JS", "QD", "-d", NOWHERE], "card 5H appears twice"),
    (["crib", "5H", "5C", "JS", "5C", "-d", NOWHERE], "card 5C appears twice"),
    (["cut", "5H", "5H", "-d", NOWHERE], "card 5H appears twice"),
    (["status", "--timeout", "0", "-d", NOWHERE], "--timeout"),
    (["status", "-d", "socket://127.0.0.1"], "socket:// needs a host and a port"),
    (["deploy", "-d", "rfc2217://:4121"], "rfc2217:// needs a host and a port"),
    (["settings", "target", "-d", NOWHERE], "expected KEY=VALUE"),
    (["sim", "--headless"], "needs --script FILE and/or --serve"),
    (["new-match", "-d", NOWHERE], "no terminal to ask on: give --yes"),  # run by a script
    (["bench", "--only", "nosuch"], "no benchmark's name contains 'nosuch'"),
])
def test_a_command_line_that_is_wrong_is_2(argv: list[str], said: str) -> None:
    done = crib(*argv)
    assert done.returncode == 2 and said in done.stderr and done.stdout == "", done.stderr


@pytest.mark.parametrize(("argv", "said"), [
    (["peg", "1", "2", "-d", SIM], "no dealer yet"),  # the rules
    (["peg", "1", "99", "-d", SIM], "no dealer yet"),
    (["dealer", "3", "-d", SIM], "the dealer must be P1 or P2, not P3"),  # the game as it stands
    (["settings", "target=62", "-d", SIM], "target must be 121 or 61"),  # a value the board does not take
    (["settings", "nosuch=1", "-d", SIM], "unknown setting 'nosuch'"),
    (["undo", "-d", SIM], "nothing to undo"),
    (["new-match", "--yes", "-d", SIM], "this match has not begun"),
])
def test_a_command_the_board_refuses_is_1(argv: list[str], said: str, sim: str) -> None:
    done = crib(*[sim if word == SIM else word for word in argv])
    assert done.returncode == 1 and said in done.stderr and done.stdout == "", done.stderr


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
    (["export", "--from", "A_LOG", "--out", "MISSING/match.csv"], "cannot write"),
    (["sim", "--headless", "--script", "MISSING"], "cannot read"),
    (["sim", "--headless", "--script", "NOT_A_SCRIPT"], "line 1"),
    (["sim", "--headless", "--serve", "--flash", "A_LOG"], "cannot use"),
])
def test_a_file_that_cannot_be_used_is_1(argv: list[str], said: str, tmp_path: Path) -> None:
    (tmp_path / "NOT_A_LOG").write_text('{"events": []}')
    (tmp_path / "NOT_A_SCRIPT").write_text("dance\n")
    (tmp_path / "A_LOG").write_text(json.dumps({"log": [["dealer", 0]]}))
    files = {"MISSING", "NOT_A_LOG", "NOT_A_SCRIPT", "A_LOG"}
    done = crib(*[str(tmp_path / word) if word.split("/")[0] in files else word for word in argv])
    assert done.returncode == 1 and said in done.stderr, done.stderr


def test_a_missing_part_of_the_computer_is_1(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "rp2040py", None)  # not installed: importing it fails
    assert main(["bench", "--chip"]) == 1
    assert "needs the rp2040py emulator" in capsys.readouterr().err


def test_the_rule_is_in_cribs_help() -> None:
    parser, _ = build_parser()
    text = " ".join(parser.format_help().split())
    assert "exit status: 0" in text and "2: the command line is wrong" in text and "1: " in text
