"""package.json (for `mpremote mip install github:OWNER/REPO`) lists exactly what deploy sends."""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

from host_tools.cli import main
from host_tools.deploy import FIRMWARE, ROOT, firmware_files

PACKAGE = ROOT / "package.json"


def test_package_json_is_up_to_date() -> None:
    data = json.loads(PACKAGE.read_text())
    assert data["version"] == version("cribbage-board")
    board_paths = [board for board, _ in data["urls"]]
    assert sorted(board_paths) == sorted(firmware_files(FIRMWARE) + ["board.json"])
    for board, source in data["urls"]:
        assert not source.startswith("/") and (ROOT / source).is_file()  # relative to package.json
        assert Path(source).name == Path(board).name
    assert ["main.py", "firmware/main.py"] in data["urls"] and ["board.json", "hardware/board.json"] in data["urls"]
    assert main(["mip-package", "--check"]) == 0
