"""Running simulators: which flash folder each one holds, and where each serves the protocol.

Two simulators must never write one flash folder (each would overwrite the other's saves),
so a simulator holds its folder with a lock file (``LOCK_NAME`` inside it, holding its pid)
while it runs; a lock whose process is gone is stale and taken over. A simulator that
serves the protocol writes a small runtime file (``sim-PID.json`` in ``runtime_dir()``:
pid, port, flash folder), so that `crib` commands find it without ``-d``, and a second
simulator can say who has the port it wanted.

This module imports nothing of the app: host tools read it on every command.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from simulator.server import DEFAULT_PORT

APP_DIR = "cribbage-board"
LOCK_NAME = "simulator.lock"
FRESH_LOCK_S = 2.0  # a lock file this young without a pid yet is being written, not stale


def data_dir() -> Path:
    """The per-user data folder (``$XDG_DATA_HOME/cribbage-board``), outside the repository."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / APP_DIR


def default_flash_dir() -> Path:
    """The per-user flash folder of the simulator (``$XDG_DATA_HOME/cribbage-board/flash``)."""
    return data_dir() / "flash"


def runtime_dir() -> Path:
    """Where running simulators say where they serve: ``$XDG_RUNTIME_DIR/cribbage-board``, else
    ``run`` in the data folder (systems without a runtime folder, such as macOS)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return Path(runtime) / APP_DIR if runtime else data_dir() / "run"


def pid_alive(pid: int) -> bool:
    """True if a process ``pid`` exists (it may belong to another user)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class FlashInUse(Exception):
    """Another simulator holds this flash folder."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        holder = "another simulator (pid %d)" % pid if pid is not None else "another simulator starting now"
        super().__init__("the flash folder %s is in use by %s: two simulators must never write one flash"
                         % (folder, holder))


def _pid_in(path: Path) -> int | None:
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def lock_flash(folder: Path) -> Path:
    """Hold ``folder`` for this process (created if missing); return the lock file's path.

    Raises FlashInUse if a live process holds it. A lock left by a process that is gone
    (killed, crashed) is taken over.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    for _attempt in range(3):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            holder = _pid_in(path)
            if holder is None:
                try:
                    young = time.time() - path.stat().st_mtime < FRESH_LOCK_S
                except FileNotFoundError:
                    continue  # released meanwhile: try again
                if young:
                    raise FlashInUse(folder, None) from None
            elif holder != os.getpid() and pid_alive(holder):
                raise FlashInUse(folder, holder) from None
            path.unlink(missing_ok=True)  # stale: its simulator is gone
            continue
        with os.fdopen(fd, "w") as f:
            f.write("%d\n" % os.getpid())
        return path
    raise FlashInUse(folder, _pid_in(path))


def unlock_flash(lock: Path) -> None:
    """Let the folder go (only if this process still holds it)."""
    if _pid_in(lock) == os.getpid():
        lock.unlink(missing_ok=True)


@dataclass(frozen=True)
class Instance:
    """A running simulator that serves the protocol."""

    pid: int
    port: int
    flash: str
    started: float

    @property
    def url(self) -> str:
        """Its address for ``-d``."""
        return "socket://127.0.0.1:%d" % self.port

    def describe(self) -> str:
        """Who it is, for people: ``the simulator pid 123 (flash /path)``."""
        return "the simulator pid %d (flash %s)" % (self.pid, self.flash)


def announce(port: int, flash: Path) -> Path:
    """Write this process's runtime file (it serves on ``port``); return its path."""
    folder = runtime_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / ("sim-%d.json" % os.getpid())
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"pid": os.getpid(), "port": port, "flash": str(flash),
                                     "started": time.time()}))
    temporary.replace(path)
    return path


def withdraw(path: Path) -> None:
    """Remove a runtime file ``announce`` wrote."""
    path.unlink(missing_ok=True)


def running() -> list[Instance]:
    """The simulators serving now, oldest first (runtime files of processes that are gone are removed)."""
    found = []
    for path in sorted(runtime_dir().glob("sim-*.json")):
        try:
            data = json.loads(path.read_text())
            instance = Instance(int(data["pid"]), int(data["port"]), str(data["flash"]), float(data["started"]))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # being written, or not ours
        if pid_alive(instance.pid):
            found.append(instance)
        else:
            path.unlink(missing_ok=True)
    return sorted(found, key=lambda i: i.started)


def serving_on(port: int) -> Instance | None:
    """The running simulator that serves on ``port``, if one does."""
    return next((i for i in running() if i.port == port), None)


def pick() -> tuple[Instance | None, list[Instance]]:
    """The simulator `crib` talks to without ``-d`` (the one on the default port, else the
    oldest), and the others running."""
    found = running()
    chosen = next((i for i in found if i.port == DEFAULT_PORT), found[0] if found else None)
    return chosen, [i for i in found if i is not chosen]
