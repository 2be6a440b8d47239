"""app.strict_json against CPython's own JSON parser (made strict: no NaN or Infinity), on JSON
texts laid out every way and on those texts with characters inserted, dropped or changed."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from app.strict_json import loads

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)
SEPARATORS = st.sampled_from([(",", ":"), (", ", ": "), (" ,\t", "\r: "), (",\n", " :\n")])
EDIT_CHARACTERS = ' \t\n,:[]{}"\\/0123456789.eE+-truefalsnNIbx\u00e9\x01'


def cpython_reads(text: str) -> tuple[bool, object]:
    """(True, value) if ``text`` is JSON by CPython's parser with NaN and Infinity refused, else (False, None)."""

    def refuse(name: str) -> object:
        raise ValueError(name)

    try:
        return True, json.loads(text, parse_constant=refuse)
    except ValueError:
        return False, None


def strict_reads(text: str) -> tuple[bool, object]:
    try:
        return True, loads(text)
    except ValueError:
        return False, None


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


@settings(max_examples=3000, deadline=None)
@given(texts())
def test_reads_what_cpython_reads_and_refuses_what_it_refuses(text: str) -> None:
    assert strict_reads(text) == cpython_reads(text), text


@given(st.sampled_from(["NaN", "Infinity", "-Infinity", "[NaN]", '{"a": Infinity}']))
def test_the_constants_cpython_takes_are_refused(text: str) -> None:
    assert json.loads(text) is not None and strict_reads(text) == (False, None)
