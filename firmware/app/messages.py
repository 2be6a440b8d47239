"""What the board tells the players besides the game: a refusal, the power-on notice, an undo, a
hardware fault and a save the flash refused.

- A refusal (``refuse``): the rules or a check refused an action. Both game holes flicker
  fast in bright vermillion for a moment (``refused(now)``, drawn by ``app.render``), and
  the display says "NO:" and why (wrapped at spaces) until the next input or action taken.
  The serial ``input`` reply carries it as ``refused``, the ``state`` reply as ``message``.
- The power-on notice (``announce``): what restoring the saved game could not keep as it
  was (a damaged copy, a game that cannot be replayed, a preference reset). Both game
  holes flash until the next input, the display shows its title and text meanwhile, and
  the ``state`` reply carries it as ``store`` until the next power-on.
- An undo (``undone``): the game holes flash white a moment, and the display's last line says
  what it took back ("UNDO: P2's go") until the next input or action.
- A hardware fault (``hardware``): what ``hw.fault()`` reports failing, like the LED supply.
  Said on the serial log when it starts and ends, and on the display's last line while it
  lasts (no input dismisses it); the ``state`` reply carries it as ``fault``.
- A save the flash refused (``unsaved``, set by ``Board.save``): the game since then is not kept
  if the power goes. Until a save goes through, both game holes flash as for the notice and the
  display says NOT SAVED on a line of its own above a fault's; the ``state`` reply carries the
  error as ``unsaved``.
The next input dismisses the first three (``dismiss``). ``lines`` puts them under the mode's own
text on the 16x8 display.

The display's measure is here for all the app's text: ``LINES`` lines of ``WIDTH`` characters
(``app.text`` wraps words into lines that fit it).
"""

from micropython import const

from shared import forget
from shared.ticks import ticks_diff

_REFUSED_MS = const(700)  # how long the refusal signal flickers
_UNDONE_MS = const(300)  # how long an undo's flash shows
WIDTH = const(16)  # characters a line: a 128x64 SSD1306 with the 8x8 font shows 16, 8 lines
LINES = const(8)  # the most lines shown at once (the hw contract's display: hal)


def _left(at, lasts, now):
    """The ms a signal given at tick ``at`` (None: none), lasting ``lasts`` ms, still shows at ``now``; 0 once over."""
    if at is None:
        return 0
    left = lasts - ticks_diff(now, at)
    return left if left > 0 else 0


class Messages:
    """The refusal, notice, undo, fault and unsaved state being shown, on hardware ``hw`` (its clock:
    ``hw.ticks_ms``)."""

    # what the last undo took back (``undone``): its event, then its line once the display's text is made (apart
    # from the frame: the words' code is loaded then). A class default: an attribute set on every board at
    # power-on would grow its table (heap).
    took_back = None

    def __init__(self, hw):
        self._hw = hw
        self.refusal = None  # why the last action was refused, until the next input or action taken
        self._refused_at = None  # when, while its signal shows
        self._undone_at = None  # when an undo was taken, while its flash shows
        self.notice = None  # the power-on notice, while it is shown (until the next input)
        self.notice_title = None  # the display's line above it
        self.check_pegs = False  # the notice says the game may not be the one last played
        self.at_power_on = None  # the power-on notice, kept for the state reply
        self.fault = None  # the part the hardware reports failing, while it does
        self.unsaved = None  # why the last save failed (the flash refused it), until one goes through

    def refuse(self, text):
        """Show that an action was refused, and why."""
        self.refusal = text
        self._refused_at = self._hw.ticks_ms()

    def refused(self, now):
        """The ms the refusal signal still shows (true while it does), else 0; once it is over its
        time is forgotten (so the clock, which wraps, never brings it back)."""
        left = _left(self._refused_at, _REFUSED_MS, now)
        if not left:
            self._refused_at = None
        return left

    def undone(self, event):
        """Show that an undo was taken: the game holes flash white a moment (an undo may change
        nothing else the LEDs show: a starter, a cut, a go), and the display's last line says what
        it took back (``event``, as the log holds it) until the next input or action."""
        self._undone_at = self._hw.ticks_ms()
        self.took_back = event

    def undo_flash(self, now):
        """The ms the undo's flash still shows, else 0 (then forgotten, as in ``refused``)."""
        left = _left(self._undone_at, _UNDONE_MS, now)
        if not left:
            self._undone_at = None
        return left

    def announce(self, title, text, check_pegs=False):
        """Add ``text`` to the power-on notice (the first ``title`` is the display's); ``check_pegs``:
        the game may not be the one last played (an older save, a log cut short), so the front pegs
        blink too, for players without the display."""
        self.check_pegs = self.check_pegs or check_pegs
        if self.notice is None:
            self.notice_title = title
            self.notice = text
        else:
            self.notice += "; " + text
        self.at_power_on = self.notice

    def hardware(self):
        """Take what the hardware reports failing now (``hw.fault()``: a part, or None when all works):
        True if that changed (a fault began or ended: draw now), and then said on the serial log."""
        fault = self._hw.fault()
        if fault == self.fault:
            return False
        print("hardware fault:", fault or "none")
        self.fault = fault
        return True

    def dismiss(self):
        """A player acted: the refusal, the notice and the undo's line have been seen (a fault and NOT SAVED
        stay while they last)."""
        self.overtaken()
        self._undone_at = None
        self.notice = None

    def overtaken(self):
        """An action was taken (a serial command comes without an input to end the refusal): a
        refusal shown before it, text and signal, and an undo's line, are no longer what the board
        should say."""
        self.refusal = None
        self._refused_at = None
        if self.took_back is not None:  # (set only then: an attribute set on the board would grow its table)
            self.took_back = None

    def room(self):
        """The display's lines for a mode's text: all but those kept at its foot (a fault's, NOT SAVED)."""
        return LINES - (self.fault is not None) - (self.unsaved is not None)

    def lines(self, lines, board):
        """The display's text: the mode's ``lines``, then a refusal, the notice, or what an undo took back
        (said as ``board``'s match names the players); 8 lines of 16 at most. A refusal takes the foot: the mode's
        last lines give way to it, a sentence wrapped over several lines all of it."""
        refusal = self.refusal
        if refusal is not None or self.notice is not None:
            from app.text import wrap  # loaded once text is wrapped: not at power-on (heap)

            if refusal is not None:  # said whole: the mode's lines give way (its first 2 stay)
                said = wrap("NO: " + refusal)
                room = self.room()
                kept = min(len(lines), max(2, room - len(said)))
                # whole sentences give way, never a sentence's tail ("for a run of" without its "three"): the line kept
                # last goes too while the next goes on with its sentence: it ends in a hyphen (a name's first line:
                # app.text), or in a lower-case word with no room after it for the next line's first (wrap fills a
                # line so), and that is a lower-case word too (a name or a figure starts a line of its own; a key,
                # "enc=peg", is no word)
                while 2 < kept < len(lines):
                    above = lines[kept - 1]
                    first = (lines[kept].split() or [""])[0]  # (a blank line: no word, a sentence's end)
                    last = (above.split() or [""])[-1]
                    if not (above.endswith("-") or len(above) + len(first) >= WIDTH and last.islower()
                            and first.islower() and last.replace("-", "").isalpha()
                            and first.replace("-", "").isalpha()):
                        break
                    kept -= 1
                if kept > 2 and lines[kept - 1] == said[-1]:  # the refusal ends on the key the mode's lines end on
                    kept -= 1  # ("game over: enc=next game"): said once (a play-test: twice, one under the other)
                lines = lines[:kept] + said[:room - kept]
            else:  # the mode's first 4 lines (the scores), the title, the reason's first 3 lines
                lines = lines[:4] + [self.notice_title] + wrap(self.notice)[:3]
        elif self.took_back is not None:  # the undo's line, the last but for a fault's or NOT SAVED
            took_back = self.took_back
            if not isinstance(took_back, str):  # its event: said once
                from app.took_back import said

                took_back = self.took_back = said(board.match, took_back)
                forget("app.took_back")
            lines = lines[:self.room() - 1] + [took_back]
        if self.unsaved is not None:
            lines = lines[:self.room()] + ["NOT SAVED"]  # (the room leaves its line, and a fault's)
        if self.fault is not None:
            lines = lines[:LINES - 1] + ["FAULT " + self.fault]
        if len(lines) > LINES:
            lines = lines[:LINES]
        # copied, each line cut, only if one is too long: the text is made while a detent may wait,
        # and every new object costs the chip
        for line in lines:
            if len(line) > WIDTH:
                return [line[:WIDTH] for line in lines]
        return lines
