"""`crib mip-package [--check]`: write package.json, so the firmware installs with mip.

``mpremote mip install --target / github:OWNER/REPO`` reads package.json at the root of
the repository and fetches each ``urls`` entry: [path on the board, path in the repository
(relative URLs resolve against package.json's place)]. The files are the ones `crib deploy`
sends, as sources (mip cannot know the board's .mpy version): every file in firmware/ and
firmware_native/ (the board compiles the native code itself), and hardware/board.json at
the board's root. ``--target /`` matters: mip's default is /lib, where main.py would never
run. The version is the firmware's own (``app.VERSION``). It writes into the checkout: an install
that is not editable (pip install ., pipx), which has none, refuses.
"""

from __future__ import annotations

import argparse
import json
from typing import TypedDict

from app import VERSION
from host_shared.atomic_write import write_whole
from host_shared.board_files import BOARD_JSON, FIRMWARE, ROOT, need_checkout
from host_shared.errors import Failed
from host_tools.deploy.firmware_tree import firmware_files

PACKAGE_JSON = ROOT / "package.json"


class Package(TypedDict):
    """package.json's content: each file as [path on the board, path in the repository], no dependencies, the
    firmware's version."""

    urls: list[list[str]]
    deps: list[str]
    version: str


def package() -> Package:
    """The package.json content for the current firmware tree."""
    urls = [[rel, (folder / rel).relative_to(ROOT).as_posix()] for rel, folder in firmware_files(FIRMWARE).items()]
    urls.append(["board.json", BOARD_JSON.relative_to(ROOT).as_posix()])
    return {"urls": urls, "deps": [], "version": VERSION}


def render(data: Package) -> str:
    """package.json text: one url pair a line, so diffs stay readable."""
    lines = ",\n".join("    " + json.dumps(pair) for pair in data["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s\n}\n' % (
        lines, json.dumps(data["deps"]), json.dumps(data["version"]))


def run(args: argparse.Namespace) -> int:
    """Write package.json, or with --check fail if it is out of date."""
    need_checkout("package.json lies in it, beside firmware/")
    made = package()
    text = render(made)
    if args.check:
        try:
            current = PACKAGE_JSON.read_text(encoding="utf-8") if PACKAGE_JSON.exists() else None
        except (OSError, UnicodeDecodeError) as error:
            raise Failed("cannot read %s: %s" % (PACKAGE_JSON, error)) from error
        if current != text:
            raise Failed("package.json is out of date: run `crib mip-package`")
        print("package.json is up to date")
        return 0
    write_whole(PACKAGE_JSON, lambda temp: temp.write_text(text, encoding="utf-8"))
    print("wrote %s (%d files)" % (PACKAGE_JSON.name, len(made["urls"])))
    return 0


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib mip-package` (``name``) to its ``parser``."""
    parser.add_argument("--check", action="store_true", help="only check that package.json is up to date")
    parser.set_defaults(func=run)
