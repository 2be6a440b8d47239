"""Drawing the board into one frame: pegs, marks, turn markers, the end of a game.

The renderer reads the board (the match, the preferences, the current mode) and changes
nothing. Colours are drawn at full scale; ``show`` sends the finished frame out, ``app.power``
applying brightness, gamma and the current cap first (the app's board and safe mode's alike).
The frame and the marks are allocated once, and drawing allocates nothing per frame
(benchmarks/bench_app.py measures it).

What the LEDs mean (docs/USING.md has the player's version):
- front peg: full brightness; back peg: the same colour, clearly dimmer.
- every 5th hole: a dim white street mark; the skunk and double-skunk (or lurch) lines:
  a dim vermillion / purple hole, at the lines of the current game length and rule.
  Marks are dimmer than any back peg (palette has the levels; app.power keeps their order
  and hue at every brightness).
- the game hole is the target's (121, or 61 in a 61 game: ``game_hole``).
- the game hole of the dealer's track glows dim in the dealer's colour; the game hole of
  whoever counts next breathes slowly once the show has begun (a mode's ``counting_side``: ``app.modes``);
  during a play pegged by points nothing marks the pone, who counts first: the board does not
  know whose turn it is to lay a card, and a still marker would look like one (laid card by
  card it does: ``app.modes.lay`` gives the turn's side as ``counting_side``).
- a blinking hole between front and back peg brightness: the preview of a peg being dialled;
  refused (in any mode): both game holes flicker fast in bright vermillion for a moment
  (``app.messages``), and so does a preview being dialled.
- game over: the winner's game hole flashes; the loser's missing holes up to the line they
  failed to reach flash in vermillion as many times a cycle as the games the win counts (a
  skunk or a lurch 2, a double skunk 3 or 4). The match tally (games won) lights holes from
  the start of each side's track at the end of a game and again until the next one's first
  score, with a dim white mark on the hole a side must reach to win the match (match_to);
  once a side has, its tally blinks with its game hole.
Three players share two tracks: side 2 pegs on track 0 with side 0; where two pegs fall in
one hole the hole alternates between their colours.

When the picture changes by itself: every blink, flash and flicker is drawn through
``Canvas.blink`` and every breathing hole through ``breathing``, which note on the canvas when
what they drew next changes; ``render`` returns that (``Canvas.still``), so the shell draws no
frame before it (``app.run``) unless an input, a command or a fault came. One rule, where the
picture is drawn (tests/firmware/test_render_still.py: the frames it skips would be the same).
"""

from micropython import const

from app import palette, power
from shared.holes import HOLES, ROW
from shared.ticks import ticks_diff

try:
    from framebuf import GS8, FrameBuffer  # its fill clears a frame in C, allocating nothing
except ImportError:  # CPython (the simulator, the tests): a frame is cleared with a new blank
    FrameBuffer = None

_END_CYCLE = const(1600)
_TALLY_LEVEL = const(170)
_FLICKER = const(120)  # ms: the period of the refusal signal's fast flicker
_STILL_MS = const(1000)  # a still picture is drawn again after this long: hal.rp2_leds resends it once a second
_SWAP_MS = const(500)  # pegs of two sides in one hole take turns this long


def track_of(side):
    """The track a side pegs on (three players: side 2 shares track 0)."""
    return side & 1


def game_hole(board):
    """The hole that ends the game: the target's (121, or 61 in a 61 game)."""
    return board.match.settings.target


class Canvas:
    """The frame being drawn: ``put`` colours one hole, scaled by a level out of 256."""

    def __init__(self, led_count):
        self.frame = bytearray(3 * led_count)
        self._clearer = None if FrameBuffer is None else FrameBuffer(self.frame, 3 * led_count, 1, GS8)
        self._marks = bytearray(3 * HOLES)  # a track's street marks and lines: every track has the same
        self._marks_for = None
        self.tracks = led_count // HOLES
        self.still = _STILL_MS  # ms from the frame's time on that its picture stays as drawn

    def blink(self, now, period, on):
        """True for the first ``on`` ms of every ``period`` ms at ``now`` (a blink, a flash, a flicker);
        ``still`` is cut to when that next changes."""
        phase = now % period
        if phase < on:
            if on - phase < self.still:
                self.still = on - phase
            return True
        if period - phase < self.still:
            self.still = period - phase
        return False

    def clear(self):
        """All LEDs off (on MicroPython without allocating)."""
        if self._clearer is None:
            self.frame[:] = bytes(len(self.frame))
        else:
            self._clearer.fill(0)

    def marks(self, settings):
        """The street marks and lines of ``settings``: drawn once, then copied onto each track (about
        half the drawing time); a track's bytes kept, not a frame's (heap)."""
        marks = self._marks
        n = len(marks)
        if self._marks_for is not settings:
            self.clear()
            draw_marks(self, settings)
            marks[:] = memoryview(self.frame)[:n]
            self._marks_for = settings
        frame = self.frame
        for track in range(self.tracks):
            frame[track * n:track * n + n] = marks

    def put(self, track, hole, colour, level=256):
        """Set hole 1..121 of ``track`` to ``colour`` scaled by ``level``/256 (off-board: ignored)."""
        if 0 <= track < self.tracks and 1 <= hole <= HOLES:
            i = 3 * (track * HOLES + hole - 1)  # shared.holes.index, inlined: drawing calls this most
            f = self.frame
            f[i] = colour[0] * level >> 8
            f[i + 1] = colour[1] * level >> 8
            f[i + 2] = colour[2] * level >> 8

    def fill(self, track, first, stop, colour, level=256):
        """``put`` on holes ``first`` up to (not including) ``stop`` of ``track``: one call for a
        run of holes (the trail of a peg, a tally), as a call costs the chip more than a hole."""
        if not 0 <= track < self.tracks:
            return
        if first < 1:  # (not max() and min(): builtin calls, dearer than a comparison on the chip)
            first = 1
        if stop > HOLES + 1:
            stop = HOLES + 1
        r = colour[0] * level >> 8
        g = colour[1] * level >> 8
        b = colour[2] * level >> 8
        f = self.frame
        i = 3 * (track * HOLES + first - 1)
        end = 3 * (track * HOLES + stop - 1)
        while i < end:
            f[i] = r
            f[i + 1] = g
            f[i + 2] = b
            i += 3


def pulse(now, period, low, high):
    """A triangle wave between ``low`` and ``high`` with ``period`` ms (a slow "breathing")."""
    phase = now % period
    half = period >> 1
    if phase > half:
        phase = period - phase
    return low + (high - low) * phase // half


def breathing(canvas, now):
    """The level of a game hole that breathes slowly: whoever counts next (or what is being picked).
    It changes every few ms: the next frame draws it again (``Canvas.still``)."""
    canvas.still = 0
    return pulse(now, 2000, 60, 256)


def flashes(canvas, now, count):
    """True during one of ``count`` short flashes at the start of each end-display cycle."""
    # the flashes' phase moves with ``now`` until the cycle ends, where the first blink is cut
    return canvas.blink(now, _END_CYCLE, count * 300) and canvas.blink(now % _END_CYCLE, 300, 180)


def draw_marks(canvas, settings):
    """Street marks every 5 holes up to the game hole (in a 61 game, where they stop shows where the track
    ends) and the lines of the skunk rule, on every track."""
    for track in range(canvas.tracks):
        for hole in range(5, settings.target, 5):
            canvas.put(track, hole, palette.WHITE, palette.STREET)
        for result, hole in settings.lines:
            colour = palette.VERMILLION if result == "skunk" else palette.PURPLE
            canvas.put(track, hole, colour, palette.LINE)


def draw_pegs(board, canvas, now):
    """Back pegs dim, then front pegs bright; shared holes alternate between the sides."""
    # The game's own lists, read once: each of Match's properties (match.front...) is a call,
    # and on the chip a call costs tens of microseconds (benchmarks/chip_figures.py: frame CPU).
    game = board.match.game
    front = game.front
    back = game.back
    colours = board.colours
    sides = len(front)
    # The side drawn last wins a shared hole: the order turns round each _SWAP_MS, so the two
    # sides of one track (P1 and P3) take equal turns (two sides have a track each: none shared).
    flip = (now // _SWAP_MS) & 1
    if sides > 2:
        canvas.blink(now, _SWAP_MS, 0)
    for k in range(sides):
        side = sides - 1 - k if flip else k
        hole = back[side]
        if hole > 0 and hole != front[side]:
            canvas.put(side & 1, hole, colours[side], palette.BACK_PEG)  # side & 1: track_of, inlined
    for k in range(sides):
        side = sides - 1 - k if flip else k
        hole = front[side]
        if hole > 0:
            canvas.put(side & 1, hole, colours[side], palette.FULL)


def draw_turns(board, canvas, now, counting):
    """Dealer's game hole dim; the game hole of whoever counts next breathes (``counting``: that side,
    or None: none, the mode's ``counting_side``)."""
    match = board.match
    settings = match.settings
    hole = settings.target
    dealer = match.game.dealer  # the attribute, not Match's property (a call): see draw_pegs
    if dealer is not None:
        side = settings.side_of(dealer)
        canvas.put(side & 1, hole, board.colours[side], palette.DEAL)  # side & 1: track_of, inlined
    if counting is not None:
        canvas.put(counting & 1, hole, board.colours[counting], breathing(canvas, now))


def draw_tally(board, canvas, lit=True):
    """Match points of each side as lit holes from the start of its track (side 2: from hole 31, where
    the way back starts), a row at most, and the hole that wins the match marked dim white; ``lit``
    False leaves the match's winner's dark."""
    match = board.match
    won = match.games_won
    goal = match.settings.match_to
    winner = match.match_winner if goal else None  # no goal, no match winner: spare the call
    colours = board.colours
    for side in range(len(won)):
        first = 1 + ROW * (side >> 1)
        track = side & 1  # track_of, inlined
        if goal:
            canvas.put(track, first + goal - 1, palette.WHITE, palette.LINE)
        if won[side] and (lit or side != winner):  # (no call for a tally of 0: frames of a game's start)
            canvas.fill(track, first, first + min(won[side], ROW), colours[side], _TALLY_LEVEL)


def draw_end(board, canvas, now):
    """The end of a game: winner's game hole flashes; the losers' missing holes flash the result."""
    match = board.match
    game = match.game  # its attributes, not Match's properties (calls): see draw_pegs
    settings = match.settings
    winner = game.winner
    result = game.result
    line = settings.line_of(result)
    if line and flashes(canvas, now, game.worth):  # a flash for each game the win counts
        front = game.front
        for side in range(len(front)):
            if side != winner:
                canvas.fill(side & 1, front[side] + 1, line + 1, palette.VERMILLION, palette.FULL)  # the line too
    blink = canvas.blink(now, 1000, 500)
    draw_tally(board, canvas, blink or not settings.match_to or match.match_winner is None)
    draw_pegs(board, canvas, now)
    if blink:
        canvas.put(winner & 1, settings.target, palette.WHITE, palette.FULL)  # track_of, inlined
    elif board.colours[winner] == palette.WHITE:  # a white winner's peg: dark between, or no flash shows
        canvas.put(winner & 1, settings.target, palette.WHITE, 0)


def mark_seat(board, canvas, seat):
    """Light a seat: its side's game hole, plus from hole 1 a hole for each seat its track holds up to it
    (a team's second partner, or player 3 on player 1's track: two; the colour alone told P3 from P1)."""
    settings = board.match.settings
    side = settings.side_of(seat)
    track = track_of(side)
    canvas.put(track, settings.target, board.colours[side], palette.FULL)
    for i in range(seat // 2 + 1):  # seats go round the two tracks in turn
        canvas.put(track, 1 + i, board.colours[side], palette.FULL)


def draw_preview(board, canvas, now, side, points, refused=False):
    """A peg being dialled: a dim trail from the front peg and a blinking hole where it lands, lit for
    the first 266 ms of every 400 of ``now``, the ms since the dial last moved: a move shows at once."""
    match = board.match
    track = track_of(side)
    start = match.game.front[side]
    to = match.landing(side, points)
    colour = palette.VERMILLION if refused else board.colours[side]
    canvas.fill(track, start + 1, to, colour, palette.TRAIL)
    period = _FLICKER if refused else 400
    if canvas.blink(now, period, period * 2 // 3):
        canvas.put(track, to if to > start else start, colour, palette.FULL if refused else palette.PREVIEW)


def render(board, canvas, now):
    """Draw the whole frame for the board's current state and mode at tick ``now``; the ms from
    ``now`` on that the picture stays as drawn (at most ``_STILL_MS``) unless the board changes."""
    canvas.still = _STILL_MS
    wrap = ticks_diff(0, now)  # ms to the clock's wrap, where ``now % period`` jumps
    if 0 < wrap < _STILL_MS:
        canvas.still = wrap
    messages = board.messages
    refused = messages.refused(now)  # ms the refusal signal still shows: the picture changes then
    if refused and refused < canvas.still:
        canvas.still = refused
    undone = messages.undo_flash(now)  # ms an undo's flash still shows: as the refusal's
    if undone and undone < canvas.still:
        canvas.still = undone
    mode = board.mode
    if mode.full_screen:
        canvas.clear()
        mode.draw(board, canvas, now)
    else:
        match = board.match
        canvas.marks(match.settings)
        if match.game.winner is not None:
            draw_end(board, canvas, now)
        else:
            if max(match.game.front) == 0:
                draw_tally(board, canvas)
            draw_turns(board, canvas, now, mode.counting_side(board))
            draw_pegs(board, canvas, now)
        mode.draw(board, canvas, now)
    # A power-on notice (app.messages): both game holes flash until the next input, and if the game
    # may not be the one last played, the front pegs go dark in between; so they do while the flash
    # refuses the saves; refused, in any mode: the game holes flicker fast for a moment (faster than
    # the notice); an undo: they flash white once.
    notice = (messages.notice is not None or messages.unsaved is not None) and canvas.blink(now, 1000, 500)
    if notice or (refused and canvas.blink(now, _FLICKER, _FLICKER * 2 // 3)) or undone:
        hole = game_hole(board)
        for track in range(canvas.tracks):
            canvas.put(track, hole, palette.WHITE if undone else palette.VERMILLION, palette.FULL)
    elif messages.notice is not None and messages.check_pegs and not mode.full_screen:  # (the LED test: no)
        front = board.match.game.front
        for side in range(len(front)):
            canvas.put(side & 1, front[side], palette.VERMILLION, 0)  # track_of, inlined; off-board 0: ignored
    return canvas.still


def show(board):
    """Send ``board``'s drawn frame (``board.canvas``) out: ``app.power`` applies brightness, gamma,
    the current cap (``board.prefs``) and the heat limit, ``board.hw`` shows it. The app's ``Board.render`` and safe
    mode's step both end so; the display's text is made apart (``show_text``)."""
    frame = board.canvas.frame
    prefs = board.prefs
    power.limit(frame, prefs["brightness"], prefs["milliamps"], board.hw.ticks_ms())
    board.hw.show(frame)


def show_text(board):
    """Give the display (if any) the mode's lines and ``board.messages``' if they differ from the
    ``board.shown_lines`` it last got (its ``send_next`` sends them: the app's shell, a piece between
    two polls of the controls)."""
    display = board.hw.display
    if display is not None:
        lines = board.messages.lines(board.mode.lines(board), board)
        if lines != board.shown_lines:
            display.show_lines(lines)
            board.shown_lines = lines
