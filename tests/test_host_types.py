"""The host code (host_tools/, host_shared/, simulator/, cribbage_lab/, benchmarks/, hardware/scripts/,
scripts/build_emulator_core.py and docs_screenshots.py) type-checks with mypy against the firmware it imports.

mypy finds the firmware packages (``cribbage``, ``app``, ``hal``, ``shared``) in firmware/ and the
``micropython`` shim in cpython_shims/, the way the host tools import them on CPython. The
second test feeds it known type errors, one against a host module and one against the
firmware, to prove both are really read (with ``--ignore-missing-imports`` a path that
found nothing would type everything as Any and pass anything).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from micropython_env import FIRMWARE, ROOT, tool

HOST_PACKAGES = [ROOT / "host_tools", ROOT / "host_shared", ROOT / "simulator", ROOT / "cribbage_lab",
                 ROOT / "benchmarks", ROOT / "hardware" / "scripts", ROOT / "scripts" / "build_emulator_core.py",
                 ROOT / "scripts" / "docs_screenshots.py"]
# One worker runs both, so the second reads what the first checked from mypy's cache.
pytestmark = pytest.mark.xdist_group("mypy-host")


@pytest.fixture(scope="module")
def cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """mypy's incremental cache, shared by this module's runs and kept from one session to the
    next in pytest's cache folder, as Python's bytecode caches are kept: from cold, mypy reads
    all of typeshed and both packages (tests/README.md: some seconds of CPU), from its cache only
    what changed (and what depends on it) again (a fraction of a second when nothing did)."""
    kept = getattr(request.config, "cache", None)  # None under -p no:cacheprovider
    return kept.mkdir("mypy-host") if kept is not None else tmp_path_factory.mktemp("mypy-cache")


def mypy(cache: Path, targets: list[Path]) -> subprocess.CompletedProcess[str]:
    """Run mypy on ``targets`` with the firmware and the CPython shims on its path."""
    env = dict(os.environ, MYPYPATH=os.pathsep.join([str(FIRMWARE), str(ROOT / "cpython_shims")]))
    return subprocess.run([tool("mypy"), "--ignore-missing-imports", "--warn-unused-ignores", "--cache-dir", str(cache),
                           *map(str, targets)], capture_output=True, text=True, cwd=ROOT, env=env)


def test_host_code_type_checks(cache: Path) -> None:
    result = mypy(cache, HOST_PACKAGES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_type_errors_against_host_and_firmware_are_caught(tmp_path: Path, cache: Path) -> None:
    bad = tmp_path / "host_bad.py"
    bad.write_text("from cribbage.cards import no_such_name\nfrom host_tools.rules import game_rules\n\n"
                   "game_rules('one')\n")
    result = mypy(cache, [bad])
    assert result.returncode == 1
    assert 'Module "cribbage.cards" has no attribute "no_such_name"' in result.stdout
    assert 'Argument 1 to "game_rules" has incompatible type "str"' in result.stdout
