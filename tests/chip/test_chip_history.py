"""A long match archives its first games on the chip as on CPython (firmware/app/history.py).

On the stock image (the code as .mpy files on the same littlefs): a board whose flash holds a
2-game match just won (played on CPython) starts the third game, and its save writes the first
game's log to ``history/0.a`` before the game's own save. The log read page by page through the
board's serial protocol is then the whole match, the first game's events read back from that
file; a board built again from the flash (as at power-on) has the same match; and everything
agrees with CPython's app doing the same.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from app_fuzz import whole_log
from board_on_chip import bare_board
from flash_layout import STOCK, littlefs_files

from app.board import Board
from simulator.virtual_hardware import VirtualHardware

SEED = 2463534242  # tests/firmware/memory_scenario.py's
GAMES = 2

CODE = """
import json
from hal import rp2_board
board = rp2_board.load_board()
hw = rp2_board.build(board, rp2_board.dark_leds(board))
from app.board import Board

def whole_log(b):
    log = []
    while True:
        page = json.loads(b.handle_command(json.dumps({"cmd": "log", "from": len(log)})))["log"]
        if not page:
            return log
        log.extend(page)

b = Board(hw)
b.apply(["new_game"])
b.save()
print("ARCHIVED", json.dumps([b.match.archived, b.history]))
print("LOG", json.dumps(whole_log(b)))
again = Board(hw)
print("AGAIN", json.dumps([again.match.state(), again.history, again.messages.notice]))
"""


def played(root: str) -> Board:
    """The seeded player's first ``GAMES`` games on CPython's app saving in ``root``: a match just won."""
    from match_player import Player

    hw = VirtualHardware(root, display=True)
    board = Board(hw)
    Player(board, hw, SEED).match(GAMES)
    assert board.match.winner is not None and board.match.archivable() is None
    return board


def printed(output: str, mark: str) -> object:
    """The JSON the chip printed after ``mark``."""
    return json.loads(output.split(mark + " ", 1)[1].split("\n", 1)[0])


def test_a_third_game_archives_the_first_and_the_whole_log_still_reads_as_on_cpython() -> None:
    with tempfile.TemporaryDirectory() as root:
        oracle = played(root)
        files = {p.name: p.read_bytes() for p in Path(root).iterdir() if p.is_file()}
        oracle.apply(["new_game"])
        oracle.save()
        log = whole_log(oracle)  # (its archived events read from its own files)
    assert oracle.match.archived > 0 and len(log) == oracle.match.events
    chip = bare_board(STOCK, files)
    try:
        output = chip.exec_raw(CODE, limit_ms=120_000)
        assert printed(output, "ARCHIVED") == [oracle.match.archived, oracle.history]
        assert printed(output, "LOG") == log
        assert printed(output, "AGAIN") == [oracle.match.state(), oracle.history, None]
        flash = chip.pico.mcu.flash
        blocks = STOCK.littlefs_blocks
        on_flash = littlefs_files(bytes(flash[STOCK.littlefs_offset:STOCK.littlefs_offset + blocks * 4096]), blocks)
        assert "history/0.a" in on_flash and "game.a" in on_flash
    finally:
        chip.pico.close()
