"""Input the host tools do not control (saved logs, scripts, what a board sends), taken in so
that none of it can crash, hang or flood them: reads have a size limit, JSON that cannot be
parsed (malformed, nested too deep, too big) is a ValueError with a clear message, and text
echoed in a message is cut to a short start."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

ECHO_LIMIT = 80  # characters of untrusted text shown in a message


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` itself if short, else its first ``limit`` characters and "..."."""
    return text if len(text) <= limit else text[:limit] + "..."


MAX_DIGITS = 18  # digits of a whole number typed that are read: past them it is no count of anything here


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes in the digits 0-9 alone, or None (Python's ``int()`` takes ``1_0``,
    ``+2`` and other scripts' digits too, ``isdigit()`` alone ``²``); one of more than ``MAX_DIGITS``
    digits is ``10 ** MAX_DIGITS``, past any range asked for (``int()`` refuses 4,301 digits)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= MAX_DIGITS else 10 ** MAX_DIGITS


def signed_whole_number(text: str) -> int | None:
    """The whole number ``text`` writes in the digits 0-9, a minus sign right before them or not (``whole_number``),
    or None: a minus apart from its digits (``- 3``) too, as no one writes a number so."""
    text = text.strip()
    digits = text.removeprefix("-")
    if digits != digits.lstrip():
        return None
    value = whole_number(digits)
    return -value if value is not None and digits != text else value


def is_whole_number(text: str) -> bool:
    """True if ``text`` is a whole number written in the digits 0-9 (``whole_number``)."""
    return whole_number(text) is not None


def integer(text: str) -> int:
    """An argparse type: a whole number in the digits 0-9, a minus sign before them or not
    (``signed_whole_number``); for an option whose ``choices`` name the numbers it takes, argparse refuses any
    other as no choice, naming them."""
    value = signed_whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError("%r is not a whole number" % shorten(text))
    return value


def at_least_one(text: str) -> int:
    """An argparse type: a whole number of 1 or more, in the digits 0-9 (0 and a negative one, ``-1``, are
    whole numbers below 1, said so)."""
    value = integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more, not %s" % shorten(text.strip()))
    return value


def parse_json(text: str | bytes) -> Any:
    """The value of a JSON document; a ValueError that says why if there is none.

    Python's decoder raises RecursionError on deep nesting (``[`` a thousand times) and
    MemoryError on huge input, not only ValueError, and a plain ValueError for a number of more
    digits than it converts (its words advise changing an interpreter limit): each is a ValueError
    that says why here.
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("not JSON that can be read (nested too deep)") from None
    except MemoryError:
        raise ValueError("not JSON that can be read (too big)") from None
    except UnicodeDecodeError as error:
        raise ValueError("not UTF-8 text (byte %d)" % error.start) from None
    except json.JSONDecodeError as error:
        raise ValueError("not JSON: %s" % error) from None
    except ValueError as error:
        if "digits" not in str(error):
            raise
        raise ValueError("not JSON that can be read (a number of too many digits)") from None


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the file at ``path``, at most ``limit`` bytes of it (a bigger file, or
    an endless one such as /dev/zero, is refused, not read to its end). Raises ValueError
    naming the file and the trouble."""
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise ValueError("cannot read %s: %s" % (path, error.strerror or error)) from None
    if len(data) > limit:
        raise ValueError("%s is larger than %d bytes: not read" % (path, limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ValueError("%s is not UTF-8 text (line %d: byte 0x%02x)" % (path, line, data[error.start])) from None
