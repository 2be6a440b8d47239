"""Where the board's files are: ``firmware/`` (``main.py`` and the packages the board runs), their native
twins in ``firmware_native/`` and ``hardware/board.json`` (the board's geometry and wiring), what `crib deploy`
sends (``host_tools.deploy.firmware_tree``) and the simulator draws (``simulator.geometry``). The one place
that knows it: those modules take their paths from here.

Each file has one place, in the checkout. An install that is not editable (``pip install .``, pipx) has no
checkout: its wheel carries the same files, laid out as in the checkout, in the folder ``installed/`` beside
this module (pyproject.toml's package-data of the package ``host_shared.installed``, whose folder is the
checkout's root). So ``ROOT``, the folder holding them, is that folder in such an install, and the checkout
wherever this module runs from one (an editable install, the tests): no ``installed/`` is ever made there.

What needs more of the checkout than these files (`crib bench`: benchmarks/ and the tests' helpers; `crib
mip-package`, which writes package.json into it) looks at ``CHECKOUT``: None in such an install (``need_checkout``).
"""

from __future__ import annotations

from pathlib import Path

from host_shared import USAGE_ERROR
from host_shared.errors import Failed

HERE = Path(__file__).resolve().parent
INSTALLED = HERE / "installed"  # in a wheel's install only
CHECKOUT: Path | None = None if INSTALLED.is_dir() else HERE.parent  # host_shared/ is one folder down
ROOT = CHECKOUT or INSTALLED
FIRMWARE = ROOT / "firmware"
BOARD_JSON = ROOT / "hardware" / "board.json"


def need_checkout(needs: str) -> None:
    """Raise ``Failed`` (USAGE_ERROR: nothing was done, and this `crib` never can) if it runs from an install that
    is not editable (``pip install .``, pipx), which has no ``CHECKOUT``: what ``needs`` names of the checkout, such a
    command (`crib bench`, `crib mip-package`) cannot do without."""
    if CHECKOUT is None:
        raise Failed("needs the project's checkout (%s), and this crib is installed without one (pip install . or "
                     "pipx): run it from a clone set up with scripts/setup" % needs, USAGE_ERROR)
