"""`crib export` (CSV and JSON) and `crib plot` (PNG) of game logs, from the simulator and from files."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_driver import Driver
from host_helpers import FakeBoard, crib, play_match, simulator
from match_helpers import play_game
from PIL import Image
from sim_process import CRIB, TIMEOUT_S

from app import history
from app.board import Board
from app.protocol import MAX_PAGE
from app.store import Store
from cribbage import show
from cribbage.cards import JACK
from cribbage.settings import Settings
from cribbage_lab import deck
from host_tools import log_replay
from host_tools.board.link import connect
from host_tools.card_text import parse
from host_tools.cli import main
from host_tools.commands import export, plot

TARGET = 121


def expected_games(log: list[list]) -> list[dict]:
    """Truth by plain bookkeeping: every side's running total (pegs, his heels, shows), the game
    hole capping the last score, per game; and the deal number of every event."""
    games: list[dict] = [{"rows": [], "totals": [0, 0]}]
    dealer = starter = None
    deal = 1
    for seq, event in enumerate(log):
        kind = event[0]
        if kind == "new_game":  # a row of the game it ends, in its last deal, pegging nothing
            ended = games[-1]
            ended["rows"].append({"seq": seq, "deal": ended["rows"][-1]["deal"] if ended["rows"] else 1,
                                  "points": [0, 0], "scores": ended["totals"][:]})
            games.append({"rows": [], "totals": [0, 0]})
            deal = 1
            continue
        game = games[-1]
        gained = [0, 0]
        if kind == "dealer":
            dealer = event[1]
        elif kind == "starter":
            starter = event[1]
            if starter >> 2 == JACK:
                gained[dealer] += 2
        elif kind == "peg":
            gained[event[1]] += event[2]
        elif kind == "hand":
            gained[event[1]] += show.score(event[2], starter)
        elif kind == "crib":
            gained[dealer] += show.score(event[1], starter, True)
        before = game["totals"][:]
        game["totals"] = [min(TARGET, t + g) for t, g in zip(game["totals"], gained, strict=True)]
        points = [a - b for a, b in zip(game["totals"], before, strict=True)]
        game["rows"].append({"seq": seq, "deal": deal, "points": points, "scores": game["totals"][:]})
        if kind == "crib":
            deal += 1
            dealer = 1 - dealer
        if TARGET in game["totals"]:
            loser = min(game["totals"])
            game["winner"] = game["totals"].index(TARGET)
            game["result"] = "double skunk" if loser < 61 else "skunk" if loser < 91 else "win"
            dealer = 1 - game["winner"]  # the loser deals the next game
    return games


@pytest.fixture(scope="module")
def match_log() -> list[list]:
    """A seeded log of three whole games."""
    return play_match(seed=7, games=3)


@pytest.fixture(scope="module")
def served(match_log: list[list], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The simulator with the whole match played into it over the protocol."""
    with simulator(tmp_path_factory.mktemp("flash")) as url:
        with connect(url) as link:
            for event in match_log:
                link.request("new_game" if event == ["new_game"] else "event",
                             **({} if event == ["new_game"] else {"event": event}))
        yield url


def test_export_csv_from_the_board(served: str, match_log: list[list], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "match.csv"
    assert main(["export", "--format", "csv", "--out", str(out), "-d", served]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    truth = expected_games(match_log)
    assert len(truth) == 3 and [g.get("winner") is not None for g in truth] == [True, True, True]
    want = [(n, r) for n, g in enumerate(truth, 1) for r in g["rows"]]
    assert len(rows) == len(want)
    for row, (number, expected) in zip(rows, want, strict=True):
        assert int(row["seq"]) == expected["seq"] and int(row["game"]) == number
        assert int(row["deal"]) == expected["deal"]
        assert [int(row["p1_points"]), int(row["p2_points"])] == expected["points"]
        assert [int(row["p1_score"]), int(row["p2_score"])] == expected["scores"]
        event = match_log[expected["seq"]]
        assert row["event"] == event[0] and json.loads(row["detail"]) == event[1:]
    assert rows[0]["description"] == "P%d deals first" % (match_log[0][1] + 1)


@pytest.mark.parametrize("log", [[], [["dealer", 0], ["peg", 1, 2]]], ids=["no game", "a game"])
def test_export_json_s_settings_are_the_game_rules_whether_or_not_a_game_is_in_the_log(
        log: list[list], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: a log with no game gave its settings as saved, the board's preferences in them and the rules' defaults
    # not; one with games gave the rules, every field
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps({"log": log, "settings": {"target": 61, "colour0": 3, "brightness": 9}}))
    assert main(["export", "--format", "json", "--from", str(saved)]) == 0
    assert json.loads(capsys.readouterr().out)["settings"] == Settings(target=61).to_dict()


def test_a_log_whose_settings_hold_no_game_rules_is_not_exported_with_no_game_in_it_either(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for log in ([], [["dealer", 0]]):
        saved = tmp_path / "log.json"
        saved.write_text(json.dumps({"log": log, "settings": {"target": 99}}))
        assert main(["export", "--format", "json", "--from", str(saved)]) == 1
        assert capsys.readouterr() == ("", "crib export: error: target must be 121 or 61, not 99\n")


def test_export_json_from_a_saved_log(served: str, match_log: list[list], tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", "--json", "-d", served]) == 0
    saved = tmp_path / "match.json"
    saved.write_text(capsys.readouterr().out)
    whole = json.loads(saved.read_text())  # the board sends it in pages; the host joins them
    assert whole["log"] == match_log and whole["total"] == len(match_log) > 2 * MAX_PAGE
    assert [game["winner"] for game in whole["games"]] == [g["winner"] for g in expected_games(match_log)]  # (page 1's)
    assert main(["export", "--format", "json", "--from", str(saved)]) == 0
    data = json.loads(capsys.readouterr().out)
    truth = expected_games(match_log)
    assert data["settings"]["target"] == TARGET and len(data["games"]) == 3
    for game, expected in zip(data["games"], truth, strict=True):
        assert (game["winner"], game["result"]) == (expected["winner"], expected["result"])
        assert game["worth"] == {"win": 1, "skunk": 2, "double skunk": 3}[expected["result"]]
        assert game["final"] == expected["totals"] and not game["abandoned"]
        ended = [game["ended_by"]] if game["ended_by"] else []  # the new game: the last row of the game it ended
        assert [(s["seq"], s["deal"], s["points"], s["scores"]) for s in game["steps"] + ended] == [
            (r["seq"], r["deal"], r["points"], r["scores"]) for r in expected["rows"]]
    # The board's reply and a bare list of events give the same export.
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(match_log))
    assert main(["export", "--format", "json", "--from", str(bare)]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == data["games"]
    report = tmp_path / "report.json"  # the export itself is no log to read back: said so (a review)
    report.write_text(json.dumps(data))
    assert main(["export", "--from", str(report)]) == 1
    assert "a report that crib export wrote, not a log: save the log with `crib log --json" in capsys.readouterr().err


def test_export_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"log": [["peg", 0, 2]]}')  # pegging before anyone dealt
    assert main(["export", "--from", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "event 0" in err and "Traceback" not in err
    broken.write_text("not json")
    assert main(["export", "--from", str(broken)]) == 1
    assert "is not JSON" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["export", "plot"])
def test_a_log_file_edited_by_hand_is_refused_whole_as_the_help_says(command: str, match_log: list[list],
                                                                     tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user: the README said what cannot be replayed is skipped, but a log file whose second game
    # holds a refused event gives no game at all (on purpose: log_replay); the help and the README now say so.
    edited = list(match_log)
    bad = edited.index(["new_game"]) + 3  # in the second game: the first is whole
    edited[bad] = ["peg", 0, 99]
    saved = tmp_path / "edited.json"
    saved.write_text(json.dumps(edited))
    written = str(tmp_path / "out.png") if command == "plot" else "-"  # (export: standard output)
    status, out, err = crib(capsys, command, "--from", str(saved), "--out", written)
    assert status == 1 and out == "" and "event %d " % bad in err and "skipped" not in err
    assert sorted(tmp_path.iterdir()) == [saved]
    said = "refused whole, naming that event"
    assert said in " ".join(crib(capsys, command, "--help")[1].split())
    assert said in " ".join(crib(capsys, "--help")[1].split())
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())
    assert "A log file given with `--from` in which an event breaks the rules (one edited by hand) they refuse " \
           "whole, naming that event" in readme


def test_export_out_dash_is_standard_output(match_log: list[list], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: --out - wrote a file named "-".
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps(match_log))
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--from", saved.name]) == 0
    as_if_none = capsys.readouterr().out
    assert main(["export", "--from", saved.name, "--out", "-"]) == 0
    assert capsys.readouterr().out == as_if_none and as_if_none.startswith("seq,match,game")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["log.json"]


def test_export_writes_the_format_out_s_extension_names(match_log: list[list], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # A first-time user: --out m.json was written as CSV, --format json --out m.csv as JSON (exit 0 both).
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps(match_log))
    as_json, as_csv = tmp_path / "m.JSON", tmp_path / "m.csv"
    assert main(["export", "--from", str(saved), "--out", str(as_json)]) == 0
    assert "(JSON: 3 games" in capsys.readouterr().out and len(json.loads(as_json.read_text())["games"]) == 3
    assert main(["export", "--from", str(saved), "--out", str(as_csv), "--format", "csv"]) == 0
    assert as_csv.read_text().startswith("seq,match,game")
    monkeypatch.chdir(tmp_path)
    for wrong, said in ((["--format", "json", "--out", "x.csv"], "--format json but --out x.csv names CSV"),
                        (["--format", "csv", "--out", "x.json"], "--format csv but --out x.json names JSON"),
                        (["--out", "x.txt"], "x.txt: its extension names no format crib export writes (.csv, .json)"),
                        (["--format", "csv", "--out", "x"], "x: its extension names no format crib export writes")):
        status, _, err = crib(capsys, "export", "--from", saved.name, *wrong)
        assert status == 2 and said in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["log.json", "m.JSON", "m.csv"]  # none written


def test_export_out_dev_stdout_writes_to_the_pipe_or_the_file_it_is_sent_to(match_log: list[list],
                                                                              tmp_path: Path) -> None:
    # A review: /dev/stdout was resolved to the pipe's "pipe:[...]" name (exit 1, nothing written), or to the file
    # it was sent to, which was then replaced by another: what was written to it after (crib's "wrote") was lost.
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps(match_log))
    command = [CRIB, "export", "--from", str(saved), "--out", "/dev/stdout"]
    piped = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert piped.returncode == 0 and piped.stdout.startswith("seq,match,game"), piped.stderr
    kept = tmp_path / "kept.csv"
    with kept.open("w") as sent:
        inode = os.fstat(sent.fileno()).st_ino
        added = subprocess.run(command, stdout=sent, stderr=subprocess.PIPE, text=True, timeout=TIMEOUT_S)
    # standard output by another name, as -: the file it is sent to is written once, not replaced
    assert added.returncode == 0 and kept.stat().st_ino == inode and kept.read_text() == piped.stdout, added.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.csv", "log.json"]


@pytest.mark.parametrize("command", ["export", "plot"])
def test_a_write_that_fails_leaves_the_file_there_as_it_was(command: str, match_log: list[list], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    # A review: a failed write left the file there empty (Pillow's "cannot write mode RGB as XBM").
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps(match_log))
    out = tmp_path / ("kept.csv" if command == "export" else "kept.png")
    out.write_bytes(b"kept")

    def disk_full(path: object) -> None:
        with open(str(path), "w") as opened:
            opened.write("half")
        raise OSError(errno.ENOSPC, "No space left on device")

    class OnAFullDisk:  # the image plot.render draws, saved where no space is left
        save = staticmethod(disk_full)

    if command == "export":
        monkeypatch.setattr(Path, "write_text", lambda self, *args, **kwargs: disk_full(self))
    else:
        monkeypatch.setattr(plot, "render", lambda *args: OnAFullDisk())
    assert main([command, "--from", str(saved), "--out", str(out)]) == 1
    assert "cannot write %s: No space left on device" % out in capsys.readouterr().err
    assert out.read_bytes() == b"kept" and sorted(tmp_path.iterdir()) == sorted([saved, out])  # no half-written file
    monkeypatch.undo()
    link = tmp_path / ("link" + out.suffix)  # through a symlink: the file it leads to is replaced, its mode kept
    link.symlink_to(out.name)
    out.chmod(0o640)
    assert main([command, "--from", str(saved), "--out", str(link)]) == 0
    assert link.is_symlink() and out.read_bytes() != b"kept" and out.stat().st_mode & 0o777 == 0o640
    assert sorted(tmp_path.iterdir()) == sorted([saved, out, link])


def test_race_x_is_the_deal_number(match_log: list[list]) -> None:
    game = log_replay.replay({}, match_log)[0]
    lines = plot.race(game)
    winner_line = lines[game.winner]
    assert winner_line[0] == (0.0, 0) and winner_line[-1][1] == TARGET
    assert winner_line[-1][0] == pytest.approx(game.deals)  # the winning score is the last of its deal
    # The score at each whole deal number is the score once that deal was over (truth: after its crib).
    for side, line in enumerate(lines):
        at_deal_end = {round(x): y for x, y in line if x == int(x) and x > 0}
        for step in game.steps:
            if step.event[0] == "crib" and step.points[side]:
                assert at_deal_end[step.deal] == step.scores[side]


ONE_PEG = [["dealer", 0], ["peg", 1, 5]]  # a game's first deal, one peg into it
ONE_DEAL = [["dealer", 0], ["peg", 1, 5], ["peg", 0, 2], ["hand", 1, None, 8], ["hand", 0, None, 6],
            ["crib", None, 4]]  # a game's first deal, its crib counted: the game goes on


def test_a_deal_being_played_leaves_room_for_what_is_to_come() -> None:
    # A first-time user's test: the plot of a log of one deal drew its lone peg on the plot's right edge, the end
    # of the deal (the axis spans the deals, and a deal's last event was at its end, over or not)
    game = log_replay.replay({}, ONE_PEG)[0]
    assert plot.drawn_deals(game) == 1 and plot.playing(game)
    p1, p2 = plot.race(game)
    assert p2 == [(0.0, 0), (0.5, 0), (0.5, 5), (1.0, 5)]  # in the middle of deal 1, under its number; then flat
    assert p1 == [(0.0, 0), (1.0, 0)]
    # in the next deal, after a crib, likewise: its events over its first half, the deals before as they were
    game = log_replay.replay({}, [*ONE_DEAL, ["peg", 1, 2], ["peg", 0, 1]])[0]
    p1, p2 = plot.race(game)
    assert plot.drawn_deals(game) == 2
    assert p2[-3:] == [(1.25, 13), (1.25, 15), (2.0, 15)] and p1[-3:] == [(1.5, 12), (1.5, 13), (2.0, 13)]
    assert p1[-5:-3] == [(1.0, 8), (1.0, 12)]  # deal 1's crib at its end


def test_a_game_going_on_after_a_crib_draws_the_next_deal_empty() -> None:
    game = log_replay.replay({}, ONE_DEAL)[0]
    assert game.deals == 1 and game.deal_over and not plot.playing(game) and plot.drawn_deals(game) == 2
    assert plot.deal_ticks(plot.drawn_deals(game)) == [(0.5, "1"), (1.5, "2")]
    p1, p2 = plot.race(game)
    assert p1[-3:] == [(1.0, 8), (1.0, 12), (2.0, 12)]  # the crib's 4 at deal 1's end, then flat across deal 2
    assert p2[-1] == (2.0, 13)
    won = log_replay.replay({}, [["dealer", 0], *[["peg", 1, 31]] * 4])[0]  # won in deal 1: its deal is the axis
    assert won.winner == 1 and plot.drawn_deals(won) == 1 and plot.race(won)[1][-1] == (1.0, 121)


def test_the_lone_peg_of_a_one_deal_log_is_drawn_in_the_plot_s_middle(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    saved, out = tmp_path / "one.json", tmp_path / "one.png"
    saved.write_text(json.dumps({"log": ONE_PEG, "settings": {}}))
    assert main(["plot", "--from", str(saved), "--out", str(out)]) == 0
    image = Image.open(out).convert("RGB")
    orange = plot.side_colours({})[1]
    pixels = image.load()
    left, right = plot.MARGIN[0], plot.PANEL[0] - plot.MARGIN[2]
    bottom = plot.PANEL[1] - plot.MARGIN[3]
    step = [x for x in range(image.size[0]) if pixels[x, bottom - 5] == orange]  # the step up, above the 0 line
    middle = (left + right) // 2
    assert step and all(abs(x - middle) <= plot.LINE_WIDTH for x in step), step


def test_race_lines_step_up_at_each_score(match_log: list[list]) -> None:
    for game in log_replay.replay({}, match_log):
        for line in plot.race(game):
            for (x0, y0), (x1, y1) in zip(line, line[1:], strict=False):
                assert x1 >= x0 and y1 >= y0 and (x1 == x0 or y1 == y0), line  # flat, or straight up


def test_plot_refuses_an_image_format_it_cannot_write_before_asking_the_board(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:  # (no board there: asked, it would fail otherwise)
        main(["plot", "--out", "race.svg", "-d", "socket://127.0.0.1:1"])
    assert exited.value.code == 2
    assert "race.svg: its extension names no image format crib plot writes (.png, .jpg" in capsys.readouterr().err


def _colour_rows(image: Image.Image, colour: tuple[int, int, int], at_least: int) -> list[int]:
    """Rows with at least ``at_least`` pixels of exactly ``colour``."""
    width, height = image.size
    data = image.load()
    return [y for y in range(height) if sum(data[x, y] == colour for x in range(width)) >= at_least]


def test_plot_a_match(served: str, match_log: list[list], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "race.png"
    assert main(["plot", "--out", str(out), "-d", served]) == 0
    image = Image.open(out).convert("RGB")
    assert image.size == (plot.PANEL[0], 3 * plot.PANEL[1])
    colours = image.getcolors(maxcolors=1 << 16)
    counts = {c: n for n, c in colours}
    blue, orange = plot.side_colours({})[:2]
    assert counts.get(blue, 0) > 500 and counts.get(orange, 0) > 500
    # Two dashed lines a panel, at 91 and 61 of 121 (the skunk and double-skunk lines).
    dashed = _colour_rows(image, plot.SKUNK_INK, 200)
    top = plot.MARGIN[1]
    bottom = plot.PANEL[1] - plot.MARGIN[3]
    expected = []
    for panel in range(3):
        for score in (91, 61):
            y = panel * plot.PANEL[1] + round(bottom - (bottom - top) * score / TARGET)
            expected += [y, y + 1]  # lines two pixels wide
    assert sorted(set(dashed) & set(expected)) == sorted(expected)
    # The winner reached the game hole: its colour is on the 121 row of its panel, the loser's is not.
    truth = expected_games(match_log)
    pixels = image.load()
    for panel, game in enumerate(truth):
        y = panel * plot.PANEL[1] + top
        row = {pixels[x, y] for x in range(plot.MARGIN[0], plot.PANEL[0] - plot.MARGIN[2])}
        colour = plot.side_colours({})
        assert colour[game["winner"]] in row and colour[1 - game["winner"]] not in row


def test_plot_one_game_in_the_board_colours(match_log: list[list], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps({"log": match_log, "settings": {"colour0": 4, "colour1": 5}}))
    out = tmp_path / "game2.png"
    assert main(["plot", "--from", str(saved), "--game", "2", "--out", str(out)]) == 0
    image = Image.open(out).convert("RGB")
    assert image.size == plot.PANEL
    counts = {c: n for n, c in image.getcolors(maxcolors=1 << 16)}
    yellow, vermillion = plot.CHOICES[4], plot.CHOICES[5]
    assert counts.get(yellow, 0) > 500 and counts.get(vermillion, 0) > 500
    assert counts.get(plot.CHOICES[0], 0) == 0
    assert main(["plot", "--from", str(saved), "--game", "9", "--out", str(out)]) == 1
    assert "no game 9" in capsys.readouterr().err


def test_plot_p1_and_p3_saved_in_one_colour_are_told_apart_as_the_board_tells_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: the plot chose the colours by its own rules, and drew P1 and P3 saved in one colour alike, where the
    # board gives P3 its default (app.prefs.restore_prefs); a colour no palette holds is its side's default there too
    settings = {"players": 3, "colour0": 4, "colour1": 99, "colour2": 4}
    yellow, orange, green = plot.CHOICES[4], plot.CHOICES[1], plot.CHOICES[2]
    assert plot.side_colours(settings) == [yellow, orange, green]
    saved = tmp_path / "three.json"
    saved.write_text(json.dumps({"log": [["dealer", 0], ["peg", 2, 5], ["peg", 0, 3]], "settings": settings}))
    out = tmp_path / "three.png"
    assert main(["plot", "--from", str(saved), "--out", str(out)]) == 0
    counts = {c: n for n, c in Image.open(out).convert("RGB").getcolors(maxcolors=1 << 16)}
    assert counts.get(yellow, 0) > 50 and counts.get(green, 0) > 50


# A team game: seat 2 (team 1's second partner) deals, team 2 pegs out with seat 3's hand.
TEAM_LOG = [["dealer", 2], ["peg", 1, 29], ["peg", 1, 29], ["peg", 1, 29], ["peg", 1, 29], ["peg", 0, 20],
            ["hand", 3, None, 10]]


def test_a_team_game_is_exported_and_plotted_with_the_boards_names(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "teams.json"
    saved.write_text(json.dumps({"log": TEAM_LOG, "settings": {"players": 4, "colour0": 4}}))
    assert main(["export", "--format", "csv", "--from", str(saved)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["description"] for row in rows] == (
        ["T1b deals first"] + ["T2 pegs 29"] * 4 + ["T1 pegs 20", "T2b's hand: total 10"])
    assert (rows[-1]["t1_score"], rows[-1]["t2_score"]) == ("20", "121")  # (a review: the columns said p1, p2)
    game = log_replay.replay({"players": 4}, TEAM_LOG)[0]
    assert plot.title(game) == "game 1: T1: 20, T2: 121 - T2 wins with a double skunk (counts 3 games)"
    assert plot.title(log_replay.replay({"players": 3}, [["dealer", 0], ["peg", 2, 5]])[0]) == (
        "game 1: P1: 0, P2: 0, P3: 5 - in progress")
    out = tmp_path / "teams.png"
    assert main(["plot", "--from", str(saved), "--out", str(out)]) == 0
    assert Image.open(out).size == plot.PANEL


@pytest.mark.parametrize(("rule", "lines"), [("skunk", [91, 61]), ("lurch", [61]), ("none", [])])
def test_the_lines_drawn_follow_the_skunk_rule(rule: str, lines: list[int]) -> None:
    game = log_replay.GameRecord(1, log_replay.Match({"skunk": rule}).settings)
    assert [score for score, _ in plot.marked_lines(game)] == lines


def test_the_cut_by_ranks_and_a_muggins_call_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = [parse(c) for c in "5H 5D JC 10C".split()]
    crib = [parse(c) for c in "4C 4D 6H 6S".split()]
    log = [["cut_ranks", [12, 9]], ["starter", parse("5S")], ["hand", 0, hand, 12], ["muggins", 1],
           ["hand", 1, None, 7], ["crib", crib, 10], ["muggins", 0]]
    saved = tmp_path / "muggins.json"
    saved.write_text(json.dumps({"log": log, "settings": {"muggins": True}}))
    assert main(["export", "--format", "csv", "--from", str(saved)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["description"] for row in rows] == [
        "cut for deal: P1 K, P2 10", "starter 5S", "P1's hand: 5H 5D JC 10C, claims 12", "P2 calls muggins",
        "P2's hand: total 7", "crib: 4C 4D 6H 6S, claims 10", "P1 calls muggins"]
    game = log_replay.replay({"muggins": True}, log)[0]
    assert [(step.event[0], step.deal, step.points) for step in game.steps[-2:]] == [
        ("crib", 1, [0, 10]), ("muggins", 1, [14, 0])]  # the crib's call, in the crib's deal


def _long_board(games: int = 6, kept: int = 4, new_match_after: int | None = None) -> tuple[Board, list[list]]:
    """A board that played ``games`` seeded games, each archived once the next began (the logs of ``kept``
    archives kept), the one numbered ``new_match_after`` (from 0) followed by a ``["new_match"]`` event,
    and the whole log it played."""
    board = Driver().board
    rand = deck.Xorshift32(11)
    log: list[list] = []

    def apply(event: list) -> None:
        board.apply(event)
        log.append(event)

    for game in range(games):
        play_game(board.match, rand, apply)
        apply(["new_match"] if game == new_match_after else ["new_game"])
        history.archive(board, kept)
        board.save()
    return board, log


def test_a_long_match_is_logged_exported_and_plotted_from_the_oldest_game_the_board_keeps(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board, log = _long_board(games=5, kept=2)  # the logs of the last 2 archives kept (100 on the board)
    kept = board.history[0]

    def crib_on_board(*argv: str) -> tuple[int, str, str]:
        with FakeBoard(lambda line: (board.handle_command(line) + "\n").encode()) as fake:
            return crib(capsys, *argv, "-d", fake.url)

    status, out, _ = crib_on_board("log", "--json")
    saved = tmp_path / "kept.json"
    saved.write_text(out)
    assert status == 0 and json.loads(out)["from"] == kept > 0 and json.loads(out)["log"] == log[kept:]
    status, out, _ = crib_on_board("log")
    assert status == 0 and "events 0 to %d are no longer on the board" % (kept - 1) in " ".join(out.split())
    truth = [g for g in log_replay.replay({}, log) if g.steps[0].seq >= kept]  # the whole match, from its first event
    status, out, err = crib_on_board("export", "--format", "json")
    exported = json.loads(out)["games"]
    assert status == 0 and [g["number"] for g in exported] == [3, 4, 5] == [g.number for g in truth]
    # the games before: all the board has is given, and what it no longer has is said (a review: unsaid)
    gone = "note: events 0 to %d are no longer on the board" % (kept - 1)
    assert json.loads(out)["from"] == kept and json.loads(out)["skipped"] == [] and gone in err, err
    assert [(g["winner"], g["final"], [s["seq"] for s in g["steps"]]) for g in exported] == [
        (g.winner, g.final, [s.seq for s in g.steps]) for g in truth]
    assert crib(capsys, "export", "--format", "json", "--from", str(saved))[1] == out  # the saved log: the same
    status, out, err = crib_on_board("plot", "--out", str(tmp_path / "race.png"))
    assert status == 0 and Image.open(tmp_path / "race.png").size[0] > 0 and gone in err, err
    os.remove("%s/history/%d.a" % (board.hw.storage_root, board.history[1]))  # a file of the log lost from the flash
    status, _, err = crib_on_board("log")
    assert status == 1 and "are lost from the board's flash" in " ".join(err.split()), err  # not "kept changing"


def test_a_log_kept_from_a_later_event_needs_the_match_s_state_there(match_log: list[list], tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    nulled = tmp_path / "nulled.json"  # a saved log edited by hand: an event that is none is no event skipped
    nulled.write_text(json.dumps({"log": match_log[:5] + [None] + match_log[6:]}))
    status, _, err = crib(capsys, "export", "--from", str(nulled))
    assert status == 1 and "error: event 5 null: an event is a list" in err and "skipped" not in err, err
    with pytest.raises(ValueError, match="starts at event 5, without the match's state there"):
        log_replay.replay({}, match_log[5:], 5)  # a board's oldest file written by older firmware: no base
    for bad, said in (({"from": -1}, '"from" must be'), ({"from": 2.0}, '"from" must be'),
                      ({"from": 5, "base": "x"}, '"base" must be'),
                      ({"from": 5, "base": [3, 0, [0, 0], [], 1, 0]}, "but its match's state is that of event 3")):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(dict(bad, log=match_log[5:])))
        status, _, err = crib(capsys, "export", "--from", str(path))
        assert status == 1 and said in " ".join(err.split()), err


def _without_base(board: Board, start: int) -> None:
    """Make the archive's file from ``start`` one written by firmware before files held the match's state."""
    folder = "%s/history" % board.hw.storage_root
    data, _ = Store(folder, str(start)).load()
    codes = list(data["codes"])
    os.remove("%s/%d.a" % (folder, start))
    Store(folder, str(start)).save({"from": start, "to": data["to"], "codes": iter(codes)})


@pytest.mark.parametrize("damage", ["lost file", "lost oldest file", "lost oldest and last files",
                                    "oldest files from older firmware"])
def test_export_and_plot_give_every_game_the_board_can_give_and_say_what_they_skip(
        damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board, log = _long_board()
    starts = board.history
    folder = "%s/history" % board.hw.storage_root
    if damage == "oldest files from older firmware":
        _without_base(board, starts[0])
        _without_base(board, starts[1])
        gone = [(starts[0], starts[2], "archived by older firmware, without the match's state")]
    else:  # the files' events up to the next file, or to the save's log after the last
        lost = {"lost file": [1], "lost oldest file": [0], "lost oldest and last files": [0, 3]}[damage]
        ends = [*starts[1:], board.match.archived]
        for k in lost:
            os.remove("%s/%d.a" % (folder, starts[k]))
        gone = [(starts[k], ends[k], "are lost from the board's flash") for k in lost]
    before = {name: Path(folder, name).read_bytes() for name in os.listdir(folder)}
    truth = [g for g in log_replay.replay({}, log)
             if g.steps[0].seq >= starts[0] and not any(a <= g.steps[0].seq < b for a, b, _ in gone)]

    def crib_on_board(*argv: str) -> tuple[int, str, str]:
        with FakeBoard(lambda line: (board.handle_command(line) + "\n").encode()) as fake:
            return crib(capsys, *argv, "-d", fake.url)

    said = ["crib export: skipped: events %d to %d: " % (a, b - 1) for a, b, _ in gone]
    status, out, err = crib_on_board("export", "--format", "json")
    exported = json.loads(out)
    note, *lines = err.splitlines()  # the games before the oldest kept (no longer on the board): a note first
    assert note.startswith("crib export: note: events 0 to %d " % (starts[0] - 1)) and exported["from"] == starts[0]
    assert status == 1 and len(lines) == len(gone), err  # a line each
    assert all(line.startswith(s) and why in line for line, s, (_, _, why) in zip(lines, said, gone, strict=True)), err
    assert exported["skipped"] == [{"from": a, "to": b - 1, "why": line[len(s):]}
                                   for line, s, (a, b, _) in zip(lines, said, gone, strict=True)]
    assert len(truth) >= 2 and [(g["number"], g["winner"], g["final"], [s["seq"] for s in g["steps"]])
                                for g in exported["games"]] == [
        (g.number, g.winner, g.final, [s.seq for s in g.steps]) for g in truth]
    status, out, err = crib_on_board("export", "--format", "csv", "--out", str(tmp_path / "match.csv"))
    assert status == 1 and "wrote" in out and err.splitlines()[1].startswith(said[0]), err
    rows = list(csv.DictReader(io.StringIO((tmp_path / "match.csv").read_text())))
    assert [int(row["seq"]) for row in rows] == [s.seq for g in truth for s in export.rows_of(g)]
    status, out, err = crib_on_board("plot", "--out", str(tmp_path / "race.png"))
    assert status == 1 and "wrote" in out and err.splitlines()[1].startswith(said[0].replace("export", "plot")), err
    assert Image.open(tmp_path / "race.png").size == (plot.PANEL[0], len(truth) * plot.PANEL[1])
    assert {name: Path(folder, name).read_bytes() for name in os.listdir(folder)} == before  # the flash as it was
    status, _, err = crib_on_board("log")  # crib log shows the log whole or says why not, as before
    assert status == (1 if "lost" in damage else 0), err


def test_a_board_with_firmware_from_before_skip_gives_the_games_before_a_lost_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    board, log = _long_board()
    os.remove("%s/history/%d.a" % (board.hw.storage_root, board.history[2]))

    def before_skip(line: str) -> bytes:
        request = json.loads(line)
        if "skip" in request:  # as the board answered before it took skip
            return (json.dumps({"ok": False, "error": "log takes no \"skip\"", "id": request["id"]}) + "\n").encode()
        return (board.handle_command(line) + "\n").encode()

    with FakeBoard(before_skip) as fake:
        status, out, err = crib(capsys, "export", "--format", "json", "-d", fake.url)
    games = json.loads(out)["games"]
    assert status == 1 and len(games) == 2 and games[-1]["steps"][-1]["seq"] < board.history[2], err
    assert err.strip().splitlines()[-1] == "crib export: skipped: events %d to %d: the log's events %d to %d are " \
        "lost from the board's flash; this board's firmware cannot skip them to give the events after (crib deploy " \
        "updates it)" % (board.history[2], len(log) - 1, board.history[2], board.history[3] - 1), err


def test_an_abandoned_game_and_a_new_match_in_the_log_are_told_apart(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # A review of the host tools: the CSV gave an abandoned game's rows and a new match's game 1 as game 1,
    # like the game after them.
    log = [["dealer", 0], ["peg", 1, 5], ["new_game"],  # game 1 abandoned: game 1 again
           ["dealer", 0], *[["peg", 0, 31]] * 3 + [["peg", 0, 28]], ["new_match"],  # won; then a new match
           ["dealer", 1], ["peg", 1, 7]]
    saved = tmp_path / "two.json"
    saved.write_text(json.dumps({"log": log}))
    assert main(["export", "--format", "csv", "--from", str(saved)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    # every event a row, the new game and the new match each the last of the game it ended (a play-test: the CSV
    # left them out, and the abandoned game and the one after it were both game 1): log_game tells the games apart
    assert [(row["seq"], row["match"], row["game"], row["abandoned"], row["log_game"]) for row in rows] == [
        *[(str(seq), "1", "1", "yes", "1") for seq in range(3)],
        *[(str(seq), "1", "1", "", "2") for seq in range(3, 9)],
        ("9", "2", "1", "", "3"), ("10", "2", "1", "", "3")]
    assert [(row["event"], row["description"], row["p1_points"], row["p1_score"], row["p2_score"], row["deal"])
            for row in rows if row["event"].startswith("new_")] == [
        ("new_game", "new game", "0", "0", "5", "1"), ("new_match", "new match", "0", "121", "0", "1")]
    assert main(["export", "--format", "json", "--from", str(saved)]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert [(g["match"], g["number"], g["abandoned"], g["winner"]) for g in games] == [
        (1, 1, True, None), (1, 1, False, 0), (2, 1, False, None)]
    assert [g["ended_by"] and (g["ended_by"]["seq"], g["ended_by"]["event"], g["ended_by"]["scores"])
            for g in games] == [(2, ["new_game"], [0, 5]), (8, ["new_match"], [121, 0]), None]
    titles = [plot.title(game) for game in log_replay.replay({}, log)]
    assert titles == ["game 1: P1: 0, P2: 5 - abandoned", "game 1: P1: 121, P2: 0 - P1 wins with a double skunk "
                      "(counts 3 games)", "match 2, game 1: P1: 0, P2: 7 - in progress"]


def test_matches_are_told_apart_across_a_lost_file_of_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    # A review of the last fixes: the games after a lost file holding a ["new_match"] event were numbered
    # as the match before it.
    board, log = _long_board(new_match_after=2)
    begun = log.index(["new_match"]) + 1
    starts = board.history
    holding = max(start for start in starts if start < begun)  # the file that holds the new match's start
    assert holding > starts[0]
    os.remove("%s/history/%d.a" % (board.hw.storage_root, holding))
    with FakeBoard(lambda line: (board.handle_command(line) + "\n").encode()) as fake:
        status, out, _ = crib(capsys, "export", "--format", "json", "-d", fake.url)
    games = json.loads(out)["games"]
    assert status == 1 and games, out
    truth = {g.steps[0].seq: 1 if g.steps[0].seq < begun else 2 for g in log_replay.replay({}, log) if g.steps}
    assert [g["match"] for g in games] == [truth[g["steps"][0]["seq"]] for g in games]
    assert {g["match"] for g in games} == {1, 2}
