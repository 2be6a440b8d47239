"""Game logs on the host: take them (a saved file or the board: ``--from FILE`` or ``--device``,
for `crib export` and `crib plot`; the board's read by ``host_tools.board.log_pages``) and replay them
through the rules core (in words: ``host_tools.log_words``).

The rules live in ``cribbage.match``; this module only replays a log event by event and
records what each event did to the pegs, split into games and deals:

- a game ends at ``["new_game"]`` or ``["new_match"]`` (an abandoned game is kept, marked so);
- a deal ends with the crib's show (the event after which the deal passes on); scores
  before any crib is shown (a board used only for pegging) all belong to deal 1.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cribbage.match import Match
from cribbage.settings import Settings
from host_shared import NOT_DONE, USAGE_ERROR
from host_shared.untrusted import parse_json, read_text, shorten
from host_tools.board.devices import AUTO, LinkError, add_device_argument
from host_tools.board.link import connect
from host_tools.board.log_pages import read_log
from host_tools.board.talk import add_timeout_argument, explained, game_rules
from host_tools.errors import fail

MAX_LOG_BYTES = 16 * 1024 * 1024  # a long match's log is some tens of KB


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


def load(path: Path) -> Log:
    """The log saved in a file: the JSON ``crib log --json`` prints (an object with ``log``,
    ``settings`` and, for a log kept from a later event, ``from`` and ``base``), or a bare JSON
    list of events. Raises ValueError if it is neither.
    """
    text = read_text(path, MAX_LOG_BYTES)
    try:
        data = parse_json(text)
    except ValueError as error:
        raise ValueError("%s is %s" % (path, error)) from None
    if isinstance(data, list):
        return Log({}, data)
    if isinstance(data, dict) and isinstance(data.get("log"), list):
        settings = data.get("settings") or {}
        if not isinstance(settings, dict):
            raise ValueError('%s: "settings" must be a JSON object, like {"target": 121}' % path)
        first, base = data.get("from", 0), data.get("base")
        if type(first) is not int or first < 0:
            raise ValueError('%s: "from" must be the index of the log\'s first event, a whole number, not %s'
                             % (path, shorten(json.dumps(first))))
        if base is not None and not isinstance(base, list):
            raise ValueError('%s: "base" must be the match\'s state where the log starts (a list, as the board '
                             'gives it), not %s' % (path, shorten(json.dumps(base))))
        return Log(settings, data["log"], first, base)
    if isinstance(data, dict) and isinstance(data.get("games"), list):  # crib export's: the steps, not the log
        raise ValueError("%s is a report that crib export wrote, not a log: save the log with "
                         "`crib log --json > FILE` and read that" % path)
    raise ValueError('%s holds no game log (expected a JSON list of events or an object with "log", as '
                     '`crib log --json` writes)' % path)


def fetch_log(args: argparse.Namespace) -> Log:
    """The log from ``--from FILE`` or else from the board, with what it could not give skipped.
    Raises ValueError / LinkError."""
    if args.source:
        return load(Path(args.source))
    with connect(args.device, timeout=args.timeout) as link:
        reply = read_log(link, skip=True)
    settings = reply.get("settings")  # none: the defaults
    return Log(settings if isinstance(settings, dict) else {}, reply["log"], reply["from"], reply.get("base"),
               {index: base for index, base in reply["bases"]},
               [Skipped(first, end, why) for first, end, why in reply["skipped"]])


def fetch_games(args: argparse.Namespace) -> tuple[dict[str, Any], list[GameRecord], list[Skipped], int] | int:
    """The settings, the replayed games of the log from ``--from FILE`` or else from the board, what
    of it could not be replayed (``replay_log``), and the index of its first event (``Log.first``: 0
    unless the board no longer keeps the oldest games of a long match); else, once it has said why, the
    command's exit status: USAGE_ERROR for both ``--from`` and ``--device`` (``_two_sources``), NOT_DONE if the
    log cannot be read or breaks the rules."""
    if _two_sources(args):
        return USAGE_ERROR
    try:
        log = fetch_log(args)
        return (log.settings, *replay_log(log), log.first)
    except LinkError as error:
        fail(args, explained(error))
    except ValueError as error:
        fail(args, str(error))
    return NOT_DONE


def say_skipped(args: argparse.Namespace, skipped: list[Skipped]) -> None:
    """Say on stderr, a line each, what of the log was skipped and why (``crib COMMAND: skipped: ...``)."""
    for stretch in skipped:
        fail(args, str(stretch), "skipped")


def _two_sources(args: argparse.Namespace) -> bool:
    """True (said on stderr) if both ``--from FILE`` and a ``--device`` are given: the log is read from one
    (a usage error: which one was meant is no guess to make)."""
    if args.source and args.device != AUTO:
        fail(args, "--from FILE reads a saved log, -d a board: give one of them")
        return True
    return False


def say_gone(args: argparse.Namespace, first: int) -> None:
    """Say on stderr that the log starts at event ``first`` > 0: the board keeps the log of a long match's
    last games only, so those before are in no export or plot (not a failure: all the board has is given)."""
    if first:
        # (a review: "crib log lists their results" was not so: the board keeps about as many games' results)
        fail(args, "events 0 to %d are not in the log: the board keeps the log of a long match's last games "
                   "only (crib log lists the results it keeps; its tally counts every game)" % (first - 1), "note")


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    """Where a log comes from: ``--from FILE`` or the board (``--device``, ``--timeout``)."""
    parser.add_argument("--from", dest="source", metavar="FILE",
                        help="a saved log (crib log --json > FILE) instead of the board")
    add_device_argument(parser)
    add_timeout_argument(parser)


def is_crib(event: list[Any]) -> bool:
    """True if ``event`` counts the crib (by cards, by total or by ranks): the deal passes on after it."""
    return event[0] == "crib" or (event[0] == "show_ranks" and event[1] is None)


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
    for seq, event in enumerate(log, first):
        before = match.front[:]
        try:
            match.apply(event)
        except ValueError as error:
            raise type(error)("event %d %s: %s" % (seq, shorten(json.dumps(event)), error)) from None
        kind = event[0]
        if kind in ("new_game", "new_match"):
            games[-1].abandoned = games[-1].winner is None
            games.append(GameRecord(match.game_number, match.settings, match_start=match.match_start))
            deal = 1
            continue
        game = games[-1]
        after = match.front[:]
        # a call on the crib comes after the deal has passed: it belongs to the crib's deal
        called_crib = kind == "muggins" and bool(game.steps) and is_crib(game.steps[-1].event)
        laying = match.game.laying
        game.steps.append(Step(seq, deal - 1 if called_crib else deal, list(event),
                               [a - b for a, b in zip(after, before, strict=True)], after,
                               laying.false_go if kind == "lay" and laying is not None else None))
        if match.winner is not None and game.winner is None:
            game.winner, game.result = match.winner, match.result
            game.worth = match.game.worth
        if is_crib(event):
            deal += 1
    if not games[-1].steps and len(games) > 1:
        games.pop()  # the log ends with a new game nothing has happened in yet
    number_matches(games)
    return games
