"""Atomic, checked saving of the board's data (settings, the match log, ui prefs), two copies deep.

    store = Store(root, name="game", keep_up=hw.keep_up)   # root: hw.storage_root ("/" on the board)
    data, message = store.load()       # at power-on (or load(use=...), see below)
    store.save(data)                   # after every accepted event

``data`` is a dict (string keys) of JSON values; one value may instead be an iterator (a
generator, say) of JSON values: it is saved as a JSON list written one element at a time,
so a long list (the match log) never has to be built in RAM. ``load(stream=key)`` hands
such a list back as an iterator that reads the file a chunk (256 bytes) at a time and hands
out its elements one by one (a list if the file holds it otherwise); it holds no file open
until iterated, and must be read before the second save after the load (which overwrites the
copy it reads). The damage checks (length, CRC) are all done by ``load`` itself. ``load()``
returns:
  * ``(data, None)``: the newest copy, all sound;
  * ``(data, message)``: a copy was damaged or missing; ``data`` is the newest sound one
    (the copy before a damaged newest) and ``message`` says what happened and which save
    was loaded (show it to the players);
  * ``(None, None)``: nothing saved yet: a fresh start;
  * ``(None, message)``: saved files exist but none is sound: a fresh start, said aloud.
``load(use=f)`` calls ``f(data)`` on the newest sound copy and returns what ``f`` returns in
place of ``data``; if ``f`` raises ValueError, the copy is sound but of no use to the caller
(a game this firmware cannot replay): it is set aside as a damaged one is, said so in the
message, and the older copy is tried. A copy is missing when only one slot file is there
though its save number says an older copy was written (every save after the first leaves
two). ``load`` never raises for what it finds on the flash (only MemoryError, which is no
fault of the file, is let through). Damaged and unusable copies are renamed to
``<name>.a.bad`` / ``<name>.b.bad`` (then ``.bad2`` .. ``.bad9``: one set aside earlier is
never replaced), never just deleted, so the next save never overwrites the last good copy.
``save()`` raises OSError only if the flash itself fails; the copies already saved are then
untouched. ``store.seq`` is the number of the newest save, once known; after a load that
lost a copy, ``store.loaded_age`` says what the copy loaded is: ``"newest"``, ``"older"`` (a
later save's copy failed), or None (the copy lost, its trailer or its file, was of no known
age).

On the flash: two slots, ``<name>.a`` and ``<name>.b``. Each save writes ``<name>.tmp``
and renames it onto the slot that does not hold the newest copy (littlefs renames are
atomic; MicroPython has no os.replace; the target is never deleted first), so at any
instant, power cut or not, the newest and the previous copy are intact. A slot file is
one JSON array, ``[data, trailer]``, laid out as:

    [<data as JSON>,\\n                                   <- the first <length> bytes
    ["crib-save", <format>, <seq>, <length>, "<crc32 as 8 hex digits>"]]\\n

``seq`` counts saves (the larger is the newer copy). The CRC-32 covers the first
``length`` bytes and the trailer line up to the CRC's opening quote, so a torn, truncated
or flipped file is caught; the trailer must be in exactly this form. The trailer comes
last so that the data goes straight to the file a value (a streamed element) at a time,
and ``json.load`` parses it straight from the file: a long log never sits in RAM as text.
The length and CRC are taken as the bytes are written, so the trailer follows in the same
open (appended after a close, it would make littlefs copy the file's last block: one more
erase a save); the closed file is then read back in small chunks and checked against its
trailer before the rename, so a save the flash did not keep fails (OSError), the copies
before it untouched.

A streamed value comes last in the object, one element per line (JSON text has no raw
newline of its own), so the loader can read it a chunk of whole lines at a time:

    [{"settings": {...}, "ids": [...], "codes": [
    16,
    132
    ]},
    ["crib-save", ...]]

Any reader of JSON reads both layouts as the same data; format 1 covers both.

A string of the data may be a ``Kept`` (an element of a list: the board's remembered replies,
``app.request_ids``): saved as the string, and once a save has written it, the heap holds only
where it lies in that copy, each later save copying its bytes over from the copy before: the
file is byte for byte what saving the string writes. ``Kept.text()`` reads it back.
"""

import json
import os
from binascii import crc32
from io import StringIO

from micropython import const

FORMAT = const(1)
_MAGIC = const(b'["crib-save", ')
_CHUNK = const(256)
_TAIL = const(80)  # more than any trailer line
_PLAIN = (dict, list, tuple, str, int, float, bool)  # saved whole by json.dumps; other values are streamed
_STREAM_END = const(b"\n]},\n")  # the streamed list's closing line, and the newline before it
_KEPT = const(9)  # copies set aside per slot (.bad, .bad2 .. .bad9)
_LINES = const(32)  # streamed elements written to the file at a time (the log's: about 200 bytes)
_KEEP_UP = const(128)  # streamed elements between two reads of the controls (the log's: under 1 KB)
_replace = getattr(os, "replace", os.rename)  # CPython on Windows cannot rename onto a file
try:
    crc32("")  # type: ignore[arg-type]  # MicroPython: a str is its UTF-8 bytes to crc32 and to a file
    _ENCODE = False
except TypeError:  # CPython: a str is encoded first
    _ENCODE = True


class Kept:
    """A string of the saved data kept on the flash once saved (see the module docstring)."""

    def __init__(self, text):
        self._text = text  # None once saved: it lies in ``_path`` from byte ``_at``, ``_length`` bytes
        self._path = None
        self._at = self._length = 0

    def text(self):
        """The string (read from the copy that holds it, once saved)."""
        if self._text is not None:
            return self._text
        with open(self._path, "rb") as f:
            f.seek(self._at)
            return json.loads(f.read(self._length))

    def saved(self, path, at, length):
        """It lies in ``path`` (a complete copy) from byte ``at``, ``length`` bytes, as JSON: the heap lets go of it."""
        self._text = None
        self._path = path
        self._at = at
        self._length = length


def _head(seq, length):
    """The trailer line up to the CRC's digits (the part the CRC covers)."""
    return b'%s%d, %d, %d, "' % (_MAGIC, FORMAT, seq, length)


class Store:
    """Two-copy atomic storage of one dict under ``root``; see the module docstring."""

    def __init__(self, root, name="game", keep_up=None):
        base = root.rstrip("/") + "/" + name
        # called between the steps of a save: each may erase the flash (45 ms, up to 400, the CPU
        # held), and the controls' rings keep only so much unread (hw.keep_up)
        self._keep_up = keep_up or _nothing
        self._slots = (base + ".a", base + ".b")
        self.seq = None  # number of the newest sound save, once known
        self._newest = None  # index of the slot holding it
        self.loaded_age = None  # after a load that lost a copy: "newest" or "older" if known (``load``)

    def save(self, data):
        """Save ``data`` (a dict of JSON values) as the newest copy; the previous one stays."""
        if not isinstance(data, dict):
            raise TypeError("the store saves a dict, not %s" % type(data).__name__)
        if self.seq is None:
            self._find_newest()
        seq = self.seq + 1 if self.seq is not None else 1
        target = 1 if self._newest == 0 else 0
        written = []  # (Kept, offset, bytes) in this copy: they lie there once it is saved
        keep_up = self._keep_up
        tmp = self.tmp()
        with open(tmp, "wb") as f:
            keep_up()  # (making the file may erase)
            out = [f, 0, 0]  # the file, the bytes written to it, their CRC-32 (_put)
            _write_data(out, data, written, keep_up)
            length = out[1]
            head = _head(seq, length)
            crc = crc32(head, out[2])
            f.write(b'%s%08x"]]\n' % (head, crc))
            keep_up()  # (the trailer may start a new block: an erase)
        del f, out  # the file: closed, it holds its 1 KB of buffer until let go, not while the read-back opens it
        keep_up()  # (the close commits the file: it may erase)
        self.place(tmp, self._slots[target], (seq, length, crc))
        keep_up()  # (and the rename's commit)
        self.seq = seq
        self._newest = target
        for value, at, length in written:
            value.saved(self._slots[target], at, length)

    def place(self, tmp, path, written):
        """Rename the copy ``tmp`` onto ``path`` once read back as the flash holds it: the one written
        (``written``: its ``sound_copy``), or OSError and nothing renamed."""
        try:
            sound = self.sound_copy(tmp) == written
        except ValueError:
            sound = False
        if not sound:
            raise OSError("%s: the flash does not hold what was written" % tmp)
        _replace(tmp, path)

    def tmp(self):
        """``<name>.tmp``: a copy as it is written, before its rename into place (made when needed: a board
        keeps no third name)."""
        return self._slots[0][:-1] + "tmp"

    def newest_file(self):
        """The file of the newest copy, once known (after a load or a save), else None."""
        return None if self._newest is None else self._slots[self._newest]

    def load(self, stream=None, use=None):
        """The saved data and a message about damage: see the module docstring.

        ``stream``: the key of a list to hand back as an iterator (read from the file one
        element at a time) if it was saved streamed. ``use``: a function of the data whose
        result is returned instead; a ValueError from it rejects the copy (the older is tried).
        """
        found = []  # (seq, slot index, length, crc) of slots with a sound trailer
        problems = []
        present = 0
        for i in range(2):
            try:
                size = os.stat(self._slots[i])[6]
            except OSError:
                continue  # no such file
            present += 1
            try:
                trailer = self._trailer(self._slots[i], size)
            except (OSError, ValueError) as e:
                problems.append(self._set_aside(i, e))
                continue
            found.append((trailer[0], i, trailer[1], trailer[2]))
        found.sort()
        if present == 1 and found and found[0][0] > 1:  # saves after the first leave two copies
            problems.append("%s is missing" % self._slots[1 - found[0][1]])
        unknown = len(problems)  # copies gone before any was read: of no known age (a trailer, a file lost)
        while found:
            seq, i, length, crc = found.pop()
            try:
                data = self._read(self._slots[i], seq, length, crc, stream)
            except (OSError, ValueError, RuntimeError) as e:
                problems.append(self._set_aside(i, e))
                continue
            if use is not None:
                # its streamed list (a generator reading the file) lets go of it once used, read whole
                # or not: the file may be renamed next, or written over by a later save
                close = getattr(data.get(stream), "close", None) if isinstance(data, dict) else None
                try:
                    data = use(data)
                except ValueError as e:
                    problems.append(self._set_aside(i, e, "cannot be used"))
                    continue
                finally:
                    if close is not None:
                        close()
            self.seq = seq
            self._newest = i
            # what the copy loaded is: "newest", "older" (a copy of a later save went), or of no
            # known age against the one gone (its trailer or its file lost: it held the save
            # just before or just after this one)
            self.loaded_age = "older" if len(problems) > unknown else None if problems else "newest"
            for older, j, length, crc in found:  # the copy to fall back on must be sound too
                try:
                    if self._crc(self._slots[j], older, length) != crc:
                        problems.append(self._set_aside(j, "checksum mismatch"))
                except OSError as e:
                    problems.append(self._set_aside(j, e))
            if problems:
                age = self.loaded_age
                return data, "; ".join(problems) + "; loaded %ssave %d from %s" % (
                    "" if age is None else age + " ", seq, self._slots[i])
            return data, None
        self.seq = None
        self._newest = None
        if present:
            return None, "; ".join(problems) + "; no readable saved game: starting fresh"
        return None, None

    def sound_copy(self, path):
        """(seq, length, crc) of the saved copy in ``path`` (a slot's, or one kept beside them), read whole:
        ValueError if it is not sound (its trailer, or its CRC), OSError if the flash cannot read it."""
        seq, length, crc = trailer = self._trailer(path, os.stat(path)[6])
        if self._crc(path, seq, length) != crc:
            raise ValueError("checksum mismatch")
        return trailer

    def _trailer(self, path, size):
        """(seq, length, crc) from the trailer line of ``path`` (``size`` bytes); ValueError if unsound."""
        with open(path, "rb") as f:
            if size > _TAIL:
                f.seek(size - _TAIL)
            tail = f.read()
        start = tail.rfind(b"\n", 0, len(tail) - 1) + 1
        line = tail[start:]
        if not line.startswith(_MAGIC) or not line.endswith(b'"]]\n'):
            raise ValueError("cut short" if not tail.endswith(b"\n") else "no trailer")
        fields = line[len(_MAGIC):-4].split(b", ")
        if len(fields) != 4:
            raise ValueError("no trailer")
        if int(fields[0]) != FORMAT:
            raise ValueError("format %s, this firmware reads %d" % (fields[0].decode(), FORMAT))
        seq, length, crc = int(fields[1]), int(fields[2]), int(fields[3][1:], 16)
        if line != b'%s%08x"]]\n' % (_head(seq, length), crc):
            raise ValueError("trailer damaged")  # only the exact form: every flipped bit shows
        if length != size - len(line):
            raise ValueError("length does not match")
        return seq, length, crc

    def _read(self, path, seq, length, crc, stream):
        """The data in ``path`` after checking it against its trailer; ValueError if damaged."""
        if self._crc(path, seq, length) != crc:
            raise ValueError("checksum mismatch")
        with open(path, "rb") as f:  # bytes: UTF-8 whatever the host's locale
            if stream is not None:
                head = f.readline()
                tail = b"%s: [\n" % json.dumps(stream).encode()
                if head.startswith(b"[{") and head.endswith(tail):
                    end = len(head) - len(tail) - 2  # the object's text ends before ", " and the stream's key
                    # (one copy of it closed: a long head, the request ids' replies in it, twice in the heap at most)
                    data = json.loads(head[1:end] + b"}" if end > 1 else b"{}")
                    data[stream] = _elements(path, len(head))
                    return data
                head = None  # not streamed: the whole data on one line; freed before parsing it
                f.seek(0)
            whole = json.load(f)
        if not isinstance(whole, list) or len(whole) != 2 or not isinstance(whole[0], dict):
            raise ValueError("not a saved game")
        return whole[0]

    def _crc(self, path, seq, length):
        """The CRC a trailer holds for the first ``length`` bytes of ``path``, read in small chunks
        (through a buffer of its own: a board keeps none)."""
        buf = bytearray(_CHUNK)
        view = memoryview(buf)
        crc = 0
        left = length
        with open(path, "rb") as f:
            while left:
                n = f.readinto(view[:left] if left < _CHUNK else buf)
                if not n:
                    break  # shorter than said: the CRC cannot match
                crc = crc32(buf if n == _CHUNK else view[:n], crc)  # a slice only for the last piece
                left -= n
        return crc32(_head(seq, length), crc)

    def _find_newest(self):
        """Learn which slot holds the newest copy, for a save without a load first."""
        for i in range(2):
            try:
                seq = self._trailer(self._slots[i], os.stat(self._slots[i])[6])[0]
            except (OSError, ValueError):
                continue
            if self.seq is None or seq > self.seq:
                self.seq = seq
                self._newest = i

    def _set_aside(self, i, error, what="is damaged"):
        """Rename slot ``i`` (damaged, or what ``what`` says) to the first free of ``<slot>.bad``,
        ``<slot>.bad2`` .. ``<slot>.bad9``, so a copy set aside earlier (a game another firmware could
        still read) is never written over; return the sentence saying so. With all nine taken, or the
        flash refusing, the copy stays where it is, for the next save to write over."""
        path = self._slots[i]
        said = "%s %s (%s)" % (path, what, error)
        for keep in kept_names(path + ".bad"):
            try:
                os.stat(keep)
                continue
            except OSError:
                pass
            try:
                _replace(path, keep)
            except OSError:
                return said
            return said + ", kept as " + keep
        return said + ", not kept: %d copies kept already" % _KEPT


def kept_names(path):
    """The names a copy set aside is kept under, in turn: ``path``, then ``path`` + "2" .. "9" (one
    taken is never written over)."""
    yield path
    for n in range(2, _KEPT + 1):
        yield path + str(n)


def _put(out, data):
    """Write ``data`` (a str, as UTF-8, or bytes) to a save's file: ``out`` is [the file, the bytes
    written, their CRC-32], counted and summed as they go (the trailer's length and CRC: it is
    written in the same open, where an append after the close would copy the file's last flash
    block, one more erase a save)."""
    if _ENCODE and isinstance(data, str):
        data = data.encode()
    out[1] += out[0].write(data)  # bytes, where len() of a str counts its characters
    out[2] = crc32(data, out[2])


def _nothing():
    """A store's ``keep_up`` when it has none: no controls to read between the steps of a save."""


def _write_data(out, data, written, keep_up):
    """Write ``[<data>,\n`` to ``out`` (``_put``), a streamed value last, one element per line; each
    ``Kept`` written is noted in ``written`` (its bytes copied from the copy that holds them, if saved
    before). ``keep_up()`` is called after each value and every ``_KEEP_UP`` elements: far less than a
    flash block (4 KB, erased as the file reaches it) written between two calls."""
    streamed = None
    sep = ""
    _put(out, "[{")
    for key in data:
        if not isinstance(key, str):
            raise TypeError("the store saves string keys, not %r" % (key,))
        value = data[key]
        if value is None or isinstance(value, _PLAIN):
            _put(out, sep)
            _put(out, json.dumps(key))
            _put(out, ": ")
            _write_value(out, value, written)
            keep_up()
            sep = ", "
        elif streamed is None:
            streamed = key
        else:
            raise TypeError("only one value can be streamed, not %r and %r" % (streamed, key))
    if streamed is not None:
        _put(out, sep)
        _put(out, json.dumps(streamed))
        _put(out, ": [")
        elements = iter(data[streamed])
        sep = "\n"
        n = 0
        while True:
            got = _write_lines(out, elements, sep)
            n += got
            if got < _LINES:
                break
            sep = ",\n"
            if n % _KEEP_UP == 0:
                keep_up()
        keep_up()  # (what follows may erase too)
        _put(out, "\n]")
    _put(out, "},\n")


def _write_lines(out, elements, sep):
    """Write the next ``_LINES`` elements of the iterator ``elements`` (fewer at its end), the first
    after ``sep`` and the others after ",\n", to ``out`` through a text buffer: ``json.dump`` makes
    no text of its own an element, and the buffer and its text are gone once this returns (no slot
    of the caller's frame keeps them for the collector). Returns how many were written."""
    lines = StringIO()
    n = 0
    for element in elements:
        lines.write(sep)
        json.dump(element, lines)
        sep = ",\n"
        n += 1
        if n == _LINES:
            break
    _put(out, lines.getvalue())
    return n


def _write_value(out, value, written):
    """Write ``value`` as JSON to ``out``, a list element by element, for the ``Kept`` strings in it."""
    if isinstance(value, list):
        _put(out, "[")
        for i in range(len(value)):
            if i:
                _put(out, ", ")
            _write_value(out, value[i], written)
        _put(out, "]")
    elif isinstance(value, Kept):
        at = out[1]
        if value._text is not None:
            _put(out, json.dumps(value._text))
        else:
            _copy(out, value)
        written.append((value, at, out[1] - at))
    else:
        _put(out, json.dumps(value))


def _copy(out, value):
    """Write the saved bytes of ``value`` (a ``Kept``) to ``out``, through a buffer of its own (made only
    when a reply saved before is copied: the save's other steps hold none)."""
    buf = bytearray(_CHUNK)
    view = memoryview(buf)
    left = value._length
    with open(value._path, "rb") as source:
        source.seek(value._at)
        while left:
            n = source.readinto(view[:left] if left < len(buf) else buf)
            if not n:
                raise OSError("%s: cut short before a saved string's end" % value._path)
            _put(out, buf if n == len(buf) else view[:n])
            left -= n


def _elements(path, offset):
    """The elements of a streamed list starting at byte ``offset`` of ``path``, one line each: read
    a chunk at a time (MicroPython's ``readline`` reads a byte a call), the chunk's whole lines
    parsed as one JSON array (their ``,\n`` are its separators), then handed out one by one."""
    with open(path, "rb") as f:
        f.seek(offset)
        rest = b""  # a line begun in the last chunk
        while True:
            chunk = f.read(_CHUNK)
            if not chunk:
                raise ValueError("%s: streamed list cut short" % path)  # the CRC passed: only a writer's bug
            text = rest + chunk
            end = text.rfind(b"\n") + 1  # the whole lines
            rest = text[end:]
            stop = (b"\n" + text).find(_STREAM_END, 0, end + 1)  # where the list's closing line starts
            lines = text[:end if stop < 0 else stop]
            if lines:
                yield from json.loads(b"[%s]" % lines.rstrip(b",\n"))  # a JSON value never ends with either
            if stop >= 0:
                return
