"""`crib sim --headless --script`: whole games played from input events, checked on the state and the PNG."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from host_tools.cli import main
from simulator.cli import PNG_SCALE
from simulator.geometry import Geometry, Layout
from simulator.picture import DISPLAY_BOX_MM, OLED_GLASS
from simulator.script import ScriptError, parse

TARGET = 121


def peg_lines(side: int, points: int) -> list[str]:
    """Input events that peg ``points`` for ``side`` the way a player would (long press = 2)."""
    button = "p%d" % (side + 1)
    if points == 2:
        return ["long %s" % button]
    lines = ["press %s" % button]
    if points > 1:
        lines.append("turn %d" % (points - 1))
    return lines + ["press enc"]


def play(tmp_path: Path, script: str, flash: Path | None = None, *options: str) -> tuple[dict, Image.Image]:
    """Run the headless simulator on ``script`` (with ``options``); return the state written and the PNG."""
    (tmp_path / "game.txt").write_text(script)
    state, png = tmp_path / "state.json", tmp_path / "frame.png"
    status = main(["sim", "--headless", "--flash", str(flash or tmp_path / "flash"), "--script",
                   str(tmp_path / "game.txt"), "--state-out", str(state), "--png-out", str(png), *options])
    assert status == 0
    return json.loads(state.read_text()), Image.open(png).convert("RGB")


def centre(image: Image.Image, layout: Layout, track: int, hole: int) -> tuple[int, int, int]:
    """The colour at the centre of a hole (median of a 3x3 patch)."""
    x, y = layout.hole_px(track, hole)
    patch = [image.getpixel((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return tuple(sorted(p[c] for p in patch)[4] for c in range(3))  # type: ignore[return-value]


def expected_end(pegs: list[tuple[int, int]]) -> tuple[list[int], int]:
    """Scores when the game ends (the moment a side reaches 121; its peg stops there) and the winner."""
    front = [0, 0]
    for side, points in pegs:
        front[side] = min(TARGET, front[side] + points)
        if front[side] == TARGET:
            return front, side
    raise AssertionError("the pegs do not finish a game")


@pytest.mark.parametrize(("loser_points", "result", "games"), [(3, "double skunk", 3), (71, "skunk", 2),
                                                                (95, "win", 1)])
def test_a_whole_game_played_with_the_controls(tmp_path: Path, loser_points: int, result: str, games: int) -> None:
    # Player 1 deals, then both peg in turns; player 2 stops at ``loser_points``.
    pegs: list[tuple[int, int]] = []
    left = loser_points
    for points in [12, 2, 29, 7, 2, 31, 24, 2, 18, 9, 31]:
        pegs.append((0, points))
        if left:
            step = min(left, 13)
            pegs.append((1, step))
            left -= step
    front, winner = expected_end(pegs)
    assert front[1] == loser_points and winner == 0
    script = ["# player 1 deals", "press p1", "wait 300"]
    scores = [0, 0]
    for side, points in pegs:  # up to the peg that wins (after it, the encoder starts the next game)
        script += peg_lines(side, points)
        scores[side] += points
        if scores[side] >= TARGET:
            break
    state, png = play(tmp_path, "\n".join(script) + "\n")

    assert state["winner"] == winner
    assert state["front"] == front
    assert state["phase"] == "over"
    assert state["result"] == result  # docs/RULES.md: below 91 skunk, below 61 double skunk
    assert state["games_won"][winner] == games and state["games_won"][1 - winner] == 0

    layout = Layout(Geometry.load(), PNG_SCALE)
    assert png.size == layout.size
    r, g, b = centre(png, layout, 1, loser_points)  # the loser's front peg: player 2's orange
    assert r > 150 and r > g > b + 60
    r, g, b = centre(png, layout, 1, 101)  # far from every peg, mark and line: an unlit LED
    assert max(r, g, b) < 90


def test_a_game_survives_the_plug_and_a_restart(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    script = ["press p2"] + peg_lines(1, 4) + peg_lines(0, 9) + ["press p1", "turn 6", "plug"]
    state, _ = play(tmp_path, "\n".join(script) + "\n", flash)
    # The dial in progress was lost with the power; the pegs reached the flash.
    assert state["front"] == [9, 4] and state["dealer"] == 1
    assert state["ui"]["side"] is None
    again, _ = play(tmp_path, "# nothing: just power on\n", flash)
    assert again["front"] == [9, 4] and again["back"] == state["back"] and again["events"] == state["events"]


def test_a_board_without_the_display_is_played_the_same_and_drawn_without_it(tmp_path: Path) -> None:
    script = "\n".join(["press p2"] + peg_lines(1, 4) + peg_lines(0, 9)) + "\n"
    (tmp_path / "with").mkdir()
    (tmp_path / "without").mkdir()
    with_it, shown = play(tmp_path / "with", script)
    without, dark = play(tmp_path / "without", script, None, "--no-display")
    assert without["front"] == with_it["front"] == [9, 4]
    layout = Layout(Geometry.load(), PNG_SCALE)
    (x0, y0), (x1, y1) = layout.px(*DISPLAY_BOX_MM[:2]), layout.px(*DISPLAY_BOX_MM[2:])
    middle = ((x0 + x1) // 2, (y0 + y1) // 2)
    assert shown.getpixel(middle) == OLED_GLASS and dark.getpixel(middle) != OLED_GLASS  # the wood there


def test_protocol_lines_in_a_script_apply_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = json.dumps({"cmd": "event", "event": ["peg", 0, 7], "id": "a1"})
    state, _ = play(tmp_path, "press p1\ncmd %s\ncmd %s\n" % (line, line))
    replies = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert [r["ok"] for r in replies] == [True, True]
    assert "duplicate" not in replies[0] and replies[1]["duplicate"] is True
    assert state["front"] == [7, 0]


@pytest.mark.parametrize("bad", ["turn 0", "turn 101", "turn x", "press foot", "long", "wait -5", "jump 3", "plug now",
                                 # as the crib commands read numbers (a review: these played another game)
                                 "turn 1_0", "turn \uff13", "wait +5", "turn --1", "turn -",
                                 "turn - 3", "wait - 0"])
def test_bad_script_lines_are_refused_with_their_line_number(bad: str) -> None:
    with pytest.raises(ScriptError, match="line 3"):
        parse("# ok\npress enc\n%s\n" % bad)


@pytest.mark.parametrize(("line", "sent"), [
    ('cmd {"cmd": "undo"} # the reply is printed', '{"cmd": "undo"}'),
    ('cmd {"cmd": "event", "id": "#1"}  #', '{"cmd": "event", "id": "#1"}'),
    ('cmd {"cmd": "undo"} junk # not JSON then a comment', '{"cmd": "undo"} junk # not JSON then a comment'),
    ("cmd not json # sent as written", "not json # sent as written"),
])
def test_a_comment_after_a_commands_json_object_is_not_sent(line: str, sent: str) -> None:
    assert [(kind, arg) for _, kind, arg in parse(line)] == [("cmd", sent)]


def test_script_steps() -> None:
    steps = parse('turn -2  # back\n\nlong back\nwait 700\ncmd {"cmd": "state"}\nplug\n')
    assert [(kind, arg) for _, kind, arg in steps] == [
        ("event", ("turn", -2)), ("event", ("long", "back")), ("wait", 700), ("cmd", '{"cmd": "state"}'),
        ("plug", None)]
