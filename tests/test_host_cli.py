"""`crib`'s table of commands (``host_tools.cli.COMMANDS``): the game's commands are the rows of their module's own
table, and a command's module is imported only when that command is asked for (`crib --help` lists them all
from the table alone)."""

from __future__ import annotations

import subprocess
import sys

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
