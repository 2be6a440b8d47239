"""Every name the firmware brings fits the six pools of names MicroPython has made by then.

MicroPython interns each name a module brings as it loads (its functions', attributes', arguments'
and globals' names, its short texts, the module's own names and its file's path) and never frees
one. Its pools hold 20, 40 … 640 names, 1,260 in six; the seventh has room for 1,280 and takes
7.5 KB of the chip's heap at once. A board used every way over an evening (the menu, the settings,
the LED test, the cut, muggins, the advice, the play card by card, the count by ranks, the
protocol, the archive) has loaded every module, and holds all their names: at e6d4ee8, 1,240 of
them on a board with nothing else loaded; 1,250 on 2026-12-05 (1,255 before ``cribbage.cards.json_text``
left CPython's ways of writing JSON to the CPython shims, 1,247 then); 1,254 at 03324d7; 1,257 with the
fifteenth session's first fixes, 1,249 once the steps' constants used by their module alone were made
private, 1,255 at a872090; 1,256 at the sixteenth session's end (a mode's ``kept``, the helper of
muggins' callers); 1,260 after the nineteenth session's fixes of what a review found at the table, 1,258 once
``app.palette``'s sky and the LED test's colours, used by their modules alone, were made private constants;
1,259 with ``app.modes.lay.play_said`` (a winning card said at the game's end too); 1,255 once the advice's
keeps no longer carried what only the host says of them (``host_tools.keep_shares``); 1,257 with the
home screen's "back=undo"; 1,258 with the advice's ``one_of_each``; 1,253 once three colours of ``app.palette`` and
``app.rank_show``'s questions, used by their modules alone, were made private constants; 1,252 once the LED test running
said "LED 1 colours, then the walk" (where it read "walking"); 1,253 with the settings showing P1's colour under P3's
and P3's under P1's ("P%d: %s"); 1,254 with an undo of the next game said so ("next game"), 1,255 with the
total's "turn=total", 1,256 with the laid play's "past 31:", 1,255 at the thirty-first session's end; 1,257 with
"UNDO: Jack+heels" and the pickers' "none left" (``app.picker.all_out``); 1,258 with the count's check of a
total against the starter (``app.modes.count._possible``); 1,256 once the Jack of clubs was a
literal in the show and the show by ranks. A change
that passes 1,260 costs the heap 7.5 KB beside its own: drop names (a private constant that is a literal,
``const()``, brings none) rather than take the pool (docs/CHIP_FIGURES.md). The plain-Python twins of the native
modules (``*_plain``) are left out: the chip loads its native twins instead.

Names also come as the code runs: the one character an index (``text[i]``) or a loop over a str reads, and
``chr``'s. The text the board shows must make none (the second test): until the twenty-eighth session the cards'
names made 15 and wrapped lines up to 58 (every printable character at a cut), and a board that had loaded every
module took its seventh pool as it showed its first cards.
"""

from __future__ import annotations

from board_on_chip import bare_board
from flash_layout import CRIB_PICO

from host_tools.deploy.firmware_tree import firmware_files
from host_tools.deploy.mpy import module_name
from micropython_env import InternedNames

POOLS = 6  # 1,260 names


def board_modules() -> list[str]:
    """Every module the chip may load: the dotted names of the deployed tree's modules, but for
    ``main`` (run, not imported), the packages' ``__init__`` (loaded with their modules) and the
    plain twins."""
    return [module_name(path) for path in firmware_files()
            if path.endswith(".py") and "/" in path and not path.endswith(("/__init__.py", "_plain.py"))]


def test_every_module_s_names_fit_six_pools() -> None:
    modules = board_modules()
    assert "app.modes.count" in modules and "hal.viper" in modules and "app.power_plain" not in modules
    chip = bare_board(CRIB_PICO)
    try:
        code = "import micropython\nfor m in %r:\n    __import__(m)\nmicropython.qstr_info()\n" % (modules,)
        names = InternedNames.printed(chip.exec_raw(code))
    finally:
        chip.pico.close()
    assert names.names > 1000, names  # every module's names are there
    assert names.pools == POOLS, "%s: a seventh pool takes 7.5 KB of heap" % (names,)


# Text made at run time, with every printable character at a line's cut: the cards' names and wrapped lines.
SHOWN = """from cribbage.cards import name
from app.text import wrap
import micropython
micropython.qstr_info()
for card in range(52):
    name(card)
every = bytes(range(33, 127)).decode()
words = " ".join(every[i:i + n] for n in (1, 2, 3, 5, 7) for i in range(0, len(every), n))
for width in (8, 12, 16):
    wrap(words, width)
micropython.qstr_info()
"""


def test_text_the_board_shows_interns_no_names() -> None:
    # MicroPython interns the one character an index or a loop over a str reads, a name for good, past the count of the
    # modules' own above: a board that had loaded every module took a seventh pool once it showed its first cards
    # (cribbage.cards read a rank's letter by index, app.text the characters round a line's cut)
    chip = bare_board(CRIB_PICO)
    try:
        printed = chip.exec_raw(SHOWN)
    finally:
        chip.pico.close()
    before, after = (InternedNames.printed("qstr pool: " + part) for part in printed.split("qstr pool: ")[1:])
    assert after.names == before.names, "%s, then %s: text shown interned names" % (before, after)
