"""Cards typed on the command line: a hand (``crib score``, ``crib advise``) parsed and counted, or a usage
error; and argparse types for the game commands' cards, ranks and shows (`crib cut`, `crib starter`, `crib hand`)."""

from __future__ import annotations

import argparse

from cribbage.show import IMPOSSIBLE, MAX_SHOW, is_possible_total
from host_shared import USAGE_ERROR
from host_shared.errors import Failed
from host_shared.untrusted import is_whole_number, shorten, signed_whole_number, whole_number
from host_tools import card_text


def cards_given(args: argparse.Namespace, count: int, wanted: str) -> list[int]:
    """``args.cards`` as card ints if they parse and there are ``count`` of them; else Failed with
    USAGE_ERROR (``give WANTED; got N`` for a wrong number)."""
    try:
        cards = card_text.parse_hand(args.cards)
    except ValueError as error:
        raise Failed(str(error), USAGE_ERROR) from None
    if len(cards) != count:
        raise Failed("give %s; got %d" % (wanted, len(cards)), USAGE_ERROR)
    return cards


def flush_typed(text: str) -> int:
    """A show's flush, as typed: 4 (the hand's four cards) or 5 (the starter too)."""
    if text.strip() not in ("4", "5"):
        raise argparse.ArgumentTypeError("a flush is 4 (the hand's four cards of one suit) or 5 (the starter too), "
                                         "not %r" % text)
    return int(text)


def card_typed(text: str) -> int:
    """A card as people write it -> its int."""
    try:
        return card_text.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def rank_typed(text: str) -> int:
    """A rank as people write it (A, 2-10, J, Q, K) -> 0 (Ace) to 12 (King)."""
    rank = card_text.parse_rank(text)
    if rank < 0:
        raise argparse.ArgumentTypeError("not a rank: %r (use A 2-10 T J Q K)" % text)
    return rank


def laid_rank_typed(text: str) -> int:
    """A rank as people write it -> the rank of a ``lay`` event: 1 (Ace) to 13 (King). A card is
    refused with why: the board knows the play's cards by their ranks (the show asks the cards)."""
    if card_text.parse_rank(text) < 0 and is_card(text):
        raise argparse.ArgumentTypeError("lay takes the rank alone (like 5 for %s): the board counts the play by "
                                         "ranks, and asks for the cards at the show" % text)
    return rank_typed(text) + 1


def is_card(text: str) -> bool:
    """True if ``text`` is a card as people write it (``5H``, ``10♥``)."""
    try:
        card_text.parse(text)
    except ValueError:
        return False
    return True


def card_or_rank_typed(text: str) -> int | str:
    """A card (its int), or a rank alone (kept as text: the event is then the one by ranks)."""
    if card_text.parse_rank(text) >= 0:
        return text
    try:
        return card_text.parse(text)
    except card_text.SuitFirst as error:  # a card all the same: said as every command says it
        raise argparse.ArgumentTypeError(str(error)) from None
    except ValueError:
        raise argparse.ArgumentTypeError("not a card or a rank: %r (a card like 5H or 10♥, a rank like 5 or K)"
                                         % text) from None


def cut_typed(text: str) -> int | str:
    """A player's cut: a card or a rank (``card_or_rank_typed``), or ``-`` for a player out of a cut again after
    a tie (kept as text: the event is then the one by ranks, where such a player is null)."""
    return text if text == "-" else card_or_rank_typed(text)


def total_typed(text: str) -> int:
    """A show's points, as typed -> an int some hand or crib counts (the rules core's ``is_possible_total``)."""
    total = whole_number(text)
    if total is None or not is_possible_total(total):
        raise argparse.ArgumentTypeError("no hand counts %r: a show counts 0 to %d points, never %s"
                                         % (shorten(text), MAX_SHOW, ", ".join(map(str, IMPOSSIBLE))))
    return total


def claim_typed(text: str) -> int:
    """``--claim``'s points, as typed -> an int some hand or crib counts (``total_typed``); what is no whole number
    at all (``x``, ``2.5``) said to be one, not as a total no hand counts."""
    if signed_whole_number(text) is None:
        raise argparse.ArgumentTypeError("the claim must be a whole number of points, 0 to %d (never %s), not %r"
                                         % (MAX_SHOW, ", ".join(map(str, IMPOSSIBLE)), shorten(text)))
    return total_typed(text)


def card_rank_or_total_typed(text: str) -> int | str:
    """A card (its int), or a rank or a whole number (kept as text: a show's ranks, or its total); a number below 0
    refused as the total it was meant to be (``total_typed``), not as a card of no rank."""
    if is_whole_number(text) or card_text.parse_rank(text) >= 0:
        return text
    if signed_whole_number(text) is not None:
        total_typed(text)  # (raises: no show counts below 0)
    return card_typed(text)
