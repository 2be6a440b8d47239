"""The board's state as crib reads it: its shape checked (its game rules: ``host_tools.rules``), and the state
after a change."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from cribbage.cards import DECK_SIZE, RANK_LETTERS, is_int
from host_shared.untrusted import shorten
from host_tools.board.devices import LinkError
from host_tools.rules import game_rules

if TYPE_CHECKING:  # (annotations alone)
    from cribbage.settings import Settings
    from host_tools.board.link import BoardLink

PHASES = ("cut", "play", "show", "over")  # a game's phases (cribbage.game.Game.phase)
RANKS = len(RANK_LETTERS)  # a card's rank is 0 (Ace) to 12 (King); the play's series counts them 1 to 13


def checked_state(state: Any) -> dict[str, Any]:
    """``state``, a protocol reply's ``state``, if it has the shape crib reads: an object whose ``front`` (and
    ``back`` and ``games_won``, when given) are lists of a whole number from 0 for each side of its ``settings``,
    ``phase`` a game's phase, ``dealer`` (when given) null or a seat, ``game_number`` and ``events`` (when given)
    whole numbers, and what ``state_view`` shows of it besides (``_check_shown``). Else ValueError saying what is
    amiss: a reply crib cannot read, said so (``converse``); a state that passes is one crib can show, and a
    failure showing it is crib's own."""
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
    _check_shown(state, rules)
    return state


def _check_shown(state: dict[str, Any], rules: Settings) -> None:
    """ValueError unless what ``host_tools.board.state_view`` reads of ``state`` besides the scores and the phase is
    of the shape it reads: the ``starter`` (a card) and its ``starter_rank``; the ``winner``, ``match_winner`` and
    ``muggins`` (sides); ``next_show`` (``[seat, "hand"]`` or ``[null, "crib"]``); the ``play`` laid card by card
    (its ``turn``, a seat; its ``series``, ranks 1-13; its ``false_go``, ``[seat, count]``); the board's ``ui``
    (an object). Each may be null or missing."""
    def seat(value: Any) -> bool:
        return is_int(value) and 0 <= value < rules.seats

    def side(value: Any) -> bool:
        return is_int(value) and 0 <= value < rules.sides

    play = state.get("play")
    play = play if isinstance(play, dict) else {}
    next_show = state.get("next_show")
    series = play.get("series")
    false_go = play.get("false_go")
    for key, value, fits, wanted in (
            ("starter", state.get("starter"), lambda c: is_int(c) and 0 <= c < DECK_SIZE, "a card from 0 to 51"),
            ("starter_rank", state.get("starter_rank"), lambda r: is_int(r) and 0 <= r < RANKS, "a rank from 0 to 12"),
            ("winner", state.get("winner"), side, "a side"),
            ("match_winner", state.get("match_winner"), side, "a side"),
            ("muggins", state.get("muggins"), side, "a side"),
            ("next_show", next_show or None, lambda n: isinstance(n, list) and len(n) == 2 and (
                n[1] == "crib" or seat(n[0])), '[seat, "hand"] or [null, "crib"]'),
            ("play's turn", play.get("turn"), seat, "a seat"),
            ("play's series", series, lambda s: isinstance(s, list) and all(is_int(r) and 1 <= r <= RANKS
                                                                            for r in s), "a list of ranks 1 to 13"),
            ("play's false_go", false_go, lambda f: not (isinstance(f, list) and len(f) == 2) or seat(f[0]),
             "[seat, count]"),
            ("ui", state.get("ui"), lambda u: isinstance(u, dict), "an object")):
        if value is not None and not fits(value):
            raise ValueError("its %s is %s, not null or %s" % (key, shorten(json.dumps(value)), wanted))


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

