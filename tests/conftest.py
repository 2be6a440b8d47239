import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from filelock import FileLock

# Shared test helpers (micropython_env, firmware/portable) are plain modules beside the tests.
HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE / "firmware"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import cribbage  # noqa: E402
import host_tools  # noqa: E402
from host_tools.deploy.firmware_tree import compile_firmware  # noqa: E402

# The code under test is this checkout's: a .venv made for another checkout (copied, or linked into a
# worktree) imports that one's, editable, and its tests would pass or fail for code nobody is reading.
for _package in (cribbage, host_tools):
    if not Path(_package.__file__).resolve().is_relative_to(HERE.parent):
        raise pytest.UsageError("the tests import %s from %s, not from this checkout (%s): run scripts/setup "
                                "here for a .venv of its own" % (_package.__name__, _package.__file__, HERE.parent))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked slow first (in their order), so that no worker is left with a long one at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session", autouse=True)
def temporary_folders_are_removed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """What the tests leave in temporary folders goes, when the session ends.

    ``fake_storage.temp_dir()``, ``tempfile`` and the ``$TMPDIR`` of the interpreters
    and simulators the tests start all use one folder of this session (of this worker, in
    parallel runs), removed at the end. ``tmp_path`` folders are pytest's: it keeps the last
    three sessions' for a look after a failure.
    """
    folder = tmp_path_factory.mktemp("tmp")
    patch = pytest.MonkeyPatch()
    patch.setenv("TMPDIR", str(folder))
    patch.setattr(tempfile, "tempdir", str(folder))
    yield
    patch.undo()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def compiled_firmware(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``compiled_firmware(*flags, arch=None)``: a folder with the firmware packages compiled by
    mpy-cross with ``flags`` (and their native twins for ``arch``), made once per test session:
    the parallel workers share it, so never change it (copy it first).
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    shared = tmp_path_factory.getbasetemp()
    if worker is not None:  # each worker's basetemp is a folder of the session's
        shared = shared.parent

    def compiled(*flags: str, arch: str | None = None) -> Path:
        out = shared / ("firmware-mpy" + "".join(flags) + ("-" + arch if arch else ""))
        with FileLock(str(out) + ".lock"):
            done = Path(str(out) + ".complete")
            if not done.exists():
                shutil.rmtree(out, ignore_errors=True)  # a worker that stopped half-way
                compile_firmware(out, *flags, arch=arch)
                done.touch()
        return out

    return compiled


@pytest.fixture(autouse=True)
def own_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test has its own per-user data and runtime folders (the simulator's default flash,
    the files saying where simulators serve), inherited by the processes it starts: a simulator
    the developer has open is never found by a test, nor its saved game touched."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(home / "run"))


@pytest.fixture(scope="module")
def skidl_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """SKiDL writes (and removes) its log files in the working folder when it sees no script (in a
    pytest-xdist worker): there, not in the repository (the hardware tests that run its scripts)."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("skidl"))
    yield
    os.chdir(here)


@pytest.fixture(scope="module")
def board() -> dict:
    """The committed hardware/board.json (the hardware tests)."""
    from hardware_scripts import committed_board

    return committed_board()


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[str]:
    """A headless simulator serving the protocol; its socket:// URL (the host tools' tests)."""
    from host_helpers import simulator

    with simulator(tmp_path / "flash") as url:
        yield url
