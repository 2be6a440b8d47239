"""`crib undo`: take back the last game event on the board."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from host_tools.board.state import checked_state, with_state
from host_tools.board.state_view import board_doing, state_shown
from host_tools.board.talk import add_conversation
from host_tools.log_words import describe
from host_tools.rules import game_rules

if TYPE_CHECKING:  # (annotations alone)
    from host_tools.board.link import BoardLink

# the board's modes where nothing is being dialled (the state's ``ui``; at home, but for a peg's dial: its ``side``)
_IDLE_MODES = ("peg", "lay")


def undo_and_fetch(link: BoardLink) -> dict[str, Any]:
    """Read the last event, undo it, then fetch the state to show: the undo reply with the
    state and ``undone``, the event taken back (None if the log was empty: the board refuses; or if
    the log changed between the two requests, another host or the board's controls: what was read
    may not be what the undo took); ``heels_undone``, True when his heels went with it; and ``left``, what the board
    was doing that the undo sent it home from (a count being dialled there, say: ``board_doing``), or None."""
    before = checked_state(link.request("state")["state"])
    events = before.get("events", 0)
    last = link.request("log", **{"from": events - 1, "count": 1})["log"] if events else []
    reply = with_state(link, link.request("undo"))
    after = checked_state(reply["state"])
    if after.get("events") != events - 1:
        last = []
    # a Jack turned pegs his heels with it (the log holds no event of their own): taken back together
    heels = bool(last) and bool(before.get("heels")) and not after.get("heels")
    # a request sends the board home (docs/PROTOCOL.md): what its controls had open there is dropped, said (a test:
    # the cards picked for a count went without a word)
    doing = board_doing(before)
    busy = before["ui"].get("mode") not in _IDLE_MODES or before["ui"].get("side") is not None
    left = doing if busy and board_doing(after) != doing else None
    return dict(reply, undone=last[0] if last else None, heels_undone=heels, left=left)


def shown(reply: dict[str, Any]) -> list[RenderableType]:
    """What was taken back (a Jack starter with his heels' 2 when they went with it), what the board's controls had
    open that it dropped, and what the board looks like now."""
    state = reply["state"]
    undone = reply.get("undone")
    said = "undone: %s" % describe(undone, game_rules(state.get("settings"))) if undone else "undone"
    if isinstance(undone, list) and reply.get("heels_undone") and undone[:1] in (["starter"], ["starter_rank"]):
        said += " and his heels with it"
    left = [Text("Left on the board for the undo: %s." % reply["left"])] if reply.get("left") else []
    return [Text(said + "."), *left, *state_shown(state)]


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib undo` (``name``) to its ``parser``: it takes back the last event and prints what was
    taken and the board."""
    add_conversation(parser, undo_and_fetch, shown)
