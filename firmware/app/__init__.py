"""The device application: input events, ui modes, rendering, persistence, serial protocol."""
