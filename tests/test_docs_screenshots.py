"""scripts/docs_screenshots.py, the tool that takes the docs' pictures of the window: its command line, its
scenes, and a picture taken (under its own Xvfb)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from micropython_env import ROOT
from simulator import script
from simulator.device import Device
from simulator.geometry import Geometry, Layout

sys.path.insert(0, str(ROOT / "scripts"))
import docs_screenshots

TOOL = ROOT / "scripts" / "docs_screenshots.py"


def test_the_screenshot_tool_explains_itself_and_checks_its_arguments_before_starting(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        docs_screenshots.parse_args(["--help"])  # was taken for the file to write, after a whole game was played
    assert done.value.code == 0 and "play,show" in capsys.readouterr().out
    for wrong in (["shot.png", "nope"], ["shot.jpg"]):
        with pytest.raises(SystemExit) as done:
            docs_screenshots.parse_args(wrong)
        assert done.value.code == 2
    args = docs_screenshots.parse_args([])
    assert (args.out, args.scene) == (Path("docs/screenshot.png"), "show")
    assert docs_screenshots.parse_args(["docs/play.png", "play"]).scene == "play"


def scene_end(scene: str, tmp_path: Path) -> tuple[list[str] | None, dict[str, Any]]:
    """The display's lines and the state after the screenshot tool's ``scene`` (sent as it sends it)."""
    device = Device(tmp_path, manual_clock=True)
    for _, kind, event in script.parse(docs_screenshots.SCENES[scene]):
        if kind == "event":
            assert json.loads(device.command(json.dumps({"cmd": "input", "event": list(event)})))["ok"]
    device.hw.advance(50)
    device.step()
    return device.lines, device.state()


def test_the_screenshot_scenes_end_where_the_docs_say(tmp_path: Path) -> None:
    # README: player 2's hand counted, its total a blinking preview peg, the count said on the display
    lines, state = scene_end("show", tmp_path / "show")
    assert state["ui"]["mode"] == "count" and state["ui"]["step"] == "confirm" and state["ui"]["seat"] == 1
    assert lines is not None and lines[0] == "P2 HAND 20" and lines[1] == "fifteen two"
    # USING.md: the play card by card, "P2: twenty-four for a run of three", player 1's 5 dialled
    lines, state = scene_end("play", tmp_path / "play")
    assert lines is not None and "P2: twenty-four for a run of three" in " ".join(lines)
    assert "P1 >5 count 24" in lines


@pytest.mark.slow
def test_the_tool_runs_from_the_scripts_folder_and_takes_the_window(tmp_path: Path) -> None:
    # Not skipped when missing: scripts/setup installs them (the window's tests need them too).
    assert shutil.which("Xvfb") and shutil.which("xdotool"), "run scripts/setup (it installs Xvfb and xdotool)"
    shot = tmp_path / "shot.png"
    subprocess.run([sys.executable, str(TOOL), str(shot), "play"], cwd=tmp_path, check=True, timeout=120,
                   capture_output=True)
    board = Layout(Geometry.load(), docs_screenshots.SCALE).size
    with Image.open(shot) as image:
        assert image.width >= board[0] and image.height > board[1]  # the board, and the help under it
        assert len(image.convert("RGB").getcolors(maxcolors=1 << 20) or ()) > 100  # drawn, not a blank window
