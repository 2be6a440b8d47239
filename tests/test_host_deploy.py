"""`crib deploy`: the mpy-cross step for real, the .mpy compatibility rule against the real
loader, the board listing run on real MicroPython, the plan, and the exact mpremote calls;
with a ROMFS partition, the image mounted and imported from on real MicroPython."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from host_helpers import free_port
from mpremote.romfs import make_romfs
from rich.console import Console

from host_tools.board import devices
from host_tools.commands import deploy as deploy_module
from host_tools.commands.deploy import HEAP_NOTE, DeployError, deploy, mpremote_commands
from host_tools.deploy.board_probe import BoardListing, parse_probe, probe_code
from host_tools.deploy.mpy import ARCHES, MpyFormat, compile_module, module_name, why_not_loadable
from host_tools.deploy.plan import (
    BoardFile,
    LocalFile,
    RomImage,
    RomPartition,
    Step,
    make_plan,
    make_romfs_plan,
    mismatches,
)
from host_tools.deploy.romfs_image import build_romfs_image
from micropython_env import RP2040_HEAP, micropython_reads, run_micropython, tool

VIPER = "import micropython\n\n@micropython.viper\ndef add(x: int) -> int:\n    return x + 1\n"
PLAIN = "def add(x):\n    return x + 1\n"


def mpy_cross_emits() -> tuple[int, int]:
    """The .mpy version mpy-cross says it emits (``--version``: '... emitting mpy v6.3')."""
    text = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout
    found = re.search(r"mpy v(\d+)\.(\d+)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2))


def test_mpy_cross_output_headers(tmp_path: Path) -> None:
    version, sub = mpy_cross_emits()
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "plain.py").write_text(PLAIN)
    (tmp_path / "pkg" / "fast.py").write_text(VIPER)
    plain = compile_module(tmp_path, "pkg/plain.py", tmp_path / "out" / "plain.mpy", "armv6m")
    fast = compile_module(tmp_path, "pkg/fast.py", tmp_path / "out" / "fast.mpy", "armv6m")
    raw_plain = (tmp_path / "out" / "plain.mpy").read_bytes()
    raw_fast = (tmp_path / "out" / "fast.mpy").read_bytes()
    # Bytecode only: no arch in the feature byte; native (viper) code: armv6m (4) << 2 | sub-version.
    assert raw_plain[:4] == bytes([ord("M"), version, 0, 31])
    assert raw_fast[:4] == bytes([ord("M"), version, 4 << 2 | sub, 31])
    assert plain == MpyFormat(version, 0, None) and fast == MpyFormat(version, sub, "armv6m")
    # The name for tracebacks: the module's dotted name (an interned string on the board anyway), not its path.
    assert b"pkg.fast\x00" in raw_fast and b"pkg/fast" not in raw_fast


def test_the_name_in_a_compiled_module_is_its_import_name() -> None:
    assert module_name("cribbage/cards.py") == "cribbage.cards"
    assert module_name("app/modes/peg.py") == "app.modes.peg"
    assert module_name("cribbage/__init__.py") == "cribbage"


def test_sys_mpy_decoding_matches_the_unix_port() -> None:
    version, sub = mpy_cross_emits()
    reads = micropython_reads()
    assert (reads.version, reads.sub_version) == (version, sub)
    assert reads.arch in ("x64", "x86", "armv7m", "armv6", "rv64imc")  # whatever machine runs the tests
    assert MpyFormat.from_sys_mpy(6 | (3 | 4 << 2) << 8) == MpyFormat(6, 3, "armv6m")


def test_compatibility_rule_agrees_with_the_real_loader(tmp_path: Path) -> None:
    """Mutated headers: our rule says 'loadable' exactly when the real MicroPython imports the file."""
    board = micropython_reads()
    (tmp_path / "plain.py").write_text(PLAIN)
    (tmp_path / "fast.py").write_text(VIPER)
    compile_module(tmp_path, "plain.py", tmp_path / "plain.mpy", board.arch)
    compile_module(tmp_path, "fast.py", tmp_path / "fast_here.mpy", board.arch)
    compile_module(tmp_path, "fast.py", tmp_path / "fast_arm.mpy", "armv6m" if board.arch != "armv6m" else "x64")
    cases = []
    for name in ("plain.mpy", "fast_here.mpy", "fast_arm.mpy"):
        raw = (tmp_path / name).read_bytes()
        cases.append(raw)
        cases.append(raw[:1] + bytes([raw[1] - 1]) + raw[2:])  # older .mpy version
        if raw[2]:
            cases.append(raw[:2] + bytes([raw[2] & ~3 | (raw[2] - 1) & 3]) + raw[3:])  # other sub-version
    for i, raw in enumerate(cases):
        module = tmp_path / "case"
        module.mkdir(exist_ok=True)
        (module / ("m%d.mpy" % i)).write_bytes(raw)
        done = run_micropython(["-c", "import sys; sys.path.insert(0, %r); import m%d" % (str(module), i)])
        loads = done.returncode == 0
        assert loads == (why_not_loadable(MpyFormat.from_header(raw), board) is None), (raw[:4], done.stderr)
    assert sum(why_not_loadable(MpyFormat.from_header(raw), board) is None for raw in cases) == 2


def test_board_listing_runs_on_micropython(tmp_path: Path) -> None:
    root = tmp_path / "board"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "mod.py").write_bytes(b"x = 1\n" * 500)  # several read buffers
    (root / "main.py").write_bytes(b"")
    code = probe_code(["main.py", "pkg/mod.py", "pkg/mod.mpy", "pkg"], ["pkg", "app"], root=str(root) + "/")
    (tmp_path / "probe.py").write_text(code)
    listing = parse_probe(run_micropython([str(tmp_path / "probe.py")]).stdout)
    import hashlib
    assert listing.files == {
        "main.py": BoardFile(0, hashlib.sha256(b"").hexdigest()),
        "pkg/mod.py": BoardFile(3000, hashlib.sha256(b"x = 1\n" * 500).hexdigest()),
    }
    assert listing.dirs == {"pkg"} and listing.can_hash and listing.mpy == micropython_reads()
    assert listing.rom is None  # the unix port has no vfs.rom_ioctl, like stock rp2 firmware


# --- the plan -------------------------------------------------------------------------

def lf(path: str, content: str = "") -> LocalFile:
    """A LocalFile going to ``path`` holding ``content`` (default: the path itself, so every file differs)."""
    import hashlib
    data = (content or path).encode()
    return LocalFile(path, Path("/src") / path, len(data), hashlib.sha256(data).hexdigest())


LOCAL = [lf("main.py"), lf("app/modes/peg.mpy"), lf("board.json"), lf("app/__init__.mpy"),
         lf("cribbage/show.mpy"), lf("cribbage/table.json")]


def same(files: list[LocalFile]) -> dict[str, BoardFile]:
    """A board listing holding exactly ``files``."""
    return {f.path: BoardFile(f.size, f.sha256) for f in files}


def test_plan_for_an_empty_board() -> None:
    plan = make_plan(LOCAL, {}, set())
    assert [(s.op, s.path) for s in plan.steps] == [
        ("mkdir", "app"), ("mkdir", "cribbage"), ("mkdir", "app/modes"),
        ("cp", "app/__init__.mpy"), ("cp", "app/modes/peg.mpy"), ("cp", "board.json"),
        ("cp", "cribbage/show.mpy"), ("cp", "cribbage/table.json"), ("cp", "main.py"),
    ]
    assert plan.skipped == []


def test_plan_skips_what_is_unchanged_and_removes_stale_twins() -> None:
    board = same(LOCAL)
    board["cribbage/show.mpy"] = BoardFile(3, "0" * 64)  # changed
    board["main.py"] = BoardFile(LOCAL[0].size, "f" * 64)  # same size, other content
    board["app/modes/peg.py"] = BoardFile(10, "a" * 64)  # an old source would shadow the new .mpy
    board["cribbage/other.py"] = BoardFile(10, "b" * 64)  # not ours to touch
    plan = make_plan(LOCAL, board, {"app", "app/modes", "cribbage"})
    assert [(s.op, s.path) for s in plan.steps] == [
        ("cp", "cribbage/show.mpy"), ("rm", "app/modes/peg.py"), ("cp", "main.py")]
    assert sorted(f.path for f in plan.skipped) == [
        "app/__init__.mpy", "app/modes/peg.mpy", "board.json", "cribbage/table.json"]
    assert make_plan(LOCAL, same(LOCAL), {"app", "app/modes", "cribbage"}).steps == []


def test_plan_force_and_a_board_that_cannot_hash() -> None:
    dirs = {"app", "app/modes", "cribbage"}
    forced = make_plan(LOCAL, same(LOCAL), dirs, force=True)
    assert [s.path for s in forced.steps if s.op == "cp"][-1] == "main.py" and len(forced.steps) == len(LOCAL)
    blind = {f.path: BoardFile(f.size, None) for f in LOCAL}
    assert len(make_plan(LOCAL, blind, dirs).steps) == len(LOCAL)
    assert mismatches(LOCAL, blind) == []  # sizes agree: all the board can tell
    assert mismatches(LOCAL, {**same(LOCAL), "board.json": BoardFile(1, None)}) == ["board.json"]


def test_mpremote_command_is_one_chain() -> None:
    steps = [Step("mkdir", "app"), Step("cp", "app/x.mpy", Path("/b/app/x.mpy")), Step("rm", "app/x.py")]
    assert mpremote_commands("COM3", steps) == [
        "connect", "COM3", "mkdir", ":app", "+", "cp", "/b/app/x.mpy", ":app/x.mpy", "+", "rm", ":app/x.py"]


# --- deploy end to end, with mpremote replaced by a fake board on disk ----------------

# What the rp2 port's vfs.rom_ioctl answers (rp2_flash.c): 1 segment, segment 0 readable as a buffer
# (there an rp2.Flash object, here the partition's bytes), -EINVAL for anything else.
FAKE_ROM_IOCTL = """
def rom_ioctl(op, *args):
    if op == 1:
        return %(segments)d
    if op == 2 and args == (0,):
        with open(%(partition)r, "rb") as f:
            return f.read()
    return -22
"""


def with_rom_ioctl(code: str, partition: Path, segments: int = 1) -> str:
    """The probe ``code`` on a MicroPython whose vfs.rom_ioctl reads ``partition`` (a file)."""
    fake = FAKE_ROM_IOCTL % {"segments": segments, "partition": str(partition)}
    return code.replace("\n_crib_probe(", fake + "_crib_probe(")


class FakeMpremote:
    """Does what mpremote would on a board whose flash is a folder, and whose ROMFS partition (if
    ``rom_size``) is a file of that size; the listing runs on real MicroPython."""

    def __init__(self, root: Path, mpy: int | None = None, rom_size: int | None = None,
                 version: list[int] | None = None) -> None:
        self.root = root
        self.calls: list[list[str]] = []
        # Pretend the board reads another .mpy version, or runs another MicroPython release.
        self.pretend = {key: value for key, value in (("mpy", mpy), ("version", version)) if value is not None}
        self.rom = None
        if rom_size is not None:
            self.rom = root.parent / "rom.bin"
            self.rom.write_bytes(b"\xff" * rom_size)  # erased flash

    def __call__(self, args: list[str]) -> str:
        self.calls.append(list(args))
        assert args[:2] == ["connect", "/dev/ttyACM0"]
        commands = args[2:]
        if commands[0] == "exec":
            code = commands[1].replace("_crib_probe('/', ", "_crib_probe(%r, " % (str(self.root) + "/"))
            if self.rom is not None:
                code = with_rom_ioctl(code, self.rom)
            script = self.root.parent / "probe.py"
            script.write_text(code)
            # The fake partition is read into the heap (on the board it is flash): room for it.
            out = run_micropython([str(script)], heap="2M" if self.rom is not None else RP2040_HEAP).stdout
            if self.pretend:
                marker, data = out.split(" ", 1)
                out = marker + " " + json.dumps(dict(json.loads(data), **self.pretend)) + "\n"
            return out
        for command in _split(commands):
            op, *operands = command
            if op == "mkdir":
                (self.root / operands[0][1:]).mkdir()
            elif op == "cp":
                shutil.copyfile(operands[0], self.root / operands[1][1:])
            elif op == "rm" and operands[0] == "-r":
                shutil.rmtree(self.root / operands[1][1:])
            elif op == "rm":
                (self.root / operands[0][1:]).unlink()
            elif op == "romfs":
                self.romfs_deploy(operands)
        return ""

    def romfs_deploy(self, operands: list[str]) -> None:
        """``romfs deploy IMAGE``: like mpremote, erase and write whole 4 KB blocks from the start."""
        assert self.rom is not None and operands[0] == "deploy" and operands[1].endswith(".romfs")
        image = Path(operands[1]).read_bytes()
        partition = self.rom.read_bytes()
        assert len(image) <= len(partition), "mpremote: ROMFS image is too big for the target partition"
        written = image + bytes(-len(image) % 4096)
        self.rom.write_bytes(written + partition[len(written):])


def _split(commands: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for word in commands:
        if word == "+":
            out.append([])
        else:
            out[-1].append(word)
    return out


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path, Path]:
    firmware = tmp_path / "firmware"
    (firmware / "pkg").mkdir(parents=True)
    (firmware / "main.py").write_text("import pkg.mod\n")
    (firmware / "pkg" / "__init__.py").write_text("")
    (firmware / "pkg" / "mod.py").write_text(PLAIN)
    (firmware / "pkg" / "data.json").write_text("{}")
    (firmware / "pkg" / "__pycache__").mkdir()
    (firmware / "pkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"x")
    board_json = tmp_path / "board.json"
    board_json.write_text('{"version": 1}')
    board = tmp_path / "flash"
    board.mkdir()
    return firmware, board_json, board


def test_deploy_calls_and_what_lands(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board)
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    asked = ["board.json", "main.py", "pkg.mpy", "pkg.py",  # (a module of the package's name: ROMFS would lose to it)
             "pkg/__init__.mpy", "pkg/__init__.py", "pkg/data.json", "pkg/mod.mpy", "pkg/mod.py"]
    assert fake.calls[0] == ["connect", "/dev/ttyACM0", "exec", probe_code(asked, ["pkg"])]
    copy = fake.calls[1]
    assert [w for w in copy if w.startswith(":") or w in ("mkdir", "cp", "+")] == [
        "mkdir", ":pkg", "+", "cp", ":board.json", "+", "cp", ":pkg/__init__.mpy", "+", "cp", ":pkg/data.json",
        "+", "cp", ":pkg/mod.mpy", "+", "cp", ":main.py"]
    assert copy[copy.index(":board.json") - 1] == str(board_json)
    assert copy[copy.index(":main.py") - 1] == str(firmware / "main.py")
    assert copy[copy.index(":pkg/mod.mpy") - 1].endswith("pkg/mod.mpy")
    assert fake.calls[2][:3] == ["connect", "/dev/ttyACM0", "exec"]  # the verification listing
    assert fake.calls[3] == ["connect", "/dev/ttyACM0", "reset"] and len(fake.calls) == 4
    assert sorted(p.relative_to(board).as_posix() for p in board.rglob("*")) == [
        "board.json", "main.py", "pkg", "pkg/__init__.mpy", "pkg/data.json", "pkg/mod.mpy"]
    assert (board / "pkg" / "mod.mpy").read_bytes()[:1] == b"M"
    # What landed runs: main.py imports the compiled module on real MicroPython.
    done = run_micropython(["-c", "import sys; sys.path.insert(0, %r); import pkg.mod; print(pkg.mod.add(1))"
                            % str(board)])
    assert done.stdout.strip() == "2", done.stderr

    # Nothing changed: no copy, only the listing, its verification and the reset.
    fake.calls.clear()
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    assert plan.steps == [] and len(plan.skipped) == 5
    assert [c[2] for c in fake.calls] == ["exec", "exec", "reset"]

    # One module changed, and an old source of it sits on the board: copy it, then remove the twin.
    (firmware / "pkg" / "mod.py").write_text(PLAIN + "\nY = 2\n")
    shutil.copyfile(firmware / "pkg" / "mod.py", board / "pkg" / "mod.py")
    fake.calls.clear()
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    copy = fake.calls[1]
    assert [w for w in copy[2:] if not w.startswith("/")] == ["cp", ":pkg/mod.mpy", "+", "rm", ":pkg/mod.py"]
    assert not (board / "pkg" / "mod.py").exists()


def test_native_twins_join_their_package_compiled_for_the_board(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    native = firmware.with_name("firmware_native")  # beside firmware/, as in the repository
    (native / "pkg").mkdir(parents=True)
    (native / "pkg" / "fast.py").write_text(VIPER)
    deploy("a0", runner=FakeMpremote(board), firmware=firmware, board_json=board_json)
    raw = (board / "pkg" / "fast.mpy").read_bytes()
    assert MpyFormat.from_header(raw[:4]).arch == micropython_reads().arch and b"pkg.fast\x00" in raw
    done = run_micropython(["-c", "import sys; sys.path.insert(0, %r); import pkg.fast; print(pkg.fast.add(1))"
                            % str(board)])
    assert done.stdout.strip() == "2", done.stderr  # what landed runs, native code and all


def test_a_native_twin_the_board_cannot_load_goes_as_its_source_and_the_rest_compiled(
        tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    native = firmware.with_name("firmware_native")
    (native / "pkg").mkdir(parents=True)
    (native / "pkg" / "fast.py").write_text(VIPER)
    reads = micropython_reads()
    other = reads.sub_version ^ 1  # a board reading bytecode v6, native code of another sub-version
    fake = FakeMpremote(board, mpy=reads.version | other << 8 | ARCHES.index(reads.arch) << 10)
    said = io.StringIO()
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=Console(file=said, width=400))
    landed = sorted(p.relative_to(board).as_posix() for p in board.rglob("*.*"))
    assert landed == ["board.json", "main.py", "pkg/__init__.mpy", "pkg/data.json", "pkg/fast.py", "pkg/mod.mpy"]
    assert "compiled 2 modules" in said.getvalue() and "1 sent as sources" in said.getvalue(), said.getvalue()


def test_the_firmware_takes_its_plain_twins_where_the_native_mpy_does_not_load(tmp_path: Path) -> None:
    repository = Path(__file__).resolve().parent.parent
    for package in ("app", "hal", "shared", "cribbage"):
        shutil.copytree(repository / "firmware" / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    reads = micropython_reads()
    for twin in ("hal/viper", "app/power_viper"):
        compiled = tmp_path / (twin + ".mpy")
        compile_module(repository / "firmware_native", twin + ".py", compiled, reads.arch)
        raw = bytearray(compiled.read_bytes())
        raw[2] ^= 1  # another sub-version: the loader refuses the file with a ValueError
        compiled.write_bytes(raw)
    done = run_micropython(["-c", "import sys; sys.path.insert(0, %r); import hal.chain, hal.samples, "
                            "app.power; print(sorted(m for m in sys.modules if m.endswith('_plain')))"
                            % str(tmp_path)])
    assert done.stdout.strip() == "['app.power_plain', 'hal.chain_plain', 'hal.samples_plain']", done.stderr


def test_deploy_falls_back_to_sources_for_another_mpy_version(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board, mpy=5 | (4 << 2) << 8)  # MicroPython 1.12-1.18 on a Pico: .mpy v5
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    assert sorted(p.relative_to(board).as_posix() for p in board.rglob("*.py")) == [
        "main.py", "pkg/__init__.py", "pkg/mod.py"]
    assert not list(board.rglob("*.mpy"))


def test_no_compile_sends_sources_and_removes_old_mpy(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board)
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    fake.calls.clear()
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, compile_modules=False)
    words = [w for w in fake.calls[1][2:] if not w.startswith("/")]
    assert words == ["cp", ":pkg/__init__.py", "+", "cp", ":pkg/mod.py", "+", "rm", ":pkg/__init__.mpy", "+",
                     "rm", ":pkg/mod.mpy"]


def test_dry_run_changes_nothing(tree: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board)
    plan = deploy("a0", dry_run=True, runner=fake, firmware=firmware, board_json=board_json)
    assert [c[2] for c in fake.calls] == ["exec", "reset"]
    assert list(board.iterdir()) == []
    assert [s.path for s in plan.steps][-1] == "main.py" and plan.steps[0] == Step("mkdir", "pkg", why="new directory")
    # Without any board: no mpremote call at all, a plan for an empty board.
    monkeypatch.setattr(devices.list_ports, "comports", list)
    calls: list[list[str]] = []
    plan = deploy("auto", dry_run=True, runner=calls.append, firmware=firmware, board_json=board_json)  # type: ignore[arg-type]
    assert calls == [] and len([s for s in plan.steps if s.op == "cp"]) == 5


def test_deploy_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from host_tools.cli import main
    monkeypatch.setattr(devices.list_ports, "comports", list)
    assert main(["deploy", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "no board found" in out and "compiled" in out and ":main.py" in out
    assert main(["deploy"]) == 1
    assert "no board found" in capsys.readouterr().err
    # The real mpremote, with nothing at the address: its reason, on one line.
    assert main(["deploy", "-d", "socket://127.0.0.1:%d" % free_port()]) == 1
    err = capsys.readouterr().err
    assert err.startswith("crib deploy: error: mpremote failed: ") and "failed to access socket://" in err
    monkeypatch.setattr(deploy_module, "run_mpremote", lambda args: "MicroPython v1.24\n>>> ")
    assert main(["deploy", "-d", "a0"]) == 1
    assert "did not answer the listing" in capsys.readouterr().err


@pytest.mark.parametrize(("stderr", "said"), [
    ("", "mpy-cross exited with status 1"),  # a review: "crib deploy: error: " and nothing
    ("  \n", "mpy-cross exited with status 1"),
    ("pkg/mod.py:1: SyntaxError: invalid syntax\n", "pkg/mod.py:1: SyntaxError: invalid syntax"),
])
def test_a_program_that_fails_is_said_even_when_it_says_nothing(stderr: str, said: str,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from host_tools.cli import main

    def mpy_cross_fails(*args: object, **kwargs: object) -> None:
        raise subprocess.CalledProcessError(1, ["/somewhere/bin/mpy-cross", "-o", "x.mpy", "x.py"], "", stderr)

    monkeypatch.setattr(deploy_module, "deploy", mpy_cross_fails)
    assert main(["deploy", "--dry-run"]) == 1
    assert capsys.readouterr().err == "crib deploy: error: %s\n" % said


class BoardOverTcp:
    """What a socket:// address may be: the app's protocol answers each JSON line; with ``repl``,
    MicroPython's raw REPL answers Ctrl-A (a board on an emulated chip, or behind a serial-to-TCP
    bridge); without, it is a simulator. Takes any number of connections, one at a time."""

    def __init__(self, repl: bool) -> None:
        self.repl = repl
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            with conn:
                pending = b""
                while data := conn.recv(256):
                    if self.repl and b"\x01" in data:
                        conn.sendall(b"raw REPL; CTRL-B to exit\r\n>")
                    pending += data
                    while b"\n" in pending:
                        line, pending = pending.split(b"\n", 1)
                        try:
                            request = json.loads(line)
                        except ValueError:
                            continue
                        conn.sendall(json.dumps({"ok": True, "id": request["id"], "state": {}}).encode() + b"\n")


def test_a_board_over_tcp_is_deployed_to_and_a_simulator_is_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both answer the protocol while the app runs; only a board answers the REPL as well. (A
    board was taken for the simulator once it ran the app: the second deploy to an emulated chip
    was refused.)"""
    monkeypatch.setattr(deploy_module, "REPL_PROBE_S", 1.0)
    board, simulator = BoardOverTcp(repl=True), BoardOverTcp(repl=False)
    try:
        assert not deploy_module.simulator_at(board.url)
        assert deploy_module.simulator_at(simulator.url)
    finally:
        board.listener.close()
        simulator.listener.close()


# --- ROMFS -------------------------------------------------------------------------------

def test_romfs_image_mounts_and_imports_on_micropython(tmp_path: Path, compiled_firmware: Callable[..., Path]) -> None:
    # the firmware's packages compiled by mpy-cross (bytecode only, so the unix port loads them)
    compiled = Path(shutil.copytree(compiled_firmware(), tmp_path / "lib"))
    (compiled / "main.mpy").write_bytes(b"M")  # a top-level file: left out of the image
    image = build_romfs_image(compiled)
    assert image[:3] == b"\xd2\xcd\x31" and image == build_romfs_image(compiled)
    # The same bytes as mpremote's own `romfs build` of the tree the image holds.
    tree = tmp_path / "tree"
    shutil.copytree(compiled, tree, ignore=shutil.ignore_patterns("main.mpy"))
    assert make_romfs(str(tree), mpy_cross=False) == image
    (tmp_path / "crib.romfs").write_bytes(image)
    (tmp_path / "empty").mkdir()
    script = tmp_path / "rom.py"
    script.write_text(
        "import os, sys, vfs\n"
        "vfs.mount(vfs.VfsRom(open(%r, 'rb').read()), '/rom')\n"
        "os.chdir(%r)\n"  # '' (the littlefs on the board) holds no packages
        "sys.path[:] = ['', '.frozen', '/rom', '/rom/lib']\n"
        "import cribbage.match, app.board\n"
        "match = cribbage.match.Match()\n"
        "print(cribbage.match.__file__, app.board.__file__, sorted(os.listdir('/rom')),"
        " match.state() is not None)\n"
        % (str(tmp_path / "crib.romfs"), str(tmp_path / "empty")))
    done = run_micropython([str(script)])
    assert done.stdout.split() == ["/rom/cribbage/match.mpy", "/rom/app/board.mpy", "['app',", "'cribbage',",
                                   "'hal',", "'shared']", "True"], done.stderr


def test_romfs_image_refuses_sources(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(PLAIN)
    with pytest.raises(ValueError, match="compile it with mpy-cross first"):
        build_romfs_image(tmp_path)


def probe_rom(tmp_path: Path, partition: bytes | None, segments: int = 1) -> BoardListing:
    """Run the probe on real MicroPython whose vfs.rom_ioctl serves ``partition``."""
    code = probe_code([], [], root=str(tmp_path) + "/")
    if partition is not None:
        (tmp_path / "rom.bin").write_bytes(partition)
        code = with_rom_ioctl(code, tmp_path / "rom.bin", segments)
    (tmp_path / "probe.py").write_text(code)
    done = run_micropython([str(tmp_path / "probe.py")])
    return parse_probe(done.stdout + done.stderr)


def test_probe_reports_the_rom_partition_on_micropython(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "x.mpy").write_bytes(b"M\x06\x00\x1f" + bytes(300))
    image = build_romfs_image(tmp_path)
    sha = hashlib.sha256(image).hexdigest()
    size = 64 * 1024
    assert probe_rom(tmp_path, image + b"\xff" * (size - len(image))).rom == RomPartition(size, len(image), sha)
    # What mpremote leaves after a smaller image: its blocks padded with zeros, the old bytes after them.
    assert probe_rom(tmp_path, image + bytes(100) + image).rom == RomPartition(2 * len(image) + 100, len(image), sha)
    assert probe_rom(tmp_path, b"\xff" * size).rom == RomPartition(size, None, None)  # erased: no image
    assert probe_rom(tmp_path, image[:-1]).rom == RomPartition(len(image) - 1, None, None)  # cut short
    assert probe_rom(tmp_path, image, segments=0).rom is None
    assert probe_rom(tmp_path, image, segments=-22).rom is None  # rp2 built without a partition: -EINVAL
    assert probe_rom(tmp_path, None).rom is None  # no vfs.rom_ioctl at all (stock firmware, 1.23, 1.24)


IMAGE = RomImage(Path("/tmp/crib.romfs"), 1000, "a" * 64, ("app", "cribbage", "hal"))
TOP = [lf("main.py"), lf("board.json")]


def test_romfs_plan() -> None:
    # A board that had the packages as files: write the image, remove the littlefs copies, main.py last.
    board = same(TOP)
    board["main.py"] = BoardFile(1, "b" * 64)
    plan = make_romfs_plan(IMAGE, RomPartition(256 * 1024, None, None), TOP, board, {"app", "app/modes", "cribbage"})
    assert [(s.op, s.path, s.why) for s in plan.steps] == [
        ("romfs", "rom", "new image"), ("rmtree", "app", "would shadow /rom/app"),
        ("rmtree", "cribbage", "would shadow /rom/cribbage"), ("cp", "main.py", "changed")]
    assert plan.steps[0].source == IMAGE.source and plan.image == IMAGE and plan.skipped == [TOP[1]]
    # The same image already in the partition: nothing to do.
    there = RomPartition(256 * 1024, 1000, "a" * 64)
    assert make_romfs_plan(IMAGE, there, TOP, same(TOP), set()).steps == []
    assert [s.why for s in make_romfs_plan(IMAGE, there, TOP, same(TOP), set(), force=True).steps] == [
        "forced", "forced", "forced"]
    changed = make_romfs_plan(IMAGE, RomPartition(256 * 1024, 1000, "c" * 64), TOP, same(TOP), set())
    assert [(s.op, s.why) for s in changed.steps] == [("romfs", "image changed")]
    blind = make_romfs_plan(IMAGE, RomPartition(256 * 1024, 1000, None), TOP, same(TOP), set())
    assert [(s.op, s.why) for s in blind.steps] == [("romfs", "board cannot hash: written to be sure")]
    # Another project's module of a package's name on the littlefs: imported before /rom's package, so it goes.
    foreign = dict(same(TOP), **{"hal.py": BoardFile(10, "d" * 64)})
    assert [(s.op, s.path, s.why) for s in make_romfs_plan(IMAGE, there, TOP, foreign, set()).steps] == [
        ("rm", "hal.py", "would shadow /rom/hal")]
    # An empty board: the littlefs gets main.py and board.json only.
    fresh = make_romfs_plan(IMAGE, None, TOP, {}, set())
    assert [(s.op, s.path) for s in fresh.steps] == [("romfs", "rom"), ("cp", "board.json"), ("cp", "main.py")]


def test_mpremote_romfs_and_tree_removal() -> None:
    steps = [Step("romfs", "rom", Path("/t/crib.romfs")), Step("rmtree", "app"), Step("cp", "main.py", Path("/m.py"))]
    assert mpremote_commands("COM3", steps) == [
        "connect", "COM3", "romfs", "deploy", "/t/crib.romfs", "+", "rm", "-r", ":app", "+", "cp", "/m.py", ":main.py"]


def quiet() -> tuple[Console, io.StringIO]:
    """A console writing into a string."""
    out = io.StringIO()
    return Console(file=out, width=200), out


def run_mounted(rom: Path, board: Path, then: str) -> subprocess.CompletedProcess[str]:
    """MicroPython with the partition ``rom`` mounted at /rom as a board mounts it at boot (read whole
    into a 2 MB heap), in the folder ``board``, importing ``pkg.mod`` from there, then running ``then``."""
    script = board.parent / "mount.py"
    script.write_text(
        "import os, sys, vfs\n"
        "vfs.mount(vfs.VfsRom(open(%r, 'rb').read()), '/rom')\n"
        "os.chdir(%r)\n"
        "sys.path[:] = ['', '.frozen', '/rom', '/rom/lib']\n"
        "import pkg.mod\n" % (str(rom), str(board)) + then)
    return run_micropython([str(script)], heap="2M")


def test_deploy_to_a_romfs_partition(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board, rom_size=256 * 1024)
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, romfs=False, console=quiet()[0])
    assert (board / "pkg" / "mod.mpy").exists()  # the packages as files, as on a stock board
    fake.calls.clear()
    console, out = quiet()
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=console)
    # One chain: write the image, remove the littlefs package; main.py and board.json are unchanged.
    assert fake.calls[1][:4] == ["connect", "/dev/ttyACM0", "romfs", "deploy"]
    assert fake.calls[1][4].endswith("/crib.romfs") and fake.calls[1][5:] == ["+", "rm", "-r", ":pkg"]
    assert [c[2] for c in fake.calls] == ["exec", "romfs", "exec", "reset"] and len(fake.calls) == 4
    assert plan.image is not None and plan.image.packages == ("pkg",)
    assert "ROMFS image of pkg (at /rom): %d bytes for a partition of 262144" % plan.image.size in out.getvalue()
    assert sorted(p.relative_to(board).as_posix() for p in board.rglob("*")) == ["board.json", "main.py"]
    # The partition, mounted at /rom as MicroPython does at boot, serves the package to main.py's import.
    done = run_mounted(fake.rom, board, "print(pkg.mod.__file__, pkg.mod.add(1), open('/rom/pkg/data.json').read())\n")
    assert done.stdout.split() == ["/rom/pkg/mod.mpy", "2", "{}"], done.stdout + done.stderr

    # Nothing changed: the partition holds these very bytes, so no write; only the listings and the reset.
    fake.calls.clear()
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
    assert plan.steps == [] and [c[2] for c in fake.calls] == ["exec", "exec", "reset"]

    # A module changed: only the image is written again.
    (firmware / "pkg" / "mod.py").write_text(PLAIN + "\nY = 2\n")
    fake.calls.clear()
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
    assert [w for w in fake.calls[1] if not w.endswith(".romfs")] == ["connect", "/dev/ttyACM0", "romfs", "deploy"]


def test_romfs_image_too_big_changes_nothing(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board, rom_size=64)
    with pytest.raises(DeployError, match=r"the ROMFS image \(\d+ bytes\) does not fit the board's partition "
                                          r"\(64 bytes\): nothing changed"):
        deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
    assert [c[2] for c in fake.calls] == ["exec", "reset"]
    assert list(board.iterdir()) == [] and fake.rom is not None and fake.rom.read_bytes() == b"\xff" * 64


def test_without_a_partition_the_code_goes_to_files_and_heap(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board)
    console, out = quiet()
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=console)
    assert plan.image is None and (board / "pkg" / "mod.mpy").exists()
    assert out.getvalue().count(HEAP_NOTE) == 1 and "hardware/BUILD.md" in HEAP_NOTE
    with pytest.raises(DeployError, match="has no ROMFS partition"):
        deploy("a0", runner=fake, firmware=firmware, board_json=board_json, romfs=True, console=quiet()[0])


def test_romfs_flags(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board, rom_size=256 * 1024)
    with pytest.raises(DeployError, match="--romfs needs the modules compiled"):
        deploy("a0", runner=fake, firmware=firmware, board_json=board_json, romfs=True, compile_modules=False,
               console=quiet()[0])
    fake.calls.clear()
    console, out = quiet()
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json, compile_modules=False, console=console)
    assert plan.image is None and "ROMFS partition left alone" in out.getvalue()
    assert (board / "pkg" / "mod.py").exists() and fake.rom is not None and fake.rom.read_bytes()[:1] == b"\xff"


def test_romfs_dry_run(tree: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch,
                       capsys: pytest.CaptureFixture[str]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board, rom_size=256 * 1024)
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, romfs=False, console=quiet()[0])
    before = sorted(p.relative_to(board).as_posix() for p in board.rglob("*"))
    fake.calls.clear()
    console, out = quiet()
    plan = deploy("a0", dry_run=True, runner=fake, firmware=firmware, board_json=board_json, console=console)
    assert [c[2] for c in fake.calls] == ["exec", "reset"]
    assert sorted(p.relative_to(board).as_posix() for p in board.rglob("*")) == before
    assert plan.image is not None and [s.op for s in plan.steps] == ["romfs", "rmtree"]
    text = out.getvalue()
    assert "for a partition of 262144 (" in text and "removed from the littlefs (the image replaces them): pkg" in text
    # No board, --romfs: the plan with the image, the partition unknown.
    from host_tools.cli import main
    monkeypatch.setattr(devices.list_ports, "comports", list)
    assert main(["deploy", "--dry-run", "--romfs"]) == 0
    printed = capsys.readouterr().out
    assert "ROMFS image of app cribbage hal shared (at /rom)" in printed and "partition size unknown" in printed


def other_native_sub_version() -> int:
    """``sys.implementation._mpy`` of a board that reads this port's bytecode but native code of another sub-version."""
    reads = micropython_reads()
    return reads.version | (reads.sub_version ^ 1) << 8 | ARCHES.index(reads.arch) << 10


def test_romfs_leaves_out_a_native_twin_the_board_cannot_load(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    native = firmware.with_name("firmware_native")
    (native / "pkg").mkdir(parents=True)
    (native / "pkg" / "fast.py").write_text(VIPER)
    fake = FakeMpremote(board, mpy=other_native_sub_version(), rom_size=256 * 1024)
    console, out = quiet()
    plan = deploy("a0", dry_run=True, runner=fake, firmware=firmware, board_json=board_json, console=console)
    assert [c[2] for c in fake.calls] == ["exec", "reset"] and plan.image is not None
    said = " ".join(out.getvalue().split())
    assert "left out of the ROMFS image, which holds no sources: pkg/fast.py" in said, said
    assert "plain twins" in said and "sent as sources" not in said
    fake.calls.clear()
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
    assert sorted(p.relative_to(board).as_posix() for p in board.rglob("*")) == ["board.json", "main.py"]
    # Mounted at /rom: the package imports, and its native twin is missing (the firmware's ImportError).
    done = run_mounted(fake.rom, board, "print(sorted(os.listdir('/rom/pkg')))\n"
                                        "try:\n"
                                        "    import pkg.fast\n"
                                        "except ImportError:\n"
                                        "    print('ImportError')\n")
    assert done.stdout.split() == ["['__init__.mpy',", "'data.json',", "'mod.mpy']", "ImportError"], (
        done.stdout + done.stderr)


def test_what_a_romfs_image_cannot_hold_is_a_deploy_error(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    (firmware / "pkg" / "fast.py").write_text(VIPER)  # native code outside firmware_native/: no plain twin
    fake = FakeMpremote(board, mpy=other_native_sub_version(), rom_size=256 * 1024)
    for dry_run in (True, False):
        fake.calls.clear()
        with pytest.raises(DeployError, match=r"cannot build the ROMFS image: .*pkg/fast\.py is a source file.*"
                                              r"--no-romfs"):
            deploy("a0", dry_run=dry_run, runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
        assert [c[2] for c in fake.calls] == ["exec", "reset"]  # nothing changed; the app started again
    assert list(board.iterdir()) == [] and fake.rom is not None and fake.rom.read_bytes()[:1] == b"\xff"


def test_a_micropython_older_than_1_23_is_refused(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    fake = FakeMpremote(board, version=[1, 22, 2])
    with pytest.raises(DeployError, match=r"this board runs MicroPython 1\.22\.2; the firmware needs 1\.23 or later"):
        deploy("a0", dry_run=True, runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
    assert [c[2] for c in fake.calls] == ["exec", "reset"] and list(board.iterdir()) == []
    fake = FakeMpremote(board, version=[1, 23, 0])
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json, console=quiet()[0])
    assert (board / "pkg" / "mod.mpy").exists()


def test_a_deploy_that_fails_after_the_listing_leaves_the_board_running(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    (firmware / "pkg" / "mod.py").write_text("def add(x:\n")  # mpy-cross refuses it: no DeployError
    fake = FakeMpremote(board)
    with pytest.raises(subprocess.CalledProcessError):
        deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    assert [c[2] for c in fake.calls] == ["exec", "reset"]  # the listing stopped the app: started again
    fake.calls.clear()
    with pytest.raises(subprocess.CalledProcessError):
        deploy("a0", dry_run=True, runner=fake, firmware=firmware, board_json=board_json)
    assert [c[2] for c in fake.calls] == ["exec", "reset"]


def test_a_module_gone_from_the_firmware_goes_from_the_board(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    (firmware / "pkg" / "old.py").write_text(PLAIN)
    fake = FakeMpremote(board)
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    assert (board / "pkg" / "old.mpy").exists()
    (firmware / "pkg" / "old.py").unlink()  # removed (or renamed) in the firmware
    (board / "pkg" / "notes.txt").write_text("")  # anything else in a firmware folder: not the firmware's
    (board / "game.a").write_text("[]")  # a saved game, at the top: untouched
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    assert [(s.op, s.path, s.why) for s in plan.steps] == [
        ("rm", "pkg/notes.txt", "not in the firmware"), ("rm", "pkg/old.mpy", "not in the firmware")]
    assert not (board / "pkg" / "old.mpy").exists() and (board / "game.a").exists()


def test_a_package_gone_goes_after_main_py_which_no_longer_imports_it(tree: tuple[Path, Path, Path]) -> None:
    firmware, board_json, board = tree
    (firmware / "pkg" / "sub").mkdir()
    (firmware / "pkg" / "sub" / "__init__.py").write_text(PLAIN)
    fake = FakeMpremote(board)
    deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    shutil.rmtree(firmware / "pkg" / "sub")  # the package becomes a module: its folder would win over it
    (firmware / "pkg" / "sub.py").write_text(PLAIN)
    (firmware / "main.py").write_text("import pkg.sub\n")
    plan = deploy("a0", runner=fake, firmware=firmware, board_json=board_json)
    assert [(s.op, s.path) for s in plan.steps] == [("cp", "pkg/sub.mpy"), ("cp", "main.py"), ("rmtree", "pkg/sub")]
    assert not (board / "pkg" / "sub").exists() and (board / "pkg" / "sub.mpy").exists()
