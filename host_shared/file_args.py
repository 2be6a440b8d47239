"""Files and folders named on a command line, checked the same way by every `crib` command and the simulator:
argparse types for a file to read, a file to write and a folder to use, and the check that no file is named twice
(a file read is never the one written). What they refuse is a wrong command line (exit status 2), found before
anything is read, sent, played or written; a file that then cannot be read or written is said when it happens.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from host_shared.atomic_write import written_in_place

STDOUT = "-"  # the name that means standard output, where a command writes there (crib export --out -)


def is_standard_output(text: str) -> bool:
    """True for ``-``, and for a name of this process's standard output (``/dev/stdout``, ``/dev/fd/1``): written
    through its own opening, a file it is sent to would be written from its start again by what is printed after."""
    try:
        return text == STDOUT or os.path.samestat(os.stat(text), os.fstat(1))
    except (OSError, ValueError):  # no such file, or no standard output
        return False


def file_to_read(text: str) -> Path:
    """An argparse type: a file to read, named (an empty name, an unset variable in a script, is no file: read
    as ``Path("")`` it would be the current folder, or the option left out)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: name the file to read")
    return Path(text)


def folder_to_use(text: str) -> Path:
    """An argparse type: a folder to keep files in, named (``Path("")`` would be the current folder), that is
    no file (it is made if missing)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: name the folder")
    if Path(text).exists() and not Path(text).is_dir():
        raise argparse.ArgumentTypeError("%s is a file, not a folder: name a folder (it is made if missing)" % text)
    return Path(text)


def file_to_write(example: str) -> Callable[[str], Path]:
    """An argparse type: a file to write (``example``, a name like ``race.png``, shows in what it says).

    Refused: an empty name, ``-`` (standard output: a command that writes there takes it before this type), a
    folder, a file in a folder that is not there or cannot be written in, an existing file that is read-only.
    A file that is no regular one (``/dev/stdout``, a FIFO) is taken if it can be written. Symlinks are followed:
    the folder checked is the one of the file they lead to, which ``atomic_write.replacing`` replaces.
    """
    def checked(text: str) -> Path:
        if not text.strip():
            raise argparse.ArgumentTypeError("empty: name the file to write, like %s" % example)
        if text == STDOUT:
            raise argparse.ArgumentTypeError("%s (standard output) is not written to here: name a file, like %s "
                                             "(./%s for a file so named)" % (STDOUT, example, STDOUT))
        path = Path(text)
        if path.is_dir():
            raise argparse.ArgumentTypeError("%s is a folder: name the file to write in it, like %s"
                                             % (text, path / example))
        if written_in_place(path):  # a device, a FIFO, /dev/stdout
            if not os.access(path, os.W_OK):
                raise argparse.ArgumentTypeError("%s cannot be written (no permission)" % text)
            return path
        try:
            target = path.resolve()
        except (OSError, RuntimeError) as error:  # a loop of symlinks (RuntimeError before Python 3.13)
            raise argparse.ArgumentTypeError("%s cannot be written: %s" % (text, error)) from None
        folder = target.parent
        if not folder.is_dir():
            raise argparse.ArgumentTypeError("%s: there is no folder %s to write it in" % (text, folder))
        if not os.access(folder, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError("%s: the folder %s cannot be written in (no permission)" % (text, folder))
        if target.exists() and not os.access(target, os.W_OK):
            raise argparse.ArgumentTypeError("%s is read-only: it is not replaced" % text)
        return path

    return checked


def file_in_format(example: str, writes: Callable[[str], bool], formats: Callable[[], str], what: str,
                   in_place: bool = False) -> Callable[[str], Path]:
    """An argparse type: a file to write (``file_to_write``) whose extension names a format written (``writes`` of
    the extension as typed, like ``.PNG``), else refused saying ``what`` (like "image format crib plot writes") and
    which extensions do (``formats()``, worked out only then). With ``in_place``, a file written in place (a pipe,
    a device: its name is no file kept) is taken whatever its name: the command does not pick its format by it."""
    to_write = file_to_write(example)

    def checked(text: str) -> Path:
        path = to_write(text)
        if not (in_place and written_in_place(path)) and not writes(path.suffix):
            raise argparse.ArgumentTypeError("%s: its extension names no %s (%s)" % (text, what, formats()))
        return path

    return checked


def same_file(a: Path, b: Path) -> bool:
    """True if ``a`` and ``b`` name one file: the same path once symlinks and ``..`` are resolved, or two
    links to one file."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except (OSError, RuntimeError):  # one that cannot be resolved or looked at: none the other can be either
        return False


def named_twice(files: Sequence[tuple[str, Path | None]]) -> str | None:
    """Why two of ``files`` (each an option and the file it names, None if not given; those read first, then
    those written) are one file, as an error's message; None if none are. A file written over the one read
    would lose what was read, two outputs one of them."""
    for at, (option, path) in enumerate(files):
        for earlier, earlier_path in files[:at]:
            if path is not None and earlier_path is not None and same_file(path, earlier_path):
                return ("%s and %s name the same file (%s): name another for %s"
                        % (earlier, option, earlier_path, option))
    return None
