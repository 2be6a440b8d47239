"""shared.forget: a module dropped leaves sys.modules and its package, and loads afresh when imported again."""

import sys

from shared import forget


def test_a_forgotten_module_is_gone_and_loads_again():
    from shared import ticks as first

    forget("shared.ticks shared.not_a_module")  # a name never loaded is passed over
    assert "shared.ticks" not in sys.modules
    assert not hasattr(sys.modules["shared"], "ticks")
    from shared import ticks as again

    assert again is not first and sys.modules["shared.ticks"] is again
    assert again.ticks_diff(5, 3) == 2
