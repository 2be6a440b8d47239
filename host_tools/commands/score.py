"""`crib score 5H 5C 5S JD 5D [--crib]`: count a show, with its breakdown and the way players say it.

The first four cards are the hand (or crib), the last the starter. Counting is the rules
core's (cribbage.show), the words are cribbage.saying's: nothing is counted here.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from cribbage import saying, show
from cribbage.cards import name, names
from host_tools.card_args import cards_given
from host_tools.card_text import symbol_name, symbol_names
from host_tools.tables import natural_width


def breakdown(count: show.Count) -> list[tuple[str, str, int]]:
    """The scoring combinations as (what, cards, points) rows, in counting order: each kind's points the core's
    (``show.Count``), shared by its combinations, which are worth the same (the runs of a hand are of one length)."""
    rows = [("fifteen", names(cards), count.fifteen_points // len(count.fifteens)) for cards in count.fifteens]
    rows += [("pair", names(cards), count.pair_points // len(count.pairs)) for cards in count.pairs]
    rows += [("run of %d" % len(cards), names(cards), count.run_points // len(count.runs)) for cards in count.runs]
    if count.flush:
        rows.append(("flush", names(count.flush), count.flush_points))
    if count.nobs is not None:
        rows.append(("his nobs", name(count.nobs), count.nobs_points))
    return rows


def title(cards: list[int], crib: bool, width: int) -> str:
    """The breakdown's title, ``hand 5♥ 5♣ 5♠ J♦, starter 5♦`` (``crib``: ``crib ...``): one line, or the hand's and
    the starter's a line each in a terminal narrower than it (``width`` columns), broken where it says so."""
    hand, starter = "%s %s" % ("crib" if crib else "hand", symbol_names(cards[:4])), "starter " + symbol_name(cards[4])
    one = "%s, %s" % (hand, starter)
    return one if cell_len(one) <= width else "%s,\n%s" % (hand, starter)


def as_json(count: show.Count) -> dict[str, Any]:
    """The count as a JSON-able dict (cards written as text)."""
    return {
        "hand": [name(c) for c in count.hand], "starter": name(count.starter), "crib": count.is_crib,
        "total": count.total, "said": saying.say(count),
        "fifteens": [[name(c) for c in cards] for cards in count.fifteens],
        "pairs": [[name(c) for c in cards] for cards in count.pairs],
        "runs": [[name(c) for c in cards] for cards in count.runs], "flush": [name(c) for c in count.flush],
        "nobs": None if count.nobs is None else name(count.nobs),
    }


def run(args: argparse.Namespace) -> int:
    """Count the show and print it."""
    cards = cards_given(args, 5, "5 cards: the 4 of the hand (or crib), then the starter")
    count = show.count(cards[:4], cards[4], args.crib)
    if args.json:
        print(json.dumps(as_json(count)))
        return 0
    table = Table()
    table.add_column("what")
    table.add_column("cards")
    table.add_column("points", justify="right")
    for what, shown, points in breakdown(count):
        table.add_row(what, shown, str(points))
    table.add_section()
    table.add_row("total", "", str(count.total), style="bold")
    # never narrower than the table: the terminal wraps its lines, rather than rich cutting what is in it ("fift…")
    console = Console(width=max(Console().width, natural_width(table)))
    table.title = title(cards, args.crib, console.width)
    # nor than its title (four 10s: "hand 10♥ 10♣ 10♠ 10♦, starter 5♥" is wider than the table), which rich would
    # wrap to the table's width
    table.min_width = max(cell_len(line) for line in table.title.splitlines())
    console.print(table)
    console.print(saying.say(count), highlight=False)
    return 0


def define(parser: argparse.ArgumentParser, command: str) -> None:
    """Add the arguments of `crib score` (``command``, its name) to its ``parser``."""
    parser.add_argument("cards", nargs="+", metavar="CARD",
                        help="4 cards then the starter, like 5H 5C 5S JD 5D (10H or TH, or 5♥ also work)")
    parser.add_argument("--crib", action="store_true", help="count it as the crib (only a 5-card flush counts)")
    parser.add_argument("--json", action="store_true", help="print the count as JSON")
    parser.set_defaults(func=run)
