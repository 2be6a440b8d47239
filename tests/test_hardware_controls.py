"""The controls' RC filters (hardware/scripts/control_filters.py) keep within what the firmware's sampling needs, and
BUILD.md's stage 4 states the figures they give (the circuit's wiring of them: test_hardware_schematic.py)."""

from __future__ import annotations

from types import ModuleType

import pytest
from hardware_scripts import HARDWARE, load_script

from hal import buttons_pio, debounce, encoder_pio

BUILD = " ".join((HARDWARE / "BUILD.md").read_text().split())
QUARTER_STEP_MS = 1.0  # the encoder turned fast: a few ms a detent, a quarter step about a millisecond
TAP_MS = 25  # the shortest press the firmware counts whatever its timing (hal.debounce; the chip figures)


@pytest.fixture(scope="module")
def filters() -> ModuleType:
    """hardware/scripts/control_filters.py."""
    return load_script("control_filters")


def switches(filters: ModuleType) -> list:
    """The encoder's switch's and the buttons' filters (the RP2040's own pull-up alone)."""
    return [f for f in filters.FILTERS.values() if f.pull_up is None]


def encoder(filters: ModuleType) -> list:
    """A's and B's (Bourns': an external pull-up as well)."""
    return [f for f in filters.FILTERS.values() if f.pull_up is not None]


def test_every_control_has_a_filter_and_the_encoder_keeps_bourns(filters: ModuleType) -> None:
    assert set(filters.FILTERS) == {"encoder_a", "encoder_b", "encoder_switch", "p1", "p2", "back"}
    assert len(switches(filters)) == 4
    for f in encoder(filters):
        assert (f.pull_up_ohms, f.series_ohms, f.nanofarads) == (10_000, 10_000, 10)  # the PEC11R datasheet's
    refs = [r for f in filters.FILTERS.values() for r in (f.series, f.capacitor, f.pull_up) if r]
    assert len(refs) == len(set(refs))


def test_a_held_contact_reads_low_with_margin(filters: ModuleType) -> None:
    """Closed, the pin sits at the series resistor's share against the RP2040's pull-up: under VIL (0.8 V) by
    at least the Schmitt trigger's 0.2 V hysteresis (RP2040 datasheet), at the pull-up's lowest."""
    for f in filters.FILTERS.values():
        assert filters.spans(f)["closed"][1] <= filters.VIL - 0.2, f.series


def test_the_buttons_edges_fit_the_millisecond_samples(filters: ModuleType) -> None:
    """The buttons and the encoder's switch are sampled every SAMPLE_MS; a release is certain at two samples.
    The filter may shift an edge by less than a sample: a press reads low within microseconds, a release
    high within a sample even were the pin to read high only at 90 % of IOVDD; so a TAP_MS tap stays above
    the debouncer's glitch limit and under a sample longer than it is."""
    assert buttons_pio.SAMPLE_MS == 1
    for f in switches(filters):
        figures = filters.spans(f)
        assert figures["closing"][1] < 0.05 * buttons_pio.SAMPLE_MS
        assert figures["opening"][1] < buttons_pio.SAMPLE_MS
        assert filters.spans(f, 0.9 * filters.IOVDD)["opening"][1] < 2 * buttons_pio.SAMPLE_MS
        assert TAP_MS - figures["closing"][1] > debounce.TAP_MS
    # the safe-mode check waits 20 ms after turning the switch's pull-up on: five time constants fit
    assert 5 * filters.spans(filters.FILTERS["encoder_switch"])["tau_opening"][1] < 20


def test_the_encoders_edges_keep_their_order(filters: ModuleType) -> None:
    """A and B are sampled every 2.5 us; each edge arrives late by at most a fifth of a fast quarter step, and
    the two edges' lateness differ by less than a tenth of one: the Gray code's states come in order."""
    assert 5 / encoder_pio.FREQ * 1e6 == 2.5  # a loop of the PIO program: 5 cycles
    for f in encoder(filters):
        figures = filters.spans(f)
        late = [*figures["closing"], *figures["opening"]]
        assert max(late) < 0.2 * QUARTER_STEP_MS
        assert max(late) - min(late) < 0.1 * QUARTER_STEP_MS


def span(figure: tuple[float, float], digits: int = 2) -> str:
    """(0.456, 0.735) -> "0.46 to 0.74"."""
    return f"{figure[0]:.{digits}f} to {figure[1]:.{digits}f}"


def test_build_md_gives_the_filters_figures(filters: ModuleType) -> None:
    """Stage 4's time constants, delays and held levels are control_filters.py's, for the RP2040's pull-up's
    range; its values and references are the module's."""
    for group in (switches(filters), encoder(filters)):
        assert len({(f.series_ohms, f.nanofarads, f.pull_up_ohms) for f in group}) == 1
    button, knob = filters.spans(switches(filters)[0]), filters.spans(encoder(filters)[0])
    assert f"time constant of {round(button['tau_closing'][1] * 1000)} us (read low about " \
           f"{round(button['closing'][1] * 1000)} us later)" in BUILD
    assert f"A's and B's of {span(knob['tau_closing'])} ms (read low {span(knob['closing'])} ms later)" in BUILD
    assert f"{filters.PICO_PULL_UP_OHMS[0] // 1000} to {filters.PICO_PULL_UP_OHMS[1] // 1000} kohm" in BUILD
    assert f"of {span(button['tau_opening'])} ms (read high, at {filters.VIH:.1f} V, " \
           f"{span(button['opening'])} ms later)" in BUILD
    assert f"of {span(knob['tau_opening'])} ms (read high {span(knob['opening'])} ms later)" in BUILD
    late = (min(knob["opening"][0], knob["closing"][0]), max(knob["opening"][1], knob["closing"][1]))
    assert f"each arrives {span(late)} ms late" in BUILD
    # a state lasts a quarter step, less how much later the edge that begins it arrives than the one ending it
    assert f"still {QUARTER_STEP_MS - (late[1] - late[0]):.1f} ms or more long" in BUILD
    assert f"Held, a pin reads {span(button['closed'])} V (the switch, the buttons) or " \
           f"{span(knob['closed'])} V" in BUILD and f"under the {filters.VIL} V below which" in BUILD
    a, b = encoder(filters)
    assert f"{a.series} and {b.series} ({filters.ohms(a.series_ohms, ' k')}) in series, {a.capacitor} and " \
           f"{b.capacitor}, and {a.pull_up} and {b.pull_up} ({filters.ohms(a.pull_up_ohms, ' k')})" in BUILD
    names = {"encoder_switch": "the encoder's switch"}
    each = [f"{f.series} ({names.get(name, name)})" for name, f in filters.FILTERS.items() if f.pull_up is None]
    sw = switches(filters)
    assert f"{', '.join(each[:-1])} and {each[-1]}, {filters.ohms(sw[0].series_ohms, ' k')} each, and " \
           f"{sw[0].capacitor} to {sw[-1].capacitor} in the same order" in BUILD
    assert f"a {sw[0].nanofarads} nF capacitor from the pin" in BUILD


def test_the_filters_board_sits_by_the_picos_control_pins() -> None:
    """board.json places the filters' perfboard at the Pico's end away from USB (its pins 14 to 20, GP10-GP15,
    are there, on the edge nearest the board's left edge: drill_back_panel.bootsel_hole's note), within a few mm."""
    board = load_script("make_board").board()
    parts = board["build"]["parts"]
    pico, rc = parts["pico"], parts["controls_filter"]
    assert rc[3] <= pico[1] and pico[1] - rc[3] <= 5  # just above the Pico's far end (its USB end is y1)
    assert rc[0] <= pico[0] + 2  # over the edge with pins 1 to 20
    size = f"{rc[2] - rc[0]} x {rc[3] - rc[1]} mm"
    assert f"(PB1, about {size})" in BUILD, "BUILD.md's stage 4 gives another size for the filters' perfboard"
    assert f", about {size}) on the back panel" in (HARDWARE / "bom.csv").read_text()
    pins = board["pins"]
    assert {pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"], *pins["buttons"].values()} == set(
        range(10, 16)), "the controls moved off pins 14 to 20: place the filters' board again"
