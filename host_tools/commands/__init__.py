"""The `crib` sub-commands: a module each (``game``: the game's changes, cut, peg, lay...), registered by
``host_tools.cli``."""
