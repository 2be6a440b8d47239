"""The buttons' PIO program, kept free of ``rp2`` so it can be assembled and checked off the chip.

The state machine samples eight pins from its ``in_base`` (the buttons among them) every
``SAMPLE_MS``, one sample a byte of its RX FIFO (autopush at 8 bits), and a DMA channel copies
each into a ring in RAM (``hal.rp2_inputs``); ``hal.samples`` reads the ring when the
CPU polls. The sampling goes on while the CPU is busy or has interrupts off (a flash write:
45 ms, up to 400), and the n-th sample was taken n ms after the first: an edge's time is known
to a millisecond however late the CPU looks, where a pin IRQ would stamp it only when
interrupts come back on.

One instruction and its delay: 10 cycles of ``FREQ``, a millisecond (125 MHz / 10 kHz is a
whole divider: no jitter).
"""
# ruff: noqa: F821  (the PIO instruction names are supplied by the assembler)

from micropython import const

FREQ = const(10_000)  # state machine clock, Hz
SAMPLE_MS = const(1)  # a sample every 10 cycles
PINS = const(8)  # pins sampled from in_base: a byte a sample


def button_levels():
    """Samples the eight pins from ``in_base`` every ``SAMPLE_MS``: a byte a sample into the RX FIFO."""
    # Only locals here: rp2.asm_pio replaces this module's globals while it assembles.
    wrap_target()
    in_(pins, 8)[9]  # autopush: the byte goes to the FIFO (the DMA empties it at once)
    wrap()
