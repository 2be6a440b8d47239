"""The `crib` sub-commands: a module each (``game``: the game's changes, cut, peg, lay...), listed in
``host_tools.cli.COMMANDS``, which imports one when its command is asked for."""
