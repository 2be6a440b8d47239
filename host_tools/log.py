"""`crib log`: the board's game log, event by event."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import RenderableType
from rich.table import Table

from host_tools.log_words import describe
from host_tools.talk import add_link_arguments, converse, game_rules, read_log


def shown(reply: dict[str, Any]) -> list[RenderableType]:
    """The events, numbered, in words, and the finished games (sides and seats named as the
    board names them under the reply's ``settings``)."""
    rules = game_rules(reply.get("settings"))
    table = Table(title="game log")
    table.add_column("#", justify="right")
    table.add_column("event")
    table.add_column("as sent", style="dim")
    for seq, event in enumerate(reply["log"]):
        table.add_row(str(seq), describe(event, rules), json.dumps(event))
    out: list[RenderableType] = [table]
    for number, game in enumerate(reply.get("games") or (), 1):
        out.append("finished game %d: %s wins (%s), worth %s" % (
            number, rules.side_name(game["winner"]), game.get("result"), game.get("points")))
    return out


def run(args: argparse.Namespace) -> int:
    """Fetch and print the log."""
    return converse(args, read_log, shown)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `log` sub-command."""
    summary = "show the game log on the board"
    parser = sub.add_parser("log", help=summary, description=summary)
    add_link_arguments(parser)
    parser.set_defaults(func=run)
