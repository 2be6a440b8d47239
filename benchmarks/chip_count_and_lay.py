"""The count's and the play's figures on a fresh board: the first count of a power-on, each press and
detent of a hand to the LEDs answering it, and the play laid card by card, each detent and the press
that lays a card to the LEDs showing it (during the card's save too)."""

from __future__ import annotations

import json

from timing import row

# isort: split
# (found once timing is imported: it puts tests/chip/ on the path)
from board_on_chip import PEG_AND_COUNT, ChipBoard
from chip_latency import answered_at, changed_at, since_save, spread
from chip_session import check_scores
from cpython_board import CPythonBoard
from pico import MS

DEALT_MS = 2000  # after the deal, before the next input: the players lay their crib cards away
# The play laid card by card: P1 deals, the starter, P2 (the pone) lays a 5; P1's turn.
PLAY_SETUP = ({"cmd": "settings", "set": {"play": 1}}, {"cmd": "event", "event": ["dealer", 0]},
              {"cmd": "event", "event": ["starter", 48]}, {"cmd": "event", "event": ["lay", 1, 5]})


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
    turned = []  # each detent's ms (``detents`` is chip_inputs' function)
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
