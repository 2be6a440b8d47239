"""`crib deploy` itself onto a fresh emulated chip, over ``socket://`` as a person would send it, on
both images: it deploys and verifies, the board then runs the app (`crib status` answers), a second
deploy onto the running app finds nothing to change, and the flash holds what the other chip tests
lay out for themselves (``flash_layout.deployed_flash``): what they test is what a deploy leaves."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from flash_layout import CRIB_PICO, STOCK, Image, deployed_flash, littlefs_files
from pico import MS, EmulatedPico

from host_shared.board_files import ROOT

DEPLOY_LIMIT_S = 900  # a hang guard: the stock image takes about 2 minutes of CPU (75 files through the REPL)


def crib(pico: EmulatedPico, port: int, *args: str) -> str:
    """Run `crib ARGS -d socket://...` against the chip; what it printed. Fails on a nonzero status."""
    command = [sys.executable, "-m", "host_tools.cli", *args, "-d", "socket://127.0.0.1:%d" % port]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                               env=dict(os.environ, COLUMNS="200"))  # rich's lines unwrapped
    try:
        pico.run_beside(process, DEPLOY_LIMIT_S)
    finally:
        if process.poll() is None:
            process.kill()
    out = process.communicate()[0]
    assert process.returncode == 0, out[-3000:]
    return out


@pytest.mark.parametrize("image", [STOCK, CRIB_PICO], ids=lambda image: image.name)
def test_crib_deploy_onto_a_fresh_chip_and_again_onto_its_running_app(image: Image) -> None:
    pico = EmulatedPico(image.uf2, {})  # MicroPython alone: it makes its littlefs at first boot
    pico.power_on()
    pico.run_until(lambda: pico.connected, 5000 * MS)
    pico.run_for(500 * MS)
    port = pico.serve_socket()
    try:
        first = crib(pico, port, "deploy")
        assert "verified; board reset" in first and "0 copied" not in first
        pico.run_for(3000 * MS)  # the app starts
        assert '"phase": "cut"' in crib(pico, port, "status", "--json")
        again = crib(pico, port, "deploy")  # onto the running app: a board, not the simulator
        assert "0 copied" in again and "verified; board reset" in again
        pico.run_for(3000 * MS)
        assert '"phase": "cut"' in crib(pico, port, "status", "--json")
    finally:
        pico.close()
    expected = deployed_flash(image)
    flash = pico.mcu.flash
    blocks = image.littlefs_blocks
    on_board = littlefs_files(bytes(flash[image.littlefs_offset:image.littlefs_offset + blocks * 4096]), blocks)
    laid_out = littlefs_files(expected[image.littlefs_offset], blocks)
    assert {path: on_board.get(path) for path in laid_out} == laid_out  # the app's saves beside them
    if image.romfs_offset is not None:
        romfs = expected[image.romfs_offset]
        assert bytes(flash[image.romfs_offset:image.romfs_offset + len(romfs)]) == romfs
