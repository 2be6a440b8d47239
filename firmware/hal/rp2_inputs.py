"""Encoder and buttons on the rp2 port: nothing is lost while the CPU is busy or has interrupts off.

The encoder: a PIO state machine (``hal.encoder_pio``, on PIO1) pushes the contacts' levels
at every change, and a DMA channel copies each push into a 256-byte ring in RAM. Both run
without the CPU, so a flash write (interrupts off for 45 ms, up to 400) loses no edge.
``poll`` feeds the ring's new entries, in order, to the quadrature decoder; should it ever fall
a whole ring behind, the decoder is told edges were missed and drops the detent in progress
rather than guess. The two contacts must be on consecutive pins (either order).

The buttons, the encoder's switch among them, are humans: a pin IRQ stamps the first edge of
each contact after a poll (a word written, no allocation), and ``poll`` hands each button
its level, that stamp and the time to ``hal.debounce``, which reports a press as soon as its
release is certain. All contacts pull to ground (internal pull-ups). If the encoder counts
the wrong way round, swap encoder_a and encoder_b in board.json.
"""

from array import array
from time import ticks_ms

import machine
import rp2
import uctypes
from machine import Pin
from micropython import const

from hal import encoder_pio
from hal.acceleration import Acceleration
from hal.debounce import Button
from hal.quadrature import Quadrature
from shared.events import BACK, ENCODER, PLAYER_1, PLAYER_2, TURN

_ENCODER_SM = const(4)  # PIO1's state machine 0: PIO0 drives the LEDs
_PIO1_RXF0 = const(0x50300020)  # PIO1 RX FIFO 0 (RP2040 datasheet 3.7)
_DREQ_PIO1_RX0 = const(12)
_RING_BITS = const(8)
_RING = const(256)  # bytes, one per change: 64 detents of bounce-free turning
_TRANSFERS = const(0x3FFFFFFF)  # the ring's writes before the channel stops: 34 years of turning
_NO_EDGE = const(-1)
_BUTTONS = const(4)  # the encoder's switch, p1, p2, back
_ANY = const(4)  # first_edge[_ANY] is 1 once any button moved since the last poll
_BOTH_EDGES = Pin.IRQ_RISING | Pin.IRQ_FALLING

PROGRAM = rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT)(encoder_pio.encoder_changes)


class Inputs:
    """The controls named in board.json "pins"; ``poll(now_ms)`` -> list of input events."""

    def __init__(self, pins):
        a = pins["encoder_a"]
        b = pins["encoder_b"]
        if abs(a - b) != 1:
            raise ValueError("encoder_a and encoder_b must be consecutive pins, not %d and %d" % (a, b))
        self.a = Pin(a, Pin.IN, Pin.PULL_UP)
        self.b = Pin(b, Pin.IN, Pin.PULL_UP)
        self.a_high = a > b  # the program reads the lower pin into bit 0
        self.decoder = Quadrature(self.contacts())
        self.acceleration = Acceleration()
        self._start_encoder(min(a, b))
        names = (ENCODER, PLAYER_1, PLAYER_2, BACK)  # _BUTTONS of them
        numbers = (pins["encoder_switch"], pins["buttons"][PLAYER_1], pins["buttons"][PLAYER_2],
                   pins["buttons"][BACK])
        self.names = names
        self.pins = tuple(Pin(n, Pin.IN, Pin.PULL_UP) for n in numbers)
        self.debounced = tuple(Button() for _ in names)
        self.first_edge = array("i", [_NO_EDGE] * _BUTTONS + [0])  # written by the IRQ; the last: _ANY
        self.taken = array("i", [_NO_EDGE] * _BUTTONS)
        self.quiet = False  # every button up and settled at the last poll
        edge = self.button_edge  # bound once: the IRQ must not allocate a bound method per call
        for pin in self.pins:
            pin.irq(handler=edge, trigger=_BOTH_EDGES, hard=True)

    def _start_encoder(self, base):
        # The ring must sit on a multiple of its size for the DMA to wrap inside it.
        self.ring_store = bytearray(2 * _RING)
        start = (uctypes.addressof(self.ring_store) + _RING - 1) & ~(_RING - 1)
        self.ring = uctypes.bytearray_at(start, _RING)
        self.dma = rp2.DMA()
        ctrl = self.dma.pack_ctrl(size=0, inc_read=False, inc_write=True, ring_size=_RING_BITS, ring_sel=True,
                                  treq_sel=_DREQ_PIO1_RX0)
        self.dma.config(read=_PIO1_RXF0, write=start, count=_TRANSFERS, ctrl=ctrl, trigger=True)
        self.read = 0  # ring entries decoded so far
        self.sm = rp2.StateMachine(_ENCODER_SM, PROGRAM, freq=encoder_pio.FREQ, in_base=Pin(base))
        self.sm.active(1)

    def contacts(self):
        """Both encoder contacts as ``A << 1 | B`` (1 = open)."""
        return self.a.value() << 1 | self.b.value()

    def button_edge(self, pin):
        """Hard IRQ handler of every button: stamp the first edge since the last poll, nothing else."""
        pins = self.pins
        for k in range(len(pins)):
            if pins[k] is pin:
                if self.first_edge[k] == _NO_EDGE:
                    self.first_edge[k] = ticks_ms()  # type: ignore[call-overload]  # ticks are ints
                    self.first_edge[_ANY] = 1
                return

    def _decode_ring(self, written):
        read = self.read
        if written - read > _RING:  # overrun: the oldest entries were written over
            self.decoder.feed(self.contacts(), 0, True)
        else:
            ring = self.ring
            a_high = self.a_high
            decoder = self.decoder
            while read < written:
                v = ring[read & (_RING - 1)]
                decoder.feed(v if a_high else (v & 1) << 1 | v >> 1)
                read += 1
        self.read = written

    def poll(self, now_ms):
        """Input events since the last call: at most one turn, then button presses; ``()`` when
        nothing happened (a quiet poll, every 4 ms, allocates nothing: the hw contract in hal/__init__.py)."""
        events = None  # a list only once something happened
        # transfers done so far (the rp2 stubs lack the DMA's register attributes)
        written = _TRANSFERS - self.dma.count  # type: ignore[attr-defined]
        if written != self.read:
            self._decode_ring(written)
            detents = self.decoder.take()
            if detents:
                events = [(TURN, self.acceleration.scale(detents, now_ms))]
        first_edge = self.first_edge
        debounced = self.debounced
        if self.quiet and not first_edge[_ANY]:
            # Every button up and settled, none moved since: what update() would do. A poll
            # runs every 4 ms, and four updates would take the chip half a millisecond.
            for button in debounced:
                button.last_ms = now_ms
            return () if events is None else events
        taken = self.taken
        state = machine.disable_irq()
        for k in range(_BUTTONS):
            taken[k] = first_edge[k]
            first_edge[k] = _NO_EDGE
        first_edge[_ANY] = 0
        machine.enable_irq(state)
        quiet = True
        for k in range(_BUTTONS):
            edge = taken[k]
            button = debounced[k]
            kind = button.update(not self.pins[k].value(), None if edge == _NO_EDGE else edge, now_ms)
            if kind is not None:
                if events is None:
                    events = []
                events.append((kind, self.names[k]))
            quiet = quiet and button.idle()
        self.quiet = quiet
        return () if events is None else events
