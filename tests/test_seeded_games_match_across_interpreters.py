"""A seeded shuffle, deal and whole game come out the same on CPython and on MicroPython.

The same script runs in both interpreters and prints JSON lines; CPython's output is the oracle
MicroPython's is compared with (the two ``random`` modules differ, ``Xorshift32`` must not).
"""

from __future__ import annotations

import json
import subprocess
import sys

from micropython_env import FIRMWARE, ROOT, run_micropython

SCRIPT = """
import json, sys
sys.path[:0] = [%r, %r, %r]
from cribbage_lab import deck
from cribbage.match import Match
from cribbage.settings import Settings
from match_helpers import play_game

for seed in (1, 2463534242, 0xDEADBEEF):
    for players in (2, 3, 4):
        rand = deck.Xorshift32(seed)
        pack = deck.shuffle(deck.new_pack(), rand)
        hands, crib, stock = deck.deal(pack, players, seed %% players)
        print(json.dumps([pack, hands, crib, deck.cut(stock, rand), deck.cut_for_deal(rand, players)]))
        m = Match(Settings(players=players, target=61))
        play_game(m, rand)
        print(json.dumps([m.log, m.state()]))
        m = None
""" % (str(FIRMWARE), str(ROOT), str(ROOT / "tests" / "firmware"))


def test_same_deals_and_games_on_both_interpreters() -> None:
    cpython = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True, cwd=ROOT)
    micropython = run_micropython(["-c", SCRIPT])
    assert micropython.returncode == 0, micropython.stderr
    expected = [json.loads(line) for line in cpython.stdout.splitlines()]
    assert [json.loads(line) for line in micropython.stdout.splitlines()] == expected
    assert len(expected) == 3 * 3 * 2
    for pack, _hands, _crib, _starter, _cut in expected[::2]:
        assert sorted(pack) == list(range(52))
    assert all(state["phase"] == "over" for _log, state in expected[1::2])
