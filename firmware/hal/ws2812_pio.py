"""The WS2812 PIO program, kept free of ``rp2`` so it can be assembled and checked off the chip.

``rp2_leds`` passes ``ws2812`` to ``rp2.asm_pio``, which runs the function with the PIO
instruction names (``out``, ``jmp``, ``x``, ...) as its globals; the test suite does the
same with its own encoder and runs the result in the ``rp2040-pio-emulator``.

One bit is T1 + T2 + T3 = 10 cycles of the state machine clock: at 8 MHz a cycle is
125 ns, so a bit lasts 1.25 us; a 0 is high for T1 (375 ns), a 1 for T1 + T2 (875 ns).
WS2812B datasheet: T0H 0.4 us, T1H 0.8 us, T0L 0.85 us, T1L 0.45 us, each +-150 ns.
"""
# ruff: noqa: F821  (the PIO instruction names are supplied by the assembler)

from micropython import const

FREQ = const(8_000_000)  # state machine clock, Hz
BITS_PER_LED = const(24)  # autopull threshold: one 24-bit colour per FIFO word, top bits first


def ws2812():
    """Sends each 24-bit colour of the TX FIFO, top bit first, as WS2812 bits on the side-set pin."""
    # Only locals here: rp2.asm_pio replaces this module's globals while it assembles.
    T1 = 3  # high for every bit
    T2 = 4  # still high for a 1, low for a 0
    T3 = 3  # low for every bit
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[T3 - 1]
    jmp(not_x, "do_zero").side(1)[T1 - 1]
    jmp("bitloop").side(1)[T2 - 1]
    label("do_zero")
    nop().side(0)[T2 - 1]
    wrap()
