"""The board drawn with Pillow: wood, holes with glowing LEDs, street marks, controls, display.

One picture serves the window (shown through ImageTk) and the headless PNG snapshot, so
what a test sees in a snapshot is what a person sees on screen. The static parts (wood,
engraving, empty holes) are drawn once, supersampled for smooth edges; each frame only
pastes the lit LEDs, their halos and the moving parts of the controls on a copy.

Engraved for people who have never seen the board: the hole numbers at every fifth hole
(between the two tracks' rows, which count alike), and a legend of how a track snakes
along the board; each track's name (P1, P2, T1 ...) is painted where each of its rows
starts, in its player's colour, from the board's own settings (``track_names``).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from app.messages import WIDTH as DISPLAY_WIDTH
from app.render import track_of
from shared.events import BACK, ENCODER, PLAYER_1, PLAYER_2
from shared.holes import HOLES, ROW, place
from simulator.geometry import Layout

if TYPE_CHECKING:  # the board is the caller's: a picture needs no app of its own
    from app.board import Board

TABLE = (28, 24, 22)  # around the board, and the window background
WOOD_DARK = (120, 66, 30)
WOOD_LIGHT = (200, 138, 80)
ENGRAVE = (66, 34, 14)
ENGRAVE_LIGHT = (214, 160, 104)
OLED_GLASS = (8, 10, 14)
OLED_TEXT = (150, 220, 255)

LED_RADIUS_MM = 2.5  # 5 mm LEDs
HOLE_RADIUS_MM = 3.0
HALO_RADIUS_MM = 7.0
KNOB_RADIUS_MM = 10.0
BUTTON_RADIUS_MM = 6.0
DETENTS_PER_TURN = 20
EXPOSURE = 8.0
SCREEN_GAMMA = 2.2
DISPLAY_BOX_MM = (192.0, 146.0, 266.0, 176.0)  # the optional text display, in the control strip
# The display's text is never drawn in rows lower than this: at a small window's scale its box grows
# about its centre instead (a review: at 2.2 px/mm, a 1024x600 screen's, its lines were 7 px high)
MIN_DISPLAY_ROW_PX = 12
SUPERSAMPLE = 3
LABELS = {ENCODER: "TURN · PUSH", PLAYER_1: "PLAYER 1", PLAYER_2: "PLAYER 2", BACK: "BACK"}
NUMBER_EVERY = 5  # holes between engraved hole numbers
LEGEND = ("Each track snakes: holes 1-{} left to right, {}-{} back, {}-{} on again, {}-{} back, "
          "then the game hole ({}) at the left (61 in a 61 game).").format(
    ROW, ROW + 1, 2 * ROW, 2 * ROW + 1, 3 * ROW, 3 * ROW + 1, 4 * ROW, HOLES)
NAME_MM = 4.5  # height of a track's name
NAME_GAP_MM = 4.0  # between a track's name and its first hole
Colour = tuple[int, int, int]
TrackNames = list[list[tuple[str, Colour]]]  # per track: the names on it, each in its colour


def track_names(board: Board) -> TrackNames:
    """The names painted at the start of each track's rows, from ``board``: its sides'
    names (P1, P2, P3; T1, T2) in their colours (three players: P1 and P3 share track 1)."""
    settings = board.match.settings
    names: TrackNames = [[], []]
    for side in range(settings.sides):
        names[track_of(side)].append((settings.side_name(side), board.colours[side]))
    return names


def led_colour(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """The screen colour of an LED driven with PWM bytes ``rgb``, as a camera would catch it.

    An LED is a point of light far brighter than a screen pixel, so the light (linear in
    the PWM value) is exposed ``EXPOSURE`` times, kept to full scale without changing its
    hue, and encoded for the screen (sRGB, gamma ~2.2). Dim LEDs stay dim and distinct.
    """
    light = [v / 255 * EXPOSURE for v in rgb]
    peak = max(light)
    if peak <= 0:
        return (0, 0, 0)
    if peak > 1:
        light = [v / peak for v in light]
    r, g, b = (round(255 * v ** (1 / SCREEN_GAMMA)) for v in light)
    return r, g, b


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def font(size: int, serif: bool = False, mono: bool = False) -> Font:
    """A TrueType font of ``size`` pixels: DejaVu when installed, else Pillow's built-in one."""
    name = "DejaVuSansMono.ttf" if mono else "DejaVuSerif-Bold.ttf" if serif else "DejaVuSans-Bold.ttf"
    try:
        return ImageFont.truetype(name, size)
    except OSError:
        return ImageFont.load_default(size)


def _noise(size: tuple[int, int], cells: tuple[int, int], rng: random.Random) -> Image.Image:
    """Smooth value noise: a small grid of random greys enlarged with bicubic filtering."""
    w, h = max(2, cells[0]), max(2, cells[1])
    grid = Image.frombytes("L", (w, h), rng.randbytes(w * h))
    return grid.resize(size, Image.Resampling.BICUBIC)


def wood(size: tuple[int, int], seed: int = 121) -> Image.Image:
    """A plank of wood: growth rings bent by turbulence, fine fibres along the grain."""
    rng = random.Random(seed)
    w, h = size
    # Distance across the grain, bent by large and small waves, folded into rings by a LUT.
    across = Image.linear_gradient("L").resize(size)
    bend = ImageChops.add(_noise(size, (3, 4), rng), _noise(size, (9, 12), rng), scale=2)
    field = Image.blend(across, bend, 0.22)
    rings = 22.0
    lut = []
    for v in range(256):
        phase = (v / 255 * rings) % 1.0
        # Early wood (light, wide) then late wood (a dark, narrow line), as in a real ring.
        late = max(0.0, 1 - abs(phase - 0.85) / 0.15)
        lut.append(round(255 * (0.92 - 0.22 * math.cos(2 * math.pi * phase) * 0.5 - 0.62 * late ** 1.5)))
    grain = field.point(lut)
    fibres = _noise(size, (w // 40, h // 2), rng).point(lambda v: 200 + v * 55 // 255)
    speckle = _noise(size, (w // 3, h // 3), rng).point(lambda v: 230 + v * 25 // 255)
    tone = Image.merge("RGB", [grain.point(lambda v, d=d, li=li: d + (li - d) * v // 255)
                               for d, li in zip(WOOD_DARK, WOOD_LIGHT, strict=True)])
    for shade in (fibres, speckle):
        tone = ImageChops.multiply(tone, Image.merge("RGB", [shade] * 3))
    return tone


def _disc(radius: float, blur: float = 0.0) -> Image.Image:
    """An anti-aliased white disc on black, optionally blurred into a glow (peak kept at 255)."""
    pad = math.ceil(3 * blur) + 2
    side = 2 * (math.ceil(radius) + pad)
    big = Image.new("L", (side * 4, side * 4))
    c = side * 2
    r = radius * 4
    ImageDraw.Draw(big).ellipse((c - r, c - r, c + r, c + r), fill=255)
    mask = big.resize((side, side), Image.Resampling.LANCZOS)
    if blur:
        mask = mask.filter(ImageFilter.GaussianBlur(blur))
        peak = max(1, mask.getextrema()[1])
        mask = mask.point(lambda v: min(255, v * 255 // peak))
    return mask


class BoardPicture:
    """Draws the board at a Layout; ``render(frame, ...)`` returns a new RGB image."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        geometry = layout.geometry
        s = layout.scale
        self.core = _disc(LED_RADIUS_MM * s)
        self.hot = _disc(LED_RADIUS_MM * s * 0.45, blur=LED_RADIUS_MM * s * 0.2)
        self.halo = _disc(LED_RADIUS_MM * s * 1.2, blur=(HALO_RADIUS_MM - LED_RADIUS_MM) * s / 1.8)
        self._scaled: dict[tuple[int, int], Image.Image] = {}
        self.base = self._draw_base()
        self.text_font_cache: dict[int, Font] = {}
        self._name_font = font(layout.length(NAME_MM))
        self.hole_index = [place(i) for i in range(geometry.led_count)]

    # --- static parts, drawn once ---

    def _draw_base(self) -> Image.Image:
        layout = self.layout
        k = SUPERSAMPLE
        big = Layout(layout.geometry, layout.scale * k)
        w, h = big.size
        image = Image.new("RGB", big.size, TABLE)
        corner = big.length(9)
        outline = Image.new("L", big.size)
        ImageDraw.Draw(outline).rounded_rectangle((0, 0, w - 1, h - 1), radius=corner, fill=255)
        plank = wood((layout.size[0], layout.size[1])).resize(big.size, Image.Resampling.BICUBIC)
        image.paste(plank, (0, 0), outline)
        draw = ImageDraw.Draw(image)
        # A routed edge: light on the top left, shadowed on the bottom right.
        edge = big.length(1.6)
        draw.rounded_rectangle((edge // 2, edge // 2, w - edge // 2, h - edge // 2), radius=corner,
                               outline=(120, 70, 36), width=edge)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=corner, outline=(60, 30, 12), width=max(1, edge // 3))
        self._draw_street_marks(draw, big)
        self._draw_hole_numbers(draw, big)
        self._draw_title(draw, big)
        self._draw_legend(draw, big)
        for x, y in (big.px(*xy) for xy in big.geometry.holes.values()):
            self._draw_hole(draw, big, x, y)
        for name in big.geometry.controls:
            cx, cy = big.control_px(name)
            r = big.length(KNOB_RADIUS_MM + 1.5 if name == ENCODER else BUTTON_RADIUS_MM + 1.5)
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(48, 26, 10))  # the recess it sits in
            label = LABELS.get(name, name.upper())
            self._engrave(draw, (cx, cy + r + big.length(3)), label, font(big.length(3.2)), anchor="mt")
        return image.resize(layout.size, Image.Resampling.LANCZOS)

    def _engrave(self, draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, face: Font,
                 anchor: str = "mm") -> None:
        """Text cut into the wood: a dark groove with a light lip below it."""
        x, y = xy
        lip = max(1, round(self.layout.scale * SUPERSAMPLE * 0.25))
        draw.text((x + lip, y + lip), text, fill=ENGRAVE_LIGHT, font=face, anchor=anchor)
        draw.text((x, y), text, fill=ENGRAVE, font=face, anchor=anchor)

    def _draw_title(self, draw: ImageDraw.ImageDraw, big: Layout) -> None:
        top = min(y for _, y in big.geometry.holes.values())
        x = big.geometry.width_mm / 2
        self._engrave(draw, big.px(x, top / 2), "C R I B B A G E", font(big.length(min(9.0, top * 0.4)), serif=True))

    def _draw_street_marks(self, draw: ImageDraw.ImageDraw, big: Layout) -> None:
        """A groove in the gap after every fifth hole, where the next hole lies on the same row."""
        holes = big.geometry.holes
        half = big.length(big.geometry.pitch_mm() * 0.7)
        lip = max(1, big.length(0.25))
        for (track, hole), (x, y) in holes.items():
            nxt = holes.get((track, hole + 1))
            if hole % 5 or nxt is None or nxt[1] != y:
                continue
            mx, my = big.px((x + nxt[0]) / 2, y)
            draw.line((mx + lip, my - half + lip, mx + lip, my + half + lip), fill=ENGRAVE_LIGHT, width=lip * 2)
            draw.line((mx, my - half, mx, my + half), fill=ENGRAVE, width=lip * 2)

    def _draw_hole_numbers(self, draw: ImageDraw.ImageDraw, big: Layout) -> None:
        """The number of every fifth hole, between the rows of that hole on each track."""
        holes = big.geometry.holes
        face = font(big.length(3.0))
        for hole in range(NUMBER_EVERY, HOLES, NUMBER_EVERY):
            places = [xy for (_, h), xy in holes.items() if h == hole]
            ys = [y for _, y in places]
            self._engrave(draw, big.px(places[0][0], (min(ys) + max(ys)) / 2), str(hole), face)

    def _draw_legend(self, draw: ImageDraw.ImageDraw, big: Layout) -> None:
        """How a track runs, under the tracks."""
        bottom = max(y for _, y in big.geometry.holes.values())
        self._engrave(draw, big.px(big.geometry.width_mm / 2, bottom + 12), LEGEND, font(big.length(3.4)))

    def _draw_names(self, image: Image.Image, names: TrackNames) -> None:
        """Each track's names where each of its rows starts (before hole 1, after hole 31...), each in its
        colour: so every row says whose it is (the tracks nest, P1's row outside P2's where they turn)."""
        draw = ImageDraw.Draw(image)
        face = self._name_font
        gap = self.layout.length(HOLE_RADIUS_MM + NAME_GAP_MM)
        space = round(draw.textlength(" ", font=face))
        for track, on_track in enumerate(names):
            lengths = [round(draw.textlength(text, font=face)) for text, _ in on_track]
            width = sum(lengths) + space * (len(on_track) - 1)
            for hole, direction in self.layout.geometry.row_starts(track):
                x, y = self.layout.hole_px(track, hole)
                left = x - gap - width if direction > 0 else x + gap
                for (text, colour), length in zip(on_track, lengths, strict=True):
                    draw.text((left, y), text, fill=colour, font=face, anchor="lm", stroke_width=1,
                              stroke_fill=ENGRAVE)
                    left += length + space

    def _draw_hole(self, draw: ImageDraw.ImageDraw, big: Layout, x: int, y: int) -> None:
        """A drilled hole with an unlit, milky LED dome in it."""
        rh = big.length(HOLE_RADIUS_MM)
        rl = big.length(LED_RADIUS_MM)
        lip = big.length(0.4)
        draw.ellipse((x - rh, y - rh + lip, x + rh, y + rh + lip), fill=ENGRAVE_LIGHT)
        draw.ellipse((x - rh, y - rh, x + rh, y + rh), fill=(30, 16, 8))
        draw.ellipse((x - rl, y - rl, x + rl, y + rl), fill=(52, 46, 44))
        hl = big.length(LED_RADIUS_MM * 0.35)
        off = big.length(LED_RADIUS_MM * 0.35)
        draw.ellipse((x - off - hl, y - off - hl, x - off + hl, y - off + hl), fill=(84, 78, 76))

    # --- per frame ---

    def _faded(self, mask: Image.Image, level: int) -> Image.Image:
        """``mask`` scaled to ``level``/64 of its strength (cached, a handful of levels are used)."""
        key = (id(mask), level)
        faded = self._scaled.get(key)
        if faded is None:
            faded = mask.point(lambda v: v * level // 64)
            self._scaled[key] = faded
        return faded

    def _paste(self, image: Image.Image, colour: tuple[int, int, int], mask: Image.Image, x: int, y: int) -> None:
        w, h = mask.size
        image.paste(colour, (x - w // 2, y - h // 2), mask)

    def render(self, frame: bytes | bytearray, lines: list[str] | None = None, pressed: frozenset[str] = frozenset(),
               knob: int = 0, names: TrackNames | None = None) -> Image.Image:
        """The board showing ``frame`` (RGB per LED, logical order), the display ``lines``
        (None: no display fitted), the controls held down, the knob turned ``knob`` detents,
        and the tracks' ``names`` (``track_names``; None: none painted)."""
        image = self.base.copy()
        if names:
            self._draw_names(image, names)
        lit = []
        for i, (track, hole) in enumerate(self.hole_index):
            rgb = (frame[3 * i], frame[3 * i + 1], frame[3 * i + 2])
            if rgb != (0, 0, 0):
                lit.append((self.layout.hole_px(track, hole), led_colour(rgb)))
        for (x, y), colour in lit:
            peak = max(colour)
            hue = (colour[0] * 255 // peak, colour[1] * 255 // peak, colour[2] * 255 // peak)
            self._paste(image, hue, self._faded(self.halo, max(1, peak * 60 // 255)), x, y)
        for (x, y), colour in lit:
            self._paste(image, colour, self.core, x, y)
            self._paste(image, (255, 255, 255), self._faded(self.hot, max(1, max(colour) * 36 // 255)), x, y)
        draw = ImageDraw.Draw(image)
        for name in self.layout.geometry.controls:
            self._draw_control(draw, name, name in pressed, knob)
        if lines is not None:
            self._draw_display(draw, lines)
        return image

    def _draw_control(self, draw: ImageDraw.ImageDraw, name: str, down: bool, knob: int) -> None:
        layout = self.layout
        cx, cy = layout.control_px(name)
        sink = layout.length(0.5) if down else 0
        if name == ENCODER:
            r = layout.length(KNOB_RADIUS_MM) - sink
            draw.ellipse((cx - r, cy - r + layout.length(1), cx + r, cy + r + layout.length(1)), fill=(20, 12, 6))
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(38, 38, 42) if down else (58, 58, 64))
            for n in range(36):  # knurling
                a = 2 * math.pi * n / 36
                draw.line((cx + r * 0.82 * math.cos(a), cy + r * 0.82 * math.sin(a),
                           cx + r * math.cos(a), cy + r * math.sin(a)), fill=(30, 30, 34), width=1)
            ri = r * 0.72
            draw.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), fill=(70, 70, 78) if not down else (50, 50, 56))
            a = 2 * math.pi * (knob % DETENTS_PER_TURN) / DETENTS_PER_TURN - math.pi / 2
            draw.line((cx + ri * 0.25 * math.cos(a), cy + ri * 0.25 * math.sin(a),
                       cx + ri * 0.9 * math.cos(a), cy + ri * 0.9 * math.sin(a)),
                      fill=(225, 225, 230), width=layout.length(0.8))
            return
        r = layout.length(BUTTON_RADIUS_MM)
        cap = (40, 40, 44) if name == BACK else (232, 222, 200)
        if down:
            cap = (cap[0] * 3 // 4, cap[1] * 3 // 4, cap[2] * 3 // 4)
        draw.ellipse((cx - r, cy - r + layout.length(1), cx + r, cy + r + layout.length(1)), fill=(20, 12, 6))
        draw.ellipse((cx - r + sink, cy - r + sink, cx + r - sink, cy + r - sink), fill=cap,
                     outline=(90, 84, 76), width=max(1, layout.length(0.3)))

    def _draw_display(self, draw: ImageDraw.ImageDraw, lines: list[str]) -> None:
        layout = self.layout
        x0, y0 = layout.px(DISPLAY_BOX_MM[0], DISPLAY_BOX_MM[1])
        x1, y1 = layout.px(DISPLAY_BOX_MM[2], DISPLAY_BOX_MM[3])
        rows = max(4, len(lines))
        pad = layout.length(1.2)
        size = max(MIN_DISPLAY_ROW_PX, (y1 - y0 - 2 * pad) // rows)
        face = self.text_font_cache.get(size)
        if face is None:
            face = self.text_font_cache[size] = font(size * 7 // 8, mono=True)
        grow_x = max(0, round(face.getlength("M" * DISPLAY_WIDTH)) + 2 * pad - (x1 - x0) + 1) // 2
        grow_y = max(0, rows * size + 2 * pad - (y1 - y0) + 1) // 2
        bezel = layout.length(1.5)
        # grown about its centre, but never past the picture's bottom edge (it sits low on the board)
        up = max(0, y1 + grow_y + bezel - (layout.size[1] - 1))
        x0, y0, x1, y1 = x0 - grow_x, y0 - grow_y - up, x1 + grow_x, y1 + grow_y - up
        draw.rounded_rectangle((x0 - bezel, y0 - bezel, x1 + bezel, y1 + bezel), radius=bezel, fill=(18, 40, 70))
        draw.rectangle((x0, y0, x1, y1), fill=OLED_GLASS)
        for n, line in enumerate(lines[:rows]):
            draw.text((x0 + pad, y0 + pad + n * size), line, fill=OLED_TEXT, font=face)
