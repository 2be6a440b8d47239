"""Shared by the hardware tests (no tests here): hardware/*.py are scripts, not a package; load one by path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

HARDWARE = Path(__file__).resolve().parent.parent / "hardware"


def load_script(name: str) -> ModuleType:
    """Import ``hardware/NAME.py`` as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, HARDWARE / (name + ".py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
