"""app.strict_json against CPython's own JSON parser (made strict: no NaN or Infinity), on JSON
texts laid out every way and on those texts with characters inserted, dropped or changed, and on
near misses made on purpose: numbers with leading zeros, text after the value, control characters
in strings, ``\\u`` escapes cut short.

The syntax check (``_keys``) is compared on its own: ``loads`` hands what it passes to the
interpreter's json.loads, which on CPython refuses bad input anyway and so would hide a check too
lenient; on MicroPython, whose json.loads takes ``01`` or a raw control character, the check is
all there is."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.strict_json import _keys, loads

pytestmark = pytest.mark.slow  # thousands of examples a test: seconds each

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)
SEPARATORS = st.sampled_from([(",", ":"), (", ", ": "), (" ,\t", "\r: "), (",\n", " :\n")])
EDIT_CHARACTERS = ' \t\n,:[]{}"\\/0123456789.eE+-truefalsnNIbx\u00e9\x01'
DIGITS = "0123456789"
HEX = "0123456789abcdefABCDEF"
# every control character, DEL (JSON takes it raw), their neighbours and characters beyond ASCII
STRING_CHARACTERS = [chr(c) for c in range(0x21)] + ["\x7f", "\x80", "\x9f", "a", "\u00e9", "\u20ac", "\U0001f600"]
BOUNDARIES = ["\x1f", " ", "\x00", "\x7f"]  # the last refused, the first taken, the ends
SURROGATES = ["d800", "DBFF", "dc00", "dfff", "d83d\\ude00"]
# what may come before or after a value: JSON's whitespace, whitespace JSON does not take, and garbage
AROUND_CHARACTERS = " \t\n\r\x0b\x0c\x00\u00a0\ufeffx0.e]},:\"[{"
# values of each kind: what may follow one that is complete depends on the kind ("1" "0" is "10")
WHOLE_VALUES = ["0", "1", "-1.5e3", "true", "null", '"a"', "[]", "{}", '[1, {"a": null}]', '{"a": [false]}']


# a \u escape of a surrogate: after an even run of backslashes (an escaped backslash is no escape)
SURROGATE_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def cpython_reads(text: str, keys_once: bool = True) -> tuple[bool, object]:
    """(True, value) if ``text`` is JSON by CPython's parser with NaN and Infinity refused, no
    surrogate escaped in it and (``keys_once``) no key given twice in one object (the board refuses
    those: app.strict_json), else (False, None)."""

    def refuse(name: str) -> object:
        raise ValueError(name)

    def once(pairs: list[tuple[str, object]]) -> dict[str, object]:
        value = dict(pairs)
        if keys_once and len(value) != len(pairs):
            raise ValueError("a key twice")
        return value

    try:
        value = json.loads(text, parse_constant=refuse, object_pairs_hook=once)
    except ValueError:
        return False, None
    return (False, None) if SURROGATE_ESCAPE.search(text) else (True, value)


def strict_reads(text: str) -> tuple[bool, object]:
    try:
        return True, loads(text)
    except ValueError:
        return False, None


def check_passes(text: str) -> bool:
    """The syntax check's own verdict, as ``loads`` asks it (the line's UTF-8)."""
    return _keys(text.encode()) >= 0


def same_verdicts(text: str) -> None:
    """The check alone, and ``loads`` with its value, agree with CPython's parser on ``text``."""
    assert check_passes(text) == cpython_reads(text, keys_once=False)[0], text  # (the syntax alone)
    assert strict_reads(text) == cpython_reads(text), text


@st.composite
def texts(draw: st.DrawFn) -> str:
    """A JSON text of a random value and layout, then maybe a few characters inserted, dropped or changed."""
    item, key = draw(SEPARATORS)
    text = draw(st.sampled_from(["", " ", "\n"])) + json.dumps(draw(VALUES), separators=(item, key),
                                                                   ensure_ascii=draw(st.booleans()))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "drop", "change"]))
        character = draw(st.sampled_from(EDIT_CHARACTERS))
        if how == "insert":
            text = text[:at] + character + text[at:]
        elif at < len(text):
            text = text[:at] + (character if how == "change" else "") + text[at + 1:]
    return text


@st.composite
def in_place(draw: st.DrawFn, token: str) -> str:
    """``token`` where a value goes: alone, in an array or as an object's value."""
    return draw(st.sampled_from(["%s", "[%s]", " [1, %s ] ", '{"a":%s}', '{"a": [%s, 2]}'])) % token


@st.composite
def numbers(draw: st.DrawFn) -> str:
    """Numbers and near misses: a sign JSON has or not, any run of digits (``0``, ``01``, ``00``,
    none), a fraction and an exponent with or without their digits."""
    text = draw(st.sampled_from(["", "-", "+", "--"])) + draw(st.text(DIGITS, max_size=4))
    if draw(st.booleans()):
        text += "." + draw(st.text(DIGITS, max_size=3))
    if draw(st.booleans()):
        text += draw(st.sampled_from("eE")) + draw(st.sampled_from(["", "+", "-"])) + draw(st.text(DIGITS, max_size=3))
    return draw(in_place(text))


@st.composite
def followed(draw: st.DrawFn) -> str:
    """A JSON text with something before or after it: whitespace (JSON's or not) or garbage."""
    before = draw(st.text(AROUND_CHARACTERS, max_size=2))
    after = draw(st.text(AROUND_CHARACTERS, min_size=1, max_size=3))
    return before + draw(st.sampled_from(WHOLE_VALUES)) + after


@st.composite
def strings(draw: st.DrawFn) -> str:
    """A string with a raw control character, DEL or another (JSON takes none of the first 32),
    most often one at a boundary, ended or not."""
    character = draw(st.sampled_from(BOUNDARIES) | st.sampled_from(STRING_CHARACTERS))
    body = draw(st.sampled_from(["", "a"])) + character + draw(st.sampled_from(["", "b", "\\n"]))
    return draw(in_place('"%s%s' % (body, draw(st.sampled_from(['"', '"', "", '\\"'])))))


@st.composite
def escapes(draw: st.DrawFn) -> str:
    """A ``\\u`` escape with 0 to 4 hexadecimal digits, as often as not where the line ends, else
    followed by what may or may not end it; surrogates alone and in pairs (JSON's grammar takes
    them, as CPython does; the board does not), some after an escaped backslash (no escape then)."""
    digits = draw(st.integers(0, 4))
    code = draw(st.text(HEX, min_size=digits, max_size=digits) | st.sampled_from(SURROGATES))
    # before it: nothing, a letter, an escape, one backslash (which makes it an escaped
    # backslash and text) or two (an escaped backslash, then the escape)
    text = '"%s\\u%s' % (draw(st.sampled_from(["", "a", "\\n", "\\", "\\\\"])), code)
    if draw(st.booleans()):
        return draw(st.sampled_from(["%s", "[%s", '{"a":%s', "{%s"])) % text
    text += draw(st.sampled_from(["", "g", "G", " ", "0"])) + draw(st.sampled_from(['"', '"]', '"}', 'x"', "\\"]))
    return draw(in_place(text))


@settings(max_examples=3000, deadline=None)
@given(texts())
def test_reads_what_cpython_reads_and_refuses_what_it_refuses(text: str) -> None:
    same_verdicts(text)


@settings(max_examples=3000, deadline=None)
@given(numbers() | followed() | strings() | escapes())
def test_the_check_alone_refuses_the_near_misses_cpython_refuses(text: str) -> None:
    same_verdicts(text)


@given(st.sampled_from(["NaN", "Infinity", "-Infinity", "[NaN]", '{"a": Infinity}']))
def test_the_constants_cpython_takes_are_refused(text: str) -> None:
    assert json.loads(text) is not None and strict_reads(text) == (False, None) and not check_passes(text)
