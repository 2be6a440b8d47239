"""The modules the app starts with, leaves first: what ``from app.run import run`` loads, and the
power-on restore that ``Board`` loads (and forgets once it has restored).

``steps()`` imports them a module a step, for ``main.py`` to run while the safe-mode window
watches the controls (``hal.boot_window``), which waits half a second anyway, instead of after
it: the score shows sooner. Import statements, not names in a string: their dotted names are
this module's own constants, where a name made at run time is copied into the heap (measured
on the chip: docs/CHIP_FIGURES.md). The board forgets this module once the window closes.
"""

# ruff: noqa: F401  (each import is the step itself)


def steps():
    """Import the app's start-up modules, one a step (a generator: a step each ``next``)."""
    import shared.ticks
    yield
    import shared.events
    yield
    import app.palette
    yield
    import app.messages
    yield
    import app.power  # and its native twin, or its plain one
    yield
    import shared.holes
    yield
    import app.render
    yield
    import app.modes  # (the modes' shared helpers: app.render's game_hole)
    yield
    import cribbage.cards
    yield
    import cribbage.game
    yield
    import app.modes.peg
    yield
    import app.prefs
    yield
    import app.store
    yield
    import cribbage.settings
    yield
    import cribbage.match
    yield
    import app.board
    yield
    import app.restore
    yield
    import asyncio
    yield
    import app.run
