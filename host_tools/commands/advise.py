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

from rich.console import Console
from rich.table import Table

from app.modes.advise import one_of_each
from cribbage import advice
from cribbage.cards import name
from host_shared.untrusted import at_least_one, integer
from host_tools.card_args import cards_given
from host_tools.card_text import symbol_names
from host_tools.keep_shares import chance, chances, crib_expected, hand_expected


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
    its own list of keeps (``app.modes.advise.one_of_each``). A keep whose suits change a figure (a flush kept, two
    cards of a suit laid away) stays a row of its own."""
    rows = one_of_each(keeps)
    return [(row, sum(1 for keep in keeps if keep is not row and one_of_each([row, keep]) == [row])) for row in rows]


def chances_line(keep: advice.Keep) -> str:
    """The totals the kept hand can show and the chance of each, like ``10: 41%``."""
    return ", ".join("%d: %.0f%%" % (total, 100 * chance(keep, total)) for total in sorted(chances(keep)))


def print_ranking(console: Console, rows: list[tuple[advice.Keep, int]], dealer: bool) -> None:
    """Print the ranking (``folded``) as a table, then the chances of each total for the best keep."""
    whose = "your crib" if dealer else "opponent's crib"
    table = Table(title="discard advice (%s, %d starters)" % (whose, rows[0][0].starters))
    for column in ("#", "keep", "discard", "expected", "hand EV", "crib EV", "min", "max"):
        table.add_column(column, justify="left" if column in ("keep", "discard") else "right")
    sign = "+" if dealer else "-"
    for i, (k, alike) in enumerate(rows):
        table.add_row(str(i + 1), symbol_names(k.keep) + (" (+%d)" % alike if alike else ""), symbol_names(k.discard),
                      "%.2f" % k.expected, "%.2f" % hand_expected(k), "%s%.2f" % (sign, crib_expected(k)),
                      str(k.hand_min), str(k.hand_max), style="bold" if i == 0 else None)
    console.print(table)
    if any(alike for _, alike in rows):
        console.print("(+N): N more keeps the same but for their suits (--json lists every keep)",
                      highlight=False)
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
        # never narrower than the table: in a narrow terminal rich would cut its numbers to "1…"
        # (the terminal wraps the lines instead, every figure whole)
        print_ranking(Console(width=max(Console().width, 80)), folded(keeps)[:args.top], args.dealer)
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
