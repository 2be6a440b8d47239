"""The crib-value table (cribbage.crib_values) against brute force and an exact identity.

- A few entries by plain brute force: every crib completion and starter counted by
  show.score, no grouping (one-card entries use only the symmetry of the three suits other
  than the laid card's, which is exact).
- The identity: the pair table averaged over all 1326 two-card discards, and the one-card
  table averaged over all 52 cards, both equal the mean crib score over every crib of 4
  cards with every starter (C(52,4) * 48 cases). That mean is computed here a different way
  from the generator: by rank multisets, counting suit assignments in closed form.
- The module in the repository is exactly what the generator writes.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from pathlib import Path

import pytest

from cribbage import advice, crib_values
from cribbage.show import score
from cribbage_lab import make_crib_table
from cribbage_lab.crib_mean import ALL_CRIBS, mean_crib_score
from host_tools.card_text import parse_hand


def brute_pair_total(laid: tuple[int, int]) -> int:
    """Sum of crib scores over every 2 of the other 50 cards and every starter left."""
    others = [c for c in range(52) if c not in laid]
    return sum(score(laid + fill, s, True)
               for fill in combinations(others, 2) for s in others if s not in fill)


def brute_single_total(laid: int) -> int:
    """Sum over every 3 of the other 51 cards and every starter left, by starter suit symmetry.

    Permuting the three suits other than the laid card's changes no score, so starters of
    those suits all give the same sum: count one of them three times.
    """
    own, other = laid & 3, (laid & 3) ^ 1
    total = 0
    for s in range(52):
        if s == laid or (s & 3) not in (own, other):
            continue
        rest = [c for c in range(52) if c not in (laid, s)]
        part = sum(score((laid, *fill), s, True) for fill in combinations(rest, 3))
        total += part if s & 3 == own else 3 * part
    return total


@pytest.mark.parametrize("text", ["5H 5C", "JS 5S", "2D 3D", "TC KH", "JH JD", "AS 4C"])
def test_pair_entries_match_brute_force(text: str) -> None:
    laid = tuple(parse_hand(text))
    assert advice.crib_sum(laid) == (brute_pair_total(laid), crib_values.PAIR_CASES)


def test_single_entry_matches_brute_force() -> None:
    laid = parse_hand("JD")[0]  # the Jack: his nobs depends on the starter's suit
    assert advice.crib_sum([laid]) == (brute_single_total(laid), crib_values.SINGLE_CASES)


@pytest.fixture(scope="module")
def mean_crib() -> Fraction:
    return mean_crib_score()


def test_mean_crib_count_covers_every_crib() -> None:
    # The closed-form class counts add up to every crib once (starter of suit 0, times 4).
    cribs = 0
    for starter_rank in range(13):
        for crib_ranks in combinations_with_replacement(range(13), 4):
            counts = {r: crib_ranks.count(r) for r in set(crib_ranks)}
            avail = {r: 4 - (r == starter_rank) for r in counts}
            cribs += prod(comb(avail[r], counts[r]) for r in counts)
    assert 4 * cribs == ALL_CRIBS


def test_pair_table_averages_to_the_mean_crib(mean_crib: Fraction) -> None:
    weighted = 0
    for lo in range(13):
        for hi in range(lo, 13):
            for suited in (False, True) if lo != hi else (False,):
                kinds = 6 if lo == hi else 4 if suited else 12  # two-card discards of this type
                laid = (lo * 4, hi * 4 + (0 if suited else 1))
                total, cases = advice.crib_sum(laid)
                weighted += kinds * total
    assert Fraction(weighted, comb(52, 2) * crib_values.PAIR_CASES) == mean_crib


def test_single_table_averages_to_the_mean_crib(mean_crib: Fraction) -> None:
    weighted = sum(4 * advice.crib_sum([r * 4])[0] for r in range(13))
    assert Fraction(weighted, 52 * crib_values.SINGLE_CASES) == mean_crib


def test_cases_count_every_completion_and_starter() -> None:
    assert crib_values.PAIR_CASES == comb(50, 2) * 48
    assert crib_values.SINGLE_CASES == comb(51, 3) * 48


def test_module_is_what_the_generator_writes(capsys: pytest.CaptureFixture[str]) -> None:
    assert make_crib_table.main(["--check"]) == 0, "run: python -m cribbage_lab.make_crib_table"
    assert "up to date" in capsys.readouterr().out


def not_computed() -> list[int]:
    raise AssertionError("the table was computed")


def test_an_output_that_cannot_be_written_is_refused_before_the_table_is_computed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: --output in a missing folder failed only after the whole table was computed, in a traceback
    monkeypatch.setattr(make_crib_table, "pair_sums", not_computed)
    with pytest.raises(SystemExit) as exited:
        make_crib_table.main(["--output", str(tmp_path / "missing" / "crib_values.py")])
    assert exited.value.code == 2
    assert "error: argument --output: %s: there is no folder" % (tmp_path / "missing" / "crib_values.py") in (
        capsys.readouterr().err)


def test_the_module_is_written_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(make_crib_table, "pair_sums", lambda: [1] * 169)
    monkeypatch.setattr(make_crib_table, "single_sums", lambda: [2] * 13)
    out = tmp_path / "crib_values.py"
    out.write_text("old")
    assert make_crib_table.main(["--output", str(out)]) == 0
    assert out.read_text() == make_crib_table.render([1] * 169, [2] * 13) and list(tmp_path.iterdir()) == [out]
    assert capsys.readouterr().out.startswith("wrote %s in " % out)
