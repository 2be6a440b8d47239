"""Encoder and buttons on the rp2 port: nothing is lost while the CPU is busy or has interrupts off.

The encoder: a PIO state machine (``hal.encoder_pio``, on PIO1) pushes the contacts' levels
at every change, and a DMA channel copies each push into a 256-byte ring in RAM. Both run
without the CPU, so a flash write (interrupts off for 45 ms, up to 400) loses no edge.
``poll`` feeds the ring's new entries, in order, to the quadrature decoder
(``hal.samples.Turns``); should it ever fall further behind than the ring keeps (224 changes
read safely), the decoder is told
edges were missed and drops the detent in progress rather than guess. The two contacts must
be on consecutive pins (either order).

The buttons, the encoder's switch among them, are humans: a second state machine
(``hal.buttons_pio``, PIO0's state machine 1 beside the LEDs') samples their pins every
millisecond and a DMA channel writes the samples into a 512-byte ring, so ``poll`` knows when
each contact moved, to the millisecond, even after a flash write held the polls back, and
``hal.samples`` debounces them (``hal.debounce``): a press is reported as soon as its
release is certain. The encoder's contacts are sampled with them, so a poll held back by a save
knows when the encoder moved among the presses and reports the turn and the presses in the
order they came. So the encoder's two contacts, its switch and the three buttons must all lie
within 8 consecutive pins (the board's: 10 to 15; ``hal.samples.lowest_pin`` refuses
others with a ValueError at boot). All contacts pull to ground (internal pull-ups). If the
encoder counts the wrong way round, swap encoder_a and encoder_b in hardware/scripts/make_board.py and
regenerate board.json (hardware/BUILD.md).

A save reads both rings between its steps (``keep_up``, the hw's ``keep_up``) and holds their
events for the next poll, in order: each step may erase the flash (45 ms, up to 400), and a save
of a long match has several, which together would outlast the samples' ring.

While every button is up and settled the app need not poll (``wait``, ``hw.idle``): it sleeps until
an edge of any control (a hard pin IRQ), the LED supply's /FAULT, a serial command or a one-shot timer
at its next frame sets a flag it waits on. After a button's or /FAULT's edge it polls once more 4 ms
on (the sample that saw the edge may not be written yet) and goes on polling every 4 ms while a
button is in use. An edge of the encoder needs no such poll (a detent is in its own ring the moment
it happens), nor do the timer and a command: after them the app sleeps again at once, woken by the
next edge (a poll held 4 ms after every frame and every edge kept a detent waiting up to 4 ms more,
measured on the emulated chip). The flag they set is cleared as a poll begins, so one that comes
during a poll or a frame wakes the app again at once. An asyncio wake costs the chip about 0.3 ms:
polling every 4 ms kept the core 7 % busy for nothing.
"""

from asyncio import core  # type: ignore[attr-defined]  # (not in the stubs: the loop's I/O queue)
from io import IOBase
from time import ticks_ms

import rp2
import uctypes
from machine import Pin, Timer
from micropython import const

from hal.samples import RING, TURNS_RING, SampledButtons, Turns, lowest_pin
from shared.events import BACK, ENCODER, PLAYER_1, PLAYER_2

_ENCODER_SM = const(4)  # PIO1's state machine 0: PIO0 drives the LEDs
_PIO1_RXF0 = const(0x50300020)  # PIO1 RX FIFO 0 (RP2040 datasheet 3.7)
_DREQ_PIO1_RX0 = const(12)
_RING_BITS = const(8)  # TURNS_RING bytes, one per change
_TRANSFERS = const(0x3FFFFFFF)  # the ring's writes before the channel stops: 34 years of turning
_BUTTONS_SM = const(1)  # PIO0's state machine 1 (0 sends the LEDs' frames)
_PIO0_RXF1 = const(0x50200024)  # PIO0 RX FIFO 1
_DREQ_PIO0_RX1 = const(5)
_SAMPLE_RING_BITS = const(9)  # RING (512) bytes
_STORE = const(1024)  # both rings, each on a multiple of its size, fit in 1 KB
_POLL_MS = const(4)  # the app's poll while a control is in use (app.run)
_CONFIRM_MS = const(2)  # ... and after a contact read open at one sample only: its release is certain at two
EDGES = Pin.IRQ_FALLING | Pin.IRQ_RISING  # what wakes the app: any edge (hal.rp2_board: /FAULT too)


def readable(stream):
    """Await it: until ``stream`` can be read, as asyncio's ThreadSafeFlag and streams wait (their
    modules would take 1.5 KB of heap)."""
    yield core._io_queue.queue_read(stream)


class Inputs(IOBase):
    """The controls named in board.json "pins"; ``poll()`` -> list of input events. It is also the
    flag that wakes the app (``hw.idle``: ``wait``, ``set``), as asyncio's ThreadSafeFlag: readable
    to asyncio's poll once set."""

    transfers = _TRANSFERS  # the button sampler's writes before its DMA channel is renewed (halfway)

    def __init__(self, pins):
        # The PIO programs are assembled as their state machines start, their sources needed only
        # then: the boot forgets them (hal.rp2_board).
        from hal import buttons_pio

        a = pins["encoder_a"]
        b = pins["encoder_b"]
        numbers = (pins["encoder_switch"], pins["buttons"][PLAYER_1], pins["buttons"][PLAYER_2],
                   pins["buttons"][BACK])
        base = lowest_pin(a, b, numbers)
        low = min(a, b)  # the encoder's program reads it into bit 0
        levels = Pin(low, Pin.IN, Pin.PULL_UP).value() | Pin(low + 1, Pin.IN, Pin.PULL_UP).value() << 1
        # One store for both rings, each on a multiple of its size (for the DMA to wrap inside it):
        # the sample ring's start s is within 512 bytes, and the encoder's 256 fit before or after it.
        self.store = bytearray(_STORE)
        address = uctypes.addressof(self.store)
        samples = (address + RING - 1) & ~(RING - 1)
        start = samples - TURNS_RING if samples - address >= TURNS_RING else samples + RING
        self.turns = Turns(uctypes.bytearray_at(start, TURNS_RING), levels, low - base, a > b)
        self._start_encoder(low, start)
        for n in numbers:
            Pin(n, Pin.IN, Pin.PULL_UP)
        # The app sleeps while the controls are quiet (``wait``): any edge of a control wakes it, and
        # so does the timer at the next frame. A hard IRQ only sets a flag (nothing allocated).
        self.woken = 0  # an encoder's edge, the timer or a command since the last poll
        self.held = None  # events read during a save (``keep_up``), the next poll's first
        self.moved = 0  # a button's or /FAULT's edge since the last wait
        self.wake = self.set  # bound once for the encoder's IRQs and the timer
        self.on_edge = self.edge  # and for the buttons' (and /FAULT's: hal.rp2_board)
        self.timer = Timer(-1)  # a virtual timer (the rp2 port's only kind)
        self.buttons = SampledButtons((ENCODER, PLAYER_1, PLAYER_2, BACK), tuple(n - base for n in numbers))
        self.samples = samples
        self.sample_ring = uctypes.bytearray_at(samples, RING)
        program = rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT, autopush=True, push_thresh=buttons_pio.PINS,
                              fifo_join=rp2.PIO.JOIN_RX)(buttons_pio.button_levels)
        self.sampler = rp2.StateMachine(_BUTTONS_SM, program, freq=buttons_pio.FREQ, in_base=Pin(base))
        self.sample_dma = rp2.DMA()
        self._sample_buttons()
        # the IRQs last: a handler's store must not meet this instance's attributes still being added (their
        # table may grow, moved in the heap, under it)
        for n in (a, b):
            Pin(n).irq(self.wake, EDGES, hard=True)
        for n in numbers:
            Pin(n).irq(self.on_edge, EDGES, hard=True)

    def close(self):
        """Stop and close the controls' DMA channels, which write into this instance's ``store``: the board
        goes to the REPL (``hal.rp2_hw.to_repl``), or the boot failed after they started (``hal.rp2_board``).
        Before MicroPython 1.27 at the earliest neither a channel's close nor a soft reboot stopped it
        (micropython#18447): it went on writing into a heap the REPL reuses."""
        for dma in (self.dma, self.sample_dma):
            dma.active(0)
            dma.close()

    def set(self, _=None):
        """Wake the app now (from an encoder contact's hard IRQ, the timer, or a serial command: app.run)."""
        self.woken = 1

    def edge(self, _):
        """A button's or /FAULT's edge (a hard IRQ): wake the app, and poll again 4 ms on."""
        self.moved = 1

    def ioctl(self, request, flags):
        """asyncio's poll asks (3: MP_STREAM_POLL): readable once woken or moved."""
        if request == 3:
            return flags if self.woken or self.moved else 0
        return None

    def wait(self, ms):
        """``hw.idle.wait``: an awaitable that ends after ``ms``, or as soon as a control (or /FAULT)
        moves or ``set`` is called (at once if that happened since the last poll); after a button's
        edge, and while a button is down or settling, it is the 4 ms poll instead (a press is
        reported at its release, a long press while held: hal.debounce), 2 ms after a poll that read a
        contact open at its last sample only (the release is certain at the next sample)."""
        if ms <= _POLL_MS or not self.buttons.quiet or self.moved:
            # polled once more 4 ms on, when the sample of the edge is written (a sample a ms);
            # a sleep allocates nothing, as a wait for the flag would every 4 ms
            self.moved = 0
            return core.sleep_ms(_POLL_MS if self.buttons.quiet is not None else _CONFIRM_MS)
        self.timer.init(mode=Timer.ONE_SHOT, period=ms, callback=self.wake)
        return readable(self)

    def _start_encoder(self, base, start):
        from hal import encoder_pio

        self.dma = dma = rp2.DMA()
        dma.active(0)  # stopped first (``_sample_buttons`` says why)
        ctrl = dma.pack_ctrl(size=0, inc_read=False, inc_write=True, ring_size=_RING_BITS, ring_sel=True,
                             treq_sel=_DREQ_PIO1_RX0)
        dma.config(read=_PIO1_RXF0, write=start, count=_TRANSFERS, ctrl=ctrl, trigger=True)
        program = rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT)(encoder_pio.encoder_changes)
        self.sm = rp2.StateMachine(_ENCODER_SM, program, freq=encoder_pio.FREQ, in_base=Pin(base))
        self.sm.active(1)

    def _sample_buttons(self):
        """Start the button sampler, its DMA channel writing from the ring's start. The channel is
        stopped first (``active(0)`` aborts it): a trigger of a channel still running is ignored and a
        count written is only its next run's (RP2040 datasheet 2.5.2), and one may still run here, its
        count not yet out when renewed (``poll``) or left from before a soft reboot: ``DMA.close`` (and a
        soft reboot) aborted no channel before MicroPython 1.27 at the earliest (micropython#18447), only
        unclaimed it, and the next ``rp2.DMA()`` takes the same channel, still running."""
        dma = self.sample_dma
        dma.active(0)
        ctrl = dma.pack_ctrl(size=0, inc_read=False, inc_write=True, ring_size=_SAMPLE_RING_BITS, ring_sel=True,
                             treq_sel=_DREQ_PIO0_RX1)
        dma.config(read=_PIO0_RXF1, write=self.samples, count=self.transfers, ctrl=ctrl, trigger=True)
        self.remaining = self.transfers  # the channel's count at the last poll
        self.buttons.restart()
        self.sampler.active(1)

    def poll(self):
        """Input events since the last call, in the order they came (a turn before the presses
        that came after it; a poll on time: at most one turn, then the presses); ``()`` when
        nothing happened (a quiet poll, every 4 ms, allocates nothing: the hw contract in hal/__init__.py).
        It is ``hw.poll_events`` itself (a Python call less every poll)."""
        self.woken = 0  # first: a wake from here on polls again (what came before is in the rings read below)
        now_ms = ticks_ms()
        turns = self.turns
        # transfers done so far (the rp2 stubs lack the DMA's register attributes); the samples'
        # first, so that the encoder's ring holds every change the samples show
        remaining = self.sample_dma.count  # type: ignore[attr-defined]
        written = _TRANSFERS - self.dma.count  # type: ignore[attr-defined]
        turns.written = written
        events = self.buttons.poll(self.sample_ring, self.remaining - remaining, now_ms, self.held,
                                   turns if written != turns.read else None)  # None: the encoder did not move
        self.held = None
        self.remaining = remaining
        if remaining < self.transfers >> 1:  # a channel stops after its count (12 days): started again
            self.sampler.active(0)
            self._sample_buttons()
        return () if events is None else events

    def keep_up(self):
        """``hw.keep_up``: read the rings now and hold their events for the next ``poll`` (called
        between the steps of a save, each of which may erase the flash: 45 ms, up to 400, interrupts
        off; a save of a long match has several, more than the rings keep between two polls)."""
        woken = self.woken  # (a wake before the save stands: the poll clears it)
        self.held = self.poll() or None
        if woken or self.held:
            self.woken = 1  # the app polls and draws at once after the save
