"""The rules' numbers that firmware modules keep as private copies agree with the rules core.

On the board a constant imported from another module is a name in the heap and a global looked up
at each use; a private ``const()`` is neither, so modules copy the few numbers they need (13 ranks,
4 suits, the Jack, the King, 31, the Jack of clubs). This holds every such copy to the core's own value.
"""

from __future__ import annotations

import ast

from cribbage import cards, play
from micropython_env import FIRMWARE

# a copy's name -> the core's value it copies
COPIES = {
    "_RANKS": len(cards.RANK_LETTERS),
    "_SUITS": len(cards.SUIT_LETTERS),
    "_JACK": cards.JACK,
    "_KING": len(cards.RANK_LETTERS) - 1,  # (ranks from 0, the Ace)
    "_MOST": play.GAME_COUNT,
    "_CLUB_JACK": cards.JACK * len(cards.SUIT_LETTERS),
}


def copies(source: str) -> list[tuple[int, str, object]]:
    """(line, name, value) of each ``NAME = const(value)`` in ``source`` whose name is one of ``COPIES``."""
    return [(node.lineno, node.targets[0].id, node.value.args[0].value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in COPIES and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "const"
            and len(node.value.args) == 1 and isinstance(node.value.args[0], ast.Constant)]


def test_the_check_reads_a_copy() -> None:
    assert copies("_RANKS = const(12)\n_OTHER = const(3)\n_JACK = const(10)  # the Jack\n") \
        == [(1, "_RANKS", 12), (3, "_JACK", 10)]


def test_every_copy_in_the_firmware_is_the_cores_value() -> None:
    found = {(str(path.relative_to(FIRMWARE)), line, name): value for path in sorted(FIRMWARE.rglob("*.py"))
             for line, name, value in copies(path.read_text(encoding="utf-8"))}
    wrong = {where: value for where, value in found.items() if value != COPIES[where[2]]}
    assert wrong == {}, "a copy differs from the rules core's value (COPIES)"
    assert {name for _, _, name in found} == set(COPIES)  # each kind of copy was found, so each was checked
