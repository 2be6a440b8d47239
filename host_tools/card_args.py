"""Cards typed on the command line (``crib score``, ``crib advise``): parsed and counted, or a usage error."""

from __future__ import annotations

import argparse

from cribbage_lab.card_text import parse_hand
from host_tools.errors import fail


def cards_given(args: argparse.Namespace, count: int, wanted: str) -> list[int] | None:
    """``args.cards`` as card ints if they parse and there are ``count`` of them.

    Otherwise print ``crib COMMAND: error: ...`` (``give WANTED; got N`` for a wrong number)
    and return None: the caller exits with ``host_shared.USAGE_ERROR``.
    """
    try:
        cards = parse_hand(args.cards)
    except ValueError as error:
        fail(args, str(error))
        return None
    if len(cards) != count:
        fail(args, "give %s; got %d" % (wanted, len(cards)))
        return None
    return cards
