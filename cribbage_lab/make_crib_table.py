"""Generate firmware/cribbage/crib_values.py: the exact crib value of every discard.

    python -m cribbage_lab.make_crib_table            # rewrite the module
    python -m cribbage_lab.make_crib_table --check    # exit 1 if the module is out of date

For each laid-away pair type (two ranks, suited or not) the table holds the SUM of the crib
score over every way to complete the crib with 2 of the 50 other cards and every starter
among the 48 left (C(50,2) * 48 = 58800 cases); for the one-card discard of the 3-player
and team games, over every 3 of the 51 other cards and the 48 starters left
(C(51,3) * 48 = 999600 cases). Every crib and starter is counted with ``show.score``.

Speed comes from grouping starters, never from counting points here: for a given crib and
starter rank, the starter's suit can only matter through the 5-card crib flush (all four
crib cards of the starter's suit) and his nobs (a crib Jack of the starter's suit), so the
suits outside those are interchangeable and one ``show.score`` call (memoised by ranks and
those two facts) stands for all of them. tests/test_advice_table.py checks entries
against plain brute force and the whole table against an independent count.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

from cribbage.advice import pair_index
from cribbage.cards import JACK
from cribbage.show import score
from host_shared import NOT_DONE
from host_shared.atomic_write import replacing
from host_shared.board_files import FIRMWARE
from host_shared.file_args import file_to_write

TARGET = FIRMWARE / "cribbage" / "crib_values.py"
RANKS = 13
PAIR_CASES = 50 * 49 // 2 * 48
SINGLE_CASES = 51 * 50 * 49 // 6 * 48
# Bits set in each 4-bit suit mask.
POPCOUNT = [bin(m).count("1") for m in range(16)]


Memo = dict[tuple[int, int, bool, bool], int]


def crib_total(laid: Sequence[int], memo: Memo | None = None) -> int:
    """Exact sum of the crib score over every completion of the crib and every starter.

    ``laid`` is 1 or 2 card ints; the other crib cards range over every set of the right
    size among the cards not laid, the starter over every card left after that. ``memo``
    (scores by crib ranks, starter rank, flush and nobs) may be shared between calls.
    """
    laid = tuple(laid)
    others = [c for c in range(52) if c not in laid]
    if memo is None:
        memo = {}
    total = 0
    for fill in combinations(others, 4 - len(laid)):
        crib = laid + fill
        ranks = sorted(c >> 2 for c in crib)
        rank_key = ((ranks[0] * 16 + ranks[1]) * 16 + ranks[2]) * 16 + ranks[3]
        suit0 = crib[0] & 3
        flush_suit = suit0 if all((c & 3) == suit0 for c in crib) else -1
        jack_suits = 0
        used = [0] * RANKS
        for c in crib:
            used[c >> 2] |= 1 << (c & 3)
            if c >> 2 == JACK:
                jack_suits |= 1 << (c & 3)
        special = jack_suits | (1 << flush_suit if flush_suit >= 0 else 0)
        for rs in range(RANKS):
            avail = 15 & ~used[rs]
            plain = avail & ~special
            if plain:
                t = (plain & -plain).bit_length() - 1
                total += POPCOUNT[plain] * _memo_score(memo, rank_key, crib, rs, t, False, False)
            odd = avail & special
            while odd:
                t = (odd & -odd).bit_length() - 1
                odd &= odd - 1
                total += _memo_score(memo, rank_key, crib, rs, t, t == flush_suit, bool(jack_suits >> t & 1))
    return total


def _memo_score(memo: Memo, rank_key: int, crib: tuple[int, ...],
                rs: int, t: int, flush: bool, nobs: bool) -> int:
    """show.score of ``crib`` with starter rank ``rs``, suit ``t``; memoised by its class."""
    key = (rank_key, rs, flush, nobs)
    points = memo.get(key)
    if points is None:
        points = memo[key] = score(crib, rs * 4 + t, True)
    return points


def pair_sums() -> list[int]:
    """The 169 pair sums, at ``advice.pair_index`` of each pair type."""
    sums = [0] * (RANKS * RANKS)
    memo: Memo = {}
    for lo in range(RANKS):
        for hi in range(lo, RANKS):
            for suited in (False, True) if lo != hi else (False,):
                laid = (lo * 4, hi * 4 + (0 if suited else 1))
                sums[pair_index(lo, hi, suited)] = crib_total(laid, memo)
    return sums


def single_sums() -> list[int]:
    """The 13 one-card sums, by rank (the suit does not matter by symmetry)."""
    memo: Memo = {}
    return [crib_total((r * 4,), memo) for r in range(RANKS)]


def pack(sums: Sequence[int]) -> bytes:
    """Sums as 3-byte big-endian unsigned ints."""
    return b"".join(s.to_bytes(3, "big") for s in sums)


def _bytes_lines(name: str, data: bytes, per_line: int = 24) -> str:
    """A bytes literal spread over lines of ``per_line`` bytes (hex escapes)."""
    lines = [f"{name} = ("]
    for i in range(0, len(data), per_line):
        chunk = "".join(f"\\x{b:02x}" for b in data[i:i + per_line])
        lines.append(f'    b"{chunk}"')
    lines.append(")")
    return "\n".join(lines)


def render(pairs: Sequence[int], singles: Sequence[int]) -> str:
    """Source text of firmware/cribbage/crib_values.py."""
    return "\n".join([
        '"""Crib value of every discard, exact: GENERATED by cribbage_lab/make_crib_table.py, do not edit.',
        "",
        "PAIR_SUMS: for each pair type laid away by one player (at ``advice.pair_index``), the sum of",
        "the crib score over every 2 of the 50 other cards and every starter among the 48 left:",
        "PAIR_CASES cases. SINGLE_SUMS: for each rank laid away alone (3 players, teams), the sum over",
        "every 3 of the 51 other cards and every starter among the 48 left: SINGLE_CASES cases.",
        "Each sum is 3 bytes, big-endian. Mean crib score = sum / cases.",
        '"""',
        "",
        "from micropython import const",
        "",
        f"PAIR_CASES = const({PAIR_CASES})",
        f"SINGLE_CASES = const({SINGLE_CASES})",
        _bytes_lines("PAIR_SUMS", pack(pairs)),
        _bytes_lines("SINGLE_SUMS", pack(singles)),
        "",
    ])


def main(argv: list[str] | None = None) -> int:
    """Compute the table and write (or check) the firmware module."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the module is up to date")
    parser.add_argument("--output", type=Path, default=TARGET, help="where to write the module")
    args = parser.parse_args(argv)
    if not args.check:  # a file that cannot be written is said now, not once the table is computed
        try:
            file_to_write(TARGET.name)(str(args.output))
        except argparse.ArgumentTypeError as error:
            parser.error("argument --output: %s" % error)
    started = time.perf_counter()
    text = render(pair_sums(), single_sums())
    took = time.perf_counter() - started
    if args.check:
        current = args.output.read_text() if args.output.exists() else ""
        print(f"computed in {took:.1f} s: {'up to date' if current == text else 'OUT OF DATE'}")
        return 0 if current == text else NOT_DONE
    try:
        with replacing(args.output) as temp:  # a failed write leaves the module as it was
            temp.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"cannot write {args.output}: {error.strerror or error}", file=sys.stderr)
        return NOT_DONE
    print(f"wrote {args.output} in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
