"""`crib deploy`: put the firmware on the board with mpy-cross and mpremote, sending only what changed.

1. Look at the board (one read-only ``mpremote exec``, see board_probe): which .mpy it
   reads, and the size and SHA-256 of what it holds.
2. Compile ``firmware/`` with mpy-cross for the board's architecture; if the board would
   not load what this mpy-cross makes (another .mpy version), send the .py sources
   instead. ``main.py`` is always sent as source (the board only runs main.py).
   ``hardware/board.json`` goes to the board's root.
3. Plan (deploy_plan, a pure function): mkdir, copy what is new or changed (main.py last),
   remove stale twins; skip what is unchanged.
4. Do it in one chained ``mpremote`` call, list the board again to verify every file
   landed (same hash, or size where the board cannot hash), and reset the board.

``--dry-run`` prints the plan and changes nothing: it only lists the board (when one is
found; mpremote stops the running app to do that, so the board is reset afterwards to run
it again) and compiles into a temporary directory.

Every mpremote call goes through one runner (``run_mpremote``): a list of arguments in,
its standard output back, so the tests can check the exact calls.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from host_tools.board_probe import BoardListing, parse_probe, probe_code
from host_tools.deploy_plan import MAIN, LocalFile, Plan, Step, make_plan, mismatches, paths_to_probe
from host_tools.devices import LinkError, NoBoardError, add_device_argument, resolve
from host_tools.mpy import MpyFormat, compile_module, why_not_loadable
from host_tools.talk import fail

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BOARD_JSON = ROOT / "hardware" / "board.json"
# Sent as source whatever happens: MicroPython runs these files by name at boot.
SOURCE_ONLY = (MAIN, "boot.py")
# Never sent: the manifest that freezes the firmware into a MicroPython build (hardware/BUILD.md).
HOST_ONLY = ("manifest.py",)
# The Pico's architecture, assumed when planning without a board.
PICO_ARCH = "armv6m"

Runner = Callable[[list[str]], str]


class DeployError(Exception):
    """A deploy step failed; the message says which and why."""


def run_mpremote(args: list[str]) -> str:
    """Run ``mpremote ARGS`` and return what it printed. Raises DeployError if it fails."""
    done = subprocess.run([sys.executable, "-m", "mpremote", *args], capture_output=True, text=True)
    if done.returncode != 0:
        detail = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise DeployError("mpremote failed: %s" % (detail[-1] if detail else "exit status %d" % done.returncode))
    return done.stdout


def firmware_files(firmware: Path) -> list[str]:
    """Every file to send from ``firmware`` (relative POSIX paths), without caches and hidden files."""
    found = []
    for path in sorted(firmware.rglob("*")):
        rel = path.relative_to(firmware)
        if path.is_file() and path.suffix != ".pyc" and rel.as_posix() not in HOST_ONLY \
                and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            found.append(rel.as_posix())
    return found


def digest(path: Path) -> tuple[int, str]:
    """Size and SHA-256 (hex) of a file."""
    data = path.read_bytes()
    return len(data), hashlib.sha256(data).hexdigest()


def local_file(device_path: str, source: Path) -> LocalFile:
    """A LocalFile for ``source`` going to ``device_path``."""
    size, sha = digest(source)
    return LocalFile(device_path, source, size, sha)


def is_module(rel: str) -> bool:
    """True for a .py file that is imported (and so may be sent compiled)."""
    return rel.endswith(".py") and rel not in SOURCE_ONLY


@dataclass
class Build:
    """The files to send and what happened on the way."""

    files: list[LocalFile]
    compiled: list[str]  # the modules sent as .mpy
    note: str  # how the modules were prepared, for people


def build(firmware: Path, board_json: Path, out: Path, board: MpyFormat | None,
          sources_because: str | None = None) -> Build:
    """Compile the modules into ``out`` if the board will load them; otherwise keep the sources.

    ``board`` is the format the board reads (None: unknown, e.g. planning without a board,
    when the Pico's architecture is assumed and mpy-cross's version trusted).
    ``sources_because``: send sources without compiling, for this reason.
    """
    rels = firmware_files(firmware)
    modules = [r for r in rels if is_module(r)]
    compiled: dict[str, Path] = {}
    note = "sources: %s" % sources_because
    if sources_because is None:
        arch = board.arch if board is not None else PICO_ARCH
        reasons = []
        for rel in modules:
            target = out / Path(rel).with_suffix(".mpy")
            made = compile_module(firmware, rel, target, arch)
            reason = why_not_loadable(made, board) if board is not None else None
            if reason:
                reasons.append("%s: %s" % (rel, reason))
            compiled[rel] = target
        if reasons:
            note = "sources: the board would not load mpy-cross's output (%s)" % reasons[0]
            compiled = {}
        else:
            note = "compiled %d modules with mpy-cross%s" % (len(modules), " -march=" + arch if arch else "")
            if board is None:
                note += " (board not seen: assuming it reads this .mpy version)"
    files = []
    for rel in rels:
        if rel in compiled:
            files.append(local_file(str(Path(rel).with_suffix(".mpy").as_posix()), compiled[rel]))
        else:
            files.append(local_file(rel, firmware / rel))
    files.append(local_file("board.json", board_json))
    return Build(files, sorted(compiled), note)


def mpremote_commands(port: str, steps: list[Step]) -> list[str]:
    """One chained mpremote call doing ``steps`` in order."""
    args = ["connect", port]
    for i, step in enumerate(steps):
        if i:
            args.append("+")
        if step.op == "cp":
            args += ["cp", str(step.source), ":" + step.path]
        else:
            args += [step.op, ":" + step.path]
    return args


def probe(runner: Runner, port: str, files: list[str], dirs: list[str]) -> BoardListing:
    """List the board through mpremote."""
    output = runner(["connect", port, "exec", probe_code(files, dirs)])
    try:
        return parse_probe(output)
    except ValueError as error:
        raise DeployError(str(error)) from None


def show_plan(console: Console, plan: Plan, made: Build, listing: BoardListing | None) -> None:
    """Print the plan for people."""
    if listing is None:
        console.print("no board found: planning as for an empty board")
    else:
        console.print("board: MicroPython %s, reads .mpy %s%s" % (
            listing.version, listing.mpy if listing.mpy else "(unknown)",
            "" if listing.can_hash else ", no hashlib.sha256: files compared by size only"))
    console.print(made.note)
    table = Table(title="deploy plan")
    for column in ("#", "action", "on the board", "from", "why"):
        table.add_column(column)
    for i, step in enumerate(plan.steps, 1):
        source = ""
        if step.source is not None and step.path.endswith(".mpy"):
            source = "mpy-cross " + str(Path(step.path).with_suffix(".py"))
        elif step.source is not None:
            source = str(step.source.relative_to(ROOT) if step.source.is_relative_to(ROOT) else step.source)
        table.add_row(str(i), step.op, ":" + step.path, source, step.why)
    console.print(table)
    if plan.skipped:
        console.print("unchanged, skipped (%d): %s" % (len(plan.skipped), " ".join(f.path for f in plan.skipped)))


def deploy(device: str, dry_run: bool = False, compile_modules: bool = True, force: bool = False,
           runner: Runner | None = None, firmware: Path = FIRMWARE, board_json: Path = BOARD_JSON,
           console: Console | None = None) -> Plan:
    """Deploy (or with ``dry_run`` only plan); return the plan. Raises DeployError / LinkError."""
    console = console or Console()
    runner = runner or run_mpremote
    candidates = [local_file(r, firmware / r) for r in firmware_files(firmware)]
    candidates.append(local_file("board.json", board_json))
    files_to_ask, dirs_to_ask = paths_to_probe(candidates)
    try:
        port: str | None = resolve(device)
    except NoBoardError:
        if not dry_run:
            raise
        port = None
    listing = probe(runner, port, files_to_ask, dirs_to_ask) if port is not None else None
    with tempfile.TemporaryDirectory(prefix="crib-mpy-") as tmp:
        sources_because = None
        if not compile_modules:
            sources_because = "--no-compile"
        elif listing is not None and listing.mpy is None:
            sources_because = "the board does not say which .mpy version it reads"
        made = build(firmware, board_json, Path(tmp), listing.mpy if listing else None, sources_because)
        plan = make_plan(made.files, listing.files if listing else {}, listing.dirs if listing else set(), force)
        show_plan(console, plan, made, listing)
        if dry_run or port is None or listing is None:
            if port is not None:
                runner(["connect", port, "reset"])  # the listing stopped the app: start it again
            return plan
        if plan.steps:
            runner(mpremote_commands(port, plan.steps))
        after = probe(runner, port, files_to_ask, dirs_to_ask)  # it asks for both forms of every module
        bad = mismatches(made.files, after.files)
        if bad:
            raise DeployError("these files did not land intact: %s" % ", ".join(bad))
        runner(["connect", port, "reset"])
    console.print("deployed: %d copied, %d unchanged, verified; board reset"
                  % (sum(s.op == "cp" for s in plan.steps), len(plan.skipped)))
    return plan


def run(args: argparse.Namespace) -> int:
    """The `deploy` sub-command."""
    try:
        deploy(args.device, dry_run=args.dry_run, compile_modules=not args.no_compile, force=args.force)
    except (DeployError, LinkError, subprocess.CalledProcessError, FileNotFoundError) as error:
        message = error.stderr.strip() if isinstance(error, subprocess.CalledProcessError) else str(error)
        fail(args, message)
        return 1
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `deploy` sub-command."""
    parser = sub.add_parser("deploy", help="compile the firmware and copy what changed to the board",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_device_argument(parser)
    parser.add_argument("--dry-run", action="store_true",
                        help="show the plan; change nothing on the board (a board found is listed, then reset)")
    parser.add_argument("--no-compile", action="store_true", help="send .py sources instead of mpy-cross output")
    parser.add_argument("--force", action="store_true", help="copy every file, even those unchanged")
    parser.set_defaults(func=run)
