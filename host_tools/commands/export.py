"""`crib export [--format csv|json] [--out FILE|-] [--from FILE]`: game logs as tables or JSON (the format --out's
extension names, .csv or .json, else CSV).

The log comes from the board (or the simulator) over the serial protocol, or from a saved
log file (``crib log --json > match.json``). It is replayed through the rules core, so every
row carries the points each event pegged and the scores after it.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from cribbage.settings import Settings
from host_shared import NOT_DONE, USAGE_ERROR
from host_shared.atomic_write import write_whole
from host_shared.errors import Failed
from host_shared.file_args import file_in_format, is_standard_output
from host_tools import log_replay
from host_tools.log_source import add_source_arguments, fetch_games, say_gone, say_skipped
from host_tools.log_words import counted, describe
from host_tools.rules import game_rules


def described(step: log_replay.Step, settings: Settings) -> str:
    """The step's event in words, with the false go its card showed: "P1 lays 3 (a false go at 25)"."""
    said = describe(step.event, settings)
    return said if step.false_go is None else "%s (a false go at %d)" % (said, step.false_go)


def rows_of(game: log_replay.GameRecord) -> list[log_replay.Step]:
    """The game's events, the ``["new_game"]`` or ``["new_match"]`` that ended it the last (``GameRecord.ended_by``)."""
    return game.steps + ([game.ended_by] if game.ended_by else [])


def to_csv(games: list[log_replay.GameRecord]) -> str:
    """One row per event of the log given: where it was (match, game, whether that game was abandoned, ``log_game``,
    deal), what it was, and the pegs after it (columns ``p1_points`` ..., in a log of team games alone
    ``t1_points`` ...). The ``["new_game"]`` or ``["new_match"]`` that ended a game is its last row, pegging
    nothing, the pegs as the game left them. ``game`` is the board's number, which an abandoned game does not use
    up (the game played after it has its number too); ``log_game`` numbers the games given 1, 2, ..., each its
    own."""
    sides = max((g.settings.sides for g in games), default=2)
    teams = bool(games) and all(g.settings.players == 4 for g in games)  # the sides named as the board names them
    side = "t%d" if teams else "p%d"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["seq", "match", "game", "abandoned", "log_game", "deal", "event", "detail", "description"]
                    + [(side + "_points") % (s + 1) for s in range(sides)]
                    + [(side + "_score") % (s + 1) for s in range(sides)])
    for log_game, game in enumerate(games, 1):
        for step in rows_of(game):
            pad = [""] * (sides - len(step.points))
            writer.writerow([step.seq, game.match, game.number, "yes" if game.abandoned else "", log_game, step.deal,
                             step.event[0], json.dumps(step.event[1:]), described(step, game.settings)]
                            + step.points + pad + step.scores + pad)
    return out.getvalue()


def step_json(step: log_replay.Step) -> dict[str, Any]:
    """A step as the JSON export gives it."""
    return {"seq": step.seq, "deal": step.deal, "event": step.event, "points": step.points, "scores": step.scores,
            "false_go": step.false_go}


def to_json(settings: dict[str, Any], games: list[log_replay.GameRecord],
            skipped: list[log_replay.Skipped] | None = None, first: int = 0) -> str:
    """The games with their outcome and every step, as one JSON document: the log's game rules (every field, as
    ``Settings.to_dict`` gives them, with no game in the log too; the board's preferences left out), ``from``, the
    log's first event (``log_source.fetch_games``: the games before it are no longer on the board), and the
    stretches of the log skipped (``log_replay.replay_log``): ``from``, ``to`` (the last event skipped) and why.
    A game's ``ended_by`` is the ``["new_game"]`` or ``["new_match"]`` event that ended it, as a step (null: the log
    ends in it)."""
    return json.dumps({
        "settings": game_rules(settings).to_dict(),
        "from": first,
        "games": [{
            "match": g.match, "number": g.number, "winner": g.winner, "result": g.result, "worth": g.worth,
            "abandoned": g.abandoned, "deals": g.deals, "final": g.final,
            "steps": [step_json(s) for s in g.steps],
            "ended_by": step_json(g.ended_by) if g.ended_by else None,
        } for g in games],
        "skipped": [{"from": s.first, "to": s.end - 1, "why": s.why} for s in skipped or ()],
    }, indent=1)


def export_format(args: argparse.Namespace) -> str:
    """The format to write: ``--format``, else the one ``--out``'s extension names, else CSV. Failed with
    USAGE_ERROR if ``--format`` and the extension disagree (a file named .json holding CSV is no JSON)."""
    named = FORMATS.get(args.out.suffix.lower()) if args.out is not None else None  # (none: a pipe, a device)
    if args.format and named and args.format != named:
        raise Failed("--format %s but --out %s names %s: give them the same format" % (args.format, args.out,
                                                                                       named.upper()), USAGE_ERROR)
    return args.format or named or "csv"


def run(args: argparse.Namespace) -> int:
    """Export the log."""
    args.format = export_format(args)  # (before the log is read: a wrong command line reads and writes nothing)
    settings, games, skipped, first = fetch_games(args)
    text = to_csv(games) if args.format == "csv" else to_json(settings, games, skipped, first) + "\n"
    # every game that can be read is given; what cannot is said, and the status says it was not all
    done = NOT_DONE if skipped else 0
    if args.out is None:  # no --out, or --out -
        sys.stdout.write(text)
        say_gone(args, first)
        say_skipped(args, skipped)
        return done
    write_whole(args.out, lambda temp: temp.write_text(text, encoding="utf-8"))
    print("wrote %s (%s: %s, %s)" % (args.out, args.format.upper(), counted(len(games), "game"),
                                      counted(sum(len(rows_of(g)) for g in games), "event")))
    say_gone(args, first)
    say_skipped(args, skipped)
    return done


FORMATS = {".csv": "csv", ".json": "json"}  # what --out's extension names
_file_to_write = file_in_format("games.csv", lambda suffix: suffix.lower() in FORMATS, lambda: ", ".join(FORMATS),
                                "format crib export writes", in_place=True)


def out_file(text: str) -> Path | None:
    """``--out``'s FILE (argparse's type): ``-`` or another name of standard output (``/dev/stdout``), standard
    output (None, as no ``--out``), or a file to write named .csv or .json (``host_shared.file_args.file_in_format``:
    not empty, nor a folder, in a folder that can be written in; a pipe or a device by any name)."""
    return None if is_standard_output(text) else _file_to_write(text)


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib export` (``name``) to its ``parser``."""
    parser.add_argument("--format", choices=tuple(FORMATS.values()),
                        help="default: the one --out's extension names, else csv")
    parser.add_argument("--out", metavar="FILE", type=out_file,
                        help="write here instead of to standard output (-: standard output), a file named .csv or "
                        ".json (its format, unless --format names it too); the file is replaced only once the whole "
                        "export is written")
    add_source_arguments(parser)
    parser.set_defaults(func=run)
