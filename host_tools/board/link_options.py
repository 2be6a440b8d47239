"""The options of every board-facing sub-command: ``--device``, ``--timeout`` (for each reply) and ``--json``."""

from __future__ import annotations

import argparse

from host_shared.untrusted import shorten
from host_tools.board.devices import add_device_argument
from host_tools.board.link import DEFAULT_TIMEOUT

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
