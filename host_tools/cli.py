"""The `crib` command: one program, its sub-commands listed in ``COMMANDS`` (like mpremote's commands), each built
and run by a module: most one a module, the game's changes (cut, peg, lay, hand, ...) all in
``host_tools.commands.game``, and the simulator's in ``simulator.cli``. A module is imported only when its
command is asked for (``with_arguments``): `crib --help` lists the commands from the table alone."""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import sys
from dataclasses import dataclass
from typing import Any, NoReturn

from host_shared import INTERRUPTED, NOT_DONE
from host_shared.errors import Failed, fail, json_error, say


@dataclass(frozen=True)
class Command:
    """A sub-command: its name, the module that defines it, its summary (its line in `crib --help`, and its
    description, unless the module gives a longer one) and its other names. The module's ``define(parser, name)``
    adds the arguments of the sub-command ``name`` to its parser and sets ``func``, which takes the parsed args and
    returns an exit status (or raises ``Failed``)."""

    name: str
    module: str
    summary: str
    aliases: tuple[str, ...] = ()


GAME = "host_tools.commands.game"
COMMANDS = (
    Command("bench", "host_tools.commands.bench", "print performance and memory figures (CPython and MicroPython)"),
    Command("advise", "host_tools.commands.advise", "rank every way to keep 4 cards and lay the rest in the crib"),
    Command("deploy", "host_tools.commands.deploy", "compile the firmware and copy what changed to the board"),
    Command("status", "host_tools.commands.status", "show the scores and game state on the board"),
    Command("log", "host_tools.commands.log", "show the game log on the board"),
    Command("undo", "host_tools.commands.undo", "take back the last game event (peg, count, cut...)"),
    Command("cut", GAME, "cut for deal: the lowest card deals"),
    Command("dealer", GAME, "name the first dealer of the game (instead of a cut)", aliases=("deal",)),
    Command("starter", GAME, "the starter card turned up, or its rank alone (a Jack pegs his heels for the dealer)"),
    Command("heels", GAME, "his heels: 2 for the dealer, without naming the starter"),
    Command("peg", GAME, "peg points in the play (fifteens, pairs, runs, go, 31)"),
    Command("lay", GAME, "lay a card in the play, card by card: the board counts it and pegs what it makes"),
    Command("go", GAME, "say go in the play, card by card (the last to lay pegs 1 when nobody can)"),
    Command("hand", GAME, "count a player's hand in the show, in turn (the pone first)"),
    Command("crib", GAME, "count the dealer's crib (the deal then passes on)"),
    Command("muggins", GAME, "call muggins right after a claim (muggins on): the points it overlooked are yours"),
    Command("new-game", GAME, "abandon this game (crib undo brings it back), or after a win: the next game, the "
            "loser deals"),
    Command("new-match", GAME, "start the match again: the tally goes to zero (cannot be undone: asked first)"),
    Command("settings", "host_tools.commands.settings", "show the settings, or change them with KEY=VALUE"),
    Command("test-leds", "host_tools.commands.led_test",
            "the LED test: colour order, one LED walking the chain, controls echoed"),
    Command("export", "host_tools.commands.export", "export the game log as CSV or JSON"),
    Command("plot", "host_tools.commands.plot", "draw the race of a game or a match as an image"),
    Command("score", "host_tools.commands.score", "count a hand or crib: total, breakdown and the spoken count"),
    Command("mip-package", "host_tools.commands.mip_package",
            "write package.json for mpremote mip install github:OWNER/REPO (your fork)"),
    Command("sim", "simulator.cli", "play on the desktop simulator (window, terminal or headless)"),
)
BY_NAME = {name: command for command in COMMANDS for name in (command.name, *command.aliases)}


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
     as it stands: a player this game has no seat for, P3 in a game of two; a setting it does not take)
     or failed, none answered, a program it needs is missing or failed, a file could not be read or
     written or holds no log or script (crib export and crib plot: a log file, --from, in which an event
     breaks the rules, one edited by hand, is refused whole, naming that event), a file checked is out
     of date (crib mip-package --check), or the question was answered no; or done only in part, the rest
     said on stderr (crib bench: a run failed; crib export and crib plot: games the board could not
     give, or kept without the match's state to replay them from, by older firmware, skipped)
  130: interrupted (Ctrl-C)"""


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors with ``json_errors`` set (--json on the command line) also go to
    standard output as ``{"ok": false, "error": why}``, as every other error of a command run with --json
    (``host_shared.errors.fail``): a script reading it gets one object however the command ends. It keeps a table
    of its options (``options``), which tells the options typed before a sub-command (``words_taken``)."""

    json_errors = False
    defined = False  # a sub-command's: its arguments added by its module (``with_arguments``)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its options by each of their names (--device, -d), noted as they are added: argparse's own table is
        # private (``words_taken`` reads this one). Made first: argparse's __init__ adds -h and --help.
        self.options: dict[str, argparse.Action] = {}
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """argparse's add_argument, the option noted in ``options`` by each of its names."""
        return self._noted(super().add_argument(*args, **kwargs))

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        """argparse's argument group, whose options are noted in ``options`` too (``_noting``)."""
        return self._noting(super().add_argument_group(*args, **kwargs))

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Any:
        """argparse's mutually exclusive group (`crib sim --tui | --headless`), whose options are noted in
        ``options`` too (``_noting``)."""
        return self._noting(super().add_mutually_exclusive_group(**kwargs))

    def _noted(self, action: argparse.Action) -> argparse.Action:
        """``action``, an argument just added, noted in ``options`` by each of its option names (none: a
        positional)."""
        self.options.update(dict.fromkeys(action.option_strings, action))
        return action

    def _noting(self, group: Any) -> Any:
        """``group``, an argument group of this parser, its add_argument noting the option it adds: a group adds
        its options to the parser without the parser's add_argument."""
        add = group.add_argument

        def add_noted(*args: Any, **kwargs: Any) -> argparse.Action:
            return self._noted(add(*args, **kwargs))

        group.add_argument = add_noted
        return group

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check that ``value`` is one of ``action``'s choices (a sub-command's name, --format's...),
        its message, when it is not, followed by the choice spelt closest to it, if one is close (``close_choice``):
        ``invalid choice: 'statsu' (choose from ...); did you mean 'status'?``. (Python 3.14's argparse has this
        as ``suggest_on_error``, in this hook of its own: where that is on, its suggestion is said alone.)"""
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as error:
            close = close_choice(value, action.choices)
            if close is None or getattr(self, "suggest_on_error", False):  # (a later argparse's own, said once)
                raise
            raise argparse.ArgumentError(action, "%s; did you mean %r?" % (error.message, close)) from None

    def error(self, message: str) -> NoReturn:
        """Say the usage error (as JSON too, with ``json_errors``) and exit with status 2."""
        if self.json_errors:
            try:
                json_error(message)
            except OSError:  # standard output not written (a full disk): the usage error is said on stderr still
                pass
        super().error(message)


def close_choice(value: Any, choices: Any) -> str | None:
    """The one of ``choices`` spelt closest to ``value``, a word that is none of them (difflib's closest match,
    as Python 3.14's argparse suggests one); None if none is close, or if the choices are not words (numbers:
    --players 5 is no misspelling of 2, 3 or 4)."""
    if not isinstance(value, str) or choices is None or not all(isinstance(choice, str) for choice in choices):
        return None
    return next(iter(difflib.get_close_matches(value, list(choices), n=1)), None)


class Version(argparse.Action):
    """argparse's version action, the version read from the install's metadata only when it is asked for
    (``importlib.metadata`` takes some 30 ms to import, which every command paid)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        """Print ``crib VERSION`` and exit."""
        from importlib.metadata import version

        print("crib %s" % version("cribbage-board"))
        parser.exit()


def build_parser() -> tuple[Parser, dict[str, Parser]]:
    """The argument parser with every sub-command in it, and each sub-command's own parser by the names it is
    called (aliases too): their arguments are added when one is asked for (``with_arguments``)."""
    parser = Parser(prog="crib", description="Electronic cribbage board: tools for the host. A command's options go "
                    "after it or before it (crib --json status, crib -da0 --js peg 1 2).",
                    epilog=EXIT_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=Version, nargs=0, default=argparse.SUPPRESS,
                        help="show program's version number and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub.add_parser(command.name, help=command.summary, description=command.summary, aliases=command.aliases)
    return parser, sub.choices


def with_arguments(commands: dict[str, Parser], name: str) -> Parser:
    """The parser of the sub-command ``name`` (or an alias) with its arguments, added by its module the first time
    (the module imported only then)."""
    parser = commands[name]
    if not parser.defined:
        command = BY_NAME[name]
        importlib.import_module(command.module).define(parser, command.name)
        parser.defined = True
    return parser


def options_after_command(words: list[str], commands: dict[str, Parser]) -> list[str]:
    """``words`` with the sub-commands' options typed before the sub-command (``crib --json status``,
    ``crib -d a0 peg 1 2``, ``crib --dev=a0 --js status``) moved after its name, where argparse looks for them
    (and its parser says which it does not take); ``words`` as they are when there is none or no sub-command
    follows them."""
    for at, word in enumerate(words):
        # every sub-command named gets its arguments: argparse takes one of them; the others' get theirs only for
        # an option before it that is none of its own (that answer stands: only_options takes the first that knows)
        if word in commands and (only_options(words[:at], [with_arguments(commands, word)]) or only_options(
                words[:at], [commands[word], *(with_arguments(commands, name) for name in commands)])):
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
        named = {action for option, action in parser.options.items() if option.startswith(name)}
        action = parser.options.get(name) or (named.pop() if len(named) == 1 else None)
        joined = bool(equals)
    else:
        action = parser.options.get(word[:2])
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
