"""Running simulators: which flash folder each one holds, and where each serves the protocol.

Two simulators must never write one flash folder (each would overwrite the other's saves),
so a simulator holds its folder while it runs (``hold_flash``): the system's lock on a file in it
(``LOCK_NAME``, which holds the simulator's pid, to say who has it), let go when the simulator ends,
however it ends: a simulator that crashed or was killed leaves no lock behind. A simulator that
serves the protocol writes a small runtime file (``sim-PID.json`` in ``runtime_dir()``:
pid, port, flash folder), so that `crib` commands find it without ``-d``, and a second
simulator can say who has the port it wanted.

This module imports nothing of the app: host tools read it on every command.
"""

from __future__ import annotations

import errno
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from host_shared.atomic_write import replacing

DEFAULT_PORT = 4121  # the simulator's own (the server's module, which host commands need not load, takes it here)
APP_DIR = "cribbage-board"
LOCK_NAME = "simulator.lock"


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


@contextmanager
def hold_flash(folder: Path) -> Iterator[Path]:
    """Hold ``folder`` (created if missing) for this process while in the context: the system's lock
    (``fcntl.flock``) on its lock file, whose path it gives, which then holds this process's pid. FlashInUse
    if another process holds it, or if a simulator that serves says it runs on it (one of an older `crib`, whose
    lock was the pid file alone). The lock file is removed at the end, and the system lets the lock go with
    the process, however it ends."""
    try:  # (POSIX's: imported when a simulator starts, not by every `crib` command that reads this module)
        import fcntl
    except ImportError:
        raise OSError(errno.ENOSYS, "this system has no file locks (fcntl): the simulator needs Linux or macOS") \
            from None

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise FlashInUse(folder, _pid_in(path)) from None
        except OSError:  # (a file system without such locks: said as a folder that cannot be used)
            os.close(fd)
            raise
        if _is_file_at(fd, path):
            break
        os.close(fd)  # its holder removed it as it let go, after we opened it: the lock file now is another
    serving = next((i for i in running() if i.pid != os.getpid() and Path(i.flash).resolve() == folder.resolve()),
                   None)
    if serving is not None:
        os.close(fd)
        raise FlashInUse(folder, serving.pid)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, b"%d\n" % os.getpid())
        yield path
    finally:
        if _is_file_at(fd, path):  # (not if someone removed it meanwhile: the file there is not ours)
            path.unlink()  # before the lock goes: whoever opened the file before then takes it, and tries again
        os.close(fd)


def _is_file_at(fd: int, path: Path) -> bool:
    """True if the open file ``fd`` is the one at ``path``."""
    try:
        at = path.stat()
    except FileNotFoundError:
        return False
    opened = os.fstat(fd)
    return (opened.st_dev, opened.st_ino) == (at.st_dev, at.st_ino)


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
    with replacing(path) as temporary:  # whole or not at all: a simulator looking finds no half-written file
        temporary.write_text(json.dumps({"pid": os.getpid(), "port": port, "flash": str(flash),
                                         "started": time.time()}))
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
