"""An SSD1306 OLED on the emulated chip's I2C bus, as hardware/board.json wires one (I2C0, 0x3C).

The emulator's I2C block has nothing on its bus and no bus time: every transfer is over at once.
This device acknowledges its own address only: on the block, and on the pins too, where the rp2
port's ``I2C.scan`` clocks its probes (zero-length writes, which the block cannot make) by hand. It
takes each of the block's bytes and takes each byte at the bus's pace, 9 clock
periods (8 bits and the acknowledge) at the rate the firmware set in the block's clock counts, so
a write holds the firmware as long as it would on a board. It keeps what the firmware sent: each
write with its bytes and emulated start and end, and the display's RAM (128 columns by 8 pages of
8 pixels), filled as the SSD1306 fills it in horizontal addressing mode (the column and page
windows of commands 0x21 and 0x22)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pico import EmulatedPico
from rp2040py.gpio_pin import GPIOPinState

ADDRESS = 0x3C
COLUMNS = 128
PAGES = 8
# commands that take one byte after them (the rest of the driver's take none, or two: 0x21, 0x22)
_ONE_ARGUMENT = {0x20, 0x81, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB}
_SYS_NS = 8  # clk_sys at 125 MHz, which clocks the I2C block


class DisplayRam:
    """What an SSD1306 shows, from the writes it takes (each a control byte, then commands or data)."""

    def __init__(self) -> None:
        self.pixels = bytearray(COLUMNS * PAGES)
        self.on = False
        self._columns = (0, COLUMNS - 1)
        self._pages = (0, PAGES - 1)
        self._cursor = (0, 0)  # (page, column) the next data byte goes to

    def take(self, data: bytes) -> None:
        """A whole write: a command stream (control byte 0x00) or display data (0x40)."""
        if data[0] == 0x40:
            for byte in data[1:]:
                self._store(byte)
            return
        commands = iter(data[1:])
        for command in commands:
            if command in (0x21, 0x22):
                window = (next(commands), next(commands))
                if command == 0x21:
                    self._columns = window
                else:
                    self._pages = window
                self._cursor = (self._pages[0], self._columns[0])
            elif command in _ONE_ARGUMENT:
                next(commands)
            elif command in (0xAE, 0xAF):
                self.on = command == 0xAF

    def _store(self, byte: int) -> None:
        page, column = self._cursor
        self.pixels[page * COLUMNS + column] = byte
        if column < self._columns[1]:
            self._cursor = (page, column + 1)
        else:  # the next page of the window, or its first again
            self._cursor = (page + 1 if page < self._pages[1] else self._pages[0], self._columns[0])

    def page(self, n: int) -> bytes:
        """The pixels of page ``n`` (a line of text) as the display shows them."""
        return bytes(self.pixels[n * COLUMNS:(n + 1) * COLUMNS])


@dataclass
class Write:
    """One write the display took: its bytes (the control byte first) and when it began and ended."""

    data: bytes
    start_ns: float
    end_ns: float


class Ssd1306Device:
    """An SSD1306 at ``ADDRESS`` on the I2C block ``block`` of ``pico``."""

    def __init__(self, pico: EmulatedPico, block: int, sda: int, scl: int) -> None:
        self.pico = pico
        self.clock = pico.clock
        self.i2c = i2c = pico.mcu.i2c[block]
        self.ram = DisplayRam()
        self.writes: list[Write] = []
        self._data = bytearray()  # the write under way, if it is to this display
        self._addressed = False
        self._start_ns = 0.0
        self._then = i2c.complete_start
        self._alarm = pico.clock.create_alarm(lambda: self._then())
        i2c.on_start = lambda repeated: self._after(1, i2c.complete_start)
        i2c.on_connect = self._connect
        i2c.on_write_byte = self._byte
        i2c.on_read_byte = lambda ack: self._after(9, lambda: i2c.complete_read(0xFF))
        i2c.on_stop = lambda: self._after(1, self._stop)
        self.sda, self.scl = sda, scl
        self._levels = {sda: True, scl: True}  # as the firmware drives the pins by hand (released: high)
        self._bits = -1  # the address byte clocked in by hand so far, its first bit a 1 (-1: none under way)
        self._acking = False
        pico.mcu.gpio[sda].add_listener(lambda new, old: self._pin(sda, new))
        pico.mcu.gpio[scl].add_listener(lambda new, old: self._pin(scl, new))

    def _pin(self, pin: int, state: GPIOPinState) -> None:
        """A level the firmware put on a pin by hand: a start or stop, or a clock edge of the address."""
        high = state not in (GPIOPinState.LOW, GPIOPinState.INPUT_PULL_DOWN)  # released: the pull-up's
        self._levels[pin] = high
        if pin == self.sda:
            if self._levels[self.scl] and not self._acking:  # SDA moving while SCL is high: start or stop
                self._bits = -1 if high else 1
        elif self._bits > 0:
            if high and self._bits < 0x100:  # SCL rising: a bit of the address byte
                self._bits = self._bits << 1 | self._levels[self.sda]
            elif not high and self._acking:  # the acknowledge clocked: let go of SDA
                self._acking = False
                self._bits = -1
                self.pico.release(self.sda)
            elif not high and self._bits >= 0x100:  # the 8 bits are in: acknowledge our address
                if (self._bits & 0xFF) >> 1 == ADDRESS:
                    self._acking = True
                    self.pico.drive_low(self.sda)
                else:
                    self._bits = -1

    def _after(self, periods: int, then: Callable[[], None]) -> None:
        """``then()`` after ``periods`` periods of the bus's clock (the bus carries one thing at a time)."""
        i2c = self.i2c
        self._then = then
        self._alarm.schedule(periods * (i2c.scl_low_period + i2c.scl_high_period) * _SYS_NS)

    def _connect(self, address: int, mode: object) -> None:
        self._addressed = address == ADDRESS
        self._data = bytearray()
        self._start_ns = self.clock.nanos
        self._after(9, lambda: self.i2c.complete_connect(self._addressed))

    def _byte(self, value: int) -> None:
        self._data.append(value)
        self._after(9, lambda: self.i2c.complete_write(True))

    def _stop(self) -> None:
        if self._addressed and self._data:
            self.writes.append(Write(bytes(self._data), self._start_ns, self.clock.nanos))
            self.ram.take(bytes(self._data))
        self._addressed = False
        self.i2c.complete_stop()
