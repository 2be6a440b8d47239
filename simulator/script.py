"""Headless scripts: a text file of input events played on the simulated board.

One step per line; blank lines and ``#`` comments are ignored (after a ``cmd``'s JSON object too;
a ``cmd`` line that is no JSON object goes to the board as written, and its reply says why)::

    turn 3              # the encoder turned 3 detents clockwise (negative: anticlockwise)
    press enc           # a short press of a control: enc, p1, p2 or back
    long p1             # a long press (held past the long-press time)
    wait 700            # let 700 ms pass on the board's clock (animations, timeouts; at most 10 minutes)
    cmd {"cmd": "undo"} # one line of the serial protocol; the reply is printed
    plug                # pull the plug: the app restarts from what reached the flash

Each input event is followed by 20 ms of the board's clock, so a script plays like quick,
clean hands on the controls and gives the same result every time (the clock is simulated).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from host_shared.untrusted import shorten, signed_whole_number
from shared.events import CONTROLS, LONG, MAX_TURN, PRESS, TURN
from shared.serial_lines import MAX_LINE
from simulator.device import Device

Step = tuple[int, str, Any]  # (line number, kind, argument)
STEP_MS = 20  # board time after each input event, and the loop period while waiting
MAX_WAIT_MS = 600_000  # one wait: 10 minutes of board time, played in a few seconds
MAX_BYTES = 1024 * 1024  # a script file


class ScriptError(ValueError):
    """A line of a script that cannot be understood; the message names the line."""


def parse(text: str) -> list[Step]:
    """The steps of a script as (line number, kind, argument); kinds: event, wait, cmd, plug."""
    steps: list[Step] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        try:
            if line.startswith("cmd "):
                steps.append((number, "cmd", _protocol_line(_without_comment(line[4:].strip()))))
                continue
            line = line.split("#", 1)[0].strip()
            if line:
                word, _, rest = line.partition(" ")
                steps.append((number, *_step(word, rest.strip())))
        except ValueError as error:
            raise ScriptError("line %d: %s: %r" % (number, shorten(str(error)), shorten(raw.strip()))) from None
    return steps


def _without_comment(line: str) -> str:
    """A protocol line without a ``#`` comment after its JSON object (a ``#`` inside the object is
    its own); a line that does not start with a JSON object stays as written."""
    try:
        end = json.JSONDecoder().raw_decode(line)[1]
    except (ValueError, RecursionError):  # no JSON, or nested too deep for Python's parser
        return line
    return line[:end] if line[end:].lstrip().startswith("#") else line


def _protocol_line(line: str) -> str:
    if len(line) > MAX_LINE:
        raise ValueError("a protocol line longer than %d characters (the board drops it)" % MAX_LINE)
    return line


def _whole(rest: str, usage: str) -> int:
    """``rest`` as a whole number in the digits 0-9, a minus before it or not (as the `crib` commands
    read numbers: not ``1_0``, ``+5`` or other scripts' digits); ValueError saying ``usage`` if it is none."""
    number = signed_whole_number(rest)
    if number is None:
        raise ValueError("%s, not %r" % (usage, shorten(rest)))
    return number


def _step(word: str, rest: str) -> tuple[str, Any]:
    if word == TURN:
        detents = _whole(rest, "turn takes a whole number of detents, like turn 3 or turn -1")
        if detents == 0 or abs(detents) > MAX_TURN:
            raise ValueError("turn needs 1 to %d detents either way" % MAX_TURN)
        return "event", (TURN, detents)
    if word in (PRESS, LONG):
        if rest not in CONTROLS:
            raise ValueError("unknown control (use one of %s)" % ", ".join(CONTROLS))
        return "event", (word, rest)
    if word == "wait":
        ms = _whole(rest, "wait takes a whole number of milliseconds, like wait 700")
        if not 0 <= ms <= MAX_WAIT_MS:
            raise ValueError("wait needs a number of milliseconds from 0 to %d" % MAX_WAIT_MS)
        return "wait", ms
    if word == "plug" and not rest:
        return "plug", None
    raise ValueError("unknown step (use turn, press, long, wait, cmd or plug)")


def play(device: Device, steps: list[Step], echo: Callable[[str], None] = print) -> None:
    """Play ``steps`` on a device with a manual clock; protocol replies go to ``echo``."""
    for _, kind, argument in steps:
        if kind == "event":
            device.push([argument])
            device.step()
            _wait(device, STEP_MS)
        elif kind == "wait":
            _wait(device, argument)
        elif kind == "cmd":
            echo(device.command(argument))
            device.step()
        else:
            device.pull_plug()


def _wait(device: Device, ms: int) -> None:
    while ms > 0:
        tick = min(STEP_MS, ms)
        device.hw.advance(tick)
        device.step()
        ms -= tick
