"""`crib undo`: take back the last game event on the board."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from host_tools.board.link import BoardLink
from host_tools.board.talk import add_link_arguments, converse, game_rules, with_state
from host_tools.commands.status import state_shown
from host_tools.log_words import describe


def undo_and_fetch(link: BoardLink) -> dict[str, Any]:
    """Read the last event, undo it, then fetch the state to show: the undo reply with the
    state and ``undone``, the event taken back (None if the log was empty: the board refuses)."""
    events = link.request("state")["state"].get("events", 0)
    last = link.request("log", **{"from": events - 1, "count": 1})["log"] if events else []
    reply = with_state(link, link.request("undo"))
    return dict(reply, undone=last[0] if last else None)


def shown(reply: dict[str, Any]) -> list[RenderableType]:
    """What was taken back, and what the board looks like now."""
    state = reply["state"]
    undone = reply.get("undone")
    said = "undone: %s." % describe(undone, game_rules(state.get("settings"))) if undone else "undone."
    return [Text(said), *state_shown(state)]


def run(args: argparse.Namespace) -> int:
    """Undo the last event."""
    return converse(args, undo_and_fetch, shown)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `undo` sub-command."""
    summary = "take back the last game event (peg, count, cut...)"
    parser = sub.add_parser("undo", help=summary, description=summary)
    add_link_arguments(parser)
    parser.set_defaults(func=run)
