"""A small PIO assembler for the ``rp2.asm_pio`` Python syntax, for tests on CPython.

It runs a PIO program function (written as for ``@rp2.asm_pio``) with the instruction
names as its globals, twice (labels, then code), and encodes each instruction as the
RP2040 datasheet (section 3.4) lays it out. Only what our programs use is supported:
``out``, ``in_``, ``mov``, ``push``, ``jmp``, ``nop``, side-set, delays, labels and wrap. Its output is checked
against the opcodes the Pico SDK's ``pioasm`` publishes for its ws2812 program.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass, field

OUT_DESTINATIONS = {"pins": 0, "x": 1, "y": 2, "null": 3, "pindirs": 4, "pc": 5, "isr": 6}
JMP_CONDITIONS = {"not_x": 1, "x_dec": 2, "not_y": 3, "y_dec": 4, "x_not_y": 5, "pin": 6, "not_osre": 7}
IN_SOURCES = {"pins": 0, "x": 1, "y": 2, "null": 3, "isr": 6, "osr": 7}
MOV_DESTINATIONS = {"pins": 0, "x": 1, "y": 2, "exec": 4, "pc": 5, "isr": 6, "osr": 7}
MOV_SOURCES = {"pins": 0, "x": 1, "y": 2, "null": 3, "status": 5, "isr": 6, "osr": 7}
PUSH_FLAGS = {"noblock": 0, "block": 1 << 5, "iffull": 1 << 6}


@dataclass
class Program:
    """Assembled opcodes and the wrap range (first and last instruction of the loop)."""

    opcodes: list[int] = field(default_factory=list)
    wrap_target: int = 0
    wrap: int = -1


class _Assembler:
    def __init__(self, sideset_count: int) -> None:
        self.sideset_count = sideset_count
        self.labels: dict[str, int] = {}
        self.program = Program()
        self.emitting = False

    # Directives.
    def wrap_target(self) -> None:
        self.program.wrap_target = len(self.program.opcodes)

    def wrap(self) -> None:
        self.program.wrap = len(self.program.opcodes) - 1

    def label(self, name: str) -> None:
        if not self.emitting:
            self.labels[name] = len(self.program.opcodes)

    # Instructions: each returns an object taking .side(v) and [delay].
    def _emit(self, opcode: int) -> _Instruction:
        self.program.opcodes.append(opcode)
        return _Instruction(self, len(self.program.opcodes) - 1)

    def out(self, dest: str, count: int) -> _Instruction:
        if not 1 <= count <= 32:
            raise ValueError("bit count %d" % count)
        return self._emit(0b011 << 13 | OUT_DESTINATIONS[dest] << 5 | count & 0x1F)

    def jmp(self, cond: str, target: str | None = None) -> _Instruction:
        if target is None:
            cond, target = "always", cond
        condition = 0 if cond == "always" else JMP_CONDITIONS[cond]
        address = self.labels[target] if self.emitting else 0
        return self._emit(0b000 << 13 | condition << 5 | address)

    def in_(self, source: str, count: int) -> _Instruction:
        if not 1 <= count <= 32:
            raise ValueError("bit count %d" % count)
        return self._emit(0b010 << 13 | IN_SOURCES[source] << 5 | count & 0x1F)

    def mov(self, dest: str, source: str) -> _Instruction:
        return self._emit(0b101 << 13 | MOV_DESTINATIONS[dest] << 5 | MOV_SOURCES[source])

    def push(self, *flags: str) -> _Instruction:
        return self._emit(0b100 << 13 | sum(PUSH_FLAGS[f] for f in flags))

    def nop(self) -> _Instruction:
        return self._emit(0b101 << 13 | 2 << 5 | 2)  # mov y, y

    def globals(self) -> dict[str, object]:
        names: dict[str, object] = {name: name for name in (*OUT_DESTINATIONS, *JMP_CONDITIONS, *IN_SOURCES,
                                                            *MOV_DESTINATIONS, *MOV_SOURCES, *PUSH_FLAGS)}
        for name in ("wrap_target", "wrap", "label", "out", "in_", "mov", "push", "jmp", "nop"):
            names[name] = getattr(self, name)
        return names


class _Instruction:
    def __init__(self, asm: _Assembler, index: int) -> None:
        self.asm = asm
        self.index = index

    def side(self, value: int) -> _Instruction:
        count = self.asm.sideset_count
        if not 0 <= value < 1 << count:
            raise ValueError("side-set value %d does not fit %d bits" % (value, count))
        self.asm.program.opcodes[self.index] |= value << (13 - count)
        return self

    def __getitem__(self, delay: int) -> _Instruction:
        if not 0 <= delay < 1 << (5 - self.asm.sideset_count):
            raise ValueError("delay %d too large" % delay)
        self.asm.program.opcodes[self.index] |= delay << 8
        return self


def assemble(function: Callable[[], None], sideset_count: int) -> Program:
    """Assemble a PIO program function written for ``rp2.asm_pio`` (side-set not optional)."""
    asm = _Assembler(sideset_count)
    body = types.FunctionType(function.__code__, asm.globals())
    body()  # first pass: label addresses
    asm.program = Program()
    asm.emitting = True
    body()
    if asm.program.wrap < 0:
        asm.program.wrap = len(asm.program.opcodes) - 1
    return asm.program
