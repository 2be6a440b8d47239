"""A save reads the controls between its flash erases, on MicroPython's real littlefs (see
store_keep_up.py): a board's button samples are kept 512 ms unread and an erase may hold the CPU
400 ms, so two erases between two reads could lose a press.

CPython has no ``os.VfsLfs2``, so the script runs inside the `micropython` interpreter.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from micropython_env import ON_MICROPYTHON, run_micropython

SAVES = 600  # the log grows to 600 events: a file of about 12 KB, three flash blocks


def test_a_save_erases_the_flash_once_at_most_between_two_reads_of_the_controls(
        compiled_firmware: Callable[..., Path]) -> None:
    result = run_micropython([str(ON_MICROPYTHON / "store_keep_up.py"), str(compiled_firmware()), str(SAVES)],
                             heap="1M")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    label, *counts = result.stdout.split()
    assert label == "GAPS"
    _, one, two, *more = (int(c) for c in counts)  # none, one, two, more erases between two reads
    assert one > SAVES  # the saves did erase: the first block of each copy, and more as the log grew
    # with the trailer appended after a close (littlefs copying the file's last block into a new one),
    # one call could erase twice: 3 saves of 600 did
    assert not two and not any(more)
