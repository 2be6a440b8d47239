"""The serial protocol's lines, as every transport keeps them: the board's USB line
(``hal.line_reader``), the simulator's TCP server, and the host tools that send them.

One request a line, at most MAX_LINE characters before its newline (a ``\\r`` there
counts). A longer line is dropped whole, never buffered to its end, and answered with
TOO_LONG (without an id: the request was never read); a line that is not UTF-8 text, with
NOT_TEXT. Blank lines are ignored (``is_blank``).

Every transport measures a line the same way, as its bytes come and before it is decoded:
its characters are its bytes but UTF-8's continuation bytes (10xxxxxx), and it is too long
past MAX_LINE of them or past MAX_LINE_BYTES bytes (no text of MAX_LINE characters has more).
So a line both too long and not text is too long, on the board and in the simulator alike
(tests/test_serial_lines_agree.py).
"""

from micropython import const

MAX_LINE = const(2048)
MAX_LINE_BYTES = const(4 * MAX_LINE)  # a UTF-8 character takes at most 4 bytes
TOO_LONG = '{"ok": false, "error": "line longer than %d characters: dropped whole"}' % MAX_LINE
NOT_TEXT = ('{"ok": false, "error": "line is not UTF-8 text: send one JSON object a line, like'
            ' {\\"cmd\\": \\"state\\"}"}')


def is_blank(text):
    """True if the line ``text`` holds nothing but spaces, tabs and carriage returns (JSON's whitespace): it is
    ignored. Not ``str.strip()``, which takes more on CPython (``\\x1f``, ``\\xa0``) than on MicroPython."""
    return not text.strip(" \t\r")
