"""The board's boot as the chip runs it, off the chip: ``firmware/main.py`` under the unix-port
``micropython``, over the stand-ins of the chip's modules (tests/micropython32/stubs), in a
filesystem of its own mounted at ``/`` (the board's flash: its root holds what was deployed).
"""

from __future__ import annotations

import json
from pathlib import Path

from micropython_env import FIRMWARE, ROOT, run_micropython

STUBS = ROOT / "tests" / "micropython32" / "stubs"
# The folder argv[1] mounted as the board's root, then main.py run from it, as the board runs it
# (with lines of the test's before and after).
BOOT = """
import sys, vfs
vfs.mount(vfs.VfsPosix(sys.argv[1]), "/")
sys.path[:] = [".frozen", "/stubs", "/firmware"]  # .frozen: asyncio, frozen on the chip too
%s
import main
%s
"""


def boot(flash: Path, before: str = "", after: str = "") -> tuple[int, list[str]]:
    """main.py's exit status and what it printed, booting on a flash whose root is ``flash`` (the
    firmware and the stand-ins are put there); ``before`` and ``after`` run around it. The heap is
    the 64-bit port's room for the app's objects, twice the size of the chip's."""
    (flash / "firmware").symlink_to(FIRMWARE, target_is_directory=True)
    (flash / "stubs").symlink_to(STUBS, target_is_directory=True)
    result = run_micropython(["-c", BOOT % (before, after), str(flash)], heap="512K")
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


# Stand-ins over the stand-ins, for the test below (here, not in tests/micropython32/stubs: names there
# count in the 32-bit heap scenario's): the levels set on output pins, and a Ctrl-C the moment one is set high.
CTRL_C_AT_HIGH = """
import machine
from hal import rp2_hw
levels = {}
rp2_hw.is_rp2040 = lambda: False  # (the unix port has no os.uname: the watchdog's registers left alone)
machine.reset_cause = lambda: 1  # a power-on
machine.WDT_RESET = 3

class Pin(machine.Pin):
    def __init__(self, number, *args, **kwargs):
        self.number = number
        if "value" in kwargs:
            levels[number] = kwargs["value"]

    def value(self, *args):
        if not args:
            return 1  # every contact pulls up: nothing pressed
        levels[self.number] = args[0]
        if args[0] and self.number == %d:
            raise KeyboardInterrupt

machine.Pin = Pin
"""


def test_a_ctrl_c_as_the_led_supply_turns_on_leaves_it_off_at_the_repl(tmp_path: Path) -> None:
    """The USB build's LED supply switch is off at the REPL even when the Ctrl-C (mpremote's, crib
    deploy's) lands the moment the boot turned it on: nothing reads its /FAULT there."""
    board = json.loads((ROOT / "hardware" / "board.json").read_text())
    enable = board["pins"]["led_power"]["enable"]
    (tmp_path / "board.json").write_text(json.dumps(board))
    status, printed = boot(tmp_path, CTRL_C_AT_HIGH % enable, "print('enable', levels.get(%d))" % enable)
    assert status == 0 and "app stopped" in printed, printed
    assert printed[-1] == "enable 0", printed
