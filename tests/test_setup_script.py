"""scripts/setup installs only when what it installs from changed (the package's version too), and says what it
installs.

Run on a copy of the script in a folder of its own, with a stand-in for .venv's python and
for npm that note each call, so nothing is really installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import tomllib

from micropython_env import ROOT

# what the project needs to play, as pyproject.toml names them (its requirements' names, in order): the script
# names them as it installs them
DEPENDENCIES = ", ".join(re.match(r"[\w.-]+", requirement)[0] for requirement
                         in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"])
STAND_IN = """#!/bin/sh
echo "$0 $*" >> "{calls}"
case "$*" in *"pip install"*) : > "$(dirname "$0")/crib"; chmod +x "$(dirname "$0")/crib";; esac
previous=; for arg in "$@"; do [ "$previous" = --target ] && mkdir -p "$arg"; previous=$arg; done
"""


def setup_run(repo: Path, *kind: str) -> tuple[str, list[str]]:
    """Run the copied scripts/setup (for ``kind``: play, test); return what it said and the calls it made
    since the last run."""
    calls = repo / "calls.txt"
    calls.unlink(missing_ok=True)
    env = dict(os.environ, PATH="%s:%s" % (repo / "bin", os.environ["PATH"]))
    done = subprocess.run(["bash", str(repo / "scripts" / "setup"), *kind], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stderr, calls.read_text().splitlines() if calls.exists() else []


def setup_copy(repo: Path) -> None:
    """scripts/setup and what it installs from, in ``repo``, with the stand-ins for python and npm."""
    (repo / "scripts").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "scripts" / "setup", repo / "scripts" / "setup")
    shutil.copy(ROOT / "pyproject.toml", repo / "pyproject.toml")
    (repo / "firmware" / "app").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "firmware" / "app" / "__init__.py", repo / "firmware" / "app" / "__init__.py")
    lock = repo / "tests" / "micropython32" / "package-lock.json"
    lock.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "tests" / "micropython32" / "package-lock.json", lock)
    for tool in (repo / ".venv" / "bin" / "python", repo / "bin" / "npm"):
        tool.parent.mkdir(parents=True, exist_ok=True)
        tool.write_text(STAND_IN.format(calls=repo / "calls.txt"))
        tool.chmod(0o755)
    (lock.parent / "node_modules").mkdir(exist_ok=True)


def test_setup_installs_once_and_again_only_after_a_change(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    setup_copy(repo)
    said, calls = setup_run(repo)
    assert "installing the Python packages pyproject.toml names into .venv" in said
    assert "(%s)" % DEPENDENCIES in said
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

    with (repo / "firmware" / "app" / "__init__.py").open("a") as f:  # the package's version is app.VERSION
        f.write('VERSION = "9.9.9"\n')
    said, calls = setup_run(repo)
    assert "installing the Python packages" in said and len(calls) == 1 and "pip install" in calls[0]
    assert setup_run(repo) == ("", [])


def test_setup_for_play_installs_the_simulator_alone_and_the_tests_add_theirs(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    setup_copy(repo)
    said, calls = setup_run(repo, "play")
    assert said == "installing the simulator and tools (%s) into .venv\n" % DEPENDENCIES
    assert [call.split(" ", 1)[1] for call in calls] == ["-m pip install -q --disable-pip-version-check -e ."]
    assert setup_run(repo, "play") == ("", [])
    said, calls = setup_run(repo, "test")
    assert [call.split(" ", 1)[1].split(" --target")[0] for call in calls] == [
        "-m pip install -q --disable-pip-version-check -e .[dev]",
        "-m pip install -q --disable-pip-version-check --no-deps --upgrade",
        "ci --prefix tests/micropython32 --no-audit --no-fund --loglevel=error"]
    assert setup_run(repo, "play") == ("", [])  # what the tests installed has the simulator's
    assert setup_run(repo) == ("", [])


def test_setup_installs_again_for_a_venv_that_runs_another_checkout(tmp_path: Path) -> None:
    # A .venv copied or linked from another checkout runs that checkout's firmware/ (an editable install):
    # a newcomer's tests and simulator would not run the code in front of them.
    first, second = tmp_path / "first", tmp_path / "second"
    setup_copy(first)
    setup_run(first)
    shutil.copytree(first, second, symlinks=True)
    setup_copy(second)  # its stand-ins note their calls in its own folder
    said, calls = setup_run(second)
    assert "installing the Python packages" in said and "pip install" in calls[0] and len(calls) == 1
    assert setup_run(second) == ("", [])


def test_setup_refuses_what_it_cannot_be(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    setup_copy(repo)
    done = subprocess.run(["bash", str(repo / "scripts" / "setup"), "tests"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stderr == "usage: scripts/setup [play|test]\n"
