"""`crib log`: the board's game log, event by event."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.table import Table

from cribbage.cards import is_int
from host_shared.untrusted import shorten
from host_tools.board.log_pages import read_log
from host_tools.board.talk import add_conversation
from host_tools.log_replay import Log, replay_log
from host_tools.log_words import describe, events_gone, pegs_said
from host_tools.rules import game_rules

if TYPE_CHECKING:  # (annotations alone)
    from host_tools.board.link import BoardLink


def points_pegged(reply: dict[str, Any]) -> dict[int, str]:
    """What each event of the reply's log pegged, by its index ("P1 +3", "T1 +2, T2 +1"), replayed as crib export
    replays it (``host_tools.log_replay``); none for events that pegged nothing or a log that cannot be replayed."""
    settings = reply.get("settings")
    log = Log(settings if isinstance(settings, dict) else {}, reply["log"], reply.get("from", 0), reply.get("base"))
    try:
        games, _skipped = replay_log(log)
    except (ValueError, TypeError, IndexError):  # (a log this crib cannot replay: its words alone)
        return {}
    return {step.seq: pegs_said(game.settings, [(side, points) for side, points in enumerate(step.points) if points])
            for game in games for step in game.steps if any(step.points)}


def shown(reply: dict[str, Any]) -> list[RenderableType]:
    """The events, numbered, in words, with the points each pegged, and the finished games (sides and seats
    named as the board names them under the reply's ``settings``); first, if the board no longer keeps the
    oldest games of a long match, from which event it does."""
    rules = game_rules(reply.get("settings"))
    first = reply.get("from", 0)
    pegged = points_pegged(reply)
    table = Table(title="game log")
    table.add_column("#", justify="right")
    table.add_column("event")
    table.add_column("pegged")
    table.add_column("as sent", style="dim")
    for seq, event in enumerate(reply["log"], first):
        table.add_row(str(seq), describe(event, rules), pegged.get(seq, ""), json.dumps(event))
    out: list[RenderableType] = []
    if first:
        out.append(events_gone(first))
    out.append(table if reply["log"] else "game log: no event yet (the match has not begun)")
    for number, game in enumerate(reply.get("games") or (), 1):  # (numbered by firmware from 2026-12-05: its last kept)
        out.append("finished game %s: %s wins (%s), worth %s" % (
            game.get("number", number), rules.side_name(game["winner"]), game.get("result"), game.get("points")))
    return out


def read_checked_log(link: BoardLink) -> dict[str, Any]:
    """The board's whole log (``read_log``: its pages checked), its finished ``games`` checked as ``shown`` reads
    them: null, or a list of objects, each with the side that won (``winner``). Else ValueError: a reply crib
    cannot read (``converse``)."""
    reply = read_log(link)
    games = reply.get("games")
    sides = game_rules(reply.get("settings")).sides
    if games is not None and not (isinstance(games, list) and all(
            isinstance(game, dict) and is_int(game.get("winner")) and 0 <= game["winner"] < sides for game in games)):
        raise ValueError("its games are %s, not a list of objects each naming the side that won (winner)"
                         % shorten(json.dumps(games)))
    return reply


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib log` (``name``) to its ``parser``: it fetches the log and prints it."""
    add_conversation(parser, read_checked_log, shown)
