"""What the board-facing sub-commands share: their options, the link, errors and output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console

from cribbage.settings import FIELDS, Settings
from host_tools.devices import LinkError, add_device_argument
from host_tools.link import DEFAULT_TIMEOUT, BoardLink, connect


def add_link_arguments(parser: argparse.ArgumentParser) -> None:
    """``--device``, ``--timeout`` and ``--json``."""
    add_device_argument(parser)
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help="seconds to wait for each reply (default %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the board's raw JSON reply")


def converse(args: argparse.Namespace, exchange: Callable[[BoardLink], dict[str, Any]],
             show: Callable[[Console, dict[str, Any]], None]) -> int:
    """Open the link, run ``exchange`` on it, print its reply (raw with --json, else ``show``).

    A LinkError is printed as one clear line, exit status 1, no traceback.
    """
    try:
        with connect(args.device, timeout=args.timeout) as link:
            reply = exchange(link)
    except LinkError as error:
        fail(args, str(error))
        return 1
    if args.json:
        print(json.dumps(reply))
    else:
        show(Console(), reply)
    return 0


def with_state(link: BoardLink, reply: dict[str, Any]) -> dict[str, Any]:
    """``reply`` with the board's whole ``state`` in it, settings included: its own if it has
    them, else fetched with a ``state`` request (a game change replies with the match's state
    alone, and the settings name the sides)."""
    if "settings" in reply.get("state", {}):
        return reply
    return dict(reply, state=link.request("state")["state"])


LOG_TRIES = 3  # a log that keeps changing while it is read (someone is playing) is refused after this


def read_log(link: BoardLink) -> dict[str, Any]:
    """The board's whole log as one ``log`` reply (``log`` holds every event, ``from`` is 0).

    The board sends the log a page at a time (app.protocol); the pages are fetched until
    ``total`` events are in. If the total or the count of ``edits`` changes between pages,
    the log changed meanwhile: it is read again from the start, and a LinkError is raised
    after ``LOG_TRIES`` tries. A reply without ``total`` (firmware from before paging) is the
    whole log; one without ``edits`` (before that count) is checked by its total alone.
    """
    for _attempt in range(LOG_TRIES):
        reply = link.request("log")
        events = list(reply["log"])
        first = reply
        total = reply.get("total", len(events))
        while len(events) < total:
            reply = link.request("log", **{"from": len(events)})
            if not same_log(first, reply) or not reply["log"]:
                break
            events.extend(reply["log"])
        if same_log(first, reply) and len(events) == total:
            return dict(reply, log=events, **{"from": 0})
    raise LinkError("the board's log kept changing while it was read (%d tries): try again when play stops"
                    % LOG_TRIES)


def same_log(first: dict[str, Any], later: dict[str, Any]) -> bool:
    """True if two ``log`` replies are pages of the same log (no change in between)."""
    return all(later.get(key) == first.get(key) for key in ("total", "edits"))


def fail(args: argparse.Namespace, message: str) -> None:
    """Print ``crib COMMAND: error: message`` to stderr."""
    print("crib %s: error: %s" % (getattr(args, "command", ""), message), file=sys.stderr)


def game_rules(settings: dict[str, Any] | None) -> Settings:
    """The game rules in a ``settings`` dict as the board's ``state``, ``log`` and ``settings``
    replies carry it (its preferences, such as colours, are left out). They name sides and seats
    as the board does (``side_name``, ``seat_name``). A field missing, or no dict at all (firmware
    that did not send them), takes its default.
    """
    return Settings.from_dict({key: value for key, value in (settings or {}).items() if key in FIELDS})
