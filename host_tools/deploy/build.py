"""The files `crib deploy` sends (``host_tools.commands.deploy``): the firmware's modules compiled with
mpy-cross for the board, or as their sources when it would not load what this mpy-cross makes, ``main.py``
and ``board.json``; and the ROMFS image of its packages, for a board with a ROMFS partition."""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from host_tools.deploy import DeployError
from host_tools.deploy.firmware_tree import firmware_files, native_twins
from host_tools.deploy.mpy import MpyFormat, compile_module, why_not_loadable
from host_tools.deploy.plan import MAIN, LocalFile, RomImage
from host_tools.deploy.romfs_image import build_romfs_image

# Sent as source whatever happens: MicroPython runs these files by name at boot.
SOURCE_ONLY = (MAIN, "boot.py")
# The Pico's architecture, assumed when planning without a board.
PICO_ARCH = "armv6m"


def digest(path: Path) -> tuple[int, str]:
    """Size and SHA-256 (hex) of a file."""
    data = path.read_bytes()
    return len(data), hashlib.sha256(data).hexdigest()


def local_file(device_path: str, source: Path) -> LocalFile:
    """A LocalFile for ``source`` going to ``device_path``."""
    size, sha = digest(source)
    return LocalFile(device_path, source, size, sha)


def is_module(rel: str) -> bool:
    """True for a .py file that is imported (and so may be sent compiled)."""
    return rel.endswith(".py") and rel not in SOURCE_ONLY


@dataclass
class Build:
    """The files to send and what happened on the way."""

    files: list[LocalFile]
    compiled: list[str]  # the modules sent as .mpy
    note: str  # how the modules were prepared, for people
    # Modules sent as their sources while the rest is compiled, as the board would not load them
    # compiled (native code of another sub-version, say: the bytecode still loads) -> why.
    as_sources: dict[str, str]


def build(firmware: Path, board_json: Path, out: Path, board: MpyFormat | None,
          sources_because: str | None = None) -> Build:
    """Compile the modules into ``out`` if the board will load them; otherwise keep the sources.

    ``board`` is the format the board reads (None: unknown, e.g. planning without a board,
    when the Pico's architecture is assumed and mpy-cross's version trusted).
    ``sources_because``: send sources without compiling, for this reason.
    """
    roots = firmware_files(firmware)
    modules = [r for r in roots if is_module(r)]
    compiled: dict[str, Path] = {}
    as_sources: dict[str, str] = {}
    note = "sources: %s" % sources_because
    if sources_because is None:
        arch = board.arch if board is not None else PICO_ARCH
        unloadable = {}  # a file the board would not load goes as its source (the board compiles it)
        for rel in modules:
            target = out / Path(rel).with_suffix(".mpy")
            made = compile_module(roots[rel], rel, target, arch)
            reason = why_not_loadable(made, board) if board is not None else None
            if reason:
                unloadable[rel] = reason
            else:
                compiled[rel] = target
        if not compiled:
            note = "sources: the board would not load mpy-cross's output (%s: %s)" % min(unloadable.items())
        else:
            note = "compiled %d modules with mpy-cross%s" % (len(compiled), " -march=" + arch if arch else "")
            if board is None:
                note += " (board not seen: assuming it reads this .mpy version)"
            as_sources = unloadable
    files = []
    for rel, root in roots.items():
        if rel in compiled:
            files.append(local_file(str(Path(rel).with_suffix(".mpy").as_posix()), compiled[rel]))
        else:
            files.append(local_file(rel, root / rel))
    files.append(local_file("board.json", board_json))
    return Build(files, sorted(compiled), note, as_sources)


def in_package(f: LocalFile) -> bool:
    """True for a file inside a package (the ROMFS image's share), False for main.py, board.json."""
    return "/" in f.path


def rom_image(made: Build, out: Path) -> RomImage:
    """The ROMFS image of the packages in ``made`` (every file in a sub-directory), written to ``out``.

    The file name ends in ``.romfs``: ``mpremote romfs deploy`` takes such a file as an image
    (anything else as a directory to build one from). Raises DeployError if a package holds
    what an image cannot (a source file).
    """
    tree = out.with_suffix("")
    packaged = [f for f in made.files if in_package(f)]
    for f in packaged:
        (tree / f.path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(f.source, tree / f.path)
    try:
        data = build_romfs_image(tree)
    except ValueError as error:
        raise DeployError("cannot build the ROMFS image: %s (--no-romfs: the packages as files instead)"
                          % error) from None
    out.write_bytes(data)
    packages = tuple(sorted({f.path.split("/", 1)[0] for f in packaged}))
    return RomImage(out, len(data), hashlib.sha256(data).hexdigest(), packages)


def without_native_sources(made: Build, firmware: Path) -> tuple[Build, str]:
    """``made`` for a ROMFS image, which holds no sources: the native twins (``firmware_native/``)
    the board would not load compiled left out, as the firmware takes their plain twins where one
    is missing; and what to tell people about it ("": nothing left out)."""
    native = native_twins(firmware)
    left = sorted(f.path for f in made.files if f.path in made.as_sources and f.source.is_relative_to(native))
    if not left:
        return made, ""
    kept = Build([f for f in made.files if f.path not in left], made.compiled, made.note,
                 {rel: why for rel, why in made.as_sources.items() if rel not in left})
    why = made.as_sources[left[0]]
    return kept, ("left out of the ROMFS image, which holds no sources: %s (native twins the board would not load "
                  "compiled: %s); the firmware uses their plain twins instead" % (" ".join(left), why))
