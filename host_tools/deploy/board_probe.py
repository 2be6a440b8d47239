"""The one read-only look `crib deploy` takes at the board: code run there by ``mpremote exec``.

It prints one line ``CRIB-PROBE {json}``: the board's ``sys.implementation._mpy`` (None
if it has none), whether it can hash (``hashlib.sha256``: in MicroPython's core and in the
rp2 Pico build, whose generated stubs list it; checked anyway), for each
asked path its size and SHA-256 (files) or its presence and the files in it (directories), and
its ROMFS partition, if it has one. The code is plain MicroPython (it runs on the unix port in the
tests, so what it prints is checked for real).

The ROMFS partition (MicroPython 1.25+, firmware built with one): ``vfs.rom_ioctl(1)`` is
the number of partitions (segments), ``vfs.rom_ioctl(2, 0)`` the first one, readable as a
buffer (a memoryview, or on rp2 an ``rp2.Flash`` object). No ``vfs.rom_ioctl`` (stock
firmware, MicroPython before 1.25, or no ``vfs`` module at all before 1.23) or no segment
(0, or a negative errno) means none. The image in it starts with ``d2 cd 31`` and its
length as a varuint (mpremote's ``romfs query`` reads it the same way); the probe reports
the partition's size, that image's size and the SHA-256 of exactly those bytes, so that
``crib deploy`` can tell whether the image it built is already there without any marker
file (a partition without a valid image: size None).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from host_tools.deploy.mpy import MpyFormat
from host_tools.deploy.plan import BoardFile, RomPartition

MARKER = "CRIB-PROBE "

_CODE = """\
import os, sys, json
from binascii import hexlify
try:
    from hashlib import sha256
except ImportError:
    sha256 = None
try:
    from vfs import rom_ioctl
except ImportError:
    rom_ioctl = None
def _crib_rom(ioctl):
    if ioctl is None or ioctl(1) <= 0:
        return None
    mv = memoryview(ioctl(2, 0))
    if len(mv) < 4 or bytes(mv[:3]) != b"\\xd2\\xcd\\x31":
        return [len(mv), None, None]
    n = 0
    i = 3
    while i < len(mv):
        n = n << 7 | mv[i] & 0x7F
        i += 1
        if not mv[i - 1] & 0x80:
            break
    n += i
    if n > len(mv):
        return [len(mv), None, None]
    h = None
    if sha256 is not None:
        h = hexlify(sha256(mv[:n]).digest()).decode()
    return [len(mv), n, h]
def _crib_probe(root, files, dirs, ioctl):
    out = {"mpy": getattr(sys.implementation, "_mpy", None), "hash": sha256 is not None,
           "version": list(sys.implementation.version[:3]), "files": {}, "dirs": [], "listed": [],
           "rom": _crib_rom(ioctl)}
    buf = bytearray(1024)
    for p in files:
        try:
            st = os.stat(root + p)
        except OSError:
            continue
        if st[0] & 0x4000:
            continue
        h = None
        if sha256 is not None:
            d = sha256()
            with open(root + p, "rb") as f:
                while True:
                    n = f.readinto(buf)
                    if not n:
                        break
                    d.update(memoryview(buf)[:n])
            h = hexlify(d.digest()).decode()
        out["files"][p] = [st[6], h]
    for p in dirs:
        try:
            if os.stat(root + p)[0] & 0x4000:
                out["dirs"].append(p)
                for e in os.ilistdir(root + p):
                    out["listed"].append(p + "/" + e[0] + ("/" if e[1] == 0x4000 else ""))
        except OSError:
            pass
    print(%(marker)r + json.dumps(out))
_crib_probe(%(root)r, %(files)r, %(dirs)r, rom_ioctl)
"""


@dataclass
class BoardListing:
    """What the probe found."""

    mpy: MpyFormat | None
    can_hash: bool
    version: tuple[int, ...]  # MicroPython's release, as sys.implementation.version: (1, 28, 0)
    files: dict[str, BoardFile]
    dirs: set[str]
    rom: RomPartition | None  # None: no ROMFS partition
    listed: set[str]  # what the directories asked about hold: their files, and their folders ending in "/"

    @property
    def release(self) -> str:
        """MicroPython's release as people write it: ``1.28.0``."""
        return ".".join(str(n) for n in self.version)


def probe_code(files: list[str], dirs: list[str], root: str = "/") -> str:
    """The code to run on the board to list ``files`` and ``dirs`` (paths relative to ``root``)."""
    return _CODE % {"marker": MARKER, "root": root, "files": files, "dirs": dirs}


def parse_probe(output: str) -> BoardListing:
    """The listing from the probe's output. Raises ValueError if the marker line is missing or bad."""
    for line in output.splitlines():
        if line.startswith(MARKER):
            data = json.loads(line[len(MARKER):])
            return BoardListing(
                mpy=None if data["mpy"] is None else MpyFormat.from_sys_mpy(data["mpy"]),
                can_hash=bool(data["hash"]),
                version=tuple(data["version"]),
                files={p: BoardFile(size, digest) for p, (size, digest) in data["files"].items()},
                dirs=set(data["dirs"]),
                rom=None if data.get("rom") is None else RomPartition(*data["rom"]),
                listed=set(data.get("listed", ())),
            )
    raise ValueError("the board did not answer the listing (got %r)" % output.strip()[-200:])
