# The board app on a 32-bit MicroPython, its heap read between steps (run.mjs runs this).
#
#   sys.argv[1]: "romfs" (the code in /deploy/app.romfs, mounted at /rom, runs in place as
#   from a ROMFS partition) or "mpy" (the .mpy files in /deploy, loaded into the heap as
#   from the board's littlefs).
#
# It runs what main.py runs on the board, but for the asyncio loop: the real board's
# hardware objects (hal.rp2_board.build from /board.json, with their buffers) over
# stand-ins (/stubs) of the rp2-only modules `machine` and `rp2`, which do nothing, and of
# `binascii`, C on the chip but Python on this port. The steps
# are those of tests/firmware/memory_scenario.py recorded on CPython: ("input", kind, what)
# as the shell hands them to the board (then a frame), ("command", line) from the serial
# line, and ("power_off",) then ("power_on",) for a power cycle (the first step is a
# power-on too). The modules a mode loads when first used load when the scenario opens it.
# finish() prints one JSON line.
#
# Heap figures are bytes above what the interpreter, this driver, the stand-ins and (romfs)
# the image's own buffer hold: "code" after start(); "live", the most after any step, after
# a collection; "peak", the most when an input or request returns, before any collection
# (this port collects only between steps: all a step allocated still counts). A power-on
# restores the whole match in one step, so what it allocates ("power_on", garbage and all)
# is reported apart from the live heap after it ("power_on_live").
import gc
import json
import sys

import micropython
import vfs

DEPLOY = "/deploy"
sys.path[:0] = ["/stubs"]
report = {"code": 0, "live": 0, "live_at": None, "peak": 0, "peak_at": None, "power_on": 0,
          "power_on_live": 0}
harness = 0
board = None
steps = 0
kind_now = where = None


def start():
    """Put the code where the board finds it, then import what main.py imports."""
    global harness
    if sys.argv[1] == "romfs":
        image = open(DEPLOY + "/app.romfs", "rb").read()  # on the board: flash, not heap
        vfs.mount(vfs.VfsRom(image), "/rom")
        sys.path[:0] = ["/rom"]  # host_tools.deploy.romfs_image puts the packages at its root
    else:
        sys.path[:0] = [DEPLOY]
    import binascii  # noqa: F401  (the stand-ins: part of the harness)

    import machine  # noqa: F401
    import rp2  # noqa: F401

    gc.collect()
    harness = gc.mem_alloc()
    from app import run  # noqa: F401
    from hal import rp2_board  # noqa: F401


def step(kind, *args):
    """One recorded step."""
    global board, steps, kind_now, where
    steps += 1
    kind_now = kind
    where = "step %d: %s" % (steps, " ".join(str(a) for a in (kind,) + args))
    if kind == "input":
        board.handle((args[0], args[1]))
        board.render()
    elif kind == "command":
        board.handle_command(args[0])
    elif kind == "power_off":
        board = None
    elif kind == "power_on":  # as main.py does it
        from app.board import Board
        from hal import rp2_board

        board_json = rp2_board.load_board()
        hw = rp2_board.build(board_json, rp2_board.dark_leds(board_json))
        hw.leds.frame_us = 0  # frames go nowhere: no 7.5 ms on the wire to wait for
        board = Board(hw)
        if board.messages.notice is not None:
            raise RuntimeError(board.messages.notice)
    else:
        raise ValueError("unknown step %r" % (kind,))
    note("power_on" if kind == "power_on" else "peak", gc.mem_alloc() - harness)


def settle():
    """Called after a collection: the live heap."""
    used = gc.mem_alloc() - harness
    if kind_now is None:
        report["code"] = used
    elif kind_now == "power_on":
        note("power_on_live", used)
    note("live", used)


def note(key, used):
    """Keep the most heap ``used`` seen under ``key`` (and the step, where the report names it)."""
    if used > report[key]:
        report[key] = used
        if key + "_at" in report:
            report[key + "_at"] = where


def finish():
    """Print the names interned (``micropython.qstr_info()``'s line), then the report and the match's
    state as one JSON line."""
    micropython.qstr_info()
    report["state"] = board.match.state()
    report["events"] = board.match.events
    print(json.dumps(report))
