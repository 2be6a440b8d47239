"""Make the docs' screenshots from the real window: ``.venv/bin/python scripts/docs_screenshots.py
docs/screenshot.png`` (the README's: a hand counted) and ``.venv/bin/python scripts/docs_screenshots.py
docs/play.png play`` (docs/USING.md's: the play laid card by card, the running count on the track).

Starts Xvfb, opens the simulator's window on it with an empty flash folder, plays a game
to mid-way through the protocol's ``input`` command (the same events as the controls),
and saves the window. Needs Xvfb and xdotool (``scripts/setup`` installs them). A tool for
the docs, kept out of the simulator package (and so out of what an install carries).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageGrab, ImageStat

from simulator import script
from simulator.window import TITLE

SCALE = 3.2
# Player 1 deals; both peg through the play; the starter is a five; player 2's hand is counted.
GAME = """
press p1
press p2
turn 8
press enc
press p1
turn 11
press enc
long p2
press p1
turn 5
press enc
press p2
turn 14
press enc
press p1
turn 9
press enc
press p2
turn 12
press enc
press p1
turn 15
press enc
long p2
press enc
turn 4
press enc
press enc
turn 4
press enc
press p2
press enc
turn 5
press enc
turn 1
press enc
"""


# The play card by card (the settings' ninth item): player 1 deals, the starter 5H; player 2
# lays 5, player 1 10 (fifteen two), 3, 4, and player 2's 2 makes twenty-four for a run of
# three; player 1 has a 5 dialled (hole 5; the count, 24, a bar from hole 60, the five after it).
PLAY = """
long enc
turn 2
press enc
turn 8
press enc
turn 1
press enc
press back
press p1
press enc
turn 4
press p2
press p2
press enc
press enc
turn 5
press enc
turn -7
press enc
turn 1
press enc
turn -2
press enc
turn 3
"""
SCENES = {"show": GAME, "play": PLAY}


def run(command: list[str], env: dict[str, str]) -> str:
    """Run a command, return its output."""
    return subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=30).stdout


def main(out: Path, scene: str = "show") -> None:
    """Take the screenshot of ``scene`` (a key of ``SCENES``) into ``out``."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as numbers:
        display = ":" + numbers.readline().strip()
    env = dict(os.environ, DISPLAY=display)
    with tempfile.TemporaryDirectory() as flash:
        sim = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "sim", "--flash", flash, "--port", "0",
                                "--scale", str(SCALE)], env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert sim.stdout is not None
            port = int(sim.stdout.readline().rsplit(":", 1)[1])
            with socket.create_connection(("127.0.0.1", port), timeout=10) as conn, conn.makefile("r") as replies:
                for _, kind, event in script.parse(SCENES[scene]):
                    if kind == "event":
                        request = {"cmd": "input", "event": list(event)}
                        conn.sendall((json.dumps(request) + "\n").encode())
                        replies.readline()
            # the title goes on with the port it serves on
            found = run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^%s( |$)" % TITLE], env)
            window = found.split()[0]
            shell = run(["xdotool", "getwindowgeometry", "--shell", window], env)
            where = dict(line.split("=") for line in shell.split())
            x, y, w, h = (int(where[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
            time.sleep(1.0)
            shots: list[Image.Image] = []
            for _ in range(8):  # the preview peg blinks: keep the frame with the most light
                shots.append(ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=display))
                time.sleep(0.09)
            best = max(shots, key=lambda shot: sum(ImageStat.Stat(shot).sum))
            best.save(out, optimize=True)
        finally:
            sim.terminate()
            sim.wait(timeout=10)
            xvfb.terminate()
            xvfb.wait(timeout=10)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: where to save the screenshot, and which scene (checked before anything starts)."""
    parser = argparse.ArgumentParser(prog="scripts/docs_screenshots.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/screenshot.png"),
                        help="the PNG file to write (default: docs/screenshot.png)")
    parser.add_argument("scene", nargs="?", choices=sorted(SCENES), default="show",
                        help="show: a hand counted (the README's); play: the play laid card by card "
                        "(docs/USING.md's); default: show")
    args = parser.parse_args(argv)
    if args.out.suffix.lower() != ".png":
        parser.error("the screenshot is a PNG file: %s does not end in .png" % args.out)
    return args


if __name__ == "__main__":
    arguments = parse_args(sys.argv[1:])
    main(arguments.out, arguments.scene)
