"""The board application as a synchronous reducer: input events and serial lines in, frames out.

``Board(hw)`` (``hw``: the hw contract of ``hal/__init__.py``) restores the saved match at
construction (``app.restore``) and saves after every accepted change (``app.store``: atomic, two
copies); ``Board(hw, glance_first=True)`` (``app.run``, at power-on) shows the saved score before it
replays the saved log (``app.glance``). ``handle(event)`` takes an input event,
``handle_command(line)`` a serial line (``app.protocol``), ``render()`` draws, limits and shows one
frame (and the text display, if any), ``tick()`` runs the timers. Nothing here waits: ``app.run`` is
the asyncio shell around it, and tests call these directly.

The board holds ``match`` (the rules core's ``Match``), ``prefs`` (``app.prefs``), ``mode`` (``app.modes``:
changed only by ``open``), ``messages`` (``app.messages``), ``undone`` and ``ids`` (the serial request ids
answered last and their replies: ``app.request_ids``; the board only saves and restores them, so the
protocol's code is not loaded at power-on).

Actions come in two versions: ``apply(event)``, ``undo()``, ``new_match()`` and
``change_settings(changes)`` raise ValueError (``RuleError`` from the rules) and change nothing when
refused (the serial protocol's reply says why); ``try_apply(event)`` and ``attempt(action, *args)``
are the same from the controls: True, or False after showing the refusal.

The saved data (``saved_data``) and how a power-on restores it: docs/EVENTS.md, "The board's saved data".
"""

from micropython import const

from app import palette
from app.messages import Messages
from app.modes import home_or_call, kept_show
from app.modes.peg import Peg
from app.render import Canvas, render, show, show_text
from app.store import Store
from cribbage.match import Match, RuleError
from cribbage.settings import FIELDS
from shared import events, forget

DATA_VERSION = const(3)  # the layout of the saved data (the store's file format is its own); 1 and 2 are read too
# Loaded when the menu (or the cut for deal) opens them, dropped when the board goes home: on a stock firmware
# their code sits in the heap, and even from ROMFS their functions and tables do. (shared.supply: loaded when
# a current limit is set or restored; app.request_ids: when saved ids are restored, and with app.protocol;
# app.prefs: when preferences are made, restored or changed, and forgotten after the power-on's restore too.)
_MENU_MODULES = ("app.modes.menu app.modes.settings app.modes.advise cribbage.advice cribbage.crib_values app.modes.cut"
                 " app.modes.led_test shared.supply app.request_ids app.prefs")
# dropped when the menu opens, so the advice finds the most room: the count's and the play's
# modes (never used together with the menu) and the scoring of shows (the game loads it to count a
# hand; the advice loads it again); after a power-on's replay, which loads what the shows of the log
# needed; and when a host talks at home (``handle_command``)
_COUNT_MODULES = ("app.modes.count app.modes.starter app.modes.muggins app.said cribbage.saying app.modes.lay"
                  " app.rank_show app.picker app.cursor app.text cribbage.show_ranks cribbage.show")
# The serial protocol's code, loaded by a request: dropped for the menu, and for the count's code (loaded
# ahead: ``load_ahead``; or by the press that opens the count, or the play card by card), so the two are
# never in the heap together (the next request loads it again), but for a host talking during a count.
# Together, after a host had read the log at home, they made the heap's peak (4.5 KB more, CRIB_PICO).
_PROTOCOL_MODULES = "app.protocol app.strict_json app.history"


def _added(marks, match, at):
    """``marks`` (``Board.skipped``, ``Board.pegged``) with ``at``, a place in ``match``'s log, added, and those
    before the log kept (``Match.archived``: no undo goes back there) let go."""
    archived = match.archived
    return tuple(kept for kept in marks if kept >= archived) + (at,)


def glance(match):
    """What the first frame at power-on is drawn from, before the log is replayed (``app.glance``):
    ``[Game.snapshot(), games won, game number, the play]``, the play laid card by card as the laying
    mode draws it, ``[turn, count, said]`` (``cribbage.laying``), or None outside it."""
    game = match.game
    laying = game.laying
    play = None if laying is None or game.phase != "play" else [laying.turn, laying.play.count, laying.said]
    return [game.snapshot(), match.games_won, match.game_number, play]


class Board:
    """The whole app; see the module docstring."""

    # The modules still to load ahead (``load_ahead``; None: none), leaves first: the count's code and the
    # words it says, so the press that opens the count does not wait for them (docs/CHIP_FIGURES.md).
    _ahead = "cribbage.show app.text app.cursor app.picker app.modes.starter app.modes.count cribbage.saying app.said"
    # Class defaults, here and below, set on the board only once they change: each attribute set in
    # ``__init__`` grows the board's table of them, heap held at power-on.
    # The event the last undo took back (or what the menu was opened over), until the next action: the
    # mode that picks such an event opens on it again (``app.modes``).
    undone = None
    # What the menu was opened over, to go back there as it is left (``open_menu``, ``idle``): "count",
    # "starter", "muggins" (the call on a claim), "called" (the call made) or "kept_off" (the call made, a
    # house rule keeping its points off the track: its screen says so, the log cannot); else None.
    left = None
    # True once a change of the match failed midway (``changing``): never saved, the app starts again
    # from the copy saved before it (``app.run``).
    unsound = False
    # The first event of each file of the match's archived log (``app.history``), or None.
    history = None
    # Marks of a deal's play, places in the log, one a deal, oldest first (``in_deal``; saved with the game):
    # ``skipped``, its starter skipped before a play laid card by card (``app.modes.starter``: then pegged by
    # points); ``pegged``, points pegged by hand while it was not laid card by card (``apply``,
    # ``change_settings``: it stays pegged by points, or they would count twice).
    skipped = ()
    pegged = ()
    # Muggins: once the crib is counted, the others may call points it missed. The place in the log
    # (``match.events``) where that call, still open, was passed, the players going on to the next deal
    # without calling (``pass_call``; saved with the game): a power-on there comes back home, as the board
    # was, not on the call (a press meant for the next deal's play would call it).
    passed = None

    def __init__(self, hw, glance_first=False):
        self.hw = hw
        self.canvas = Canvas(hw.led_count)
        self.store = Store(hw.storage_root, keep_up=hw.keep_up)
        self.messages = Messages(hw)
        self.match = Match()
        self.ids = []
        from app.prefs import defaults  # (with the restore: forgotten below; loaded again by a settings change)

        self.set_prefs(defaults(hw.supply_ma))
        self.mode = Peg(self)
        self._changed = False
        self.shown_lines = None  # the display's text, as last sent (app.render.show_text)
        self._display_dirty = True
        from app.restore import restore  # power-on only: forgotten below, so its code leaves the heap

        if restore(self, glance_first):
            self._changed = True  # written back at once, so the next power-on has nothing to repair
            try:
                self.save()
            except OSError:  # the flash refused: tried again by the shell's next save (app.run), not fatal here
                pass
        # the restore and the glance: used at power-on only; no mode holds the others yet
        forget("app.restore app.glance app.prefs app.history cribbage.saved_base " + _COUNT_MODULES)
        self._display_dirty = True
        # back on the crib's call still open, as it was (passed: home); a play laid card by card goes on where it was
        home_or_call(self)

    # --- save and restore (the restore at power-on: app.restore) -------------------------

    def saved_data(self):
        """What ``save`` writes (docs/EVENTS.md, "The board's saved data"): the log as an iterator, streamed."""
        # the log streamed as the ints the match keeps: never built whole, nothing built per event
        match = self.match
        marked = self.skipped or self.pegged  # (none, mostly: nothing of them written)
        return {"version": DATA_VERSION, "settings": match.settings.to_dict(), "prefs": self.prefs,
                "ids": self.ids, "edits": match.edits, "glance": glance(match), "base": match.saved_base(),
                "history": self.history if match.archived else None, "skipped": self.skipped or None,
                "pegged": self.pegged or None, "deal_start": match.deal_start() if marked else None,
                "passed": self.passed,
                "codes": match.iter_saved()}

    def save(self):
        """Save the board's data now (the games before the previous one archived first: ``app.history``);
        never an ``unsound`` game (RuntimeError: the copy saved before it stays the newest)."""
        if self.unsound:
            raise RuntimeError("the game in RAM is unsound: not saved")
        if self.match.archivable() is not None:
            from app.history import archive  # once a game, in a long match

            try:
                archive(self)
            except OSError as e:  # the flash refused the archive's file: the save below keeps the log whole
                print("the log not archived: %r" % (e,))
            forget("app.history")
        messages = self.messages
        try:
            self.store.save(self.saved_data())
        except OSError as e:  # the flash refused it: the players are told (app.messages) until one goes through
            if messages.unsaved is None:
                self._display_dirty = True
            messages.unsaved = repr(e)
            self._changed = True  # tried again 2 s on (app.run.Shell.save_changes), whatever asked for this save
            raise
        if messages.unsaved is not None:
            messages.unsaved = None
            self._display_dirty = True
        self._changed = False

    def save_if_changed(self):
        """Save after accepted changes (once per input or command)."""
        if self._changed:
            self.save()

    # --- preferences --------------------------------------------------------------------

    def set_prefs(self, prefs):
        """Take the preferences ``prefs`` (``app.prefs``: checked or repaired already)."""
        self.prefs = prefs
        # a side's colour is colours[side], looked up every frame: kept ready so drawing allocates nothing
        self.colours = [palette.CHOICES[prefs["colour%d" % side]] for side in range(3)]

    # --- modes: every change of mode goes through ``open`` ------------------------------

    def open(self, mode_class):
        """Switch to a new ``mode_class(board)`` (see ``app.modes``) and return it."""
        mode = mode_class(self)
        self.mode = mode
        self._display_dirty = True
        return mode

    def idle(self):
        """Back to the home mode: pegging, or during a play laid card by card (a preference) laying
        cards; the menu's modules leave the heap (they load again when next opened). But the menu (or a
        screen it opened) left over a count goes back to it as it stood (``open_menu``: at any step, its cards
        or ranks as taken), to the starter's picker (the LED test's), to the call still open on its claim or to the
        call made, unless what was done there ended them (a new game)."""
        forget(_MENU_MODULES)
        left = self.left
        if left is not None:
            self.left = None
            match = self.match
            if left == "count":
                back = kept_show(self) is not None
            elif left == "starter":  # its card dialled, kept (``Starter.kept``) as a starter taken back
                undone = self.undone
                back = undone is not None and undone[0][:7] == "starter"
            elif left == "muggins":  # the call still open, its claim the last event (the crib's: the deal passed)
                back = match.muggins is not None
                self.passed = None  # (opened again by an undo: a power-on comes back on it, as it is now)
            else:  # "called", "kept_off": the call made, still the last event
                back = match.events and next(match.iter_log(match.events - 1))[0] == "muggins"
            if back:
                self.open_count(left)
                return
        if self.prefs["play"] == 1:
            forget(_PROTOCOL_MODULES)  # (the play's code: as the count's)
            if self.playing():
                from app.modes.lay import Lay  # only on a board that lays the play card by card

                self.open(Lay)
                return
        self.open(Peg)

    def playing(self):
        """True while the play is laid card by card (``app.modes.lay``): the preference is set, the deal's
        starter is known (a card, or its rank alone: the play needs no suit; or a Jack, by his heels
        pegged: its suit is asked at the count), the play is on (phase "play", before the first show),
        no points of it were pegged by hand while it was not laid (``pegged``: they would count twice)
        and, before its first card or go, its starter was not skipped (``skipped``: the play is then
        pegged by points, his heels perhaps pegged at a total)."""
        match = self.match
        return (self.prefs["play"] == 1 and (match.starter_rank is not None or match.heels) and match.phase == "play"
                and not self.in_deal(self.pegged) and (match.game.laying is not None or not self.in_deal(self.skipped)))

    def open_count(self, left=None):
        """Count the starter or the next show (the board goes idle if there is nothing to count); ``left``: what
        the menu was opened over (``idle``): "count", the show kept (``undone``) even while the call on the claim
        before is open (at the next claim); "starter", its picker; else the call, open or made (``Count.begin``)."""
        forget(_PROTOCOL_MODULES)
        if left == "starter":  # the starter's picker, its card dialled (``undone``)
            from app.modes.starter import Starter

            self.open(Starter)
            return
        from app.modes.count import Count  # loaded when counting: the menu's modes drop it

        count = self.open(Count)
        if left == "count":
            count.next_count(self)
        else:
            count.begin(self, left)

    def open_menu(self, mode=None):
        """The menu (settings, advice, new game or match, the LED test), or ``mode`` in its place (the LED
        test asked for over the serial line). What the mode left opens on again once the menu is left with
        nothing done (its ``kept``, if it has one: a count's show as it stands, at any step, the starter's card
        dialled, the rank dialled in the play) is kept as ``undone`` is after an undo, which any action clears
        (and the next menu replaces: a show kept once is never opened again stale); a count, the starter's
        picker (or a call) left opens again as the menu is left (``idle``)."""
        left = self.mode
        kept = left.kept(self) if hasattr(left, "kept") else None
        name = left.name
        # (a screen of the menu's: what it was opened over stays; a call's step: the call made)
        if name == "count" or name == "muggins" or name == "starter":
            self.left = ("kept_off" if left.kept_off else "called") if name == "muggins" and left.step else name
        self._drop_count()
        if mode is None:
            forget(_PROTOCOL_MODULES)  # (not while a request is answered)
            from app.modes.menu import Menu

            mode = Menu
        self.open(mode)
        if kept is not None:
            self.undone = kept

    def skip_starter(self, skipped=True):
        """Mark this deal's starter skipped before its play laid card by card (``skipped``; False: the
        skip just made taken back): saved with the next save, as a game event is."""
        self.skipped = _added(self.skipped, self.match, self.match.events) if skipped else self.skipped[:-1]
        self._changed = True

    def pass_call(self):
        """Mark the crib's open call passed here (``passed``): saved with the next save, as a game event is."""
        self.passed = self.match.events
        self._changed = True

    def in_deal(self, marks):
        """True if this deal carries one of ``marks`` (``skipped``, ``pegged``): its last is in the deal (every
        other mark is of a deal before it: a deal's marks are at or after its start, before the next's)."""
        return bool(marks) and marks[-1] >= self.match.deal_start()

    def just_skipped(self):
        """True if this deal's starter was skipped and nothing was done since: back takes the skip back."""
        skipped = self.skipped
        return bool(skipped) and skipped[-1] == self.match.events and self.match.starter_rank is None

    def load_ahead(self):
        """Load the next module of ``_ahead`` if a deal is under way and no menu is open, so the press
        that opens the count (or says its points) finds its code loaded; True if it loaded one. The
        shell calls it once no one has touched the board for a second and no frame is due: one module
        a call (at most 18 ms on CRIB_PICO, 32 on stock), so an input waits no longer than that."""
        ahead = self._ahead
        if ahead is None or self.match.game.dealer is None or self.mode.full_screen:
            return False
        forget(_PROTOCOL_MODULES)  # (loaded again by the next request, which drops these)
        name, _, rest = ahead.partition(" ")
        self._ahead = rest or None
        __import__(name)  # (one loaded already, by a count: found at once)
        return True

    def _drop_count(self):
        """Forget the count's code (loaded ahead again once the board is quiet)."""
        forget(_COUNT_MODULES)
        self._ahead = Board._ahead  # all of them again

    # --- actions (see the module docstring); each accepted one marks the data changed ----

    def apply(self, event):
        """Apply a game event; RuleError (nothing changed) if the rules refuse it. Points pegged by hand in a
        play not laid card by card mark it so (``pegged``)."""
        match = self.match
        self.changing(match.apply, event)
        self._accepted()
        # points pegged by hand in a play not laid card by card (what playing() looks at is as before the peg,
        # but for the phase, if it won the game) mark it, once a deal; by points, the preference set to card
        # by card marks it (change_settings)
        if (event[0] == "peg" and self.prefs["play"] == 1 and match.phase == "play"
                and not (self.in_deal(self.pegged) or self.playing())):
            self.pegged = _added(self.pegged, match, match.events)

    def changing(self, change, *args):
        """``change(*args)``, a change of the match in place (an event, an undo, an archive: ``app.history``),
        and what it returns. A refusal (ValueError, RuleError above all) changes nothing, nor does the flash
        failing (OSError: the rules core writes no file, so it failed first); anything else (a MemoryError
        in an undo's replay, say) may leave the match half changed: ``unsound`` from then on, and raised."""
        try:
            return change(*args)
        except (ValueError, OSError):
            raise
        except Exception:
            self.unsound = True
            raise

    def undo(self):
        """Undo the last event (the LEDs flash it, the display says what it was); RuleError if there is
        none (at the start of a match begun by a new match: it cannot be undone, said so)."""
        if self.match.new_match and not self.match.events:
            raise RuleError("a new match cannot be undone")
        match = self.match
        kept = self.undone
        undone = self.changing(match.undo)
        self._accepted()
        # a muggins call taken back: a show kept to open on (the claim after it, as dialled) stays kept,
        # to open after the call made again (no mode opens on the call itself)
        self.undone = kept if kept is not None and undone[0] == "muggins" else undone
        events = match.events
        if self.skipped and self.skipped[-1] > events:  # back before the skip
            self.skipped = self.skipped[:-1]
        if self.pegged and self.pegged[-1] > events:  # the points that marked the play taken back
            self.pegged = self.pegged[:-1]
        self.messages.undone(undone)

    def new_match(self):
        """A new match with the same settings (the tally and the undo history start again).

        A fresh Match, not the core's ``["new_match"]`` event: the saved log holds one match
        only (RAM and flash), so a new match cannot be undone (the menu asks twice; undo at its start
        says so, ``Match.new_match``). Its count of
        the log's changes (``Match.edits``) goes on from the old one's, one more: a reader of the
        log's pages sees the change even if the new log has as many events as the old.
        """
        match = self.match
        if not match.events:  # refused by the rules core, in its words (a copy here would cost heap)
            match.apply(["new_match"])
        self.match = Match(match.settings, edits=match.edits + 1, new_match=True)
        self.history = None  # the old match's archives: none of this one's (their files go with its first)
        self.skipped = self.pegged = ()  # (places in the old match's log)
        self._accepted()

    def change_settings(self, changes):
        """Change game rules and/or preferences; ValueError (nothing changed) if refused.

        Game rules change only while the match has no events (a rule changed mid-game
        would rewrite what was played): start a new match first (``new_match``). The match
        made with the new rules goes on with the old one's count of the log's changes, one more,
        and was begun by a new match if the old one was (as in ``new_match``).
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
        from app.prefs import check_prefs  # (the menu forgets it, once home)

        new_prefs = check_prefs(prefs, self.prefs, self.hw.supply_ma)
        settings = self.match.settings.changed(rules)
        match = self.match
        if settings != match.settings:
            if match.events:
                raise ValueError("the rules change only before the first event of a match: start a new match"
                                 " with the menu's new match or the new_match command (the [\"new_match\"]"
                                 " event keeps the log)")
            match = Match(settings, edits=match.edits + 1, new_match=match.new_match)  # (still begun by it)
            self.skipped = self.pegged = ()
        kept = self.undone if match is self.match else None  # a preference changes no game: a kept show stays
        if (new_prefs["play"] == 1 and self.prefs["play"] != 1 and match.phase == "play"
                and not self.in_deal(self.pegged)):
            at = match.deal_start()  # points pegged by hand in the play by points: the first marks it
            for event in match.iter_log(at):
                at += 1
                if event[0] == "peg":
                    self.pegged = _added(self.pegged, match, at)
                    break
        self.match = match
        self.set_prefs(new_prefs)
        self._accepted()
        self.undone = kept

    def _accepted(self):
        """An action was taken: the data changed (saved next), and a refusal shown before it is
        no longer what the display should say (a serial command comes without an input to end it)."""
        self._changed = True
        self.undone = None
        self.messages.overtaken()

    def attempt(self, action, *args):
        """``action(*args)`` (``undo``, ``new_match``, ``change_settings``) from the controls: True, or False after
        showing the refusal."""
        try:
            action(*args)
        except ValueError as e:  # (RuleError is one: the rules' refusals, and the settings')
            self.messages.refuse(str(e))
            return False
        return True

    def try_apply(self, event):
        """``apply`` from the controls: True, or False after showing the refusal."""
        return self.attempt(self.apply, event)

    # --- the reducer ------------------------------------------------------------------

    def handle(self, event, save=True):
        """Take one input event (malformed ones are ignored); save if the game changed (unless ``save`` is False)."""
        if not events.is_event(event):
            return
        messages = self.messages
        seen = messages.notice is not None  # the power-on notice: the control that stops it does nothing else
        messages.dismiss()
        self._display_dirty = True
        if seen:  # (a press meant for the game may not follow a warning that saved data was lost)
            return
        kind, what = event
        if kind == events.LONG and what != events.ENCODER and getattr(
                self.mode, "as_pressed", what == events.BACK and self.match.settings.sides != 3):
            # Held, a player's button has a meaning of its own (back: player 3's); where it has
            # none it is its press, held a little long: nothing is dropped without a sign.
            event = (events.PRESS, what)
        try:
            self.mode.handle(self, event)
        except RuleError as e:
            # One place for every mode: whatever the rules refuse is shown, never raised out.
            messages.refuse(str(e))
        if save:
            self.save_if_changed()

    def handle_command(self, line, write=None):
        """Answer one serial line (see app.protocol); the reply is one JSON line without newline,
        or with ``write``, written through it in pieces (and None returned). On an ``unsound`` board nothing
        is answered, not even a request sent again (its remembered reply may be of a change the restart
        loses): RuntimeError, and app.run replies that the board failed."""
        if self.unsound:
            raise RuntimeError("the game in RAM is unsound: the board starts again")
        if self.mode.name == "peg":  # no mode holds the count's code: it leaves for the protocol's
            self._drop_count()
        from app.protocol import reply  # loaded once a host talks: heap, if the code is not frozen

        self._display_dirty = True
        return reply(self, line, write)

    def tick(self):
        """Timers: the refusal signal ends by itself (its text stays on the display until the next
        input); a hardware fault is taken as the hardware reports it. True if that changed what is
        shown (a fault began or ended: draw now)."""
        messages = self.messages
        if messages.refusal is not None:  # its signal may be ending (no refusal: no signal to time)
            messages.refused(self.hw.ticks_ms())
        if not messages.hardware():
            return False
        self._display_dirty = True
        return True

    def render(self, text=True):
        """Draw the frame, apply brightness, gamma and the current cap, show it; with ``text``, update
        the display too (``show_text``). The ms the picture stays as drawn unless the board changes
        (``app.render.render``; 0 while the hardware reports a fault: the LED supply's switch has every
        frame sent, ``hal.led_power``)."""
        still = render(self, self.canvas, self.hw.ticks_ms())
        show(self)
        if text:
            self.show_text()
        return 0 if self.messages.fault is not None else still

    def show_text(self):
        """Give the display the text of a change since it was last made (``app.render.show_text``):
        True if it made it. Text is made only after a change, so a frame allocates nothing; the
        app's shell makes it apart from the frame, once no input waits (``app.run``)."""
        if not self._display_dirty:
            return False
        self._display_dirty = False  # (first: a mode whose text fails does not fail every turn)
        show_text(self)
        return True
