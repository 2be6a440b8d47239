"""WS2812B strip driver for the rp2 port: PIO makes the waveform, DMA feeds the PIO FIFO.

``show(frame)`` packs the app's logical RGB frame into wire-order words (``hal.chain``)
and starts a DMA transfer into the state machine's TX FIFO; it returns at once, and the
7.3 ms it takes 242 LEDs to go out on the wire happen without the CPU, with interrupts on.
A frame still going out when the next one is shown (one drawn at once after an input) is
cut short: the LEDs it had not reached keep what they showed, the latch follows, and the
new frame goes out at once instead of up to 7.6 ms later.

A frame the same as the one on the wire is not sent again (the packing tells, as it writes the
words over the last frame's): a picture drawn again unchanged (a blink's other phase may not change
it) leaves the DMA and the PIO idle. It still goes out once a second (the app draws a still picture
once a second: app.render), and at once when marked: ``leds.bytes[0] = 1`` (by the
driver itself after a frame cut short, by the LED supply switch after its settling and its
faults: hal.led_power), so LEDs that lost their colours (a glitch on the data line, a dip in their
supply) come right again. Byte 0 of a word never goes out (the PIO sends its top 24 bits) and the
packing writes it 0, so the mark reads as a change, even while the DMA reads the words: a flag
that costs no heap (the chip's heap is short: docs/CHIP_FIGURES.md), as an attribute or a method would.
Gamma and the current cap are applied by the app before ``show``. (``rp2.DMA`` is in every MicroPython
this firmware runs on: 1.23 and later.)
"""

from array import array
from time import sleep_us, ticks_add, ticks_diff, ticks_us

import rp2
import uctypes
from machine import Pin
from micropython import const

from hal.chain import Chain

_PIO0_TXF0 = const(0x50200010)  # PIO0 TX FIFO 0; FIFO n is 4 bytes further (RP2040 datasheet 3.7)
_DREQ_PIO0_TX0 = const(0)  # DMA request line of PIO0 TX FIFO 0; +n for state machine n
_US_PER_LED = const(30)  # 24 bits of 1.25 us
_LATCH_US = const(300)  # newer WS2812B need > 280 us low to latch (older ones 50 us)
# an unchanged frame goes out again after this long: less than the second after which the app draws a
# still picture again (app.render), or a redraw that comes a moment short of it is skipped and the
# LEDs wait two seconds (the chip soak saw 1.6 s without a frame)
_REFRESH_US = const(900000)


class Leds:
    """The LED chain on ``pin``, driven by PIO0 state machine ``sm_id`` (0-3)."""

    def __init__(self, pin, chain, colour_order="GRB", sm_id=0):
        self.chain = Chain(chain, colour_order)
        # One word buffer, filled bytewise through a bytearray aliasing the same memory. Frames
        # are 33 ms apart and leave the wire in 7.5 ms, so a second buffer (to pack while the
        # DMA still reads) would save the rare few ms after an input, for 1 KB of heap.
        count = self.chain.count
        self.words = array("I", bytes(4 * count))
        self.bytes = uctypes.bytearray_at(uctypes.addressof(self.words), 4 * count)
        self.frame_us = count * _US_PER_LED + _LATCH_US  # on the wire, latch included
        self.started_us = ticks_us()
        self.bytes[0] = 1  # marked: the first frame goes out, dark or not
        # The PIO program is assembled as the state machine starts, its source needed only then: the
        # boot forgets it (hal.rp2_board).
        from hal import ws2812_pio

        program = rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True,
                              pull_thresh=ws2812_pio.BITS_PER_LED)(ws2812_pio.ws2812)
        self.sm = rp2.StateMachine(sm_id, program, freq=ws2812_pio.FREQ, sideset_base=Pin(pin))
        self.sm.active(1)
        self.dma = rp2.DMA()
        self.ctrl = self.dma.pack_ctrl(size=2, inc_write=False, treq_sel=_DREQ_PIO0_TX0 + sm_id)
        self.fifo = _PIO0_TXF0 + 4 * sm_id

    def cut(self):
        """End the frame going out, if any: stop the DMA, let the words in the FIFO and the one
        being shifted go, then the latch. The LEDs the frame had not reached keep the frame
        before: the next one goes out."""
        if ticks_diff(ticks_us(), self.started_us) >= self.frame_us:
            return
        self.dma.active(0)
        while self.sm.tx_fifo():
            pass  # at most a few words: 30 us each
        sleep_us(_US_PER_LED + _LATCH_US)
        self.started_us = ticks_add(ticks_us(), -self.frame_us)  # the wire is free
        self.bytes[0] = 1  # marked

    def show(self, frame):
        """Send a logical RGB frame (3 bytes an LED, gamma and cap already applied), unless it is
        the one on the LEDs, sent less than a second ago and not marked."""
        words = self.words
        self.cut()  # the DMA must not read the buffer being packed
        if not self.chain.pack(frame, self.bytes) and ticks_diff(ticks_us(), self.started_us) < _REFRESH_US:
            return
        self.started_us = ticks_us()
        self.dma.config(read=words, write=self.fifo, count=len(words), ctrl=self.ctrl, trigger=True)
