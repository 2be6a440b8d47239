"""The inputs' DMA channels start afresh whatever state the channel was left in, as on every
MicroPython the firmware runs on (1.23 and later), not only the one CI's chip runs.

``hal.rp2_inputs`` under the unix-port ``micropython``, over the stand-ins of the chip's modules
(tests/micropython32/stubs), with ``rp2.DMA`` replaced by a model of an RP2040 channel as the rp2
port drives it: ``config`` writes the count as the next run's only and its trigger starts a
channel that is not running (a running one ignores it: RP2040 datasheet 2.5.2, "Triggering a
channel which is already running has no effect"); ``active(0)`` aborts it (``dma_channel_abort``);
``close`` only unclaims it, as it did before MicroPython 1.27 at the earliest (micropython#18447,
late 2025: the rp2 port's ``rp2_dma.c`` had ``dma_channel_unclaim`` alone, and a soft reboot
closes the channels through their finaliser); ``rp2.DMA()`` claims the lowest free channel
(``dma_claim_unused_channel``). Each case fails with a channel renewed by ``close`` and a new
``rp2.DMA()``, or configured without stopping it first.
"""

from __future__ import annotations

from micropython_env import FIRMWARE, ROOT, run_micropython

STUBS = ROOT / "tests" / "micropython32" / "stubs"

MODEL = """
import sys
sys.path[:] = [%r, %r, ".frozen"]  # (.frozen: the port's own asyncio)
import rp2

class Channel:
    def __init__(self):
        self.busy = False
        self.live = 0  # transfers left in this run
        self.reload = 0  # the count the next trigger starts with

CHANNELS = [Channel() for _ in range(12)]
CLAIMED = []

class DMA:
    def __init__(self):
        self.channel = min(n for n in range(12) if n not in CLAIMED)
        CLAIMED.append(self.channel)

    @property
    def count(self):
        return CHANNELS[self.channel].live

    def pack_ctrl(self, **fields):
        return 0

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        c = CHANNELS[self.channel]
        if count is not None:
            c.reload = count
        if trigger and not c.busy:
            c.busy = True
            c.live = c.reload

    def active(self, *on):
        c = CHANNELS[self.channel]
        if on and not on[0]:
            c.busy = False
            c.live = 0
        return c.busy

    def close(self):
        CLAIMED.remove(self.channel)

def run(channel, transfers):
    c = CHANNELS[channel]
    c.live -= transfers
    c.busy = c.live > 0

rp2.DMA = DMA
from hal.rp2_inputs import Inputs
TRANSFERS = Inputs.transfers  # the encoder channel's count too
PINS = {"encoder_a": 10, "encoder_b": 11, "encoder_switch": 12, "buttons": {"p1": 13, "p2": 14, "back": 15}}
""" % (str(STUBS), str(FIRMWARE))


def run_model(scenario: str) -> list[str]:
    """What the scenario printed, run after MODEL."""
    result = run_micropython(["-c", MODEL + scenario])
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout.split()


def test_the_button_samplers_channel_is_renewed_once_halfway_and_starts_its_count_again() -> None:
    printed = run_model("""
class Short(Inputs):
    transfers = 300
inputs = Short(PINS)
inputs.sample_ring[:] = b"\\xff" * len(inputs.sample_ring)  # every contact open
channel = inputs.sample_dma.channel
run(channel, 160)  # past half its count: the poll renews it
inputs.poll()
print(CHANNELS[channel].live, inputs.remaining)
run(channel, 10)
inputs.poll()  # 10 samples more: no renewal
print(CHANNELS[channel].live, inputs.remaining)
""")
    assert printed == ["300", "300", "290", "290"]


def test_channels_left_running_by_a_soft_reboot_start_afresh() -> None:
    printed = run_model("""
before = [DMA(), DMA()]  # the last boot's encoder and sampler channels, running, then closed at the soft reboot
for dma, left in zip(before, (TRANSFERS - 1000, 123456)):
    dma.config(count=left, trigger=True)
    dma.close()
inputs = Inputs(PINS)
print(inputs.dma.channel, inputs.dma.count == TRANSFERS, inputs.sample_dma.channel, inputs.sample_dma.count)
""")
    assert printed == ["0", "True", "1", str(0x3FFFFFFF)]


def test_a_boot_stopped_after_the_inputs_started_stops_their_channels() -> None:
    """A Ctrl-C (mpremote connecting) or a bad board.json while the boot builds the ``hw``, after the
    inputs' channels started: main.py has no ``hw`` for its ``to_repl``, so the boot stops them itself,
    or they would write on into the heap the REPL reuses."""
    printed = run_model("""
from hal import rp2_board

def interrupted(pins):  # the I2C scan for a display, as mpremote's Ctrl-C comes
    raise KeyboardInterrupt

rp2_board.find_display = interrupted
try:
    rp2_board.build({"pins": dict(PINS, i2c={})}, None)
except KeyboardInterrupt:
    print("stopped", [(n, CHANNELS[n].busy) for n in range(2)], CLAIMED)
""")
    assert printed == ["stopped", "[(0,", "False),", "(1,", "False)]", "[]"]
