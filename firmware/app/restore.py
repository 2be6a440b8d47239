"""What the board does once, as it is built at power-on: the saved match replayed as the store reads
it, the rest of the saved data taken, and what went wrong said in the power-on notice (the saved
data's layout and what is repaired: docs/EVENTS.md, "The board's saved data"). ``Board`` runs ``restore`` and then
forgets this module, so its code leaves the heap: nothing here runs again until the next power-on.
"""

import os

from app.board import DATA_VERSION, glance
from app.prefs import defaults, restore_prefs
from app.store import kept_names
from cribbage.cards import is_int
from cribbage.match import Match, RuleError


def restore(board, glance_first):
    """Restore ``board`` (fresh: a new match, default preferences) from the newest usable saved copy,
    its saved glance drawn first if ``glance_first`` (``app.glance``); True if what was restored had
    to be repaired (to be saved back at once)."""
    unplayed = []  # the preferences of the newest copy whose game is of no use
    cut = []  # a mark: the copy loaded was replayed only up to an event these rules refuse

    def replay(data):
        """(the match replayed from saved ``data``, ``data``); ValueError if this firmware
        cannot use it (the store then tries the older copy)."""
        if not isinstance(data, dict):
            raise ValueError("saved data is a %s, not a dict" % type(data).__name__)
        version = data.get("version")
        if version != DATA_VERSION and version != 2 and version != 1:  # another firmware's: nothing guessed at
            raise ValueError("saved data of version %r, this firmware reads 1 to %d" % (version, DATA_VERSION))
        saved = data.get("glance")  # (version 1 has none)
        # for the glance's frame: checked against the log once replayed
        start = data.get("deal_start")  # the glance's deal: its marks alone (older copies: all there are)
        start = start if is_int(start) else 0
        _take_deal_marks(board, data, start)
        shown = glance_first and saved is not None and _show_glance(board, data)
        try:
            match = _replayed(board, data, cut)
        except (ValueError, TypeError, AttributeError) as e:  # data this firmware does not write: nothing guessed
            if not unplayed:
                unplayed.append(data.get("prefs", {}))
            raise ValueError("saved game not replayable (%s)" % e) from None
        if shown:
            from app.glance import agrees

            if not agrees(glance(match), saved):  # the replay is the truth
                board.messages.announce("SCORE CORRECTED", "the score shown at power-on was not the saved game's: "
                                        "its log replayed is shown")
        return match, data

    # no match held through the replay but the one replayed (1.2 KB each): a new one if none is kept
    board.match = None
    # the log is replayed as it is read; a copy that cannot be replayed gives way to the older
    loaded, damage = board.store.load(stream="codes", use=replay)
    if damage is not None:  # a copy lost: the newest (the older used) or the older (its backup)
        age = board.store.loaded_age
        title = ("SAVE UNPLAYABLE" if loaded is None else "BACKUP LOST" if age == "newest"
                 else "OLDER SAVE USED" if age == "older" else "CHECK THE SCORE")
        behind = title == "OLDER SAVE USED" or title == "CHECK THE SCORE"  # what that means for the game first:
        said = ("the game may be a move behind: check the pegs. " if behind else "") + damage  # the display shows 3
        board.messages.announce(title, said, title != "BACKUP LOST")  # lines (the rest: state); BACKUP LOST: newest
    if loaded is None:  # no game to keep (nor the glance of one that could not be used)
        if damage is None and _archives_left(board):  # no file of the game at all, yet games were played
            board.messages.announce("SAVED GAME LOST", "no saved game on the flash, but the logs of games "
                                    "played before it (history/): a new match", True)
        board.match = Match()
        _take_marks(board, "skipped", None, 0)
        _take_marks(board, "pegged", None, 0)
        board.set_prefs(defaults(board.hw.supply_ma))
        if unplayed:  # its preferences at least (saved with the first deliberate change)
            _take_prefs(board, unplayed[0])
        return False
    match, data = loaded
    board.match = match
    _take_places(board, match, data)
    if cut:  # the copy holds more than was kept: a keepsake of it, before saves write over it
        _keep_whole(board)
    repaired = _take_prefs(board, data.get("prefs"))
    ids = data.get("ids")  # replies to requests of that match only
    if ids:  # checked without loading the protocol (it loads with the next request)
        from app.request_ids import find_saved, restore_ids

        board.ids, dropped = restore_ids(ids)
        find_saved(board.store, board.ids)  # the replies stay on the flash
        if dropped is not None:
            board.messages.announce("IDS DROPPED", dropped)
            repaired = True
    return repaired


def _archives_left(board):
    """True if ``board``'s flash holds archived logs (``app.history``): its saved game's files were lost,
    as a board that never saved has none (a new match's leave them until it archives its own)."""
    from app.history import folder_of  # (forgotten with this module)

    try:
        return bool(os.listdir(folder_of(board)))
    except OSError:  # (no folder)
        return False


def _take_places(board, match, data):
    """The places in ``match``'s log that saved ``data`` keeps besides it: the first event of each file of
    the archived log (``app.history``) and the marks of deals whose starter was skipped, or whose play was
    pegged by hand (``Board.skipped``, ``Board.pegged``; older copies lack them); those that do not fit the
    log are none."""
    history = data.get("history")
    if (match.archived and isinstance(history, list) and all(is_int(n) and 0 <= n < match.archived for n in history)
            and history == sorted(history)):
        board.history = history
    _take_marks(board, "skipped", data.get("skipped"), match.archived, match.events)
    _take_marks(board, "pegged", data.get("pegged"), match.archived, match.events)


def _take_deal_marks(board, data, start):
    """The saved marks of ``data`` (``Board.skipped``, ``pegged`` from ``start``; ``passed``, which older copies
    lack) taken for the glance's frame (the log replayed checks the first two)."""
    _take_marks(board, "skipped", data.get("skipped"), start)
    _take_marks(board, "pegged", data.get("pegged"), start)
    passed = data.get("passed")
    if is_int(passed):
        board.passed = passed


def _take_marks(board, name, marks, archived, events=None):
    """Take saved ``marks`` (a list of places in the log, rising; an older copy's "skipped" is one place or
    null) as the board's attribute ``name`` (``Board.skipped``, ``Board.pegged``): those from ``archived`` up
    to ``events``, the places of a log kept from ``archived`` (``events`` None: the glance's, before the log is
    replayed: those from the start of the deal under way, ``archived``). Marks that are not rising places are
    none. Set only if they change: an attribute set on the board grows its table, 48 bytes of heap."""
    if is_int(marks):
        marks = [marks]
    if not (isinstance(marks, list) and all(is_int(mark) for mark in marks) and marks == sorted(set(marks))):
        marks = []
    marks = tuple(mark for mark in marks if archived <= mark and (events is None or mark <= events))
    if marks != getattr(board, name):
        setattr(board, name, marks)


def _replayed(board, data, cut):
    """The match of saved ``data``, its log replayed: up to an event this firmware's rules refuse (a
    rule made stricter since it was saved), said in the notice and marked in ``cut``, rather than
    lost whole (the older copy would stop there too; said at each power-on until the next change
    is saved). ValueError (or TypeError, AttributeError) if nothing of it can be used."""
    match = Match(data.get("settings"), edits=data.get("edits"), base=data.get("base"))
    edits = match.edits  # (checked: a whole number) the count goes on from the saved one
    match.edits = 0
    try:
        # (the store lets go of the rest of its file); the controls read as it goes, so a press made
        # meanwhile is handled after it however long the replay (their rings keep 480 ms unread)
        match.replay_saved(_kept_up(data.get("codes", ()), board.hw.keep_up))
    except RuleError as e:
        if match.events == match.archived:  # no event of it replayed
            raise
        # what it means for the game first (the display shows the notice's first 3 lines; which event and why: state)
        board.messages.announce("SAVE CUT SHORT", "the last moves are not kept: check the pegs. the saved game is "
                                "kept up to its event %d, which this firmware's rules refuse (%s)" % (match.events, e),
                                True)
        cut.append(True)
        match.edits = max(edits, match.edits) + 1  # a reader of the log's pages sees a change
        return match
    match.count_edits(edits)  # each event applied counts one: a saved count below them is no count it kept
    return match


def _kept_up(codes, keep_up):
    """``codes`` one by one, ``keep_up()`` (``hw.keep_up``: the controls' rings read and their events held)
    before the first and after every 64th: about 80 ms of a replay on the chip, well inside the 480 ms
    its button samples are kept unread."""
    n = 0
    for code in codes:
        if n & 63 == 0:
            keep_up()
        n += 1
        yield code


def _keep_whole(board):
    """Copy the save cut short to ``<name>.cut`` beside it (``.cut2`` .. ``.cut9`` once that is taken),
    the whole of it (a later firmware may replay it, or a person read it), unless one of them holds it
    already, sound (each power-on until a change is saved finds it cut short again): a keepsake there,
    even one the flash cannot read, is never written over. Written to ``<name>.tmp``, read back and
    renamed, so a power cut leaves no keepsake cut short (the next power-on copies it again). Said in
    the notice."""
    store = board.store
    path = store.newest_file()
    try:
        whole = store.sound_copy(path)  # (its number, length and CRC: it was loaded, so sound unless the flash fails)
    except (OSError, ValueError) as e:
        board.messages.announce("", "its whole not kept (%s)" % e)
        return
    for keep in kept_names(path[:path.rindex(".")] + ".cut"):
        try:
            os.stat(keep)
        except OSError:  # a name free: the copy goes there
            if not _copy(board, path, keep, whole):
                return
            break
        try:
            if store.sound_copy(keep) == whole:
                break  # kept at an earlier power-on
        except (OSError, ValueError):  # another one, damaged or unreadable: left as it is
            pass
    else:
        board.messages.announce("", "its whole not kept: the flash holds 9 other saves cut short")
        return
    board.messages.announce("", "the whole saved game is kept as " + keep)


def _copy(board, path, keep, whole):
    """Copy ``path`` (the save ``whole`` says: ``Store.sound_copy``) to ``keep`` through the store's
    ``tmp``, renamed once read back sound: True, or False once said why not."""
    store = board.store
    tmp = store.tmp()
    buf = bytearray(256)
    try:
        with open(path, "rb") as src, open(tmp, "wb") as dst:
            n = src.readinto(buf)
            while n:
                dst.write(buf if n == len(buf) else memoryview(buf)[:n])
                n = src.readinto(buf)
        del src, dst  # closed, each holds its 1 KB of buffer until let go: not while the read-back opens a third
        store.place(tmp, keep, whole)
    except OSError as e:  # (a full flash, say): no keepsake cut short either
        try:
            os.remove(tmp)
        except OSError:
            pass
        board.messages.announce("", "its whole not kept (%s)" % e)
        return False
    return True


def _show_glance(board, data):
    """Draw the first frame from the glance of saved ``data`` (``app.glance``), before its log is
    replayed; False if it cannot be drawn (the replay then comes first)."""
    from app.glance import match_of

    try:
        board.match = match_of(data.get("settings"), data["glance"])
        board.set_prefs(restore_prefs(data.get("prefs"), board.hw.supply_ma)[0])
        board.idle()
        board.render()
    except Exception as e:  # no glance this firmware wrote (a preview: the replay is the truth, whatever went wrong)
        print("the saved glance not drawn: %r" % (e,))
        return False
    finally:
        board.match = None  # drawn: not held through the replay
    return True


def _take_prefs(board, saved):
    """Take the saved preferences; True if some had to be dropped or reset (said in the notice)."""
    prefs, fixed = restore_prefs(saved, board.hw.supply_ma)
    board.set_prefs(prefs)
    if fixed is None:
        return False
    board.messages.announce("PREFS RESET", fixed)
    return True
