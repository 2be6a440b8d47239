"""The board's state as crib reads it: its shape checked (its game rules: ``host_tools.rules``), and the state
after a change."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from cribbage.cards import is_int
from host_shared.untrusted import shorten
from host_tools.board.devices import LinkError
from host_tools.rules import game_rules

if TYPE_CHECKING:  # (annotations alone)
    from host_tools.board.link import BoardLink

PHASES = ("cut", "play", "show", "over")  # a game's phases (cribbage.game.Game.phase)


def checked_state(state: Any) -> dict[str, Any]:
    """``state``, a protocol reply's ``state``, if it has the shape crib reads: an object whose ``front`` (and
    ``back`` and ``games_won``, when given) are lists of a whole number from 0 for each side of its ``settings``,
    ``phase`` a game's phase, ``dealer`` (when given) null or a seat, ``game_number`` and ``events`` (when given)
    whole numbers. Else ValueError saying what is amiss: a reply crib cannot read, said so (``converse``)."""
    if not isinstance(state, dict):
        raise ValueError("its state is %s, not an object" % shorten(json.dumps(state)))
    rules = game_rules(state.get("settings"))
    for key in ("front", "back", "games_won"):
        scores = state.get(key)
        if (key == "front" or key in state) and not (isinstance(scores, list) and len(scores) == rules.sides
                                                     and all(is_int(n) and n >= 0 for n in scores)):
            raise ValueError("its %s is %s, not %d whole numbers from 0 (a side each)"
                             % (key, shorten(json.dumps(scores)), rules.sides))
    if state.get("phase") not in PHASES:
        raise ValueError("its phase is %s, not one of %s" % (shorten(json.dumps(state.get("phase"))),
                                                             ", ".join(PHASES)))
    dealer = state.get("dealer")
    if dealer is not None and not (is_int(dealer) and 0 <= dealer < rules.seats):
        raise ValueError("its dealer is %s, not null or a seat from 0 to %d" % (shorten(json.dumps(dealer)),
                                                                                rules.seats - 1))
    for key in ("game_number", "events"):
        if key in state and not (is_int(state[key]) and state[key] >= 0):
            raise ValueError("its %s is %s, not a whole number" % (key, shorten(json.dumps(state[key]))))
    return state


def with_state(link: BoardLink, reply: dict[str, Any]) -> dict[str, Any]:
    """``reply`` with the board's whole ``state`` in it, settings included: its own if it has
    them, else fetched with a ``state`` request (a game change replies with the match's state
    alone, and the settings name the sides)."""
    if "settings" in reply.get("state", {}):
        return reply
    try:
        return dict(reply, state=link.request("state")["state"])
    except LinkError as error:  # the change is made: not to be tried again
        raise LinkError("the board made the change, but its state after it could not be read (%s): see `crib status`"
                        % error) from error

