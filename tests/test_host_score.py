"""`crib score`: the total, the breakdown and the spoken count; bad cards are a clear usage error."""

from __future__ import annotations

import json
import subprocess

import pytest

from host_tools.cli import main
from micropython_env import tool


def score_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    """Run `crib score ARGV --json`, which must succeed, and return the count it printed."""
    assert main(["score", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_best_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "5H", "5C", "5S", "JD", "5D"]) == 0
    out = capsys.readouterr().out
    words = " ".join(out.split())  # rich wraps long lines
    rows = [[cell.strip() for cell in line.split("│")[1:4]] for line in out.splitlines() if line.startswith("│")]
    kinds = [kind for kind, _, _ in rows]
    assert kinds.count("fifteen") == 8 and kinds.count("pair") == 6 and kinds.count("his nobs") == 1
    assert rows[-1] == ["total", "", "29"]
    assert words.startswith("hand 5♥ 5♣ 5♠ J♦, starter 5♦")
    assert "fifteen two, fifteen four," in words and words.endswith("and his nobs is twenty-nine")
    data = score_json(capsys, "5H", "5C", "5S", "JD", "5D")
    # The best hand, as published: 16 for the eight fifteens, 12 for the double pair royal, 1 for nobs.
    assert data["total"] == 29 and len(data["fifteens"]) == 8 and len(data["pairs"]) == 6
    assert data["nobs"] == "JD" and data["hand"] == ["5H", "5C", "5S", "JD"] and data["starter"] == "5D"


def test_breakdown_rows_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    # A double run of three (8: two runs and the pair) and one fifteen (5+K): 10; the table must sum to it.
    assert main(["score", "3C", "4D", "4H", "5S", "KC"]) == 0
    out = capsys.readouterr().out
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    points = [int(r[3]) for r in rows if r[1].strip() not in ("", "total")]
    total = [int(r[3]) for r in rows if r[1].strip() == "total"]
    data = score_json(capsys, "3C", "4D", "4H", "5S", "KC")
    assert sum(points) == total[0] == data["total"] == 10
    assert len(data["runs"]) == 2 and all(len(run) == 3 for run in data["runs"])


def test_crib_flush_rule(capsys: pytest.CaptureFixture[str]) -> None:
    # Four hearts, no fifteen, pair or run: a hand flush is 4, a crib needs the starter's suit too.
    assert score_json(capsys, "2H", "4H", "6H", "8H", "KS")["total"] == 4
    crib = score_json(capsys, "2H", "4H", "6H", "8H", "KS", "--crib")
    assert crib["total"] == 0 and crib["crib"] is True and crib["said"] == "nineteen"
    assert score_json(capsys, "2H", "4H", "6H", "8H", "KH", "--crib")["total"] == 5
    assert score_json(capsys, "10H", "TD", "10♠", "10c", "AH")["hand"] == ["10H", "10D", "10S", "10C"]


def test_suits_drawn_hollow_are_the_suits(capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user: 5♡ was refused, "unknown suit in card '5♡' (use C D H S or ♣ ♦ ♥ ♠)".
    assert score_json(capsys, "5♡", "5♧", "5♤", "J♢", "5D")["hand"] == ["5H", "5C", "5S", "JD"]


@pytest.mark.parametrize(("cards", "message"), [
    (["5H", "5C", "XS", "JD", "5D"], "'XS'"),
    (["5H", "5C", "5Z", "JD", "5D"], "'5Z'"),
    (["5H", "5C", "5H", "JD", "5D"], "5H appears twice"),
    (["5H", "5C", "5S", "JD"], "give 5 cards"),
    (["5H", "5C", "5S", "JD", "5D", "KH"], "got 6"),
])
def test_bad_cards(cards: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *cards]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("crib score: error: ") and message in captured.err


def test_bad_card_exit_status_of_the_real_command() -> None:
    done = subprocess.run([tool("crib"), "score", "5H", "5C", "QX", "JD", "5D"], capture_output=True, text=True)
    assert done.returncode == 2 and "'QX'" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(("cards", "title"), [
    (["10H", "10C", "10S", "10D", "5H"], "hand 10♥ 10♣ 10♠ 10♦, starter 5♥"),
    (["10H", "10C", "10S", "10D", "5H", "--crib"], "crib 10♥ 10♣ 10♠ 10♦, starter 5♥"),
    (["2S", "8S", "KC", "8C", "8H"], "hand 2♠ 8♠ K♣ 8♣, starter 8♥"),  # three pairs: a table narrower still
])
def test_the_title_is_one_line_over_a_table_narrower_than_it(cards: list[str], title: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user's test: with four 10s the title wrapped at 80 columns, "starter" and "5♥" on lines apart
    # (rich wrapped it to the table's width)
    assert main(["score", *cards]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == title and lines[1].startswith("┏") and len(lines[1]) >= len(title), lines


@pytest.mark.parametrize("width", [31, 20])
def test_a_narrow_terminal_gets_the_title_a_line_each_and_every_cell_whole(
        width: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["score", "10H", "10C", "10S", "10D", "5H"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.strip() for line in lines[:2]] == ["hand 10♥ 10♣ 10♠ 10♦,", "starter 5♥"], lines
    rows = [[cell.strip() for cell in line.split("│")[1:4]] for line in lines if line.startswith("│")]
    assert rows[0] == ["fifteen", "10H 5H", "2"] and rows[-1] == ["total", "", "20"] and "…" not in "".join(lines)
