"""app.start: the modules the app starts with, which main.py has imported while the safe-mode
window watches the controls, a module a step. Each step loads one module (and its package;
app.power its native or plain twin), leaves first, so no step is longer than one module's load;
together they are everything the app's start keeps: after them, neither ``from app.run import
run`` nor building a board loads a module more, and each is one the start loads."""

import gc
import sys

from fake_storage import temp_dir

from simulator.virtual_hardware import VirtualHardware

FIRMWARE = ("app", "cribbage", "hal", "shared")


def loaded():
    """The firmware's modules loaded now."""
    return set(name for name in sys.modules if name.split(".")[0] in FIRMWARE)


def fresh_start():
    """Forget every firmware module, as at power-on; returns them, for ``back``. Collects
    them at once: the imports that follow compile from source on the unix port, and whether
    their 4.7 KB blocks still fitted among the dropped modules' garbage hung, at 384K, on the
    checkout's path length (it failed in CI's)."""
    saved = dict((name, sys.modules[name]) for name in loaded())
    for name in saved:
        del sys.modules[name]
    gc.collect()
    return saved


def back(saved):
    """The modules as before ``fresh_start`` (the tests after this one use them)."""
    for name in loaded():
        del sys.modules[name]
    sys.modules.update(saved)


def start_board():
    """The app's start, as main.py makes it: run's module, then a board (with no saved game)."""
    from app.board import Board
    from app.run import run  # noqa: F401

    Board(VirtualHardware(temp_dir()))


def named(new):
    """The module a step loaded, of the set ``new`` it loaded: neither a package of another nor a
    native or plain twin (None if the step loaded none of the firmware's: asyncio)."""
    parts = set(n for n in new if not any(m.startswith(n + ".") for m in new)
                and not (n.endswith("_viper") or n.endswith("_plain")))
    assert len(parts) <= 1, "a step loaded %r: import the module it needs first, a step before" % sorted(new)
    return parts.pop() if parts else None


def steps_loaded():
    """What each step of ``app.start.steps()`` loads, from a fresh start: a list of sets."""
    from app.start import steps

    loads = []
    work = steps()
    while True:
        before = loaded()
        try:
            next(work)
        except StopIteration:
            loads.append(loaded() - before)
            return loads
        loads.append(loaded() - before)


def test_the_start_loads_one_module_a_step_and_leaves_the_start_nothing_to_load():
    saved = fresh_start()
    try:
        loads = steps_loaded()
        names = [named(new) for new in loads]
        assert names[-1] == "app.run" and "app.restore" in names
        before = loaded()
        start_board()
        more = loaded() - before
        assert not more, "the start loads %r too: import it in a step of app.start" % sorted(more)
        assert "app.restore" not in loaded()  # the board forgets its restore
    finally:
        back(saved)


def test_each_module_the_steps_load_is_one_the_start_loads():
    saved = fresh_start()
    try:
        start_board()
        started = loaded()
        fresh_start()
        stepped = set()
        for new in steps_loaded():
            stepped |= new
        # app.restore and app.prefs: the board forgets them once it has restored
        assert stepped - started == set(["app.restore", "app.prefs"])
    finally:
        back(saved)
