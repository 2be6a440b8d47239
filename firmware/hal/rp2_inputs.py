"""Encoder and buttons on the rp2 port.

The encoder contacts are read in a hard pin IRQ that only feeds the quadrature state
machine (small-int arithmetic, no allocation); ``poll`` takes the counted detents with
interrupts briefly off. Buttons, the encoder's switch among them, are humans: they are
polled from the main loop (every 5 ms, app.run) and debounced there. All contacts pull to ground
(internal pull-ups). If the encoder counts the wrong way round, swap encoder_a and
encoder_b in board.json.
"""

import machine
from machine import Pin

from app.events import BACK, ENCODER, PLAYER_1, PLAYER_2, TURN
from hal.acceleration import Acceleration
from hal.debounce import Button
from hal.quadrature import Quadrature


class Inputs:
    """The controls named in board.json "pins"; ``poll(now_ms)`` -> list of input events."""

    def __init__(self, pins):
        self.a = Pin(pins["encoder_a"], Pin.IN, Pin.PULL_UP)
        self.b = Pin(pins["encoder_b"], Pin.IN, Pin.PULL_UP)
        self.decoder = Quadrature(self.contacts())
        self.acceleration = Acceleration()
        buttons = pins["buttons"]
        self.buttons = [
            (name, Pin(number, Pin.IN, Pin.PULL_UP), Button())
            for name, number in ((ENCODER, pins["encoder_switch"]), (PLAYER_1, buttons[PLAYER_1]),
                                 (PLAYER_2, buttons[PLAYER_2]), (BACK, buttons[BACK]))
        ]
        edge = self.edge  # bind once: the IRQ must not allocate a bound method per call
        for pin in (self.a, self.b):
            pin.irq(handler=edge, trigger=Pin.IRQ_RISING | Pin.IRQ_FALLING, hard=True)

    def contacts(self):
        """Both encoder contacts as ``A << 1 | B`` (1 = open)."""
        return self.a.value() << 1 | self.b.value()

    def edge(self, pin):
        """Hard IRQ handler for either encoder contact: record the new state, nothing else."""
        self.decoder.feed(self.a.value() << 1 | self.b.value())

    def poll(self, now_ms):
        """Input events since the last call: at most one turn, then button presses."""
        events = []
        state = machine.disable_irq()
        detents = self.decoder.take()
        machine.enable_irq(state)
        if detents:
            events.append((TURN, self.acceleration.scale(detents, now_ms)))
        for name, pin, button in self.buttons:
            kind = button.update(not pin.value(), now_ms)
            if kind is not None:
                events.append((kind, name))
        return events
