"""Write ``hardware/bom.csv``, the bill of materials, from board.json.

Run ``python hardware/bom.py`` after changing board.json. Counts follow the board (LEDs and their
capacitors from ``leds.count``, with 5 % spares to order), wire lengths are measured on the
board's geometry (the LED chain, the bus along it, the feeds and control wires from where the
parts sit in ``build.parts``, the adapter build's power entry along the runs the underside view
draws), and the reference designators are those of circuit.py's netlist. It also writes
BUILD.md's table of places in the power pocket and its note of the supply runs' lengths.
A test regenerates the files and checks them against board.json and both netlists.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import i2c_bus
from control_filters import FILTERS, ohms, parts, ranges

HERE = Path(__file__).resolve().parent
BOARD_JSON = HERE / "board.json"
BOM_CSV = HERE / "bom.csv"
BUILD_MD = HERE / "BUILD.md"
# BUILD.md's table of where each part lies in the power pocket, written by this script from ``places``, and its note of
# the adapter build's supply runs' lengths, from ``supply_lengths``: each from its BEGIN line to the END after it.
BEGIN = "<!-- begin: written by hardware/bom.py from its places(); edit that script, not this -->"
BEGIN_RUNS = "<!-- begin: written by hardware/bom.py from its supply_lengths(); edit that script, not this -->"
END = "<!-- end: written by hardware/bom.py -->"
SPARES = 0.05  # order 5 % more LEDs and capacitors than the board holds
SLACK = 1.2  # wire cut 20 % longer than measured: bends, strip lengths, mistakes
RESISTOR = "0.25 W, 1 %, metal film"  # every resistor: the 1 % matters for R8 (U3's current limit)
WIRING_MM = 3  # left under a control's body in its pocket for the bent wires and the back panel's clearance
PICO_SPACER_MM = 6  # X3: the Pico's M2 spacers off the back panel (drill_template.py draws the panel)
PANEL_SCREWS = 8  # X4: the back panel's wood screws (drill_template.py places them)
PILOT_HOLE_MM = 2  # X4's pilot holes in the blank, for a 3 mm wood screw
SCREW_CLEARANCE_MM = 8  # least wood from a panel screw's centre to a pocket's, a block's or the board's edge
# X14: a hardwood block glued into the power pocket, where the pockets leave no solid wood for a panel screw on the
# board's left: it takes one (drill_template.py) and holds up the thin skin beside player 1's button (``places``).
SCREW_BLOCK_MM = 2 * SCREW_CLEARANCE_MM
COUNTERSINK_MM = 6  # X4's countersunk heads, and the back panel's countersinks for them (drill_template.py)
# The back panel opens like a book's cover about the blank's left edge, laid flat beside the board, and the
# Pico and the controls' filters' perfboard ride on it: every wire from them into the blank gets this much more
# than its run, a loop that lies folded in the pocket when the panel is closed (``panel_turn_mm``: what the
# turn needs; a test holds this above it). BUILD.md, section 1.
SERVICE_LOOP_MM = 100
# X6: a piece of heat-shrink over each bus tap (a 4 mm window and 1 mm either side: it must fit between taps
# one hole pitch, 8 mm, apart) and over each joint of a data link.
SLEEVE_MM = 6
LAP_MM = 3  # W3: stripped at each end of a DOUT -> DIN link, soldered along the LED's lead
# What a dark WS2812-type LED draws (mA, least and most, by its maker; BUILD.md, stage 2's bench test)
# and the Pico alone (BUILD.md, stage 1): the bring-up fuse must carry the dark board. Estimates, from no
# datasheet: BUILD.md says so, and has the maker measure both.
IDLE_MA = (0.3, 1.5)
PICO_MA = (20, 50)
# What must fit under the back panel (mm): the tallest parts, and how each sits in its pocket
# (``stacks``; a test checks each against the pocket's depth from board.json).
PERFBOARD_MM = 1.6  # PB1
TAPE_MM = 2  # X10 at its thickest
DIP_MM = 5.33  # U2, a DIP-14: seating plane to top at most (JEDEC MS-001); a socket would add 3 to 4.5 mm
# C243, 1000 uF 10 V radial: about 10 mm across, 12.5 to 20 mm long by make. J1, the PJ-063AH board jack: its
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
# PS1: the most its overcurrent protection may allow, by its datasheet, as a share of its rating (BUILD.md and power.md
# count a fault F1 does not cut at 105 to 150 %: 13 to 19 W); what LPS allows a 5 V output into any load (IEC 62368-1
# Table Q.1, IEC 60950-1 Table 2B: 8 A and 5 x its open-circuit voltage in VA), which is more.
OCP_MOST = 1.5
LPS_AMPS = 8
LPS_VA_PER_VOLT = 5
CUT_OFF_MM = (25, 20)  # the cut-off's piece of PB1 (BUILD.md, stage 1)
# Small pieces of PB1 (2.54 mm holes), sized here and checked against their pockets (``pieces_mm``, ``stacks``,
# ``places``). The star point (BUILD.md, stage 1) in the power pocket beside C243: the GND bar with its
# wires in the rows either side of it, an empty row, the +5 V bar with its wires in one row, and a column more for
# C243's leads at the bars' ends; a wire a hole. Most wires at each bar, of either build: GND the Pico's two, U2's,
# the bus's two feeds, four bonding wires (the encoder, three button tags) and the adapter build's J1, C253 and
# cut-off wires; +5 V the bus's two feeds, U2's and the adapter build's Q2 and D1.
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
J2_LEAD_MM = 300  # J2's cable, socket to plug, as sold (``j2_slack_mm``: what is left over, and where it goes)
# J1, the PJ-063AH: its body 13 x 10 mm (the outline of KiCad's footprint for it, which cites CUI's datasheet; CUI's
# drawing was not checked here), on a piece of 6 x 5 holes.
JACK_BODY_MM = (13, 10)
JACK_PIECE_HOLES = (6, 5)
# Q1 and Q2 lying flat: a TO-220's body and tab, 15.7 mm (KiCad's TO-220 outline), and its leads, about 13 mm; 10 mm
# wide, 11 mm in its heat-shrink (X8), and 6 mm high in it (4.8 mm at most bare, JEDEC TO-220). Its leads, gate, drain
# and source, 2.54 mm apart (JEDEC TO-220): the drain in the middle.
TO220_MM = (29, 11, 6)
TO220_PITCH_MM = 2.54
TO92_MM = 8  # U4 and Q3 standing on the cut-off's piece: a TO-92's 5.3 mm body (JEDEC, at most) on its leads
DIODE_MM = (12, 3)  # D1, a DO-41 (body 5.2 x 2.7 mm at most) with its leads bent at the body
# U3's piece (XU3, the SOT-23-6 adapter, with R8-R10 and C247 lying flat), in holes along and across.
U3_PIECE_HOLES = (8, 6)
# A 12 mm panel button under the controls' skin: its nut and the solder tag (X7) under it, at most this across (the
# tag's lug turned away from the power pocket's parts). Player 1's lies in the power pocket.
BUTTON_BODY_MM = 18
# KNOB1 on ENC1: the PEC11R-4220F's shaft is 20 mm long from its mounting surface ("20" in Bourns' ordering code),
# 6 mm across with a flat ("F"); its nut and flat washer stand about 2.5 mm on the top (Bourns' drawing: a 2 mm nut,
# a 0.5 mm washer). A knob whose bore is deeper than the shaft left above them sits on the nut, and the push
# (about 0.5 mm of travel) does nothing: KNOB_CLEARANCE_MM is left between them.
ENCODER_SHAFT_MM = 20
ENCODER_HARDWARE_MM = 2.5
KNOB_CLEARANCE_MM = 1
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
TIE_PITCH_MM = 30  # X13 on the bundle
# What a part without a maker's part number checked for this list says in its "example part" column.
GENERIC = "Generic (no maker's part confirmed): "
COLUMNS = ["ref", "qty", "order", "build", "part", "specification", "example part", "notes"]


def metres(mm: float) -> float:
    """Millimetres with slack, as metres rounded up to 0.1 m."""
    return math.ceil(mm * SLACK / 100) / 10


def centre(box: Sequence[float]) -> tuple[float, float]:
    """Middle of a box [x0, y0, x1, y1]."""
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def size(box: list[float]) -> str:
    """The width and height of a part's place ``[x0, y0, x1, y1]``, as a maker reads them: ``24 x 20``."""
    return f"{box[2] - box[0]:g} x {box[3] - box[1]:g}"


def manhattan(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Length of a wire run along x then y (as wires lie in a pocket)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def panel_turn_mm(board: dict) -> float:
    """How much longer a wire from the back panel into the blank must be for the panel to open: turned over
    about the blank's left edge and laid flat beside it, a point on the panel x mm from that edge lands x mm
    beyond it, and the wire also climbs over the pocket's rim, at most the blank's thickness. Computed for the
    farthest of what rides on the panel (the Pico, the controls' filters' perfboard), not measured."""
    parts = board["build"]["parts"]
    farthest = max(parts["pico"][2], parts["controls_filter"][2])
    return 2 * farthest + board["build"]["blank_mm"][2]


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
                         ("J1", "XF1")),
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
                            ((j2[2] + star[0]) / 2, gnd_row), (star[0], gnd_row)), True, ("J1", "star")),
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


def j2_slack_mm(board: dict) -> float:
    """J2's cable left over (mm): its length less the socket's end in the pocket, its run from there to the Pico's USB
    end (the Pico's place's end at y1) and the panel's turn, which it needs as every wire from the panel."""
    x0, y0, x1, y1 = board["build"]["parts"]["pico"]
    socket = places(board)["J2"].box
    end = (socket[2], (socket[1] + socket[3]) / 2)
    return J2_LEAD_MM - J2_MM[1] - manhattan(end, ((x0 + x1) / 2, y1)) - panel_turn_mm(board)


def channel_ties(board: dict) -> int:
    """X13's ties on the signal wires' bundle in the power pocket's signal channel: one every TIE_PITCH_MM, and one at
    each end."""
    _, y0, _, y1 = places(board)["signal channel"].box
    return math.ceil((y1 - y0) / TIE_PITCH_MM) + 1


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
    D1 below it (U3's piece below that on the USB build); the screw block (X14) below C243, above player 1's button.
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
    d1 = box(star[0], star[3] + gap, *DIODE_MM)
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
        "D1": Place(d1, "power", "adapter", ("D1",), ("D1 (adapter)",)),
        "XF1": Place(xf1, "power", "adapter", ("XF1", "F1"), ("XF1 (F1), inline (adapter)",)),
        "signal channel": Place(channel, "power", "both", (), ("signal", "channel:", "no part,", "no power", "wire"),
                                room_for="signal wires"),
        "XF1 cap room": Place(cap_room, "power", "adapter", (),  # narrow lines, clear of XF1's output lead
                              ("keep free:", "XF1's cap", "pulls out", "here, its", "lead's loop"), room_for="XF1"),
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


def knob_bore_mm(board: dict) -> float:
    """The deepest bore KNOB1 may have: the encoder's shaft above its nut and washer on the controls' skin, less
    KNOB_CLEARANCE_MM, so that the knob stands clear of the nut and the push switch works."""
    return ENCODER_SHAFT_MM - board["build"]["skin_mm"]["controls"] - ENCODER_HARDWARE_MM - KNOB_CLEARANCE_MM


def wire_lengths(board: dict) -> dict[str, float]:
    """Measured lengths in mm: the data links, the bus (each of +5 V and GND), the two feeds (each
    conductor), the Pico's supply lead (one wire: its +5 V, or either of its two GND wires), U2's supply
    pair from the star point (each of +5 V and GND), the signal wires (the controls', the bonding wires', the
    display's, the shifter's, the USB build's switch's), the display's and the bonding wires' shares of them alone,
    and the number of rows the chain runs in. Every
    wire from the back panel (the Pico, the controls' filters) into the blank has its service loop (SERVICE_LOOP_MM)
    added. The power entry's wires are measured from where ``places`` lays its parts out."""
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [where[tuple(p)] for p in board["leds"]["chain"]]
    links = sum(math.dist(a, b) for a, b in zip(chain, chain[1:], strict=False))
    # The bus follows the chain, 4 mm past the end LEDs of each row.
    row_count = len({y for _, y in chain})
    bus = links + 8 * row_count
    parts, laid = board["build"]["parts"], places(board)
    entry = centre(laid["star"].box)  # the star point: both feeds, the Pico's and U2's supply wires end there
    feeds = manhattan(entry, chain[0]) + manhattan(entry, chain[-1])
    pico = centre(parts["pico"])
    filters = centre(parts["controls_filter"])
    controls = board["controls"]
    # The controls' wires end on their filters' perfboard, which is wired to the Pico: a wire to each pin, its
    # GND (pin 18) and 3V3 (pin 36, the encoder's pull-ups).
    # The filters' perfboard rides on the back panel with the Pico: its wires to the pins stay short, and the
    # controls' wires, which run into the blank, take the service loop.
    signal = sum(n * (manhattan(filters, tuple(controls[name])) + SERVICE_LOOP_MM)
                 for name, n in WIRES_PER_CONTROL.items())
    signal += (len(FILTERS) + 2) * manhattan(pico, filters)
    # The display's GND, 3V3, SDA and SCL: four wires from the Pico to R6/R7's piece, and four short ones on from it to
    # the module's pins, which lie along one of its edges, about half the module from the window's centre.
    pull_ups = centre(laid["R6-R7"].box)
    window = tuple(board["build"]["display"]["centre"])
    display = 4 * (manhattan(pico, pull_ups) + SERVICE_LOOP_MM) + 4 * (manhattan(pull_ups, window)
                                                                       + DISPLAY_MODULE_MM / 2)
    signal += display
    # The bonding wires (stage 4): the encoder's body and each button's tag to the star point, within the blank.
    bonding = sum(manhattan(tuple(controls[name]), entry) for name in WIRES_PER_CONTROL)
    signal += bonding
    signal += 3 * (manhattan(pico, centre(parts["shifter"])) + SERVICE_LOOP_MM)
    signal += manhattan(centre(parts["shifter"]), chain[0])
    # the USB build's LED enable, /FAULT and R10's 3V3 to U3's piece
    switch = centre(laid["U3"].box)
    signal += 3 * (manhattan(pico, switch) + SERVICE_LOOP_MM)
    # VBUS to U3's piece (USB build) or VSYS to D1 at the star point (adapter build); GND twice to the star point
    supply = max(manhattan(pico, switch), manhattan(pico, entry)) + SERVICE_LOOP_MM
    shifter = manhattan(entry, centre(parts["shifter"]))  # U2's pins 14 and 7 from the star point, beside LED 1's feed
    return {"links": links, "bus": bus, "feeds": feeds, "supply": supply, "shifter": shifter, "signal": signal,
            "display": display, "bonding": bonding, "rows": row_count}


# W1 and W2, 0.5 mm2 flexible (class 5) plain copper: at most 39.0 mohm a metre at 20 degC (IEC 60228, table 3),
# and copper's resistance rises by 0.393 % a kelvin above that.
BUS_OHMS_PER_M = 0.039
COPPER_PER_K = 0.00393


def bus_drop_volts(board: dict, lit_ma: float, led_ma: float, idle_ma: float, both_ends: bool = True,
                   warmer_k: float = 0) -> float:
    """The most the +5 V and GND wires together lose (V) between the power entry and any LED: every LED draws
    ``idle_ma`` and ``lit_ma`` more is drawn ``led_ma`` an LED by the LEDs where it costs the most. The bus
    follows the chain (``wire_lengths``' ``bus``), fed from the power entry at LED 1 and, ``both_ends``, at the
    last LED too; the wire ``warmer_k`` above 20 degC. Each LED's current drops ``r * K(x, y)`` at the LED ``y``
    along the loop from the entry (``x``: the LED drawing it): ``min(x, y) * (L - max(x, y)) / L`` for a loop
    of length ``L`` fed at both ends, ``min(x, y)`` for a bus fed at LED 1 alone."""
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [where[tuple(p)] for p in board["leds"]["chain"]]
    lengths = wire_lengths(board)
    entry = centre(places(board)["star"].box)
    stretch = lengths["bus"] / lengths["links"]  # the bus runs a little past each row's end LEDs
    along = [manhattan(entry, chain[0])]
    for a, b in zip(chain, chain[1:], strict=False):
        along.append(along[-1] + math.dist(a, b) * stretch)
    loop = along[-1] + manhattan(entry, chain[-1])

    def cost(x: float, y: float) -> float:
        return min(x, y) * (loop - max(x, y)) / loop if both_ends else min(x, y)

    lit, rest = int(lit_ma // led_ma), lit_ma % led_ma
    worst = 0.0
    for y in along:
        costs = sorted((cost(x, y) for x in along), reverse=True) + [0.0]
        milliamp_mm = idle_ma * sum(costs) + led_ma * sum(costs[:lit]) + rest * costs[min(lit, len(along))]
        worst = max(worst, milliamp_mm)
    ohms_per_mm = BUS_OHMS_PER_M / 1000 * (1 + COPPER_PER_K * warmer_k)
    return 2 * worst / 1000 * ohms_per_mm  # +5 V and GND alike


# What U2 (74AHCT125) needs at its pins 14 and 7: TI's least recommended supply, 4.5 V (4.5 to 5.5 V). Everything
# between the supply's plug and the star point loses some of it (U2 itself draws a few mA, on its own pair of wires).
U2_LEAST_V = 4.5
# The USB build at its cap (the USB build's supply_ma, 400 mA: app.power's 50 mA for the board, the Pico's, which does
# not pass F2 or U3, and 350 mA for the LEDs through both). Resistances, most (ohm): F2 cold, Bourns' R1max for the
# MF-R050 (0.77; up to 1.17 in the hour after a trip); U3's switch, about 0.1 (0.04 V at 0.35 A: an estimate, TI's
# figure not checked here); the charger's cable (1 m, sold for charging at 2 A or more) and J2's 0.3 m lead together,
# both wires and their three plugs, about 0.43 (0.1 to 0.17 V at 0.4 A: an estimate, not measured).
USB_MA, USB_BOARD_MA = 400, 50
F2_OHMS, U3_OHMS, USB_CABLE_OHMS = 0.77, 0.12, 0.425
LOAD_OHMS = 18  # stage 1's load for U3's test, across C243: about 0.25 A, under U3's least limit
# The adapter build at the heaviest picture the app shows, the end of a game at brightness 255 (about 1.9 A at its
# peak by the model: power.md, "Heat"), and at its cap, the adapter's 2.5 A. Resistances, most (ohm): the adapter's
# own cable, 1.5 m, both wires (about 0.16: 22 AWG; a regulated adapter holds its voltage where its cable starts,
# which is what its plug reads with no load); F1 cold, a T3.15A, about 0.03; J1's and XF1's contacts, about 0.02;
# Q1 and Q2 on, about 0.01 together; and the supply's power wire (W1, W2) as the underside view draws it.
APP_PEAK_MA, ADAPTER_MA = 1900, 2500
ADAPTER_CABLE_OHMS, F1_OHMS, CONTACTS_OHMS, FETS_OHMS = 0.16, 0.03, 0.02, 0.01


def round_up(volts: float, step: float = 0.05) -> float:
    """``volts`` rounded up to the next ``step`` (a requirement on a supply: never less than the figures need)."""
    return math.ceil(round(volts / step, 6)) * step


def u2_supply_volts(board: dict) -> dict[str, float]:
    """What each build's supply must give for U2 to get ``U2_LEAST_V`` at its most (V), and what U2 gets.

    ``usb_charger``: the least a USB charger may give at its plug (read on the USB power meter) with the board at its
    cap. ``usb_loaded``: the least U2 may read, pins 14 to 7, with ``LOAD_OHMS`` across C243 (stage 2's early check):
    at that reading the cap's full 0.4 A still leaves it ``U2_LEAST_V``. ``adapter_plug``: the least the adapter's
    plug may read with no load for the app's heaviest picture; ``adapter_entry``: the power entry's and the adapter
    cable's resistance together (ohm); ``adapter_cap``: what U2 gets from such an adapter at the cap's 2.5 A."""
    f2_u3 = F2_OHMS + U3_OHMS
    led_ma = USB_MA - USB_BOARD_MA
    usb_charger = U2_LEAST_V + USB_MA / 1000 * USB_CABLE_OHMS + led_ma / 1000 * f2_u3
    load_ma = U2_LEAST_V / LOAD_OHMS * 1000  # the least it draws there: the most the full load adds to the loss
    usb_loaded = U2_LEAST_V + (USB_MA - load_ma - USB_BOARD_MA) / 1000 * USB_CABLE_OHMS \
        + (led_ma - load_ma) / 1000 * f2_u3
    runs = supply_lengths(board)
    wire = (runs["supply"] + runs["J1"]) / 1000 * BUS_OHMS_PER_M
    entry = ADAPTER_CABLE_OHMS + F1_OHMS + CONTACTS_OHMS + FETS_OHMS + wire
    adapter_plug = round_up(U2_LEAST_V + APP_PEAK_MA / 1000 * entry, 0.1)
    return {"usb_charger": round_up(usb_charger, 0.1), "usb_loaded": round_up(usb_loaded),
            "adapter_plug": adapter_plug, "adapter_entry": entry,
            "adapter_cap": adapter_plug - ADAPTER_MA / 1000 * entry}


def stacks(board: dict) -> dict[str, tuple[float, int]]:
    """The tallest parts as they sit: how far each stands from its pocket's floor towards the back panel,
    and that pocket's depth (mm): U2 soldered into PB1 on the foam tape (LED pocket), C243 on its side, J1
    on its piece of PB1 glued straight to the floor, XF1, inline, flat on the floor, the star point's piece on the
    foam tape, a power wire laid over its bars, Q1 and Q2 flat in their heat-shrink, C253 on its side on the floor
    and the cut-off's piece on the foam tape, U4 and Q3 standing on it (power pocket); R6/R7's piece on the foam
    tape, the resistors lying flat (controls pocket)."""
    thickness = board["build"]["blank_mm"][2]
    depth = {name: thickness - skin for name, skin in board["build"]["skin_mm"].items()}
    return {"U2": (TAPE_MM + PERFBOARD_MM + DIP_MM, depth["leds"]),
            "C243": (BULK_CAN_MM[0], depth["power"]),
            "J1": (PERFBOARD_MM + JACK_MM, depth["power"]),
            "XF1": (XF1_MM, depth["power"]),
            "star point": (TAPE_MM + PERFBOARD_MM + POWER_WIRE_MM, depth["power"]),
            "Q1-Q2": (TO220_MM[2], depth["power"]),
            "C253": (BIPOLAR_CAN_MM[0], depth["power"]),
            "cut-off": (TAPE_MM + PERFBOARD_MM + TO92_MM, depth["power"]),
            "R6-R7": (TAPE_MM + PERFBOARD_MM + RESISTOR_MM, depth["controls"])}


def rows(board: dict) -> list[list[str]]:
    """Every line of the BOM (without the header)."""
    leds = board["leds"]["count"]
    spare = math.ceil(leds * (1 + SPARES))
    width, height, thickness = board["build"]["blank_mm"]
    holes = board["build"]["hole_mm"]
    lengths = wire_lengths(board)
    skin_mm = board["build"]["skin_mm"]["controls"]
    depth = {name: thickness - skin for name, skin in board["build"]["skin_mm"].items()}
    pocket_mm = thickness - skin_mm
    body_mm = pocket_mm - WIRING_MM
    entry = supply_lengths(board)  # the adapter build's power wires at the power entry
    volts = u2_supply_volts(board)  # what each build's supply must give for U2's 4.5 V
    plug, charger = f"{volts['adapter_plug']:.1f} to 5.3 V", f"{volts['usb_charger']:.1f} to 5.3 V"
    red = metres(lengths["bus"] + lengths["feeds"] + lengths["supply"] + lengths["shifter"] + entry["red"])
    black = metres(lengths["bus"] + lengths["feeds"] + 2 * lengths["supply"] + lengths["shifter"] + entry["black"])
    link_ends = 2 * LAP_MM * (leds - 1)  # the stripped ends of the DOUT -> DIN links
    # X6: a tap on each bus wire at every LED, and a joint on each wire where each row begins (a feed, or a
    # new piece of wire at a turn); both joints of every data link, and R1's at LED 1's DIN.
    bus_sleeves = 2 * leds + 2 * int(lengths["rows"])
    data_sleeves = 2 * (leds - 1) + 1
    # X6, 2 mm: each LED's VDD and GND leads and its capacitor's two legs, from the body to their bus joint.
    lead_sleeves = 4 * leds
    led_refs = f"LED1-LED{leds}"
    window = size([0, 0, *board["build"]["display"]["size"]]) + " mm"
    cap_refs = f"C1-C{leds}"
    return [
        ["U1", "1", "1", "both", "Microcontroller board", "Raspberry Pi Pico (RP2040)", "Raspberry Pi SC0915",
         "MicroPython 1.23 or later. Without headers (not the Pico H): on its spacers, headers would "
         "stand taller than the 10 mm LED pocket; solder the wires to its pads. Its mounting holes take M2"],
        [led_refs, str(leds), str(spare), "both", "Addressable RGB LED",
         "WS2812B-compatible, 5 mm through-hole, 5 V, GRB order; leads DIN, VDD, GND, DOUT",
         "Worldsemi WS2812D-F5", "One per hole, 5 % spare. Strips do not fit: 60 LED/m puts them 16.7 mm apart, "
         "the board needs 8 mm. PL9823 uses different timing: not recommended; and LEDs that light up at power-on "
         "before any data comes (PL9823 are commonly reported to): on the adapter build they would draw, uncapped, "
         f"until the firmware's first, dark frame ({leds} lit blue at 20 mA: about {leds * 0.02:.1f} A, computed, "
         "past the adapter's 2.5 A)"],
        [cap_refs, str(leds), str(spare), "both", "Ceramic capacitor", "100 nF, 10 V or more, X7R, 2.54 mm leads",
         "", "Beside every LED, across its VDD and GND leads: between the two bus wires, each leg in the joint of "
         "the LED's VDD or GND lead on its bus wire (BUILD.md, stage 3); 5 % spare"],
        ["C243", "1", "1", "both", "Electrolytic capacitor", "1000 uF, 10 V or more", "Panasonic EEU-FR1A102",
         "At the power entry, across +5V_LED and GND: the star ground point. Lying on its side, glued to the "
         f"floor of the {depth['power']} mm deep power pocket: upright a 1000 uF can ({BULK_CAN_MM[0]} mm across, "
         f"12.5 to {BULK_CAN_MM[1]} mm long) stands taller than that"],
        ["U2", "1", "1", "both", "Level shifter", "74AHCT125 quad buffer, DIP-14", "TI SN74AHCT125N",
         "3.3 V data to 5 V for LED 1 (it needs 0.7 x VDD = 3.5 V); unused inputs and enables to GND. Soldered "
         f"straight into PB1, no socket: the LED pocket is {depth['leds']} mm deep, and a DIP-14 stands up to "
         f"{DIP_MM} mm (JEDEC MS-001), {stacks(board)['U2'][0]:.1f} mm with PB1 and the foam tape; a socket "
         "adds 3 to 4.5 mm"],
        ["C244", "1", "1", "both", "Ceramic capacitor", "100 nF, 50 V, X7R, 2.54 mm leads", "",
         "At U2's VCC and GND pins"],
        ["R1", "1", "1", "both", "Resistor", f"330 ohm, {RESISTOR}", "",
         "In series with the data line, on U2's perfboard at U2's output (pin 3): there it damps the wire's "
         "reflections at their source and is held by the board, not hanging in LED 1's lead; the short wire "
         "(W4) runs on from it to LED 1's DIN"],
        ["R12", "1", "1", "both", "Resistor", f"22 kohm, {RESISTOR}", "",
         "U2's input (pin 2) to GND (pin 7), on U2's perfboard: LED 1 never sees a floating data line while "
         "the Pico starts, resets or sits in BOOTSEL"],
        ["ENC1", "1", "1", "both", "Rotary encoder with push switch",
         "EC11 type, 24 detents / 24 pulses, 7 mm M7 bushing, 20 mm D shaft", "Bourns PEC11R-4220F-S0024",
         f"Hole {holes['enc']:g} mm through a {board['build']['skin_mm']['controls']} mm skin (see the drilling "
         "template); A, B and its switch through the RC filters below. Bourns: hand soldering not recommended "
         "(made for a solder wave, 260 C at most for 3 +/- 1 s): push 2.54 mm receptacles onto its pins, or solder "
         "each pin in about 3 s, iron at 300-320 C, wires tinned first, cooling between pins (BUILD.md, stage 4)"],
        ["KNOB1", "1", "1", "both", "Knob", f"for a 6 mm D (flatted) shaft, 20-30 mm across, its bore "
         f"{knob_bore_mm(board):g} mm deep at most",
         GENERIC + "a push-on or set-screw knob for a 6 mm flatted (D) shaft, 20 to 30 mm across, its bore "
         f"{knob_bore_mm(board):g} mm deep at most, its skirt wide enough to clear the encoder's M7 nut",
         f"On ENC1's shaft, its flat to the shaft's flat. The shaft stands about "
         f"{knob_bore_mm(board) + KNOB_CLEARANCE_MM:g} mm above the nut ({ENCODER_SHAFT_MM} mm less the "
         f"{board['build']['skin_mm']['controls']} mm skin and about {ENCODER_HARDWARE_MM:g} mm of nut and washer): a "
         f"deeper bore sits the knob on the nut, and the push does nothing. Press it and feel the switch click "
         "(BUILD.md, stage 4)"],
        *filter_rows(),
        ["SW1-SW3", "3", "3", "both", "Momentary push button",
         f"normally open, panel mount, {holes['button']:g} mm, body depth under the panel, its solder lugs "
         f"included, at most {body_mm} mm, its nut at most {BUTTON_BODY_MM} mm across; gold-plated contacts, or a "
         "sealed switch",
         GENERIC + f"momentary push button, SPST normally open, for a {holes['button']:g} mm hole, its threaded "
         f"bushing long enough for the {skin_mm} mm skin, a solder tag (X7) and its nut, body and lugs {body_mm} mm "
         f"deep at most under the panel, its nut {BUTTON_BODY_MM} mm across at most, gold-plated contacts (or "
         "sealed), made for the 40 to 70 uA at 3.3 V they switch here",
         f"Player 1, player 2, back; the other contact to GND. The controls pocket is {pocket_mm} mm deep under "
         f"its {skin_mm} mm skin: the body, its lugs and the wires must fit in it; player 1's nut and tag lie "
         "beside the power pocket's parts (the underside view). Gold: a contact here switches "
         "only the RP2040's pull-up current, about 40 to 70 uA (3.3 V through 50 to 80 kohm), too little to "
         "break through the film silver contacts can grow in air; gold-plated ones are made for such small "
         "currents (BUILD.md, stage 4)"],
        ["DISP1", "1", "1", "both", "OLED display (optional)", "SSD1306 128x64, I2C, 3.3 V, 0.96 inch",
         GENERIC + "0.96 inch 128 x 64 OLED module, SSD1306, I2C only, four pins at 2.54 mm (GND, VCC, SCL, SDA, "
         "their order by its maker), runs on 3.3 V, I2C address 0x3C or 0x3D, its own pull-ups 1.8 kohm or more (or "
         f"none), its picture about 21.7 x 10.9 mm (the window is {window})",
         "Behind the display window; found at boot at 0x3C or 0x3D. Wire it by the names printed on it, not by "
         "their order (BUILD.md, stage 5)"],
        ["R6-R7", "2", "2", "both", "Resistor (with the display)",
         f"{ohms(i2c_bus.PULL_UP_OHMS, ' k')}ohm, {RESISTOR}", "",
         "I2C pull-ups to 3V3, fitted whatever pull-ups the module has: the bus runs at 400 kHz over about 0.4 m "
         "of wire, and a module's own (10 kohm on many) rise too slowly for that (fast mode: 300 ns at most; "
         f"with these {i2c_bus.rise_ns(i2c_bus.PULL_UP_OHMS):.0f} ns at {i2c_bus.BUS_PF} pF, computed: i2c_bus.py). "
         f"On a small piece of PB1 (about {piece_size('R6-R7')} mm) on the controls pocket's floor between the "
         "encoder and the display module (BUILD.md, stage 5)"],
        ["U3", "1", "1", "usb", "Current-limited power switch", "TPS2553, enable high, SOT-23-6", "TI TPS2553DBVR",
         "Between VBUS and the LED bus; on a SOT-23-6 to DIP adapter board (XU3), on its piece of PB1 with R8-R10 "
         "and C247 in the power pocket (the underside view)"],
        ["XU3", "1", "1", "usb", "Adapter board", "SOT-23-6 to 2.54 mm DIP", "", "For U3"],
        ["R8", "1", "1", "usb", "Resistor", f"66.5 kohm, {RESISTOR}", "",
         "U3's current limit: 0.35 to 0.45 A (TI's figures for 66.5 kohm 1 %: 351 to 449 mA, TPS2553 datasheet "
         "SLVS841, \"Accounting for resistor tolerance\", Table 1): its most, with the Pico's 0.05 A, within a USB 2.0 "
         "port's 0.5 A"],
        ["R9", "1", "1", "usb", "Resistor", f"100 kohm, {RESISTOR}", "",
         "Holds U3 off until the firmware turns the LEDs on"],
        ["R10", "1", "1", "usb", "Resistor", f"10 kohm, {RESISTOR}", "", "U3's /FAULT pull-up to 3V3"],
        ["C247", "1", "1", "usb", "Ceramic capacitor", "100 nF, 50 V, X7R, 2.54 mm leads", "", "At U3's IN pin"],
        ["F2", "1", "1", "usb", "PTC resettable fuse", "0.5 A hold, 1 A trip, 6 V or more, radial leads",
         "Bourns MF-R050",
         "At the Pico's VBUS (pin 40), before U3: a fault between them (the wire to U3's IN, C247, a bridge at "
         "U3's pins) draws at most about 1 A, 5 W, for long (1 A trips it; 2.5 A within 4 s), instead of whatever "
         "the charger gives (2.4 to 3 A, 12 to 15 W, from many). Bourns' MF-R datasheet, at 23 degC: 0.5 A hold, "
         "1 A trip, 60 V, 40 A; 0.41 to 0.77 ohm cold, 1.17 ohm at most an hour after a trip; 0.75 W tripped "
         "(typical). In series it drops 0.14 to 0.27 V at the LEDs' 0.35 A (0.41 V at most in the hour after a "
         "trip). An SMD one of the same ratings on a 1812 to DIP adapter serves as well: Bourns MF-MSMF050-2 or "
         "Littelfuse 1812L050PR (each 0.5 A hold, 1 A trip, 15 V, 100 A; 0.15 ohm at least, 1.0 ohm at most an hour "
         "after a trip, their datasheets: no cold maximum given; Bourns' at 23 degC, Littelfuse's hold and trip in "
         "20 degC still air; time to trip given only at 8 A, 0.15 s at most, not at 2.5 A). Their datasheets list "
         "the models MF-MSMF050 and 1812L050; the ordering suffixes, -2 and PR (tape and reel), were not checked "
         "against the makers' ordering tables: check the seller's listing. The radial one lies flat beside the "
         "Pico, glued to the back panel by its leads' heat-shrink and the wire from its free lead, not by its body "
         "(tripped, it stays hot: the glue could soften): about 13 mm tall, standing on pin 40's pad it would not "
         "fit the 10 mm LED pocket (BUILD.md, stage 1). Unplug and let it cool a minute to "
         "reset it"],
        ["J2", "1", "1", "both", "USB panel socket",
         "left- or right-angled micro-USB plug (the cable leaves sideways, in the plane of the Pico's board; not "
         f"an up- or down-angled one) to micro-USB panel-mount socket, {J2_LEAD_MM / 1000:g} m, with screws; a "
         "data cable (D+ and D- wired, not a charge-only lead); power conductors (VBUS, GND) rated 1 A or more; "
         "the socket's end, screw "
         f"ears included, at most {J2_MM[0]} mm across and {J2_MM[1]} mm deep with its cable's moulding",
         GENERIC + "micro-USB extension cable, a micro-USB B plug angled left or right to a micro-USB B panel "
         f"socket with screw holes, {J2_LEAD_MM / 1000:g} m, data and power wired, VBUS and GND rated 1 A or more "
         "by its seller, the "
         f"socket's end {J2_MM[0]} mm across its ears and {J2_MM[1]} mm deep with its cable's moulding at most",
         "The USB build's whole supply (up to 0.5 A for the LEDs and the Pico) comes through it: a cable whose "
         "seller gives no current rating, or only for data, is not enough. From the Pico's socket to the board's "
         "left edge (see the drilling template); angled: a straight plug would run into the game holes' LEDs 15 mm "
         "beyond the Pico's socket. Angled sideways, the side that sends the cable towards the board's left edge "
         "with the Pico hung button side towards the back panel (BUILD.md, section 1): sellers name the sides "
         "differently, so check the seller's drawing against the Pico's socket before you buy. Angled up "
         "or down, it would point the cable at the back panel or the pocket's floor, with no room for it either way. "
         "The adapter build needs it too: flashing, crib deploy and the serial line, and it feeds the Pico (never "
         "the LEDs) while USB alone is plugged in. A charge-only lead (no D+ and D-) powers the Pico but cannot "
         "flash, deploy or talk to it. "
         "A USB-C socket instead (a USB-C panel socket to micro-USB plug lead, or a USB-C breakout board) must "
         "join CC1 and CC2 each to GND through its own 5.1 kohm: without them a USB-C charger, a computer's USB-C "
         "port or any C-to-C cable gives it no 5 V at all. Many sold for hobby use have none, or one resistor for "
         "both pins, which fails with e-marked C-to-C cables; a 56 kohm pull-up belongs in the C plug of a USB-A "
         "to C cable, never at the socket. Buy one whose seller names the two 5.1 kohm resistors and check it "
         "(BUILD.md, stage 1)"],
        ["PS1", "1", "1", "adapter", "Power supply",
         "5 V DC, 2.5 A (12.5 W) or less, regulated, a limited power source (marked LPS, or Class 2), "
         f"overcurrent protection at {OCP_MOST * 100:g} % of its rating or less by its datasheet ({2.5 * OCP_MOST:g} A "
         "for 2.5 A), 5.5 x 2.1 mm plug, centre +",
         GENERIC + f"switch-mode wall adapter, 5 V DC, 2.5 A (12.5 W) or less, {plug} at the plug, marked LPS "
         f"or Class 2, its overcurrent protection {OCP_MOST * 100:g} % of its rating or less by its datasheet, a "
         "5.5 x 2.1 mm plug, centre +",
         "Its label must say LPS (or Class 2), and its datasheet must put its overcurrent (overload) protection at "
         f"{OCP_MOST * 100:g} % of its rating or less, {2.5 * OCP_MOST:g} A: F1 does not cut a fault below the "
         f"adapter's own limit, 13 to 19 W for 2.5 A at 105 to {OCP_MOST * 100:g} % (power.md). LPS does not hold it "
         f"there: it bounds a 5 V output to {LPS_AMPS} A and {LPS_VA_PER_VOLT} x its open-circuit voltage in VA, about "
         f"{5 * LPS_VA_PER_VOLT} W, into any load (IEC 62368-1 Annex Q, IEC 60950-1 Table 2B), a fault inside it "
         "included; only the datasheet's figure keeps a fault to 19 W. A datasheet that gives none, or a range "
         f"reaching above {OCP_MOST * 100:g} %, does not do. Nothing on the board cuts a fault below the adapter's "
         "limit (power.md, \"What F1 does not cut\", says what would). No maker's part is named: no 5 V 2.5 A "
         "adapter's datasheet could be checked for this BOM, so choose by its label and datasheet, all of these: "
         f"output 5 V DC, regulated (switch-mode), {plug} at the plug (not less: at the app's heaviest picture, "
         f"{APP_PEAK_MA / 1000:.1f} A, its cable and the power entry lose up to "
         f"{APP_PEAK_MA / 1000 * volts['adapter_entry']:.2f} V before U2, which needs {U2_LEAST_V} V; power.md, "
         "\"Wiring for current\"); rated 2.5 A (12.5 W) or less; "
         f"overcurrent protection at {OCP_MOST * 100:g} % of that or less; marked LPS (limited power source, IEC "
         "62368-1 Annex Q or IEC 60950-1 2.5) or Class 2 (UL 1310, "
         "North America), the adapter itself, not only its maker's other models; a safety approval mark for "
         "your country; plug 5.5 mm outside, 2.1 mm inside (a 2.5 mm one sits loose on J1's 2.0 to 2.1 mm "
         "pin), the centre positive (the polarity symbol on the label). One of less than 2.5 A (a 5 V 2.4 A, 12 W "
         "one, say) does too: set its current as "
         f"supply_ma in make_board.py. Measure it before the first connection: {plug}, centre positive. "
         "Never more than 2.5 A: a stronger one feeds a fault more heat (power.md), and make_board.py refuses a "
         "supply_ma above 2500"],
        ["J1", "1", "1", "adapter", "DC jack", "5.5 x 2.1 mm (2.0 to 2.1 mm pin), 8 A or more",
         "CUI Devices PJ-063AH (8 A, 24 V)",
         "In the left edge (see the drilling template), marked 5 V ONLY, centre + beside it (X11). Rated above "
         "what F1 may carry for good: a glass time-lag fuse must not blow within an hour at 1.5 x its rating "
         "(IEC 60127-2; T3.15A: 4.7 A), so J1 must carry 4.7 A continuously (power.md). Many panel jacks with a "
         "nut are rated 3 A or less: check the rating. The "
         f"PJ-063AH is a board jack, its body {JACK_BODY_MM[0]} x {JACK_BODY_MM[1]} mm: solder it to a piece of PB1 "
         f"(about {piece_size('J1')} mm) and glue that straight to the pocket's floor (no "
         f"foam tape: about {JACK_MM} mm tall, it then stands {stacks(board)['J1'][0]:.1f} of the pocket's "
         f"{depth['power']} mm) with its face against the edge's 12 mm hole, drilled where its pin is (BUILD.md, "
         "section 1), so that the plug's body enters the hole and a push on the plug goes into the wood, not the "
         "joints"],
        ["F1", "1", "2", "adapter", "Fuse", "3.15 A time-lag (T3.15A), 5 x 20 mm glass",
         "Littelfuse 218 series, 3.15 A",
         "Right after the jack's centre pin; one spare. For a short with a supply that gives more than the "
         "adapter's 2.5 A (which it carries for hours: 80 % of its rating). Glass (IEC 60127-2, standard sheet "
         "3): it must blow within 2 minutes at 2.1 x its rating, 6.6 A, where a ceramic one (sheet 5) may take 30 "
         "(Littelfuse's datasheets: 218 series, glass, sheet 3, 60 minutes at least at 150 % and 120 s at most at "
         "210 %; 215 series, ceramic, sheet 5, 30 minutes at most at 210 %). "
         "Not a resettable PTC (polyfuse): its trip current, the least at which it surely trips, is about twice its "
         "hold current (Littelfuse's USBR series: 2.5 A hold, 5 A trip), so one that holds 3 A need not trip below "
         "about 6 A. "
         "Fitted after stage 3 (BUILD.md); "
         "until then F3, the T1A below"],
        ["F3", "1", "2", "adapter", "Fuse, for the first power-on (in XF1, F1's place, until stage 3)",
         "1 A time-lag (T1A), 5 x 20 mm glass", "Littelfuse 218 series, 1 A",
         "In XF1, in F1's place, through stages 1 to 3 (BUILD.md), then swapped for the T3.15A above: the bare board "
         "and every dark LED draw under "
         f"{math.ceil((leds * IDLE_MA[1] + PICO_MA[1]) / 50) / 20:.2f} A ({leds} LEDs idle at {IDLE_MA[0]:g} to "
         f"{IDLE_MA[1]:g} mA each), and a wiring fault blows 1 A, not 3.15 A; one spare"],
        ["XF1", "1", "1", "adapter", "Fuse holder",
         f"5 x 20 mm, inline (wire leads), 10 A, body at most {XF1_MM} mm across and {xf1_length_mm(board):g} mm "
         "long with its cap on",
         GENERIC + "in-line holder for one 5 x 20 mm glass fuse, screw cap, two wire leads of 0.5 mm2 (20 AWG) or "
         f"more, rated 10 A at 250 V, its body {XF1_MM} mm across and {xf1_length_mm(board):g} mm long at most, cap on",
         "Rated above the 4.7 A F1 may carry for good (1.5 x its rating: IEC 60127-2), as J1. Its body laid flat "
         f"and glued on the floor of the {depth['power']} mm deep power pocket, its output lead on the cut-off's "
         "piece of PB1 (BUILD.md, stage 1): measure it across and along before you buy or fit it. It lies along the "
         "power pocket's bottom wall from J1's piece (the underside view), its body end towards J1, its input lead "
         f"turning about {LEAD_TURN_MM} mm from that end, its cap end below the cut-off's piece; past its cap end "
         f"{CAP_ROOM_MM} mm are left free, where the cap "
         f"pulls off (about {FUSE_PULL_MM} mm) and its lead's {CAP_LOOP_MM} mm slack loop lies. Not a fuse block for a "
         f"board: Schurter's OG (named here before) is {FUSE_BLOCK_MM} mm tall by Schurter's drawing, taller "
         f"than the pocket even on its floor, {TAPE_MM + PERFBOARD_MM + FUSE_BLOCK_MM:.1f} mm on PB1 and the "
         "foam tape. No maker's part is named: check the seller's drawing for its 10 A and its size"],
        ["C253", "1", "1", "adapter", "Electrolytic capacitor, bipolar (non-polarised)",
         f"47 uF, 35 V, bipolar, radial, {BIPOLAR_CAN_MM[0]} mm across and {BIPOLAR_CAN_MM[1]} mm long at most",
         "Nichicon ES series, 35 V 47 uF (UES1V470M + case suffix)",
         "Right after XF1, +5V_FUSED (Q1's drain) to GND: damps the ringing when a live adapter is plugged in, "
         "which would otherwise reach 2.2 to 2.4 times the adapter's voltage on Q1's drain (ovp_check.py; power.md, "
         "\"Overvoltage\"). Bipolar, not an ordinary electrolytic: a reversed plug puts the supply across it the "
         "wrong way round. 35 V: a 24 V plug. Nichicon's ES datasheet: bi-polarized, 6.3 to 50 V, 0.47 to 1000 uF, "
         "-40 to +85 degC, part numbers UES, the voltage code (1V: 35 V), the capacitance (470: 47 uF), M (20 %) "
         "and a configuration suffix by the can's diameter (its own example: UES1A470MEM, 10 V 47 uF); the case "
         "size and its suffix for 35 V 47 uF were not checked here (the part number this BOM gave before, "
         "UES1V470MPM, could not be found in a datasheet): take the suffix from Nichicon's table or the seller's "
         "listing. It lies on its side, glued to the power pocket's floor beside the cut-off's piece, its leads in it "
         "(BUILD.md, stage 1; the "
         f"underside view): upright, or on the perfboard and its foam tape, a {BIPOLAR_CAN_MM[0]} mm can stands too "
         f"near the {depth['power']} mm pocket's depth or above it. The datasheet gives no impedance or "
         "ESR, only "
         "tan delta at 120 Hz (0.14 at most for 35 V): an ESR of 4 ohm at most at 120 Hz, none at the ringing's "
         "frequency (ovp_check.py assumes 0.5 ohm; power.md, \"Datasheets read\"). Any other bipolar "
         "(non-polarised, NP) electrolytic of 47 uF, 35 V or more does as well"],
        ["D1", "1", "1", "adapter", "Schottky diode", "1 A, 40 V", "1N5819",
         "Fused 5 V to the Pico's VSYS (pin 39): USB and the adapter never feed each other"],
        ["Q1-Q2", "2", "2", "adapter", "P-channel MOSFET, logic level",
         "TO-220, VDS 30 V or more, RDS(on) 20 mohm or less at VGS -4.5 V, 10 A or more", "Infineon IPP80P03P4L-04",
         "Back to back after F1, sources joined, gates joined: Q1's drain to F1 (a wrong-polarity plug finds it "
         "off), Q2's drain to +5 V, the LED bus (above about 5.7 V both go off and Q2's body diode blocks). "
         "Each tab is its drain, live: insulate both (X8). Both lie flat in the power pocket beyond C243, Q2 against "
         "the LED pocket's edge, Q1 below it and above the cut-off's piece, their leads towards C243 (the underside "
         "view; BUILD.md, stage 1)"],
        ["R11", "1", "1", "adapter", "Resistor", f"10 kohm, {RESISTOR}", "",
         "Q1's and Q2's gates to GND: on whenever the polarity and the voltage are right. On the cut-off's "
         "perfboard, where the gates' wire from Q1 and Q2 ends (with R15 and Q3's collector); its ground end on the "
         "cut-off's one wire to the star point (BUILD.md, stage 1)"],
        ["U4", "1", "1", "adapter", "Shunt reference", "TL431, 1 % (A grade) or better, TO-92", "TI TL431ACLP",
         "The overvoltage cut-off's comparator, on the cut-off's piece of perfboard (BUILD.md, stage 1). TO-92 "
         "leads seen from the flat "
         "face: REF, anode, cathode (TI's LP package; check another maker's). TI's datasheet (SLVS543), TL431AC: "
         "2.470 to 2.520 V reference, 4 uA at most into REF, least cathode current for regulation 0.6 mA at most "
         "(0.4 mA typical; 1 mA at most for a plain TL431C), 0 to 70 degC"],
        ["Q3", "1", "1", "adapter", "PNP transistor", "40 V, TO-92", "2N3906",
         "Pulls Q1's and Q2's gates up to their sources above the limit. Leads seen from the flat face: emitter, "
         "base, collector; a BC557 has them the other way round"],
        ["D2", "1", "1", "adapter", "Signal diode", "100 V, DO-35", "1N4148",
         "Band (cathode) to U4's REF, the other end to GND: keeps a reversed plug from pulling REF below GND"],
        ["R13", "1", "1", "adapter", "Resistor", f"15 kohm, {RESISTOR}", "",
         "+5V_FUSED to U4's REF: with R14 and R15 sets the cut-off at about 5.7 V"],
        ["R14", "1", "1", "adapter", "Resistor", f"12 kohm, {RESISTOR}", "", "U4's REF to GND"],
        ["R15", "1", "1", "adapter", "Resistor", f"470 kohm, {RESISTOR}", "",
         "Q1's and Q2's gates to U4's REF: the cut-off lets through again only below about 5.5 V"],
        ["R16", "1", "1", "adapter", "Resistor", "2.2 kohm, 0.5 W, 1 %, metal film", "",
         "U4's cathode to Q3's base. 0.5 W, not 0.25 W: with a 24 V plug in (cut off) it takes (24 V less Q3's "
         "0.7 V and U4's 2 V) / 2.2 kohm, 9.7 mA, 0.21 W: 82 % of 0.25 W for as long as the plug is in, 41 % of "
         "0.5 W"],
        ["R17", "1", "1", "adapter", "Resistor", f"1 kohm, {RESISTOR}", "",
         "Q3's base to its emitter: off below the limit, and U4 sinks 0.65 mA, above the TL431AC's least cathode "
         "current for regulation (0.6 mA at most, 0.4 mA typical: TI SLVS543), "
         "before Q3 turns on"],
        ["C248", "1", "1", "adapter", "Ceramic capacitor", "2.2 nF, 50 V, C0G or X7R, 2.54 mm leads", "",
         "U4's REF to GND: the cut-off ignores the microseconds of ringing when a live adapter is plugged in"],
        ["PB1", "1", "1", "both", "Perfboard", "2.54 mm, about 50 x 70 mm, to cut pieces from", "",
         f"U2 with C244, R1 and R12 (about {size(board['build']['parts']['shifter'])} mm, beside LED 1); the controls' "
         "RC filters (" +
         ", ".join(parts()["R"] + parts()["C"]) +
         f", about {size(board['build']['parts']['controls_filter'])} mm) on the back panel, right by the Pico's pins "
         f"14 to 20; R6 and R7 on a small piece (about {piece_size('R6-R7')} mm) beside the display; at the power "
         f"entry, the star point's small piece (about {piece_size('star point')} mm) with its GND and +5 V bars at "
         f"C243's leads (both builds), on the USB build U3's adapter board with R8-R10 and C247 (about "
         f"{piece_size('U3')} mm), on the adapter build the cut-off (U4, Q3, D2, R11, R13-R17, C248, about "
         f"{CUT_OFF_MM[0]} x {CUT_OFF_MM[1]} mm, where XF1's output, C253 and the wire to Q1 join too) and J1's "
         f"piece (about {piece_size('J1')} mm); where each lies: the underside view"],
        ["W1", "1", f"{red:.1f} m", "both", "Power wire, red", "0.5 mm2 (20 AWG) stranded",
         "", f"+5 V bus along the chain ({lengths['bus'] / 1000:.2f} m measured), the feeds to both ends "
         f"({lengths['feeds'] / 1000:.2f} m), the Pico's supply lead ({lengths['supply'] / 1000:.2f} m, its "
         f"{SERVICE_LOOP_MM / 10:g} cm service loop included) and U2's pin 14 from the star point, beside LED 1's "
         f"feed ({lengths['shifter'] / 1000:.2f} m), on the adapter build the cut-off's piece (XF1's output) to Q1, "
         f"Q1 to Q2 and Q2 to the star point ({entry['red'] / 1000:.2f} m, as the underside view draws them), +20 %. "
         "Also every short +5 V lead, each as short as it can be (the Pico's with its service loop, no more): "
         "D1 to VSYS (a short there is "
         "fed by the whole supply); on the USB build the Pico's VBUS (pin 40) to U3's IN and U3's OUT to C243 "
         "and the bus, which carry the whole 0.4-0.5 A; on the adapter build J1's centre pin to XF1, Q1 and Q2 "
         "and on to C243, which carry the whole 2.5 A, wherever the parts' own leads do not reach. 0.5 mm2 carries "
         "the 4.7 A F1 may let through for good (power.md, \"Which supply\")"],
        ["W2", "1", f"{black:.1f} m", "both", "Power wire, black", "0.5 mm2 (20 AWG) stranded", "",
         "GND bus and feeds (as W1); the Pico's GND to the star point on two wires, from pins 38 and 3, each its "
         "own way and each as long as W1's supply lead (on the USB build the whole 0.4-0.5 A returns through them; "
         "with two, one broken does not send it through U2's and the RP2040's pins: BUILD.md, stage 1); U2's pin 7 "
         "beside its pin 14; on the adapter build J1's sleeve lug to the star point (the whole 2.5 A), C253's "
         "ground wire and the cut-off's (U4, R11, R14, C248 and D2's ground ends) "
         f"({entry['black'] / 1000:.2f} m, as the underside view draws them); +20 %. "
         "Every short GND lead as W1's"],
        ["W3", "1", f"{metres(lengths['links'] + link_ends):.1f} m", "both", "Data wire",
         "0.14-0.25 mm2 (26-24 AWG) stranded", "",
         f"DOUT to DIN links along the chain ({lengths['links'] / 1000:.2f} m measured, and {LAP_MM} mm stripped "
         f"at each end of each of the {leds - 1} links: {link_ends / 1000:.2f} m), +20 %"],
        ["W4", "1", f"{metres(lengths['signal']):.1f} m", "both", "Signal wire, several colours",
         "0.14-0.25 mm2 (26-24 AWG) stranded", "",
         f"Controls, display, shifter and Pico ({lengths['signal'] / 1000:.2f} m: the runs measured, and "
         f"{SERVICE_LOOP_MM / 10:g} cm more for each wire from the back panel into the blank, its service loop; "
         f"the display's {lengths['display'] / 1000:.2f} m of it: four wires from the Pico to R6/R7's piece and "
         "four short ones on to the module; the four bonding wires, the encoder's body and each button's tag to the "
         f"star point, {lengths['bonding'] / 1000:.2f} m), +20 %"],
        ["X1", "1", "1", "both", "Board blank", f"hardwood, {width} x {height} x {thickness} mm (oak, maple, walnut)",
         "", "Drill and rout with the drilling template (drill-template-*.pdf or .dxf)"],
        ["X2", "1", "1", "both", "Back panel", f"3 mm plywood or hardboard, {width} x {height} mm", "",
         "Closes the pockets; drill it from the back panel view (back-panel.svg, the PDFs' last sheets): "
         "X4's holes, the Pico's M2 holes and its BOOTSEL hole"],
        ["X3", "4", "4", "both", "Screws, nuts and spacers",
         f"M2 x 12 mm screws, M2 nuts, {PICO_SPACER_MM} mm M2 spacers", "",
         "The Pico on the back panel (its holes take M2, not M2.5)"],
        ["X4", str(PANEL_SCREWS + len(screw_blocks(board))), str(PANEL_SCREWS + len(screw_blocks(board))), "both",
         "Wood screws",
         f"3 x 12 mm, countersunk (flat head, 90 degrees), the head {COUNTERSINK_MM} mm across at most", "",
         "Back panel to the blank, only into solid wood or a screw block (X14): where back-panel.svg puts "
         f"them (the pockets' rims are too thin); {PILOT_HOLE_MM} mm pilot holes in the blank. The heads sit "
         "flush in the panel's "
         f"{COUNTERSINK_MM} mm countersinks (back-panel.svg)"],
        ["X5", "4", "4", "both", "Felt feet", "self-adhesive, 10-20 mm across, 3 mm thick or more", "",
         "Near the panel's corners, clear of the screws: thicker than the heads of the Pico's M2 screws (about "
         "1.6 mm) on the panel's outside, so that the board stands on felt and air reaches the panel"],
        ["X6", "2", f"{metres(bus_sleeves * SLEEVE_MM):.1f} m + "
         f"{metres((data_sleeves + lead_sleeves) * SLEEVE_MM):.1f} m", "both",
         "Heat-shrink tube", "2:1, 3 mm (slides over the 0.5 mm2 wire, up to 2.5 mm across) and 2 mm (over W3, the "
         "LEDs' leads and the capacitors' legs)",
         "", f"Cut in {SLEEVE_MM} mm pieces, +20 %: 3 mm over every tap on the bus and its joints ({bus_sleeves} "
         "pieces: the closest taps, within a street of five holes, are 8 mm apart), 2 mm over both joints of every "
         f"data link ({data_sleeves} pieces) and over each LED's VDD and GND leads and its capacitor's two legs "
         f"({lead_sleeves} pieces; BUILD.md, stage 3). An assorted pack holds far too few of either size"],
        ["X7", "3", "3", "both", "Solder tags", "M12, to fit the buttons' 12 mm bushings", "",
         "Under each metal button bezel's nut, wired to the star point (BUILD.md, stage 4)"],
        ["X8", "1", "0.2 m", "adapter", "Heat-shrink tube", "12-13 mm (1/2 inch), 2:1", "",
         "Over Q1's and Q2's bodies and tabs, leads left free: each tab is live (its drain) and they are on "
         "different nets; shrink it before soldering the leads"],
        ["X9", "1", "1", "both", "Hot-melt glue", "glue gun and sticks", "",
         "A drop where each LED's flange meets the wood (a pressed dome cannot push it into the pocket), and to "
         "hold every perfboard, XF1, Q1-Q2 and the wires in their pockets, and the Pico's wires to the back "
         "panel near its pads (BUILD.md, before closing the panel). It peels off to change a part"],
        ["X10", "1", "1", "both", "Double-sided foam tape", "1-2 mm thick", "",
         "Under each perfboard: it insulates the joints from the pocket's floor and holds the board until the "
         "glue is on"],
        ["X11", "1", "1", "adapter", "Marking", "5 V ONLY, centre +", "",
         "Beside J1 on the board's edge and the back panel's (back-panel.svg): written with a permanent pen, "
         "burnt, or a printed label. A 9 or 12 V plug fits the same jack"],
        ["X12", "1", "1", "adapter", "Test lead", "5.5 x 2.1 mm DC plug to socket extension lead, 0.5 mm2 (20 AWG) "
         "or thicker, 3 A or more", "",
         "Stage 6 (BUILD.md): the multimeter in series outside the box, never clipped onto joints inside it. Find its "
         "+ wire with the meter (continuity to the plug's centre pin), cut it and fit each end with a shrouded 4 mm "
         "plug or a probe lead for the meter's sockets; the other wire stays whole. Between the adapter's plug and J1, "
         "the meter's fuse in series with F1"],
        ["X13", str(channel_ties(board) + 1), "1 pack", "both", "Cable ties",
         "small, about 2.5 x 100 mm", "",
         f"The signal wires' bundle across the power pocket, in its signal channel (BUILD.md, stage 1): one every "
         f"{TIE_PITCH_MM} mm or so, and one at each end; and one on J2's lead's folded slack (BUILD.md, section 1)"],
        ["X14", str(len(screw_blocks(board))), str(len(screw_blocks(board))), "both", "Screw block",
         f"hardwood, {SCREW_BLOCK_MM} x {SCREW_BLOCK_MM} mm, {depth['controls']} mm tall (planed square)", "",
         "Glued (wood glue) into the power pocket above player 1's button, where the underside view draws it "
         "(BUILD.md, stage 1): it takes the back panel's screw on the board's left (back-panel.svg, its pilot "
         f"hole {PILOT_HOLE_MM} mm at its centre) and holds up the 3 mm skin beside the button. Its end over the power "
         f"pocket's {depth['power']} mm floor rebated {depth['controls'] - depth['power']} mm, "
         f"{block_step_mm(board):g} mm wide"],
        ["PS2", "1", "1", "usb", "USB charger (or power bank) and cable", f"5 V, 1 A to 3 A, {charger} at its "
         "plug under load (the USB power meter's reading with the board drawing); micro-USB cable (from a USB-C "
         "charger: a USB-C to micro-USB cable; with a USB-C socket as J2, a USB-C "
         "cable)", "",
         "Not a computer's port: MicroPython asks it for 250 mA, the board draws up to 0.4 A (power.md, \"Which "
         "supply\"): a computer's port is for flashing, deploying and the LED test, not for play; "
         "measure it first with the USB power meter (stage 1). Not less than "
         f"{volts['usb_charger']:.1f} V: at the cap's 0.4 A the cable, J2's lead, F2 and U3 lose up to "
         f"{volts['usb_charger'] - U2_LEAST_V:.1f} V before U2, which needs {U2_LEAST_V} V (power.md, \"Wiring for "
         "current\"; BUILD.md, stage 2, reads it under load). The cable short and thick (1 m or "
         "less, sold for charging at 2 A or more)"],
    ]


def filter_rows() -> list[list[str]]:
    """The controls' RC filters (control_filters.py): a line for each run of references of one value, each
    part's role and control in its notes."""
    labels = {"encoder_a": "encoder A", "encoder_b": "encoder B", "encoder_switch": "encoder switch"}
    roles: dict[str, tuple[str, str, str]] = {}  # ref -> (part, specification, what it does)
    for name, f in FILTERS.items():
        control = labels.get(name, f"button {name}")
        roles[f.series] = ("Resistor", f"{ohms(f.series_ohms)}, {RESISTOR}", f"in series, {control}'s wire to its pin")
        roles[f.capacitor] = ("Ceramic capacitor", f"{f.nanofarads} nF, 50 V, X7R, 2.54 mm leads",
                              f"{control}'s pin to GND, at the pin")
        if f.pull_up is not None and f.pull_up_ohms is not None:
            roles[f.pull_up] = ("Resistor", f"{ohms(f.pull_up_ohms)}, {RESISTOR}",
                                f"{control}'s wire pulled up to 3V3, never 5 V (Bourns' filter)")
    by_value: dict[tuple[str, str], list[str]] = {}
    for ref, (part, spec, _) in roles.items():
        by_value.setdefault((part, spec), []).append(ref)
    rows = []
    for (part, spec), refs in by_value.items():
        for run in ranges(refs):
            first, _, last = run.partition("-")
            numbers = range(int(first[1:]), int((last or first)[1:]) + 1)
            members = [ref for ref in refs if int(ref[1:]) in numbers]
            notes = "The controls' RC filters, on their perfboard by the Pico's pins 14 to 20 (BUILD.md, stage 4): " + \
                "; ".join(f"{ref} {roles[ref][2]}" for ref in sorted(members, key=lambda r: int(r[1:])))
            rows.append([run, str(len(members)), str(len(members)), "both", part, spec, "", notes])
    return sorted(rows, key=lambda row: (row[0][0] != "R", int(row[0].partition("-")[0][1:])))


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


def render(board: dict) -> str:
    """The BOM as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows(board))
    return out.getvalue()


if __name__ == "__main__":
    argparse.ArgumentParser(description="Write hardware/bom.csv, the bill of materials, and BUILD.md's table of "
                            "the power pocket's places and note of the supply runs, from hardware/board.json."
                            ).parse_args()
    board_json = json.loads(BOARD_JSON.read_text())
    BOM_CSV.write_text(render(board_json))
    print("wrote", BOM_CSV)
    BUILD_MD.write_text(with_generated(BUILD_MD.read_text(), board_json))
    print("wrote", BUILD_MD, "(its table of places and note of the supply runs)")
