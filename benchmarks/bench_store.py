"""Saving the game and restoring it at power-on (app.board with app.store). Runs under
CPython and MicroPython; prints label<TAB>value<TAB>unit.

The board's own data: a seeded match of 2 and of 10 games (about 100 events a game, real
deals, tests/firmware/match_helpers.py) saved as the board saves after every accepted
event (the first save of the longer one archives its first 8 games, app.history: it then keeps
its last two), and restored as at power-on (a new Board: the store's checks, then the replay of
every event kept). On MicroPython the files live on a real littlefs (os.VfsLfs2) over a RAM
flash chip with the RP2040's 4 KB blocks, so littlefs's own work is in the figures (not
the flash's programming time: about 0.4 ms per 256-byte page and 45 ms per 4 KB erase on
the Pico's W25Q16). On CPython they live in a temporary directory. "heap per save" is
everything a save allocates with the collector off (an upper bound on its peak), measured
in a plain directory so that the Python RAM chip's own allocations (the real chip's
driver is C) are not counted."""

import gc
import os

from timing import (
    ON_MICROPYTHON,
    TYPE_CHECKING,
    allocated,
    check_compiled_firmware,
    now_us,
    row,
    since_us,
    use_compiled_firmware,
)

if TYPE_CHECKING:  # for annotations only (see timing.py)
    from cribbage.match import Match

use_compiled_firmware()  # the app as deployed: .mpy files, not sources compiled in the heap (the fake hardware's too)
from fake_storage import RamFlash, temp_dir  # noqa: E402  (test helpers: storage for the saves)

from simulator.virtual_hardware import VirtualHardware  # noqa: E402


def flash_root() -> str:
    """A directory on littlefs over a RAM flash chip (MicroPython) or a temporary one."""
    if hasattr(os, "VfsLfs2"):
        flash = RamFlash(16, 4096)  # 64 KB, made first: the largest block this script needs
        os.VfsLfs2.mkfs(flash)
        os.mount(os.VfsLfs2(flash), "/bench")  # type: ignore[attr-defined]  # MicroPython's os: not in CPython's stubs
        return "/bench"
    return temp_dir()


ROOT = flash_root()
from match_helpers import seeded_match  # noqa: E402  (a test helper: the match to save)

from app.board import Board  # noqa: E402

ROUNDS = 5


def board_with(root: str, match: "Match") -> Board:
    """A board saving in ``root`` that holds ``match``."""
    board = Board(VirtualHardware(root))
    board.match = match
    return board


def bench(games: int) -> None:
    """Print the save's time, file size and heap, and the power-on restore's time, for a
    seeded match of ``games`` games."""
    root = "%s/g%d" % (ROOT, games)
    os.mkdir(root)
    match = seeded_match(games)
    n = match.events
    board = board_with(root, match)
    board.save()  # the first save creates the files
    total: float = 0
    for _ in range(ROUNDS):
        start = now_us()
        board.save()
        total += since_us(start)
    row("save, %d-event match" % n, "%.2f" % (total / ROUNDS / 1000), "ms")
    row("file size, %d-event match" % n, os.stat(root + "/game.a")[6], "bytes")
    if ON_MICROPYTHON:
        plain = board_with(temp_dir(), match)
        plain.save()
        row("heap per save, %d-event match" % n, allocated(plain.save), "bytes")
        del plain
    del board
    gc.collect()
    total = 0
    for _ in range(ROUNDS):
        start = now_us()
        restored = Board(VirtualHardware(root))
        total += since_us(start)
        if restored.messages.notice is not None or restored.match.state() != match.state():
            raise RuntimeError("the restore went wrong: %r" % (restored.messages.notice,))
        del restored
    row("power-on restore, %d-event match" % n, "%.2f" % (total / ROUNDS / 1000), "ms")
    remove_all(root)  # room on the RAM chip for the next size


def remove_all(folder: str) -> None:
    """Remove the files in ``folder`` and its folders (the archived games' logs: app.history)."""
    for name in os.listdir(folder):
        path = folder + "/" + name
        try:
            os.remove(path)
        except OSError:  # a folder
            remove_all(path)
            os.rmdir(path)


for games in (2, 10):
    bench(games)
    gc.collect()
check_compiled_firmware()
