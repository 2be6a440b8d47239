"""`crib sim`: the desktop simulator (a window, the terminal, or headless).

    crib sim                         a window if there is a display, else the terminal
    crib sim --tui                   the terminal
    crib sim --headless --script F --state-out state.json --png-out frame.png
    crib sim --headless --serve      only the serial protocol on TCP, until killed

The window and the terminal keep their flash in ``--flash`` (a folder; by default a
per-user one), so a game survives quitting; a script starts from a fresh board unless
``--flash`` is given. Two simulators never share a flash folder: the second one says so
and stops. Every mode but a plain script serves the serial line protocol on
127.0.0.1:``--port``; if that port is taken the simulator serves on a free one and says
so, and `crib` commands find a running simulator without ``-d``.

The controls (docs/USING.md says what they do), the same keys in the window and the terminal:
the encoder turns with the arrow keys (Shift: 5 steps) or +/- (= too: + without Shift) and is
pushed with Enter or Space; keys 1 and 2 are the players' buttons p1 and p2, Backspace or Esc
is back. In the window the mouse wheel turns too, and a click on the knob or a button pushes
it; a key or mouse button held down 0.6 s is a long press (the encoder held: the menu). The
terminal has no key releases: l then a key is a long press. F12 or Ctrl-K pulls the plug (the
board boots again from its flash); q quits (Ctrl-Q too). The terminal board is in 24-bit colour;
with NO_COLOR set, in none: a peg shows its side's shape, filled front and hollow back (●/○ P1,
■/□ P2, ▲/△ P3), another light ◆ bright or ◇ dim (a mark), a dark hole ·.

A script has one step a line (simulator/script.py has the details): ``turn 3``, ``turn -1``,
``press enc``, ``long p1`` (controls: enc, p1, p2, back), ``wait 700`` (ms), ``cmd {...}``
(a protocol line; the reply is printed), ``plug`` (power cut and reboot), ``# comments``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import sys
import tempfile
import threading
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from host_shared import USAGE_ERROR
from host_shared.atomic_write import write_whole
from host_shared.errors import Failed
from host_shared.file_args import file_in_format, file_to_read, file_to_write, folder_to_use, named_twice
from host_shared.untrusted import read_text, shorten, whole_number
from simulator.geometry import MAX_SCALE, MIN_SCALE
from simulator.instances import DEFAULT_PORT, FlashInUse, announce, default_flash_dir, hold_flash, serving_on, withdraw
from simulator.server import ProtocolServer

if TYPE_CHECKING:  # the app is imported only when the simulator starts, not for every `crib` command
    from PIL import Image

    from simulator.device import Device

PNG_SCALE = 4.0  # pixels per millimetre of headless snapshots
SEPARATE_FLASH = "board-2"  # the folder suggested for a second board, beside the first's


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib sim` (``name``) to its ``parser``, and its description."""
    parser.description, parser.formatter_class = __doc__, argparse.RawDescriptionHelpFormatter
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--tui", action="store_true", help="play in the terminal even if there is a display")
    mode.add_argument("--headless", action="store_true", help="no window: play --script and/or --serve")
    parser.add_argument("--script", type=file_to_read,
                        help="headless: a file of input events to play (format: simulator/script.py); "
                        "on a fresh board unless --flash is given")
    parser.add_argument("--state-out", type=file_to_write("state.json"),
                        help="headless: write the final state here as JSON")
    parser.add_argument("--png-out", type=file_in_format("frame.png", lambda suffix: suffix.lower() == ".png",
                                                         lambda: ".png", "image format crib sim writes", in_place=True),
                        help="headless: write a snapshot of the board here as PNG (a file named .png)")
    parser.add_argument("--serve", action="store_true", help="headless: serve the protocol until killed")
    parser.add_argument("--flash", type=folder_to_use, default=None,
                        help="the folder standing in for the board's flash (default: %s; "
                        "a script without --flash: a fresh one, deleted afterwards)" % default_flash_dir())
    parser.add_argument("--port", type=port_number, default=None,
                        help="serve the serial protocol on TCP 127.0.0.1:PORT (0: any free port; default %d; "
                        "if it is taken, a free one)" % DEFAULT_PORT)
    parser.add_argument("--no-serve", action="store_true", help="window/terminal: do not serve the protocol")
    parser.add_argument("--no-display", action="store_true",
                        help="a board built without the text display: the LEDs and controls alone (docs/USING.md, "
                        "'What the LEDs mean')")
    parser.add_argument("--scale", type=scale_number, default=None,
                        help="window: pixels per millimetre, %g to %g (default: fit the screen)"
                        % (MIN_SCALE, MAX_SCALE))
    parser.set_defaults(func=run)


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 to 65535."""
    port = whole_number(text)
    if port is None or not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError("a port is a whole number from 0 to 65535, not %r" % shorten(text))
    return port


def scale_number(text: str) -> float:
    """An argparse type: pixels per millimetre, from MIN_SCALE to MAX_SCALE (not nan)."""
    try:
        scale = float(text)
    except ValueError:
        scale = -1.0
    if not MIN_SCALE <= scale <= MAX_SCALE:  # false for nan too
        raise argparse.ArgumentTypeError("a scale is pixels per millimetre, from %g to %g, not %r"
                                         % (MIN_SCALE, MAX_SCALE, shorten(text)))
    return scale


def run(args: argparse.Namespace) -> int:
    """Start the simulator in the chosen mode."""
    if args.headless and not (args.script or args.serve):
        raise Failed("--headless needs --script FILE and/or --serve", USAGE_ERROR)
    if not args.headless and (args.script or args.state_out or args.png_out or args.serve):
        raise Failed("--script, --state-out, --png-out and --serve go with --headless", USAGE_ERROR)
    if args.no_serve and args.headless:
        raise Failed("--no-serve goes with the window or the terminal, not --headless (serving there is --serve)",
                     USAGE_ERROR)
    if args.port is not None and (args.no_serve or (args.headless and not args.serve)):
        raise Failed("--port goes with serving the protocol: not with --no-serve, nor --headless without --serve",
                     USAGE_ERROR)
    if args.scale is not None and (args.headless or args.tui):
        raise Failed("--scale goes with the window, not --headless or --tui", USAGE_ERROR)
    clash = named_twice([("--script", args.script), ("--state-out", args.state_out), ("--png-out", args.png_out)])
    if clash:
        raise Failed(clash, USAGE_ERROR)
    if not args.headless and (args.tui or not has_display()) and not sys.stdin.isatty():  # before the flash folder
        from simulator.tui import NO_TERMINAL  # is made and a port taken

        raise Failed(NO_TERMINAL, USAGE_ERROR)
    if args.port is None:  # (None: not given, which --no-serve allows)
        args.port = DEFAULT_PORT
    with ExitStack() as held:
        flash = args.flash
        if flash is None and args.script:  # a script plays on a fresh board, not on the saved game
            flash = Path(held.enter_context(tempfile.TemporaryDirectory(prefix="crib-sim-")))
        flash = flash or default_flash_dir()
        try:
            held.enter_context(hold_flash(flash))
        except FlashInUse as error:
            raise Failed("%s. Quit that one first, or play a separate board: `%s`"
                         % (error, with_own_flash(args, flash))) from error
        except OSError as error:  # a file there, no such parent, no permission
            why = "it is a file, not a folder" if flash.is_file() else error.strerror or error
            # as any file crib cannot use: the command line is right (crib --help, exit status)
            raise Failed("cannot use %s as the flash folder: %s" % (flash, why)) from error
        if args.serve or not args.headless:
            stop_on_signals()  # killed, or its terminal closed: the lock file and the runtime file are still removed
        from simulator.device import Device

        if args.headless:
            return run_headless(args, Device(flash, manual_clock=True, display=not args.no_display), flash, held)
        return run_interactive(args, Device(flash, display=not args.no_display), flash, held)


def with_own_flash(args: argparse.Namespace, flash: Path) -> str:
    """The command line of this simulator with a flash folder of its own: ``SEPARATE_FLASH`` beside ``flash``,
    the one in use (a whole path: ``scripts/play`` runs in the project's folder, where no board belongs)."""
    words = ["crib", "sim"]
    words += ["--tui"] if args.tui else ["--headless"] if args.headless else []
    for option, value in (("--script", args.script), ("--state-out", args.state_out), ("--png-out", args.png_out),
                          ("--scale", args.scale)):
        if value is not None:
            words += [option, str(value)]
    words += ["--serve"] if args.serve else []
    words += ["--no-serve"] if args.no_serve else []
    words += ["--no-display"] if args.no_display else []
    words += ["--port", str(args.port)] if args.port != DEFAULT_PORT else []
    return shlex.join(words + ["--flash", str(flash.resolve().parent / SEPARATE_FLASH)])


def stop_on_signals() -> None:
    """Turn SIGTERM and SIGHUP (its terminal closed) into SystemExit, so that a simulator killed so lets go
    of what it holds."""
    if threading.current_thread() is threading.main_thread():
        for stop in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):  # (no SIGHUP on Windows)
            if stop is not None:
                signal.signal(stop, lambda signum, _frame: sys.exit(128 + signum))


def run_interactive(args: argparse.Namespace, device: Device, flash: Path, held: ExitStack) -> int:
    """The window, or the terminal (``run`` has checked there is one); both say where the protocol is served (or
    why not)."""
    server, note, clashed = (None, "not serving the protocol (--no-serve)", False) if args.no_serve else \
        start_server(args.port, flash, held)
    try:
        if not args.tui and has_display():
            try:
                from simulator.window import Window

                window = Window(device, server, scale=args.scale, note=note)
            except Exception as error:  # no usable display after all (or no Tk): fall back to the terminal
                why = no_window(error)
                print(why, file=sys.stderr)  # seen after the terminal board (it takes the whole screen) ends
                note = why + "\n" + note  # and on it, under the board
            else:
                if clashed or server is None:  # in the terminal it came from too (where it serves is printed
                    print(note, file=sys.stderr, flush=True)  # already: "listening on")
                window.run()
                return 0
        from simulator.tui import Terminal

        return Terminal(device, server, note=note).run()
    finally:  # quit, interrupted or killed: said last, else the terminal's last line is the "listening on"
        with suppress(OSError, ValueError):  # printed before the board took the screen (a terminal
            print("crib sim: stopped; the game is kept in %s for next time" % flash,  # gone: none to tell)
                  file=sys.stderr, flush=True)


TK_PACKAGES = "Debian/Ubuntu: sudo apt install python3-tk; Fedora: python3-tkinter; Homebrew: brew install python-tk"


def no_window(error: Exception) -> str:
    """Why the window could not open (``error``, what opening it raised), and when Python's Tk is
    missing, how to install it: a line for the terminal the simulator falls back to."""
    if isinstance(error, ImportError) and (error.name or "").lstrip("_") == "tkinter":
        return "No window: this Python has no Tk. For the window, install it (%s) and start again." % TK_PACKAGES
    return "No window (%s): the board plays in the terminal." % error


def has_display() -> bool:
    """True if a window can be opened (X11 or Wayland session, or macOS, where Tk needs no DISPLAY)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform == "darwin"


def start_server(port: int, flash: Path, held: ExitStack) -> tuple[ProtocolServer | None, str, bool]:
    """Serve the protocol on ``port``, or on a free port if it is taken; return the server (None
    if none could start), a line for people saying where it serves and, after a clash, why
    there and how to reach it, and whether ``port`` was taken (a clash: the line says more than
    where it serves). Prints ``listening on 127.0.0.1:PORT`` (tests and tools read it)."""
    clashed = False
    try:
        server = ProtocolServer(port)
        note = "serving on 127.0.0.1:%d for crib commands" % server.port  # (what a new player may not know)
    except OSError as error:
        clashed = True
        holder = serving_on(port)
        taken = "port %d is taken by %s" % (port, holder.describe() if holder else "another program (%s)"
                                           % error.strerror)
        if holder:
            taken += ", which crib commands reach without -d"
        try:
            server = ProtocolServer(0)
        except OSError as again:
            return None, "%s, and no free port was found (%s): not serving the protocol" % (taken, again.strerror), True
        note = clash_note(server.port, taken)
    held.callback(server.close)
    held.callback(withdraw, announce(server.port, flash))
    print("listening on 127.0.0.1:%d" % server.port, flush=True)
    return server, note, clashed


def clash_note(port: int, taken: str) -> str:
    """What a simulator serving on ``port``, the one asked for being ``taken`` (why), says: its own port
    first, on one line of a terminal's board (78 columns), as on a small terminal the note's last lines
    give way to the board: the port to reach it by must not be what goes."""
    # lower case, as "serving on": printed after "crib sim: " too
    return "serves on %d instead: `crib status -d socket://127.0.0.1:%d`\n(%s)" % (port, port, taken)


def run_headless(args: argparse.Namespace, device: Device, flash: Path, held: ExitStack) -> int:
    """Play the script, write the outputs, then serve if asked."""
    from simulator import script

    if args.script:
        try:
            steps = script.parse(read_text(args.script, script.MAX_BYTES))
        except script.ScriptError as error:  # as a log file that holds no log: the file is wrong, not the command line
            raise Failed("%s: %s" % (args.script, error)) from error
        except ValueError as error:  # the file could not be read
            raise Failed(str(error)) from error
        script.play(device, steps)
    outputs = [(args.state_out, lambda path: path.write_text(json.dumps(device.state(), indent=2, sort_keys=True)
                                                             + "\n")),
               (args.png_out, lambda path: snapshot(device).save(path, format="PNG"))]  # (a pipe: by any name)
    for path, write in outputs:  # (their folders were checked before the script was played: file_to_write)
        if path is not None:
            write_whole(path, write)
    if device.errors:
        raise Failed("the app raised %d exception(s) (see above)" % device.errors)
    if args.serve:
        server, note, clashed = start_server(args.port, flash, held)
        if server is None:
            raise Failed(note)
        if clashed:
            print("crib sim: %s" % note, file=sys.stderr, flush=True)
        device.use_real_clock()
        serve_forever(device, server)
    return 0


def snapshot(device: Device) -> Image.Image:
    """The board as a PIL image, drawn like the window."""
    from simulator.geometry import Geometry, Layout
    from simulator.picture import BoardPicture, track_names

    picture = BoardPicture(Layout(Geometry.load(), PNG_SCALE))
    return picture.render(device.frame, device.lines, names=track_names(device.board))


def serve_forever(device: Device, server: ProtocolServer) -> None:
    """Answer protocol lines and run the device loop until killed; say on stderr when the app starts
    again after a change that failed midway (as the window and the terminal show it)."""
    boots = device.boots
    while True:
        server.serve(device.command, wait_s=0.02)
        device.step()
        if device.boots != boots:
            boots = device.boots
            print("crib sim: %s" % device.boot_note, file=sys.stderr, flush=True)
