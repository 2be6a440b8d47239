"""The chip tests: the firmware as deployed, on an emulated RP2040 (``rp2040py``), in emulated time.

Every test here is marked ``chip``: ``pytest -m chip`` runs them alone, ``pytest -m "not chip"``
everything else. A boot costs seconds of CPU, so a booted board is shared: the tests that use
one are an xdist group, run on one worker in order (``stock`` and ``crib_pico`` name theirs;
other tests are grouped by module), those marked ``resets_board`` after the others. Every
chip test is ``slow``: started first, so the run ends evenly.
"""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from board_on_chip import ChipBoard  # noqa: E402
from flash_layout import CRIB_PICO  # noqa: E402

BOARDS = ("stock", "crib_pico")  # board fixtures shared across tests: a group each


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "resets_board: resets the shared board; runs after the other tests on it")


@pytest.fixture(scope="session")
def crib_pico() -> Iterator[ChipBoard]:
    """CRIB_PICO booted to the app's first frame: test_chip_board's and test_chip_build's board."""
    board = ChipBoard(CRIB_PICO)
    board.first_app_frame()
    yield board
    board.pico.close()


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
    items.sort(key=lambda item: item.get_closest_marker("resets_board") is not None)
