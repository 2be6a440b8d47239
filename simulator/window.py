"""The simulator's window (Tk): the board as a picture, played with keyboard and mouse.

The picture is ``simulator.picture``'s, shown through ImageTk, so the window and the PNG
snapshot are the same drawing. The board image sits at the top of the window, centred, at
``layout`` scale: hole (track, hole) is at ``layout.hole_px(track, hole)`` inside the image
(at the window's top left corner while the window has the size it opened with). The window
can be resized: once it has kept a new size for ``RESIZE_MS``, the board is drawn again at
the scale that fits it (``resized_scale``), up to ``MAX_RESIZE_SCALE``.
Tk's ``after`` runs the device loop at about 30 frames a second; key and mouse handlers
only record input, which the loop hands to the board, so everything stays on one thread.
"""

from __future__ import annotations

import math
import tkinter as tk

from PIL import ImageTk

from simulator.controls import (
    CONTROL_KEY,
    HELP,
    HOLD_KEYS,
    PLUG_KEYS,
    QUIT_KEYS,
    TURN_KEYS,
    Controls,
    Event,
    detents,
)
from simulator.device import Device
from simulator.geometry import MIN_SCALE, Geometry, Layout
from simulator.picture import TABLE, BoardPicture, track_names
from simulator.server import ProtocolServer

FRAME_MS = 33
TITLE = "Cribbage board"
# X repeats a held key as release+press pairs at one instant; a release not followed by such a press
# this soon is real.
RELEASE_GRACE_MS = 40
MAX_DEFAULT_SCALE = 5.0  # the default scale's largest (a 1700 px wide board; --scale goes to geometry.MAX_SCALE)
MAX_RESIZE_SCALE = 8.0  # a window resized larger leaves a margin (drawing the board larger takes seconds)
RESIZE_MS = 200  # a new window size is drawn for once it has stayed this long (not at every step of a drag)
SHIFT, CONTROL = 0x0001, 0x0004  # Tk's state bits for a Shift or Control key held
STATUS_PX = 110  # the lines under the board (the note, the help: ``HELP``, a power cut) in a window of the usual size


def fit_scale(geometry: Geometry, screen: tuple[int, int]) -> float:
    """Pixels per millimetre that fit the board (and the help line) on a screen of that size."""
    width, height = screen
    across, down = width * 0.95 / geometry.width_mm, (height * 0.88 - STATUS_PX) / geometry.height_mm
    return round(min(MAX_DEFAULT_SCALE, across, down), 2)


def resized_scale(geometry: Geometry, room: tuple[int, int], scale: float) -> float:
    """The scale that fits the board into ``room`` (pixels across and down, the lines under it left
    out), between ``MIN_SCALE`` and ``MAX_RESIZE_SCALE``; ``scale`` (the one drawn now) if at it
    the board fills the room already (to a pixel or two: its size is rounded to whole pixels)."""
    width, height = Layout(geometry, scale).size
    if width <= room[0] + 1 and height <= room[1] + 1 and (width >= room[0] - 2 or height >= room[1] - 2):
        return scale
    fit = math.floor(min(room[0] / geometry.width_mm, room[1] / geometry.height_mm) * 100) / 100
    return min(MAX_RESIZE_SCALE, max(MIN_SCALE, fit))


def held(event: tk.Event, modifier: int) -> bool:
    """True if the key ``modifier`` (SHIFT, CONTROL) was held during ``event``."""
    return isinstance(event.state, int) and bool(event.state & modifier)


class Window:
    """The Tk window around a Device, with an optional protocol server polled by the same loop."""

    def __init__(self, device: Device, server: ProtocolServer | None = None, scale: float | None = None,
                 note: str = "") -> None:
        self.device = device
        self.server = server
        self.note = note  # where the protocol is served (or why not)
        self.boots_shown = device.boots
        self.root = tk.Tk(className="cribbage-board")
        # where it serves, in the title too: two simulators' windows are told apart (a review)
        self.root.title(TITLE if server is None else "%s · 127.0.0.1:%d" % (TITLE, server.port))
        background = "#%02x%02x%02x" % TABLE
        self.root.configure(bg=background)
        geometry = Geometry.load()
        if scale is None:
            scale = fit_scale(geometry, (self.root.winfo_screenwidth(), self.root.winfo_screenheight()))
        self.layout = Layout(geometry, scale)
        self.picture = BoardPicture(self.layout)
        self.controls = Controls()
        self.photo = ImageTk.PhotoImage(self.picture.base)
        self.board_label = tk.Label(self.root, image=self.photo, bd=0, highlightthickness=0, bg=background)
        self.board_label.pack(side=tk.TOP, anchor=tk.N)
        self.status = tk.Label(self.root, text=self._status(), fg="#c8b8a0", bg=background, anchor=tk.W,
                               justify=tk.LEFT, wraplength=self.layout.size[0] - 16)
        self.status.pack(side=tk.TOP, fill=tk.X, padx=8, pady=4)
        small = Layout(geometry, min(MIN_SCALE, scale)).size
        self.root.minsize(small[0], small[1] + self._status_height(small[0]))
        self.resize_after: str | None = None  # the Tk after id of a redraw at a new size
        self.pending: list[Event] = []
        self.releases: dict[str, tuple[str, int]] = {}  # key -> (Tk after id of its delayed release, X time)
        self.mouse_control: str | None = None
        self.shown: tuple | None = None
        self._bind()

    def _bind(self) -> None:
        root, board = self.root, self.board_label
        root.bind("<KeyPress>", self._key_down)
        root.bind("<KeyRelease>", self._key_up)
        root.bind("<FocusOut>", self._focus_lost)
        board.bind("<ButtonPress-1>", self._mouse_down)
        board.bind("<ButtonRelease-1>", self._mouse_up)
        board.bind("<Button-4>", lambda _e: self._turn(1))  # X11 wheel
        board.bind("<Button-5>", lambda _e: self._turn(-1))
        board.bind("<MouseWheel>", lambda e: self._turn(1 if e.delta > 0 else -1))
        root.protocol("WM_DELETE_WINDOW", root.destroy)
        root.bind("<Configure>", self._configured)

    def _status_height(self, width: int) -> int:
        """Pixels the lines under the board take in a window ``width`` wide, a power cut's line among them (a
        review: at the smallest window a fixed room cut the help off)."""
        text = self.status.cget("text")
        self.status.configure(text="Power cut\n" + text, wraplength=width - 16)
        height = self.status.winfo_reqheight() + 8  # (its padding)
        self.status.configure(text=text, wraplength=self.layout.size[0] - 16)
        return height

    def _configured(self, event: tk.Event) -> None:
        """The window moved or changed size: draw the board for its new size once it settles."""
        if event.widget is self.root:
            if self.resize_after is not None:
                self.root.after_cancel(self.resize_after)
            self.resize_after = self.root.after(RESIZE_MS, self.fit_window)

    def fit_window(self) -> None:
        """Draw the board at the scale that fits the window as it is now (the help lines under it)."""
        self.resize_after = None
        width = self.root.winfo_width()
        # the help's lines wrapped as they will be under the board drawn to fit (a look at the window: measured
        # as wrapped for the old width, they took a line more once wrapped narrower, and their last was cut off)
        self.status.configure(wraplength=width - 16)
        room = (width, self.root.winfo_height() - self.status.winfo_reqheight() - 8)
        scale = resized_scale(self.layout.geometry, room, self.layout.scale)
        if scale != self.layout.scale:
            self.rescale(scale)

    def rescale(self, scale: float) -> None:
        """Draw the board at ``scale`` pixels per millimetre from now on (the mouse follows)."""
        self.layout = Layout(self.layout.geometry, scale)
        self.picture = BoardPicture(self.layout)
        self.photo = ImageTk.PhotoImage(self.picture.base)
        self.board_label.configure(image=self.photo)
        self.status.configure(wraplength=max(self.layout.size[0], self.root.winfo_width()) - 16)
        self.shown = None  # drawn at the next frame

    def now(self) -> int:
        """The board's clock."""
        return self.device.hw.ticks_ms()

    def _turn(self, detents: int) -> None:
        self._take_releases()
        self.pending += self.controls.turn(detents, self.now())

    def _take_releases(self) -> None:
        """The key releases still in their grace, taken now: another key or the mouse came after them, so
        they are real (X repeats only the key held), and the board takes the input in the order it came
        (a turn typed right after Enter would reach the board before its press: the next card taken)."""
        for key, (after_id, _released_at) in self.releases.items():
            self.root.after_cancel(after_id)
            self.pending += self.controls.up(HOLD_KEYS[key], self.now())
        self.releases.clear()

    def _key_down(self, event: tk.Event) -> None:
        key = event.keysym
        if key in self.releases and event.time == self.releases[key][1]:
            # an auto-repeat (X sends its release and press at one instant): the key is still held
            self.root.after_cancel(self.releases.pop(key)[0])
            return
        # releases waiting are real, taken before this key: a second tap of the same key that came before
        # the first's release was taken (a busy loop) is two presses
        self._take_releases()
        if held(event, CONTROL):  # Ctrl and a key is a key of its own (Shift or not), as a terminal reads Ctrl and
            key = CONTROL_KEY + key.lower()  # a letter: only Ctrl-K and Ctrl-Q do anything
        if key in TURN_KEYS:
            self.pending += self.controls.step(detents(key, held(event, SHIFT)))
        elif key in HOLD_KEYS:
            self.pending += self.controls.down(HOLD_KEYS[key], self.now())
        elif key in PLUG_KEYS:
            self.pull_plug()
        elif key in QUIT_KEYS:
            self.root.destroy()

    def _key_up(self, event: tk.Event) -> None:
        key = event.keysym
        if key in HOLD_KEYS:
            self.releases[key] = (self.root.after(RELEASE_GRACE_MS, self._release, key), event.time)

    def _release(self, key: str) -> None:
        # A busy loop may run this timer before the repeat's press is handled: handle it first.
        self.root.update()
        if self.releases.pop(key, None) is not None:
            self.pending += self.controls.up(HOLD_KEYS[key], self.now())

    def _focus_lost(self, event: tk.Event) -> None:
        """The keyboard went to another window, where the release of a key held now will go: each is let go
        at once (a review: one held so went on to a long press, and stayed down, swallowing its next tap)."""
        if event.widget is not self.root:
            return
        self._take_releases()
        for name in self.controls.held() - {self.mouse_control}:  # (the mouse's release still comes here)
            self.pending += self.controls.up(name, self.now())

    def _mouse_down(self, event: tk.Event) -> None:
        self._take_releases()
        self.mouse_control = self.layout.control_at(event.x, event.y)
        if self.mouse_control:
            self.pending += self.controls.down(self.mouse_control, self.now())

    def _mouse_up(self, _event: tk.Event) -> None:
        if self.mouse_control:
            self.pending += self.controls.up(self.mouse_control, self.now())
            self.mouse_control = None

    def pull_plug(self) -> None:
        """Cut the power and boot again from the flash folder."""
        self.pending = []
        self.device.pull_plug()
        self._show_boot_note()

    def _show_boot_note(self) -> None:
        """The status lines again once the app has started again (the plug pulled, or after a failure)."""
        if self.device.boots != self.boots_shown:
            self.boots_shown = self.device.boots
            self.status.configure(text=self._status())

    def _status(self) -> str:
        """The lines under the board: why the app last started again, where the protocol is served, the keys."""
        return "\n".join(line for line in (self.device.boot_note, self.note, HELP) if line)

    def loop(self) -> None:
        """One frame: input to the board, protocol lines answered, board stepped, picture redrawn."""
        self.pending += self.controls.poll(self.now())
        if self.pending:
            self.device.push(self.pending)
            self.pending = []
        if self.server is not None:
            self.server.serve(self.device.command)
        self.device.step()
        self._show_boot_note()
        lines = self.device.lines
        names = track_names(self.device.board)
        shown = (bytes(self.device.frame), None if lines is None else tuple(lines), self.controls.held(),
                 self.controls.knob, tuple(map(tuple, names)))
        if shown != self.shown:
            self.shown = shown
            self.photo.paste(self.picture.render(shown[0], lines, shown[2], shown[3], names))
        self.root.after(FRAME_MS, self.loop)

    def run(self) -> None:
        """Show the window until it is closed."""
        self.root.after(0, self.loop)
        self.root.mainloop()
