"""`crib test-leds`: the board's LED test, for building it stage by stage (hardware/BUILD.md)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from host_tools.board.link_options import add_link_arguments
from host_tools.board.state import checked_state
from host_tools.board.state_view import board_doing
from host_tools.board.talk import converse

if TYPE_CHECKING:  # (annotations alone)
    from host_tools.board.link import BoardLink

WHAT_IT_DOES = ("LED test running: the first LED on the wire shows red, then green, then blue, then white; then one "
                "dim LED "
                "walks along the chain (the last one lit before the rest stays dark is the one before a fault). "
                "Every control echoes: turning steps the walk, the encoder press pauses it, p1, p2 and back light "
                "the tracks' last holes. Hold the encoder, or run `crib test-leds --stop`, to go back to the game.")


def shown(reply: dict[str, Any]) -> list[RenderableType]:
    """What the board is doing now (its mode said as `crib status` says it, from the state after a stop), and
    whether a stop ended a test (``was_on``) or found none running."""
    ui = reply["ui"]
    if ui["mode"] == "led_test":
        return [Text(WHAT_IT_DOES + " (%d LEDs)" % ui["leds"])]
    ended = "The LED test stopped" if reply["was_on"] else "No LED test was running"
    return [Text("%s (the board: %s)." % (ended, board_doing(checked_state(reply["state"]))))]


def run(args: argparse.Namespace) -> int:
    """Start or stop the LED test."""

    def exchange(link: BoardLink) -> dict[str, Any]:
        if not args.stop:
            return link.request("test_leds")
        # a play-test: "The LED test is off" said alike whether a test was stopped or none ran
        ui = checked_state(link.request("state")["state"]).get("ui")
        was_on = isinstance(ui, dict) and ui.get("mode") == "led_test"
        # with the state after it: the mode's words depend on the game (home at a new match: who deals?)
        return dict(link.request("test_leds", stop=True), state=link.request("state")["state"], was_on=was_on)

    return converse(args, exchange, shown)


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib test-leds` (``name``) to its ``parser``."""
    parser.add_argument("--stop", action="store_true", help="leave the LED test (the game is as it was)")
    add_link_arguments(parser)
    parser.set_defaults(func=run)
