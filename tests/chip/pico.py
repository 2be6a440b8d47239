"""An RP2040 running a MicroPython image on the ``rp2040py`` emulator, driven in emulated time.

``EmulatedPico`` loads a UF2 and flash contents, powers on, and runs the chip in this thread
(no asyncio, no emulator thread: nothing to starve) for an exact span of emulated time:
``run_for(ns)``, ``run_until(condition, limit_ns)``. Every figure is read off the emulated
clock (``now_ns``), never the wall clock. The host side: bytes to and from the USB CDC
console (``write`` / ``output``), pins driven from outside (``drive_low`` / ``release``, at
exact instants with ``at``), a pin watched by a listener (``watch``), a TCP port bridged to
the console so host tools can connect with ``socket://`` (``serve_socket``), a power cut and
a RUN-pin reset that keep the flash.

rp2040py 0.3.6 gets a few things wrong; they are lived with here, from outside, without
touching the firmware (``tests/chip/images/README.md`` and the project's notes on the
emulator):

1. USB OUT storm: its host answers every armed CDC OUT transfer at once, with zero bytes when
   it has nothing to send, so the guest re-arms forever and never sleeps. Here the read is
   held until the host has bytes, as a real host does (``_hold_empty_reads``).
2. PIO in one lump over idle jumps: while the CPU sleeps, the emulator jumps to the next alarm
   and a state machine gets one instruction for the whole jump (what it is owed beyond 8
   cycles is written off). A clock alarm at each instruction a state machine is due to run
   keeps it on time while one that drives a pin can run, and for ``INPUT_PACE_NS`` after
   each pin change driven here (so an input program sees it at once), and a slow state machine
   (1 MHz or less: the buttons' sampler, an instruction a millisecond) always, so no sample is
   written off; it stops once none can (``_pace``). A block "drives a pin" if any of its pin
   directions is an output (side-set pins do not show in a state machine's own out-pin
   directions).
3. SysTick keeps a clock alarm on every wrap even with its interrupt off: the alarm is kept
   only while TICKINT is set (``_gate_systick``).
4. Driving a pin to the level it already has latches an edge interrupt: only real level
   changes reach the pad (``_set_level``).
5. Thread starvation: not an issue here, the chip runs in the caller's thread and the socket
   bridge is served between batches.
6. After a watchdog reset the emulated watchdog keeps firing: a watchdog reset is recorded
   (``watchdog_resets``) and the chip restarted; tests treat one as a failure.
7. Flash erase and program time is not modelled (the flash changes at once). With
   ``flash_busy=True`` each sector erase stalls the core for ``erase_ns`` (``ERASE_NS`` unless
   a test sets it: up to 400 ms on that chip) and each page program for ``PROGRAM_NS`` (typical
   figures of the Pico's W25Q16JV), as MicroPython runs them: the core parked with interrupts
   off, while timers, DMA and PIO go on (``_watch_flash``); ``on_erase``, if set, is called as
   each erase begins (to drive pins inside it).
8. A reset leaves a DMA channel that was transferring busy, with its count: it goes on after
   the reset (into memory the new boot uses for something else) and ignores the new boot's
   trigger. Here a reset ends every transfer, as on the chip (``_restart``).
9. A power cut or a RUN-pin reset leaves the watchdog counting (its ``reset`` clears only the
   reset's cause and the scratch registers): about 8 s after the app last fed it, a watchdog
   reset hits whatever runs then (safe mode, the REPL, a new boot that has not fed it yet). On
   the chip those resets reset the watchdog block: here its CTRL goes back to its reset value,
   ENABLE off (``_restart``); the watchdog's own reset leaves it running, as the chip does.
"""

from __future__ import annotations

import select
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from rp2040py.device.bootrom import BOOTROM_B1
from rp2040py.device.load_flash import load_uf2
from rp2040py.execute_batch import execute_batch
from rp2040py.memory_map import FLASH_START_ADDRESS
from rp2040py.peripherals.vreg_and_chip_reset import HAD_POR, HAD_RUN
from rp2040py.rp2040 import RP2040
from rp2040py.simulator import Simulator
from rp2040py.usb.cdc import USBCDC
from rp2040py.utils.logging import ConsoleLogger, LogLevel

T = TypeVar("T")
MS = 1_000_000  # nanoseconds
PACE_NS = 50_000  # while pacing, the longest idle jump (a state machine waiting on a delay is due later)
INPUT_PACE_NS = 20_000  # how long input programs are paced after a pin change driven from outside
FEED_NS = 100_000  # while host bytes wait for room in the emulated USB host's FIFO, it is looked at this often
_NS_PER_CYCLE = 8.0  # 125 MHz
_NEVER_DUE = (1 << 62)
DMA_BUSY = 1 << 24  # CHn_CTRL_TRIG.BUSY
_WATCHDOG_CTRL = 0x00  # WATCHDOG CTRL's offset; its value at reset: the three PAUSE bits, ENABLE off
_WATCHDOG_CTRL_AT_RESET = 0x07000000
_SLOW_DIV_FP = 125 << 8  # a state machine clock of 1 MHz or less (its divider, in 1/256ths)
ERASE_NS = 45 * MS  # a 4 KB sector erase, typical (up to 400 ms)
PROGRAM_NS = 700_000  # a 256-byte page program, typical
_SECTOR_ERASE = 0x20
_PAGE_PROGRAM = 0x02
_SYST_CSR = 0x010
_TICKINT = 1 << 1
_PIO_BLOCKS = (0x50200, 0x50300)  # keys of PIO0 and PIO1 in the emulator's peripheral map


class EmulatedPico:
    """A Raspberry Pi Pico: ``uf2`` in flash, ``flash`` ({offset: bytes}) written over it."""

    def __init__(self, uf2: Path, flash: dict[int, bytes] | None = None, flash_busy: bool = True) -> None:
        mcu = RP2040()
        mcu.logger = ConsoleLogger(LogLevel.ERROR)
        self.simulator = Simulator(rp2040=mcu)
        self.mcu = mcu
        self.clock = mcu.clock
        mcu.load_bootrom(BOOTROM_B1)
        load_uf2(uf2, mcu)
        for offset, data in (flash or {}).items():
            mcu.flash[offset:offset + len(data)] = data
        self.cdc = USBCDC(mcu.usb_ctrl)
        self.output = bytearray()  # everything the guest printed on the USB console
        self.connected_at: list[float] = []  # emulated ns of each USB enumeration
        self.cdc.on_serial_data = self.output.extend
        self.cdc.on_device_connected = lambda: self.connected_at.append(self.clock.nanos)
        self.watchdog_resets = 0
        mcu.watchdog.on_watchdog_trigger = self._watchdog_reset
        self._held_read: int | None = None
        self._to_send = bytearray()
        self._feeder = self.clock.create_alarm(self._feed_console)
        self._hold_empty_reads()
        self._gate_systick()
        self._levels: dict[int, bool] = {}  # pins driven from outside: the level they are held at
        self._input_paced_until = -1.0
        self._pacer = self.clock.create_alarm(self._pace)
        self._pacing = False
        self._paced_at = 0.0
        self._pace_at = 0.0  # when the pacer's alarm fires
        self._wrap_pio_blocks()
        self._stop_alarm = self.clock.create_alarm(self._stop)
        self.flash_writes: list[tuple[float, str]] = []  # (emulated ns, "erase" / "program") as the flash saw them
        self.erase_ns = ERASE_NS
        self.on_erase: Callable[[], None] | None = None
        self._watch_flash(flash_busy)
        self._bridge: _SocketBridge | None = None

    # --- time ------------------------------------------------------------------------

    @property
    def now_ns(self) -> float:
        """Emulated nanoseconds since the emulator started (power cuts do not reset it)."""
        return self.clock.nanos

    def power_on(self) -> None:
        """Start the core at the flash's entry point (the bootrom's job on a real chip)."""
        self.mcu.core.pc = FLASH_START_ADDRESS

    def _stop(self) -> None:
        self.simulator.stopped = True

    def run_for(self, ns: float) -> None:
        """Run the chip for ``ns`` of emulated time, exactly."""
        target = self.clock.nanos + ns
        self._stop_alarm.schedule(ns)
        while self.clock.nanos < target:
            self.simulator.stopped = False
            execute_batch(self.simulator, 1)
            if self._bridge is not None:
                self._bridge.pump()
        self._stop_alarm.cancel()
        self.simulator.stopped = False

    def run_until(self, condition: Callable[[], bool], limit_ns: float, step_ns: float = 1 * MS) -> float:
        """Run until ``condition()`` holds, checked every ``step_ns``; the emulated ns it took.
        Raises TimeoutError after ``limit_ns``."""
        start = self.clock.nanos
        while not condition():
            if self.clock.nanos - start >= limit_ns:
                raise TimeoutError("not so after %.0f ms of emulated time" % (limit_ns / MS))
            self.run_for(step_ns)
        return self.clock.nanos - start

    def run_until_value(self, probe: Callable[[], T | None], limit_ns: float, step_ns: float = 1 * MS) -> T:
        """Run until ``probe()`` gives a value, not None, checked every ``step_ns``; that value (a reply, a frame).
        Raises TimeoutError after ``limit_ns``."""
        found: list[T] = []

        def given() -> bool:
            value = probe()
            if value is not None:
                found.append(value)
            return bool(found)

        self.run_until(given, limit_ns, step_ns)
        return found[0]

    def run_beside(self, process: subprocess.Popen, limit_s: float) -> None:
        """Run the chip until ``process`` (a host program talking to it through ``serve_socket``)
        ends, never far ahead of the wall clock: a chip idle at its REPL would otherwise race
        through emulated time while the program waits on timeouts of its own, in real time.
        Raises TimeoutError after ``limit_s`` seconds of wall time (a hang guard)."""
        end = time.monotonic() + limit_s
        while process.poll() is None:
            if time.monotonic() > end:
                raise TimeoutError("%s still running after %.0f s" % (process.args, limit_s))
            self.run_for(2 * MS)
            time.sleep(0.0005)  # at most 4 ms of emulated time a ms of wall time

    def at(self, delay_ns: float, action: Callable[[], None]) -> None:
        """Call ``action`` (e.g. a pin change) ``delay_ns`` of emulated time from now."""
        alarm = self.clock.create_alarm(action)
        alarm.schedule(delay_ns)

    # --- USB console -------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """True once the guest's USB CDC console has enumerated (since the last reset)."""
        return bool(self.connected_at) and self.cdc._initialized

    def write(self, data: bytes) -> None:
        """Bytes from the host to the guest's console (queued: the emulated host FIFO is small)."""
        self._to_send.extend(data)
        self._feed_console()

    def _feed_console(self) -> None:
        """Move what the host has queued into the emulated host's FIFO, as far as it fits; what
        does not fit is tried again every ``FEED_NS`` of emulated time (not between batches of the
        emulator, which end by the wall clock: the run would depend on the machine's load)."""
        fifo = self.cdc.tx_fifo
        pending = self._to_send
        if pending and self.connected:
            room = fifo.size - fifo.item_count
            for byte in pending[:room]:
                fifo.push(byte)
            del pending[:room]
        self._release_held_read()
        if pending:
            self._feeder.schedule(FEED_NS)

    def _hold_empty_reads(self) -> None:
        """Workaround 1: an armed CDC OUT transfer with nothing to send waits for data."""
        usb = self.mcu.usb_ctrl
        answer = usb.on_endpoint_read
        cdc = self.cdc

        def on_endpoint_read(endpoint: int, size: int) -> None:
            if endpoint == cdc._out_endpoint and endpoint > 0 and cdc.tx_fifo.item_count == 0:
                self._held_read = size
                return
            answer(endpoint, size)

        def on_reset() -> None:
            self._held_read = None
            cdc._on_controller_reset()

        self._answer_read = answer
        usb.on_endpoint_read = on_endpoint_read
        usb.on_reset = on_reset

    def _release_held_read(self) -> None:
        if self._held_read is not None and self.cdc.tx_fifo.item_count:
            size, self._held_read = self._held_read, None
            self._answer_read(self.cdc._out_endpoint, size)

    def serve_socket(self) -> int:
        """Bridge a TCP port on 127.0.0.1 to the console (one client at a time); its number."""
        self._bridge = _SocketBridge(self)
        return self._bridge.port

    def close(self) -> None:
        """Close the socket bridge, if any."""
        if self._bridge is not None:
            self._bridge.close()
            self._bridge = None

    # --- pins --------------------------------------------------------------------------

    def drive_low(self, pin: int) -> None:
        """Hold ``pin`` at ground from outside (a closed contact to GND)."""
        self._set_level(pin, False)

    def release(self, pin: int) -> None:
        """Let go of ``pin``: it reads what its pull resistor gives (high with the pull-up)."""
        self._set_level(pin, True)

    def _set_level(self, pin: int, high: bool) -> None:
        """Workaround 4: only a real level change reaches the pad."""
        was = self._levels.get(pin, True)
        self._levels[pin] = high
        if was == high:
            return
        gpio = self.mcu.gpio[pin]
        if high:
            gpio.release_input()
        else:
            gpio.set_input_value(False)
        self._input_paced_until = self.clock.nanos + INPUT_PACE_NS
        self._start_pacing()

    def watch(self, pin: int, listener: Callable[[bool, float], None]) -> None:
        """Call ``listener(level, now_ns)`` at each change of ``pin``'s level."""
        from rp2040py.gpio_pin import GPIOPinState

        def on_change(new: GPIOPinState, old: GPIOPinState) -> None:
            listener(new == GPIOPinState.HIGH, self.clock.nanos)

        self.mcu.gpio[pin].add_listener(on_change)

    # --- workarounds 2 and 3 ---------------------------------------------------------------

    def _next_step_ns(self, behind_ns: float) -> float | None:
        """Emulated ns from now to the idle jump's end at which the next instruction of a state
        machine that must be paced (one in a block that drives pins, or any shortly after a pin
        change driven from outside) runs; None if none can run. An alarm fires inside a jump,
        before the jump's whole cycles are handed to the PIO blocks: ``behind_ns`` since the last
        pace, at most that jump. Guessing the jump too long (another alarm ended one meanwhile)
        lands early, and a pace then looks again a cycle later; too short (the CPU busy, the alarm
        inside an instruction of more cycles) late by that instruction's extra cycles at most."""
        credit = int(behind_ns / _NS_PER_CYCLE) or 1  # as the emulator counts a jump's cycles
        inputs = self.clock.nanos < self._input_paced_until
        soonest = _NEVER_DUE
        for pio in self.mcu.pio:
            due = _NEVER_DUE
            if inputs or pio.pin_directions:
                due = pio.next_due_fp
            else:  # a slow machine (a sampler) is paced always: an instruction a millisecond costs nothing
                for machine in pio.machines:
                    if machine.enabled and not machine.waiting and machine.div_fp >= _SLOW_DIV_FP \
                            and machine.next_due_fp < due:
                        due = machine.next_due_fp
            if due != _NEVER_DUE:
                cycles = (due - pio.cycle_fp + 255) // 256 - credit  # whole cycles the next jump must hand over
                if cycles < soonest:
                    soonest = cycles
        if soonest == _NEVER_DUE:
            return None
        return (soonest if soonest > 1 else 1) * _NS_PER_CYCLE + 0.5  # the half ns: the jump's cycles are truncated

    def _start_pacing(self) -> None:
        """A state machine may have become due sooner (a write to its block, a pin driven from
        outside): pace now. How far the blocks are behind is not known here (an alarm inside an
        idle jump may be the caller): the first pace looks again a cycle later."""
        if self._pacing:
            step = self._next_step_ns(self.clock.nanos - self._paced_at)
            if step is None or self.clock.nanos + step >= self._pace_at:
                return
        else:
            self._paced_at = -float(_NEVER_DUE)
        self._pace()

    def _pace(self) -> None:
        """Workaround 2: an alarm at the end of each idle jump in which a paced state machine is
        due to run, so no jump carries it past one (the emulator writes a machine's lateness
        beyond 8 cycles off, and the waveform stretches)."""
        now = self.clock.nanos
        step = self._next_step_ns(now - self._paced_at)
        self._paced_at = now
        self._pacing = step is not None
        if step is not None:
            step = min(step, PACE_NS)
            self._pace_at = now + step
            self._pacer.schedule(step)

    def _wrap_pio_blocks(self) -> None:
        """Workaround 2: every bus write to a PIO block (the CPU's, or the DMA feeding a FIFO)
        may let a state machine run: start pacing then."""
        for key in _PIO_BLOCKS:
            self.mcu.peripherals[key] = _Watched(self.mcu.peripherals[key], self._start_pacing)

    def _gate_systick(self) -> None:
        """Workaround 3: SysTick's wrap alarm only while its interrupt is enabled."""
        ppb = self.mcu.ppb
        write = ppb.write_uint32

        def write_uint32(offset: int, value: int) -> None:
            write(offset, value)
            if offset == _SYST_CSR:
                ppb.systick_alarm.enable = bool(value & _TICKINT)

        ppb.write_uint32 = write_uint32
        ppb.systick_alarm.enable = False

    def _watch_flash(self, busy: bool) -> None:
        """Record erases and programs; with ``busy``, workaround 7: stall the core meanwhile."""
        ssi = self.mcu.ssi
        apply = ssi._apply_command

        def apply_command() -> None:
            opcode = ssi._tx_buffer[0] if ssi._tx_buffer else None
            enabled = ssi._write_enabled
            apply()
            if enabled and opcode in (_SECTOR_ERASE, _PAGE_PROGRAM):
                erase = opcode == _SECTOR_ERASE
                self.flash_writes.append((self.clock.nanos, "erase" if erase else "program"))
                if erase and self.on_erase is not None:
                    self.on_erase()
                if busy:
                    self._stall(self.erase_ns if erase else PROGRAM_NS)

        ssi._apply_command = apply_command

    def _stall(self, ns: float) -> None:
        """Let ``ns`` of emulated time pass with the core parked (it runs no instruction and
        takes no interrupt); alarms fire, DMA and PIO run, paced as in ``run_for``."""
        clock = self.clock
        end = clock.nanos + ns
        while clock.nanos < end:
            step = end - clock.nanos
            if clock.has_scheduled_alarm:  # the pacer's among them
                step = min(step, max(clock.nanos_to_next_alarm, 1.0))
            clock.tick(step)
            cycles = max(1, int(step / _NS_PER_CYCLE))
            for pio in self.mcu.pio:
                if not pio.stopped:
                    pio.advance(cycles)

    # --- resets -------------------------------------------------------------------------

    def _restart(self, cause: int | None) -> None:
        self.mcu.enter_reset(from_watchdog=cause is None)
        for channel in self.mcu.dma.channels:  # workaround 8: a reset ends every DMA transfer
            channel.transfer_alarm.cancel()
            channel._ctrl &= ~DMA_BUSY
            channel._trans_count = 0
        if cause is not None:
            self.mcu.watchdog.reset()
            self.mcu.watchdog.write_uint32(_WATCHDOG_CTRL, _WATCHDOG_CTRL_AT_RESET)  # workaround 9
            self.mcu.vreg_and_chip_reset.record_reset_cause(cause)
        self._held_read = None
        self._to_send.clear()
        self._feeder.cancel()
        self.mcu.leave_reset()
        levels = self._levels
        self._levels = {}
        for pin, high in levels.items():  # the pads are reset: what is held from outside stays
            if not high:
                self.mcu.gpio[pin].set_input_value(False)
            self._levels[pin] = high

    def power_cut(self) -> None:
        """The power goes off and comes back: RAM and registers are lost, the flash is kept."""
        self._restart(HAD_POR)

    def hard_reset(self) -> None:
        """The RUN pin pulled low and released (a reset button): as a power cut, for the chip."""
        self._restart(HAD_RUN)

    def _watchdog_reset(self) -> None:
        self.watchdog_resets += 1
        self._restart(None)


class _Watched:
    """A peripheral with a hook called after every write to it."""

    def __init__(self, peripheral: object, after_write: Callable[[], None]) -> None:
        self._peripheral = peripheral
        self._after_write = after_write

    def write_uint32_atomic(self, offset: int, value: int, atomic_type: int) -> None:
        self._peripheral.write_uint32_atomic(offset, value, atomic_type)  # type: ignore[attr-defined]
        self._after_write()

    def write_uint32(self, offset: int, value: int) -> None:
        self._peripheral.write_uint32(offset, value)  # type: ignore[attr-defined]
        self._after_write()

    def __getattr__(self, name: str) -> object:
        return getattr(self._peripheral, name)


class _SocketBridge:
    """A listening TCP socket whose client talks to the guest's console, served between batches."""

    def __init__(self, pico: EmulatedPico) -> None:
        self.pico = pico
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.client: socket.socket | None = None
        self.sent = len(pico.output)

    def pump(self) -> None:
        """Accept a client, pass its bytes to the guest and the guest's output to it."""
        if self.client is None:
            if select.select([self.listener], [], [], 0)[0]:
                self.client, _ = self.listener.accept()
                self.client.setblocking(False)
                self.sent = len(self.pico.output)  # a new client sees only what comes after
            return
        try:
            if select.select([self.client], [], [], 0)[0]:
                data = self.client.recv(4096)
                if not data:
                    raise ConnectionResetError
                self.pico.write(data)
            output = self.pico.output
            if len(output) > self.sent:
                self.client.sendall(bytes(output[self.sent:]))
                self.sent = len(output)
        except OSError:
            self.client.close()
            self.client = None

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        self.listener.close()
