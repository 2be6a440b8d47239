"""A save lets go of the file it wrote before it reads the copy back (see store_read_back.py): on
the chip each open file holds a 1 KB buffer of littlefs's, kept by a closed file until it is let
go, and the read-back opens the copy again.

CPython has no ``os.VfsLfs2``, so the script runs inside the `micropython` interpreter.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from micropython_env import ON_MICROPYTHON, run_micropython

FILE_BUFFER = 1024  # littlefs's cache for a file, progsize 256 (the rp2 port's mount)


def test_the_save_s_read_back_finds_the_file_written_let_go(compiled_firmware: Callable[..., Path]) -> None:
    result = run_micropython([str(ON_MICROPYTHON / "store_read_back.py"), str(compiled_firmware())], heap="1M")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    label, held = result.stdout.split()
    assert label == "READBACK"
    assert int(held) < FILE_BUFFER, held  # what the save itself holds then: a few small objects
