"""Taking a game log for `crib export` and `crib plot`: from a saved file (``--from FILE``) or the
board (``--device``; its pages read by ``host_tools.board.log_pages``), replayed by ``host_tools.log_replay``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cribbage.cards import is_int
from host_shared import USAGE_ERROR
from host_shared.errors import Failed, say
from host_shared.file_args import file_to_read, named_twice
from host_shared.untrusted import parse_json, read_text, shorten
from host_tools.board.devices import AUTO, LinkError, add_device_argument
from host_tools.board.link import connect
from host_tools.board.link_options import add_timeout_argument
from host_tools.board.log_pages import read_log
from host_tools.board.talk import explained
from host_tools.log_replay import GameRecord, Log, Skipped, replay_log
from host_tools.log_words import events_gone
from host_tools.rules import game_rules

MAX_LOG_BYTES = 16 * 1024 * 1024  # a long match's log is some tens of KB


def load(path: Path) -> Log:
    """The log saved in a file: the JSON ``crib log --json`` prints (an object with ``log``,
    ``settings`` and, for a log kept from a later event, ``from`` and ``base``), or a bare JSON
    list of events. Raises ValueError if it is neither.
    """
    text = read_text(path, MAX_LOG_BYTES)
    try:
        data = parse_json(text)
    except ValueError as error:
        raise ValueError("%s is %s" % (path, error)) from None
    if isinstance(data, list):
        return Log({}, data)
    if isinstance(data, dict) and isinstance(data.get("log"), list):
        settings = data.get("settings") or {}
        if not isinstance(settings, dict):
            raise ValueError('%s: "settings" must be a JSON object, like {"target": 121}' % path)
        first, base = data.get("from", 0), data.get("base")
        if not is_int(first) or first < 0:
            raise ValueError('%s: "from" must be the index of the log\'s first event, a whole number, not %s'
                             % (path, shorten(json.dumps(first))))
        if base is not None and not isinstance(base, list):
            raise ValueError('%s: "base" must be the match\'s state where the log starts (a list, as the board '
                             'gives it), not %s' % (path, shorten(json.dumps(base))))
        return Log(settings, data["log"], first, base)
    if isinstance(data, dict) and isinstance(data.get("games"), list):  # crib export's: the steps, not the log
        raise ValueError("%s is a report that crib export wrote, not a log: save the log with "
                         "`crib log --json > FILE` and read that" % path)
    raise ValueError('%s holds no game log (expected a JSON list of events or an object with "log", as '
                     '`crib log --json` writes)' % path)


def fetch_log(args: argparse.Namespace) -> Log:
    """The log from ``--from FILE`` or else from the board, with what it could not give skipped.
    Raises ValueError / LinkError."""
    if args.source is not None:
        return load(args.source)
    with connect(args.device, timeout=args.timeout) as link:
        reply = read_log(link, skip=True)
    settings = reply.get("settings")  # none: the defaults
    return Log(settings if isinstance(settings, dict) else {}, reply["log"], reply["from"], reply.get("base"),
               {index: base for index, base in reply["bases"]},
               [Skipped(first, end, why) for first, end, why in reply["skipped"]])


def fetch_games(args: argparse.Namespace) -> tuple[dict[str, Any], list[GameRecord], list[Skipped], int]:
    """The settings, the replayed games of the log from ``--from FILE`` or else from the board, what
    of it could not be replayed (``replay_log``), and the index of its first event (``Log.first``: 0
    unless the board no longer keeps the oldest games of a long match). Failed with USAGE_ERROR for both
    ``--from`` and ``--device`` (``_check_one_source``) or an ``--out`` that is the file ``--from`` names
    (``_check_not_written``), with NOT_DONE if the log cannot be read, its settings hold no game rules
    (``host_tools.rules.game_rules``) or it breaks the rules."""
    _check_one_source(args)
    _check_not_written(args)
    try:
        log = fetch_log(args)
        game_rules(log.settings)  # rules that cannot be read fail a log with no game to replay too, as any other
        return (log.settings, *replay_log(log), log.first)
    except LinkError as error:
        raise Failed(explained(error)) from error
    except ValueError as error:
        raise Failed(str(error)) from error


def say_skipped(args: argparse.Namespace, skipped: list[Skipped]) -> None:
    """Say on stderr, a line each, what of the log was skipped and why (``crib COMMAND: skipped: ...``)."""
    for stretch in skipped:
        say(args, str(stretch), "skipped")


def _check_one_source(args: argparse.Namespace) -> None:
    """Failed with USAGE_ERROR if both ``--from FILE`` and a ``--device`` are given: the log is read from one
    (which one was meant is no guess to make)."""
    if args.source is not None and args.device != AUTO:
        raise Failed("--from FILE reads a saved log, -d a board: give one of them", USAGE_ERROR)


def _check_not_written(args: argparse.Namespace) -> None:
    """Failed with USAGE_ERROR if the command's ``--out`` (None: standard output) is the file ``--from`` reads, by
    another name too (a symlink, a link): written, it would be the log no more (found before the log is read)."""
    clash = named_twice([("--from", args.source), ("--out", args.out)])
    if clash:
        raise Failed(clash, USAGE_ERROR)


def say_gone(args: argparse.Namespace, first: int) -> None:
    """Say on stderr that the log starts at event ``first`` > 0: the board keeps the log of a long match's
    last games only, so those before are in no export or plot (not a failure: all the board has is given)."""
    if first:
        # "the results it keeps": the board keeps about as many games' results as their logs, not every game's
        say(args, events_gone(first) + " (crib log lists the results it keeps; its tally counts every game)", "note")


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    """Where a log comes from: ``--from FILE`` or the board (``--device``, ``--timeout``)."""
    parser.add_argument("--from", dest="source", metavar="FILE", type=file_to_read,
                        help="a saved log (crib log --json > FILE) instead of the board; one in which an event "
                        "breaks the rules (edited by hand) is refused whole, naming that event")
    add_device_argument(parser)
    add_timeout_argument(parser)
