"""`crib status`: the scores and the state of the game on the board."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from host_tools.board.state import checked_state
from host_tools.board.state_view import state_shown
from host_tools.board.talk import add_conversation

if TYPE_CHECKING:  # (annotations alone)
    from host_tools.board.link import BoardLink


def read_state(link: BoardLink) -> dict[str, Any]:
    """The board's ``state`` reply, its state checked (``checked_state``: ValueError, KeyError without one)."""
    reply = link.request("state")
    checked_state(reply["state"])
    return reply


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib status` (``name``) to its ``parser``: it asks the board for its state and prints
    it."""
    add_conversation(parser, read_state, lambda reply: state_shown(reply["state"]))
