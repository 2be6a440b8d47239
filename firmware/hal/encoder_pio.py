"""The encoder's PIO program, kept free of ``rp2`` so it can be assembled and checked off the chip.

The state machine watches the two encoder contacts and, each time either changes, pushes
their new levels (2 bits) into its RX FIFO. A DMA channel drains the FIFO into a ring in RAM
(``hal.rp2_inputs``) and the CPU decodes the ring with ``hal.quadrature`` when it polls. The
state machine and the DMA run on their own: no change is missed while the CPU is busy or
has interrupts off (a flash write: 45 ms, up to 400), and the decoder then sees every one
of them, in order. A loop takes 5 cycles: at ``FREQ`` the contacts are sampled every 2.5 us,
hundreds of times a quarter step even turned fast; a bounce shorter than that, gone before it
is seen, moves nothing. (At 125 MHz the machine would only cost power.)

Registers: Y holds the last levels pushed, X the levels just sampled.
"""
# ruff: noqa: F821  (the PIO instruction names are supplied by the assembler)

from micropython import const

FREQ = const(2_000_000)  # state machine clock, Hz


def encoder_changes():
    """Pushes the levels of the encoder's two contacts each time either changes."""
    # Only locals here: rp2.asm_pio replaces this module's globals while it assembles.
    wrap_target()
    label("sample")
    mov(isr, null)
    in_(pins, 2)
    mov(x, isr)
    jmp(x_not_y, "changed")
    jmp("sample")
    label("changed")
    mov(y, x)
    push(block)  # the DMA empties the FIFO at once (were it full, the machine would wait)
    wrap()
