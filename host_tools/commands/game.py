"""The whole game from the command line: `crib cut`, `crib dealer`, `crib starter`, `crib heels`,
`crib peg`, `crib lay`, `crib go`, `crib hand`, `crib crib`, `crib muggins`, `crib new-game`, `crib new-match`.

Each is one row of ``COMMANDS``, mirroring the rules core's events (docs/EVENTS.md has
their rules): the row names the command, its arguments (``Field``s: how people type a
player, a card, points) and the protocol request it sends. A row without ``event`` sends
``["NAME", field values in order]``: `crib lay 2 5` is the row
``GameCommand("lay", (SEAT, RANK))`` and sends ``["lay", 1, 5]``.

People type players 1, 2, 3 (and 4 in a team game; or p1.., t1a..) and cards as they write
them (5H, 10H or TH, 5♥), or ranks alone (5, 10, J) for a cut, a starter or a show known by
its ranks (the show's flush and his nobs then given as options); the protocol counts seats and
sides from 0 and sends cards as ints 0-51: that translation happens in the argparse types of ``host_tools.card_args``
(cards, ranks, shows) and ``host_tools.player_args`` (players, points), and nowhere else. After the board accepts, the
command says what happened, in words (host_tools.log_words.describe), and shows the state. A command that cannot be
undone (`crib new-match`) asks first at a terminal, as the board's menu asks twice (``GameCommand.asks``); a script
gives it ``--yes``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from cribbage import cards, show, show_ranks
from cribbage.game import MAX_PLAY_POINTS
from cribbage.settings import PLAYERS, Settings
from host_shared import USAGE_ERROR
from host_shared.errors import Failed
from host_shared.untrusted import is_whole_number
from host_tools.board.link_options import add_link_arguments
from host_tools.board.state import checked_state, with_state
from host_tools.board.state_view import state_shown
from host_tools.board.talk import converse
from host_tools.card_args import (
    card_or_rank_typed,
    card_rank_or_total_typed,
    claim_typed,
    cut_typed,
    flush_typed,
    laid_rank_typed,
    rank_typed,
    total_typed,
)
from host_tools.log_words import counted, describe, pegs_said
from host_tools.player_args import SEAT_SPELLINGS, SIDE_SPELLINGS, points_typed, seat_typed, side_typed
from host_tools.rules import game_rules

if TYPE_CHECKING:  # (annotations alone)
    from host_tools.board.link import BoardLink


@dataclass(frozen=True)
class Field:
    """One argument of a game command: its name on the parsed args, how it is typed, its help."""

    dest: str
    parse: Callable[[str], Any]
    metavar: str
    help: str
    nargs: str | None = None
    option: bool = False  # ``--dest VALUE``, None when not given; otherwise positional
    flag: bool = False  # ``--dest`` alone: True when given (``parse`` unused)

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        """Add this argument to a sub-command's parser."""
        if self.flag:
            parser.add_argument("--" + self.dest, action="store_true", help=self.help)
        elif self.option:
            parser.add_argument("--" + self.dest, type=self.parse, metavar=self.metavar, help=self.help)
        else:
            parser.add_argument(self.dest, type=self.parse, metavar=self.metavar, help=self.help, nargs=self.nargs)


SEAT = Field("seat", seat_typed, "PLAYER", SEAT_SPELLINGS)
SIDE = Field("side", side_typed, "PLAYER", "whose track: " + SIDE_SPELLINGS)
POINTS = Field("points", points_typed, "POINTS", "points to peg (1 to %d)" % MAX_PLAY_POINTS)
RANK = Field("rank", laid_rank_typed, "RANK", "the rank of the card laid: A, 2-10 (or T), J, Q or K")
CARD = Field("card", card_or_rank_typed, "CARD", "a card as people write it: 5H, 10H or TH, 5♥; or its rank "
             "alone (5, 10, J) when the suit is not dialled")
CUT = Field("cut", cut_typed, "CARD", "one card per player, in order: 5H KD, or ranks alone: 5 K "
            "(only ranks decide the deal: with a rank among them, a card counts by its rank); after a tie, "
            "the tied players cut again, a dash for each of the others (5 5 K tied: crib cut 3 9 -)", nargs="+")
SHOWN = Field("shown", card_rank_or_total_typed, "CARD", "its 4 cards (5H 5C JS QD), or its 4 ranks (5 5 J Q: "
              "with --flush and --nobs if they apply), or its total alone (14): the board counts them with the "
              "starter", nargs="+")
CLAIM = Field("claim", claim_typed, "POINTS", "muggins: the points claimed, if fewer than the count (another player "
              "may then call muggins and peg the rest: crib muggins)", option=True)
FLUSH = Field("flush", flush_typed, "POINTS", "a show by ranks: 4 if the hand's four cards are of one suit, 5 if the "
              "starter is too (a crib counts only 5)", option=True)
NOBS = Field("nobs", str, "", "a show by ranks: a jack of it is of the starter's suit (his nobs)", flag=True)


def cut(args: argparse.Namespace) -> list[Any]:
    """``["cut", cards]`` when every player gave a card, else ``["cut_ranks", ranks]``: no suit
    is made up for a rank alone (the log would show a card nobody cut), and the cards given
    with it count by their ranks. ValueError for a number of cards no game has players for, or fewer than two
    players cutting."""
    if not PLAYERS[0] <= len(args.cut) <= PLAYERS[-1]:
        raise ValueError("the cut is one card or rank per player, in order, %d to %d of them, not %d (crib cut 5 K "
                         "for two players)" % (PLAYERS[0], PLAYERS[-1], len(args.cut)))
    cutting = len(args.cut) - args.cut.count("-")
    if cutting < 2:  # a first cut has no dash, and a cut again after a tie is the tied players', two at least
        who = "only one player cut" if cutting else "no player cut"
        raise ValueError("%s: a cut takes two at least (after a tie, the tied players cut again, a dash for each of "
                         "the others: crib cut 3 9 - after 5 5 K)" % who)
    given = [c for c in args.cut if isinstance(c, int)]
    cards.check_distinct(given)  # a card typed twice is a typing mistake, caught before the board is asked
    if len(given) == len(args.cut):
        return ["cut", given]
    return ["cut_ranks", [None if c == "-" else rank_typed(c) if isinstance(c, str) else c >> 2  # a card: rank * 4
                          for c in args.cut]]  # + suit; "-": a player out of a cut again after a tie


def starter(args: argparse.Namespace) -> list[Any]:
    """``["starter", card]``, or ``["starter_rank", rank]`` for a rank alone."""
    if isinstance(args.card, str):
        return ["starter_rank", rank_typed(args.card)]
    return ["starter", args.card]


def show_event(args: argparse.Namespace, seat: int | None) -> list[Any]:
    """The show of ``seat``'s hand (None: the crib) as its event: 4 cards, 4 ranks with the
    answers ``--flush`` and ``--nobs``, or a total alone (the claim). ValueError for what does not make one, and
    for answers no starter makes possible with those ranks."""
    typed = args.shown
    by_ranks = len(typed) == 4 and all(isinstance(c, str) for c in typed)
    if not by_ranks and (args.flush is not None or args.nobs):
        raise ValueError("--flush and --nobs are for a show by its ranks (cards show their suits)")
    if len(typed) == 1 and isinstance(typed[0], str) and is_whole_number(typed[0]):
        if args.claim is not None:
            raise ValueError("a total alone is the claim: give either the total or --claim")
        total = total_typed(typed[0])
        return ["crib", None, total] if seat is None else ["hand", seat, None, total]
    if by_ranks:
        ranks, flush = [rank_typed(t) for t in typed], args.flush or 0
        try:  # the rules core's check, the starter not known here (None: of none of their ranks, not a Jack): what
            # no starter makes possible, such as a crib's flush of 4, is a typing mistake (the board checks the rest)
            show_ranks.check(ranks, None, flush, args.nobs, seat is None)
        except ValueError as error:
            raise ValueError("%s: %s" % ("the crib" if seat is None else "the hand", error)) from None
        return ["show_ranks", seat, ranks, flush, args.nobs, args.claim]
    if len(typed) != 4 or not all(isinstance(c, int) for c in typed):
        raise ValueError("give the 4 cards (like 5H 5C JS QD), the 4 ranks (like 5 5 J Q) or the total alone "
                         "(like 14), not %s" % " ".join(cards.name(c) if isinstance(c, int) else c for c in typed))
    cards.check_distinct(typed)  # as in a cut: a typing mistake, before the board is asked
    return ["crib", typed, args.claim] if seat is None else ["hand", seat, typed, args.claim]


def losing_the_match(state: dict[str, Any], rules: Settings) -> str | None:
    """What a new match would throw away, as a question; None when the match has not begun
    (nothing to lose: the board refuses it)."""
    if not state.get("events"):
        return None
    won = state.get("games_won") or []
    tally = ", ".join("%s %d" % (rules.side_name(side), games) for side, games in enumerate(won))
    return ("Start a new match? This match's games won (%s) and its %s go, and a new match cannot be undone."
            % (tally, counted(state["events"], "event")))


@dataclass(frozen=True)
class GameCommand:
    """A `crib` sub-command that sends one game request (see the module docstring)."""

    name: str
    fields: tuple[Field, ...] = ()
    event: Callable[[argparse.Namespace], list[Any]] | None = None  # None: [name, field values in order]
    request: str = "event"  # the protocol command; "event" carries the event, the others nothing
    # A command that cannot be undone: the question put to the person at the terminal first, made
    # from the state before it (None: nothing would be lost, nothing asked); ``--yes`` skips it.
    asks: Callable[[dict[str, Any], Settings], str | None] | None = None

    def message(self, args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
        """The protocol request: (command, fields). ValueError if the arguments do not make one."""
        if self.request != "event":
            return self.request, {}
        event = self.event(args) if self.event else [self.name] + [getattr(args, f.dest) for f in self.fields]
        return "event", {"event": event}


COMMANDS = (  # (each one's summary and other names: host_tools.cli.COMMANDS)
    GameCommand("cut", (CUT,), cut),
    GameCommand("dealer", (SEAT,)),
    GameCommand("starter", (CARD,), starter),
    GameCommand("heels"),
    GameCommand("peg", (SIDE, POINTS)),
    GameCommand("lay", (SEAT, RANK)),
    GameCommand("go", (SEAT,)),
    GameCommand("hand", (SEAT, SHOWN, CLAIM, FLUSH, NOBS), lambda a: show_event(a, a.seat)),
    GameCommand("crib", (SHOWN, CLAIM, FLUSH, NOBS), lambda a: show_event(a, None)),
    GameCommand("muggins", (SIDE,)),
    GameCommand("new-game", request="new_game"),
    GameCommand("new-match", request="new_match", asks=losing_the_match),
)


def ruled_out_by_starter(event: list[Any] | None, state: dict[str, Any]) -> str | None:
    """Why ``event``, a show's total alone (``["hand", seat, None, n]``, ``["crib", None, n]``), is one no hand (or
    crib) counts with the starter of ``state``, muggins off, as the board's count refuses it as it is dialled
    (``app.modes.count``): "no hand counts 0 with a 5"; None if it is not (the board says what else is wrong)."""
    if not event or event[0] not in ("hand", "crib") or event[-2] is not None:
        return None
    total, starter_rank, crib = event[-1], state.get("starter_rank"), event[0] == "crib"
    if (game_rules(state.get("settings")).muggins or not isinstance(starter_rank, int)
            or not show.is_possible_total(total) or show.is_possible_total(total, starter_rank, crib)):
        return None
    return "no %s counts %d with %s" % (event[0], total, cards.a_rank(starter_rank))


def at_a_terminal() -> bool:
    """True if standard input is a terminal, where a person can answer a question."""
    return sys.stdin is not None and sys.stdin.isatty()


def agreed(question: str) -> bool:
    """Put ``question`` to the person at the terminal (on stderr: with --json, standard output
    stays JSON); True if they answer y or yes, False for anything else (Enter alone: no)."""
    answer = ""
    try:  # (Ctrl-C may come as soon as the question is shown)
        print(question + " [y/N] ", end="", file=sys.stderr, flush=True)
        answer = sys.stdin.readline()
    finally:
        if not answer.endswith("\n"):  # the end of input (Ctrl-D), or Ctrl-C: the terminal's line ends here (else
            print(file=sys.stderr)  # the shell's prompt follows the question)
    return answer.strip().lower() in ("y", "yes")


def run(command: GameCommand, args: argparse.Namespace) -> int:
    """Send the command's request, then say what the board did and show the state."""
    try:
        cmd, fields = command.message(args)
    except (ValueError, argparse.ArgumentTypeError) as error:  # a rank read only here (a show by ranks)
        raise Failed(str(error), USAGE_ERROR) from error
    asks = command.asks if not args.yes else None
    if asks and not at_a_terminal():  # a script: it must say it means it
        raise Failed("this cannot be undone, and there is no terminal to ask on: give --yes to go ahead all the same",
                     USAGE_ERROR)

    def exchange(link: BoardLink) -> dict[str, Any]:
        before = checked_state(link.request("state")["state"])  # one crib cannot read: the change is not sent
        why = ruled_out_by_starter(fields.get("event"), before)
        if why:
            raise Failed(why + ": nothing was sent")
        question = asks(before, game_rules(before.get("settings"))) if asks else None
        if question and not agreed(question):
            raise Failed("nothing changed: the question was answered no")
        reply = with_state(link, link.request(cmd, **fields))
        checked_state(reply["state"])  # (made, but one crib cannot read: said so, and that it was made)
        return dict(reply, before=before)

    def shown(reply: dict[str, Any]) -> list[RenderableType]:
        state = reply["state"]
        rules = game_rules(state.get("settings"))
        event = fields.get("event", [cmd])
        return [Text("%s%s." % (describe(event, rules), pegged(event, reply["before"], state, rules))),
                *state_shown(state)]

    return converse(args, exchange, shown)


def pegged(event: list[Any], before: dict[str, Any], after: dict[str, Any], rules: Settings) -> str:
    """What ``event`` pegged, track by track (``: P2 +14, P1 +2``), a peg that reached the game hole said so (the
    points past it go nowhere); "" when the event says it already (a peg that moved its peg so far), and when no
    peg moved on (a new game sets them back), but for a muggins call, which says it pegged nothing."""
    old, new = before.get("front") or [], after.get("front") or []
    moved = [(side, new[side] - old[side]) for side in range(min(len(old), len(new))) if new[side] > old[side]]
    if not moved and event[0] == "muggins":  # a call that pegs nothing says so (the board's display does)
        if rules.peg_out_exactly or rules.stinkhole:  # (which may keep a call's points off the track)
            return ": nothing pegged (the claim was right, or a house rule kept the points off)"
        return ": no muggins, the claim was right"
    if not moved or (event[0] == "peg" and moved == [(event[1], event[2])]):
        return ""
    return ": " + pegs_said(rules, moved, new)


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of the game command ``name`` (its row of ``COMMANDS``) to its ``parser``."""
    command = next(row for row in COMMANDS if row.name == name)
    for field in command.fields:
        field.add_to(parser)
    if command.asks:
        parser.add_argument("-y", "--yes", action="store_true",
                            help="do not ask first (for scripts: without a terminal to ask on, crib refuses "
                            "the command unless it is given)")
    add_link_arguments(parser)
    parser.set_defaults(func=lambda args: run(command, args), yes=False)
