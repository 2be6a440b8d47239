"""What the board-facing sub-commands share: their options, the link, its errors and the output."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType

from cribbage.settings import FIELDS, Settings
from host_shared import NOT_DONE
from host_shared.untrusted import shorten
from host_tools.board.devices import LinkError, add_device_argument
from host_tools.board.link import DEFAULT_TIMEOUT, BoardLink, BoardRefused, MalformedReply, connect
from host_tools.errors import fail

MAX_TIMEOUT = 3600.0  # seconds; a longer wait for a reply is a mistake (and overflows the serial layer)


def add_link_arguments(parser: argparse.ArgumentParser) -> None:
    """``--device``, ``--timeout`` and ``--json``."""
    add_device_argument(parser)
    add_timeout_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help="print JSON instead: the board's reply with what else crib asked it for (the state "
                        "after a change; \"before\": the state before a game command; \"undone\": the event "
                        "undone; the log's pages joined); when it is not done, or the command line is wrong, "
                        "{\"ok\": false, \"error\": why} (and why on stderr, as ever)")


def not_done(args: argparse.Namespace, why: str) -> int:
    """Say ``why`` a conversation with the board was not done (``fail``: on stderr; with --json on standard
    output too, as JSON) and return NOT_DONE."""
    fail(args, why)
    return NOT_DONE


def add_timeout_argument(parser: argparse.ArgumentParser) -> None:
    """``--timeout SECONDS`` (for each reply)."""
    parser.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help="seconds to wait for each reply (default %(default)s); a request unanswered "
                        "is sent once more, so a board that never answers is given up after twice this")


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 and at most MAX_TIMEOUT (not inf, not nan)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number of seconds" % shorten(text)) from None
    if not 0 < value <= MAX_TIMEOUT:  # false for nan too
        raise argparse.ArgumentTypeError("must be more than 0 and at most %g seconds, not %s"
                                         % (MAX_TIMEOUT, shorten(text)))
    return value


def add_conversation(sub: argparse._SubParsersAction, name: str, summary: str,
                     exchange: Callable[[BoardLink], dict[str, Any]],
                     shown: Callable[[dict[str, Any]], list[RenderableType]]) -> None:
    """Add the sub-command ``name`` that asks the board one thing (``exchange``) and prints its reply
    (``shown``), with the link's options (``converse``)."""
    parser = sub.add_parser(name, help=summary, description=summary)
    add_link_arguments(parser)
    parser.set_defaults(func=lambda args: converse(args, exchange, shown))


def converse(args: argparse.Namespace, exchange: Callable[[BoardLink], dict[str, Any]],
             shown: Callable[[dict[str, Any]], list[RenderableType]]) -> int:
    """Open the link, run ``exchange`` on it, print its reply: as JSON with --json, else what
    ``shown`` reads from it for people.

    A LinkError, or a reply ``exchange`` or ``shown`` cannot make sense of (a board with other
    firmware, a garbled answer), is printed as one clear line, exit status NOT_DONE, no traceback;
    printing comes after, so a failure there is not blamed on the reply.
    """
    try:
        with connect(args.device, timeout=args.timeout) as link:
            reply = exchange(link)
        lines = shown(reply)  # (with --json too: a reply it cannot read is not passed on as understood)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
        return not_done(args, str(not_understood(error)))
    except LinkError as error:
        return not_done(args, explained(error))
    if args.json:
        print(json.dumps(reply))
        return 0
    console = Console()
    for line in lines:
        console.print(line, markup=False)  # the board's words as they are: "[x]" in them is no style
    return 0


# What the board says to do next is worded for its controls and for the protocol ("the new_match
# command"); the firmware keeps its words (each string costs heap on the chip), and crib says
# them with the command to type. (The board's words, crib's), applied in turn: tests check
# each against the board's own refusals.
CRIB_WORDS = tuple((re.compile(pattern), words) for pattern, words in (
    (r" with the menu's new match or the new_match command .*", " first (`crib new-match`)"),
    (r"\(undo, or a new match\)$", "(`crib undo`, or a new match: `crib new-match`)"),
    (r"\(undo, or a new game or match\)$", "(`crib undo`, or a new game or match: `crib new-game`, `crib new-match`)"),
    (r"cut for deal \(or name the dealer\)",
     "cut for deal (crib cut, a card for each player) or name the dealer (crib dealer PLAYER)"),
    (r"\(undo back to the play", "(`crib undo` back to the play"),
    (r" laid was wrong: back to it\)$", " laid was wrong: `crib undo` back to it)"),
    (r"^cut again: the lowest (card|rank) is tied \(\S+ \S+ \S+.*\)$",  # three players or four: who cuts?
     r"\g<0>: the tied players cut again, a dash for each of the others (`crib cut 3 9 -` after 5 5 K)"),
    (r"^the dealer is already known: .* deals$",
     r"\g<0> (to cut or name the dealer again, a new game: `crib new-game`)"),
    (r"^dial the starter first \(its rank will do\)", "name the starter first (crib starter CARD, or its rank alone)"),
    (r"^dial the starter first", "name the starter first (crib starter CARD)"),
    # the protocol's cut counts ranks from 0 ("not [4, 12, 11]" for 5 K Q): crib's are as typed
    (r"^the cut is one rank per seat \(.*", "the cut is one card or rank per player, in order (crib cut 5 K for "
     "two players, crib cut 5 K Q for three, crib cut 5 K Q 2 for four)"),
    # a team game's sides: crib takes the team's number, and T3, as the board names a third, is no team
    (r"^(peg for|muggins is called by) T1 or T2, not T3$",
     r"\1 team 1 or 2 (T1 or T2), not 3: a team game has two teams"),
    (r"^the starter is known by its rank only: .* by its ranks$",
     r"\g<0>: give them, like 5 5 J Q (with --flush and --nobs if they apply)"),
    # a request this crib makes that the board's firmware does not know: it is older
    (r"^unknown (cmd|event) .*|^\w+ takes no .*",
     "the board's firmware is older than this crib and does not know this command: update it (`crib deploy`)"),
))


def in_crib_words(said: str) -> str:
    """A refusal of the board, ``said``, with its advice in crib's words (``CRIB_WORDS``)."""
    for pattern, words in CRIB_WORDS:
        said = pattern.sub(words, said)
    return said


def explained(error: LinkError) -> str:
    """What to print for ``error``: the board's own words for a refusal, in crib's (``in_crib_words``)."""
    return in_crib_words(str(error)) if isinstance(error, BoardRefused) else str(error)


def not_understood(error: Exception) -> MalformedReply:
    """The error to report for a reply whose content raised ``error`` when it was read."""
    return MalformedReply("the board's reply is not one this crib understands (%s: %s)"
                          % (type(error).__name__, shorten(str(error))))


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


def game_rules(settings: dict[str, Any] | None) -> Settings:
    """The game rules in a ``settings`` dict as the board's ``state``, ``log`` and ``settings``
    replies carry it (its preferences, such as colours, are left out). They name sides and seats
    as the board does (``side_name``, ``seat_name``). A field missing, or no dict at all (firmware
    that did not send them), takes its default.
    """
    if not isinstance(settings, dict):
        return Settings()
    return Settings.from_dict({key: value for key, value in settings.items() if key in FIELDS})
