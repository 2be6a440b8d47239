"""The chip tests: the firmware as deployed, on an emulated RP2040 (``rp2040py``), in emulated time.

Every test here is marked ``chip``: ``pytest -m chip`` runs them alone, ``pytest -m "not chip"``
everything else. A booted board is shared by the tests of one module (a boot costs seconds of
CPU): the tests that use one board are an xdist group, so it is booted once, on one worker
(``stock`` or ``crib_pico``, the fixtures of test_chip_board, name the group; other tests are
grouped by module). Every chip test is ``slow``: started first, so the run ends evenly.
"""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

BOARDS = ("stock", "crib_pico")  # board fixtures shared across tests: a group each


def board_group(item: pytest.Item) -> str:
    """The xdist group of a chip test: the board it runs on, or its module."""
    callspec = getattr(item, "callspec", None)
    used = [*(callspec.params.values() if callspec else ()), *getattr(item, "fixturenames", ())]
    for board in BOARDS:
        if board in used:
            return "chip-" + board
    return "chip-" + Path(str(item.fspath)).stem


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.chip)
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group(board_group(item)))
