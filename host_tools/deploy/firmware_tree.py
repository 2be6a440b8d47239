"""The board's files: what `crib deploy` sends, `crib mip-package` lists and
`crib bench` (and the tests) run on the unix port laid out as on the board, as sources or
compiled as `crib deploy` compiles them.

Everything in ``firmware/`` but its manifest, with the native twins of ``firmware_native/``
joining the same packages (``app/power_viper.py`` beside ``app/power.py``), and
``hardware/board.json`` at the board's root: the checkout's, or in an install that is not
editable the copy its wheel carries (``host_shared.board_files`` says where, ``ROOT``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from host_shared.board_files import FIRMWARE
from host_tools.deploy.mpy import compile_module

# Beside a firmware folder, its native twins (viper: firmware_native/ for firmware/): mpy-cross
# compiles them only for an architecture, so they live apart from the code that compiles
# anywhere; on the board they join the same packages (app/power_viper.py beside app/power.py).
NATIVE_SUFFIX = "_native"
# Never sent: the manifest that freezes the firmware into a MicroPython build (hardware/BUILD.md).
NOT_DEPLOYED = ("manifest.py",)


def firmware_files(firmware: Path = FIRMWARE) -> dict[str, Path]:
    """Every file to send, as its path on the board (relative, POSIX) -> the folder it comes
    from: ``firmware`` or its native twin beside it; without caches and hidden files."""
    found = {}
    for root in (firmware, native_twins(firmware)):
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and path.suffix != ".pyc" and rel.as_posix() not in NOT_DEPLOYED \
                    and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                found[rel.as_posix()] = root
    return dict(sorted(found.items()))


def native_twins(firmware: Path) -> Path:
    """The folder of ``firmware``'s native twins: ``firmware_native/`` beside ``firmware/``."""
    return firmware.with_name(firmware.name + NATIVE_SUFFIX)


def link_board_tree(target: Path) -> Path:
    """Lay out under ``target`` the files as they lie on the board, as sources (symbolic links
    to them), for the unix port to run the board's own tree; return ``target``."""
    for rel, root in firmware_files().items():
        link = target / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(root / rel)
    return target


def compile_firmware(target: Path, *flags: str, arch: str | None = None) -> Path:
    """Lay out under ``target`` the packages of ``firmware/`` as `crib deploy` sends them to a
    board without ROMFS, and return ``target``: every module compiled to .mpy by
    ``host_tools.deploy.mpy.compile_module`` for ``arch`` (with mpy-cross's other ``flags``, such as
    ``-O2``: `crib deploy` gives none), any other file of a package copied. The native twins
    join their packages when there is an ``arch`` to compile them for, and are left out
    without one (the firmware then uses its plain twins). What lies at the board's root
    (``main.py``, board.json) is left out: nothing imports it.

    `crib bench` compiles the firmware once, for the unix port's own architecture, before
    the benchmarks run; the tests once per session (tests/conftest.py, ``compiled_firmware``).
    """
    for rel, root in firmware_files().items():
        if "/" not in rel or (arch is None and root != FIRMWARE):
            continue
        out = target / rel
        if rel.endswith(".py"):
            compile_module(root, rel, out.with_suffix(".mpy"), arch, flags)
        else:
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / rel, out)
    return target
