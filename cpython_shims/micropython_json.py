"""MicroPython's ``json.dumps`` text, for CPython (``cribbage.cards.json_text`` imports it), so that
what a refusal quotes reads the same on the board, in the simulator and in the tests.

MicroPython's writes characters past ASCII as themselves and a backspace or form feed as
``\\u0008``, ``\\u000c`` (CPython's would write ``\\u00e9``, ``\\b``), and a number too big for a float
(``1e400`` read) as ``inf`` (CPython's: ``Infinity``, no JSON either). Here, not in the firmware: on
the board, every text of these ways would be one more name interned for good.
"""

import json
import re
from typing import Any

# a string of the JSON text (kept as it is), or an infinity outside one (CPython's word for it)
_STRING_OR_INFINITY = re.compile(r'"(?:[^"\\]|\\.)*"|Infinity')


def dumps(value: Any) -> str:
    """``value`` as MicroPython's ``json.dumps`` writes it."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except ValueError:  # an infinity in it (no NaN: JSON has none to read)
        text = _STRING_OR_INFINITY.sub(lambda m: "inf" if m.group() == "Infinity" else m.group(),
                                       json.dumps(value, ensure_ascii=False))
    # \b and \f as MicroPython writes them, an escaped backslash set aside (json.dumps writes no NUL)
    return text.replace("\\\\", "\0").replace("\\b", "\\u0008").replace("\\f", "\\u000c").replace("\0", "\\\\")
