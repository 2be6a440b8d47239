"""The serial protocol's lines, as every transport keeps them: the board's USB line
(``hal.line_reader``), the simulator's TCP server, and the host tools that send them.

One request a line, at most MAX_LINE characters before its newline (a ``\\r`` there
counts). A longer line is dropped whole, never buffered to its end, and answered with
TOO_LONG (without an id: the request was never read); a line that is not UTF-8 text, with
NOT_TEXT. Blank lines are ignored.
"""

from micropython import const

MAX_LINE = const(2048)
TOO_LONG = '{"ok": false, "error": "line longer than %d characters: dropped whole"}' % MAX_LINE
NOT_TEXT = ('{"ok": false, "error": "line is not UTF-8 text: send one JSON object a line, like'
            ' {\\"cmd\\": \\"state\\"}"}')
