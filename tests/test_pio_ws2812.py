"""The WS2812 PIO program of the LED driver, run in the rp2040-pio-emulator.

The program is assembled from the firmware's own source (``hal.ws2812_pio``, the function
``hal.rp2_leds`` hands to ``rp2.asm_pio``), fed with LED words the way the DMA feeds the
TX FIFO, and the waveform on the data pin is measured at the state machine clock the
driver sets. Limits are the WS2812B datasheet's: T0H 0.4 us, T1H 0.8 us, T0L 0.85 us,
T1L 0.45 us, each +-150 ns; a bit (TH + TL) 1.25 us +-600 ns.
"""

# ruff: noqa: F821  (PIO instruction names inside the reference program)

from __future__ import annotations

from collections import deque

from pio_asm import assemble
from pio_emulator import ShiftRegister, State, emulate

from hal import ws2812_pio

NS_PER_CYCLE = 1e9 / ws2812_pio.FREQ
LIMITS_NS = {"T0H": (250, 550), "T1H": (650, 950), "T0L": (700, 1000), "T1L": (300, 600)}
PERIOD_NS = (1250 - 600, 1250 + 600)
# Colours chosen so every pair of neighbouring bit values (00, 01, 10, 11) occurs.
COLOURS_GRB = [0xFF00A5, 0x5A0F33, 0x000000, 0xFFFFFF, 0x123456]
SIDESET_PINS = 1  # hal.rp2_leds' sideset_init: one pin, the data line


def sdk_ws2812() -> None:
    # The Pico SDK example program (pico-examples pio/ws2812/ws2812.pio), in asm_pio syntax.
    T1 = 2
    T2 = 5
    T3 = 3
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[T3 - 1]
    jmp(not_x, "do_zero").side(1)[T1 - 1]
    jmp("bitloop").side(1)[T2 - 1]
    label("do_zero")
    nop().side(0)[T2 - 1]
    wrap()


def test_assembler_matches_pioasm_output() -> None:
    # Opcodes published in the SDK's generated ws2812.pio.h.
    assert assemble(sdk_ws2812, 1).opcodes == [0x6221, 0x1123, 0x1400, 0xA442]


def waveform(colours: list[int]) -> list[tuple[int, int, int]]:
    """(level, start cycle, end cycle) runs on the data pin while ``colours`` are sent."""
    program = assemble(ws2812_pio.ws2812, SIDESET_PINS)
    words = deque(c << 8 for c in colours)  # colour in the top 24 bits, as hal.chain packs it
    start = State(transmit_fifo=words, output_shift_register=ShiftRegister(0, 32))  # OSR empty
    limit = 12 * 24 * len(colours) + 200
    runs: list[list[int]] = []
    for before, after in emulate(
        program.opcodes,
        stop_when=lambda _opcode, state: state.clock >= limit,
        initial_state=start,
        auto_pull=True,
        pull_threshold=ws2812_pio.BITS_PER_LED,
        shift_osr_right=False,
        side_set_base=0,
        side_set_count=SIDESET_PINS,
        wrap_target=program.wrap_target,
        wrap_top=program.wrap,
    ):
        level = after.pin_values & 1  # side-set holds for the instruction and its delay
        if runs and runs[-1][0] == level:
            runs[-1][2] = after.clock
        else:
            runs.append([level, before.clock, after.clock])
    return [(level, start_, end) for level, start_, end in runs]


def bits_of(colours: list[int]) -> list[int]:
    """The bits the strip should receive for 24-bit ``colours``, most significant first."""
    return [(c >> (23 - i)) & 1 for c in colours for i in range(24)]


def measure(colours: list[int]) -> tuple[list[int], dict[str, set[float]], set[float]]:
    """Decode the waveform: the bits seen, the high/low times per kind (ns), the bit periods."""
    runs = waveform(colours)
    highs = [i for i, run in enumerate(runs) if run[0] == 1]
    kinds: dict[str, set[float]] = {name: set() for name in LIMITS_NS}
    periods = set()
    seen = []
    widths = sorted({runs[i][2] - runs[i][1] for i in highs})
    assert len(widths) == 2, widths  # exactly two pulse widths: a 0 and a 1
    for n, i in enumerate(highs):
        high = runs[i][2] - runs[i][1]
        bit = 1 if high == widths[1] else 0
        seen.append(bit)
        kinds["T%dH" % bit].add(high * NS_PER_CYCLE)
        if n + 1 < len(highs):  # the last bit's low time runs into the latch
            low = runs[i + 1][2] - runs[i + 1][1]
            kinds["T%dL" % bit].add(low * NS_PER_CYCLE)
            periods.add((high + low) * NS_PER_CYCLE)
    assert runs[-1][0] == 0 and runs[-1][2] - runs[-1][1] > 100  # the line rests low afterwards
    return seen, kinds, periods


def test_waveform_carries_the_data() -> None:
    seen, _, _ = measure(COLOURS_GRB)
    assert seen == bits_of(COLOURS_GRB)


def test_bit_timings_within_ws2812b_datasheet() -> None:
    _, kinds, periods = measure(COLOURS_GRB)
    for name, (low, high) in LIMITS_NS.items():
        assert kinds[name], name
        for ns in kinds[name]:
            assert low <= ns <= high, (name, ns)
    for ns in periods:
        assert PERIOD_NS[0] <= ns <= PERIOD_NS[1], ns
    # Every bit takes the same time, so 242 LEDs take 242 * 24 bits on the wire.
    assert len(periods) == 1
    print({name: sorted(v) for name, v in kinds.items()}, sorted(periods))
