"""package.json (for `mpremote mip install github:OWNER/REPO`) lists exactly what deploy sends;
the firmware has one version, said alike everywhere."""

from __future__ import annotations

import json
import re
from importlib.metadata import version
from pathlib import Path

import pytest
import tomllib
from setuptools.config.pyprojecttoml import read_configuration

from app import VERSION
from host_shared.board_files import FIRMWARE, ROOT
from host_tools.cli import main
from host_tools.commands import mip_package
from host_tools.deploy.firmware_tree import firmware_files

PACKAGE = ROOT / "package.json"


def test_package_json_is_up_to_date() -> None:
    data = json.loads(PACKAGE.read_text())
    assert data["version"] == VERSION
    board_paths = [board for board, _ in data["urls"]]
    assert sorted(board_paths) == sorted([*firmware_files(FIRMWARE), "board.json"])
    for board, source in data["urls"]:
        assert not source.startswith("/") and (ROOT / source).is_file()  # relative to package.json
        assert Path(source).name == Path(board).name
    assert ["main.py", "firmware/main.py"] in data["urls"] and ["board.json", "hardware/board.json"] in data["urls"]
    assert main(["mip-package", "--check"]) == 0


def test_package_json_is_written_whole_in_its_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    written = tmp_path / "package.json"
    written.write_text("old")
    monkeypatch.setattr(mip_package, "PACKAGE_JSON", written)
    assert main(["mip-package"]) == 0
    assert written.read_text() == PACKAGE.read_text() and list(tmp_path.iterdir()) == [written]
    assert capsys.readouterr().out == "wrote package.json (%d files)\n" % (len(firmware_files(FIRMWARE)) + 1)


def manifest_metadata() -> dict[str, str]:
    """The keywords of firmware/manifest.py's ``metadata(...)``, its other commands run as no-ops."""
    found: dict[str, str] = {}

    def ignore(*args: object, **kwargs: object) -> None:
        return None

    code = compile((FIRMWARE / "manifest.py").read_text(), "manifest.py", "exec")
    exec(code, {"metadata": found.update, "include": ignore, "package": ignore, "module": ignore})
    return found


def test_one_version_in_the_manifest_package_json_and_the_firmware() -> None:
    metadata = manifest_metadata()
    assert metadata["version"] == json.loads(PACKAGE.read_text())["version"] == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    assert metadata["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_python_package_takes_its_version_from_the_firmware() -> None:
    # as a build reads pyproject.toml (its dynamic version expanded), and as the install here has it
    project = read_configuration(ROOT / "pyproject.toml")["project"]
    assert project["dynamic"] == ["version"] and project["version"] == VERSION
    assert version("cribbage-board") == VERSION


def test_the_board_prints_its_version_at_power_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import app.run
    from simulator.virtual_hardware import VirtualHardware

    served = []
    monkeypatch.setattr(app.run.asyncio, "run", lambda main: served.append(main.close()))  # not served forever
    app.run.run(VirtualHardware(str(tmp_path)))
    assert served == [None] and capsys.readouterr().out == "cribbage board firmware %s\n" % VERSION


def test_an_install_that_is_not_editable_names_every_package_the_host_imports() -> None:
    """pyproject's ``packages`` lists each folder with an ``__init__.py`` under the packages it maps (a
    package left out installs nothing of its own: ``crib`` failed at its first import without app.modes),
    and the package of the board's files, which holds data alone (tests/test_host_wheel.py)."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    data = set(setup["package-data"])
    assert data == {"host_shared.installed"}
    found = set(data)
    for package, folder in setup["package-dir"].items():
        if package and package not in data:
            for init in (ROOT / folder).rglob("__init__.py"):
                found.add(".".join([package, *init.parent.relative_to(ROOT / folder).parts]))
    assert sorted(setup["packages"]) == sorted(found)


def test_a_package_json_that_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # A review: said as export and plot say it, the OSError's own words without its "[Errno 28]"
    full = tmp_path / "package.json"  # every write fails there: No space left on device
    full.symlink_to("/dev/full")
    monkeypatch.setattr(mip_package, "PACKAGE_JSON", full)
    assert main(["mip-package"]) == 1
    assert "crib mip-package: error: cannot write %s: No space left on device\n" % full in capsys.readouterr().err
