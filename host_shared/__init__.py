"""What the simulator and the host tools both use: input they do not control taken in safely
(``untrusted``) and the exit status of a command line used wrongly (``USAGE_ERROR``).

It imports neither, so dependencies point one way: ``host_tools`` imports ``simulator``
(``crib sim``, and finding a running simulator) and both import ``host_shared``; the
simulator never imports ``host_tools``.
"""

USAGE_ERROR = 2  # as argparse exits on arguments it cannot parse (the whole rule: host_tools.cli.EXIT_STATUS)
