"""The board's state for people (the ``state`` of a protocol reply, checked: ``host_tools.board.state``): its
table and lines, as `crib status` prints it and `crib undo` and the game commands after a change, and what the
board is doing (`crib test-leds` too)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table

from cribbage.cards import a_rank, name, rank_name
from cribbage.laying import ALL_FIT
from host_tools.board.state import checked_state
from host_tools.rules import game_rules

# What the board is doing, by its mode's name (the state's ``ui``): the name is its code's (app.modes)
MODE_WORDS = {"peg": "home", "lay": "laying the play card by card", "count": "counting the show",
              "starter": "picking the starter", "cut": "cutting for deal", "muggins": "a muggins call",
              "menu": "the menu", "settings": "the settings menu", "advise": "the discard advice",
              "led_test": "the LED test", "safe": "safe mode"}


def board_doing(state: dict[str, Any]) -> str:
    """What the board is doing, said as its controls are used: "home: who deals?", "counting the show (cards)",
    a mode this crib does not know by its name."""
    ui = state["ui"]
    mode = ui["mode"]
    said = (MODE_WORDS.get(mode) if isinstance(mode, str) else None) or str(mode)  # (a reply's: any JSON)
    if mode == "peg" and state.get("phase") == "cut":
        said += ": who deals?"
    elif mode == "peg" and ui.get("side") is not None:
        said += ": points being dialled"
    elif mode == "lay" and isinstance(state.get("play"), dict) and state["play"].get("turn") is None:
        said += ": every card laid, the hands count next"
    elif isinstance(ui.get("step"), str):
        said += " (%s)" % ui["step"]
    return said


def state_shown(state: dict[str, Any]) -> list[RenderableType]:
    """A game state (the ``state`` of a protocol reply) for people: its table and lines, sides
    and seats named as the board names them under the state's ``settings``. ValueError for a state of another
    shape (``checked_state``)."""
    rules = game_rules(checked_state(state).get("settings"))
    table = Table(title="game %s" % state.get("game_number", "?"))
    for column in ("side", "front", "back", "games won"):
        table.add_column(column, justify="left" if column == "side" else "right")
    front = state.get("front") or []
    back = state.get("back") or []
    won = state.get("games_won") or []
    for side, score in enumerate(front):
        table.add_row(rules.side_name(side), str(score), _at(back, side), _at(won, side))
    dealer = state.get("dealer")
    lines = ["phase: %s" % state.get("phase", "?"),
             "dealer: %s" % ("not cut yet" if dealer is None else rules.seat_name(dealer))]
    if state.get("phase") in ("play", "show"):
        starter, rank = state.get("starter"), state.get("starter_rank")
        lines.append("starter: %s" % (name(starter) if starter is not None
                                      else "%s (its suit not dialled)" % a_rank(rank) if rank is not None
                                      else "a Jack (his heels), its suit not named yet" if state.get("heels")
                                      else "not named yet"))
    play = state.get("play")
    if isinstance(play, dict) and play.get("turn") is not None:
        series = " ".join(rank_name(r - 1) for r in play.get("series") or [])
        count = play.get("count")
        go = " or say go" if isinstance(count, int) and count > ALL_FIT else ""  # (at or below: every card fits)
        lines.append("the play: count %s, %s to lay%s%s" % (count, rules.seat_name(play["turn"]), go,
                                                            " (since 0: %s)" % series if series else ""))
    false_go = play.get("false_go") if isinstance(play, dict) else None
    if isinstance(false_go, list) and len(false_go) == 2:
        lines.append("false go: %s said go at %s, holding the card laid last" % (rules.seat_name(false_go[0]),
                                                                                 false_go[1]))
    next_show = state.get("next_show")
    if next_show:
        seat, what = next_show
        lines.append("next to count: %s" % ("the crib" if what == "crib" else "%s's hand" % rules.seat_name(seat)))
    if state.get("muggins") is not None:
        lines.append("muggins: %s's claim may be called now (crib muggins PLAYER)" % rules.side_name(state["muggins"]))
    if state.get("winner") is not None:
        lines.append("winner: %s (%s)" % (rules.side_name(state["winner"]), state.get("result") or "win"))
    if state.get("match_winner") is not None:
        lines.append("match winner: %s" % rules.side_name(state["match_winner"]))
    ui = state.get("ui")
    if isinstance(ui, dict) and "mode" in ui:
        lines.append("the board: %s" % board_doing(state))
    for key in ("message", "store"):  # the store's notice is the power-on one: it stays until the next
        if state.get(key):
            lines.append("%s: %s" % ("refused" if key == "message" else "at power-on", state[key]))
    if state.get("unsaved"):
        lines.append("NOT SAVED: the flash refused the last save (%s)" % state["unsaved"])
    if state.get("fault"):
        lines.append("FAULT %s" % state["fault"])  # as the display says it
    return [table, *lines]


def _at(values: list[Any], index: int) -> str:
    return str(values[index]) if index < len(values) else "-"
