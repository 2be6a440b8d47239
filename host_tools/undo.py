"""`crib undo`: take back the last game event on the board."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from host_tools.link import BoardLink
from host_tools.status import show_state
from host_tools.talk import add_link_arguments, converse, with_state


def undo_and_fetch(link: BoardLink) -> dict[str, Any]:
    """Undo, then fetch the state to show (the undo reply is returned with it)."""
    return with_state(link, link.request("undo"))


def show(console: Console, reply: dict[str, Any]) -> None:
    """Print what the board looks like after the undo."""
    console.print("undone.")
    show_state(console, reply["state"])


def run(args: argparse.Namespace) -> int:
    """Undo the last event."""
    return converse(args, undo_and_fetch, show)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `undo` sub-command."""
    parser = sub.add_parser("undo", help="take back the last game event (peg, count, cut...)")
    add_link_arguments(parser)
    parser.set_defaults(func=run)
