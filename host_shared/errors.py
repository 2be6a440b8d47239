"""How every host command (each `crib` sub-command, `crib sim` too) says what went wrong: one line on stderr,
``crib COMMAND: error: why`` (and, with --json, as JSON on standard output too)."""

from __future__ import annotations

import argparse
import json
import sys

from host_shared import board_files
from host_shared.untrusted import shorten

FAIL_LIMIT = 400  # characters of an error message: what it echoes of a bad input is cut to a short start


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
    say(args, message)
    if getattr(args, "json", False):
        json_error(one_line(message))


def one_line(message: str) -> str:
    """``message`` as an error says it: its lines joined, cut to FAIL_LIMIT characters."""
    return shorten(" ".join(message.splitlines()), FAIL_LIMIT)


def json_error(message: str) -> None:
    """Print the error ``message`` as the one JSON object a command run with --json ends with when it is not done."""
    print(json.dumps({"ok": False, "error": message}), flush=True)


def without_checkout(args: argparse.Namespace, needs: str) -> bool:
    """True, having said so with ``fail``, if this `crib` runs from an install that is not editable (``pip install
    .``, pipx), which has no checkout of the project (``host_shared.board_files.CHECKOUT``): what ``needs`` names of
    the checkout, such a command (`crib bench`, `crib mip-package`) cannot do without. The caller then exits with
    ``host_shared.USAGE_ERROR``: nothing was done, and that `crib` never can."""
    if board_files.CHECKOUT is not None:
        return False
    fail(args, "needs the project's checkout (%s), and this crib is installed without one (pip install . or pipx):"
               " run it from a clone set up with scripts/setup" % needs)
    return True
