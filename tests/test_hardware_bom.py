"""hardware/bom.csv is what hardware/scripts/bom.py writes, agrees with board.json's counts and names every part
of both builds' netlists; its wire lengths cover what the geometry measures."""

from __future__ import annotations

import csv
import itertools
import json
import re

from hardware_scripts import HARDWARE, load_script


def expand(refs: str) -> set[str]:
    """``R2-R5`` -> {R2, R3, R4, R5}; ``C243`` -> {C243}."""
    match = re.fullmatch(r"([A-Z]+)(\d+)-\1(\d+)", refs)
    if not match:
        return {refs}
    prefix, first, last = match.group(1), int(match.group(2)), int(match.group(3))
    return {f"{prefix}{n}" for n in range(first, last + 1)}


def test_bom_is_regenerated_identically_and_counts_follow_board_json() -> None:
    board = json.loads((HARDWARE / "board.json").read_text())
    bom = load_script("bom")
    text = (HARDWARE / "bom.csv").read_text()
    assert bom.render(board) == text, "run python hardware/scripts/bom.py"
    rows = list(csv.DictReader(text.splitlines()))
    leds = board["leds"]["count"]
    by_ref = {row["ref"]: row for row in rows}
    assert int(by_ref[f"LED1-LED{leds}"]["qty"]) == leds and int(by_ref[f"C1-C{leds}"]["qty"]) == leds
    assert int(by_ref[f"LED1-LED{leds}"]["order"]) >= leds * 1.05
    for row in rows:
        refs = expand(row["ref"])
        if len(refs) > 1:
            assert int(row["qty"]) == len(refs), row["ref"]


def test_every_part_of_both_netlists_is_in_the_bom_for_its_build() -> None:
    rows = list(csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines()))
    for variant in ("usb", "adapter"):
        netlist = (HARDWARE / f"netlist-{variant}.txt").read_text()
        parts = set(re.findall(r"\b([A-Z]+\d+)\.\d+\(", netlist))
        listed = set().union(*(expand(r["ref"]) for r in rows if r["build"] in ("both", variant)))
        assert parts <= listed, sorted(parts - listed)


def test_wire_lengths_cover_the_measured_runs() -> None:
    board = json.loads((HARDWARE / "board.json").read_text())
    lengths = load_script("wire_lengths").wire_lengths(board)
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [where[tuple(p)] for p in board["leds"]["chain"]]
    # At least the horizontal runs of the chain (a lower bound found another way than wire_lengths.py's).
    assert lengths["links"] >= sum(abs(a[0] - b[0]) for a, b in zip(chain, chain[1:], strict=False)) > 2000
    assert 2000 < lengths["bus"] < 3000  # "the bus is about 2 x 2.5 m": each conductor
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    ordered = float(rows["W1"]["order"].split()[0]) * 1000
    assert ordered >= lengths["bus"] + lengths["feeds"]


def test_the_adapter_builds_power_parts_name_a_part_or_a_rating() -> None:
    """J1 and XF1 carry the 4.7 A F1 may let through for good (8 A, 10 A) and give an example part; J2 carries
    the USB build's whole supply; the bring-up fuse, the TO-220 insulation, the glue and the 5 V ONLY
    marking are on the list (BUILD.md's bring-up and its checklist before closing the panel use them)."""
    listed = list(csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines()))
    rows = {r["ref"]: r for r in listed}
    assert "8 A or more" in rows["J1"]["specification"] and rows["J1"]["example part"]
    assert "10 A" in rows["XF1"]["specification"] and "inline" in rows["XF1"]["specification"]
    model = load_script("supply_model")
    assert f"rated {model.J2_RATED_MA / 1000:g} A or more" in rows["J2"]["specification"]
    # The netlist's F1 is the T3.15A; the T1A in its place for the first power-on has a reference of its own, F3.
    assert [r["ref"] for r in listed].count("F1") == 1 and "(T3.15A)" in rows["F1"]["specification"]
    assert "(T1A)" in rows["F3"]["specification"] and "F1's place" in rows["F3"]["part"]
    # F2, the USB build's PTC before U3: 0.5 A hold, 1 A trip; C253, the adapter build's damping, bipolar.
    assert "0.5 A hold, 1 A trip" in rows["F2"]["specification"] and rows["F2"]["build"] == "usb"
    assert "bipolar" in rows["C253"]["specification"] and "35 V" in rows["C253"]["specification"]
    assert all(re.fullmatch(r"[A-Z]+\d+(-[A-Z]+\d+)?", r["ref"]) for r in listed), "a reference designator each"
    assert "5 V ONLY, centre +" in rows["X11"]["specification"]
    materials = " ".join(rows[ref]["notes"] for ref in ("X8", "X9", "X10"))
    for what in ("Q1's and Q2's", "LED's flange", "perfboard", "XF1"):
        assert what in materials, what


def test_a_usb_c_socket_in_j2s_place_is_told_its_cc_resistors() -> None:
    """J2 is a micro-USB panel socket; a USB-C socket in its place gets no 5 V from a USB-C source without
    5.1 kohm from each CC pin to GND (USB Type-C: a sink's Rd, one on each pin). bom.csv and BUILD.md's
    stage 1 say so, and how to check it."""
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert "micro-USB panel-mount socket" in rows["J2"]["specification"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    for text in (rows["J2"]["notes"], build):
        assert "CC1 and CC2 each to GND through its own 5.1 kohm" in text
        assert "56 kohm" in text and "e-marked C-to-C" in text
    # from a computer's USB-C port as little as 4.75 V, USB's least (a charger: 5.0 V or more, power.md)
    assert "the Pico's VBUS (pin 40) reads 4.75 to 5.3 V (a charger 5.0 V or more)" in build


def test_the_tallest_parts_fit_under_the_back_panel() -> None:
    """U2 (a DIP-14, no socket) on its perfboard and foam tape fits the LED pocket; C243 lies on its side and
    J1's perfboard is glued straight to the floor of the power pocket; bom.csv and BUILD.md say so, and no IC
    socket for U2 (3 to 4.5 mm more: it would stand taller than the 10 mm LED pocket) is on the list."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    stacks = layout.stacks(board)
    for part, (height, depth) in stacks.items():
        assert height <= depth, part
    assert stacks["U2"][0] + 3 > stacks["U2"][1], "with a socket it would fit: the note is stale"
    assert layout.BULK_CAN_MM[0] + layout.PERFBOARD_MM + 12.5 > stacks["C243"][1], "upright it would fit"
    assert layout.TAPE_MM + stacks["J1"][0] > stacks["J1"][1], "on the tape it would fit"
    # XF1 inline on the floor: a fuse block for a board (Schurter's OG, 16 mm) stands taller than the pocket
    assert layout.FUSE_BLOCK_MM > stacks["XF1"][1], "a fuse block would fit: the note is stale"
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert "XU2" not in rows and "no socket" in rows["U2"]["notes"]
    assert "Lying on its side" in rows["C243"]["notes"] and "no foam tape" in rows["J1"]["notes"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert "soldered straight into the perfboard, without a socket" in build
    assert "lying on its side on the pocket's floor" in build and "measure its pin's centre" in build
    assert "its socket on the perfboard" not in build


def test_the_heights_not_from_a_makers_drawing_are_measured() -> None:
    """J1's height (JACK_MM) and C243's can (BULK_CAN_MM) were not checked against CUI's and Panasonic's
    drawings: BUILD.md has the maker measure both before they go in, and says why."""
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert "Measure its height too: the 11 mm is not from CUI's drawing" in build
    # C243 is a 16 V part (a faulty cut-off may let 9 V through, a 12 V plug is the case it guards against): its
    # example part is the 16 V one, EEU-FR1C102, whose drawing was not checked either
    assert "measure your can first" in build and "drawing for bom.csv's EEU-FR1C102 was not checked" in build
    layout = load_script("pocket_layout")
    c243 = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}["C243"]
    assert c243["specification"].startswith("1000 uF, 16 V or more") and "EEU-FR1C102" in c243["example part"]
    assert f"{layout.BULK_CAN_MM[0]} mm across and {layout.BULK_CAN_MM[1]} mm long at most" in c243["specification"]
    assert layout.JACK_MM == 11 and layout.BULK_CAN_MM[0] == 10  # the figures BUILD.md names
    assert "pocket_layout.py counts 10 mm" in build


def named_in(refs: str, text: str) -> bool:
    """Whether ``text`` names the BOM row ``refs`` (``R2-R5``, ``C243``): the row as
    written, its range as ``R2 to R5``, or every part of it on its own."""
    ref = refs.split(" (")[0]
    first, _, last = ref.partition("-")
    if re.search(r"\b%s\b" % re.escape(ref), text) or (last and f"{first} to {last}" in text):
        return True
    return all(re.search(r"\b%s\b" % part, text) for part in expand(ref))


def test_build_md_places_every_part_of_the_bom() -> None:
    """A maker with bom.csv in hand finds each of its rows where BUILD.md fits or wires it: no part is ordered
    and never placed (the knob, the feet and the display were, once)."""
    build = (HARDWARE / "BUILD.md").read_text()
    rows = list(csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines()))
    missing = [row["ref"] for row in rows if not named_in(row["ref"], build)]
    assert not missing, missing
    assert not named_in("KNOB1", build.replace("KNOB1", "the knob"))  # the check can fail
    assert not named_in("C249-C252", build.replace("C249 to C252", "their capacitors"))


def test_xf1_lies_along_the_power_pockets_bottom_wall_and_its_fuse_can_be_changed() -> None:
    """XF1 lies along the power pocket's bottom wall from J1's piece, room for its input lead to turn at J1's end, as
    long as it may be in whole mm with its cap end below the cut-off's piece's middle: there its output lead turns up
    into the piece, as a shorter holder's does. Past its cap end the room kept free takes the cap's pull (a screw cap
    comes off about 20 mm along its axis) and the cap lead's slack loop folded in two; nothing else lies in it (the
    layout test below). bom.csv and BUILD.md give the same figures."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    laid = layout.places(board)
    length = layout.xf1_length_mm(board)
    x0, y0, x1, y1 = laid["XF1"].box
    assert abs(x1 - x0 - length - layout.LEAD_TURN_MM) < 1e-9 and y1 - y0 == layout.XF1_MM and length == round(length)
    assert y1 == board["build"]["pockets"]["power"][3]
    room = laid["XF1 cap room"]
    assert room.room_for == "XF1" and room.box[0] == x1 and room.box[1:4:2] == (y0, y1)
    assert room.box[2] - room.box[0] == layout.CAP_ROOM_MM >= layout.FUSE_PULL_MM + layout.LEAD_TURN_MM
    assert 2 * layout.CAP_ROOM_MM >= layout.CAP_LOOP_MM >= 50
    assert x0 - laid["J1"].box[2] == layout.WIRE_GAP_MM
    cut_off = laid["cut-off"].box
    assert cut_off[0] < x1 <= layout.centre(cut_off)[0] < x1 + 1 and x1 + layout.LEAD_TURN_MM < cut_off[2]
    assert room.box[2] <= board["build"]["pockets"]["power"][2]
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert f"at most {layout.XF1_MM} mm across and {length:g} mm long with its cap on" in rows["XF1"]["specification"]
    assert f"past its cap end {layout.CAP_ROOM_MM} mm are left free" in rows["XF1"]["notes"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"at most {length:g} mm, so that it lies along the pocket's bottom wall from J1's piece, with " \
        f"{layout.CAP_ROOM_MM} mm free past its cap end" in build
    assert f"The cap's lead (XF1's output) is cut {layout.CAP_LOOP_MM} mm longer" in build
    assert f"pull it about {layout.FUSE_PULL_MM} mm along the wall into that room" in build
    assert f"(PB1, about {layout.CUT_OFF_MM[0]} x {layout.CUT_OFF_MM[1]} mm)" in build


def clearance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How far apart two boxes [x0, y0, x1, y1] are along x or y, whichever is more (negative: they overlap)."""
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])


def test_every_part_lies_in_its_pocket_clear_of_the_others() -> None:
    """Each part and piece of perfboard pocket_layout.places lays out lies inside its pocket, a power wire's room
    (WIRE_GAP_MM) from every other and from what stands down from the controls' skin (player 1's button stands
    in the power pocket), both builds' at once. Every part of either build's netlist is on one of them, but the
    LEDs and their capacitors, the Pico, the controls, the display and F2 (at the Pico's pin 40)."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    laid = layout.places(board)
    pockets = board["build"]["pockets"]
    for name, place in laid.items():
        x0, y0, x1, y1 = pockets[place.pocket]
        assert x0 <= place.box[0] < place.box[2] <= x1 and y0 <= place.box[1] < place.box[3] <= y1, name
        for other, body in layout.bodies(board).items():
            assert clearance(place.box, body) >= layout.WIRE_GAP_MM, (name, other)
    for (a, first), (b, second) in itertools.combinations(laid.items(), 2):
        # a stop block (X16) is glued against the part it holds (J1's piece): only that pair touches, never overlaps
        if first.pocket == second.pocket and {first.bears_on, second.bears_on} & {a, b}:
            assert clearance(first.box, second.box) == 0, (a, b)
        elif first.pocket == second.pocket and b != first.room_for and a != second.room_for:
            assert clearance(first.box, second.box) >= layout.WIRE_GAP_MM - 1e-9, (a, b)
    assert layout.bodies(board)["p1"][0] < pockets["power"][2], "player 1's button left the power pocket: say so"
    elsewhere = {"U1", "ENC1", "SW1", "SW2", "SW3", "DISP1", "F2"}
    leds = board["leds"]["count"]
    for variant in ("usb", "adapter"):
        netlist = (HARDWARE / f"netlist-{variant}.txt").read_text()
        refs = set(re.findall(r"\b([A-Z]+\d+)\.\d+\(", netlist)) - elsewhere
        refs -= {f"{kind}{n}" for kind in ("LED", "C") for n in range(1, leds + 1)}
        held = {ref for place in laid.values() if place.build in ("both", variant) for ref in place.holds}
        assert refs <= held, (variant, sorted(refs - held))


def test_the_power_pockets_parts_are_bought_to_the_sizes_laid_out() -> None:
    """The sizes the power pocket's layout takes are the ones bom.csv asks for (J2's end, C253's can, the buttons'
    nuts) or the pieces BUILD.md cuts; J1's piece holds the PJ-063AH's body, and TO-220s lie flat in the places."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    laid = layout.places(board)
    size = {name: (place.box[2] - place.box[0], place.box[3] - place.box[1]) for name, place in laid.items()}
    assert size["J2"] == layout.J2_MM[::-1] and size["C253"] == layout.BIPOLAR_CAN_MM[::-1]
    assert size["cut-off"] == layout.CUT_OFF_MM and size["Q1"] == size["Q2"] == layout.TO220_MM[:2]
    assert all(piece >= body for piece, body in zip(size["J1"], layout.JACK_BODY_MM, strict=True))
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert f"at most {layout.J2_MM[0]} mm across and {layout.J2_MM[1]} mm deep" in rows["J2"]["specification"]
    assert f"{layout.BIPOLAR_CAN_MM[0]} mm across and {layout.BIPOLAR_CAN_MM[1]} mm long at most" in \
        rows["C253"]["specification"]
    assert f"its nut at most {layout.BUTTON_BODY_MM} mm across" in rows["SW1-SW3"]["specification"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"at most {layout.J2_MM[0]} mm along the edge and {layout.J2_MM[1]} mm into the pocket" in build
    assert f"at most {layout.BIPOLAR_CAN_MM[0]} mm across and {layout.BIPOLAR_CAN_MM[1]} mm long" in build


def test_w4_takes_the_display_wires_on_both_sides_of_r6_r7s_piece() -> None:
    """The display's four wires run from the Pico to R6/R7's piece, with their service loop, and four short ones
    go on from it to the module's pins (about half the module from the window's centre): W4 counts both."""
    board = json.loads((HARDWARE / "board.json").read_text())
    bom = load_script("bom")
    layout = load_script("pocket_layout")
    wiring = load_script("wire_lengths")
    lengths = wiring.wire_lengths(board)
    pico = layout.centre(board["build"]["parts"]["pico"])
    piece = layout.centre(layout.places(board)["R6-R7"].box)
    window = tuple(board["build"]["display"]["centre"])
    short = layout.manhattan(piece, window) + layout.DISPLAY_MODULE_MM / 2
    assert short > 0 and lengths["display"] == 4 * (layout.manhattan(pico, piece) + wiring.SERVICE_LOOP_MM) + 4 * short
    assert lengths["signal"] > lengths["display"]
    row = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}["W4"]
    assert row["order"] == f"{bom.metres(lengths['signal']):.1f} m"
    assert bom.metres(lengths["signal"]) * 1000 >= lengths["signal"] * bom.SLACK
    assert f"the display's {lengths['display'] / 1000:.2f} m of it: four wires from the Pico to R6/R7's piece and " \
           "four short ones on to the module" in row["notes"]


def test_the_power_wire_covers_both_of_the_picos_ground_wires_and_u2s_pair() -> None:
    """W1 and W2 as ordered cover the bus, the feeds, U2's supply pair and the Pico's leads: one +5 V, two GND."""
    board = json.loads((HARDWARE / "board.json").read_text())
    lengths = load_script("wire_lengths").wire_lengths(board)
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    common = lengths["bus"] + lengths["feeds"] + lengths["shifter"]
    assert float(rows["W1"]["order"].split()[0]) * 1000 >= common + lengths["supply"]
    assert float(rows["W2"]["order"].split()[0]) * 1000 >= common + 2 * lengths["supply"]
    assert "from pins 38 and 3" in rows["W2"]["notes"]


def test_the_parts_a_maker_chooses_each_have_an_example() -> None:
    """The parts bought by their ratings rather than by a maker's number each give an example: a part number, or a
    generic description with every rating that matters (said so) where no maker's part was confirmed."""
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    bom = load_script("bom")
    for ref in ("J2", "XF1", "PS1", "SW1-SW3", "KNOB1", "DISP1", "C253"):
        assert rows[ref]["example part"], ref
    assert rows["PS1"]["example part"].startswith(bom.GENERIC) and "LPS" in rows["PS1"]["example part"]
    assert "not a charge-only lead" in rows["J2"]["specification"]  # a charge-only lead cannot flash or deploy
    assert "0x3C or 0x3D" in rows["DISP1"]["example part"]


def test_the_knob_leaves_the_encoders_push_free() -> None:
    """KNOB1's bore stops short of the encoder's nut: a deeper one sits the knob on the nut, and the push does
    nothing. bom.csv and BUILD.md give the same depth, from the shaft, the skin and the nut."""
    board = json.loads((HARDWARE / "board.json").read_text())
    bom = load_script("bom")
    bore = bom.knob_bore_mm(board)
    above_nut = bom.ENCODER_SHAFT_MM - board["build"]["skin_mm"]["controls"] - bom.ENCODER_HARDWARE_MM
    assert 0 < bore < above_nut
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert f"its bore {bore:g} mm deep at most" in rows["KNOB1"]["specification"]
    assert f"Its bore must be {bore:g} mm deep at most" in " ".join((HARDWARE / "BUILD.md").read_text().split())


def test_the_small_pieces_fit_where_build_md_puts_them() -> None:
    """R6/R7's piece has no room beside the Pico's pins 6 to 8, where BUILD.md put it once (the Pico's pin edge is 4 mm
    from the LED pocket's wall): it lies in the controls pocket between the encoder and the display module. Where
    every small piece lies: ``places``, tested below; their heights: ``stacks``, tested above. BUILD.md and bom.csv
    give their sizes."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    pieces = layout.pieces_mm()
    build_mm = board["build"]
    pockets, parts = build_mm["pockets"], build_mm["parts"]
    assert parts["pico"][0] - pockets["leds"][0] < min(pieces["R6-R7"])
    assert layout.pull_ups_room_mm(board) >= pieces["R6-R7"][0]
    x0, y0, x1, y1 = pockets["controls"]
    assert y1 - y0 >= pieces["R6-R7"][1] and x0 < board["controls"]["enc"][0] < build_mm["display"]["centre"][0] < x1
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    for name, (holes_along, holes_across) in layout.piece_holes().items():
        assert f"(PB1, about {layout.piece_size(name)} mm, {holes_along} x {holes_across} holes" in build, name
        assert f"(about {layout.piece_size(name)} mm)" in (HARDWARE / "bom.csv").read_text(), name
    assert "beside the Pico's pins 6 to 8" not in build
    assert f"about {layout.pull_ups_room_mm(board):.0f} mm free there" in build
    assert f"the piece stands about {layout.stacks(board)['star point'][0]:.0f} mm in the 14 mm power pocket" in build


def test_the_signal_wires_cross_the_power_pocket_in_a_channel_of_their_own() -> None:
    """The controls' and the display's wires and the bonding wires cross the power pocket from the controls pocket to
    the LED pocket in a channel no part takes (the layout test above keeps every place a power wire's room from it):
    from the LED pocket's edge to the controls pocket, wide enough for their tied bundle. BUILD.md gives its figures,
    the underside view names it, bom.csv has the ties."""
    board = json.loads((HARDWARE / "board.json").read_text())
    bom = load_script("bom")
    layout = load_script("pocket_layout")
    laid = layout.places(board)
    pockets = board["build"]["pockets"]
    channel = laid["signal channel"]
    x0, y0, x1, y1 = channel.box
    assert channel.pocket == "power" and not channel.holds and channel.room_for == "signal wires"
    assert y0 == pockets["power"][1] <= pockets["leds"][3]  # it opens into the LED pocket
    assert y1 >= pockets["controls"][1] + layout.WIRE_GAP_MM and x1 >= pockets["controls"][0]  # and into the controls'
    count, bundle = layout.signal_bundle_mm()
    # player 1's bonding wire does not go through it (stage 4)
    assert count == 18 and x1 - x0 == layout.SIGNAL_CHANNEL_MM >= bundle
    assert y1 - y0 >= bundle and board["build"]["blank_mm"][2] - board["build"]["skin_mm"]["power"] > bundle
    for name, place in laid.items():
        if place.pocket == "power" and name != "signal channel":
            assert clearance(place.box, channel.box) >= layout.WIRE_GAP_MM - 1e-9, name
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"{layout.SIGNAL_CHANNEL_MM} mm wide along the power pocket's end wall away from the jacks" in build
    assert f"up to {count} signal wires cross the power pocket there" in build
    assert f"the display's {layout.DISPLAY_WIRES} and {layout.BONDING_WIRES - 1} bonding wires" in build
    assert "all but player 1's go through the signal channel" in build
    assert f"one bundle about {bundle:.0f} mm across" in build and "No part and no power wire goes in it" in build
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert rows["X13"]["qty"] == str(bom.channel_ties(board) + 1)  # and one on J2's lead
    assert ">signal</text>" in (HARDWARE / "drill-underside.svg").read_text()


def test_the_screw_block_holds_up_player_1s_skin_and_build_md_gives_its_figures() -> None:
    """Player 1's button lies in the power pocket, its 3 mm skin unsupported all round: the screw block (X14) stands
    beside it, a power wire's room from its nut, over the thin skin (it reaches into the controls pocket) and across the
    button's width. The floor steps 1 mm under it; BUILD.md and bom.csv give its size and the step."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    (block,) = layout.screw_blocks(board)
    p1 = layout.bodies(board)["p1"]
    x, _ = board["controls"]["p1"]
    pockets = board["build"]["pockets"]
    assert block[0] < x < block[2] and p1[1] - block[3] == layout.WIRE_GAP_MM
    assert block[1] < pockets["controls"][1] < block[3]  # over the thin skin and the power pocket's floor both
    step = layout.block_step_mm(board)
    assert step == pockets["controls"][1] - block[1]
    depth = {name: board["build"]["blank_mm"][2] - skin for name, skin in board["build"]["skin_mm"].items()}
    size = layout.SCREW_BLOCK_MM
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"glue in the screw block (X14, hardwood, {size} x {size} mm, {depth['controls']} mm tall)" in build
    assert f"The floor under it steps {depth['controls'] - depth['power']} mm: the controls pocket " \
        f"({depth['controls']} mm deep) ends {step:g} mm from its edge nearer the LED pocket, the rest stands on the " \
        f"power pocket's {depth['power']} mm floor" in build
    assert f"Take {depth['controls'] - depth['power']} mm off the face that goes on the floor over those {step:g} mm" \
        in build
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert f"{size} x {size} mm, {depth['controls']} mm tall" in rows["X14"]["specification"]


def test_build_md_names_every_part_across_the_power_pockets_floor_step() -> None:
    """Where the controls pocket overlaps the power pocket the floor is 1 mm deeper: BUILD.md names every part that
    lies across that step, in the layout's order, and says how deep each floor is."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    words = {"screw block": "the screw block", "U3": "U3's piece (USB build)", "D1": "F4 and D1", "XF1": "XF1",
             "Q1": "Q1"}
    across = layout.floor_step(board)
    assert across == list(words), across
    depth = {name: board["build"]["blank_mm"][2] - skin for name, skin in board["build"]["skin_mm"].items()}
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"the floor lies {depth['controls'] - depth['power']} mm deeper ({depth['controls']} mm, not " \
        f"{depth['power']})" in build
    named = ", ".join(words[name] for name in across[:-1]) + f" and {words[across[-1]]}"
    assert f"It crosses under {named}. Bed each level across it" in build


def test_j2s_lead_has_the_panels_turn_and_its_slack_a_place() -> None:
    """J2's lead runs from the socket's end in the power pocket to the Pico's USB end and takes the panel's turn like
    every wire from the panel; BUILD.md says how much is left over and where it goes."""
    board = json.loads((HARDWARE / "board.json").read_text())
    wiring = load_script("wire_lengths")
    slack = wiring.j2_slack_mm(board)
    assert 0 < slack < wiring.J2_LEAD_MM
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert f"panel-mount socket, {wiring.J2_LEAD_MM / 1000:g} m" in rows["J2"]["specification"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"J2's lead ({wiring.J2_LEAD_MM / 1000:g} m) stays in the Pico's socket: it has the turn and about " \
        f"{slack / 10:.0f} cm more. Fold those {slack / 10:.0f} cm into a flat zigzag" in build


def test_w4_counts_the_four_bonding_wires_to_the_star_point() -> None:
    """The encoder's body and the three buttons' tags are each bonded to the star point by a wire of their own: W4
    counts them (their runs in the blank, no service loop), and bom.csv and BUILD.md say so."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    wiring = load_script("wire_lengths")
    lengths = wiring.wire_lengths(board)
    star = layout.centre(layout.places(board)["star"].box)
    bonding = sum(layout.manhattan(tuple(xy), star) for xy in board["controls"].values())
    assert len(board["controls"]) == layout.BONDING_WIRES and lengths["bonding"] == bonding > 0
    assert lengths["signal"] > lengths["display"] + bonding
    row = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}["W4"]
    assert f"the four bonding wires, the encoder's body and each button's tag to the star point, " \
        f"{bonding / 1000:.2f} m" in row["notes"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"Each bonding wire is signal wire (W4, which counts their {bonding / 1000:.1f} m)" in build


def test_build_mds_table_of_places_is_the_layouts() -> None:
    """BUILD.md's table of where each part lies in the power pocket is what pocket_layout.py writes from places(): every
    place in the power pocket, its edges from the pocket's corner at the jacks' wall and the LED pocket's edge."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    text = (HARDWARE / "BUILD.md").read_text()
    assert layout.with_generated(text, board) == text, "run python hardware/scripts/pocket_layout.py"
    table = text[text.index(layout.BEGIN):text.index(layout.END)]
    x0, y0, _, _ = board["build"]["pockets"]["power"]
    for place in layout.places(board).values():
        if place.pocket == "power":
            bx0, by0, bx1, by1 = place.box
            assert f"| {bx0 - x0:.1f} to {bx1 - x0:.1f} | {by0 - y0:.1f} to {by1 - y0:.1f} |" in table, place.label


def test_the_power_entrys_wires_keep_out_of_the_signal_channel_and_every_part() -> None:
    """The adapter build's supply wires and leads at the power entry (pocket_layout.power_runs, which the underside
    view draws) run in straight runs along x or y, in the gaps between the parts: across no part but those each joins
    (and XF1's lead through its cap's free room, where its loop lies), and never into the signal channel."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    laid = layout.places(board)
    for name, run in layout.power_runs(board).items():
        first, last = (laid[place].box for place in (run.touches[0], run.touches[-1]))
        assert clearance((*run.points[0], *run.points[0]), first) <= 0, name  # it starts on the one
        assert clearance((*run.points[-1], *run.points[-1]), last) <= 0, name  # and ends on the other
        for (ax, ay), (bx, by) in zip(run.points, run.points[1:], strict=False):
            assert ax == bx or ay == by, name
            segment = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
            for other, place in laid.items():
                if place.pocket == "power" and other not in run.touches:
                    assert clearance(segment, place.box) > 0, (name, other, segment)
            assert clearance(segment, laid["signal channel"].box) >= layout.POWER_WIRE_MM / 2 + 1, name


def test_the_adapter_builds_supply_runs_in_order_and_short() -> None:
    """J1 -> XF1 -> the cut-off's piece (+5V_FUSED, C253) -> Q1 -> Q2 -> the star point's +5 V bar, each run from where
    the one before ends, every part next to the one before it: 97 mm of wire and leads along the drawing (XF1's body
    and the pieces aside), where the layout before this one took about 190 by the same measure (XF1's output on a piece
    of its own beyond the cap's room, Q1's and Q2's leads towards the signal channel, Q2's drain wire back across the
    pocket). 100 mm holds it there: a re-lay that lengthens a run by a few mm has to say why. C253's ground wire runs
    under player 1's button to the star point, 59 mm (about 105 before): 65 holds it; J1's sleeve lug's, 46 mm, beside
    J2: 50; the cut-off's own ground wire (BUILD.md: U4's anode and R11's, R14's, C248's and D2's ground ends share
    it, C253's has its own), 37 mm: 40. BUILD.md, where it asks for short supply leads, prints the lengths as
    pocket_layout.py writes them (the generated-text test above), and W1 and W2 cover the wires among them."""
    board = json.loads((HARDWARE / "board.json").read_text())
    bom = load_script("bom")
    layout = load_script("pocket_layout")
    wiring = load_script("wire_lengths")
    runs, lengths = layout.power_runs(board), layout.supply_lengths(board)
    path = [runs[name] for name in layout.SUPPLY_PATH]
    for before, after in zip(path, path[1:], strict=False):
        assert before.touches[-1] == after.touches[0], (before, after)
    assert path[0].touches[0] == "J1" and path[-1].touches[-1] == "star"
    assert lengths["supply"] == sum(run.length() for run in path) <= 100
    assert lengths["C253"] == runs["C253's ground"].length() <= 65 and runs["C253's ground"].ground
    assert lengths["J1"] == runs["J1's sleeve"].length() <= 50 and runs["J1's sleeve"].ground
    # the cut-off's own ground wire (U4's anode, R11, R14, C248, D2), apart from C253's: drawn, counted in W2, 40 mm
    cut_off = runs["the cut-off's ground"]
    assert lengths["cut-off"] == cut_off.length() <= 40 and cut_off.ground
    assert cut_off.touches == ("cut-off", "star") and cut_off.points != runs["C253's ground"].points
    assert lengths["black"] >= lengths["C253"] + lengths["cut-off"] + lengths["J1"]
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    note = build[build.index(layout.BEGIN_RUNS):]
    assert f"+5 V bar {lengths['supply']:.0f} mm in all" in note[:note.index(layout.END)]
    assert note.index(layout.END) < note.index("USB build: U3")  # in stage 1, beside "keep each lead short"
    assert "keep each lead short" in build[build.index(layout.BEGIN_RUNS) - 400:build.index(layout.BEGIN_RUNS)]
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    wires = wiring.wire_lengths(board)
    common = wires["bus"] + wires["feeds"] + wires["shifter"]
    assert float(rows["W1"]["order"].split()[0]) * 1000 >= (common + wires["supply"] + lengths["red"]) * bom.SLACK
    assert float(rows["W2"]["order"].split()[0]) * 1000 >= (common + 2 * wires["supply"] + lengths["black"]) * bom.SLACK
    assert lengths["red"] + lengths["black"] + sum(runs[name].length() for name in layout.XF1_LEADS) == \
        sum(run.length() for run in runs.values())


def test_j1_has_a_stop_block_behind_its_piece_and_a_plug_seating_check() -> None:
    """Glue alone held J1 against a plug's push: X16, a hardwood block, is glued behind J1's piece across the plug's
    axis (the underside view draws it against the piece), bom.csv lists it, and BUILD.md glues it in stage 1 and
    checks at stage 6 that a plug seats fully (its barrel to J1's sleeve lug, a few tens of mV under load)."""
    board = json.loads((HARDWARE / "board.json").read_text())
    layout = load_script("pocket_layout")
    laid = layout.places(board)
    stop, j1 = laid["J1 stop"], laid["J1"]
    assert stop.bears_on == "J1" and stop.holds == ("X16",) and stop.box[0] == j1.box[2]
    assert stop.box[1] <= layout.centre(j1.box)[1] <= stop.box[3], "across the plug's axis"
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert rows["X16"]["build"] == "adapter" and rows["X16"]["specification"].startswith("hardwood, 8 x 8 mm")
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert "glue its stop block (X16, hardwood, 8 x 8 mm and 5 mm tall) with wood glue (X15)" in build
    assert "check that a plug seats fully in J1" in build and "a few tens of mV (0.05 V or less)" in build
