"""The per-LED passes of ``app.power.limit`` in plain Python: CPython, the tests, and a port without
a native emitter use these; the chip runs their viper twins (``app.power_viper``), and this module
never loads there. tests/firmware/test_viper_twins.py checks both give the same bytes.
"""


def shade(frame, n, table, curve, most):
    """Brightness and gamma on the first ``n`` bytes of ``frame``, in place (see the module
    docstring), then no LED above ``most`` PWM steps (its channels summed: the per-LED limit);
    returns the PWM steps of the lit channels << 10 | how many channels are lit."""
    total = 0
    lit = 0
    for i in range(0, n, 3):
        r = frame[i]
        g = frame[i + 1]
        b = frame[i + 2]
        if r or g or b:  # most of a board frame is dark, and dark stays dark
            p = r if r > g else g
            if b > p:
                p = b
            top = table[p]
            half = p >> 1
            steps = 0
            on = 0
            for j in range(i, i + 3):
                c = frame[j]
                if c:
                    if not top:
                        c = 0  # brightness 0: dark
                    elif c == p:
                        c = top
                    else:
                        c = (top * curve[(c * 255 + half) // p] + 127) // 255
                        if c >= top:
                            c = top - 1  # the brightest channel stays the brightest
                    frame[j] = c
                    if c:
                        steps += c
                        on += 1
            if steps > most:  # too bright for one LED: scaled as the cap scales, rounded down
                lower = top * most // steps
                steps = 0
                on = 0
                for j in range(i, i + 3):
                    c = frame[j] * lower // top
                    frame[j] = c
                    if c:
                        steps += c
                        on += 1
            total += steps
            lit += on
    return total << 10 | lit


def cap(frame, n, total, lit, allowed):
    """Scale every LED's peak so the ``total`` steps of ``lit`` channels come to ``allowed`` (> 0) or fewer."""
    # lit channels keep 1 step each where the budget allows, and the steps above share the rest;
    # a channel below its LED's peak is scaled like the peak and rounded down, so none grows
    above = total - lit
    share = allowed - lit
    for i in range(0, n, 3):
        r = frame[i]
        g = frame[i + 1]
        b = frame[i + 2]
        if r or g or b:
            p = r if r > g else g
            if b > p:
                p = b
            top = 1 + (p - 1) * share // above if share >= 0 else p * allowed // total
            for j in range(i, i + 3):
                frame[j] = frame[j] * top // p
