"""What the simulator and the host tools both use: input they do not control taken in safely
(``untrusted``), where the board's files are (``board_files``: the checkout's, or those an install
that is not editable carries), files named on a command line checked (``file_args``) and written whole or not at
all (``atomic_write``), how their commands say an error (``errors``), and the exit statuses of those commands
(``NOT_DONE``, ``USAGE_ERROR``, ``INTERRUPTED``).

It imports neither, so dependencies point one way: ``host_tools`` imports ``simulator``
(``crib sim``, and finding a running simulator) and both import ``host_shared``; the
simulator never imports ``host_tools``.
"""

# The exit statuses besides 0 (done); the whole rule, as `crib --help` says it: host_tools.cli.EXIT_STATUS.
NOT_DONE = 1  # understood but not done: refused, failed, none answered, a file unusable or out of date
USAGE_ERROR = 2  # as argparse exits on arguments it cannot parse: nothing was sent or changed
INTERRUPTED = 130  # Ctrl-C: 128 + SIGINT, as a shell reports a program the signal ended
