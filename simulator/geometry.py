"""The board's geometry from ``hardware/board.json``, and the millimetre -> pixel transform.

Everything the simulator draws (window, PNG snapshot, terminal) places holes and controls
from this one file, the same data the hardware is built from (the checkout's, or the copy an
install that is not editable carries: ``host_shared.board_files``).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from host_shared.board_files import BOARD_JSON
from shared.holes import HOLES, index
from shared.supply import supply_ma

# The window's scales (pixels per millimetre, a Layout's), which ``crib sim --scale`` takes:
MIN_SCALE = 1.5  # the smallest window's: the whole board on a small screen (a window is never resized smaller)
MAX_SCALE = 20.0  # 6800 px wide, past any screen (far more: out of memory)


class Geometry:
    """Hole and control positions in millimetres, as read from board.json."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.width_mm = float(data["board"]["width_mm"])
        self.height_mm = float(data["board"]["height_mm"])
        self.holes: dict[tuple[int, int], tuple[float, float]] = {
            (int(t), int(h)): (float(x), float(y)) for t, h, x, y in data["holes"]
        }
        self.controls: dict[str, tuple[float, float]] = {
            name: (float(x), float(y)) for name, (x, y) in data["controls"].items()
        }
        self.led_count = int(data["leds"]["count"])
        self.tracks = self.led_count // HOLES
        self.supply_ma = supply_ma(data)  # the build's supply, as the board's hardware layer reads it
        self.wire_order = [index(int(t), int(h)) for t, h in data["leds"]["chain"]]  # logical index, wire order

    @classmethod
    def load(cls, path: Path = BOARD_JSON) -> Geometry:
        """Read the geometry from a board.json file."""
        return cls(json.loads(Path(path).read_text()))

    @classmethod
    @functools.cache
    def built(cls) -> Geometry:
        """The geometry of the built board, ``hardware/board.json`` (``BOARD_JSON``), read once."""
        return cls.load()

    def row_starts(self, track: int) -> list[tuple[int, int]]:
        """Where each row of ``track`` begins: (its first hole, +1 if the row runs to the right, -1 if back
        to the left), one a row of holes at one height (a track snakes: 1 left to right, 31 back...)."""
        starts = []
        for hole in range(1, HOLES):
            x, y = self.holes[(track, hole)]
            if hole == 1 or y != self.holes[(track, hole - 1)][1]:
                starts.append((hole, 1 if self.holes[(track, hole + 1)][0] > x else -1))
        return starts

    def pitch_mm(self) -> float:
        """The smallest hole-to-hole distance along a row (the spacing inside a street)."""
        xs = sorted({x for x, _ in self.holes.values()})
        return min(b - a for a, b in zip(xs, xs[1:], strict=False))


class Layout:
    """Pixel placement of a Geometry at ``scale`` pixels per millimetre (window and PNG alike)."""

    def __init__(self, geometry: Geometry, scale: float) -> None:
        if scale <= 0:
            raise ValueError("scale must be positive")
        self.geometry = geometry
        self.scale = scale
        self.size = (round(geometry.width_mm * scale), round(geometry.height_mm * scale))

    def px(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        """Pixel (x, y) of a point given in millimetres from the board's top left corner."""
        return round(x_mm * self.scale), round(y_mm * self.scale)

    def length(self, mm: float) -> int:
        """A length in millimetres, in whole pixels (at least 1)."""
        return max(1, round(mm * self.scale))

    def hole_px(self, track: int, hole: int) -> tuple[int, int]:
        """Pixel centre of hole 1..121 of track ``track``."""
        return self.px(*self.geometry.holes[(track, hole)])

    def control_px(self, name: str) -> tuple[int, int]:
        """Pixel centre of a control ("enc", "p1", "p2", "back")."""
        return self.px(*self.geometry.controls[name])

    def control_at(self, x: int, y: int, radius_mm: float = 12.0) -> str | None:
        """The control under pixel (x, y), if any (within ``radius_mm`` of its centre)."""
        best = None
        for name in self.geometry.controls:
            cx, cy = self.control_px(name)
            d2 = (x - cx) ** 2 + (y - cy) ** 2
            if d2 <= (radius_mm * self.scale) ** 2 and (best is None or d2 < best[0]):
                best = (d2, name)
        return best[1] if best else None
