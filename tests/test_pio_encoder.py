"""The encoder's PIO program, run in the rp2040-pio-emulator, and the decoder reading what it logs.

The program is assembled from the firmware's own source (``hal.encoder_pio``, the function
``hal.rp2_inputs`` hands to ``rp2.asm_pio``). The contacts are driven with random turning,
wiggles and contact bounce; every change must be pushed, in order, once. Then the claim of
the issue: the DMA ring the pushes land in is read by the CPU only when it polls, and while
interrupts are off (flash writes of 20 to 400 ms) it does not poll at all, yet the decoder
fed from the ring counts exactly the detents the knob made: none lost, none invented.
"""

from hal_edges import AB, DetentMoves, Xorshift, bounced_move
from pio_asm import assemble
from pio_emulator import State, emulate

from hal import encoder_pio
from hal.quadrature import Quadrature

CYCLES_PER_READING = 24  # the contacts hold each level this long (a bounce: a few such)
RX_CAPACITY = 8  # a joined RX FIFO, drained by the DMA as fast as the state machine pushes


def pushes(levels: list[int], hold: int = CYCLES_PER_READING) -> list[int]:
    """What the program pushes while the contacts (bit 1: A, bit 0: B... as on the pins from
    in_base) go through ``levels``, each held ``hold`` cycles."""
    program = assemble(encoder_pio.encoder_changes, 0)
    end = hold * len(levels) + 50
    pushed: list[int] = []

    def pins(state: State) -> int:
        return levels[min(state.clock // hold, len(levels) - 1)]

    for _before, after in emulate(
        program.opcodes,
        stop_when=lambda _opcode, state: state.clock >= end,
        input_source=pins,
        shift_isr_right=False,
        wrap_target=program.wrap_target,
        wrap_top=program.wrap,
    ):
        while after.receive_fifo:  # the DMA: every push moved to the ring at once
            pushed.append(after.receive_fifo.popleft())
        assert len(after.receive_fifo) <= RX_CAPACITY
    return pushed


def changes(levels: list[int], start: int = 0) -> list[int]:
    """The levels that differ from the one before (from ``start``)."""
    out = []
    last = start
    for level in levels:
        if level != last:
            out.append(level)
            last = level
    return out


def test_every_change_is_pushed_once_in_order() -> None:
    levels = [3, 3, 1, 0, 0, 2, 3, 2, 3, 3, 1, 3, 1, 0, 2, 3]
    assert pushes(levels) == changes(levels)


def test_a_change_held_for_only_a_few_cycles_is_still_seen() -> None:
    levels = [3, 1, 3, 1, 0, 2, 3]
    assert pushes(levels, hold=6) == changes(levels)  # a loop is 5 cycles: one sample per level


def random_knob(rng: Xorshift, quarters: int) -> tuple[list[int], int, int]:
    """Readings of a knob turned at random with wiggles and bounce, starting and ending at a
    detent; the detents moved clockwise and anticlockwise (a wiggle back to the same detent is
    no move)."""
    q = 0
    moves = DetentMoves()
    readings = [3]
    for _ in range(quarters):
        moved, q = bounced_move(q, 1 if rng.below(2) else -1, rng, max_bounces=3)
        readings += moved
        moves.at(q)
    while q % 4:  # end at a detent
        moved, q = bounced_move(q, 1, rng)
        readings += moved
        moves.at(q)
    assert readings[-1] == AB[0]
    return readings, moves.cw, moves.ccw


def test_the_decoder_fed_from_the_ring_counts_every_detent_through_interrupts_off_windows() -> None:
    # The CPU polls the ring every 5 ms, except inside interrupts-off windows of 20 to 400 ms
    # (here: stretches of readings); a poll decodes every entry since the last one. The count
    # taken must equal the knob's detents exactly, whatever the windows.
    for seed in range(12):
        rng = Xorshift(300 + seed)
        readings, cw, ccw = random_knob(rng, 160)
        ring = pushes(readings)
        assert ring == changes(readings)  # Y starts at 0: the first push is the levels at start
        decoder = Quadrature(3)
        read = counted_cw = counted_ccw = 0
        position = 0
        while read < len(ring):
            if rng.below(6) == 0:  # a flash write: 20-400 ms of turning before the next poll
                position += 4 + rng.below(80)
            else:
                position += 1 + rng.below(3)
            position = min(position, len(ring))
            for ab in ring[read:position]:
                decoder.feed(ab)
            read = position
            steps = decoder.take()
            counted_cw += max(steps, 0)
            counted_ccw += max(-steps, 0)
        assert counted_cw - counted_ccw == cw - ccw, seed
        assert counted_cw <= cw and counted_ccw <= ccw, seed  # and none invented either way
