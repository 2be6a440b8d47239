"""Request lines are read as JSON is written, on MicroPython as on CPython (app.strict_json):
each interpreter's own json.loads takes lines that are not JSON (MicroPython ``[1 2]``, CPython
``NaN``); tests/test_strict_json_properties.py checks many more lines against CPython's parser."""

from app.strict_json import loads
from portable import raises

JSON = [
    ('{"cmd": "state"}', {"cmd": "state"}),
    ('  {"cmd":"state"}\t\r ', {"cmd": "state"}),
    ('{"a": [1, -2.5e-3, true, false, null, "x\\u00e9\\n\\"", {}, []]}',
     {"a": [1, -2.5e-3, True, False, None, "x\u00e9\n\"", {}, []]}),
    ('{"a": 1, "a": 2}', {"a": 2}),
    ("0", 0), ("-0", 0), ("-0.0e+1", -0.0), ("1E5", 1e5), ("[[[[]]]]", [[[[]]]]), ('"caf\u00e9"', "caf\u00e9"),
    ('"\\/\\b\\f\\r\\t\\\\"', "/\b\f\r\t\\"),
]
NOT_JSON = [
    '{"cmd": "state",}', "[1,2,]", "[1 2]", '{"a" 1}', '{"a":1 "b":2}', "[,]", "{,}", "[1,,2]", "{'a':1}",
    "[01]", "[1.]", "[.5]", "[1e]", "[1e+]", "[tru]", "[nul]", "[True]", "[NaN]", "[Infinity]", "[-Infinity]",
    '{"a":1}x', '["\\x41"]', '"\\u12"', '"\\u12G4"', "[-]", "[+1]", "[1]]", "[1", "", " ", '{"a":}', "[1,]",
    '{"a":1,}', '"\t"', "[1}", '{"a":1]', "{1:2}", '{"a"}', '{"a":1 ,}', '"unended', '"\\', "- 1", "[1 ,, ]",
]


def test_json_is_read_as_json_reads_it():
    for line, value in JSON:
        assert loads(line) == value, line
        assert loads(line.encode()) == value, line


def test_what_is_not_json_is_refused():
    for line in NOT_JSON:
        with raises(ValueError):
            loads(line)


def test_brackets_open_64_deep_at_most():
    deepest = []
    for _ in range(63):
        deepest = [deepest]
    assert loads("[" * 64 + "]" * 64) == deepest
    with raises(RuntimeError):
        loads("[" * 65 + "]" * 65)
    with raises(RuntimeError):
        loads('{"a":' * 65 + "1" + "}" * 65)
