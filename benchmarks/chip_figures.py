"""The board's figures on an emulated RP2040 at 125 MHz (rp2040py), in emulated time:
`crib bench --chip` runs this under CPython once per MicroPython image (stock: the code as
.mpy files on littlefs; CRIB_PICO: the code in a ROMFS image), deployed as `crib deploy`
lays it out (tests/chip/). Flash erases and programs stall the core as on the chip
(45 ms a sector, 0.7 ms a page, interrupts off). Prints label<TAB>value<TAB>unit as each
figure is measured. Nothing here is a test: the budgets (docs/CHIP_FIGURES.md, "The current figures") are
for reading.

  python benchmarks/chip_figures.py IMAGE [FIGURE...]    IMAGE: stock or CRIB_PICO

FIGUREs (all when none given): boot, idle, frame, encoder, button, presses, display, count, lay, save, long,
rules, heap, collections."""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from timing import FIRMWARE, row

# isort: split
# (found once timing is imported: it puts the checkout, tests/, tests/firmware/ and tests/chip/ on the path; show_hands
# takes cribbage_lab from the checkout, which no install carries)
from board_on_chip import CHAIN, COLOUR_ORDER, PEG_AND_COUNT, ChipBoard, bare_board, control_pin
from cpython_board import CPythonBoard
from flash_layout import IMAGES_BY_NAME
from led_frames import logical_rgb
from pico import ERASE_NS, MS, PROGRAM_NS
from show_hands import sample_hands

from host_tools.card_text import parse_hand
from micropython_env import InternedNames

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image
    from led_frames import Frame
    from match_player import Player

    from cribbage.match import Match

    Event = tuple[str, str | int]  # an input event, as the app takes it: ("press", "enc"), ("turn", 1)...

MAIN_PY = Path(FIRMWARE) / "main.py"  # the board's, which the figures' probes start the app through
PRESS_TRIES = 8
DISPLAYED = "with the display: "  # a figure measured again on a board built with the display starts so
PRESS_MS = (25, 30, 40, 50)
SLOWEST_ERASE_NS = 400 * MS  # a 4 KB sector erase at its slowest (W25Q16JV)
DEALT_MS = 2000  # after the deal, before the next input: the players lay their crib cards away
RING_MS = 512  # the buttons' samples a poll can look back on (hal.samples.RING)
DETENTS = 6
PEGS = 4
# The oracle draws every frame of the renderer's whole cycle (cpython_board.CYCLE_MS: its blinks
# repeat together only every 6 s), as the chip tests do: a shorter window leaves frames out.
# The play laid card by card: P1 deals, the starter, P2 (the pone) lays a 5; P1's turn.
PLAY_SETUP = ({"cmd": "settings", "set": {"play": 1}}, {"cmd": "event", "event": ["dealer", 0]},
              {"cmd": "event", "event": ["starter", 48]}, {"cmd": "event", "event": ["lay", 1, 5]})

# On the chip, after Ctrl-C: the app built as main.py builds it, then frames drawn step by step,
# inside a function as the app draws them (the same loop at the REPL's top level runs about
# twice as slow in emulated time), each with the wire idle (frames are 33 ms apart). The first
# frame draws the street marks for the settings (once per settings change): left out.
FRAME_CODE = """
import gc, time
from hal import rp2_board
board = rp2_board.load_board()
hw = rp2_board.build(board, rp2_board.dark_leds(board))
from app.board import Board
from app.render import render
from app import power
b = Board(hw)
gc.collect()  # as app.run does after the restore
def frames(n):
    canvas = b.canvas
    leds = hw.leds
    tr = tl = tp = 0
    for i in range(n):
        now = time.ticks_ms() + 37 * i
        time.sleep_ms(8)  # the last frame off the wire (7.3 ms) and latched
        leds.bytes[0] = 1  # marked: sent even if the picture did not change (hal.rp2_leds), a whole frame
        t0 = time.ticks_us()
        render(b, canvas, now)
        t1 = time.ticks_us()
        power.limit(canvas.frame, b.prefs["brightness"], b.prefs["milliamps"], now)
        t2 = time.ticks_us()
        leds.show(canvas.frame)
        t3 = time.ticks_us()
        tr += time.ticks_diff(t1, t0)
        tl += time.ticks_diff(t2, t1)
        tp += time.ticks_diff(t3, t2)
    return tr / n, tl / n, tp / n
frames(1)
print("FRAME", *frames(20))
"""

# The rules core's budgets, after a soft reset (a fresh heap): a show counted (the mean over a fixed
# set of hands, the first of bench_show.py's, made here: show_hands.py; and the 29), and the discard
# advice of bench_advice.py's deals (their cards read here: the board reads no card text).
RULES_CODE = """
import time
from cribbage.advice import rank_keeps
from cribbage.show import score
def per_call(action, rounds):
    start = time.ticks_us()
    for _ in range(rounds):
        action()
    return time.ticks_diff(time.ticks_us(), start) / rounds
def show_us(sample):
    return per_call(lambda: [score(hand, starter) for hand, starter in sample], 2) / len(sample)
twenty_nine = {twenty_nine!r}
print("SHOW", show_us({hands!r}), per_call(lambda: score(twenty_nine, 17), 20))
for cards, players in {deals!r}:
    print("ADVICE", len(cards), players, per_call(lambda: rank_keeps(cards, True, players), 1))
"""
SHOW_HANDS = 50
ADVICE_DEALS = (("5H 5C JD QS 4C 9H", 2), ("5H 5C JD QS 4C", 3))

# The board's own save of a match, timed on the chip (flash erases and programs included, as they
# stall the core: 45 ms a sector erase, typically) after a soft reset, the app built as main.py
# builds it (timed too: the power-on's replay of the saved log, after the first frame): the time
# the board is taken from its inputs after each accepted event late in a long match.
# Printed: the events of its log, the µs the board took to build, then each save's.
SAVE_CODE = """
import time
from hal import rp2_board
board = rp2_board.load_board()
hw = rp2_board.build(board, rp2_board.dark_leds(board))
from app.board import Board
t = time.ticks_us()
b = Board(hw)
spans = [time.ticks_diff(time.ticks_us(), t)]
for _ in range(%d):
    t = time.ticks_us()
    b.save()
    spans.append(time.ticks_diff(time.ticks_us(), t))
print("SAVES", b.match.events, " ".join(str(s) for s in spans))
"""
SAVES = 20
LONG_GAMES = 20  # an evening's match (without a match length, games go on until a new match)

# The heap of the app as a board runs it: main.py at power-on with the app's own run(hw), asyncio's
# tasks and all, and a probe put around three of its steps that collects the garbage and notes the
# live heap: after each frame the shell draws (one at least a second, at once after an input or a
# request), as each piece of a serial reply goes out (the piece included; of a page's events only
# the first, as the others hold no more) and between a save's steps (at each of its reads of the
# controls, hw.keep_up). What it prints as Ctrl-C stops the app: the heap as main.py started, the
# probe's own (left out), the most before the first request came (the board idle), the most of all;
# and before it, MicroPython's count of the names interned (qstrs: ``InternedNames``) and the modules
# loaded at the most (``code_heap`` imports them alone on a bare board: the code's share of that most).
# MicroPython's own share, the heap as the deployed main.py starts, is measured in a boot of its own
# (deployed_heap_base); this main.py's longer compiled code is in its start figure, so left out.
# (A board measured in a call of its own instead of running, as before 2026-12, showed 2.3 KB less
# at most on CRIB_PICO: the shell's tasks, and what an input leaves behind.)
HEAP_START = "import gc\ngc.collect()\nbase = gc.mem_alloc()\n"
HEAP_PROBE = """        from app.run import Shell

        gc.collect()
        probe_at = gc.mem_alloc()
        most = [0, None]  # the most live; the most before the first request
        loaded = bytearray(2048)  # the modules loaded at the most: their names, each then a space (~1 KB)
        kept = [0]  # the bytes of ``loaded`` they fill

        def note():
            gc.collect()
            used = gc.mem_alloc()
            if used > most[0]:
                import sys  # (here: as a global of main.py it would grow main.py's table of them)

                most[0] = used
                n = 0
                for name in sys.modules:  # (what this makes is garbage, gone by the next reading)
                    name = name.encode() + b" "
                    loaded[n:n + len(name)] = name
                    n += len(name)
                kept[0] = n

        frame_step, answer, keep_up = Shell.frame_step, Shell.answer, hw.keep_up

        def noted_frame_step(self, now):
            drew = frame_step(self, now)
            if drew:
                note()
            return drew

        def noted_answer(self, line, write=None):
            if most[1] is None:
                most[1] = most[0]

            def noted_write(piece):
                if not piece.startswith(", ["):
                    note()
                write(piece)

            return answer(self, line, None if write is None else noted_write)

        def noted_keep_up():
            keep_up()
            note()

        Shell.frame_step, Shell.answer, hw.keep_up = noted_frame_step, noted_answer, noted_keep_up
        gc.collect()
        probe = gc.mem_alloc() - probe_at
        try:
            run(hw)
        finally:
            import micropython

            micropython.qstr_info()  # the names interned by then (never freed): "qstr pool: n_pool=..."
            print("LOADED", bytes(loaded[:kept[0]]).decode())
            print("HEAP", base, probe, most[0] if most[1] is None else most[1], most[0])
"""
RUN_APP = "        run(hw)\n"
NAMES_ROW = "  the names interned by then (qstr pools)"  # after each heap figure: see HEAP_PROBE
IDLE_MS = 3000  # after the first frame: the count's code loaded ahead (1 s quiet, then a module a turn)


# The collections figure: main.py's ``run(hw)`` with each step of the shell timed, and noted when the
# heap shrank across it by more than 1 KB (MicroPython collected its garbage inside: a step frees a
# buffer or two of its own at most, far less).
# Printed as Ctrl-C stops the app: the steps' name and µs.
COLLECT_PROBE = """        import gc
        import time
        from app.run import Shell

        collected = []

        def noted(name):
            step = getattr(Shell, name)

            def noted_step(self, *args):
                used = gc.mem_alloc()
                start = time.ticks_us()
                done = step(self, *args)
                took = time.ticks_diff(time.ticks_us(), start)  # (reading the heap takes ms: not counted)
                if gc.mem_alloc() < used - 1024:
                    collected.append("%s %d" % (name, took))
                return done

            setattr(Shell, name, noted_step)

        for name in ("input_step", "frame_step", "display_step", "answer"):
            noted(name)
        try:
            run(hw)
        finally:
            print("COLLECTED", ",".join(collected))
"""
PAUSE_EVERY = 12  # inputs, in the collections figure: then the players pause (a deal, a thought)
PAUSE_MS = 1500


def probed_main(probe: str) -> str:
    """firmware/main.py with ``probe`` around the app's ``run(hw)`` in place of the call."""
    main = MAIN_PY.read_text()
    if main.count(RUN_APP) != 1:
        raise RuntimeError("firmware/main.py no longer starts the app with %r: the figures' probes need it" % RUN_APP)
    return main.replace(RUN_APP, probe)


def heap_code() -> str:
    """firmware/main.py with the heap noted as it starts, and the probe around the app's ``run(hw)``."""
    return HEAP_START + probed_main(HEAP_PROBE)


def deployed_heap_base(image: Image) -> int:
    """MicroPython's own heap, in bytes, as the deployed main.py starts (its compiled code included).
    Measured by one line put before main.py, which is then left to start the app."""
    first = "import gc; gc.collect(); print('BASE', gc.mem_alloc())\n"
    board = ChipBoard(image, extra_files={"main.py": (first + MAIN_PY.read_text()).encode()})
    output = board.pico.output
    board.pico.run_until(lambda: b"\n" in output.partition(b"BASE")[2], 30_000 * MS, step_ns=5 * MS)
    return int(output.partition(b"BASE")[2].split()[0])


@contextmanager
def players_on(files: dict[str, bytes]) -> Iterator[tuple[Player, list[Event]]]:
    """A player (tests/firmware/match_player.py, seeded as the memory scenario's next) on CPython's app
    of the board whose flash holds ``files`` (a match just won), and the list of the input events it
    makes, while the block runs."""
    import memory_scenario
    from match_player import Player

    with tempfile.TemporaryDirectory(prefix="crib-oracle-") as root:
        for name, data in files.items():
            path = Path(root) / name
            path.parent.mkdir(exist_ok=True)  # (history/: the archived games' logs)
            path.write_bytes(data)
        oracle = CPythonBoard(root)
        if oracle.board.match.winner is None:
            raise RuntimeError("the memory scenario's match no longer ends with a game won")
        inputs: list[Event] = []
        handle = oracle.board.handle

        def recorded(event: Event, save: bool = True) -> None:
            inputs.append(event)
            handle(event, save)

        oracle.board.handle = recorded
        yield Player(oracle.board, oracle.hw, memory_scenario.SEED + 1), inputs


def played_on(files: dict[str, bytes]) -> tuple[list[Event], Match]:
    """What players do next on the board whose flash holds ``files`` (a match just won): the next
    game started, its first deal played and every show counted by picking its cards (as the memory
    scenario plays), then the discard advice asked for 6 cards and left, and the last event undone
    with the back button. Played on CPython: the input events, and the match as they leave it."""
    import memory_scenario

    with players_on(files) as (player, inputs):
        player.press("press", "enc")  # the next game
        if player.board.match.phase == "cut":
            player.press("press", "p1")
        player.deal()
        memory_scenario.open_item(player, memory_scenario.MENU_ADVICE)
        for card in (4, 9, 19, 22, 40, 51):  # 2C 3D 5S 6H JC KS
            player.pick(card)
        player.press("press", "enc")  # "I deal": the keeps are ranked
        memory_scenario.leave(player)
        player.press("press", "back")  # undo
        return inputs, player.board.match


# The heap figure's second way on: the play laid card by card (a preference, set over USB as a host sets
# it), its ranks as the lay tests' (tests/firmware/test_app_lay_cards.py: P2 lays 5 K 4 5, P1 T 6 3 K, with
# the starter KH), then every show counted: the hands by the ranks laid, the crib by picking its cards.
LAID_RANKS = (5, 10, 13, 6, 4, 3, 5, 13)
LAID_STARTER = "KH"
LAID_CRIB = "AD 2C 7S 9H"
PLAY_BY_CARDS = {"cmd": "settings", "set": {"play": 1}}


def laid_on(files: dict[str, bytes]) -> tuple[list[Event], Match]:
    """What players do next on the board whose flash holds ``files`` (a match just won), the play laid
    card by card (``PLAY_BY_CARDS``, asked first): the next game started, its dealer cut for, the
    starter picked, the play laid (``LAID_RANKS``) and every show counted, the questions of a hand by
    its ranks answered no. Played on CPython: the input events, and the match as they leave it."""
    with players_on(files) as (player, inputs):
        board = player.board
        if not json.loads(board.handle_command(json.dumps(PLAY_BY_CARDS)))["ok"]:
            raise RuntimeError("the board refused to lay the play card by card")
        player.press("press", "enc")  # the next game
        if board.match.phase == "cut":
            player.press("press", "p1")
        player.press("press", "enc")  # the starter's picker
        player.pick(parse_hand(LAID_STARTER)[0])
        for rank in LAID_RANKS:
            if board.mode.name != "lay":
                raise RuntimeError("the play is not laid card by card: %r" % board.mode.describe())
            for _ in range(abs(rank - board.mode.rank)):
                player.press("turn", 1 if rank > board.mode.rank else -1)
            player.press("press", "enc")
        player.press("press", "enc")  # the play over: the count
        crib = list(parse_hand(LAID_CRIB))
        while board.mode.name == "count":
            if board.mode.describe()["step"] == "cards":
                player.pick(crib.pop(0))
            else:  # "confirm" pegs the points; "ranks" answers its question no
                player.press("press", "enc")
        if crib or board.match.log[-1][0] != "crib":
            raise RuntimeError("the deal laid card by card was not counted to its crib")
        return inputs, board.match


def check_scores(board: ChipBoard, expected: Match, what: str) -> None:
    """RuntimeError unless the chip's board has the pegs and the events of CPython's ``expected``
    match: it did ``what`` as CPython's app did."""
    state = board.request("state")["state"]
    if (state["front"], state["back"], state["events"]) != (expected.front, expected.back, expected.events):
        raise RuntimeError("the board did not %s as CPython's app did: %r" % (what, state))


def play(board: ChipBoard, inputs: list[Event]) -> None:
    """Make the input events ``inputs`` on the chip's controls, as a player would, each shown
    before the next (a detent a tenth of a second after the last: never accelerated)."""
    for kind, what in inputs:
        if kind == "turn":
            board.turn(what, gap_ms=45)
            board.pico.run_for(100 * MS)
        else:
            board.press(what, 700 if kind == "long" else 80, 250)


class HeapRun(NamedTuple):
    """What ``heap_figures`` found: the heap in bytes idle and at most, the names interned by the end,
    and the modules loaded at the most."""

    idle: int
    most: int
    names: InternedNames
    loaded: list[str]


def heap_figures(image: Image, files: dict[str, bytes] | None, own: int, display: bool = True,
                 by_cards: bool = False) -> HeapRun:
    """The app's heap in bytes, MicroPython's ``own`` included, as it runs from power-on with
    ``files`` on the flash (a fresh one if None; see HEAP_PROBE), built with the display (its driver,
    the lines it shows, the words it says) unless told not: idle and at most. The board is left
    alone for IDLE_MS after its first frame; with a match, its whole log is then read over the
    emulated USB a page at a time (each page's reply read by the host before the next request, as
    `crib log` does), and players go on (``played_on``: a game started, a deal played and counted,
    the advice, an undo; or, ``by_cards``, the play laid card by card: ``laid_on``), the board
    checked to end where CPython's app does. With them, the names interned by the end and the
    modules loaded at the most."""
    board = ChipBoard(image, extra_files=dict(files or {}, **{"main.py": heap_code().encode()}), display=display)
    board.first_app_frame()
    board.pico.run_for(IDLE_MS * MS)
    if files is not None:
        first = 0
        while True:
            page = board.request("log", **{"from": first})["log"]
            if not page:
                break
            first += len(page)
        if by_cards:
            if not board.request(PLAY_BY_CARDS["cmd"], set=PLAY_BY_CARDS["set"]).get("ok"):
                raise RuntimeError("the board refused to lay the play card by card")
            inputs, expected = laid_on(files)
        else:
            inputs, expected = played_on(files)
        play(board, inputs)
        board.pico.run_for(1000 * MS)
        check_scores(board, expected, "play on")
    board.stop_app()
    base, probe, idle, most = (int(v) for v in printed_after(board, "HEAP ").split())
    names = InternedNames.printed(bytes(board.pico.output).decode(errors="replace"))
    return HeapRun(idle - base - probe + own, most - base - probe + own, names, printed_after(board, "LOADED ").split())


def code_heap(image: Image, modules: list[str]) -> int:
    """The heap in bytes that importing ``modules`` takes on a bare board of ``image`` (its REPL,
    no app): the code's own share of a heap figure whose most had them loaded (its functions,
    classes, tables and names; on stock its bytecode too), apart from the app's data and MicroPython's
    own. The board's own modules (rp2, ...) are loaded already there, and cost nothing again."""
    board = bare_board(image)
    try:
        code = ("import gc\ngc.collect()\nbefore = gc.mem_alloc()\nfor m in %r:\n    __import__(m)\n"
                "gc.collect()\nprint('CODE', gc.mem_alloc() - before)\n" % (modules,))
        return int(board.exec_raw(code).split("CODE")[1].split()[0])
    finally:
        board.pico.close()


def code_rows(image: Image, run: HeapRun, own: int) -> None:
    """The rows under a heap figure's most: the names interned, then what of that most the code of the
    modules loaded then takes (``code_heap``), and the rest but MicroPython's ``own``: the app's data."""
    row(NAMES_ROW, str(run.names), "")
    code = code_heap(image, run.loaded)
    row("  of it, the code of the %d modules loaded then, imported alone on a bare board" % len(run.loaded),
        "%.1f" % (code / 1024), "KB")
    row("  of it, the app's data: the rest but MicroPython's own", "%.1f" % ((run.most - code - own) / 1024), "KB")


def collections(image: Image) -> tuple[list[tuple[str, float]], int]:
    """The shell's steps that held a garbage collection (MicroPython's, when an allocation finds no
    room) while the 5-game match is played on as the heap figure plays it (``played_on``; a board
    built with the display), the players pausing ``PAUSE_MS`` after every ``PAUSE_EVERY`` inputs:
    [(step, ms)], and the number of inputs."""
    files = match_files()
    board = ChipBoard(image, extra_files=dict(files, **{"main.py": probed_main(COLLECT_PROBE).encode()}), display=True)
    board.first_app_frame()
    board.pico.run_for(IDLE_MS * MS)
    inputs, expected = played_on(files)
    for first in range(0, len(inputs), PAUSE_EVERY):
        play(board, inputs[first:first + PAUSE_EVERY])
        board.pico.run_for(PAUSE_MS * MS)
    check_scores(board, expected, "play on")
    board.stop_app()
    noted = printed_after(board, "COLLECTED ")
    steps = [(name, int(us) / 1000) for name, us in (item.split() for item in noted.split(",") if item)]
    return steps, len(inputs)


def printed_after(board: ChipBoard, mark: str) -> str:
    """The rest of the line the board printed after ``mark`` (a probe's figures), its ends stripped."""
    return bytes(board.pico.output).split(mark.encode())[1].split(b"\n")[0].decode().strip()


def soft_reset(board: ChipBoard) -> None:
    """Stop the app and soft-reset MicroPython at its raw REPL, which does not run main.py: a
    fresh heap, and no state machine, DMA channel or IRQ of the app left behind (after a Ctrl-C
    alone, a stock board's heap is still full of the stopped app)."""
    board.stop_app()
    pico = board.pico
    start = len(pico.output)
    pico.write(b"\x01")
    pico.run_until(lambda: b"raw REPL; CTRL-B to exit\r\n>" in pico.output[start:], 2000 * MS, step_ns=2 * MS)
    start = len(pico.output)
    pico.write(b"\x04")
    pico.run_until(lambda: b"soft reboot" in pico.output[start:] and pico.output.endswith(b">"), 5000 * MS,
                   step_ns=2 * MS)


def boot(image: Image, files: dict[str, bytes] | None = None, display: bool = False) -> tuple[ChipBoard, float]:
    """Power on a board with ``image`` (and ``files`` on its flash; built with the display if
    ``display``): the board, and the emulated ms from power to the app's first frame."""
    board = ChipBoard(image, extra_files=files, display=display)
    frame = board.first_app_frame()  # the score shown (main.py's dark frame goes out before it)
    return board, (frame.start_ns - board.powered_at) / MS


def match_files(games: int | None = None) -> dict[str, bytes]:
    """The flash files of the board after the memory scenario's seeded 5-game match (CPython), or
    after that seed's player's first ``games`` games alone."""
    import memory_scenario
    from match_player import Player

    from app.board import Board
    from simulator.virtual_hardware import VirtualHardware

    with tempfile.TemporaryDirectory() as tmp:
        hw = VirtualHardware(tmp, display=True)
        if games is None:
            memory_scenario.play(Board(hw), hw)
        else:
            Player(Board(hw), hw, memory_scenario.SEED).match(games)
        return {p.relative_to(tmp).as_posix(): p.read_bytes() for p in Path(tmp).rglob("*") if p.is_file()}


def measure_saves(image: Image, files: dict[str, bytes], what: str) -> None:
    """Power-on to the first frame of a board whose flash holds ``files`` (``what``: a match), the
    power-on's replay, and its saves (``SAVE_CODE``)."""
    board, boot_ms = boot(image, files)
    row("power-on to the first frame, restoring %s" % what, "%.0f" % boot_ms, "ms")
    soft_reset(board)
    first = len(board.pico.flash_writes)
    events, built, *spans = (int(v) for v in board.exec_raw(SAVE_CODE % SAVES).split("SAVES")[1].split())
    erases = sum(kind == "erase" for _, kind in board.pico.flash_writes[first:])
    row("  its saved log replayed at power-on (after the first frame; %d events)" % events, "%.0f" % (built / 1000),
        "ms")
    row("a save of %s (%d events), median / most of %d" % (what, events, SAVES),
        "%.0f / %.0f" % (statistics.median(spans) / 1000, max(spans) / 1000), "ms")
    row("  flash sector erases a save", "%.1f" % (erases / SAVES), "")


def shown_by(board: ChipBoard, frame: Frame, oracle: set[bytes]) -> bool:
    """True if ``frame`` agrees with a frame of ``oracle`` on every LED it reached: all of them,
    or, for a frame the driver cut short to send the next at once, the first ones of the chain."""
    rgb = board.rgb(frame)
    if len(frame.wire) == 3 * len(CHAIN):
        return rgb in oracle
    reached = logical_rgb(b"\xff" * len(frame.wire), CHAIN, COLOUR_ORDER)
    return any(bytes(a & m for a, m in zip(o, reached, strict=True)) == rgb for o in oracle)


def changed_at(board: ChipBoard, t_input: float, before: set[bytes], after: set[bytes], limit_ms: float = 300) -> float:
    """Emulated ms from ``t_input`` to the end of the first frame showing a change: a frame of
    the ``after`` oracle set that is not in the ``before`` one."""
    found: list[Frame] = []

    def seen() -> bool:
        for frame in board.frames_since(t_input - 10 * MS):
            if frame.end_ns < t_input or shown_by(board, frame, before):
                continue
            if not shown_by(board, frame, after):
                raise RuntimeError("a frame neither before nor after the input")
            found.append(frame)
            return True
        return False

    board.pico.run_until(seen, limit_ms * MS, step_ns=1 * MS)
    return (found[0].end_ns - t_input) / MS


def answered_at(board: ChipBoard, t_input: float, limit_ms: float = 1000) -> float:
    """Emulated ms from ``t_input`` to the end of the first frame since then that differs from the
    last one before it: the board's answer to the input (it draws at once after one). Blinks make
    new frames too, but seldom within the few ms an answer takes; the hand's end state is checked."""
    last = [f for f in board.frames_since(t_input - 2000 * MS) if f.start_ns < t_input][-1]
    found: list[Frame] = []

    def seen() -> bool:
        for frame in board.frames_since(t_input):
            if frame.wire != last.wire:
                found.append(frame)
                return True
        return False

    board.pico.run_until(seen, limit_ms * MS, step_ns=1 * MS)
    return (found[0].end_ns - t_input) / MS


def spread(values: list[float]) -> str:
    """``values`` as their range, ``min-max`` to one decimal."""
    return "%.1f-%.1f" % (min(values), max(values))


def busy_share(board: ChipBoard, ms: float = 500) -> float:
    """The share of ``ms`` of emulated time the core runs code (is not asleep in WFI or WFE),
    sampled every 20 us: the app's work while nothing happens (its polls, frames, serial reads)."""
    core = board.pico.mcu.core
    samples = [0, 0]  # running, asleep

    def sample() -> None:
        samples[core.waiting] += 1
        alarm.schedule(20_000)

    alarm = board.pico.clock.create_alarm(sample)
    alarm.schedule(20_000)
    board.pico.run_for(ms * MS)
    alarm.cancel()
    return samples[0] / sum(samples)


def measure_inputs(board: ChipBoard, figures: set[str]) -> None:
    """Encoder and button latency, then short presses, on a fresh board (player 1 deals)."""
    oracle = CPythonBoard()
    board.press("p1", 80, 200)  # player 1 deals
    oracle.handle(("press", "p1"))
    if "encoder" in figures or "button" in figures:
        board.press("p2", 80, 200)  # player 2 dials a peg
        oracle.handle(("press", "p2"))
        row("encoder detent -> LEDs show it (%d detents)" % DETENTS, spread([ms for ms, _ in detents(board, oracle)]),
            "ms")
        releases = []
        for n in range(PEGS):
            if n:
                board.press("p2", 80, 200)
                oracle.handle(("press", "p2"))
            before = oracle.frames_over()
            oracle.handle(("press", "enc"))
            after = oracle.frames_over()
            released = board.press("enc", 80, 0)
            releases.append(changed_at(board, released, before, after))
            board.pico.run_for(300 * MS)
        row("button release -> LEDs show it (%d pegs)" % PEGS, spread(releases), "ms")
        # P2 pegs once more, and P1 opens a dial with a press let go while that peg is saved
        board.press("p2", 80, 200)
        oracle.handle(("press", "p2"))
        oracle.handle(("press", "enc"))
        pegged = board.press("enc", 80, 0)
        board.pico.run_until(lambda: board.pico.flash_writes[-1][0] > pegged, 300 * MS, step_ns=1 * MS)
        before = oracle.frames_over()
        oracle.handle(("press", "p1"))
        after = oracle.frames_over()
        released = board.press("p1", 30, 0)
        shown = changed_at(board, released, before, after) * MS + released
        row("button press let go during a save -> LEDs, from the save's last flash write",
            "%.1f" % since_save(board, pegged, released, shown), "ms")
        while dial(board)[0] is not None:
            board.press("back", 80, 200)
    if "presses" in figures:
        measure_presses(board)
        measure_slow_erases(board)


def detents(board: ChipBoard, oracle: CPythonBoard) -> list[tuple[float, float]]:
    """DETENTS detents turned on ``board`` (and its ``oracle``), 100 ms apart: for each, the ms from
    its last edge to the LEDs showing it, and that edge's emulated ns."""
    turns = []
    for _ in range(DETENTS):
        before = oracle.frames_over()
        oracle.handle(("turn", 1))
        after = oracle.frames_over()
        last_edge = board.turn(1, gap_ms=0)
        turns.append((changed_at(board, last_edge, before, after), last_edge))
        board.pico.run_for(100 * MS)
    return turns


def measure_display(board: ChipBoard) -> None:
    """On a board built with the display (tests/chip/ssd1306_device.py): the ms the bus holds the app
    as it sends the display's lines that changed (the app waits meanwhile, so an input that comes
    then waits too), after the press that opens a peg dial and after each of its detents; the
    detents' latency on the LEDs; and that of a detent turned as the lines of the press that opens
    the dial start going out (the shell sends them half a line between two polls)."""
    writes = board.display.writes

    def bus_ms(start_ns: float, end_ns: float) -> float:
        return sum(w.end_ns - w.start_ns for w in writes if start_ns <= w.start_ns < end_ns) / MS

    oracle = CPythonBoard()
    board.press("p1", 80, 200)  # player 1 deals
    oracle.handle(("press", "p1"))
    pressed = board.press("p2", 80, 200)  # player 2 dials a peg
    oracle.handle(("press", "p2"))
    row("the display: its bus time after the press that opens a peg dial",
        "%.1f" % bus_ms(pressed, board.pico.now_ns), "ms")
    turns = detents(board, oracle)
    edges = [edge for _, edge in turns] + [board.pico.now_ns]
    row("the display: its bus time after a detent of that dial",
        spread([bus_ms(start, end) for start, end in zip(edges, edges[1:], strict=False)]), "ms")
    row(DISPLAYED + "encoder detent -> LEDs show it (%d detents)" % DETENTS,
        spread([ms for ms, _ in turns]), "ms")
    # the dial closed and opened again, and a detent turned as the press's lines start going out
    late = []
    for _ in range(DETENTS):
        board.press("back", 80, 200)
        oracle.handle(("press", "back"))
        oracle.handle(("press", "p2"))
        sent = len(writes)
        board.press("p2", 80, 0)
        board.pico.run_until(lambda sent=sent: len(writes) > sent, 300 * MS, step_ns=MS // 10)
        before = oracle.frames_over()
        oracle.handle(("turn", 1))
        after = oracle.frames_over()
        late.append(changed_at(board, board.turn(1, gap_ms=0), before, after))
        board.pico.run_for(200 * MS)
    row(DISPLAYED + "a detent turned as a dial-opening press's lines go out -> LEDs (%d)" % DETENTS,
        spread(late), "ms")


def measure_first_count(board: ChipBoard, label: str = "") -> None:
    """A hand on a fresh board (``PEG_AND_COUNT``: a peg, the starter, a hand counted), each press
    from its release, each detent from its last edge, to the board's first new frame. The count's
    code and its words' are not loaded at power-on (nor after the menu): the board loads them ahead
    once no one has touched it for a second during a deal (``Board.load_ahead``), as after the deal
    here, when the crib is laid away (``DEALT_MS``); else the press that opens the count, and the one
    that says its points, load them. ``label`` starts each row's (the board it was measured on)."""
    oracle = CPythonBoard()
    opened = said = None
    others = []
    turned = []  # each detent's ms (``detents`` is the function of the display's figure)
    for n, (kind, what) in enumerate(PEG_AND_COUNT):
        home = oracle.board.mode.name == "peg"
        oracle.handle((kind, what))
        if kind == "turn":
            for _ in range(abs(what)):  # a detent at a time, each to the frame that answers it
                turned.append(answered_at(board, board.turn(1 if what > 0 else -1, gap_ms=0)))
                board.pico.run_for(45 * MS)
            board.pico.run_for(200 * MS)
            continue
        ms = answered_at(board, board.press(what, 80, 0))
        if opened is None and home and oracle.board.mode.name != "peg":
            opened = ms
        elif said is None and oracle.board.mode.describe().get("step") == "confirm":
            said = ms
        else:
            others.append(ms)
        board.pico.run_for((DEALT_MS if n == 0 else 300) * MS)
    check_scores(board, oracle.board.match, "count the hand")
    if opened is None or said is None:
        raise RuntimeError("the hand did not open a count and say its points")
    row(label + "the first count of a power-on: the encoder press opening it -> LEDs", "%.1f" % opened, "ms")
    row(label + "the first count of a power-on: the press saying its points -> LEDs", "%.1f" % said, "ms")
    row(label + "the first count of a power-on: the hand's other presses -> LEDs (%d)" % len(others), spread(others),
        "ms")
    row(label + "the first count of a power-on: encoder detents (a peg, the count's cards) -> LEDs (%d)" % len(turned),
        spread(turned), "ms")


def measure_lay(board: ChipBoard, label: str = "") -> None:
    """The play laid card by card on a fresh board, set up over the serial line: each detent dialling
    the rank to a ten (the first at once after the last request's reply), then the encoder press that
    lays it (fifteen two for P1), each to the first frame that shows it. ``label`` starts each row's."""
    oracle = CPythonBoard()
    for request in PLAY_SETUP:
        fields = {k: request[k] for k in request if k != "cmd"}
        if not board.request(request["cmd"], **fields).get("ok"):
            raise RuntimeError("the board refused %r" % request)
        oracle.board.handle_command(json.dumps(request))
    turns = []
    for _ in range(5):  # from the 5 to a ten
        before = oracle.frames_over()
        oracle.handle(("turn", 1))
        after = oracle.frames_over()
        turns.append(changed_at(board, board.turn(1, gap_ms=0), before, after))
        board.pico.run_for(100 * MS)
    row(label + "the play card by card: encoder detent -> LEDs show the rank (%d detents)" % len(turns), spread(turns),
        "ms")
    before = oracle.frames_over()
    oracle.handle(("press", "enc"))
    after = oracle.frames_over()
    if oracle.board.match.front != [2, 0]:
        raise RuntimeError("the ten laid did not peg fifteen two: %r" % oracle.board.match.front)
    laid = changed_at(board, board.press("enc", 80, 0), before, after)
    row(label + "the play card by card: encoder press -> LEDs show the card laid and its points", "%.1f" % laid, "ms")
    # P2 dials next while the card laid is being saved: a detent turned inside the save shows
    # once it is done (the flash holds the core: erases and programs run with interrupts off)
    saved_from = board.pico.now_ns
    before = oracle.frames_over()
    oracle.handle(("turn", 1))
    after = oracle.frames_over()
    last_edge = board.turn(1, gap_ms=0)
    shown = changed_at(board, last_edge, before, after) * MS + last_edge
    row(label + "the play card by card: a detent during the save -> LEDs, from the save's last flash write",
        "%.1f" % since_save(board, saved_from, last_edge, shown), "ms")


def since_save(board: ChipBoard, since: float, input_ns: float, shown_ns: float) -> float:
    """Emulated ms from the end of the last flash write of the save under way at ``input_ns`` (its
    writes after ``since``) to ``shown_ns``: the input shown once the save is done. RuntimeError if
    no save was under way then."""
    writes = [(t, t + (board.pico.erase_ns if kind == "erase" else PROGRAM_NS)) for t, kind in board.pico.flash_writes
              if since < t < shown_ns]
    if not writes or writes[0][0] > input_ns or writes[-1][1] < input_ns:
        raise RuntimeError("the input did not come while a save was under way")
    return (shown_ns - writes[-1][1]) / MS


def dial(board: ChipBoard) -> tuple[int | None, int]:
    """The peg being dialled: (side, points), from the board's state over USB."""
    ui = board.request("state")["state"]["ui"]
    return ui["side"], ui["points"]


def measure_presses(board: ChipBoard) -> None:
    """Short presses of p1 at frame-clock phases spread over a frame period: each one that
    registers adds a point to the peg dialled; then the same while a save runs."""
    period = 33
    for hold in PRESS_MS:
        for n in range(PRESS_TRIES):
            board.pico.run_for((period * n // PRESS_TRIES + 7) * MS)
            board.press("p1", hold, 120)
        side, points = dial(board)
        registered = points if side == 0 else 0
        row("short presses registered, %d ms, while frames are drawn" % hold, "%d/%d" % (registered, PRESS_TRIES),
            "")
        while dial(board)[0] is not None:
            board.press("back", 80, 200)
    # While a save runs: peg 1 (the save follows the frame that shows it), and press p1 as the
    # flash is written. The first flash write after the peg's release tells when the save runs.
    board.press("p2", 80, 200)
    released = board.press("enc", 80, 400)
    writes = [t for t, _ in board.pico.flash_writes if t > released]
    if not writes:
        raise RuntimeError("no flash write after a peg: nothing saved?")
    offset_ms = (writes[0] - released) / MS
    for hold in PRESS_MS:
        registered = 0
        for _ in range(PRESS_TRIES):
            board.press("p2", 80, 200)
            board.pico.drive_low(control_pin("enc"))
            board.pico.run_for(80 * MS)
            board.pico.release(control_pin("enc"))
            board.pico.run_for(max(0.0, offset_ms - 5) * MS)
            board.press("p1", hold, 300)
            side, points = dial(board)
            registered += side == 0
            while dial(board)[0] is not None:
                board.press("back", 80, 200)
        row("short presses registered, %d ms, while a save runs" % hold, "%d/%d" % (registered, PRESS_TRIES), "")


def measure_slow_erases(board: ChipBoard) -> None:
    """Short presses (25 ms) of p1 50 ms into the first erase of a peg's save, every erase at its
    slowest (400 ms): each that registers dials a point. Those pressed early in a save that erased
    on for longer than the buttons' ring keeps (512 ms) count only because the save reads the
    controls between its steps (``hw.keep_up``)."""
    pico = board.pico
    pico.erase_ns = SLOWEST_ERASE_NS
    pressed = []
    registered = beyond_ring = 0
    p1 = control_pin("p1")

    def press_inside() -> None:
        pico.on_erase = None  # the save's first erase only
        pressed.append(pico.now_ns + 50 * MS)
        pico.at(50 * MS, lambda: pico.drive_low(p1))
        pico.at((50 + PRESS_MS[0]) * MS, lambda: pico.release(p1))

    for _ in range(PRESS_TRIES):
        board.press("p2", 80, 200)
        first = len(pico.flash_writes)
        pico.on_erase = press_inside
        board.press("enc", 80, 2500)  # the peg, then its save
        if pico.on_erase is not None:
            raise RuntimeError("a peg's save erased nothing: no press made")
        erases = [t for t, kind in pico.flash_writes[first:] if kind == "erase"]
        beyond_ring += erases[-1] + SLOWEST_ERASE_NS - pressed[-1] > RING_MS * MS
        side, _ = dial(board)
        registered += side == 0
        while dial(board)[0] is not None:
            board.press("back", 80, 200)
    pico.erase_ns = ERASE_NS
    row("short presses registered, %d ms, inside a save's first erase, erases of 400 ms" % PRESS_MS[0],
        "%d/%d" % (registered, PRESS_TRIES), "")
    row("  of them in saves that erased on past the buttons' ring (512 ms)", "%d" % beyond_ring, "")


def main() -> None:
    """Measure the FIGUREs asked for (see the module docstring) on the IMAGE named, printing each row."""
    image = IMAGES_BY_NAME[sys.argv[1]]
    figures = set(sys.argv[2:]) or {"boot", "idle", "frame", "encoder", "button", "presses", "display", "count", "lay",
                                    "save", "long", "rules", "heap", "collections"}
    if figures & {"boot", "idle", "encoder", "button", "presses"}:
        board, boot_ms = boot(image)
        row("power-on to the first frame", "%.0f" % boot_ms, "ms")
        wire = [(f.end_ns - f.start_ns) / MS for f in board.frames_since(board.powered_at)]
        row("one frame on the wire (242 LEDs)", "%.2f" % statistics.median(wire), "ms")
        if "idle" in figures:
            board.pico.run_for(300 * MS)  # past the boot's last work (the watchdog started, the glance's replay)
            sent = len(board.frames_since(0))
            row("core busy while the app idles (start screen, 0.5 s)", "%.1f" % (100 * busy_share(board)), "%")
            row("frames sent while the app idles", "%.0f" % (2 * (len(board.frames_since(0)) - sent)), "a second")
        if figures & {"encoder", "button", "presses"}:
            measure_inputs(board, figures)
    if "display" in figures:
        board, _ = boot(image, display=True)
        measure_display(board)
        board, _ = boot(image, display=True)  # the count and the play again, the display saying them
        measure_first_count(board, DISPLAYED)
        board, _ = boot(image, display=True)
        measure_lay(board, DISPLAYED)
    if "count" in figures:
        board, _ = boot(image)
        measure_first_count(board)
    if "lay" in figures:
        board, _ = boot(image)
        measure_lay(board)
    if "frame" in figures:
        board, _ = boot(image, match_files())  # (its power-on: the save figure's)
        soft_reset(board)
        render, limit, pack = (float(v) for v in board.exec_raw(FRAME_CODE).split("FRAME")[1].split())
        row("frame CPU: render (end of a 5-game match)", "%.2f" % (render / 1000), "ms")
        row("frame CPU: brightness, gamma, cap", "%.2f" % (limit / 1000), "ms")
        row("frame CPU: packing and DMA start", "%.2f" % (pack / 1000), "ms")
        row("frame CPU: total", "%.2f" % ((render + limit + pack) / 1000), "ms")
    if "save" in figures:
        measure_saves(image, match_files(), "the 5-game match")
    own = deployed_heap_base(image) if figures & {"long", "heap"} else 0  # (a boot of its own: once)
    if "long" in figures:  # an evening's match: its saves, its power-on, and the heap as the 5-game match's
        files = match_files(LONG_GAMES)
        what = "a %d-game match" % LONG_GAMES
        measure_saves(image, files, what)
        idle, most, names, _ = heap_figures(image, files, own)
        row("heap used by the running app, %s restored, idle" % what, "%.1f" % (idle / 1024), "KB")
        row("heap used by the running app at most: that match, its log read over USB, a game started, a deal "
            "played and counted, the discard advice, an undo", "%.1f" % (most / 1024), "KB")
        row(NAMES_ROW, str(names), "")
    if "rules" in figures:
        board, _ = boot(image)
        soft_reset(board)
        deals = [(parse_hand(text), players) for text, players in ADVICE_DEALS]
        rules = RULES_CODE.format(hands=sample_hands(SHOW_HANDS), twenty_nine=parse_hand("5H 5C 5S JD"), deals=deals)
        lines = board.exec_raw(rules).split("\n")
        mean_us, best_us = (float(v) for v in next(ln for ln in lines if ln.startswith("SHOW")).split()[1:])
        row("count a show: mean of %d hands (show.score)" % SHOW_HANDS, "%.2f" % (mean_us / 1000), "ms")
        row("count a show: the 29 (5H 5C 5S JD, starter 5D)", "%.2f" % (best_us / 1000), "ms")
        for line in lines:
            if line.startswith("ADVICE"):
                cards, players, us = line.split()[1:]
                row("discard advice, %s cards, %s players" % (cards, players), "%.0f" % (float(us) / 1000), "ms")
    if "heap" in figures:  # a board built with the display, the most a board holds
        files = match_files()  # (played on CPython once: every run below starts from it)
        row("heap: MicroPython's own as the deployed main.py starts", "%.1f" % (own / 1024), "KB")
        idle, _, names, _ = heap_figures(image, None, own)
        row("heap used by the running app, fresh board, idle", "%.1f" % (idle / 1024), "KB")
        row(NAMES_ROW, str(names), "")
        run = heap_figures(image, files, own)
        row("heap used by the running app, a 5-game match restored, idle (the count's code loaded ahead)",
            "%.1f" % (run.idle / 1024), "KB")
        row("heap used by the running app at most: that match, its log read over USB, a game started, a deal "
            "played and counted, the discard advice, an undo",
            "%.1f" % (run.most / 1024), "KB")
        code_rows(image, run, own)
        _, most, _, _ = heap_figures(image, files, own, display=False)
        row("  the same at most, a board built without the display", "%.1f" % (most / 1024), "KB")
        run = heap_figures(image, files, own, by_cards=True)
        row("heap used by the running app at most, the play laid card by card: that match, its log read over USB, "
            "a game started, a deal laid card by card and counted", "%.1f" % (run.most / 1024), "KB")
        code_rows(image, run, own)
    if "collections" in figures:
        steps, played = collections(image)
        row("garbage collections inside the shell's steps, that match played on (%d inputs, a pause of %.1f s "
            "after every %d): each step that held one" % (played, PAUSE_MS / 1000, PAUSE_EVERY),
            ", ".join("%s %.1f" % step for step in steps) or "none", "ms")


if __name__ == "__main__":  # (imported by tests/test_host_bench.py for its scenarios)
    main()
