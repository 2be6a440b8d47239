"""`crib test-leds`: the board's LED test, for building it stage by stage (hardware/BUILD.md)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from cribbage.cards import is_int
from host_shared.untrusted import shorten
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
    whether a stop ended a test (``was_on``) or found none running (a reply ``checked_reply`` passed)."""
    ui = reply["ui"]
    if ui["mode"] == "led_test":
        return [Text(WHAT_IT_DOES + " (%d LEDs)" % ui["leds"])]
    ended = "The LED test stopped" if reply["was_on"] else "No LED test was running"
    return [Text("%s (the board: %s)." % (ended, board_doing(reply["state"])))]


def checked_reply(reply: dict[str, Any]) -> dict[str, Any]:
    """``reply``, to ``test_leds``, if its ``ui`` is an object with a ``mode`` (in the LED test, with the number of
    ``leds``), and out of it the ``state`` with it (after a stop) is one crib reads (``checked_state``) with its
    ``ui`` such an object too: else ValueError (KeyError without them)."""
    uis = [reply["ui"]]
    if isinstance(uis[0], dict) and uis[0].get("mode") != "led_test":
        uis.append(checked_state(reply["state"]).get("ui"))
    for said in uis:
        if not (isinstance(said, dict) and "mode" in said and (said["mode"] != "led_test" or is_int(said.get("leds")))):
            raise ValueError("its ui is %s, not an object with the mode (and in the LED test, the number of LEDs)"
                             % shorten(json.dumps(said)))
    return reply


def run(args: argparse.Namespace) -> int:
    """Start or stop the LED test."""

    def exchange(link: BoardLink) -> dict[str, Any]:
        if not args.stop:
            return checked_reply(link.request("test_leds"))
        # a play-test: "The LED test is off" said alike whether a test was stopped or none ran
        ui = checked_state(link.request("state")["state"]).get("ui")
        was_on = isinstance(ui, dict) and ui.get("mode") == "led_test"
        # with the state after it: the mode's words depend on the game (home at a new match: who deals?)
        return checked_reply(dict(link.request("test_leds", stop=True), state=link.request("state")["state"],
                                  was_on=was_on))

    return converse(args, exchange, shown)


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib test-leds` (``name``) to its ``parser``."""
    parser.add_argument("--stop", action="store_true", help="leave the LED test (the game is as it was)")
    add_link_arguments(parser)
    parser.set_defaults(func=run)
