"""The `crib` command: one program, one sub-command a module (like mpremote's commands)."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# Each module named here defines register(subparsers), which adds its sub-command(s) and
# sets ``func`` (taking the parsed args, returning an exit status).
COMMAND_MODULES = [
    "host_tools.bench",
    "host_tools.advise",
    "host_tools.deploy",
    "host_tools.status",
    "host_tools.log",
    "host_tools.undo",
    "host_tools.game_commands",
    "host_tools.settings",
    "host_tools.test_leds",
    "host_tools.export",
    "host_tools.plot",
    "host_tools.score",
    "host_tools.mip_package",
    "simulator.cli",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(prog="crib", description="Electronic cribbage board: tools for the host.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of `crib`."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Whoever read our output stopped (crib ... | head): end quietly with status 1, as rich's
        # console does for the tables. Standard output now goes nowhere, so that Python's last
        # flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
