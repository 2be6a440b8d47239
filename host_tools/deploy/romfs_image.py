"""A ROMFS image of compiled packages, for a board whose firmware has a ROMFS partition.

MicroPython (1.25 and later) mounts such a partition at ``/rom`` and puts ``/rom`` and
``/rom/lib`` on ``sys.path``, in that order; ``.mpy`` bytecode imported from there runs in
place from flash instead of being copied into the heap (docs: reference/romfs.rst). The
packages go at the image's root, so ``/rom/cribbage``: the first ROMFS entry of
``sys.path`` finds them, and each module's ``__file__`` (kept in the heap) is shorter than
under ``/rom/lib``. The image is built with mpremote's own writer
(``mpremote.romfs.VfsRomWriter``), so it is what ``mpremote romfs build`` makes of the same
tree, and ``mpremote romfs deploy`` writes it.
"""

from __future__ import annotations

from pathlib import Path

from mpremote.romfs import VfsRomWriter

# Where the image is mounted: a package "cribbage" in it is imported from /rom/cribbage.
MOUNT = "/rom"


def build_romfs_image(compiled_root: Path) -> bytes:
    """The ROMFS image of every package (sub-directory) of ``compiled_root``, at its root.

    ``compiled_root`` holds the packages as mpy-cross left them, e.g. ``cribbage/match.mpy``,
    ``app/modes/peg.mpy``; the image holds ``/cribbage/match.mpy`` ..., so once it is mounted
    at ``/rom``, ``import cribbage.match`` finds ``/rom/cribbage/match.mpy``. Files directly
    in ``compiled_root`` (such as ``main.py``, which MicroPython only runs from the
    read-write file system) are left out, and so are hidden files and ``__pycache__``. The
    same tree always gives the same bytes (entries are sorted), so images can be compared by
    hash. Raises ValueError for a ``.py`` source: it would be compiled into the heap at
    import, which is what the image is there to avoid.
    """
    writer = VfsRomWriter()
    for package in _entries(compiled_root):
        if package.is_dir():
            _add_tree(writer, package)
    return writer.finalise()


def _entries(folder: Path) -> list[Path]:
    """The entries of ``folder`` that belong in an image, sorted by name."""
    return sorted((p for p in folder.iterdir() if not p.name.startswith(".") and p.name != "__pycache__"),
                  key=lambda p: p.name)


def _add_tree(writer: VfsRomWriter, folder: Path) -> None:
    """Add ``folder`` and everything in it to the directory the writer is in."""
    writer.opendir(folder.name)
    for entry in _entries(folder):
        if entry.is_dir():
            _add_tree(writer, entry)
        elif entry.suffix == ".py":
            raise ValueError("%s is a source file: compile it with mpy-cross first" % entry)
        else:
            writer.mkfile(entry.name, entry.read_bytes())
    writer.closedir()
