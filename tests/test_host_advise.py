"""`crib advise`: the ranking printed as a table or JSON, and clear errors on bad input."""

from __future__ import annotations

import argparse
import json

import pytest

from cribbage.show import score
from cribbage_lab.card_text import parse_hand
from host_shared import USAGE_ERROR
from host_tools import cli
from host_tools.commands import advise


def run_advise(argv: list[str]) -> int:
    """Run the `advise` sub-command alone, as `crib advise ARGV` would."""
    parser = argparse.ArgumentParser(prog="crib")
    advise.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["advise", *argv])
    return args.func(args)


def test_registered_in_the_crib_command() -> None:
    assert "host_tools.commands.advise" in cli.COMMAND_MODULES


def test_json_ranking_matches_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    dealt = "5H 5C JD QS 4C 9H".split()
    assert run_advise([*dealt, "--dealer", "--json"]) == 0
    ranking = json.loads(capsys.readouterr().out)
    assert len(ranking) == 15
    cards = parse_hand(dealt)
    for row in ranking:
        keep = parse_hand(row["keep"])
        shows = [score(keep, s) for s in range(52) if s not in cards]
        assert row["hand_expected"] == pytest.approx(sum(shows) / 46)
        assert (row["hand_min"], row["hand_max"]) == (min(shows), max(shows))
        assert row["expected"] == pytest.approx(row["hand_expected"] + row["crib_expected"])
        assert sum(row["chances"].values()) == 46
    assert [r["expected"] for r in ranking] == sorted((r["expected"] for r in ranking), reverse=True)


def test_table_shows_every_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_advise(["5H", "5C", "JD", "QS", "4C", "9H", "--dealer", "--top", "3"]) == 0
    out = capsys.readouterr().out
    for column in ("keep", "discard", "expected", "hand EV", "crib EV", "min", "max"):
        assert column in out
    assert "your crib" in out and "best keep shows" in out


def test_pone_subtracts_the_crib(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_advise(["5H", "5C", "JD", "QS", "4C", "9H", "--json"]) == 0
    for row in json.loads(capsys.readouterr().out):
        assert row["expected"] == pytest.approx(row["hand_expected"] - row["crib_expected"])
        assert row["crib_yours"] is False  # (so a script reading the JSON knows the sign)
    assert run_advise(["5H", "5C", "JD", "QS", "4C", "9H", "--json", "--dealer"]) == 0
    for row in json.loads(capsys.readouterr().out):
        assert row["expected"] == pytest.approx(row["hand_expected"] + row["crib_expected"]) and row["crib_yours"]


@pytest.mark.parametrize(("argv", "message"), [
    (["5H", "5C", "JD", "QS", "4C"], "give the 6 cards dealt to you"),
    (["5H", "5C", "JD", "QS", "4C", "9H", "--players", "3"], "give the 5 cards dealt to you"),
    (["5H", "5C", "JD", "QS", "4C", "ZZ"], "unknown rank in card 'ZZ'"),
    (["5H", "5C", "JD", "QS", "4C", "5X"], "unknown suit"),
    (["5H", "5C", "JD", "QS", "4C", "H9"], "'H9' names its suit first: write rank then suit, like 9H"),
    (["5H", "5C", "JD", "QS", "4C", "♥10"], "'♥10' names its suit first: write rank then suit, like 10♥"),
    (["5H", "5C", "JD", "QS", "4C", "5H"], "card 5H appears twice"),
])
def test_bad_cards_are_a_clear_error(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_advise(argv) == USAGE_ERROR
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_top_limits_the_json_ranking_to_the_best_n(capsys: pytest.CaptureFixture[str]) -> None:
    dealt = ["5H", "5C", "JD", "QS", "4C", "9H"]
    assert run_advise([*dealt, "--json"]) == 0
    everything = json.loads(capsys.readouterr().out)
    assert run_advise([*dealt, "--json", "--top", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == everything[:3]


@pytest.mark.parametrize("top", ["0", "-2", "two"])
def test_top_must_be_a_positive_number(top: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run_advise(["5H", "5C", "JD", "QS", "4C", "9H", "--top", top])
    assert exit_.value.code == 2 and "--top" in capsys.readouterr().err


def test_a_narrow_terminal_shows_every_figure_whole(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "40")  # rich fits a table to it, cutting numbers to "1…"
    assert cli.main(["advise", "5H", "5C", "JD", "QS", "4C", "9H", "--dealer", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert all(figure in out for figure in ("16.89", "12.70", "+4.20", "5♥ 5♣ J♦ Q♠")), out
