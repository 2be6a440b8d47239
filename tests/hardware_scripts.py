"""Shared by the hardware tests (no tests here): hardware/scripts/*.py are scripts, not a package; load one by path."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

HARDWARE = Path(__file__).resolve().parent.parent / "hardware"  # what the scripts write, and the guides
SCRIPT_FOLDER = HARDWARE / "scripts"
if str(SCRIPT_FOLDER) not in sys.path:
    sys.path.append(str(SCRIPT_FOLDER))  # the scripts import each other as siblings, as when run from there


def load_script(name: str) -> ModuleType:
    """Import ``hardware/scripts/NAME.py`` afresh as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, SCRIPT_FOLDER / (name + ".py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would (dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module


def quiet_script(name: str) -> ModuleType:
    """``load_script(name)`` for a script that builds SKiDL circuits, with SKiDL's chatter off."""
    module = load_script(name)
    module.quiet()
    return module


def committed_board() -> dict:
    """The committed hardware/board.json."""
    return json.loads((HARDWARE / "board.json").read_text())
