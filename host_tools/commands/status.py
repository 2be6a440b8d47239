"""`crib status`: the scores and the state of the game on the board."""

from __future__ import annotations

import argparse

from host_tools.board.state_view import state_shown
from host_tools.board.talk import add_conversation


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib status` (``name``) to its ``parser``: it asks the board for its state and prints
    it."""
    add_conversation(parser, lambda link: link.request("state"), lambda reply: state_shown(reply["state"]))
