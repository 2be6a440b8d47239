"""How long the emulated board takes to show an input on its LEDs: its frames matched against those
CPython's app draws (the oracle's), in emulated ms from the input or from a save's last flash write."""

from __future__ import annotations

from typing import TYPE_CHECKING

import timing  # noqa: F401  (imported first: it puts tests/chip/ on the path)

# isort: split
from board_on_chip import CHAIN, COLOUR_ORDER, ChipBoard
from led_frames import logical_rgb
from pico import MS, PROGRAM_NS

if TYPE_CHECKING:  # for annotations only
    from led_frames import Frame


# The oracle draws every frame of the renderer's whole cycle (cpython_board.CYCLE_MS: its blinks
# repeat together only every 6 s), as the chip tests do: a shorter window leaves frames out.
def shown_by(board: ChipBoard, frame: Frame, oracle: set[bytes]) -> bool:
    """True if ``frame`` agrees with a frame of ``oracle`` on every LED it reached: all of them,
    or, for a frame the driver cut short to send the next at once, the first ones of the chain."""
    rgb = board.rgb(frame)
    if len(frame.wire) == 3 * len(CHAIN):
        return rgb in oracle
    reached = logical_rgb(b"\xff" * len(frame.wire), CHAIN, COLOUR_ORDER)
    return any(bytes(a & m for a, m in zip(o, reached, strict=True)) == rgb for o in oracle)


def changed_at(board: ChipBoard, t_input: float, before: set[bytes], after: set[bytes], limit_ms: float = 300) -> float:
    """Emulated ms from ``t_input`` to the end of the first frame showing a change: a frame of
    the ``after`` oracle set that is not in the ``before`` one."""
    def seen() -> Frame | None:
        for frame in board.frames_since(t_input - 10 * MS):
            if frame.end_ns < t_input or shown_by(board, frame, before):
                continue
            if not shown_by(board, frame, after):
                raise RuntimeError("a frame neither before nor after the input")
            return frame
        return None

    return (board.pico.run_until_value(seen, limit_ms * MS, step_ns=1 * MS).end_ns - t_input) / MS


def answered_at(board: ChipBoard, t_input: float, limit_ms: float = 1000) -> float:
    """Emulated ms from ``t_input`` to the end of the first frame since then that differs from the
    last one before it: the board's answer to the input (it draws at once after one). Blinks make
    new frames too, but seldom within the few ms an answer takes; the hand's end state is checked."""
    last = [f for f in board.frames_since(t_input - 2000 * MS) if f.start_ns < t_input][-1]

    def seen() -> Frame | None:
        return next((frame for frame in board.frames_since(t_input) if frame.wire != last.wire), None)

    return (board.pico.run_until_value(seen, limit_ms * MS, step_ns=1 * MS).end_ns - t_input) / MS


def since_save(board: ChipBoard, since: float, input_ns: float, shown_ns: float) -> float:
    """Emulated ms from the end of the last flash write of the save under way at ``input_ns`` (its
    writes after ``since``) to ``shown_ns``: the input shown once the save is done. RuntimeError if
    no save was under way then."""
    writes = [(t, t + (board.pico.erase_ns if kind == "erase" else PROGRAM_NS)) for t, kind in board.pico.flash_writes
              if since < t < shown_ns]
    if not writes or writes[0][0] > input_ns or writes[-1][1] < input_ns:
        raise RuntimeError("the input did not come while a save was under way")
    return (shown_ns - writes[-1][1]) / MS


def spread(values: list[float]) -> str:
    """``values`` as their range, ``min-max`` to one decimal."""
    return "%.1f-%.1f" % (min(values), max(values))
