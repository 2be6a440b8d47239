"""Every script in hardware/scripts/ that is run from the command line takes ``--help`` and refuses an argument it does
not know, as argparse does (exit status 2), before it reads or writes anything: a mistyped option never
regenerates a file, or half of one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hardware_scripts import HARDWARE, SCRIPT_FOLDER

# Found, not listed: a script added later is held to the same.
SCRIPTS = sorted(path.stem for path in SCRIPT_FOLDER.glob("*.py") if 'if __name__ == "__main__":' in path.read_text())


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (its path from there) and its content, but Python's own caches of the modules
    a script imports (written whatever the script does, unless PYTHONDONTWRITEBYTECODE is set)."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and "__pycache__" not in path.parts}


def test_the_command_line_scripts_are_the_ones_generate_runs_and_the_checks() -> None:
    generate = (SCRIPT_FOLDER / "generate.py").read_text()
    assert set(SCRIPTS) == {"generate", "ovp_check", *(s for s in SCRIPTS if f'"{s}"' in generate)}
    assert {"make_board", "circuit", "bom", "drill_template"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_an_unknown_argument_exits_2_and_writes_nothing(script: str, tmp_path: Path) -> None:
    """Run on a copy of hardware/ (its scripts write in the folder above them) from an empty folder (SKiDL writes its
    logs in the working folder): a wrong argument is refused with argparse's usage and status 2, and neither
    folder changes; ``--help`` says what the script does and exits 0, writing nothing either."""
    copy, cwd = tmp_path / "hardware", tmp_path / "cwd"
    shutil.copytree(HARDWARE, copy, ignore=shutil.ignore_patterns("__pycache__", "firmware"))
    cwd.mkdir()
    before = snapshot(copy)
    refused = subprocess.run([sys.executable, str(copy / "scripts" / f"{script}.py"), "--no-such-option"], cwd=cwd,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2, refused.stderr
    assert "usage:" in refused.stderr and "unrecognized arguments: --no-such-option" in refused.stderr
    helped = subprocess.run([sys.executable, str(copy / "scripts" / f"{script}.py"), "--help"], cwd=cwd,
                            capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0 and helped.stdout.startswith("usage:"), helped.stderr
    assert helped.stdout.split("\n\n")[1].strip(), "no description"
    assert snapshot(copy) == before and snapshot(cwd) == {}
