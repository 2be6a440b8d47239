"""Writing a file so that a failed write never destroys it: the new content goes to a temporary file in the
same folder, which replaces the file only once it is complete (as the board's store saves: write, then rename)."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from host_shared.errors import Failed


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """Yield the file to write for ``path``: a new temporary file beside it (its name ends as ``path``'s, so a
    writer that picks the format by the extension picks the same), which replaces ``path`` when the block ends
    without an error, with ``path``'s permissions if it existed; on an error it is removed and ``path`` is as it
    was. Through a symlink the file it leads to is replaced. A path that is no regular file (``/dev/stdout``, a
    FIFO) is yielded itself: written in place, there is nothing to keep. Raises OSError if no file can be made.
    """
    if written_in_place(path):
        yield path
        return
    target = path.resolve()
    temp = _new_file_beside(target)
    try:
        yield temp
        if target.exists():
            os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
        os.replace(temp, target)
    finally:
        temp.unlink(missing_ok=True)  # (gone once it replaced the target)


def write_whole(path: Path, write: Callable[[Path], object],
                errors: tuple[type[Exception], ...] = (OSError,)) -> None:
    """Call ``write`` with the file to write for ``path`` (``replacing``), so a failed write leaves ``path`` as it
    was; any of ``errors`` it raises becomes ``Failed("cannot write PATH: why")``, why being an OSError's own words
    (its strerror, without "[Errno N]") or else the error itself (Pillow's ValueError for a format it cannot
    write)."""
    try:
        with replacing(path) as temp:
            write(temp)
    except errors as error:
        raise Failed("cannot write %s: %s" % (path, getattr(error, "strerror", None) or error)) from error


def written_in_place(path: Path) -> bool:
    """True for a path that is no regular file to replace (a device, a FIFO), and for any under /dev or /proc:
    ``/dev/stdout`` redirected to a file (``>> log``) is a regular file, and replacing it would lose what it
    held; piped, it resolves to a ``pipe:[...]`` name that is no path at all."""
    return str(path.absolute()).startswith(("/dev/", "/proc/")) or (path.exists() and not path.is_file())


def _new_file_beside(target: Path) -> Path:
    """A new empty file in ``target``'s folder, hidden, named after it (the umask gives its permissions, as it
    does any new file's)."""
    while True:
        temp = target.with_name(".%s.%s%s" % (target.stem, secrets.token_hex(4), target.suffix))
        try:
            os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
        except FileExistsError:
            continue
        return temp
