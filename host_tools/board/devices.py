"""Which port the board is on: mpremote's device names, resolved to one pyserial URL.

Accepted, as with ``mpremote connect``: ``auto`` (the first USB serial port whose vendor is
Raspberry Pi, VID 0x2E8A, the Pico's; failing that, a running simulator, see
simulator.instances), a path such as ``/dev/ttyACM0`` or ``COM3``, ``socket://host:port``,
``rfc2217://host:port``, and mpremote's shortcuts ``a0`` (ttyACM0), ``u0`` (ttyUSB0), ``c3`` (COM3).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from urllib.parse import urlsplit

from serial.tools import list_ports

from host_shared.untrusted import shorten
from simulator import instances

PICO_VID = 0x2E8A
_SHORTCUT = re.compile(r"^([auc])(\d+)$")
_SHORTCUT_PREFIX = {"a": "/dev/ttyACM", "u": "/dev/ttyUSB", "c": "COM"}
_NETWORK_LOOKALIKE = re.compile(r"^(?:(?P<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):)?(?P<port>\d{1,5})$")


class LinkError(Exception):
    """Talking to the board failed; the message says why and what to do."""


class NoBoardError(LinkError):
    """No board could be found (nothing plugged in, or nothing at the given address)."""


AUTO = "auto"  # the device option's default: the first board found
PORT = "port:"  # mpremote's explicit form of a port: port:/dev/ttyACM0


def pico_ports() -> list[str]:
    """Serial ports of attached Raspberry Pi (RP2040) USB devices, sorted by name."""
    return sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID)


def resolve(device: str, simulator: bool = True) -> str:
    """The pyserial URL or port name of ``device`` (see the module docstring).

    ``auto`` takes the first Pico on USB, else (with ``simulator``) the running simulator,
    and says on stderr which it talks to. Raises NoBoardError if it finds neither.
    """
    if device in ("", AUTO):
        found = pico_ports()
        if found:
            print("crib: talking to the board on %s" % found[0], file=sys.stderr)
            return found[0]
        running, others = instances.pick() if simulator else (None, [])
        if running is None:
            raise NoBoardError("no board found: no USB serial port with the Raspberry Pi vendor id %04X%s" % (
                PICO_VID, " and no simulator running (plug the board in, or start the simulator: `crib sim`)"
                if simulator else " (plug the board in)"))
        also = "; other simulators: %s" % ", ".join("-d " + i.url for i in others) if others else ""
        print("crib: no board on USB: talking to %s on 127.0.0.1:%d%s" % (running.describe(), running.port, also),
              file=sys.stderr)
        return running.url
    shortcut = _SHORTCUT.match(device)
    if shortcut:
        return _SHORTCUT_PREFIX[shortcut.group(1)] + shortcut.group(2)
    if device.startswith(PORT):  # mpremote's explicit form
        return device[len(PORT):]
    if device.startswith(("socket://", "rfc2217://")):
        check_network_address(device)
    return device


def check_network_address(url: str) -> None:
    """Raise NoBoardError unless ``url`` (socket:// or rfc2217://) names a host and a port."""
    scheme = url.split("://", 1)[0]
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is not a number from 0 to 65535, a broken [IPv6] address
        host, port = None, None
    if not host or not port:
        raise NoBoardError("%s:// needs a host and a port from 1 to 65535, like %s://127.0.0.1:%d, not %s"
                           % (scheme, scheme, instances.DEFAULT_PORT, shorten(url)))


def network_hint(device: str) -> str:
    """For a ``device`` that is no file but reads as a network address (``localhost:4121``, ``4121``: the port of a
    simulator on this computer), what to give instead, as a note to add to "no board at ...": " (a simulator or
    network board: -d socket://HOST:PORT)"; else ""."""
    found = _NETWORK_LOOKALIKE.match(device)
    if not found or os.path.exists(device) or not 0 < int(found.group("port")) < 65536:
        return ""
    return " (a simulator or network board: -d socket://%s:%s)" % (found.group("host") or "127.0.0.1",
                                                                  found.group("port"))


def device_typed(text: str) -> str:
    """An argparse type: a ``--device`` as typed; a network address without a host and a port is
    a usage error (the command line is wrong), not a board that could not be found; so is an empty one
    (an unset variable in a script: the first board found would be a guess), and so is ``port:`` naming none."""
    if not text.strip():
        raise argparse.ArgumentTypeError("DEVICE is empty (leave -d out to find the board, or name it: -d auto)")
    if text.startswith(PORT) and not text[len(PORT):].strip():
        raise argparse.ArgumentTypeError("%r names no port: give one after it, like %s/dev/ttyACM0 (or leave -d out "
                                         "to find the board)" % (shorten(text), PORT))
    if text.startswith(("socket://", "rfc2217://")):
        try:
            check_network_address(text)
        except NoBoardError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    elif "://" in text:  # another scheme: no board answers at it (pyserial knows it as no port either)
        raise argparse.ArgumentTypeError("a board is reached at socket://HOST:PORT or rfc2217://HOST:PORT, not %s"
                                         % shorten(text))
    return text


def add_device_argument(parser: argparse.ArgumentParser, simulator: bool = True) -> None:
    """The ``--device/-d`` option every board-facing sub-command takes (``simulator``: one that talks
    to a running simulator when no board is plugged in; `crib deploy` does not)."""
    parser.add_argument(
        "-d", "--device", default=AUTO, type=device_typed,
        help="auto (default: the first Raspberry Pi Pico found), a port such as /dev/ttyACM0 or COM3, "
             "a shortcut a0/u0/c3, or socket://HOST:PORT / rfc2217://HOST:PORT"
             + (" (the simulator: socket://127.0.0.1:%d; without -d a running simulator is found when no "
                "board is plugged in)" % instances.DEFAULT_PORT if simulator else ""))
