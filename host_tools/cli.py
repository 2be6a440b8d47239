"""The `crib` command: one program, its sub-commands registered by the modules ``COMMAND_MODULES`` names
(like mpremote's commands): most one a module, the game's changes (cut, peg, lay, hand, ...) all in
``host_tools.commands.game``, and the simulator's in ``simulator.cli``."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from importlib.metadata import version
from typing import NoReturn

from host_shared import INTERRUPTED, NOT_DONE
from host_shared.errors import Failed, fail, json_error, say

# Each module named here defines register(subparsers), which adds its sub-command(s) and
# sets ``func`` (taking the parsed args, returning an exit status, or raising Failed).
COMMAND_MODULES = [
    "host_tools.commands.bench",
    "host_tools.commands.advise",
    "host_tools.commands.deploy",
    "host_tools.commands.status",
    "host_tools.commands.log",
    "host_tools.commands.undo",
    "host_tools.commands.game",
    "host_tools.commands.settings",
    "host_tools.commands.led_test",
    "host_tools.commands.export",
    "host_tools.commands.plot",
    "host_tools.commands.score",
    "host_tools.commands.mip_package",
    "simulator.cli",
]


# One rule for every sub-command, so that a script can tell its own mistake from the board's "no".
EXIT_STATUS = """exit status:
  0: done
  2: the command line is wrong, and nothing was sent or changed: an option, sub-command, card,
     rank, player, number of points or device address that is none, a card typed twice, options that do not go
     together, a file or folder named by an empty name, a file to write that is a folder, one of a format
     that cannot be written, one in a folder that is not there or cannot be written in, or the very file read,
     or a command that needs a terminal run without one (crib new-match asks first:
     give it --yes in a script), or one that needs the project's checkout run from an install
     without one (crib bench, crib mip-package)
  1: understood, but not done: the board or the simulator refused it (the game's rules, the game
     as it stands, a setting it does not take) or failed, none answered, a program it needs is
     missing or failed, a file could not be read or written or holds no log or script, a file
     checked is out of date (crib mip-package --check), or the question was answered no; or done
     only in part, the rest said on stderr (crib bench: a run failed; crib export and crib plot: games
     the board could not give, or that cannot be replayed, skipped)
  130: interrupted (Ctrl-C)"""


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors with ``json_errors`` set (--json on the command line) also go to
    standard output as ``{"ok": false, "error": why}``, as every other error of a command run with --json
    (``host_shared.errors.fail``): a script reading it gets one object however the command ends."""

    json_errors = False

    def error(self, message: str) -> NoReturn:
        """Say the usage error (as JSON too, with ``json_errors``) and exit with status 2."""
        if self.json_errors:
            json_error(message)
        super().error(message)


def build_parser() -> tuple[Parser, dict[str, Parser]]:
    """The argument parser with every sub-command registered, and each sub-command's own parser
    by the names it is called (aliases too)."""
    parser = Parser(prog="crib", description="Electronic cribbage board: tools for the host. A command's options go "
                    "after it or before it (crib --json status, crib -da0 --js peg 1 2).",
                    epilog=EXIT_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version="crib %s" % version("cribbage-board"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser, sub.choices


def options_after_command(words: list[str], commands: dict[str, Parser]) -> list[str]:
    """``words`` with the sub-commands' options typed before the sub-command (``crib --json status``,
    ``crib -d a0 peg 1 2``, ``crib --dev=a0 --js status``) moved after its name, where argparse looks for them
    (and its parser says which it does not take); ``words`` as they are when there is none or no sub-command
    follows them."""
    for at, word in enumerate(words):
        if word in commands and only_options(words[:at], [commands[word], *commands.values()]):
            return [word, *words[:at], *words[at + 1:]]
    return words


def only_options(words: list[str], parsers: list[Parser]) -> bool:
    """True if ``words`` are options and their values alone, each read as the first of ``parsers`` that knows it
    reads it (``words_taken``); False if one is none of theirs (crib's own --version; --help is every command's
    too: crib --help status is status's help)."""
    at = 0
    while at < len(words):
        taken = next(filter(None, (words_taken(words[at], each) for each in parsers)), None)
        if taken is None:
            return False
        at += taken
    return at == len(words)


def words_taken(word: str, parser: Parser) -> int | None:
    """How many words of the command line the option ``word`` takes as ``parser`` reads it: 1 (a flag, or a value
    joined to it: ``--device=a0``, ``-da0``) or 2 (its value follows it); None if it is none of ``parser``'s. An
    option is named in full or by a prefix that names it alone (``--js``), as argparse takes it."""
    name, equals, _ = word.partition("=")
    if not word.startswith("-"):
        return None
    if word.startswith("--"):
        named = {action for option, action in parser._option_string_actions.items() if option.startswith(name)}
        action = parser._option_string_actions.get(name) or (named.pop() if len(named) == 1 else None)
        joined = bool(equals)
    else:
        action = parser._option_string_actions.get(word[:2])
        joined = len(word) > 2
    if action is None or (joined and action.nargs == 0):
        return None  # not one of its options, or a flag given a value (argparse's error)
    return 1 if joined or action.nargs == 0 else 2


def run(args: argparse.Namespace) -> int:
    """Run the parsed command: its exit status, or, once it is said (``fail``), that of the ``Failed`` it raised."""
    try:
        return int(args.func(args) or 0)
    except Failed as failed:
        fail(args, str(failed))
        return failed.status


def main(argv: list[str] | None = None) -> int:
    """Entry point of `crib`."""
    parser, commands = build_parser()
    words = options_after_command(sys.argv[1:] if argv is None else argv, commands)
    if any(len(word) > 2 and "--json".startswith(word) for word in words):  # (argparse takes "--js" for it too)
        for each in (parser, *commands.values()):
            each.json_errors = True  # (add_parser makes its parsers of the parser's class)
    args, unknown = parser.parse_known_args(words)
    if unknown and words[0] == args.command:  # the command's positionals went on after an option (crib hand 2
        # 5H 5C --json JS QD), where argparse stops taking them: parsed again, intermixed (what it cannot take, its
        # parser says, naming it)
        args = commands[args.command].parse_intermixed_args(words[1:], argparse.Namespace(command=args.command))
    elif unknown:  # said by the sub-command's parser (argparse's own says "usage: crib ..." without naming it)
        commands[args.command].error("unrecognized arguments: %s" % " ".join(unknown))
    try:
        status = run(args)
        sys.stdout.flush()  # here, where a reader gone is caught (Python's own flush at exit would end with 0)
        return status
    except KeyboardInterrupt as interrupt:  # Ctrl-C
        if str(interrupt) or getattr(args, "json", False):  # a change sent may have been made (host_tools.board.link)
            fail(args, "interrupted" + (": %s" % interrupt if str(interrupt) else ""))
        return INTERRUPTED
    except BrokenPipeError:
        # Whoever read our output stopped (crib ... | head): end quietly with NOT_DONE, as rich's
        # console does for the tables. Standard output now goes nowhere, so that Python's last
        # flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return NOT_DONE
    except (OSError, UnicodeEncodeError) as error:  # what no command catches: its output not written (a full
        # disk, a terminal that cannot show a suit's sign), said in a line as any error is, not as a traceback
        say(args, str(error))  # (on stderr alone: standard output may be what failed)
        return NOT_DONE


if __name__ == "__main__":
    sys.exit(main())
