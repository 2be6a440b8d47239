"""`crib deploy`: put the firmware on the board with mpy-cross and mpremote, sending only what changed.

1. Look at the board (one read-only ``mpremote exec``, see ``host_tools.deploy.board_probe``): its MicroPython
   (older than 1.23, the oldest the firmware runs on: refused), which .mpy it reads, the
   size and SHA-256 of what it holds, and its ROMFS partition if it has one.
2. Compile ``firmware/`` and its native twins (``firmware_native/``) with mpy-cross for
   the board's architecture; if the board would not load what this mpy-cross makes
   (another .mpy version), send the .py sources instead. ``main.py`` is always sent as
   source (the board only runs main.py). ``hardware/board.json`` goes to the board's root
   (``host_tools.deploy.build``).
3. Plan (``host_tools.deploy.plan``, pure functions). A board with a ROMFS partition (firmware built as in
   hardware/BUILD.md) gets the compiled packages as one ROMFS image (``build.rom_image``), written
   only if the partition does not hold those very bytes already, and its littlefs keeps
   only main.py and board.json: the packages left there are removed, as they would be
   imported instead of the image. The code then runs from flash and leaves the heap to
   the game. An image holds no sources: a native twin the board would not load compiled
   is left out (the firmware then uses its plain twin). Any other board gets the packages
   as .mpy files on its littlefs: mkdir, copy what is new or changed (main.py last), remove
   stale twins; skip what is unchanged.
   ``--romfs`` / ``--no-romfs`` force either way.
4. Do it in one chained ``mpremote`` call, list the board again to verify everything
   landed (same hash, or size where the board cannot hash), and reset the board.

The simulator (``-d socket://127.0.0.1:4121``) is refused at once: it runs this checkout's
``firmware/`` itself, so there is nothing to deploy to.

``--dry-run`` prints the plan and changes nothing: it only lists the board (when one is
found; mpremote stops the running app to do that, so the board is reset afterwards to run
it again) and compiles into a temporary directory.

Every mpremote call goes through one runner (``run_mpremote``): a list of arguments in,
its standard output back, so the tests can check the exact calls.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from host_shared import USAGE_ERROR
from host_shared.board_files import BOARD_JSON, FIRMWARE, ROOT
from host_shared.errors import Failed
from host_tools.board.devices import AUTO, LinkError, NoBoardError, add_device_argument, resolve
from host_tools.board.link import connect, open_port
from host_tools.deploy import DeployError
from host_tools.deploy.board_probe import BoardListing, parse_probe, probe_code
from host_tools.deploy.build import Build, build, in_package, local_file, rom_image, without_native_sources
from host_tools.deploy.firmware_tree import firmware_files
from host_tools.deploy.plan import (
    Plan,
    RomImage,
    RomPartition,
    Step,
    fits,
    holds,
    make_plan,
    make_romfs_plan,
    mismatches,
    paths_to_probe,
    shadows,
)
from host_tools.deploy.romfs_image import MOUNT
from simulator import instances

# The oldest MicroPython the firmware runs on (hardware/BUILD.md; the tests run it there:
# tests/micropython32_env.py). Older boards are refused, not deployed to.
OLDEST_MICROPYTHON = (1, 23)
# Said once when a board without a ROMFS partition gets the code as files.
HEAP_NOTE = ("no ROMFS partition on this board: the code will be loaded into the heap "
             "(hardware/BUILD.md: MicroPython with a ROMFS partition, to run it from flash)")

Runner = Callable[[list[str]], str]


NOTHING_TO_DEPLOY = ("it runs the firmware of this crib itself, so there is nothing to deploy to (quit it "
                     "and start `crib sim` again to run changed code); crib deploy is for a board on USB")
PROBE_S = 1.0  # how long a socket:// address may take to answer the protocol (the simulator answers at once)
# How long a board's raw REPL may take to answer Ctrl-C and Ctrl-A: the app is stopped first (a board on a
# serial-to-TCP bridge answers in milliseconds; one on an emulated chip, which runs busy code at a 25th of
# real time, in seconds). Waited in full only by a simulator that has no runtime file here.
REPL_PROBE_S = 10.0
RAW_REPL = b"raw REPL; CTRL-B to exit"


def simulator_at(url: str) -> bool:
    """True if ``url`` is a simulator: a running one's runtime file names its port, or it
    answers the protocol but not MicroPython's REPL (a board reached over a socket, on an
    emulated chip or behind a serial-to-TCP bridge, answers both: its app the protocol)."""
    if not url.startswith("socket://"):
        return False
    host, _, port = url[len("socket://"):].rpartition(":")
    if host in ("127.0.0.1", "localhost") and port.isdigit() and instances.serving_on(int(port)):
        return True
    try:
        with connect(url, timeout=PROBE_S, retries=0) as link:
            link.request("state")
    except LinkError:
        return False  # nothing there, or not the protocol: mpremote says what it finds
    return not answers_raw_repl(url, REPL_PROBE_S)


def answers_raw_repl(url: str, wait_s: float) -> bool:
    """True if MicroPython's raw REPL answers at ``url`` within ``wait_s``: Ctrl-C stops a
    running app (as mpremote's first step does), Ctrl-A asks for the raw REPL, Ctrl-B leaves it
    again (the board is left at its REPL, where the deploy's mpremote finds it)."""
    try:
        port = open_port(url)
    except LinkError:
        return False
    seen = bytearray()
    with port:
        port.timeout = 0.05
        port.write(b"\r\x03\x03\x01")
        end = time.monotonic() + wait_s
        while RAW_REPL not in seen and time.monotonic() < end:
            seen += port.read(256)
        if RAW_REPL in seen:
            port.write(b"\x02")
    return RAW_REPL in seen


def run_mpremote(args: list[str]) -> str:
    """Run ``mpremote ARGS`` and return what it printed. Raises DeployError if it fails."""
    done = subprocess.run([sys.executable, "-m", "mpremote", *args], capture_output=True, text=True)
    if done.returncode != 0:
        detail = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise DeployError("mpremote failed: %s" % (detail[-1] if detail else "exit status %d" % done.returncode))
    return done.stdout


def check_release(listing: BoardListing) -> None:
    """Raise DeployError if the board's MicroPython is older than the firmware runs on."""
    if listing.version < OLDEST_MICROPYTHON:
        oldest = ".".join(str(n) for n in OLDEST_MICROPYTHON)
        raise DeployError("this board runs MicroPython %s; the firmware needs %s or later (hardware/BUILD.md: "
                          "flash a newer MicroPython first)" % (listing.release, oldest))


def use_romfs(wanted: bool | None, listing: BoardListing | None, made: Build) -> tuple[bool, str]:
    """Whether the packages go into a ROMFS image, and what to tell people about it ("": nothing).

    ``wanted``: --romfs (True), --no-romfs (False), or decide from the board (None).
    Raises DeployError when --romfs cannot be done.
    """
    if wanted is False:
        return False, ""
    if listing is not None and listing.rom is None:
        if wanted:
            raise DeployError("--romfs: this board's MicroPython %s has no ROMFS partition "
                              "(hardware/BUILD.md: firmware with one)" % listing.release)
        return False, HEAP_NOTE
    if listing is None and not wanted:
        return False, ""
    if not made.compiled:
        if wanted:
            raise DeployError("--romfs needs the modules compiled (%s)" % made.note)
        return False, "ROMFS partition left alone: the modules are not compiled (%s)" % made.note
    return True, ""


def mpremote_commands(port: str, steps: list[Step]) -> list[str]:
    """One chained mpremote call doing ``steps`` in order."""
    args = ["connect", port]
    for i, step in enumerate(steps):
        if i:
            args.append("+")
        if step.op == "cp":
            args += ["cp", str(step.source), ":" + step.path]
        elif step.op == "romfs":
            args += ["romfs", "deploy", str(step.source)]
        elif step.op == "rmtree":
            args += ["rm", "-r", ":" + step.path]
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


def describe_rom(image: RomImage, partition: RomPartition | None) -> str:
    """One line: the image against the partition, for people."""
    line = "ROMFS image of %s (at %s): %d bytes" % (" ".join(image.packages), MOUNT, image.size)
    if partition is None:
        return line + " (board not seen: partition size unknown)"
    line += " for a partition of %d (%d%%)" % (partition.size, 100 * image.size // partition.size)
    if not fits(image, partition):
        return line + ": DOES NOT FIT"
    return line + (", already there" if holds(partition, image) else "")


def show_plan(console: Console, plan: Plan, made: Build, listing: BoardListing | None, note: str) -> None:
    """Print the plan for people."""
    if listing is None:
        console.print("no board found: planning as for an empty board")
    else:
        console.print("board: MicroPython %s, reads .mpy %s%s" % (
            listing.release, listing.mpy if listing.mpy else "(unknown)",
            "" if listing.can_hash else ", no hashlib.sha256: files compared by size only"))
    console.print(made.note)
    if made.as_sources:
        first = min(made.as_sources)
        console.print("%d sent as sources, which the board would not load compiled (%s: %s)"
                      % (len(made.as_sources), first, made.as_sources[first]))
    if note:
        console.print(note)
    if plan.image is not None:
        console.print(describe_rom(plan.image, listing.rom if listing else None))
    table = Table(title="deploy plan")
    for column in ("#", "action", "on the board", "from", "why"):
        table.add_column(column)
    for i, step in enumerate(plan.steps, 1):
        source = ""
        target = ":" + step.path
        if step.op == "romfs" and plan.image is not None:
            target = "ROMFS partition"
            source = "image of %s (%d bytes)" % (" ".join(plan.image.packages), plan.image.size)
        elif step.source is not None and step.path.endswith(".mpy"):
            source = "mpy-cross " + str(Path(step.path).with_suffix(".py"))
        elif step.source is not None:
            source = str(step.source.relative_to(ROOT) if step.source.is_relative_to(ROOT) else step.source)
        table.add_row(str(i), step.op, target, source, step.why)
    console.print(table)
    if plan.skipped:
        console.print("unchanged, skipped (%d): %s" % (len(plan.skipped), " ".join(f.path for f in plan.skipped)))
    removed = [s.path for s in plan.steps if s.op == "rmtree"]
    if removed:
        console.print("removed from the littlefs (the image replaces them): %s" % " ".join(removed))


def verify(runner: Runner, port: str, plan: Plan, made: Build, files: list[str], dirs: list[str]) -> None:
    """List the board again: every file, and the ROMFS image, must be there intact, the
    packages the image replaces gone. Raises DeployError naming what is not."""
    after = probe(runner, port, files, dirs)  # it asks for both forms of every module
    if plan.image is None:
        bad = mismatches(made.files, after.files)
    else:
        bad = mismatches([f for f in made.files if not in_package(f)], after.files)
        bad += ["/" + d for d in plan.image.packages if d in after.dirs]
        bad += ["/" + m for d in plan.image.packages for m in shadows(d) if m in after.files]
        rom = after.rom
        if rom is None or rom.image_size != plan.image.size or (
                rom.image_sha256 is not None and rom.image_sha256 != plan.image.sha256):
            bad.append("the ROMFS image")
    if bad:
        raise DeployError("these did not land intact: %s" % ", ".join(bad))


def probe_port(runner: Runner, port: str, files: list[str], dirs: list[str]) -> BoardListing:
    """``probe``, saying so when a serial port named by its path is not there (mpremote would call
    it "in use by another program")."""
    try:
        return probe(runner, port, files, dirs)
    except DeployError as error:
        if "failed to access" in str(error) and "://" not in port and "/" in port and not Path(port).exists():
            raise DeployError("no serial port %s: is the board plugged in? (crib deploy -d auto finds it)"
                              % port) from None
        raise


def plan_deploy(listing: BoardListing | None, tmp: Path, firmware: Path, board_json: Path, compile_modules: bool,
                force: bool, romfs: bool | None, console: Console) -> tuple[Build, Plan]:
    """Prepare the files in ``tmp`` for the board ``listing`` describes (None: no board seen), plan
    the deploy and print the plan (see ``deploy`` for the arguments). Raises DeployError for a board
    the firmware cannot run on, or a plan that cannot be carried out."""
    if listing is not None:
        check_release(listing)
    sources_because = None
    if not compile_modules:
        sources_because = "--no-compile"
    elif listing is not None and listing.mpy is None:
        sources_because = "the board does not say which .mpy version it reads"
    made = build(firmware, board_json, tmp / "mpy", listing.mpy if listing else None, sources_because)
    board_files = listing.files if listing else {}
    board_dirs = listing.dirs if listing else set()
    to_rom, note = use_romfs(romfs, listing, made)
    partition = listing.rom if listing else None
    if to_rom:
        made, note = without_native_sources(made, firmware)
        image = rom_image(made, tmp / "crib.romfs")
        plan = make_romfs_plan(image, partition, [f for f in made.files if not in_package(f)],
                               board_files, board_dirs, force)
    else:
        plan = make_plan(made.files, board_files, board_dirs, force, listing.listed if listing else set())
    show_plan(console, plan, made, listing, note)
    if plan.image is not None and partition is not None and not fits(plan.image, partition):
        raise DeployError("the ROMFS image (%d bytes) does not fit the board's partition (%d bytes): nothing changed"
                          % (plan.image.size, partition.size))
    return made, plan


def deploy(device: str, dry_run: bool = False, compile_modules: bool = True, force: bool = False,
           romfs: bool | None = None, runner: Runner | None = None, firmware: Path = FIRMWARE,
           board_json: Path = BOARD_JSON, console: Console | None = None) -> Plan:
    """Deploy (or with ``dry_run`` only plan); return the plan. Raises DeployError / LinkError.

    ``romfs``: put the packages in the board's ROMFS partition (True), as files (False), or
    the first when the board has a partition (None).
    """
    console = console or Console()
    runner = runner or run_mpremote
    candidates = [local_file(rel, root / rel) for rel, root in firmware_files(firmware).items()]
    candidates.append(local_file("board.json", board_json))
    files_to_ask, dirs_to_ask = paths_to_probe(candidates)
    try:
        port: str | None = resolve(device, simulator=False)
    except NoBoardError as error:
        running, _others = instances.pick()
        if running is not None:  # what was meant, perhaps
            error = NoBoardError("%s; a simulator runs on 127.0.0.1:%d, but %s"
                                 % (error, running.port, NOTHING_TO_DEPLOY))
        if not dry_run or device not in ("", AUTO):  # a port named and wrong: say so, even for a plan
            raise error from None
        if running is not None:
            console.print(str(error), markup=False)
        port = None
    if port is not None and simulator_at(port):
        raise DeployError("%s is the simulator: %s" % (port, NOTHING_TO_DEPLOY))
    with tempfile.TemporaryDirectory(prefix="crib-mpy-") as tmp:
        try:  # the listing stops the app (mpremote's Ctrl-C), whether it answers or not
            listing = probe_port(runner, port, files_to_ask, dirs_to_ask) if port is not None else None
            made, plan = plan_deploy(listing, Path(tmp), firmware, board_json, compile_modules, force, romfs, console)
            if not dry_run and port is not None:
                if plan.steps:
                    runner(mpremote_commands(port, plan.steps))
                verify(runner, port, plan, made, files_to_ask, dirs_to_ask)
        except BaseException:  # a listing not answered, a refusal, mpy-cross failing, Ctrl-C: the board runs again
            if port is not None:
                try:
                    runner(["connect", port, "reset"])  # the listing stopped the app: start it again
                except DeployError:
                    pass  # (what went wrong first is what is said)
            raise
        if port is not None:
            runner(["connect", port, "reset"])  # the listing stopped the app: start it again
        if dry_run or port is None:
            return plan
    console.print("deployed: %d copied%s, %d unchanged, verified; board reset" % (
        sum(s.op == "cp" for s in plan.steps),
        ", ROMFS image written" if any(s.op == "romfs" for s in plan.steps) else "", len(plan.skipped)))
    return plan


def run(args: argparse.Namespace) -> int:
    """The `deploy` sub-command."""
    if args.romfs and args.no_compile:  # said before the board is looked at (listing it stops its app)
        raise Failed("--romfs and --no-compile do not go together: a ROMFS image holds compiled modules only "
                     "(--no-compile sends the sources as files: with --no-romfs, or neither)", USAGE_ERROR)
    try:
        deploy(args.device, dry_run=args.dry_run, compile_modules=not args.no_compile, force=args.force,
               romfs=args.romfs)
    except (DeployError, LinkError, subprocess.CalledProcessError, FileNotFoundError) as error:
        raise Failed(failed_program(error) if isinstance(error, subprocess.CalledProcessError) else str(error)) \
            from error
    return 0


def failed_program(error: subprocess.CalledProcessError) -> str:
    """What a program that failed (mpy-cross) said on stderr; when it said nothing, its name and exit status, so
    the error line is never empty."""
    command = error.cmd if isinstance(error.cmd, (list, tuple)) else str(error.cmd).split()
    return (error.stderr or "").strip() or "%s exited with status %d" % (Path(command[0]).name, error.returncode)


DESCRIPTION = """Put the firmware on the board (MicroPython 1.23 or newer, reached through mpremote), sending
only what changed, then reset it so the app starts with it.

The board is looked at first (its MicroPython, which .mpy files it reads, what it holds). The
firmware is compiled with mpy-cross for it, or sent as .py sources when the board would not read
what this mpy-cross makes. A board whose MicroPython has a ROMFS partition (the product firmware,
hardware/BUILD.md) gets the code as one ROMFS image, so it runs from flash and leaves the heap to
the game; any other board gets .mpy files on its littlefs. main.py goes last, so a deploy cut
short still leaves a board that starts; what the firmware's folders hold that it no longer has
is removed after it. Saved games (beside main.py) are kept, and so is anything outside the
firmware's folders. Everything sent is checked against the board's own listing before the reset.

The simulator runs the firmware of this crib itself: there is nothing to deploy to it.
--dry-run prints the plan and changes nothing (a board found is listed, which stops its app: it
is reset afterwards)."""


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib deploy` (``name``) to its ``parser``, and its description."""
    parser.description, parser.formatter_class = DESCRIPTION, argparse.RawDescriptionHelpFormatter
    add_device_argument(parser, simulator=False)
    parser.add_argument("--dry-run", action="store_true",
                        help="show the plan; change nothing on the board (a board found is listed, then reset)")
    parser.add_argument("--no-compile", action="store_true",
                        help="send .py sources instead of mpy-cross output (as files: not with --romfs)")
    parser.add_argument("--force", action="store_true", help="copy every file, even those unchanged")
    parser.add_argument("--romfs", action=argparse.BooleanOptionalAction, default=None,
                        help="put the compiled packages in the board's ROMFS partition (--no-romfs: as files on "
                             "its littlefs); default: the partition when the board has one")
    parser.set_defaults(func=run)
