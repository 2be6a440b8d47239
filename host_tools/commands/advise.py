"""`crib advise 5H 5C JD QS 4C 9H --dealer`: which cards to keep and which to lay in the crib.

Every keep is ranked by expected points (the kept hand's mean show over every starter you
have not seen, plus the laid-away cards' mean crib value when the crib is yours, minus it
when it is not). The ranking is the rules core's (cribbage.advice): nothing is computed here (the
hand's and the crib's shares and the chances are read from its keeps: host_tools.keep_shares).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from cribbage import advice
from cribbage.cards import name
from host_shared.untrusted import at_least_one, integer
from host_tools.card_args import cards_given
from host_tools.card_text import symbol_names
from host_tools.keep_shares import chance, chances, crib_expected, hand_expected
from host_tools.tables import natural_width


def as_json(keeps: list[advice.Keep], dealer: bool) -> list[dict[str, Any]]:
    """The ranking as JSON-able dicts (cards written as text); ``crib_yours`` (``dealer``) says whether the crib's
    points are added to the hand's in ``expected`` (the crib is yours) or taken from them (the opponent's)."""
    return [{
        "keep": [name(c) for c in k.keep], "discard": [name(c) for c in k.discard], "expected": k.expected,
        "hand_expected": hand_expected(k), "crib_expected": crib_expected(k), "crib_yours": dealer,
        "hand_min": k.hand_min, "hand_max": k.hand_max, "starters": k.starters,
        "chances": {str(t): n for t, n in sorted(chances(k).items())},
    } for k in keeps]


def folded(keeps: list[advice.Keep]) -> list[tuple[advice.Keep, int]]:
    """``keeps`` (ranked) as rows: each keep with how many later keeps are it but for their suits, worth the same, left
    out (a play-test: "5♥ 5♣ 5♦ 2♥" and "5♥ 5♣ 5♦ 2♣" ranked apart, the same in every figure); the board's rule for
    its own list of keeps (``cribbage.advice.one_of_each``). A keep whose suits change a figure (a flush kept, two
    cards of a suit laid away) stays a row of its own."""
    rows = advice.one_of_each(keeps)
    # a keep is the row's but for its suits when, ranked after it, one_of_each leaves it out
    return [(row, sum(1 for keep in keeps if keep is not row and advice.one_of_each([row, keep]) == [row]))
            for row in rows]


def chances_line(keep: advice.Keep) -> str:
    """The totals the kept hand can show and the chance of each, like ``10: 41%``."""
    return ", ".join("%d: %.0f%%" % (total, 100 * chance(keep, total)) for total in sorted(chances(keep)))


# The ranking table's columns, by their headers at 80 columns and wider; in a narrower terminal the table is the
# first of ``LAYOUTS`` that fits it: headers shortened (``SHORT``), then columns left out, the least needed first.
COLUMNS = ("#", "keep", "discard", "expected", "hand EV", "crib EV", "min", "max")
SHORT = {"expected": "EV", "hand EV": "hand", "crib EV": "crib"}
LAYOUTS: tuple[tuple[tuple[str, ...], bool], ...] = (  # (columns, shortened headers)
    (COLUMNS, False),
    (COLUMNS, True),
    (("#", "keep", "discard", "expected", "hand EV", "crib EV"), True),  # min and max: the chances line says more
    (("keep", "discard", "expected", "hand EV", "crib EV"), True),  # the rank: the rows are in order, the best bold
    (("keep", "discard", "expected"), True),  # the hand's and the crib's shares of the worth
)
FULL_WIDTH = 80  # a terminal this wide or wider gets the whole table, as it always has


def ranking_title(rows: list[tuple[advice.Keep, int]], dealer: bool, short: bool = False) -> str:
    """The ranking table's title: whose crib it is and how many starters are counted; ``short``: without its first
    words (a terminal too narrow for them)."""
    said = "%s crib, %d starters" % ("your" if dealer else "opponent's", rows[0][0].starters)
    return said if short else "discard advice (%s)" % said


def ranking_table(rows: list[tuple[advice.Keep, int]], dealer: bool, columns: tuple[str, ...] = COLUMNS,
                  short: bool = False) -> Table:
    """The ranking (``folded``) as a table of ``columns`` (some of ``COLUMNS``), their headers shortened
    (``SHORT``) if ``short``."""
    table = Table(title=ranking_title(rows, dealer))
    for column in columns:
        table.add_column(SHORT.get(column, column) if short else column,
                         justify="left" if column in ("keep", "discard") else "right")
    sign = "+" if dealer else "-"
    for i, (k, alike) in enumerate(rows):
        cells = {"#": str(i + 1), "keep": symbol_names(k.keep) + (" (+%d)" % alike if alike else ""),
                 "discard": symbol_names(k.discard), "expected": "%.2f" % k.expected,
                 "hand EV": "%.2f" % hand_expected(k), "crib EV": "%s%.2f" % (sign, crib_expected(k)),
                 "min": str(k.hand_min), "max": str(k.hand_max)}
        table.add_row(*(cells[column] for column in columns), style="bold" if i == 0 else None)
    return table


def fitted(rows: list[tuple[advice.Keep, int]], dealer: bool, width: int) -> tuple[Table, tuple[str, ...]]:
    """The ranking's table for a terminal ``width`` columns wide, and the columns of ``COLUMNS`` it leaves out:
    the whole table at ``FULL_WIDTH`` and wider, or where it fits; narrower, the first of ``LAYOUTS`` that fits
    (none: the narrowest, wider than the terminal, which wraps its lines: rich would cut its figures to "1…"). A
    table narrower than its title is widened to it, as far as the terminal goes, so that the title is one line (its
    first words left out in a terminal too narrow for them)."""
    for columns, short in LAYOUTS:
        table = ranking_table(rows, dealer, columns, short)
        if width >= FULL_WIDTH or natural_width(table) <= width:
            break
    if cell_len(str(table.title)) > width:
        table.title = ranking_title(rows, dealer, short=True)
    table.min_width = min(width, cell_len(str(table.title)))
    return table, tuple(column for column in COLUMNS if column not in columns)


def print_ranking(console: Console, rows: list[tuple[advice.Keep, int]], dealer: bool) -> None:
    """Print the ranking (``folded``) as a table fitted to ``console``'s width (``fitted``), then the chances of
    each total for the best keep."""
    table, left_out = fitted(rows, dealer, console.width)
    if natural_width(table) > console.width:  # never narrower than the table: the terminal wraps the lines
        console = Console(width=natural_width(table), file=console.file)  # instead, every figure whole
    console.print(table)
    if any(alike for _, alike in rows):
        console.print("(+N): N more keeps the same but for their suits (--json lists every keep)",
                      highlight=False)
    if left_out:
        console.print("(left out to fit: %s; --json has every figure)" % ", ".join(left_out), highlight=False)
    console.print("best keep shows: " + chances_line(rows[0][0]), highlight=False)


def run(args: argparse.Namespace) -> int:
    """Rank the keeps of the dealt cards and print them."""
    need = advice.dealt_count(args.players)
    five = args.players == 2 and len(args.cards) == 5
    cards = cards_given(args, need, "the %d cards dealt to you (%d players%s)" % (
        need, args.players, "; dealt 5: --players 3, or 4 for two teams" if five else ""))
    keeps = advice.rank_keeps(cards, args.dealer, args.players)
    if args.json:  # every keep, for a program choosing among the cards themselves
        print(json.dumps(as_json(keeps[:args.top], args.dealer)))
    else:
        print_ranking(Console(), folded(keeps)[:args.top], args.dealer)
    return 0


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib advise` (``name``) to its ``parser``."""
    parser.add_argument("cards", nargs="+", metavar="CARD",
                        help="the cards dealt to you, like 5H 5C JD QS 4C 9H (10H or TH, or 5♥ also work)")
    parser.add_argument("--dealer", action="store_true",
                        help="the crib is yours (your side's in the team game); without it, it is the opponent's")
    parser.add_argument("--players", type=integer, choices=(2, 3, 4), default=2,
                        help="2 (6 cards, lay away 2), 3 or 4 = two teams (5 cards, lay away 1)")
    parser.add_argument("--top", type=at_least_one, metavar="N",
                        help="print only the best N keeps (the table's rows: a keep the same as one above but for "
                             "its suits is folded into that row)")
    parser.add_argument("--json", action="store_true", help="print the ranking as JSON, every keep")
    parser.set_defaults(func=run)
