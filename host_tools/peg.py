"""`crib peg SIDE POINTS`: peg points for a side, as if pegged on the board."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from host_tools.link import BoardLink
from host_tools.status import show_state
from host_tools.talk import add_link_arguments, converse, game_rules, with_state


def parse_side(text: str) -> int:
    """A side as people name it, 1, 2, 3 or as the board does, p1, p2, p3 (t1, t2 in a team
    game) -> the protocol's side index (0-based)."""
    t = text.strip().lower()
    if t not in ("1", "2", "3", "p1", "p2", "p3", "t1", "t2"):
        raise argparse.ArgumentTypeError("side must be 1, 2 or 3 (or p1, p2, p3; teams t1, t2), not %r" % text)
    return int(t[-1]) - 1


def peg_and_fetch(link: BoardLink, side: int, points: int) -> dict[str, Any]:
    """Peg, then fetch the state to show."""
    return with_state(link, link.request("event", event=["peg", side, points]))


def run(args: argparse.Namespace) -> int:
    """Peg the points."""
    def show(console: Console, reply: dict[str, Any]) -> None:
        state = reply["state"]
        console.print("%s pegs %d." % (game_rules(state.get("settings")).side_name(args.side), args.points))
        show_state(console, state)

    return converse(args, lambda link: peg_and_fetch(link, args.side, args.points), show)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `peg` sub-command."""
    parser = sub.add_parser("peg", help="peg points for a side (player or team)")
    parser.add_argument("side", type=parse_side, help="1, 2 or 3 (p1, p2, p3; teams t1, t2): whose track")
    parser.add_argument("points", type=int, help="points to peg")
    add_link_arguments(parser)
    parser.set_defaults(func=run)
