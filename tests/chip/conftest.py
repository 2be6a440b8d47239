"""The chip tests: the firmware as deployed, on an emulated RP2040 (``rp2040py``), in emulated time.

Every test here is marked ``chip``: ``pytest -m chip`` runs them alone, ``pytest -m "not chip"``
everything else. A booted board is shared by the tests of one module (a boot costs seconds of
wall time); under pytest-xdist keep a module on one worker (``--dist loadfile``).
"""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.chip)
