"""The board's boot as the chip runs it, off the chip: ``firmware/main.py`` under the unix-port
``micropython``, over the stand-ins of the chip's modules (tests/micropython32/stubs), in a
filesystem of its own mounted at ``/`` (the board's flash: its root holds what was deployed).
"""

from __future__ import annotations

from pathlib import Path

from micropython_env import FIRMWARE, ROOT, run_micropython

STUBS = ROOT / "tests" / "micropython32" / "stubs"
# The folder argv[1] mounted as the board's root, then main.py run from it, as the board runs it.
BOOT = """
import sys, vfs
vfs.mount(vfs.VfsPosix(sys.argv[1]), "/")
sys.path[:] = ["/stubs", "/firmware"]
import main
"""


def boot(flash: Path) -> tuple[int, list[str]]:
    """main.py's exit status and what it printed, booting on a flash whose root is ``flash`` (the
    firmware and the stand-ins are put there)."""
    (flash / "firmware").symlink_to(FIRMWARE, target_is_directory=True)
    (flash / "stubs").symlink_to(STUBS, target_is_directory=True)
    result = run_micropython(["-c", BOOT, str(flash)])
    return result.returncode, (result.stdout + result.stderr).splitlines()


def test_a_board_without_board_json_says_so_and_what_writes_it(tmp_path: Path) -> None:
    status, printed = boot(tmp_path)
    assert status != 0 and 'hal/rp2_board.py", line' in printed[-2], printed  # it stopped in load_board
    assert printed[-1] == ("OSError: no /board.json on the board (its pins and LED chain): `crib deploy` writes it "
                           "(hardware/BUILD.md, section 4)"), printed


def test_a_board_with_a_damaged_board_json_says_so_and_what_writes_it(tmp_path: Path) -> None:
    (tmp_path / "board.json").write_text('{"pins": {"leds": 1')  # cut short, as by a power cut while copied
    status, printed = boot(tmp_path)
    assert status != 0 and 'hal/rp2_board.py", line' in printed[-2], printed
    assert printed[-1] == ("ValueError: /board.json on the board is no JSON (damaged?): `crib deploy` writes it "
                           "again (hardware/BUILD.md, section 4)"), printed
