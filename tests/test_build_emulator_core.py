"""scripts/build_emulator_core.py: C sources become extension modules of this Python, once;
a source that does not compile leaves none of them (the wheel's own stay in use)."""

from __future__ import annotations

import importlib.util
import sys
import sysconfig
from pathlib import Path

import pytest

from micropython_env import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from build_emulator_core import STAMP, build

MODULE = """#include <Python.h>
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "%s", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_%s(void) { return PyModule_Create(&module); }
"""
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def source(folder: Path, name: str, text: str | None = None) -> None:
    (folder / (name + ".c")).write_text(text if text is not None else MODULE % (name, name))


def test_the_sources_are_built_once_into_modules_this_python_imports(tmp_path: Path) -> None:
    source(tmp_path, "_one")
    source(tmp_path, "_two")
    assert build(tmp_path) is None
    for name in ("_one", "_two"):
        spec = importlib.util.spec_from_file_location(name, tmp_path / (name + SUFFIX))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.__name__ == name
    assert (tmp_path / STAMP).exists()
    built = (tmp_path / ("_one" + SUFFIX)).stat().st_mtime_ns
    assert build(tmp_path) is None  # the stamp: nothing to do
    assert (tmp_path / ("_one" + SUFFIX)).stat().st_mtime_ns == built
    source(tmp_path, "_one", MODULE % ("_one", "_one") + "/* a new release */\n")
    assert build(tmp_path) is None
    assert (tmp_path / ("_one" + SUFFIX)).stat().st_mtime_ns != built


def test_a_source_that_does_not_compile_leaves_no_module_and_no_stamp(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    source(tmp_path, "_good")
    source(tmp_path, "_bad", "this is not C\n")
    why = build(tmp_path)
    assert why is not None and why.startswith("could not compile it") and "_bad.c" in why
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_bad.c", "_good.c"]
    assert "compiling the RP2040 emulator's core" in capsys.readouterr().err
