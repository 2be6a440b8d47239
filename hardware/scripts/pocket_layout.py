"""Where the parts lie in the pockets under the back panel, and the power wires' runs between them.

Lays out, from board.json, every part and piece of perfboard the underside view draws (``places``; the power
pocket's parts of both builds at once), what stands down from the controls' skin (``bodies``), the screw block
(``screw_blocks``), how tall each part stands in its pocket (``stacks``) and the adapter build's supply wires and
leads in the power pocket (``power_runs``, ``supply_lengths``). drill_underside_view.py draws them, bom.py sizes and
counts parts and wire from them. Run ``python hardware/scripts/pocket_layout.py`` after changing board.json: it writes
BUILD.md's table of places in the power pocket and its note of the supply runs' lengths. A test checks that each part
lies in its pocket, clear of every other.
"""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from control_filters import FILTERS, parts

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
BOARD_JSON = HARDWARE / "board.json"
BUILD_MD = HARDWARE / "BUILD.md"
# BUILD.md's table of where each part lies in the power pocket, written by this script from ``places``, and its note of
# the adapter build's supply runs' lengths, from ``supply_lengths``: each from its BEGIN line to the END after it.
BEGIN = "<!-- begin: written by hardware/scripts/pocket_layout.py from its places(); edit that script, not this -->"
BEGIN_RUNS = ("<!-- begin: written by hardware/scripts/pocket_layout.py from its supply_lengths(); "
              "edit that script, not this -->")
END = "<!-- end: written by hardware/scripts/pocket_layout.py -->"
SCREW_CLEARANCE_MM = 8  # least wood from a panel screw's centre to a pocket's, a block's or the board's edge
# X14: a hardwood block glued into the power pocket, where the pockets leave no solid wood for a panel screw on the
# board's left: it takes one (drill_back_panel.py) and holds up the thin skin beside player 1's button (``places``).
SCREW_BLOCK_MM = 2 * SCREW_CLEARANCE_MM
# What must fit under the back panel (mm): the tallest parts, and how each sits in its pocket
# (``stacks``; a test checks each against the pocket's depth from board.json).
PERFBOARD_MM = 1.6  # PB1
TAPE_MM = 2  # X10 at its thickest
DIP_MM = 5.33  # U2, a DIP-14: seating plane to top at most (JEDEC MS-001); a socket would add 3 to 4.5 mm
# C243, 1000 uF 16 V radial: about 10 mm across, 16 to 20 mm long by make. J1, the PJ-063AH board jack: its
# body's height, about. Neither is from the maker's drawing (not at hand for this): BUILD.md has the maker measure
# both (section 1, stage 1), and takes the taller of the jack's heights other projects give (9 and 11 mm).
BULK_CAN_MM = (10, 20)
JACK_MM = 11
# C253 lies on its side like C243, glued to the power pocket's floor beside the cut-off's piece (BUILD.md, stage 1):
# across and along, at most this (a requirement: a 10 mm can stands 13.6 mm on PB1 and its tape, too near the 14 mm
# pocket).
BIPOLAR_CAN_MM = (10, 16)
# XF1: an inline holder, its body laid flat on the power pocket's floor, stands as high as it is across: at most
# this (a requirement, not a maker's figure: BUILD.md, stage 1, has the maker measure it). A fuse block for a
# board does not fit: Schurter's OG, the example this list gave before, is 29 x 9.5 x 16 mm by Schurter's drawing
# (OG datasheet, dimensions), 16 mm tall on the floor and 19.6 on PB1 and the foam tape, against the 14 mm pocket.
XF1_MM = 12
FUSE_BLOCK_MM = 16
# XF1's length: it lies along the power pocket's bottom wall from J1's piece (``places``), its body end towards J1, its
# input lead leaving it straight for about LEAD_TURN_MM before it turns, its cap end below the cut-off's piece, whose
# +5V_FUSED its output lead turns up into. Its screw cap, away from J1, must come off to change the fuse: a twist, then
# about FUSE_PULL_MM straight along its axis. So CAP_ROOM_MM is left free past the cap end (the pull, and its lead's
# turn), and the cap's lead (XF1's output) is cut CAP_LOOP_MM longer than its run, folded in that room: with it, the
# cap lifts out of the open pocket (``xf1_length_mm``, from board.json).
LEAD_TURN_MM = 5
FUSE_PULL_MM = 20
CAP_ROOM_MM = FUSE_PULL_MM + LEAD_TURN_MM
CAP_LOOP_MM = 50
CUT_OFF_MM = (25, 20)  # the cut-off's piece of PB1 (BUILD.md, stage 1)
# Small pieces of PB1 (2.54 mm holes), sized here and checked against their pockets (``pieces_mm``, ``stacks``,
# ``places``). The star point (BUILD.md, stage 1) in the power pocket beside C243: the GND bar with its
# wires in the rows either side of it, an empty row, the +5 V bar with its wires in one row, and a column more for
# C243's leads at the bars' ends; a wire a hole. Most wires at each bar, of either build: GND the Pico's two, U2's,
# the bus's two feeds, four bonding wires (the encoder, three button tags) and the adapter build's J1, C253 and
# cut-off wires; +5 V the bus's two feeds, U2's and the adapter build's Q2 and F4 (D1's PTC).
HOLE_PITCH_MM = 2.54
STAR_POINT_WIRES = {"GND": 12, "+5V": 5}
# R6 and R7 (BUILD.md, stage 5) lying flat, their leads bent five holes apart, and the four wires from the Pico and the
# four to the display. Beside the Pico's pins 6 to 8 there is no room for it (the Pico's pin edge is 4 mm from the LED
# pocket's wall, LED 1's feeds run by its other edge): it lies on the controls pocket's floor between the encoder
# and the display module, on foam tape like every perfboard.
PULL_UP_HOLES = (6, 4)
RESISTOR_MM = 2.5  # a 0.25 W metal film resistor lying flat: its body across, about
POWER_WIRE_MM = 2.5  # W1 and W2 across their insulation at most (X6's 3 mm heat-shrink slides over them)
ENCODER_BODY_MM = 13.4  # ENC1 across its body at most (Bourns' PEC11R drawing: 12.5 x 13.4 mm)
# DISP1, a 0.96 inch module, about 27 x 28 mm; its glass is not centred on it, so it may reach this far either side
# of the window's centre. Its four pins lie along one of its edges, about half of it from the window's centre.
DISPLAY_MODULE_MM = 28
# Where the parts lie in their pockets (``places``; a test checks that each lies in its pocket, clear of every other
# and of the controls' bodies). Between any two, room for a power wire: the wires laid past them and the joints at
# their edges; a part may lie against the pocket's wall. Their sizes as bought (mm), about:
WIRE_GAP_MM = POWER_WIRE_MM
# J2's panel end along the edge (its screw ears) and into the pocket (its body and its cable's moulding, to where the
# cable turns towards the Pico): a requirement on the part (bom.csv), not a maker's figure.
J2_MM = (30, 25)
# J1, the PJ-063AH: its body 13 x 10 mm (the outline of KiCad's footprint for it, which cites CUI's datasheet; CUI's
# drawing was not checked here), on a piece of 6 x 5 holes.
JACK_BODY_MM = (13, 10)
JACK_PIECE_HOLES = (6, 5)
# X16, J1's stop block (adapter build): hardwood, glued (wood glue, X15) to the power pocket's floor against the back
# edge of J1's piece, across the plug's axis, so that a plug's push goes into the block and the floor, not the piece's
# glue: along the push, across it, and tall (mm). Low enough that J1's wires pass over it from the piece.
JACK_STOP_MM = (8, 8, 5)
# Q1 and Q2 lying flat: a TO-220's body and tab, 15.7 mm (KiCad's TO-220 outline), and its leads, about 13 mm; 10 mm
# wide, 11 mm in its heat-shrink (X8), and 6 mm high in it (4.8 mm at most bare, JEDEC TO-220). Its leads, gate, drain
# and source, 2.54 mm apart (JEDEC TO-220): the drain in the middle.
TO220_MM = (29, 11, 6)
TO220_PITCH_MM = 2.54
TO92_MM = 8  # U4 and Q3 standing on the cut-off's piece: a TO-92's 5.3 mm body (JEDEC, at most) on its leads
DIODE_MM = (12, 3)  # D1, a DO-41 (body 5.2 x 2.7 mm at most) with its leads bent at the body
# F4 (adapter build), a radial PTC of F2's series (Bourns MF-R020; its small models share the MF-R050's body: 7.4 mm
# wide, 12.7 mm tall with its leads' kinks, 3.1 mm thick at most) on its edge on the power pocket's floor, below the
# star point's +5 V row, its leads bent level (along the pocket, ``PTC_MM``, with them; across, its thickness and a
# little glue), standing PTC_TALL_MM; D1 below it, in line with it (BUILD.md, stage 1). Lying flat (7.4 mm across) it
# would push U3's piece of the USB build onto XF1.
PTC_MM = (15, 3.4)
PTC_TALL_MM = 7.4
# U3's piece (XU3, the SOT-23-6 adapter, with R8-R10 and C247 lying flat), in holes along and across.
U3_PIECE_HOLES = (8, 6)
# A 12 mm panel button under the controls' skin: its nut and the solder tag (X7) under it, at most this across (the
# tag's lug turned away from the power pocket's parts). Player 1's lies in the power pocket.
BUTTON_BODY_MM = 18
# The signal wires from the controls pocket to the Pico and the filters' perfboard (on the panel) cross the power
# pocket in a channel of their own along its end wall away from the jacks (``places``: "signal channel"), which no part
# and no power wire takes: each control's wires (encoder A, B, C and its switch's two; a button's two), the display's
# four and the bonding wires (the encoder's body and three button tags) to the star point. 24-26 AWG in its insulation
# is about SIGNAL_WIRE_MM across; a tied bundle fills about BUNDLE_FILL of its section (``signal_bundle_mm``).
WIRES_PER_CONTROL = {"enc": 5, "p1": 2, "p2": 2, "back": 2}
DISPLAY_WIRES = 4
BONDING_WIRES = 4
SIGNAL_WIRE_MM = 1.4
BUNDLE_FILL = 0.6
SIGNAL_CHANNEL_MM = 10


def centre(box: Sequence[float]) -> tuple[float, float]:
    """Middle of a box [x0, y0, x1, y1]."""
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def manhattan(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Length of a wire run along x then y (as wires lie in a pocket)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def star_point_holes() -> tuple[int, int]:
    """The star point's piece of PB1, in holes along and across: the GND bar's wires half on each side of it."""
    along = max(math.ceil(STAR_POINT_WIRES["GND"] / 2), STAR_POINT_WIRES["+5V"]) + 1  # and C243's leads at the end
    return along, 6  # GND's wires, the GND bar, GND's wires, an empty row, the +5 V bar, its wires


def piece_holes() -> dict[str, tuple[int, int]]:
    """The small pieces of PB1 sized here, in holes along and across, by the name ``piece_size`` takes."""
    return {"star point": star_point_holes(), "R6-R7": PULL_UP_HOLES, "J1": JACK_PIECE_HOLES, "U3": U3_PIECE_HOLES}


def pieces_mm() -> dict[str, tuple[float, float]]:
    """The pieces of ``piece_holes``, along and across (mm)."""
    return {name: (along * HOLE_PITCH_MM, across * HOLE_PITCH_MM) for name, (along, across) in piece_holes().items()}


def pull_ups_room_mm(board: dict) -> float:
    """The controls pocket's free length between the encoder's body and the display module, where R6/R7's piece
    lies (the module taken at its whole width from the window's centre, its glass being off centre)."""
    encoder_x, display_x = board["controls"]["enc"][0], board["build"]["display"]["centre"][0]
    return display_x - DISPLAY_MODULE_MM - (encoder_x + ENCODER_BODY_MM / 2)


Box = tuple[float, float, float, float]


def box(x: float, y: float, width: float, height: float) -> Box:
    """A box [x0, y0, x1, y1] from its first corner and its size."""
    return x, y, x + width, y + height


@dataclass(frozen=True)
class Place:
    """Where a part, or a piece of PB1 with its parts, lies in a pocket, as seen from above (board mm)."""
    box: Box
    pocket: str
    build: str  # "both", "usb" or "adapter"
    holds: tuple[str, ...]  # the references of the part, or of the parts on the piece
    label: tuple[str, ...]  # its words on the underside view, a line each
    piece: str = ""  # a piece of PB1: its name in BUILD.md's checklist before closing the panel
    room_for: str = ""  # not a part: room kept free for what it names (a part's place beside it, or wires)
    bears_on: str = ""  # a block glued against the place it names (no gap between them: it holds that part)


def signal_bundle_mm() -> tuple[int, float]:
    """The signal wires crossing the power pocket in its channel, and their tied bundle's diameter (mm)."""
    # every bonding wire but player 1's: its button lies in the power pocket, and its bonding wire runs from there
    # to the star point without the channel (BUILD.md, stages 1 and 4)
    count = sum(WIRES_PER_CONTROL.values()) + DISPLAY_WIRES + BONDING_WIRES - 1
    return count, SIGNAL_WIRE_MM * math.sqrt(count / BUNDLE_FILL)


Point = tuple[float, float]


@dataclass(frozen=True)
class Run:
    """A power wire or lead in the power pocket as the underside view draws it (board mm, seen from above): straight
    runs along x or y in the middle of the gaps between the parts."""
    points: tuple[Point, ...]
    ground: bool  # GND (black), else +5 V (red)
    touches: tuple[str, ...]  # the places (``places``' names) it leaves, ends on or lies in; it keeps off every other

    def length(self) -> float:
        """Its length along the drawing (mm)."""
        return sum(manhattan(a, b) for a, b in zip(self.points, self.points[1:], strict=False))


# The adapter build's supply path in order, ``power_runs``' names: J1's centre pin to C243's +5 V bar. The first two are
# XF1's own leads; the other runs are power wire (W1, W2).
SUPPLY_PATH = ("J1 to XF1", "XF1 to the cut-off's piece", "the cut-off's piece to Q1", "Q1 to Q2",
               "Q2 to the star point")
XF1_LEADS = SUPPLY_PATH[:2]


def power_runs(board: dict) -> dict[str, Run]:
    """The adapter build's supply wires and leads in the power pocket, as the underside view draws them: XF1's input
    lead from J1's piece, XF1's output lead from its cap end up into the cut-off's piece (+5V_FUSED), the wire on from
    there to Q1's drain, Q1's source to Q2's source (+5V_GUARD), Q2's drain to the star point's +5 V bar (+5V_LED,
    between C243 and the screw block), C253's ground wire from the cut-off's piece to the star point (below player 1's
    button, then up between it and U3's piece), the cut-off's own ground wire (between player 1's button and the screw
    block, then up beside C253's) and J1's sleeve lug's to the star point's GND wires (between J2 and the
    star point, below where LED 1's +5 V feed lands beside it). Q1 and Q2 lie with their leads towards C243, each its
    source lead nearer the other (the drain is the middle lead): the sources' link takes the lane next to their leads,
    the drains' wires (up from the cut-off's piece to Q1, from Q2 on to the star point) the next, a power wire on."""
    laid = {name: place.box for name, place in places(board).items()}
    j1, j2, xf1, cut_off = laid["J1"], laid["J2"], laid["XF1"], laid["cut-off"]
    q1, q2, star, c243, block = laid["Q1"], laid["Q2"], laid["star"], laid["C243"], laid["screw block"]
    gap, lead, jack = WIRE_GAP_MM, centre(xf1)[1], centre(j1)[1]  # XF1's leads leave it on its axis
    q1_drain, q1_source = centre(q1)[1], centre(q1)[1] - TO220_PITCH_MM
    q2_drain, q2_source = centre(q2)[1], centre(q2)[1] + TO220_PITCH_MM
    lanes = q1[0] - gap, q1[0] - 2 * gap  # the sources' link, then the drains' wires
    turn = xf1[2] + LEAD_TURN_MM
    p1 = bodies(board)["p1"]
    # C253's ground wire and the cut-off's share the lane between U3's piece and the screw block, side by side (C253's
    # nearer U3), C253's alone on between U3's piece and player 1's button, below it
    beside = (laid["U3"][2] + block[0]) / 2
    below_p1, beside_p1, beside_c253 = (p1[3] + xf1[1]) / 2, beside - gap / 2, beside + gap / 2
    above_p1 = (block[3] + p1[1]) / 2  # the cut-off's ground wire, between the screw block and player 1's button
    beside_star = (block[1] + star[3]) / 2  # above the screw block's end, below the +5 V wire from Q2
    under_c243 = (c243[3] + block[1]) / 2
    gnd_row = star[1] + 2.5 * HOLE_PITCH_MM  # its third row, the GND bar's wires below it (``star_point_holes``)
    between = (j1[2] + xf1[0]) / 2
    return {
        "J1 to XF1": Run(((j1[2], jack), (between, jack), (between, lead), (xf1[0] + LEAD_TURN_MM, lead)), False,
                         ("J1", "J1 stop", "XF1")),  # over the stop block (X16), as J1's sleeve's
        "XF1 to the cut-off's piece": Run(((xf1[2], lead), (turn, lead), (turn, cut_off[3])), False,
                                          ("XF1", "XF1 cap room", "cut-off")),
        "the cut-off's piece to Q1": Run(((lanes[1], cut_off[1]), (lanes[1], q1_drain), (q1[0], q1_drain)), False,
                                         ("cut-off", "Q1")),
        "Q1 to Q2": Run(((q1[0], q1_source), (lanes[0], q1_source), (lanes[0], q2_source), (q2[0], q2_source)), False,
                        ("Q1", "Q2")),
        "Q2 to the star point": Run(((q2[0], q2_drain), (lanes[1], q2_drain), (lanes[1], under_c243),
                                     (star[2], under_c243)), False, ("Q2", "star")),
        # from the cut-off's piece's corner by player 1's button, short of XF1's output lead
        "C253's ground": Run(((cut_off[0] + gap, cut_off[3]), (cut_off[0] + gap, below_p1), (beside_p1, below_p1),
                              (beside_p1, star[3])), True, ("cut-off", "star")),
        # U4's anode and R11's, R14's, C248's and D2's ground ends, one wire from the piece's edge by player 1's
        # button, apart from C253's (its ringing current does not pass through the TL431's reference)
        "the cut-off's ground": Run(((cut_off[0], above_p1), (beside_c253, above_p1), (beside_c253, beside_star),
                                     (star[2], beside_star)), True, ("cut-off", "star")),
        "J1's sleeve": Run(((j1[2], j1[1] + gap), ((j2[2] + star[0]) / 2, j1[1] + gap),
                            ((j2[2] + star[0]) / 2, gnd_row), (star[0], gnd_row)), True, ("J1", "J1 stop", "star")),
    }


def supply_lengths(board: dict) -> dict[str, float]:
    """The adapter build's supply path (mm) along the drawn runs, J1's centre pin to the star point's +5 V bar
    (SUPPLY_PATH; not through XF1's body or the pieces), C253's, the cut-off's and J1's ground wires to the star point,
    and the power wire these runs take, red (W1) and black (W2), XF1's leads aside."""
    runs = power_runs(board)
    wires = [run for name, run in runs.items() if name not in XF1_LEADS]
    return {"supply": sum(runs[name].length() for name in SUPPLY_PATH), "C253": runs["C253's ground"].length(),
            "cut-off": runs["the cut-off's ground"].length(), "J1": runs["J1's sleeve"].length(),
            "red": sum(run.length() for run in wires if not run.ground),
            "black": sum(run.length() for run in wires if run.ground)}


def screw_blocks(board: dict) -> list[Box]:
    """Where the screw blocks (X14) lie, as seen from above (board mm)."""
    return [place.box for place in places(board).values() if "X14" in place.holds]


def block_step_mm(board: dict) -> float:
    """How far from its edge nearer the LED pocket the controls pocket's edge crosses the screw block: the floor under
    it steps there from the power pocket's depth to the controls pocket's, 1 mm deeper."""
    return board["build"]["pockets"]["controls"][1] - screw_blocks(board)[0][1]


def floor_step(board: dict) -> list[str]:
    """The places in the power pocket that lie across the controls pocket's edge: the floor under them steps there, the
    controls pocket being deeper (its skin thinner)."""
    cx0, cy0, cx1, cy1 = board["build"]["pockets"]["controls"]
    out = []
    for name, place in places(board).items():
        x0, y0, x1, y1 = place.box
        overlaps = x0 < cx1 and x1 > cx0 and y0 < cy1 and y1 > cy0
        within = cx0 <= x0 and x1 <= cx1 and cy0 <= y0 and y1 <= cy1
        if place.pocket == "power" and not place.room_for and overlaps and not within:
            out.append(name)
    return out


def bodies(board: dict) -> dict[str, Box]:
    """What stands down into the controls pocket from its skin, as seen from above: each button's nut and solder tag,
    the encoder's body, and the display module as far as it may reach either side of the window's centre."""
    out = {}
    for name, (x, y) in board["controls"].items():
        half = (ENCODER_BODY_MM if name == "enc" else BUTTON_BODY_MM) / 2
        out[name] = (x - half, y - half, x + half, y + half)
    x, y = board["build"]["display"]["centre"]
    half = DISPLAY_MODULE_MM / 2
    out["display"] = (x - DISPLAY_MODULE_MM, y - half, x + DISPLAY_MODULE_MM, y + half)
    return out


def places(board: dict) -> dict[str, Place]:
    """Where each part the underside view draws lies (the Pico aside: board.json): U2's and the controls' filters'
    pieces where board.json puts them; R6/R7's piece in the middle of the room between the encoder and the display
    module; and the power pocket's parts of both builds at once, none where another build's part lies. J2 and J1 lie
    at their holes in the edge, the star point beside J2 along the LED pocket's edge with C243 at its bars' ends and
    F4 and D1 below it (U3's piece below that on the USB build); the screw block (X14) below C243, above player 1's
    button.
    The adapter build's supply runs in order, each part next to the one before it (``power_runs``): XF1 along the bottom
    wall from J1, its cap end below the cut-off's piece beyond player 1's button, where its output (+5V_FUSED) turns up
    into the piece; C253 beside the piece; Q1 above the piece and Q2 above Q1, against the LED pocket's edge, their
    leads towards C243 and the star point; the free room for XF1's cap past its cap end; the signal channel along the
    pocket's end wall. Between any two, WIRE_GAP_MM."""
    build = board["build"]
    gap, sizes, where = WIRE_GAP_MM, pieces_mm(), build["parts"]
    x0, y0, x1, y1 = build["pockets"]["power"]
    usb_y, jack_y = build["edge_left_y"]["usb"], build["edge_left_y"]["jack"]
    j2 = box(x0, usb_y - J2_MM[0] / 2, J2_MM[1], J2_MM[0])
    j1 = box(x0, jack_y - sizes["J1"][1] / 2, *sizes["J1"])
    star = box(j2[2] + gap, y0 + gap, *sizes["star point"])
    c243 = box(star[2] + gap, y0, BULK_CAN_MM[1], BULK_CAN_MM[0])  # against the wall: the screw block below it
    body = bodies(board)
    p1 = body["p1"]
    block = box((p1[0] + p1[2] - SCREW_BLOCK_MM) / 2, p1[1] - gap - SCREW_BLOCK_MM, SCREW_BLOCK_MM, SCREW_BLOCK_MM)
    d1 = box(star[0], star[3] + gap, max(DIODE_MM[0], PTC_MM[0]), PTC_MM[1] + DIODE_MM[1])  # F4, D1 below it
    u3 = box(star[0], d1[3] + gap, *reversed(sizes["U3"]))  # its long side down the pocket
    # The signal channel: along the pocket's end wall from the LED pocket down to where the controls pocket opens beside
    # it, short of the back button's nut there.
    channel = (x1 - SIGNAL_CHANNEL_MM, y0, x1, body["back"][1] - gap)
    q2 = box(channel[0] - gap - TO220_MM[0], y0, *TO220_MM[:2])  # against the LED pocket's edge, as C243
    q1 = box(q2[0], q2[3] + gap, *TO220_MM[:2])
    cut_off = box(p1[2] + gap, y1 - XF1_MM - gap - CUT_OFF_MM[1], *CUT_OFF_MM)
    c253 = box(cut_off[2] + gap, cut_off[3] - BIPOLAR_CAN_MM[0], *reversed(BIPOLAR_CAN_MM))
    # XF1 in whole mm, its cap end no further than the cut-off's piece's middle: a shorter holder's lies under it too
    start = j1[2] + gap
    xf1 = box(start, y1 - XF1_MM, math.floor(centre(cut_off)[0] - start - LEAD_TURN_MM) + LEAD_TURN_MM, XF1_MM)
    cap_room = box(xf1[2], xf1[1], CAP_ROOM_MM, XF1_MM)
    encoder_x, encoder_y = board["controls"]["enc"]
    room = encoder_x + ENCODER_BODY_MM / 2 + pull_ups_room_mm(board) / 2  # its middle
    filters = [*parts()["R"], *parts()["C"]]  # as runs: R2-R5, ...
    filter_refs = tuple(ref for f in FILTERS.values() for ref in (f.series, f.pull_up, f.capacitor) if ref)
    return {
        "U2": Place(tuple(where["shifter"]), "leds", "both", ("U2", "C244", "R1", "R12"),
                    ("74AHCT125", "on perfboard"), "U2's"),
        "filters": Place(tuple(where["controls_filter"]), "leds", "both", filter_refs,
                         ("RC filters:", *(ref + "," for ref in filters[:-1]), filters[-1]), "the controls' filters'"),
        "R6-R7": Place(box(room - sizes["R6-R7"][0] / 2, encoder_y - sizes["R6-R7"][1] / 2, *sizes["R6-R7"]),
                       "controls", "both", ("R6", "R7"), ("R6, R7",), "R6 and R7's"),
        "J2": Place(j2, "power", "both", ("J2",), ("J2, USB", "panel socket")),
        "star": Place(star, "power", "both", (), ("star point:", "GND, +5 V bars"), "the star point's"),
        "C243": Place(c243, "power", "both", ("C243",), ("C243",)),
        "screw block": Place(block, "power", "both", ("X14",), ("screw", "block", "X14")),
        "U3": Place(u3, "power", "usb", ("U3", "XU3", "R8", "R9", "R10", "C247"),
                    ("U3 on XU3,", "R8-R10, C247", "(USB)"), "U3's"),
        "J1": Place(j1, "power", "adapter", ("J1",), ("J1", "(adapter)"), "J1's"),
        "J1 stop": Place(box(j1[2], j1[1], *JACK_STOP_MM[:2]), "power", "adapter", ("X16",), ("stop", "X16"),
                         bears_on="J1"),
        "D1": Place(d1, "power", "adapter", ("F4", "D1"), ("F4, D1 (adapter)",)),
        "XF1": Place(xf1, "power", "adapter", ("XF1", "F1"), ("XF1 (F1), inline (adapter)",)),
        "signal channel": Place(channel, "power", "both", (), ("signal", "channel:", "no part,", "no power", "wire"),
                                room_for="signal wires"),
        "XF1 cap room": Place(cap_room, "power", "adapter", (),  # narrow lines, clear of XF1's output lead
                              ("keep free:", "XF1's cap", "and lead"), room_for="XF1"),
        "C253": Place(c253, "power", "adapter", ("C253",), ("C253", "(adapter)")),
        "Q1": Place(q1, "power", "adapter", ("Q1",), ("Q1 (adapter)",)),
        "Q2": Place(q2, "power", "adapter", ("Q2",), ("Q2 (adapter)",)),
        "cut-off": Place(cut_off, "power", "adapter", ("U4", "Q3", "D2", "R11", "R13", "R14", "R15", "R16", "R17",
                                                        "C248"),
                         ("cut-off (adapter):", "U4, Q3, D2, R11,", "R13-R17, C248;", "XF1's output, C253"),
                         "the cut-off's"),
    }


def xf1_length_mm(board: dict) -> float:
    """The longest XF1 (body and cap, whole mm) that lies along the power pocket's bottom wall from J1's piece, with
    room for its input lead to turn at J1's end, and its cap end below the cut-off's piece's middle (``places``)."""
    x0, _, x1, _ = places(board)["XF1"].box
    return round(x1 - x0 - LEAD_TURN_MM, 6)  # whole mm, but for float error


def piece_size(name: str) -> str:
    """A piece of ``pieces_mm`` as BUILD.md and bom.csv give it: ``15 x 10``, rounded to the mm."""
    along, across = pieces_mm()[name]
    return f"{along:.0f} x {across:.0f}"


def stacks(board: dict) -> dict[str, tuple[float, int]]:
    """The tallest parts as they sit: how far each stands from its pocket's floor towards the back panel,
    and that pocket's depth (mm): U2 soldered into PB1 on the foam tape (LED pocket), C243 on its side, J1
    on its piece of PB1 glued straight to the floor, XF1, inline, flat on the floor, the star point's piece on the
    foam tape, a power wire laid over its bars, Q1 and Q2 flat in their heat-shrink, F4 on its edge, C253 on its side
    on the floor and the cut-off's piece on the foam tape, U4 and Q3 standing on it (power pocket); R6/R7's piece on
    the foam tape, the resistors lying flat (controls pocket)."""
    thickness = board["build"]["blank_mm"][2]
    depth = {name: thickness - skin for name, skin in board["build"]["skin_mm"].items()}
    return {"U2": (TAPE_MM + PERFBOARD_MM + DIP_MM, depth["leds"]),
            "C243": (BULK_CAN_MM[0], depth["power"]),
            "J1": (PERFBOARD_MM + JACK_MM, depth["power"]),
            "J1 stop": (JACK_STOP_MM[2], depth["power"]),
            "XF1": (XF1_MM, depth["power"]),
            "star point": (TAPE_MM + PERFBOARD_MM + POWER_WIRE_MM, depth["power"]),
            "Q1-Q2": (TO220_MM[2], depth["power"]),
            "F4": (PTC_TALL_MM, depth["power"]),
            "C253": (BIPOLAR_CAN_MM[0], depth["power"]),
            "cut-off": (TAPE_MM + PERFBOARD_MM + TO92_MM, depth["power"]),
            "R6-R7": (TAPE_MM + PERFBOARD_MM + RESISTOR_MM, depth["controls"])}


def place_table(board: dict) -> str:
    """BUILD.md's table of the power pocket's places, as the maker measures them in the underside view: from the
    pocket's corner at the jacks' wall and the LED pocket's edge (its top right corner there), the part's near and far
    edges across (leftwards) and down, in mm."""
    x0, y0, _, _ = board["build"]["pockets"]["power"]
    lines = ["| place | build | from the jacks' wall (mm) | from the top edge (mm) |", "|---|---|---|---|"]
    for place in places(board).values():
        if place.pocket == "power":
            bx0, by0, bx1, by1 = place.box
            lines.append(f"| {' '.join(place.label)} | {place.build} | {bx0 - x0:.1f} to {bx1 - x0:.1f} | "
                         f"{by0 - y0:.1f} to {by1 - y0:.1f} |")
    return "\n".join(lines) + "\n"


def supply_note(board: dict) -> str:
    """BUILD.md's note, where it asks for short supply leads, of how long the underside view draws them."""
    runs, lengths = power_runs(board), supply_lengths(board)
    path = "; ".join(f"{name} {runs[name].length():.0f}" for name in SUPPLY_PATH)
    text = (f"As the underside view draws them (mm): {path}; J1's centre pin to the star point's +5 V bar "
            f"{lengths['supply']:.0f} mm in all. C253's ground wire to the star point {lengths['C253']:.0f} mm, the "
            f"cut-off's ground wire {lengths['cut-off']:.0f} mm, J1's sleeve lug's {lengths['J1']:.0f} mm (each "
            f"black power wire, W2). Lay them there, no longer.")
    return textwrap.fill(text, 96, break_on_hyphens=False) + "\n"


def rewritten(text: str, begin: str, body: str) -> str:
    """``text`` with what lies between the ``begin`` line and the END after it written afresh: ``body``, each line
    indented as the ``begin`` line is (a note inside a list item stays in it)."""
    if begin not in text:
        raise ValueError(f"no {begin} in BUILD.md: put it where its text belongs, with an END line after it")
    head, _, rest = text.partition(begin)
    indent = head[head.rfind("\n") + 1:]
    _, _, tail = rest.partition(END)
    return head + begin + "\n" + "".join(indent + line + "\n" for line in body.splitlines()) + indent + END + tail


def with_generated(text: str, board: dict) -> str:
    """BUILD.md's text with its place table and its note of the supply runs written afresh."""
    return rewritten(rewritten(text, BEGIN, place_table(board)), BEGIN_RUNS, supply_note(board))


if __name__ == "__main__":
    argparse.ArgumentParser(description="Write BUILD.md's table of the power pocket's places and note of the supply "
                            "runs, from hardware/board.json.").parse_args()
    board_json = json.loads(BOARD_JSON.read_text())
    BUILD_MD.write_text(with_generated(BUILD_MD.read_text(), board_json))
    print("wrote", BUILD_MD, "(its table of places and note of the supply runs)")
