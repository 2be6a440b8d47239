"""The host side of the serial line protocol: one JSON object a line each way.

Every request carries a fresh ``id``; the reply echoes it. A request whose reply did not
come in time is sent once more with the SAME id: the board applies an id only once and
answers a repeat with the original reply, so a retry can never peg twice. Replies to
other ids (late answers to an earlier request) are skipped, and so are the lines the board prints
on the same USB line, its log (its version, an app error and its traceback): lines that are not JSON, and
JSON that makes no claim to be a reply (no "ok", not our id), such as a number, or a line of an error's
message that spans lines, or what a REPL prints. A line with "ok", or with our id, is a reply: one that is
not well formed (no "ok": true/false) is MalformedReply.

A board whose app is not running answers from MicroPython's REPL instead: the prompt
(``>>>``, or ``raw REPL``), or our own request echoed back. The friendly REPL echoes what is
typed and takes the request's newline as Enter: the echo is a whole line, JSON that is no reply
(our request itself), then the dict's repr and a new prompt. That is reported as BoardAtRepl.
"""

from __future__ import annotations

import errno
import json
import socket
import time
import uuid
from collections import deque
from types import TracebackType
from typing import Any

import serial
from serial.urlhandler.protocol_socket import Serial as SocketSerial

from host_shared.untrusted import parse_json, shorten
from host_tools.board.devices import LinkError, NoBoardError, network_hint, resolve
from shared.serial_lines import MAX_LINE

BAUDRATE = 115200
DEFAULT_TIMEOUT = 3.0
MAX_REPLY = 256 * 1024  # bytes in one line from the board; its replies are a few KB
KEPT_PRINTS = 8  # lines the board printed that were not replies, kept to say what it printed


class BusyPortError(LinkError):
    """The port exists but another program holds it."""


class ReplyTimeout(LinkError):
    """The board did not answer in time."""


class MalformedReply(LinkError):
    """The board answered something that is not a protocol reply."""


class RequestTooLong(LinkError):
    """A request longer than the board takes (it would drop it): not sent. A command checks its own before it looks
    for the board (``request_line``): what the command line gave it is too long, a usage error."""


class BoardAtRepl(LinkError):
    """The board is at MicroPython's REPL, not running the app."""


AT_REPL = ("the board is at the REPL (its app stopped: Ctrl-C, or an error as it started, which `mpremote repl`"
           " then Ctrl-D shows): reset it or run `crib deploy`")
REPL_PROMPTS = (">>>", "raw REPL")


class BoardRefused(LinkError):
    """The board understood the request and refused it (``"ok": false``)."""


class BoardFailed(LinkError):
    """The board failed while answering (a bug, its flash failing): unlike a refusal, the change
    asked for may have been made (docs/PROTOCOL.md)."""


# How that reply's error begins; it comes without an id (the board failed before it could echo one).
FAILED_ANSWERING = "the board failed while answering"
# The requests that change the board (docs/PROTOCOL.md: *Changes.*; settings with "set"): sent, and
# their reply lost, they may have been made.
CHANGES = ("input", "event", "undo", "new_game", "new_match", "test_leds")
MAY_BE_MADE = "a change asked for may have been made: check `crib status` before trying again"


class QuickSocketPort(SocketSerial):
    """pyserial's ``socket://`` port without the 0.3 s its ``close()`` sleeps "for quick
    reconnects": the simulator takes the next connection at once, and every ``crib`` command
    against it would wait that long at its end."""

    def close(self) -> None:
        """Shut the connection down and close it, at once."""
        connection: socket.socket | None = self._socket  # type: ignore[has-type]  # pyserial has no types
        self._socket = None
        if connection is not None:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:  # the other end went first
                pass
            connection.close()
        self.is_open = False


def open_port(url: str) -> serial.SerialBase:
    """Open ``url`` (a port name or a pyserial URL), turning failures into clear LinkErrors."""
    try:
        if url.startswith("socket://"):
            return QuickSocketPort(url, baudrate=BAUDRATE, timeout=DEFAULT_TIMEOUT)
        return serial.serial_for_url(url, baudrate=BAUDRATE, timeout=DEFAULT_TIMEOUT, exclusive=True)
    except serial.SerialException as error:
        raise classify_open_error(url, error) from error
    except (ValueError, OSError) as error:  # a malformed URL, or the OS refusing outright
        raise NoBoardError("cannot open %s: %s" % (url, error)) from error


def classify_open_error(url: str, error: serial.SerialException) -> LinkError:
    """The LinkError that explains why opening ``url`` failed."""
    text = str(error)
    code = getattr(error, "errno", None)
    if code in (errno.EBUSY, errno.EAGAIN) or "busy" in text.lower() or "exclusively lock" in text \
            or "PermissionError(13" in text:  # Windows reports a port held by another program as access denied
        return BusyPortError("port %s is busy: another program (mpremote, a serial monitor, Thonny) has it open"
                             % url)
    if code == errno.EACCES:
        return LinkError("no permission to open %s (on Linux, add yourself to the dialout group)" % url)
    if url.startswith(("socket://", "rfc2217://")):
        return NoBoardError("nothing answers at %s (%s): is the simulator running? Start it: `crib sim`" % (url, text))
    return NoBoardError("no board at %s: %s%s" % (url, text, network_hint(url)))


class BoardLink:
    """A request/reply conversation with the board (or the simulator) over an open port."""

    def __init__(self, port: serial.SerialBase, timeout: float = DEFAULT_TIMEOUT, retries: int = 1) -> None:
        self.port = port
        self.timeout = timeout
        self.retries = retries
        self._received = bytearray()  # bytes read past the last line taken
        self.changed = False  # True once a change asked for was made (its reply came, ok)

    def __enter__(self) -> BoardLink:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the port."""
        self.port.close()

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        """Send one request and return its reply (a dict with ``"ok": true``).

        Raises ReplyTimeout, MalformedReply, BoardAtRepl, BoardFailed, or BoardRefused with the
        board's own message; RequestTooLong if the request is longer than the board takes (nothing is sent).
        """
        message = {"cmd": cmd, "id": new_id(), **fields}
        text = request_line(message)
        printed: deque[str] = deque(maxlen=KEPT_PRINTS)  # the last things the board said that were not replies
        unsure = "; " + MAY_BE_MADE if cmd in CHANGES or (cmd == "settings" and "set" in fields) else ""
        for _attempt in range(self.retries + 1):
            try:
                self.port.write((text + "\n").encode())
                self.port.flush()
                reply = self._read_reply(message["id"], printed)
            except (serial.SerialException, OSError) as error:
                raise LinkError("lost the connection to the board: %s%s" % (error, unsure)) from error
            except KeyboardInterrupt:  # Ctrl-C: the request may have reached the board
                raise KeyboardInterrupt(MAY_BE_MADE if unsure else "") from None
            if reply is not None:
                if not reply["ok"]:
                    why = str(reply.get("error", "the board refused it without saying why"))
                    if "id" not in reply and why.startswith(FAILED_ANSWERING):
                        # not resent: a change made and saved would be answered as a duplicate, but
                        # one made before the failure, unsaved, would be made twice. "Its log" is
                        # what it printed on this line before the reply: its error's last line said
                        why = why.split(": see its log")[0] + (
                            ": it printed %r" % shorten(printed[-1], 120) if printed else "")
                        raise BoardFailed("%s; %s" % (why, MAY_BE_MADE))
                    raise BoardRefused(why)
                self.changed = self.changed or bool(unsure)
                return reply
            if at_repl(printed, text):
                raise BoardAtRepl(AT_REPL)  # no use trying again: the app is not there to answer
        said = "; it printed: %r" % shorten(printed[-1], 120) if printed else ""
        raise ReplyTimeout("no reply to %r within %g s (%d tries): is the board running the cribbage app?%s%s"
                           % (cmd, self.timeout, self.retries + 1, said, unsure))

    def _read_reply(self, request_id: str, printed: deque[str]) -> dict[str, Any] | None:
        """The reply to ``request_id``, or None if none came within the timeout. Lines that are not JSON, or JSON
        that is no reply (``claims_reply``: the board's log), are added to ``printed``, and so is an unfinished
        last line; a line longer than MAX_REPLY is MalformedReply."""
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            raw = self._read_line(left)
            text = raw.decode("utf-8", errors="replace").strip()
            if len(raw) >= MAX_REPLY and not raw.endswith(b"\n"):
                raise MalformedReply("the board sent a line longer than %d bytes: %r" % (MAX_REPLY, shorten(text)))
            if not raw.endswith(b"\n"):
                if text:
                    printed.append(text)  # a prompt, or an echo waiting for a carriage return
                return None
            if not text:
                continue
            try:
                value = parse_json(text)
            except ValueError:
                printed.append(text)  # a log line (or a garbled one: the retry gets the reply again)
                continue
            if echoed(value, request_id):
                printed.append(text)  # the REPL: no reply will come (it prints the dict and a prompt)
                return None
            if not claims_reply(value, request_id):
                printed.append(text)  # printed, in JSON's form (a number, a line of a traceback's message): a log line
                continue
            reply = check_reply(value, text)
            if "id" in reply and reply["id"] != request_id:
                continue  # a late answer to an earlier request
            return reply

    def _read_line(self, timeout: float) -> bytes:
        """The next line with its b"\\n", or at most MAX_REPLY bytes without one: a line too long,
        or what came before ``timeout`` ran out. Reads whatever has arrived at once, not byte by
        byte (pyserial's ``read_until`` takes seconds over a long line)."""
        deadline = time.monotonic() + timeout
        while True:
            end = self._received.find(b"\n", 0, MAX_REPLY)
            left = deadline - time.monotonic()
            if end >= 0 or len(self._received) >= MAX_REPLY or left <= 0:
                cut = end + 1 if end >= 0 else MAX_REPLY
                line = bytes(self._received[:cut])
                del self._received[:cut]
                return line
            self.port.timeout = left
            first = self.port.read(1)  # waits for the board
            if first:
                self.port.timeout = 0  # then takes the rest of what has come, without waiting
                self._received += first + self.port.read(MAX_REPLY)


def at_repl(printed: deque[str], request: str) -> bool:
    """True if what the board printed is MicroPython's REPL: a prompt, or ``request`` echoed."""
    return any(request in text or any(prompt in text for prompt in REPL_PROMPTS) for text in printed)


def echoed(value: Any, request_id: str) -> bool:
    """True if ``value``, a JSON line from the board, is the request ``request_id`` itself, as
    MicroPython's REPL echoes it (a reply has "ok"; the request has "cmd")."""
    return isinstance(value, dict) and value.get("id") == request_id and "ok" not in value and "cmd" in value


def claims_reply(value: Any, request_id: str) -> bool:
    """True if ``value``, a JSON line from the board, claims to be a reply: an object with "ok", or with the id of
    the request (``request_id``). Any other JSON is a line the board printed, not a reply: skipped as a log line."""
    return isinstance(value, dict) and ("ok" in value or value.get("id") == request_id)


def check_reply(value: Any, text: str) -> dict[str, Any]:
    """``value`` (the decoded JSON ``text``) if it is a protocol reply; else MalformedReply."""
    if not isinstance(value, dict) or not isinstance(value.get("ok"), bool):
        raise MalformedReply('the board\'s reply has no "ok": true/false: %r' % shorten(text, 120))
    return value


def as_sent(value: Any) -> str:
    """``value`` as a request writes it, as the board reads JSON: characters past ASCII as themselves (an
    escaped surrogate pair is refused there). ValueError for a NaN or an infinity, which JSON has none of
    (the commands' arguments refuse them before anything is sent)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def request_line(message: dict[str, Any]) -> str:
    """The line the request ``message`` is sent as (``as_sent``, without its newline); RequestTooLong if the board
    would drop it, longer than it takes. A command carrying what was typed (`crib settings`) asks this of its
    request (``request_line({"cmd": ..., "id": new_id(), ...})``) before it looks for the board."""
    text = as_sent(message)
    if len(text) > MAX_LINE:
        raise RequestTooLong("the request is %d characters long; the board takes lines of at most %d"
                             % (len(text), MAX_LINE))
    return text


def new_id() -> str:
    """A request id unique across runs, so the board never takes a new request for a repeat."""
    return uuid.uuid4().hex[:12]


def connect(device: str, timeout: float = DEFAULT_TIMEOUT, retries: int = 1) -> BoardLink:
    """Resolve ``device`` (see host_tools.board.devices) and open a link to it; a request unanswered
    within ``timeout`` is sent again ``retries`` times."""
    port = open_port(resolve(device))
    try:
        port.reset_input_buffer()  # whatever the board said before we came is not a reply
    except (serial.SerialException, OSError) as error:  # gone as it was reached: reset, unplugged
        port.close()
        raise LinkError("lost the connection to the board: %s" % error) from error
    return BoardLink(port, timeout=timeout, retries=retries)
