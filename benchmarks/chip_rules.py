"""The rules core's figures on the chip: a show counted (a fixed set of hands, and the 29) and the
discard advice, each in emulated ms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from timing import row

# isort: split
# (show_hands takes cribbage_lab from the checkout, which timing puts on the path: no install carries it)
from chip_session import boot, soft_reset
from show_hands import sample_hands

from host_tools.card_text import parse_hand

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

# The rules core's budgets, after a soft reset (a fresh heap): a show counted (the mean over a fixed
# set of hands, the first of bench_show.py's, made here: show_hands.py; and the 29), and the discard
# advice of bench_advice.py's deals (their cards read here: the board reads no card text).
RULES_CODE = """
import time
from cribbage.advice import rank_keeps
from cribbage.show import score
def per_call(action, rounds):
    start = time.ticks_us()
    for _ in range(rounds):
        action()
    return time.ticks_diff(time.ticks_us(), start) / rounds
def show_us(sample):
    return per_call(lambda: [score(hand, starter) for hand, starter in sample], 2) / len(sample)
twenty_nine = {twenty_nine!r}
print("SHOW", show_us({hands!r}), per_call(lambda: score(twenty_nine, 17), 20))
for cards, players in {deals!r}:
    print("ADVICE", len(cards), players, per_call(lambda: rank_keeps(cards, True, players), 1))
"""
SHOW_HANDS = 50
ADVICE_DEALS = (("5H 5C JD QS 4C 9H", 2), ("5H 5C JD QS 4C", 3))


def measure_rules(image: Image) -> None:
    """The rules core's figures (``RULES_CODE``) on a board of ``image`` after a soft reset."""
    board, _ = boot(image)
    soft_reset(board)
    deals = [(parse_hand(text), players) for text, players in ADVICE_DEALS]
    rules = RULES_CODE.format(hands=sample_hands(SHOW_HANDS), twenty_nine=parse_hand("5H 5C 5S JD"), deals=deals)
    lines = board.exec_raw(rules).split("\n")
    mean_us, best_us = (float(v) for v in next(ln for ln in lines if ln.startswith("SHOW")).split()[1:])
    row("count a show: mean of %d hands (show.score)" % SHOW_HANDS, "%.2f" % (mean_us / 1000), "ms")
    row("count a show: the 29 (5H 5C 5S JD, starter 5D)", "%.2f" % (best_us / 1000), "ms")
    for line in lines:
        if line.startswith("ADVICE"):
            cards, players, us = line.split()[1:]
            row("discard advice, %s cards, %s players" % (cards, players), "%.0f" % (float(us) / 1000), "ms")
