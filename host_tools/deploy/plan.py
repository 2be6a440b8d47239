"""What `crib deploy` will do, decided without touching anything: a pure function of the
local files and what the board holds.

Order of the steps, and why:
1. ``mkdir`` the missing directories, parents first;
2. ``cp`` every new or changed file, in path order, but ``main.py`` (step 4): the board boots
   into main.py, so it changes only once everything it imports is in place;
3. ``rm`` a stale twin: a module now sent as ``x.mpy`` leaves an old ``x.py`` to remove
   (MicroPython imports ``x.py`` before ``x.mpy``, so the old source would win), and
   ``x.py`` replaces an old ``x.mpy`` the same way. Removals come after the copies so that at
   every instant some version of each module is importable;
4. ``cp main.py``;
5. ``rm`` (or ``rmtree``) what the firmware's directories hold that the firmware no longer has (a
   module or a package removed or renamed: a native twin left behind would still be imported, a
   package's folder would win over a module of its name), after main.py, which no longer
   imports it: cut short before, the board still starts. Nothing else on the board is touched
   (saved games live at the top, beside ``main.py``; another project's files in a folder of the
   firmware's name go too).
Unchanged files (same size and SHA-256 as on the board) are skipped, unless ``force``.
A board without ``hashlib.sha256`` cannot prove a file unchanged: everything is copied.

On a board with a ROMFS partition (``make_romfs_plan``) the packages go into one ROMFS
image instead, and only the top-level files (``main.py``, ``board.json``) stay on the
littlefs:
1. ``romfs`` writes the image (``mpremote romfs deploy``), unless the partition already holds
   exactly these bytes (same size and SHA-256, read by the probe from the partition itself);
2. ``mkdir``/``cp`` the top-level files as above, but for main.py;
3. ``rmtree`` each package directory left on the littlefs, and ``rm`` a module file of a
   package's name there (another project's ``/hal.py``): the littlefs is mounted at ``/``
   and is the current directory, ``''``, which is always the first entry of ``sys.path``
   (before ``.frozen``, ``/rom`` and ``/rom/lib``), so an old ``/cribbage`` would be
   imported instead of ``/rom/cribbage``;
4. ``cp main.py`` last, as above.
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


@dataclass(frozen=True)
class RomPartition:
    """The board's ROMFS partition: its size, and the image found in it (sizes in bytes).

    ``image_size`` is None when the partition holds no valid image; ``image_sha256`` is None
    then, or when the board cannot hash.
    """

    size: int
    image_size: int | None
    image_sha256: str | None


@dataclass(frozen=True)
class RomImage:
    """A ROMFS image built for the board: the file, its size and SHA-256, the packages in it."""

    source: Path
    size: int
    sha256: str
    packages: tuple[str, ...]


@dataclass
class Plan:
    """The steps in order, the files left alone because the board has them already, and
    the ROMFS image (when the packages go into one)."""

    steps: list[Step] = field(default_factory=list)
    skipped: list[LocalFile] = field(default_factory=list)
    image: RomImage | None = None


def twin(path: str) -> str | None:
    """The other form of a module (x.py <-> x.mpy), None for main.py and data files."""
    p = PurePosixPath(path)
    if path == MAIN or p.suffix not in (".py", ".mpy"):
        return None
    return str(p.with_suffix(".mpy" if p.suffix == ".py" else ".py"))


def paths_to_probe(local: list[LocalFile]) -> tuple[list[str], list[str]]:
    """What to ask the board about: (files: each local file and its twin, and the modules a top-level
    package's name may have as a file, ``shadows``; directories)."""
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
    for d in dirs:
        files.update(shadows(d))
    return sorted(files), sorted(dirs)


def shadows(package: str) -> tuple[str, ...]:
    """The module files that would be imported as ``package`` from the littlefs (none below the top)."""
    return () if "/" in package else (package + ".py", package + ".mpy")


def make_plan(local: list[LocalFile], board_files: dict[str, BoardFile], board_dirs: set[str],
              force: bool = False, board_listed: frozenset[str] | set[str] = frozenset()) -> Plan:
    """The steps that make the board hold exactly ``local`` (see the module docstring); ``board_listed``:
    what the firmware's directories there hold (``BoardListing.listed``: files, and folders ending in "/")."""
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
    kept = {f.path for f in local} | {s.path for s in plan.steps if s.op == "rm"} | {d + "/" for d in wanted_dirs}
    for path in sorted(board_listed - kept):
        folder = path.endswith("/")
        plan.steps.append(Step("rmtree" if folder else "rm", path.rstrip("/"), why="not in the firmware"))
    return plan


def mismatches(local: list[LocalFile], board_files: dict[str, BoardFile]) -> list[str]:
    """Paths whose board copy differs from the local file (by hash, or by size if the board cannot hash)."""
    bad = []
    for f in local:
        there = board_files.get(f.path)
        if there is None or there.size != f.size or (there.sha256 is not None and there.sha256 != f.sha256):
            bad.append(f.path)
    return bad


def fits(image: RomImage, partition: RomPartition | None) -> bool:
    """False if the image is bigger than the partition (True when the partition is unknown)."""
    return partition is None or image.size <= partition.size


def holds(partition: RomPartition | None, image: RomImage) -> bool:
    """True if the partition holds exactly ``image`` (its size and SHA-256 both match)."""
    return partition is not None and partition.image_size == image.size and partition.image_sha256 == image.sha256


def make_romfs_plan(image: RomImage, partition: RomPartition | None, local: list[LocalFile],
                    board_files: dict[str, BoardFile], board_dirs: set[str], force: bool = False) -> Plan:
    """The steps that put ``image`` in the ROMFS partition and ``local`` (the top-level files)
    on the littlefs, and remove the littlefs packages that would shadow the image (see the
    module docstring). ``partition`` None: not known (planning without a board)."""
    if partition is None or partition.image_size is None:
        why = "new image"
    elif force:
        why = "forced"
    elif partition.image_sha256 is None:
        why = "board cannot hash: written to be sure"
    elif holds(partition, image):
        why = ""
    else:
        why = "image changed"
    files = make_plan(local, board_files, board_dirs, force)
    plan = Plan(skipped=files.skipped, image=image)
    if why:
        plan.steps.append(Step("romfs", "rom", image.source, why))
    plan.steps.extend(s for s in files.steps if s.path != MAIN)
    for package in sorted(image.packages):
        if package in board_dirs:
            plan.steps.append(Step("rmtree", package, why="would shadow /rom/%s" % package))
        plan.steps.extend(Step("rm", module, why="would shadow /rom/%s" % package)
                          for module in shadows(package) if module in board_files)
    plan.steps.extend(s for s in files.steps if s.path == MAIN)
    return plan
