"""`crib settings [KEY=VALUE ...]`: show the board's settings, or change some (validated by the board)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table

from host_shared.untrusted import parse_json, shorten
from host_tools.talk import add_link_arguments, converse


def parse_assignment(text: str) -> tuple[str, Any]:
    """``target=61`` -> ("target", 61); values are JSON (numbers, true/false) or else plain words."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError("expected KEY=VALUE, such as target=61 or muggins=true, not %r"
                                         % shorten(text))
    try:
        parsed = parse_json(value)
    except ValueError:
        parsed = value
    return key.strip(), parsed


def show(console: Console, reply: dict[str, Any]) -> None:
    """Print the settings as a two-column table."""
    table = Table(title="settings")
    table.add_column("setting")
    table.add_column("value")
    for key, value in sorted(reply["settings"].items()):
        table.add_row(key, json.dumps(value))
    console.print(table)


def run(args: argparse.Namespace) -> int:
    """Get or set the settings."""
    changes = dict(args.assignments)
    fields = {"set": changes} if changes else {}
    return converse(args, lambda link: link.request("settings", **fields), show)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `settings` sub-command."""
    parser = sub.add_parser("settings", help="show the settings, or change them with KEY=VALUE")
    parser.add_argument("assignments", nargs="*", type=parse_assignment, metavar="KEY=VALUE",
                        help="e.g. target=61 skunk=lurch muggins=true players=3")
    add_link_arguments(parser)
    parser.set_defaults(func=run)
