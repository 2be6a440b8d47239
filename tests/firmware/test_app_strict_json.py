"""Request lines are read as JSON is written, on MicroPython as on CPython (app.strict_json):
each interpreter's own json.loads takes lines that are not JSON (MicroPython ``[1 2]``, CPython
``NaN``); tests/test_strict_json_properties.py checks many more lines against CPython's parser.

The syntax check (``_keys``) is asked on its own too: CPython's json.loads refuses what it
wrongly passed, so only its own verdict shows a check too lenient on CPython."""

from app.strict_json import TWICE, _keys, loads
from portable import raises

JSON = [
    ('{"cmd": "state"}', {"cmd": "state"}),
    ('  {"cmd":"state"}\t\r ', {"cmd": "state"}),
    ('{"a": [1, -2.5e-3, true, false, null, "x\\u00e9\\n\\"", {}, []]}',
     {"a": [1, -2.5e-3, True, False, None, "x\u00e9\n\"", {}, []]}),
    ("0", 0), ("-0", 0), ("-0.0e+1", -0.0), ("1E5", 1e5), ("[[[[]]]]", [[[[]]]]), ('"caf\u00e9"', "caf\u00e9"),
    ('"\\/\\b\\f\\r\\t\\\\"', "/\b\f\r\t\\"),
    ('" \x7f\x80"', " \x7f\x80"),  # a space and DEL are taken raw, as is all past the 32 control characters
    ('"\\u1234"', "\u1234"), ('["\\u00e9"]', ["\u00e9"]),  # an escape's last digit two before the end
    ('"\\ud7ff\\ue000\\\\ud800"', "\ud7ff\ue000\\ud800"),  # around the surrogates; an escaped backslash, then text
    ('"\U0001f600"', "\U0001f600"),  # past U+FFFF as itself, in UTF-8
    ("10", 10), ("-10.5e+01", -105.0), ("0.0", 0.0), ("1 ", 1),
]
NOT_JSON = [
    '{"cmd": "state",}', "[1,2,]", "[1 2]", '{"a" 1}', '{"a":1 "b":2}', "[,]", "{,}", "[1,,2]", "{'a':1}",
    "[01]", "[1.]", "[.5]", "[1e]", "[1e+]", "[tru]", "[nul]", "[True]", "[NaN]", "[Infinity]", "[-Infinity]",
    '{"a":1}x', '["\\x41"]', '"\\u12"', '"\\u12G4"', "[-]", "[+1]", "[1]]", "[1", "", " ", '{"a":}', "[1,]",
    '{"a":1,}', '"\t"', "[1}", '{"a":1]', "{1:2}", '{"a"}', '{"a":1 ,}', '"unended', '"\\', "- 1", "[1 ,, ]",
    # leading zeros
    "01", "-01", "00", "[00]", "[-00.5]", '{"a":012}', "0123",
    # text after the value
    "1 2", "1x", "0 0", "[] []", "{} x", '"a" "b"', "true false", "nullx", "1\x0b", "1\x00",
    # a control character raw in a string: the last refused, 0x1F, and the first
    '"\x1f"', '"a\x1f"', '["\x1f"]', '"\x00"', '{"\x1f":1}',
    # a \u escape cut short by the end of the line (3 digits: its 4th would be just past the end),
    # or whole with its string unended
    '"\\u123', '["\\u123', '"\\u12', '"\\u1', '"\\u', '"\\u1234',
    # a surrogate's escape, alone or in a pair: MicroPython's parser would keep bytes that are not UTF-8
    '"\\ud800"', '"\\uDBFF"', '"\\udc00"', '"\\uDfFf"', '"\\ud83d\\ude00"', '{"id": "a\\ud800"}',
]


def test_every_control_character_raw_in_a_string_is_refused():
    for c in range(0x20):
        line = '"a%sb"' % chr(c)
        assert _keys(line.encode()) < 0, c
        with raises(ValueError):
            loads(line)
    assert _keys(b'"a\x7fb"') == 0 and loads('"a\x7fb"') == "a\x7fb"  # DEL is not one: JSON takes it raw


def test_json_is_read_as_json_reads_it():
    for line, value in JSON:
        assert _keys(line.encode()) >= 0, line
        assert loads(line) == value, line
        assert loads(line.encode()) == value, line


def test_what_is_not_json_is_refused():
    for line in NOT_JSON:
        assert _keys(line.encode()) < 0, line
        with raises(ValueError):
            loads(line)


def test_a_key_given_twice_in_one_object_is_refused():
    for line in ('{"cmd": "state", "cmd": "undo"}', '{"a": 1, "b": 2, "a": 1}', '[{"x": 1}, {"y": 1, "y": 2}]',
                 '{"set": {"target": 61, "target": 121}}', '{"a": {}, "a": []}', '{"a": 1, "\\u0061": 2}'):
        assert _keys(line.encode()) >= 0, line  # JSON's syntax: the parsers take it, the last one winning
        with raises(ValueError) as refused:
            loads(line)
        assert refused.value.args == (TWICE,), line
    # the same key in two objects is no key given twice, nor one that only starts with an escape of another
    assert loads('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}') == {"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}
    assert loads('{"a": 1, "\\u0061b": 2}') == {"a": 1, "ab": 2}


def test_brackets_open_64_deep_at_most():
    deepest = []
    for _ in range(63):
        deepest = [deepest]
    assert loads("[" * 64 + "]" * 64) == deepest
    with raises(RuntimeError):
        loads("[" * 65 + "]" * 65)
    with raises(RuntimeError):
        loads('{"a":' * 65 + "1" + "}" * 65)
