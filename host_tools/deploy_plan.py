"""What `crib deploy` will do, decided without touching anything: a pure function of the
local files and what the board holds.

Order of the steps, and why:
1. ``mkdir`` the missing directories, parents first;
2. ``cp`` every new or changed file, in path order, but ``main.py`` last: the board boots
   into main.py, so it changes only once everything it imports is in place;
3. ``rm`` a stale twin: a module now sent as ``x.mpy`` leaves an old ``x.py`` to remove
   (MicroPython imports ``x.py`` before ``x.mpy``, so the old source would win), and
   ``x.py`` replaces an old ``x.mpy`` the same way. Nothing else on the board is touched
   (saved games live there). Removals come after the copies so that at every instant some
   version of each module is importable.
Unchanged files (same size and SHA-256 as on the board) are skipped, unless ``force``.
A board without ``hashlib.sha256`` cannot prove a file unchanged: everything is copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

MAIN = "main.py"


@dataclass(frozen=True)
class LocalFile:
    """A file to put on the board: its path there, where it comes from, and its content's digest."""

    path: str  # on the board, relative to its root: "cribbage/cards.mpy"
    source: Path
    size: int
    sha256: str


@dataclass(frozen=True)
class BoardFile:
    """A file found on the board (sha256 None when the board cannot hash)."""

    size: int
    sha256: str | None


@dataclass(frozen=True)
class Step:
    """One board operation: ``mkdir`` / ``cp`` / ``rm`` of ``path`` (``source`` for ``cp``)."""

    op: str
    path: str
    source: Path | None = None
    why: str = ""


@dataclass
class Plan:
    """The steps in order, and the files left alone because the board has them already."""

    steps: list[Step] = field(default_factory=list)
    skipped: list[LocalFile] = field(default_factory=list)


def twin(path: str) -> str | None:
    """The other form of a module (x.py <-> x.mpy), None for main.py and data files."""
    p = PurePosixPath(path)
    if path == MAIN or p.suffix not in (".py", ".mpy"):
        return None
    return str(p.with_suffix(".mpy" if p.suffix == ".py" else ".py"))


def paths_to_probe(local: list[LocalFile]) -> tuple[list[str], list[str]]:
    """What to ask the board about: (files: each local file and its twin; directories)."""
    files = set()
    dirs = set()
    for f in local:
        files.add(f.path)
        other = twin(f.path)
        if other:
            files.add(other)
        for parent in PurePosixPath(f.path).parents:
            if str(parent) != ".":
                dirs.add(str(parent))
    return sorted(files), sorted(dirs)


def make_plan(local: list[LocalFile], board_files: dict[str, BoardFile], board_dirs: set[str],
              force: bool = False) -> Plan:
    """The steps that make the board hold exactly ``local`` (see the module docstring)."""
    plan = Plan()
    _, wanted_dirs = paths_to_probe(local)
    for d in sorted(wanted_dirs, key=lambda d: (d.count("/"), d)):
        if d not in board_dirs:
            plan.steps.append(Step("mkdir", d, why="new directory"))
    copies = []
    for f in sorted(local, key=lambda f: (f.path == MAIN, f.path)):
        there = board_files.get(f.path)
        if there is None:
            copies.append(Step("cp", f.path, f.source, "new"))
        elif force:
            copies.append(Step("cp", f.path, f.source, "forced"))
        elif there.sha256 is None:
            copies.append(Step("cp", f.path, f.source, "board cannot hash: copied to be sure"))
        elif there.size != f.size or there.sha256 != f.sha256:
            copies.append(Step("cp", f.path, f.source, "changed"))
        else:
            plan.skipped.append(f)
    main = [s for s in copies if s.path == MAIN]
    plan.steps.extend(s for s in copies if s.path != MAIN)
    for f in sorted(local, key=lambda f: f.path):
        other = twin(f.path)
        if other and other in board_files:
            plan.steps.append(Step("rm", other, why="stale twin of %s" % f.path))
    plan.steps.extend(main)
    return plan


def mismatches(local: list[LocalFile], board_files: dict[str, BoardFile]) -> list[str]:
    """Paths whose board copy differs from the local file (by hash, or by size if the board cannot hash)."""
    bad = []
    for f in local:
        there = board_files.get(f.path)
        if there is None or there.size != f.size or (there.sha256 is not None and there.sha256 != f.sha256):
            bad.append(f.path)
    return bad
