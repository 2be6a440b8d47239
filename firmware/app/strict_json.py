"""Request lines read as JSON is written (RFC 8259), on the board as in the simulator.

MicroPython's ``json.loads`` takes much that is not JSON (``[1 2]``, ``{"a" 1}``, ``[1,,2]``,
a trailing comma, ``01``, ``1.``) and CPython's takes ``NaN`` and ``Infinity``: a host's bad
line would do something on one and be refused by the other. ``loads`` checks the syntax
first, one byte at a time with a stack of the open brackets (no recursion), then parses.
Two things JSON takes are refused too: a ``\\u`` escape of a surrogate (``\\ud800`` to ``\\udfff``):
MicroPython's parser makes no character of a pair and keeps one alone as bytes that are not
UTF-8, which a reply echoing the string would send on to the host (a character past U+FFFF
comes as itself, in UTF-8); and a key given twice in one object (``TWICE``), which both parsers
take silently, the last one winning: ``{"cmd": "state", "cmd": "undo"}`` is no request to guess at.
"""

import json

from micropython import const

_DEPTH = const(64)  # brackets open at once: deeper is refused as too deep, as the parsers' own limits are
_QUOTE = const(0x22)
_BACKSLASH = const(0x5C)
_COMMA = const(0x2C)
_COLON = const(0x3A)
_OPEN_OBJECT = const(0x7B)  # its closing bracket is 2 more, as the array's: "{" "}", "[" "]"
_OPEN_ARRAY = const(0x5B)
_ZERO = const(0x30)
_NINE = const(0x39)
_ESCAPED = const(b'"\\/bfnrt')
_HEX = const(b"0123456789abcdefABCDEF")
_SURROGATE_SECOND = const(b"89abcdefABCDEF")  # after a first hex digit d: \ud800 to \udfff
_SPACE = const(b" \t\n\r")
_LITERALS = const((b"true", b"false", b"null"))


TWICE = "a key is given twice in one object: send each once"  # (loads' ValueError for it)


def loads(line):
    """``json.loads(line)`` for a line that is one JSON value (whitespace around it allowed);
    ValueError if it is not JSON (``TWICE`` if it only gives a key twice in one object),
    RuntimeError if it opens more than 64 brackets at once."""
    text = line.encode() if isinstance(line, str) else line
    keys = _keys(text)
    if keys < 0:
        raise ValueError("not JSON")
    value = json.loads(line)
    if keys and _entries(value) != keys:  # the parser kept fewer: a key given again replaced one
        raise ValueError(TWICE)
    return value


def _entries(value):
    """The entries of every object in ``value`` (a parsed JSON value), however deep."""
    count = 0
    todo = [value]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            count += len(value)
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
    return count


def _keys(b):
    """The keys the JSON value ``b`` writes (in all its objects); -1 if it is not one JSON value."""
    n = len(b)
    stack = bytearray(_DEPTH)  # the open brackets, ``depth`` of them (MicroPython's bytearray has no pop)
    depth = 0
    keys = 0
    i = _space(b, 0, n)
    while True:
        # a value starts at i: a bracket opens, or a string, number or literal is there
        c = b[i] if i < n else -1
        if c == _OPEN_OBJECT or c == _OPEN_ARRAY:
            if depth == _DEPTH:
                raise RuntimeError("nested too deep")
            stack[depth] = c
            depth += 1
            i = _space(b, i + 1, n)
            if i >= n or b[i] != c + 2:  # not empty: its first value next (an object's after its key)
                if c == _OPEN_OBJECT:
                    i = _key(b, i, n)
                    keys += 1
                if i < 0:
                    return -1
                continue
            depth -= 1
            i += 1
        else:
            i = _scalar(b, i, n)
            if i < 0:
                return -1
        # after a value: the brackets it closes, then a comma or the end
        i = _space(b, i, n)
        while depth and i < n and b[i] == stack[depth - 1] + 2:
            depth -= 1
            i = _space(b, i + 1, n)
        if not depth:
            return keys if i == n else -1
        if i >= n or b[i] != _COMMA:
            return -1
        i = _space(b, i + 1, n)
        if stack[depth - 1] == _OPEN_OBJECT:
            i = _key(b, i, n)
            keys += 1
            if i < 0:
                return -1


def _scalar(b, i, n):
    """Past the string, number or literal at ``i``; -1 if none is there."""
    if i >= n:
        return -1
    c = b[i]
    if c == _QUOTE:
        return _string(b, i, n)
    if c == 0x74 or c == 0x66 or c == 0x6E:  # t f n
        return _literal(b, i)
    return _number(b, i, n)


def _space(b, i, n):
    while i < n and b[i] in _SPACE:
        i += 1
    return i


def _key(b, i, n):
    """Past ``"key":`` and the space after it, from ``i``; -1 if that is not there."""
    if i >= n or b[i] != _QUOTE:
        return -1
    i = _string(b, i, n)
    if i < 0:
        return -1
    i = _space(b, i, n)
    if i >= n or b[i] != _COLON:
        return -1
    return _space(b, i + 1, n)


def _string(b, i, n):
    """Past the string at ``i`` (its opening quote); -1 if it is not one."""
    i += 1
    while i < n:
        c = b[i]
        if c == _QUOTE:
            return i + 1
        if c < 0x20:  # a control character must be escaped
            return -1
        if c == _BACKSLASH:
            i += 1
            if i >= n:
                return -1
            if b[i] == 0x75:  # \uXXXX
                if i + 4 >= n:
                    return -1
                for k in range(i + 1, i + 5):
                    if b[k] not in _HEX:
                        return -1
                if b[i + 1] | 0x20 == 0x64 and b[i + 2] in _SURROGATE_SECOND:  # d or D: a surrogate
                    return -1
                i += 4
            elif b[i] not in _ESCAPED:
                return -1
        i += 1
    return -1


def _literal(b, i):
    """Past ``true``, ``false`` or ``null`` at ``i`` (compared in place: no slice on the heap); -1 if none."""
    n = len(b)
    for word in _LITERALS:
        end = i + len(word)
        if end <= n:
            k = 0
            while k < len(word) and b[i + k] == word[k]:
                k += 1
            if k == len(word):
                return end
    return -1


def _digits(b, i, n):
    """Past the digits from ``i``; -1 if there are none."""
    start = i
    while i < n and _ZERO <= b[i] <= _NINE:
        i += 1
    return i if i > start else -1


def _number(b, i, n):
    """Past the number at ``i``: ``-``, then 0 or digits not led by 0, a fraction, an exponent; -1
    if it is not one."""
    if i < n and b[i] == 0x2D:  # -
        i += 1
    if i < n and b[i] == _ZERO:
        i += 1
    else:
        i = _digits(b, i, n)
    if 0 <= i < n and b[i] == 0x2E:  # .
        i = _digits(b, i + 1, n)
    if 0 <= i < n and (b[i] == 0x65 or b[i] == 0x45):  # e E
        i += 1
        if i < n and (b[i] == 0x2B or b[i] == 0x2D):  # + -
            i += 1
        i = _digits(b, i, n)
    return i
