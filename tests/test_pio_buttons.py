"""The buttons' PIO program, run in the rp2040-pio-emulator: a byte of eight pins every millisecond.

The program is assembled from the firmware's own source (``hal.buttons_pio``, the function
``hal.rp2_inputs`` hands to ``rp2.asm_pio`` with autopush at 8 bits, shifting left). The pins
change at random; every push must be the eight pins from ``in_base`` as they were at that
cycle, a push every ``SAMPLE_MS`` at the state machine clock the driver sets, with nothing
between: the CPU reads an edge's time off the sample's place in the ring.
"""

from hal_edges import Xorshift
from pio_asm import assemble
from pio_emulator import State, emulate

from hal import buttons_pio

CYCLES = 4000


def test_a_push_every_millisecond_holds_the_eight_pins_sampled_then() -> None:
    rng = Xorshift(7)
    levels = [rng.below(1 << 12) for _ in range(CYCLES // 7 + 1)]  # 12 pins, a new level every 7 cycles

    def pins(state: State) -> int:
        return levels[state.clock // 7]

    program = assemble(buttons_pio.button_levels, 0)
    pushed: list[tuple[int, int]] = []  # (cycle of the sample, value)
    for before, after in emulate(
        program.opcodes,
        stop_when=lambda _opcode, state: state.clock >= CYCLES,
        input_source=pins,
        auto_push=True,
        push_threshold=buttons_pio.PINS,
        shift_isr_right=False,
        wrap_target=program.wrap_target,
        wrap_top=program.wrap,
    ):
        while after.receive_fifo:  # the DMA: every push moved to the ring at once
            pushed.append((before.clock, after.receive_fifo.popleft()))
    cycles_per_sample = buttons_pio.FREQ * buttons_pio.SAMPLE_MS // 1000
    assert [cycle for cycle, _ in pushed] == list(range(0, CYCLES, cycles_per_sample))
    assert [value for _, value in pushed] == [levels[cycle // 7] & 0xFF for cycle, _ in pushed]
