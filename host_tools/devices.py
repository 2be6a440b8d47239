"""Which port the board is on: mpremote's device names, resolved to one pyserial URL.

Accepted, as with ``mpremote connect``: ``auto`` (the first USB serial port whose vendor is
Raspberry Pi, VID 0x2E8A, the Pico's), a path such as ``/dev/ttyACM0`` or ``COM3``,
``socket://host:port``, ``rfc2217://host:port``, and mpremote's shortcuts ``a0`` (ttyACM0),
``u0`` (ttyUSB0), ``c3`` (COM3).
"""

from __future__ import annotations

import argparse
import re

from serial.tools import list_ports

PICO_VID = 0x2E8A
_SHORTCUT = re.compile(r"^([auc])(\d+)$")
_SHORTCUT_PREFIX = {"a": "/dev/ttyACM", "u": "/dev/ttyUSB", "c": "COM"}


class LinkError(Exception):
    """Talking to the board failed; the message says why and what to do."""


class NoBoardError(LinkError):
    """No board could be found (nothing plugged in, or nothing at the given address)."""


def pico_ports() -> list[str]:
    """Serial ports of attached Raspberry Pi (RP2040) USB devices, sorted by name."""
    return sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID)


def resolve(device: str) -> str:
    """The pyserial URL or port name of ``device`` (see the module docstring).

    Raises NoBoardError if ``auto`` finds no Pico.
    """
    if device in ("", "auto"):
        found = pico_ports()
        if not found:
            raise NoBoardError(
                "no board found: no USB serial port with the Raspberry Pi vendor id %04X "
                "(plug the board in, or give --device PORT or socket://HOST:PORT)" % PICO_VID)
        return found[0]
    shortcut = _SHORTCUT.match(device)
    if shortcut:
        return _SHORTCUT_PREFIX[shortcut.group(1)] + shortcut.group(2)
    if device.startswith("port:"):  # mpremote's explicit form
        return device[len("port:"):]
    return device


def add_device_argument(parser: argparse.ArgumentParser) -> None:
    """The ``--device/-d`` option every board-facing sub-command takes."""
    parser.add_argument(
        "-d", "--device", default="auto",
        help="auto (default: the first Raspberry Pi Pico found), a port such as /dev/ttyACM0 or COM3, "
             "a shortcut a0/u0/c3, or socket://HOST:PORT / rfc2217://HOST:PORT (the simulator: "
             "socket://127.0.0.1:4121)")
