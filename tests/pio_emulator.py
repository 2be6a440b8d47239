"""pioemu, the PIO emulator of the PIO tests, with a quicker copy of its State.

pioemu makes a new frozen ``State`` for every change an instruction makes, with
``dataclasses.replace``, which reads every field by name and runs ``__init__`` again: two
thirds of the PIO tests' CPU (test_pio_encoder's sweep: 864 k copies, 11 of its 17 s under
cProfile). ``State`` has no ``__post_init__`` and every field is an ``__init__`` argument, so
a copy of its ``__dict__`` with the changes is the object ``replace`` builds. pioemu's modules
get that copy instead (anything but a State still goes to ``dataclasses.replace``); if a
pioemu release changes State so that this no longer holds, they keep ``replace``.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from pioemu import ShiftRegister, State, emulate

__all__ = ["ShiftRegister", "State", "emulate"]


def _copy_state(obj: Any, /, **changes: Any) -> Any:
    """``dataclasses.replace(obj, **changes)``, for a State by copying its fields."""
    fields = obj.__dict__ if type(obj) is State else {}
    if not fields or not changes.keys() <= fields.keys():
        return dataclasses.replace(obj, **changes)  # (raises as it would for a bad name)
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", {**fields, **changes})
    return new


def _state_is_plain() -> bool:
    """Whether replace's State is the copy of its fields (see the module's docstring)."""
    return (not hasattr(State, "__post_init__") and not hasattr(State, "__slots__")
            and all(f.init for f in dataclasses.fields(State)))


if _state_is_plain():
    for _name, _module in list(sys.modules.items()):
        if _name.startswith("pioemu") and getattr(_module, "replace", None) is dataclasses.replace:
            _module.replace = _copy_state  # type: ignore[attr-defined]
