"""An install that is not editable (``pip install .``, pipx) works: its wheel carries every file `crib deploy` sends
and board.json, and from the wheel's layout alone, with no checkout on the path, `crib sim` plays and `crib deploy`
plans, while the commands that need the checkout (`crib bench`, `crib mip-package`) say so in a line, with 2.

The wheel is built once for the module by this .venv's own pip and setuptools (no build isolation, offline, about
a second), its build folders kept out of the checkout; it is unpacked as pip would install it, and run by this
.venv's Python with ``-I -S`` and a path of the unpacked wheel and the .venv's site-packages (the dependencies):
``-S`` leaves the editable install's ``.pth`` file unread, so its finder cannot bring in the checkout's modules.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from host_shared import USAGE_ERROR
from host_shared.board_files import BOARD_JSON, FIRMWARE, ROOT
from host_tools.deploy.firmware_tree import firmware_files
from simulator.geometry import Geometry

pytestmark = pytest.mark.xdist_group("wheel")  # one worker builds the wheel, once

INSTALLED = "host_shared/installed"  # where the wheel carries the board's files (host_shared.board_files)
# The dependencies, for the unpacked wheel: the folders of .venv's site-packages (no .pth file of theirs is read).
DEPENDENCIES = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from the checkout as ``pip install .`` builds it."""
    out = tmp_path_factory.mktemp("wheel")
    config = out / "setup.cfg"  # setuptools' build/ and .egg-info in here, not in the checkout
    config.write_text("[build]\nbuild_base = %s\n[egg_info]\negg_base = %s\n" % (out / "build", out))
    env = dict(os.environ, DIST_EXTRA_CONFIG=str(config))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                           "--disable-pip-version-check", "-q", "-w", str(out / "dist"), str(ROOT)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, ("(setuptools builds a wheel itself from 70.1, which pyproject's dev extras ask: "
                                  "scripts/setup installs them)\n" + done.stdout[-2000:] + done.stderr[-3000:])
    (built,) = (out / "dist").glob("*.whl")
    return built


@pytest.fixture(scope="module")
def site(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel unpacked, as pip lays it out in site-packages."""
    folder = tmp_path_factory.mktemp("site-packages")
    with zipfile.ZipFile(wheel) as unpacked:
        unpacked.extractall(folder)
    return folder


def installed_python(site: Path, code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with the unpacked wheel ``site`` first on the path and the dependencies after it, nothing of the
    checkout; it runs in ``tmp_path``, with the simulators' run and data folders in there too."""
    path = [str(site), *DEPENDENCIES]
    env = dict(os.environ, XDG_RUNTIME_DIR=str(tmp_path / "run"), XDG_DATA_HOME=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-I", "-S", "-c", "import sys; sys.path[:0] = %r\n%s" % (path, code)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)


def test_the_wheel_holds_every_file_crib_deploy_sends_and_board_json(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as held:
        names = set(held.namelist())
        expected = {"%s/%s/%s" % (INSTALLED, root.relative_to(ROOT).as_posix(), rel): root / rel
                    for rel, root in firmware_files(FIRMWARE).items()}
        expected["%s/hardware/board.json" % INSTALLED] = BOARD_JSON
        assert sorted(set(expected) - names) == []
        for name, source in expected.items():
            assert held.read(name) == source.read_bytes(), name
    assert any(name.startswith(INSTALLED + "/firmware_native/") for name in expected)  # the native twins too
    assert not [name for name in names if name.endswith(".pyc") or "__pycache__" in name]


def test_the_wheel_leaves_out_the_lab(wheel: Path) -> None:
    # cribbage_lab serves the tests, the benchmarks and the crib table's generation: nothing installed imports it
    # (the tests below run crib from the wheel alone)
    with zipfile.ZipFile(wheel) as held:
        assert not [name for name in held.namelist() if name.startswith("cribbage_lab/")]


def test_from_the_wheel_alone_the_board_files_are_the_installed_ones(site: Path, tmp_path: Path) -> None:
    code = """
import json
from host_shared import board_files
from host_shared.board_files import FIRMWARE
from host_tools.deploy.firmware_tree import firmware_files
from simulator.geometry import Geometry
print(json.dumps({"root": str(board_files.ROOT), "checkout": board_files.CHECKOUT, "leds": Geometry.built().led_count,
                  "files": {rel: str(root / rel) for rel, root in firmware_files(FIRMWARE).items()}}))
"""
    done = installed_python(site, code, tmp_path)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    installed = site / INSTALLED
    assert said["root"] == str(installed) and said["checkout"] is None and said["leds"] == Geometry.built().led_count
    assert sorted(said["files"]) == sorted(firmware_files(FIRMWARE))
    assert all(Path(path).is_relative_to(installed) for path in said["files"].values())


def test_from_the_wheel_alone_crib_sim_plays_and_crib_deploy_plans(site: Path, tmp_path: Path) -> None:
    script = tmp_path / "game.txt"
    script.write_text('press p1\nwait 300\ncmd {"cmd": "state"}\n')
    code = """
import json
from host_tools.board import devices
from host_tools.cli import main
devices.list_ports.comports = list  # no board: deploy --dry-run plans for an empty one
played = main(["sim", "--headless", "--script", "game.txt", "--state-out", "state.json", "--png-out", "frame.png"])
planned = main(["deploy", "--dry-run"])
checkout, dependencies = %r, %r  # (.venv, whose site-packages are the dependencies', may lie in the checkout)
print(json.dumps([played, planned, sorted(name for name, module in sys.modules.items() if (getattr(module, "__file__",
      None) or "").startswith(checkout) and not module.__file__.startswith(dependencies))]))
""" % (str(ROOT) + os.sep, tuple(folder + os.sep for folder in DEPENDENCIES))
    done = installed_python(site, code, tmp_path)
    assert done.returncode == 0, done.stderr
    played, planned, from_the_checkout = json.loads(done.stdout.splitlines()[-1])
    assert (played, planned, from_the_checkout) == (0, 0, []), done.stdout[-3000:] + done.stderr
    assert json.loads((tmp_path / "state.json").read_text())["phase"] == "play"
    assert (tmp_path / "frame.png").read_bytes().startswith(b"\x89PNG")
    assert "compiled" in done.stdout and ":main.py" in done.stdout and ":board.json" in done.stdout


@pytest.mark.parametrize("command", [["bench"], ["mip-package"], ["mip-package", "--check"]])
def test_from_the_wheel_alone_what_needs_the_checkout_says_so(site: Path, tmp_path: Path, command: list[str]) -> None:
    done = installed_python(site, "from host_tools.cli import main\nsys.exit(main(%r))" % command, tmp_path)
    assert done.returncode == USAGE_ERROR and done.stdout == ""
    assert done.stderr == ("crib %s: error: needs the project's checkout (%s), and this crib is installed without one "
                           "(pip install . or pipx): run it from a clone set up with scripts/setup\n"
                           % (command[0], "its benchmarks/ and the tests' helpers" if command == ["bench"]
                              else "package.json lies in it, beside firmware/"))
