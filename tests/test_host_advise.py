"""`crib advise`: the ranking printed as a table or JSON, and clear errors on bad input."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from rich.cells import cell_len

from cribbage.show import score
from host_shared import USAGE_ERROR
from host_tools import card_text, cli
from host_tools.card_text import parse_hand
from host_tools.commands import advise


def run_advise(argv: list[str]) -> int:
    """Run the `advise` sub-command alone, as `crib advise ARGV` would (its errors said as crib says them)."""
    parser, commands = cli.build_parser()
    cli.with_arguments(commands, "advise")
    return cli.run(parser.parse_args(["advise", *argv]))


def test_registered_in_the_crib_command() -> None:
    assert cli.BY_NAME["advise"].module == advise.__name__


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


WHOLE = ["#", "keep", "discard", "expected", "hand EV", "crib EV", "min", "max"]  # the table's columns at 80


ROW_CELLS = {  # each cell of a ranking row, whole: no figure cut, no sign left out or doubled
    "#": re.compile(r"[1-9]\d*"), "alike": re.compile(r"\d+"),
    "expected": re.compile(r"-?\d+\.\d\d"), "hand EV": re.compile(r"\d+\.\d\d"),
    "crib EV": re.compile(r"[+-]\d+\.\d\d"), "min": re.compile(r"\d+"), "max": re.compile(r"\d+"),
}
CHANCES_LINE = re.compile(r"best keep shows: \d+: \d+%(, \d+: \d+%)*")


def advise_table(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    """Run `crib advise ARGV` (the table) and read back what it printed: the title's crib and starters, the
    rows (column name -> cell, by the header: any widths) and the best keep's chances (total -> percent)."""
    assert run_advise(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    title = [m for m in (re.fullmatch(r"\s*discard advice \((your|opponent's) crib, (\d+) starters\)\s*", line)
                         for line in lines) if m]
    headers = [line for line in lines if line.startswith("┃")]
    assert len(title) == 1 and len(headers) == 1, lines
    columns = [cell.strip() for cell in headers[0].strip().strip("┃").split("┃")]
    assert columns == WHOLE
    rows = [dict(zip(columns, (cell.strip() for cell in line.strip().strip("│").split("│")), strict=True))
            for line in lines if line.startswith("│")]
    for row in rows:  # "5♥ 5♣ 5♦ 2♥ (+1)": the keeps folded into the row, apart
        keep, _, alike = row["keep"].partition(" (+")
        row["keep"], row["alike"] = keep, alike.removesuffix(")") or "0"
    for row in rows:  # one line a keep (a wrapped cell would leave a row without its number)
        assert all(pattern.fullmatch(row[name]) for name, pattern in ROW_CELLS.items()), row
    chances_lines = [line for line in lines if line.startswith("best keep shows")]
    assert len(chances_lines) == 1 and CHANCES_LINE.fullmatch(chances_lines[0]), chances_lines
    shows = {int(total): int(percent) for total, percent in re.findall(r"(\d+): (\d+)%", chances_lines[0])}
    return {"yours": title[0][1] == "your", "starters": int(title[0][2]), "rows": rows, "shows": shows}


def shown(cell: str, value: float) -> bool:
    """Whether a cell printed with 2 decimals shows ``value`` (rounded, not cut or scaled)."""
    return abs(float(cell) - value) <= 0.005 + 1e-9


@pytest.mark.parametrize(("dealt", "players"), [
    ("5H 5C JD QS 4C 9H", 2),
    ("5H 5C 5S JD KC QH", 2),
    ("2H 4H 6H 8H KS 3C", 2),  # flushes: four hearts kept or not
    ("5H 5C 5S JD 2C", 3),
    ("7C 8D 9H AS KD", 4),  # the pone's best keep is worth 3.06, some less than nothing
])
def test_table_shows_the_json_ranking(dealt: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    for seat in (["--dealer"], []):
        argv = [*dealt.split(), "--players", str(players), *seat]
        table = advise_table(capsys, argv)
        assert run_advise([*argv, "--json"]) == 0
        ranking = json.loads(capsys.readouterr().out)
        dealer = bool(seat)
        assert len(ranking) == (15 if players == 2 else 5)
        assert table["yours"] is dealer and table["starters"] == ranking[0]["starters"] == (46 if players == 2 else 47)
        firsts = alike_folded(ranking)
        assert [int(row["alike"]) for row in table["rows"]] == [alike for _, alike in firsts]
        for i, (row, (keep, _)) in enumerate(zip(table["rows"], firsts, strict=True)):
            assert int(row["#"]) == i + 1  # the keeps in the JSON's order, best first
            assert parse_hand(row["keep"]) == parse_hand(keep["keep"]), (row, keep)
            assert parse_hand(row["discard"]) == parse_hand(keep["discard"]), (row, keep)
            assert keep["crib_yours"] is dealer and row["crib EV"][0] == ("+" if dealer else "-"), row
            assert shown(row["expected"], keep["expected"]), (row, keep)
            assert shown(row["hand EV"], keep["hand_expected"]), (row, keep)
            assert shown(row["crib EV"], keep["crib_expected"] if dealer else -keep["crib_expected"]), (row, keep)
            assert (int(row["min"]), int(row["max"])) == (keep["hand_min"], keep["hand_max"]), (row, keep)
            # the row adds up: the worth is the hand's plus the crib's signed share (``+4.20``, ``-4.20``; each
            # rounded to 0.005)
            assert abs(float(row["expected"]) - float(row["hand EV"]) - float(row["crib EV"])) <= 0.015 + 1e-9, row
        expected = [float(row["expected"]) for row in table["rows"]]
        assert expected == sorted(expected, reverse=True)
        best = ranking[0]
        assert sorted(table["shows"]) == sorted(int(total) for total in best["chances"])
        for total, n in best["chances"].items():  # each chance in whole percents, rounded
            assert abs(table["shows"][int(total)] - 100 * n / best["starters"]) <= 0.5 + 1e-9, (total, table["shows"])
        assert abs(sum(table["shows"].values()) - 100) <= 0.5 * len(table["shows"])


def alike_folded(ranking: list[dict[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """The JSON ranking's keeps as the table's rows: each with how many later ones are it but for their suits (the
    same ranks kept and laid away, every figure the same)."""
    rows: dict[str, list[Any]] = {}
    for keep in ranking:
        ranks = [sorted(card_text.parse_rank(card[:-1]) for card in keep[part]) for part in ("keep", "discard")]
        figures = json.dumps([ranks, keep["chances"], keep["crib_expected"], keep["expected"]])
        rows.setdefault(figures, [keep, -1])[1] += 1
    return [(keep, alike) for keep, alike in rows.values()]


def test_keeps_the_same_but_for_their_suits_are_one_row(capsys: pytest.CaptureFixture[str]) -> None:
    # A play-test: 5♥ 5♣ 5♦ 2♥ and 5♥ 5♣ 5♦ 2♣ (J♠ and the other 2 laid away) were two rows, the same in every
    # figure; 5♣ 5♦ J♠ 2♣ (5♥ 2♥ laid away: two hearts in the crib, a flush more likely there) stays apart.
    table = advise_table(capsys, ["5H", "5C", "5D", "JS", "2C", "2H"])
    assert [(row["keep"], row["alike"]) for row in table["rows"]] == [
        ("5♥ 5♣ 5♦ J♠", "0"), ("5♥ 5♣ 5♦ 2♥", "1"), ("5♣ 5♦ J♠ 2♥", "3"), ("5♣ 5♦ J♠ 2♣", "1"),
        ("5♣ 5♦ 2♣ 2♥", "2"), ("5♦ J♠ 2♣ 2♥", "2")]
    assert [row["expected"] for row in table["rows"]][2:4] == ["2.90", "2.85"]
    assert run_advise(["5H", "5C", "5D", "JS", "2C", "2H", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 15  # every keep, for a program
    top = advise_table(capsys, ["5H", "5C", "5D", "JS", "2C", "2H", "--top", "3"])
    assert top["rows"] == table["rows"][:3]  # the table's best rows


def test_table_top_shows_the_best_rows(capsys: pytest.CaptureFixture[str]) -> None:
    for seat in (["--dealer"], []):
        dealt = ["5H", "5C", "JD", "QS", "4C", "9H", *seat]
        everything = advise_table(capsys, dealt)
        top = advise_table(capsys, [*dealt, "--top", "3"])
        assert top["rows"] == everything["rows"][:3] and top["shows"] == everything["shows"]
        assert top["rows"][0]["crib EV"] == ("+4.20" if seat else "-4.20")  # the crib's share, in either seat
        assert sum(top["shows"].values()) in range(98, 103)  # whole percents of the best keep's shows


@pytest.mark.parametrize(("dealt", "players", "shows", "hand_ev"), [
    # Keep 5♥ 5♣ 5♠ J♦ and lay away 9♣ 8♥: before the starter the hand is 14 (5+5+5 and three 5+J: four
    # fifteens, 8; three pairs of 5s, 6). Of the 46 starters: 5♦ makes 29 (the best hand); a ten, queen or
    # king (12 of them) three more fifteens, 20, and 21 with his nobs (10♦ Q♦ K♦: 3 of the 12); a jack (J♥ J♣
    # J♠) three fifteens and a pair, 22; the other 30 (A-4, 6-9) nothing, 14, or 15 with nobs (the 8
    # diamonds). 22x14 + 8x15 + 9x20 + 3x21 + 3x22 + 29 = 766: 16.65 a starter; 22/46 = 48%, 8/46 = 17%,
    # 9/46 = 20%, 3/46 = 7%, 1/46 = 2%.
    ("5H 5C 5S JD 9C 8H", 2, {14: 48, 15: 17, 20: 20, 21: 7, 22: 7, 29: 2}, "16.65"),
    # Three players, laying away 2♣: 47 starters, the same 12 tens, queens and kings (9 x 20, the 3 diamonds
    # 21), and 31 others (A, 3, 4, 6-9 x 4, three 2s): 23 x 14, 8 x 15; 780 / 47 = 16.60;
    # 23/47 = 49%, 8/47 = 17%, 9/47 = 19%, 3/47 = 6%, 1/47 = 2%.
    ("5H 5C 5S JD 2C", 3, {14: 49, 15: 17, 20: 19, 21: 6, 22: 6, 29: 2}, "16.60"),
])
def test_three_fives_and_the_jack_counted_by_hand(dealt: str, players: int, shows: dict[int, int], hand_ev: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    seats = {}
    for seat in (["--dealer"], []):
        table = advise_table(capsys, [*dealt.split(), "--players", str(players), *seat])
        best = table["rows"][0]  # 29 within reach: the best keep whoever deals
        assert parse_hand(best["keep"]) == parse_hand("5H 5C 5S JD")
        assert (best["hand EV"], best["min"], best["max"]) == (hand_ev, "14", "29")
        assert table["shows"] == shows and table["yours"] is bool(seat)
        seats[bool(seat)] = best
    # The laid-away cards are worth the same to the crib in either seat: given to the dealer, taken from the pone.
    mine, theirs = seats[True]["crib EV"], seats[False]["crib EV"]
    assert mine[0] == "+" and theirs[0] == "-" and mine[1:] == theirs[1:]
    assert abs(float(seats[True]["expected"]) - float(seats[False]["expected"]) - 2 * float(mine)) <= 0.015 + 1e-9


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


@pytest.mark.parametrize(("players", "said"), [
    ("0", "invalid choice: 0 (choose from 2, 3, 4)"), ("1", "invalid choice: 1 (choose from 2, 3, 4)"),
    ("-1", "invalid choice: -1 (choose from 2, 3, 4)"), ("5", "invalid choice: 5 (choose from 2, 3, 4)"),
    ("two", "'two' is not a whole number"),
])
def test_players_names_the_numbers_it_takes(players: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: --players 0 said "must be 1 or more", and 1 is refused too
    with pytest.raises(SystemExit) as exit_:
        run_advise(["5H", "5C", "JD", "QS", "4C", "9H", "--players", players])
    assert exit_.value.code == USAGE_ERROR
    assert capsys.readouterr().err.endswith("crib advise: error: argument --players: %s\n" % said)


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


@pytest.mark.parametrize(("width", "columns"), [
    (79, WHOLE),  # (the whole table is 78 columns wide: it fits)
    (72, ["#", "keep", "discard", "EV", "hand", "crib", "min", "max"]),
    (60, ["#", "keep", "discard", "EV", "hand", "crib"]),
    (55, ["keep", "discard", "EV", "hand", "crib"]),
    (50, ["keep", "discard", "EV"]),
    (40, ["keep", "discard", "EV"]),
])
def test_a_narrow_terminal_gets_a_table_that_fits_it_every_figure_whole(
        width: int, columns: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user's test: the table was 72 columns wide at any width, and at COLUMNS=50 the terminal wrapped
    # every line of it; before that, rich fitted it by cutting its numbers to "1…"
    dealt = ["5H", "5C", "JD", "QS", "4C", "9H", "--dealer"]
    whole = advise_table(capsys, dealt)["rows"]  # as printed at 80 columns (capsys: no terminal)
    monkeypatch.setenv("COLUMNS", str(width))
    assert cli.main(["advise", *dealt]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(cell_len(line) <= width for line in lines) and "…" not in "".join(lines), lines
    headers = [line for line in lines if line.startswith("┃")]
    assert len(headers) == 1 and [cell.strip() for cell in headers[0].strip("┃").split("┃")] == columns, headers
    named = [{"EV": "expected", "hand": "hand EV", "crib": "crib EV"}.get(column, column) for column in columns]
    rows = [[cell.strip() for cell in line.strip("│").split("│")] for line in lines if line.startswith("│")]
    for row in whole:  # the keep's cell as printed
        row["keep"] += " (+%s)" % row["alike"] if row["alike"] != "0" else ""
    assert rows == [[row[column] for column in named] for row in whole]  # every keep, its figures whole
    title = lines[0].strip()
    assert title in ("discard advice (your crib, 46 starters)", "your crib, 46 starters")
    left_out = [column for column in WHOLE if column not in named]
    notes = " ".join(" ".join(line for line in lines[1:] if not line.startswith(("┃", "│", "┏", "┡", "└"))).split())
    assert ("(left out to fit: %s; --json has every figure)" % ", ".join(left_out) in notes) is bool(left_out), notes
    assert "best keep shows: 10: 48%, 11: 17%, 16: 11%" in notes, notes


def test_a_terminal_too_narrow_for_any_table_wraps_its_lines_every_figure_whole(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "20")  # rich would fit a table to it, cutting numbers to "1…"
    assert cli.main(["advise", "5H", "5C", "JD", "QS", "4C", "9H", "--dealer", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert all(figure in out for figure in ("16.89", "5♥ 5♣ J♦ Q♠", "4♣ 9♥")) and "…" not in out, out
