"""How every `crib` sub-command says what went wrong: one line on stderr (and, with --json, as JSON)."""

from __future__ import annotations

import argparse
import json
import sys

from host_shared.untrusted import shorten

FAIL_LIMIT = 400  # characters of an error message: what it echoes of a bad input is cut to a short start


def fail(args: argparse.Namespace, message: str, kind: str = "error") -> None:
    """Print ``crib COMMAND: error: message`` to stderr, on one line of at most FAIL_LIMIT characters
    (``kind`` in place of error: what was not done although the rest was, like ``skipped``); an error of
    a command run with --json goes to standard output too, as ``{"ok": false, "error": message}``: a
    script reading it gets one object however the command ends (a usage error too: ``host_tools.cli``)."""
    message = shorten(" ".join(message.splitlines()), FAIL_LIMIT)
    print("crib %s: %s: %s" % (getattr(args, "command", ""), kind, message), file=sys.stderr)
    if kind == "error" and getattr(args, "json", False):
        print(json.dumps({"ok": False, "error": message}))
