"""`crib sim`: the desktop simulator (a window, the terminal, or headless).

    crib sim                         a window if there is a display, else the terminal
    crib sim --tui                   the terminal
    crib sim --headless --script F --state-out state.json --png-out frame.png
    crib sim --headless --serve      only the serial protocol on TCP, until killed

Every mode keeps its flash in ``--flash`` (a folder; by default a per-user one), so a game
survives quitting, and serves the serial line protocol on 127.0.0.1:``--port``.

A script has one step a line (simulator/script.py has the details): ``turn 3``, ``turn -1``,
``press enc``, ``long p1`` (controls: enc, p1, p2, back), ``wait 700`` (ms), ``cmd {...}``
(a protocol line; the reply is printed), ``plug`` (power cut and reboot), ``# comments``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from simulator.server import DEFAULT_PORT, ProtocolServer

if TYPE_CHECKING:  # the app is imported only when the simulator starts, not for every `crib` command
    from PIL import Image

    from simulator.device import Device

PNG_SCALE = 4.0  # pixels per millimetre of headless snapshots


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `sim` sub-command."""
    parser = sub.add_parser("sim", help="play on the desktop simulator (window, terminal or headless)",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--tui", action="store_true", help="play in the terminal even if there is a display")
    mode.add_argument("--headless", action="store_true", help="no window: play --script and/or --serve")
    parser.add_argument("--script", type=Path,
                        help="headless: a file of input events to play (format: simulator/script.py)")
    parser.add_argument("--state-out", type=Path, help="headless: write the final state here as JSON")
    parser.add_argument("--png-out", type=Path, help="headless: write a snapshot of the board here as PNG")
    parser.add_argument("--serve", action="store_true", help="headless: serve the protocol until killed")
    parser.add_argument("--flash", type=Path, default=None,
                        help="the folder standing in for the board's flash "
                        "(default: ~/.local/share/cribbage-board/flash)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help="serve the serial protocol on TCP 127.0.0.1:PORT (0: any free port; default %d)"
                        % DEFAULT_PORT)
    parser.add_argument("--no-serve", action="store_true", help="window/terminal: do not serve the protocol")
    parser.add_argument("--scale", type=float, default=None,
                        help="window: pixels per millimetre (default: fit the screen)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the simulator in the chosen mode."""
    from simulator.device import Device, default_flash_dir

    flash = args.flash or default_flash_dir()
    if args.headless:
        if not (args.script or args.serve):
            print("crib sim --headless needs --script FILE and/or --serve", file=sys.stderr)
            return 2
        return run_headless(args, Device(flash, manual_clock=True))
    if (args.script or args.state_out or args.png_out or args.serve):
        print("--script, --state-out, --png-out and --serve go with --headless", file=sys.stderr)
        return 2
    device = Device(flash)
    server = None
    if not args.no_serve:
        try:
            server = listen(args.port)
        except OSError as error:  # another simulator has the port: play anyway
            print("not serving the protocol on 127.0.0.1:%d: %s" % (args.port, error.strerror), file=sys.stderr)
    if not args.tui and has_display():
        try:
            from simulator.window import Window

            window = Window(device, server, scale=args.scale)
        except Exception as error:  # no usable display after all (or no Tk): fall back to the terminal
            print("no window (%s): using the terminal" % error, file=sys.stderr)
        else:
            window.run()
            return 0
    from simulator.tui import Terminal

    note = "serving on 127.0.0.1:%d" % server.port if server else ""
    return Terminal(device, server, note=note).run()


def has_display() -> bool:
    """True if a window can be opened (X11 or Wayland session, or macOS, where Tk needs no DISPLAY)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform == "darwin"


def listen(port: int) -> ProtocolServer:
    """Start the protocol server and say where (tests and host tools read this line)."""
    server = ProtocolServer(port)
    print("listening on 127.0.0.1:%d" % server.port, flush=True)
    return server


def run_headless(args: argparse.Namespace, device: Device) -> int:
    """Play the script, write the outputs, then serve if asked."""
    from simulator import script

    if args.script:
        try:
            steps = script.parse(args.script.read_text())
        except (OSError, script.ScriptError) as error:
            print("crib sim: %s: %s" % (args.script, error), file=sys.stderr)
            return 2
        script.play(device, steps)
    if args.state_out:
        args.state_out.write_text(json.dumps(device.state(), indent=2, sort_keys=True) + "\n")
    if args.png_out:
        snapshot(device).save(args.png_out)
    if device.errors:
        print("crib sim: the app raised %d exception(s) (see above)" % device.errors, file=sys.stderr)
        return 1
    if args.serve:
        try:
            server = listen(args.port)
        except OSError as error:
            print("crib sim: cannot listen on 127.0.0.1:%d: %s" % (args.port, error.strerror), file=sys.stderr)
            return 1
        device.use_real_clock()
        serve_forever(device, server)
    return 0


def snapshot(device: Device) -> Image.Image:
    """The board as a PIL image, drawn like the window."""
    from simulator.geometry import Geometry, Layout
    from simulator.picture import BoardPicture

    picture = BoardPicture(Layout(Geometry.load(), PNG_SCALE))
    return picture.render(device.frame, device.lines)


def serve_forever(device: Device, server: ProtocolServer) -> None:
    """Answer protocol lines and run the device loop until killed."""
    while True:
        server.serve(device.command, wait_s=0.02)
        device.step()
