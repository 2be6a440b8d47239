"""`crib`'s table of commands (``host_tools.cli.COMMANDS``): the game's commands are the rows of their module's own
table, and a command's module is imported only when that command is asked for (`crib --help` lists them all
from the table alone); a command's options typed before it are read from the options its parser noted."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from host_shared import USAGE_ERROR
from host_tools import cli
from host_tools.commands import game

CHECK = """
import sys
from host_tools import cli
parser, commands = cli.build_parser()
loaded = lambda: sorted(m.module for m in cli.COMMANDS if m.module in sys.modules)
print(loaded())
cli.options_after_command(sys.argv[1:], commands)
print(loaded())
"""


def test_the_game_commands_are_the_rows_of_the_game_module_s_table() -> None:
    assert [c.name for c in cli.COMMANDS if c.module == cli.GAME] == [row.name for row in game.COMMANDS]
    assert len(cli.BY_NAME) == sum(1 + len(c.aliases) for c in cli.COMMANDS)  # no name given twice


def test_a_command_s_module_is_imported_only_when_it_is_asked_for() -> None:
    # in a process of its own: this one has imported them all
    lines = subprocess.run([sys.executable, "-c", CHECK, "--json", "status"], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert lines == ["[]", "['host_tools.commands.status']"]


def test_a_log_is_replayed_without_the_board_s_serial_link() -> None:
    # A review: host_tools.log_replay took the game rules from host_tools.board.state, which imports the serial link
    code = ("import sys, host_tools.log_replay; print(sorted(m for m in sys.modules if m.split('.')[0] == 'serial' "
            "or m.startswith('host_tools.board')))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_finding_a_running_simulator_loads_no_server() -> None:
    # A review: simulator.instances took DEFAULT_PORT from simulator.server, so every command that looks for a
    # board loaded the server (selectors, socket, the board's line reader)
    code = ("import sys, simulator.instances; print(sorted(m for m in ('simulator.server', 'selectors', 'hal') "
            "if m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_options_before_a_command_go_after_it() -> None:
    # words_taken reads the options as each parser noted them (argparse's own table is private)
    _, commands = cli.build_parser()
    for argv, moved in ((["--js", "--dev", "a0", "status"], ["status", "--js", "--dev", "a0"]),
                        (["-da0", "--timeout=5", "peg", "1", "2"], ["peg", "-da0", "--timeout=5", "1", "2"]),
                        (["--tui", "--port", "0", "sim"], ["sim", "--tui", "--port", "0"]),  # --tui: in a group
                        (["--help", "status"], ["status", "--help"])):
        assert cli.options_after_command(argv, commands) == moved
    for argv in (["--bogus", "status"], ["--json=1", "status"], ["--version", "status"]):
        assert cli.options_after_command(argv, commands) == argv  # none of status's, or a flag given a value


def test_an_option_added_in_a_group_is_noted() -> None:
    parser = cli.Parser()
    parser.add_argument_group("a group").add_argument("--count", type=int)
    parser.add_mutually_exclusive_group().add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("card")
    assert sorted(parser.options) == ["--count", "--help", "--quiet", "-h", "-q"]
    taken = [cli.words_taken(word, parser) for word in ("--count", "--count=2", "--co", "-q", "--quiet=1", "x")]
    assert taken == [2, 1, 2, 1, None, None]
    assert parser.parse_args(["--count", "2", "-q", "5H"]).count == 2  # argparse's parsing is its own still


@pytest.mark.parametrize(("argv", "said"), [
    (["statsu"], "argument COMMAND: invalid choice: 'statsu' (choose from 'bench', 'advise', "),
    (["plto", "--out", "x.png"], "argument COMMAND: invalid choice: 'plto' (choose from "),
    (["new-gam"], "argument COMMAND: invalid choice: 'new-gam' (choose from "),
    (["export", "--format", "jsno"], "argument --format: invalid choice: 'jsno' (choose from 'csv', 'json')"),
    (["--format", "cvs", "export"], "argument --format: invalid choice: 'cvs' (choose from 'csv', 'json')"),
])
def test_a_mistyped_choice_is_answered_with_the_closest(argv: list[str], said: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user's test: `crib statsu` got argparse's bare "invalid choice", the list of every command
    suggested = {"statsu": "status", "plto": "plot", "new-gam": "new-game", "jsno": "json", "cvs": "csv"}
    typed = next(word for word in argv if word in suggested)
    with pytest.raises(SystemExit) as exited:
        cli.main(argv)
    assert exited.value.code == USAGE_ERROR
    err = capsys.readouterr().err
    assert said in err and err.endswith("); did you mean %r?\n" % suggested[typed]), err


def test_a_choice_close_to_none_and_a_number_are_answered_as_argparse_answers(
        capsys: pytest.CaptureFixture[str]) -> None:
    for argv, said in ((["zzz"], "invalid choice: 'zzz' (choose from "),
                       (["advise", "5H", "--players", "22"], "invalid choice: 22 (choose from 2, 3, 4)\n")):
        with pytest.raises(SystemExit) as exited:
            cli.main(argv)
        err = capsys.readouterr().err
        assert exited.value.code == USAGE_ERROR and said in err and "did you mean" not in err, err
    assert cli.close_choice("22", ["2", "3", "4"]) == "2" and cli.close_choice(22, [2, 3, 4]) is None


def test_the_suggestion_is_in_the_json_error_too(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--json", "statsu"])
    assert exited.value.code == USAGE_ERROR
    assert json.loads(capsys.readouterr().out)["error"].endswith("; did you mean 'status'?")
