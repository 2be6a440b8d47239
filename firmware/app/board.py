"""The board application as a synchronous reducer: input events and serial lines in, frames out.

``Board(hw)`` restores the saved match at construction and saves after every accepted
change (``app.store``: atomic, two copies). ``handle(event)`` takes an input event,
``handle_command(line)`` a serial line (``app.protocol``), ``render()`` draws, limits and
shows one frame (and the text display, if any), ``tick()`` runs the timers. Nothing here
waits: ``app.run`` is the asyncio shell around it, and tests call these directly.

Saved data: ``{"settings": game rules, "prefs": board preferences, "ids": recent serial
request ids and their replies, "edits": how many times the log changed (``Match.edits``),
"codes": the match's event log (its undo history) in its compact saved form, ints
(``Match.iter_saved``), streamed last}``. A save of older firmware has "log" instead, the
events as JSON lists (``Match.iter_log``): it is still restored.
If the store fell back to an older copy (or to nothing), ``notice`` says so: both game holes
flash until the next input, the display shows it and the state reply carries it. Restoring
takes each part on its own: a game this firmware cannot replay starts a fresh match, and a
preference it does not take (an unknown key, a value out of range) is dropped or reset to
its default, each said in the notice too, without costing the rest.
"""

import sys

from micropython import const

from app import events, palette, power
from app.modes.peg import Peg
from app.render import HOLES, Canvas, render, track_of
from app.store import Store
from app.ticks import ticks_diff
from cribbage.cards import is_int
from cribbage.match import Match, RuleError
from cribbage.settings import FIELDS

PREFS = {"colour0": palette.DEFAULT_COLOURS[0], "colour1": palette.DEFAULT_COLOURS[1],
         "colour2": palette.DEFAULT_COLOURS[2], "brightness": 160, "milliamps": power.USB_SUPPLY_MA}
_LIMITS = {"brightness": (1, 255), "milliamps": (300, 10000)}
_REFUSED_MS = const(700)
_MAX_IDS = const(4)  # a host retries its last request or two; each reply kept is ~300 B of heap
_WIDTH = const(16)  # a 128x64 SSD1306 with the 8x8 font: 16 characters, 8 lines
_LINES = const(8)
# Loaded when the menu opens them, dropped when the board goes home: on a stock firmware
# their code sits in the heap, and even from ROMFS their functions and tables do.
_MENU_MODULES = ("app.modes.menu", "app.modes.settings", "app.modes.advise", "cribbage.advice",
                 "cribbage.crib_values")
_COUNT_MODULES = ("app.modes.count", "cribbage.saying")  # dropped while the menu is open: never used together


def _forget(names):
    """Drop modules ``names`` so their code leaves the heap; the next import loads them again."""
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            package, _, attr = name.rpartition(".")
            if hasattr(sys.modules[package], attr):  # the import set it on its package too
                delattr(sys.modules[package], attr)


def check_prefs(changes, prefs):
    """``prefs`` updated with ``changes`` (a new dict); ValueError naming a bad key or value."""
    out = dict(prefs)
    for key in changes:
        value = changes[key]
        if key not in PREFS:
            raise ValueError("unknown setting %r" % (key,))
        if not is_int(value):
            raise ValueError("%s must be a whole number, not %r" % (key, value))
        low, high = _LIMITS.get(key, (0, len(palette.CHOICES) - 1))
        if not low <= value <= high:
            raise ValueError("%s must be from %d to %d, not %r" % (key, low, high, value))
        out[key] = value
    return out


def restore_prefs(saved):
    """Saved preferences made usable: ``(prefs, None)``, or ``(prefs, message)`` naming what was fixed.

    Unknown keys are dropped and bad values go back to their defaults, one by one (say after
    a firmware change): a bad preference never costs the rest, nor the saved game.
    """
    prefs = dict(PREFS)
    if saved is None:
        return prefs, None
    if not isinstance(saved, dict):
        return prefs, "saved preferences not an object: defaults used"
    fixed = []
    for key in sorted(saved):  # sorted: the same message on every interpreter
        try:
            prefs = check_prefs({key: saved[key]}, prefs)
        except ValueError as e:
            fixed.append(str(e))
    if not fixed:
        return prefs, None
    return prefs, "saved preferences not taken (defaults used): " + "; ".join(fixed)


class Board:
    """The whole app; see the module docstring. ``match``, ``prefs`` and ``mode`` are read by modes and render."""

    def __init__(self, hw):
        self.hw = hw
        self.canvas = Canvas(hw.led_count)
        self.store = Store(hw.storage_root)
        self.mode = Peg()
        self.message = None  # the last refusal, for the display and the serial reply
        self._refused_at = None
        self._changed = False
        self._shown_lines = None
        self._display_dirty = True
        data, self.notice = self.store.load(stream=("codes", "log"))  # the log is replayed as it is read
        self.notice_title = "OLDER SAVE USED"  # the display's line above the notice
        self.store_message = self.notice  # kept for the state reply after the flashing stops
        self._set_prefs(dict(PREFS))
        self.ids = []
        self.match = Match()
        if data is not None:
            self._restore(data)

    def _restore(self, data):
        if not isinstance(data, dict):
            self._announce("SAVE UNPLAYABLE", "saved data %r not readable: starting fresh" % (type(data),))
            return
        try:
            saved = data.get("codes")
            if saved is None:  # saved by older firmware: events as lists
                self.match = Match(data.get("settings"), data.get("log"), edits=data.get("edits"))
            else:
                self.match = Match(data.get("settings"), saved=saved, edits=data.get("edits"))
        except (ValueError, TypeError, AttributeError) as e:
            # A sound file this firmware cannot replay: a fresh match, but say so.
            self._announce("SAVE UNPLAYABLE", "saved game not replayable (%s): starting fresh" % e)
            replayed = False
        else:
            replayed = True
            ids = data.get("ids")  # replies to requests of that match only
            if isinstance(ids, list):
                self.ids = [entry for entry in ids if isinstance(entry, list) and len(entry) == 2]
        # Apart from the game: a preference this firmware does not take costs only itself.
        prefs, fixed = restore_prefs(data.get("prefs"))
        self._set_prefs(prefs)
        if fixed is not None:
            self._announce("PREFS RESET", fixed)
            if replayed:  # written back at once, so the next power-on has nothing to repair
                self._changed = True  # (not over an unplayable game: it stays until play goes on)
                try:
                    self.save()
                except OSError:  # the flash refused: tried again with the next change, not fatal here
                    pass

    def _announce(self, title, message):
        """Add ``message`` to the power-on notice (flashing game holes, the display, the state reply)."""
        if self.notice is None:
            self.notice_title = title
            self.notice = message
        else:
            self.notice += "; " + message
        self.store_message = self.notice

    # --- what modes and the renderer use ------------------------------------------------

    def colour(self, side):
        """The colour of a side (from the preferences)."""
        return self._colours[side]

    def _set_prefs(self, prefs):
        self.prefs = prefs
        # looked up every frame: kept ready so drawing allocates nothing
        self._colours = [palette.CHOICES[prefs["colour%d" % side]] for side in range(3)]

    def side_name(self, side):
        """P1, P2, P3 (teams: T1, T2): ``Settings.side_name``."""
        return self.match.settings.side_name(side)

    def seat_name(self, seat):
        """P1.. (teams: T1a, T2a, T1b, T2b): ``Settings.seat_name``."""
        return self.match.settings.seat_name(seat)

    def mark_seat(self, canvas, seat):
        """Light a seat: its side's game hole, plus one hole per partner number from hole 1."""
        side = self.match.settings.side_of(seat)
        track = track_of(side)
        canvas.put(track, HOLES, self.colour(side), palette.FULL)
        for i in range(seat // self.match.settings.sides + 1):
            canvas.put(track, 1 + i, self.colour(side), palette.FULL)

    def counting_side(self):
        """The side whose show is being counted or counts next (None during the play)."""
        mode = self.mode
        if mode.name == "count":
            return mode.side(self)
        match = self.match
        if match.phase == "show":  # so someone counts next
            seat, kind = match.next_show
            return match.settings.side_of(match.dealer if kind == "crib" else seat)
        return None

    def setting(self, key):
        """One game rule or board preference (what ``settings_dict`` holds, without building it)."""
        if key in self.prefs:
            return self.prefs[key]
        return getattr(self.match.settings, key)

    def settings_dict(self):
        """Game rules and board preferences in one dict (the serial ``settings`` reply)."""
        out = self.match.settings.to_dict()
        for key in self.prefs:
            out[key] = self.prefs[key]
        return out

    def refused(self, now):
        """True while the refusal signal shows."""
        return self._refused_at is not None and ticks_diff(now, self._refused_at) < _REFUSED_MS

    def refuse(self, message):
        """Show that an action was refused: a vermillion flicker and the reason on the display."""
        self.message = message
        self._refused_at = self.hw.ticks_ms()

    def idle(self):
        """Back to the home mode; the menu's modules leave the heap (they load again when next opened)."""
        self.mode = Peg()
        _forget(_MENU_MODULES)

    def open_count(self):
        """Count the starter or the next show (the board goes idle if there is nothing to count)."""
        from app.modes.count import Count  # loaded when counting: the menu's modes drop it

        mode = Count()
        self.mode = mode
        mode.begin(self)

    def open_menu(self):
        """The menu (settings, advice, new game or match)."""
        _forget(_COUNT_MODULES)
        from app.modes.menu import Menu

        self.mode = Menu()

    # --- changes (each marks the data to be saved) --------------------------------------

    def apply_event(self, event):
        """Apply a game event; RuleError (nothing changed) if the rules refuse it."""
        self.match.apply(event)
        self._changed = True

    def _attempt(self, refusals, action, *args):
        """``action(*args)`` from the ui: True, or False after showing the refusal (``refusals``)."""
        try:
            action(*args)
        except refusals as e:
            self.refuse(str(e))
            return False
        return True

    def apply(self, event):
        """Apply a game event from the ui: True, or False after showing the refusal."""
        return self._attempt(RuleError, self.apply_event, event)

    def undo_event(self):
        """Undo the last event; RuleError if there is none."""
        self.match.undo()
        self._changed = True

    def undo(self):
        """Undo from the ui; with nothing to undo, the refusal is shown."""
        self._attempt(RuleError, self.undo_event)

    def new_match(self):
        """A new match with the same settings (the tally and the undo history start again).

        A fresh Match, not the core's ``["new_match"]`` event: the saved log holds one match
        only (RAM and flash), so a new match cannot be undone (the menu asks twice).
        """
        if not self.match.events:
            raise RuleError("this match has not begun: nothing to start again")
        self.match = Match(self.match.settings)
        self._changed = True

    def change_settings_strict(self, changes):
        """Change game rules and/or preferences; ValueError (nothing changed) if refused.

        Game rules change only while the match has no events (a rule changed mid-game
        would rewrite what was played): start a new match first.
        """
        if not isinstance(changes, dict) or not changes:
            raise ValueError("settings to change must be a non-empty object, like {\"target\": 61}")
        rules = {}
        prefs = {}
        for key in changes:
            if key in FIELDS:
                rules[key] = changes[key]
            else:
                prefs[key] = changes[key]
        new_prefs = check_prefs(prefs, self.prefs)
        settings = self.match.settings.changed(rules)
        match = self.match
        if settings != match.settings:
            if match.events:
                raise ValueError("the rules change only before the first event of a match: start a new match first")
            match = Match(settings)
        self.match = match
        self._set_prefs(new_prefs)
        self._changed = True

    def change_settings(self, changes):
        """Like ``change_settings_strict`` from the ui: True, or False after showing the refusal."""
        return self._attempt(ValueError, self.change_settings_strict, changes)

    def remember(self, request_id, reply_line):
        """Keep the reply to a request id (the last few, saved with the game)."""
        ids = self.ids
        ids.append([request_id, reply_line])
        if len(ids) > _MAX_IDS:
            ids.pop(0)
        self._changed = True

    def recall(self, request_id):
        """The reply already given to ``request_id``, or None."""
        for entry in self.ids:
            if entry[0] == request_id and type(entry[0]) is type(request_id):
                return entry[1]
        return None

    def save_if_changed(self):
        """Save after accepted changes (once per input or command)."""
        if self._changed:
            self.save()

    def save(self):
        """Save the board's data now (see the module docstring)."""
        # the log streamed as the ints the match keeps: never built whole, nothing built per event
        self.store.save({"settings": self.match.settings.to_dict(), "prefs": self.prefs, "ids": self.ids,
                         "edits": self.match.edits, "codes": self.match.iter_saved()})
        self._changed = False

    # --- the reducer ------------------------------------------------------------------

    def handle(self, event, save=True):
        """Take one input event (malformed ones are ignored); save if the game changed (unless ``save`` is False)."""
        if not events.is_event(event):
            return
        self.notice = None
        self.message = None
        self._refused_at = None
        try:
            self.mode.handle(self, event)
        except RuleError as e:
            # One place for every mode: whatever the rules refuse is shown, never raised out.
            self.refuse(str(e))
        self._display_dirty = True
        if save:
            self.save_if_changed()

    def handle_command(self, line):
        """Answer one serial line (see app.protocol); the reply is one JSON line without newline."""
        from app.protocol import reply  # loaded once a host talks: heap, if the code is not frozen

        self._display_dirty = True
        return reply(self, line)

    def tick(self):
        """Timers: the refusal signal ends by itself (the display then drops the reason)."""
        if self._refused_at is not None and not self.refused(self.hw.ticks_ms()):
            self._refused_at = None
            self._display_dirty = True

    def render(self):
        """Draw the frame, apply brightness, gamma and the current cap, show it; update the display."""
        canvas = self.canvas
        render(self, canvas, self.hw.ticks_ms())
        power.limit(canvas.frame, self.prefs["brightness"], self.prefs["milliamps"])
        self.hw.show(canvas.frame)
        display = self.hw.display
        if display is not None and self._display_dirty:
            # text is rebuilt only after a change: a frame allocates nothing
            self._display_dirty = False
            lines = self.lines()
            if lines != self._shown_lines:
                display.show_lines(lines)
                self._shown_lines = lines

    # --- words ------------------------------------------------------------------------

    def lines(self):
        """What the text display shows (8 lines of 16 at most): the mode's lines, then a refusal or a store notice."""
        lines = self.mode.lines(self)
        if self.message is not None:
            lines = lines[:5] + ["NO:", self.message[:_WIDTH], self.message[_WIDTH:2 * _WIDTH]]
        elif self.notice is not None:
            lines = lines[:5] + [self.notice_title, self.notice[:_WIDTH]]
        return [line[:_WIDTH] for line in lines[:_LINES]]

    def score_lines(self):
        """The idle display: scores, deal, whose count, tally."""
        match = self.match
        sides = len(match.front)
        out = ["GAME %d" % match.game_number if match.dealer is None else "G%d" % match.game_number]
        for side in range(sides):
            out.append("%s %3d (%d)" % (self.side_name(side), match.front[side], match.back[side]))
        if match.winner is not None:
            out.append("%s %s" % (self.side_name(match.winner), match.result.upper()))
            out.append("enc=next game")
        else:
            if match.dealer is not None:
                out[0] += " %s deals" % self.seat_name(match.dealer)
            nxt = match.next_show
            if match.phase == "show" and nxt is not None:
                out.append("next: " + ("crib" if nxt[1] == "crib" else self.seat_name(nxt[0]) + " hand"))
            elif match.starter is None and match.phase == "play":
                out.append("enc=starter")
        out.append("won " + "-".join(str(n) for n in match.games_won))
        return out

    def state(self):
        """The serial ``state`` reply: the match, settings, ui mode and any store notice."""
        out = self.match.state()
        out["settings"] = self.settings_dict()
        out["ui"] = self.mode.describe()
        out["store"] = self.store_message
        out["message"] = self.message
        out["can_undo"] = self.match.can_undo
        return out
