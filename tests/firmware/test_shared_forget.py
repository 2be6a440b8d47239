"""shared.forget: a module dropped leaves sys.modules and its package, and loads afresh when imported again."""

import sys

from shared import forget


def test_a_forgotten_module_is_gone_and_loads_again():
    import shared.ticks

    first = sys.modules["shared.ticks"]
    forget(("shared.ticks", "shared.not_a_module"))  # a name never loaded is passed over
    assert "shared.ticks" not in sys.modules
    assert not hasattr(sys.modules["shared"], "ticks")
    import shared.ticks  # noqa: F811  (the point: it loads again)

    again = sys.modules["shared.ticks"]
    assert again is not first
    assert again.ticks_diff(5, 3) == 2
