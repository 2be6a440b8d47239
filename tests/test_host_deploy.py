"""`crib deploy`: the mpy-cross step for real, the .mpy compatibility rule against the real
loader, the board listing run on real MicroPython, the plan, and the exact mpremote calls."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from host_helpers import free_port

from host_tools import deploy as deploy_module
from host_tools import devices
from host_tools.board_probe import parse_probe, probe_code
from host_tools.deploy import deploy, mpremote_commands
from host_tools.deploy_plan import BoardFile, LocalFile, Step, make_plan, mismatches
from host_tools.mpy import MpyFormat, compile_module, why_not_loadable
from micropython_env import run_micropython, tool

VIPER = "import micropython\n\n@micropython.viper\ndef add(x: int) -> int:\n    return x + 1\n"
PLAIN = "def add(x):\n    return x + 1\n"


def mpy_cross_emits() -> tuple[int, int]:
    """The .mpy version mpy-cross says it emits (``--version``: '... emitting mpy v6.3')."""
    text = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout
    found = re.search(r"mpy v(\d+)\.(\d+)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2))


def unix_port_reads() -> MpyFormat:
    """What the unix-port micropython reports it reads (sys.implementation._mpy), decoded."""
    done = run_micropython(["-c", "import sys; print(sys.implementation._mpy)"])
    return MpyFormat.from_sys_mpy(int(done.stdout))


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
    assert b"pkg/fast.py" in raw_fast  # the name on the board, for tracebacks


def test_sys_mpy_decoding_matches_the_unix_port() -> None:
    version, sub = mpy_cross_emits()
    reads = unix_port_reads()
    assert (reads.version, reads.sub_version) == (version, sub)
    assert reads.arch in ("x64", "x86", "armv7m", "armv6", "rv64imc")  # whatever machine runs the tests
    assert MpyFormat.from_sys_mpy(6 | (3 | 4 << 2) << 8) == MpyFormat(6, 3, "armv6m")


def test_compatibility_rule_agrees_with_the_real_loader(tmp_path: Path) -> None:
    """Mutated headers: our rule says 'loadable' exactly when the real MicroPython imports the file."""
    board = unix_port_reads()
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
    assert listing.dirs == {"pkg"} and listing.can_hash and listing.mpy == unix_port_reads()


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

class FakeMpremote:
    """Does what mpremote would on a board whose flash is a folder; the listing runs on real MicroPython."""

    def __init__(self, root: Path, mpy: int | None = None) -> None:
        self.root = root
        self.calls: list[list[str]] = []
        self.mpy = mpy  # pretend the board reads another .mpy version

    def __call__(self, args: list[str]) -> str:
        self.calls.append(list(args))
        assert args[:2] == ["connect", "/dev/ttyACM0"]
        commands = args[2:]
        if commands[0] == "exec":
            code = commands[1].replace("_crib_probe('/', ", "_crib_probe(%r, " % (str(self.root) + "/"))
            script = self.root.parent / "probe.py"
            script.write_text(code)
            out = run_micropython([str(script)]).stdout
            if self.mpy is not None:
                marker, data = out.split(" ", 1)
                out = marker + " " + json.dumps(dict(json.loads(data), mpy=self.mpy)) + "\n"
            return out
        for command in _split(commands):
            op, *operands = command
            if op == "mkdir":
                (self.root / operands[0][1:]).mkdir()
            elif op == "cp":
                shutil.copyfile(operands[0], self.root / operands[1][1:])
            elif op == "rm":
                (self.root / operands[0][1:]).unlink()
        return ""


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
    asked = ["board.json", "main.py", "pkg/__init__.mpy", "pkg/__init__.py", "pkg/data.json", "pkg/mod.mpy",
             "pkg/mod.py"]
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
    monkeypatch.setattr(devices.list_ports, "comports", lambda: [])
    calls: list[list[str]] = []
    plan = deploy("auto", dry_run=True, runner=calls.append, firmware=firmware, board_json=board_json)  # type: ignore[arg-type]
    assert calls == [] and len([s for s in plan.steps if s.op == "cp"]) == 5


def test_deploy_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from host_tools.cli import main
    monkeypatch.setattr(devices.list_ports, "comports", lambda: [])
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
