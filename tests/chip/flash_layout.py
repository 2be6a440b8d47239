"""The flash of a board after ``crib deploy``: the same files, laid out the same way.

``crib deploy`` compiles ``firmware/`` with mpy-cross for the Pico (``host_tools.deploy.build.build``)
and then, on a stock MicroPython, copies the ``.mpy`` files, ``main.py`` and ``board.json``
onto the littlefs; on our CRIB_PICO build it writes the packages as one ROMFS image
(``host_tools.deploy.build.rom_image``) and keeps only ``main.py`` and ``board.json`` on the
littlefs. ``deployed_flash(image)`` builds those bytes with the same functions, for an
emulated chip: ``{flash offset: bytes}``.

The littlefs is MicroPython's: block size 4096, prog size 256 (``rp2`` port's ``_boot.py``),
on-disk version 2.0 (MicroPython 1.28 reads 2.0 and 2.1).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from littlefs import LittleFS, UserContext

from host_shared.board_files import BOARD_JSON, FIRMWARE
from host_tools.deploy.build import Build, build, in_package, rom_image
from host_tools.deploy.mpy import MpyFormat

IMAGES = Path(__file__).resolve().parent / "images"
BLOCK = 4096
# What MicroPython 1.28 on the rp2 port reads (sys.implementation._mpy): v6.3, native code for armv6m.
PICO_MPY = MpyFormat(6, 3, "armv6m")


@dataclass(frozen=True)
class Image:
    """A MicroPython image and its flash layout (offsets from the start of flash)."""

    name: str
    uf2: Path
    littlefs_offset: int
    littlefs_blocks: int
    romfs_offset: int | None = None  # None: no ROMFS partition (the code goes on the littlefs)


STOCK = Image("stock", IMAGES / "micropython-v1.28.0-RPI_PICO.uf2", 0xA0000, 1408 * 1024 // BLOCK)
CRIB_PICO = Image("CRIB_PICO", IMAGES / "micropython-v1.28.0-CRIB_PICO.uf2", 0xE0000, 1152 * 1024 // BLOCK,
                  romfs_offset=0xA0000)
IMAGES_BY_NAME = {image.name: image for image in (STOCK, CRIB_PICO)}


def littlefs_image(files: dict[str, bytes], blocks: int) -> bytes:
    """A littlefs (MicroPython's settings) of ``blocks`` blocks holding ``files`` (path -> bytes)."""
    fs = LittleFS(context=UserContext(buffsize=BLOCK * blocks), block_size=BLOCK, block_count=blocks,
                  prog_size=256, disk_version=0x00020000)
    for path in sorted(files):
        parts = path.split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            try:
                fs.mkdir(folder)
            except FileExistsError:
                pass
        with fs.open(path, "wb") as f:
            f.write(files[path])
    fs.unmount()
    return bytes(fs.context.buffer)


def littlefs_files(data: bytes, blocks: int) -> dict[str, bytes]:
    """Every file (path -> bytes) of the littlefs ``data`` (MicroPython's settings, ``blocks`` blocks)."""
    fs = LittleFS(context=UserContext(buffsize=BLOCK * blocks), block_size=BLOCK, block_count=blocks,
                  prog_size=256, mount=False)
    fs.context.buffer[:] = data
    fs.mount()
    files = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                files[path] = f.read()
    return files


def deployed_flash(image: Image, firmware: Path = FIRMWARE, board_json: Path = BOARD_JSON,
                   extra_files: dict[str, bytes] | None = None) -> dict[int, bytes]:
    """The flash regions ``crib deploy`` leaves on a board running ``image``: {offset: bytes}.

    ``extra_files`` are put on the littlefs too (say a saved game).
    """
    made = compiled(firmware, board_json)
    with tempfile.TemporaryDirectory(prefix="crib-chip-") as tmp:
        regions: dict[int, bytes] = {}
        files = made.files
        if image.romfs_offset is not None:
            regions[image.romfs_offset] = rom_image(made, Path(tmp) / "crib.romfs").source.read_bytes()
            files = [f for f in made.files if not in_package(f)]
        contents = {f.path: f.source.read_bytes() for f in files}
        contents.update(extra_files or {})
        regions[image.littlefs_offset] = littlefs_image(contents, image.littlefs_blocks)
    return regions


_compiled: dict[tuple[Path, Path], tuple[Build, tempfile.TemporaryDirectory]] = {}


def compiled(firmware: Path, board_json: Path) -> Build:
    """``firmware`` compiled as ``crib deploy`` compiles it for the Pico, once per process (mpy-cross
    takes seconds; every board booted here deploys the same files). Removed when the process ends."""
    key = (firmware, board_json)
    if key not in _compiled:
        folder = tempfile.TemporaryDirectory(prefix="crib-chip-mpy-", ignore_cleanup_errors=True)
        made = build(firmware, board_json, Path(folder.name) / "mpy", PICO_MPY)
        if not made.compiled:
            raise RuntimeError("mpy-cross did not compile the firmware: %s" % made.note)
        _compiled[key] = (made, folder)
    return _compiled[key][0]
