"""Replaying a game log through the rules core (taken from a file or the board: ``host_tools.log_source``;
told in words: ``host_tools.log_words``).

The rules live in ``cribbage.match``; this module only replays a log event by event and
records what each event did to the pegs, split into games and deals:

- a game ends at ``["new_game"]`` or ``["new_match"]`` (an abandoned game is kept, marked so), the event kept as
  the game's ``ended_by``;
- a deal ends with the crib's show (the event after which the deal passes on); scores
  before any crib is shown (a board used only for pegging) all belong to deal 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cribbage.match import Match
from cribbage.settings import Settings
from host_shared.untrusted import shorten
from host_tools.rules import game_rules


@dataclass
class Step:
    """One event of a game and what it did: points pegged and front pegs after it, per side."""

    seq: int  # index of the event in the whole log
    deal: int
    event: list[Any]
    points: list[int]
    scores: list[int]
    false_go: int | None = None  # a card laid: the count its seat said go at holding it (docs/EVENTS.md), if any


@dataclass
class GameRecord:
    """One game of the log, replayed."""

    number: int
    settings: Settings
    # the log's matches given, numbered from 1 in the order they began (a ["new_match"] event begins one;
    # the menu's starts a new log), told apart by where each began (``match_start``): across a stretch
    # that could not be replayed too, which may hold matches no game of which is given
    match: int = 1
    match_start: int = 0  # the index of the event where its match began
    steps: list[Step] = field(default_factory=list)
    winner: int | None = None
    result: str | None = None
    worth: int = 0
    abandoned: bool = False
    deal_over: bool = False  # its last deal's crib counted (the next deal not begun), as the core says
    # the ["new_game"] or ["new_match"] event that ended it (None: the log ends in it), pegging nothing: its scores
    # the pegs as the game left them (the next game's start from 0)
    ended_by: Step | None = None

    @property
    def final(self) -> list[int]:
        """Front pegs at the end of the game (zeros if nothing was pegged)."""
        return self.steps[-1].scores if self.steps else [0] * self.settings.sides

    @property
    def deals(self) -> int:
        """Number of deals the game had (the last one perhaps unfinished)."""
        return self.steps[-1].deal if self.steps else 0


@dataclass
class Skipped:
    """Events of a log that cannot be replayed, ``first`` to ``end`` - 1, and why (``crib export`` and
    ``crib plot`` give the games around them and say so)."""

    first: int
    end: int
    why: str

    def __str__(self) -> str:
        return "events %d to %d: %s" % (self.first, self.end - 1, self.why)


class NoBase(ValueError):
    """A log kept from a later event without the match's state there, to replay it from."""

    WHY = "archived by older firmware, without the match's state where they start (crib log still shows them)"


@dataclass
class Log:
    """A match's log as fetched: the settings, the events from the index ``first`` on (0 unless the
    board no longer keeps the oldest games of a long match), and the match's state there (``base``,
    as ``cribbage.match.Match(base=...)`` takes it; None from the match's first event). Read from the
    board, what it could not give is None in ``events`` and listed in ``skipped``, and ``bases`` holds
    the match's state at later events where the board gave it (``host_tools.board.log_pages.read_log``)."""

    settings: dict[str, Any]
    events: list[list[Any] | None]
    first: int = 0
    base: list[Any] | None = None
    bases: dict[int, list[Any]] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)


def replay_log(log: Log) -> tuple[list[GameRecord], list[Skipped]]:
    """The games of ``log`` that can be replayed, and the stretches of it that cannot, oldest first:
    those the board could not give, and those without the match's state to replay them from (the
    games of files from older firmware, until the board gives the state where a later one starts)."""
    games: list[GameRecord] = []
    skipped = list(log.skipped)
    for first, base, events in parts(log):
        try:
            games += replay(log.settings, events, first, base)
        except NoBase:
            skipped.append(Skipped(first, first + len(events), NoBase.WHY))
    number_matches(games)  # across the stretches
    return games, sorted(skipped, key=lambda stretch: stretch.first)


def number_matches(games: list[GameRecord]) -> None:
    """Number the matches of ``games`` (in log order) from 1, one more wherever the match began elsewhere."""
    starts: list[int] = []
    for game in games:
        if not starts or starts[-1] != game.match_start:
            starts.append(game.match_start)
        game.match = len(starts)


def parts(log: Log) -> Iterator[tuple[int, list[Any] | None, list[Any]]]:
    """``(first, base, events)``: the stretches of ``log`` that are each replayed by itself: split where the
    board could not give the events (``log.skipped``), and where it gave the match's state (``log.bases``)
    to a stretch that has none to start from (one that begins after the match's first event). An event
    that is none but not skipped (a log file edited by hand) stays, for the replay to refuse it."""
    lost = {seq for stretch in log.skipped for seq in range(stretch.first, stretch.end)}
    start, base = log.first, log.base
    events: list[Any] = []
    for seq, event in enumerate(log.events, log.first):
        if events and (seq in lost or (seq in log.bases and start and base is None)):
            yield start, base, events
            events = []
        if seq in lost:
            continue
        if not events:
            start, base = seq, log.base if seq == log.first else log.bases.get(seq)
        events.append(event)
    if events:
        yield start, base, events


def replay(settings: dict[str, Any], log: list[list[Any]], first: int = 0,
           base: list[Any] | None = None) -> list[GameRecord]:
    """The games of ``log`` played with ``settings`` (the board's preferences in it, such as
    colours, are ignored), its events from the index ``first`` of the match on, from the state
    ``base`` (``Log``), their matches numbered from 1 (``GameRecord.match``). Raises
    cribbage.match.RuleError (naming the event) if the log breaks the rules, NoBase (a ValueError) if
    it starts after the match's first event without a base to start from."""
    if first and base is None:
        raise NoBase("the log starts at event %d, without the match's state there: its oldest games were %s"
                     % (first, NoBase.WHY))
    match = Match(game_rules(settings), base=base)
    if match.archived != first:
        raise ValueError("the log starts at event %d, but its match's state is that of event %d"
                         % (first, match.archived))
    games = [GameRecord(match.game_number, match.settings, match_start=match.match_start)]
    deal = 1
    passed = False  # the event before passed the deal on
    for seq, event in enumerate(log, first):
        before = match.front[:]
        deal_start = match.deal_start()
        try:
            match.apply(event)
        except ValueError as error:
            raise type(error)("event %d %s: %s" % (seq, shorten(json.dumps(event)), error)) from None
        kind = event[0]
        if kind in ("new_game", "new_match"):
            games[-1].abandoned = games[-1].winner is None
            ended = games[-1]  # in its last deal (the next was not begun)
            ended.ended_by = Step(seq, ended.deals or 1, list(event), [0] * len(before), before)
            games.append(GameRecord(match.game_number, match.settings, match_start=match.match_start))
            deal, passed = 1, False
            continue
        game = games[-1]
        after = match.front[:]
        # a call on the crib comes after the deal has passed: it belongs to the crib's deal
        called_crib = kind == "muggins" and passed
        laying = match.game.laying
        game.steps.append(Step(seq, deal - 1 if called_crib else deal, list(event),
                               [a - b for a, b in zip(after, before, strict=True)], after,
                               laying.false_go if kind == "lay" and laying is not None else None))
        if match.winner is not None and game.winner is None:
            game.winner, game.result = match.winner, match.result
            game.worth = match.game.worth
        # the core says when a deal is over (its crib counted): its next deal starts elsewhere in the log
        passed = match.deal_start() != deal_start
        game.deal_over = passed or called_crib  # (a call on the crib: in the deal it passed on from)
        if passed:
            deal += 1
    if not games[-1].steps and len(games) > 1:
        games.pop()  # the log ends with a new game nothing has happened in yet
    number_matches(games)
    return games
