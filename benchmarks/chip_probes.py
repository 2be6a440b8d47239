"""The main.py the heap and collections figures put on the chip: firmware/main.py with a probe
(MicroPython source) around the app's ``run(hw)``, which notes the heap, or the garbage collections,
as the app runs and prints them as Ctrl-C stops it."""

from pathlib import Path

from timing import FIRMWARE

MAIN_PY = Path(FIRMWARE) / "main.py"  # the board's, which the figures' probes start the app through

# The heap of the app as a board runs it: main.py at power-on with the app's own run(hw), asyncio's
# tasks and all, and a probe put around three of its steps that collects the garbage and notes the
# live heap: after each frame the shell draws (one at least a second, at once after an input or a
# request), as each piece of a serial reply goes out (the piece included; of a page's events only
# the first, as the others hold no more) and between a save's steps (at each of its reads of the
# controls, hw.keep_up). What it prints as Ctrl-C stops the app: the heap as main.py started, the
# probe's own (left out), the most before the first request came (the board idle), the most of all;
# and before it, MicroPython's count of the names interned (qstrs: ``InternedNames``) and the modules
# loaded at the most (``chip_heap.code_heap`` imports them alone on a bare board: the code's share of that most).
# MicroPython's own share, the heap as the deployed main.py starts, is measured in a boot of its own
# (chip_heap.deployed_heap_base); this main.py's longer compiled code is in its start figure, so left out.
# (A board measured in a call of its own instead of running, as before 2026-12, showed 2.3 KB less
# at most on CRIB_PICO: the shell's tasks, and what an input leaves behind.)
HEAP_START = "import gc\ngc.collect()\nbase = gc.mem_alloc()\n"
HEAP_PROBE = """        from app.run import Shell

        gc.collect()
        probe_at = gc.mem_alloc()
        most = [0, None]  # the most live; the most before the first request
        loaded = bytearray(2048)  # the modules loaded at the most: their names, each then a space (~1 KB)
        kept = [0]  # the bytes of ``loaded`` they fill

        def note():
            gc.collect()
            used = gc.mem_alloc()
            if used > most[0]:
                import sys  # (here: as a global of main.py it would grow main.py's table of them)

                most[0] = used
                n = 0
                for name in sys.modules:  # (what this makes is garbage, gone by the next reading)
                    name = name.encode() + b" "
                    loaded[n:n + len(name)] = name
                    n += len(name)
                kept[0] = n

        frame_step, answer, keep_up = Shell.frame_step, Shell.answer, hw.keep_up

        def noted_frame_step(self, now):
            drew = frame_step(self, now)
            if drew:
                note()
            return drew

        def noted_answer(self, line, write=None):
            if most[1] is None:
                most[1] = most[0]

            def noted_write(piece):
                if not piece.startswith(", ["):
                    note()
                write(piece)

            return answer(self, line, None if write is None else noted_write)

        def noted_keep_up():
            keep_up()
            note()

        Shell.frame_step, Shell.answer, hw.keep_up = noted_frame_step, noted_answer, noted_keep_up
        gc.collect()
        probe = gc.mem_alloc() - probe_at
        try:
            run(hw)
        finally:
            import micropython

            micropython.qstr_info()  # the names interned by then (never freed): "qstr pool: n_pool=..."
            print("LOADED", bytes(loaded[:kept[0]]).decode())
            print("HEAP", base, probe, most[0] if most[1] is None else most[1], most[0])
"""
RUN_APP = "        run(hw)\n"


# The collections figure: main.py's ``run(hw)`` with each step of the shell timed, and noted when the
# heap shrank across it by more than 1 KB (MicroPython collected its garbage inside: a step frees a
# buffer or two of its own at most, far less).
# Printed as Ctrl-C stops the app: the steps' name and µs.
COLLECT_PROBE = """        import gc
        import time
        from app.run import Shell

        collected = []

        def noted(name):
            step = getattr(Shell, name)

            def noted_step(self, *args):
                used = gc.mem_alloc()
                start = time.ticks_us()
                done = step(self, *args)
                took = time.ticks_diff(time.ticks_us(), start)  # (reading the heap takes ms: not counted)
                if gc.mem_alloc() < used - 1024:
                    collected.append("%s %d" % (name, took))
                return done

            setattr(Shell, name, noted_step)

        for name in ("input_step", "frame_step", "display_step", "answer"):
            noted(name)
        try:
            run(hw)
        finally:
            print("COLLECTED", ",".join(collected))
"""


def probed_main(probe: str) -> str:
    """firmware/main.py with ``probe`` around the app's ``run(hw)`` in place of the call."""
    main = MAIN_PY.read_text()
    if main.count(RUN_APP) != 1:
        raise RuntimeError("firmware/main.py no longer starts the app with %r: the figures' probes need it" % RUN_APP)
    return main.replace(RUN_APP, probe)


def heap_code() -> str:
    """firmware/main.py with the heap noted as it starts, and the probe around the app's ``run(hw)``."""
    return HEAP_START + probed_main(HEAP_PROBE)
