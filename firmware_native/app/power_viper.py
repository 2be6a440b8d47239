"""The per-LED passes of ``app.power.limit`` in viper: native code on the chip, 20 times faster.

The same arithmetic as ``app.power_plain.shade`` and ``cap`` (read those for the why),
on raw byte pointers. Only a MicroPython with a native emitter compiles this module (the
chip; ``mpy-cross -march=...``, which `crib deploy` runs for the board): elsewhere importing
it fails and ``app.power`` takes the plain ones. On the board it is ``app/power_viper``;
it lives in firmware_native/ because mpy-cross compiles it only for an architecture.
tests/firmware/test_viper_twins.py checks both give the same bytes.
"""

import micropython


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def shade(frame: ptr8, n: int, table: ptr8, curve: ptr8, most: int) -> int:  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    """``app.power_plain.shade`` in viper: brightness, gamma and the per-LED limit, in place."""
    total = 0
    lit = 0
    i = 0
    while i < n:
        r = frame[i]
        g = frame[i + 1]
        b = frame[i + 2]
        if r or g or b:  # most of a board frame is dark, and dark stays dark
            p = r
            if g > p:
                p = g
            if b > p:
                p = b
            top = table[p]
            half = p >> 1
            steps = 0
            on = 0
            j = i
            while j < i + 3:
                c = frame[j]
                if c:
                    if not top:
                        c = 0
                    elif c == p:
                        c = top
                    else:
                        c = (top * curve[(c * 255 + half) // p] + 127) // 255
                        if c >= top:
                            c = top - 1
                    frame[j] = c
                    if c:
                        steps += c
                        on += 1
                j += 1
            if steps > most:
                lower = top * most // steps
                steps = 0
                on = 0
                j = i
                while j < i + 3:
                    c = frame[j] * lower // top
                    frame[j] = c
                    if c:
                        steps += c
                        on += 1
                    j += 1
            total += steps
            lit += on
        i += 3
    return (total << 10) | lit


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def cap(frame: ptr8, n: int, total: int, lit: int, allowed: int):  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    """``app.power_plain.cap`` in viper: every LED scaled so the frame keeps to ``allowed`` steps."""
    above = total - lit
    share = allowed - lit
    i = 0
    while i < n:
        r = frame[i]
        g = frame[i + 1]
        b = frame[i + 2]
        if r or g or b:
            p = r
            if g > p:
                p = g
            if b > p:
                p = b
            if share >= 0:
                top = 1 + (p - 1) * share // above
            else:
                top = p * allowed // total
            frame[i] = r * top // p
            frame[i + 1] = g * top // p
            frame[i + 2] = b * top // p
        i += 3
