"""A board-facing sub-command's conversation: open the link, ask the board, print its reply (or why it was not
done, in one line)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType

from host_shared.errors import Failed, say
from host_shared.untrusted import shorten
from host_tools.board.crib_words import in_crib_words
from host_tools.board.devices import LinkError
from host_tools.board.link import BoardLink, BoardRefused, MalformedReply, connect
from host_tools.board.link_options import add_link_arguments


def add_conversation(parser: argparse.ArgumentParser, exchange: Callable[[BoardLink], dict[str, Any]],
                     shown: Callable[[dict[str, Any]], list[RenderableType]]) -> None:
    """Make ``parser``'s sub-command one that asks the board one thing (``exchange``) and prints its reply
    (``shown``), with the link's options (``converse``)."""
    add_link_arguments(parser)
    parser.set_defaults(func=lambda args: converse(args, exchange, shown))


def converse(args: argparse.Namespace, exchange: Callable[[BoardLink], dict[str, Any]],
             shown: Callable[[dict[str, Any]], list[RenderableType]]) -> int:
    """Open the link, run ``exchange`` on it, print its reply: as JSON with --json, else what
    ``shown`` reads from it for people.

    ``exchange`` reads the reply and checks the shape of all ``shown`` reads of it (``checked_state``): a LinkError,
    or a reply it cannot make sense of (a board with other firmware, a garbled answer), is Failed: said in one clear
    line, exit status NOT_DONE, no traceback (saying so if a change asked for was made all the same: not to be asked
    again). ``shown`` then has a reply crib understands: what it raises is a bug of crib's own, not the board's
    reply, and goes on as such (its traceback), after a line saying so (and that a change asked for was made).
    """
    link = None
    try:
        with connect(args.device, timeout=args.timeout) as link:
            reply = exchange(link)
    except READING_ERRORS as error:
        raise Failed(str(not_understood(error)) + made(link)) from error
    except LinkError as error:
        raise Failed(explained(error)) from error
    if args.json:
        print(json.dumps(reply))
        return 0
    try:
        lines = shown(reply)
    except Exception:
        say(args, "a bug in crib: the board's reply was understood, but showing it failed (its traceback follows)%s"
            % made(link))
        raise
    console = Console()  # (what goes wrong printing, a reader gone say, is said by host_tools.cli.main)
    for line in lines:
        console.print(line, markup=False)  # the board's words as they are: "[x]" in them is no style
    return 0


# What reading JSON of another shape raises: a key or an item missing, or a value of another type
# (tests/test_host_bad_input.py)
READING_ERRORS = (KeyError, TypeError, AttributeError, IndexError, ValueError)


def made(link: BoardLink | None) -> str:
    """What to add to an error when ``link`` made the change asked for: "" if it made none."""
    return "; the change asked for was made: see `crib status`" if link is not None and link.changed else ""


def explained(error: LinkError) -> str:
    """What to print for ``error``: the board's own words for a refusal, in crib's (``in_crib_words``)."""
    return in_crib_words(str(error)) if isinstance(error, BoardRefused) else str(error)


def not_understood(error: Exception) -> MalformedReply:
    """The error to report for a reply whose content raised ``error`` when it was read."""
    return MalformedReply("the board's reply is not one this crib understands (%s: %s)"
                          % (type(error).__name__, shorten(str(error))))
