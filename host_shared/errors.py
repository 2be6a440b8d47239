"""How every host command (each `crib` sub-command, `crib sim` too) says what went wrong: one line on stderr,
``crib COMMAND: error: why`` (and, with --json, as JSON on standard output too). A command that stops raises
``Failed``, with the exit status it ends with; `crib` says it once (``host_tools.cli.run``)."""

from __future__ import annotations

import argparse
import json
import sys

from host_shared import NOT_DONE
from host_shared.untrusted import shorten

FAIL_LIMIT = 400  # characters of an error message: what it echoes of a bad input is cut to a short start


class Failed(Exception):
    """The command is not done, and says why (``fail``): its exit status is ``status``, NOT_DONE, or USAGE_ERROR
    when the command line is wrong (nothing was sent or changed)."""

    def __init__(self, message: str, status: int = NOT_DONE) -> None:
        super().__init__(message)
        self.status = status


def say(args: argparse.Namespace, message: str, kind: str = "error") -> None:
    """Print ``crib COMMAND: KIND: message`` to stderr, on one line of at most FAIL_LIMIT characters (``kind``:
    error, or what was not done although the rest was, like ``skipped``, or a ``note``)."""
    message = one_line(message)
    # a board's words may hold control characters (a terminal's escapes): shown as escapes, not obeyed
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in message)
    print("crib %s: %s: %s" % (getattr(args, "command", ""), kind, shown), file=sys.stderr)


def fail(args: argparse.Namespace, message: str) -> None:
    """Say the error ``message`` (``say``); for a command run with --json, on standard output too, as
    ``{"ok": false, "error": message}``: a script reading it gets one object however the command ends (a usage
    error too: ``host_tools.cli.Parser``)."""
    message = one_line(message)
    say(args, message)
    if getattr(args, "json", False):
        json_error(message)


def one_line(message: str) -> str:
    """``message`` as an error says it: its lines joined, cut to FAIL_LIMIT characters."""
    return shorten(" ".join(message.splitlines()), FAIL_LIMIT)


def json_error(message: str) -> None:
    """Print the error ``message`` as the one JSON object a command run with --json ends with when it is not done."""
    print(json.dumps({"ok": False, "error": message}), flush=True)
