"""The serial line protocol: one JSON object per line each way (the board and the simulator serve it).

docs/PROTOCOL.md is its specification: every command, its fields, its reply. ``COMMANDS``
below is the one list of commands: the docs, the fuzz tests and ``reply`` read it.

A request that changes something and carries an id is remembered with its reply (the last
few ids, ``board.ids``, saved with the game, so a re-send after a reboot is still
recognised: ``app.request_ids``): sending it again applies nothing and returns the original reply plus
``"duplicate": true``. A request that changes nothing is never remembered. An id is at
most MAX_ID characters, so no host can make saves or the heap grow with it.

No request line can stop the board: one nested too deep or too big to parse is answered
with an error (CPython raises RecursionError, MicroPython MemoryError, besides ValueError),
and an error echoes at most a short start of a rejected value (``_shown``).
"""

import json

from micropython import const

from app import VERSION, strict_json
from app.request_ids import MAX_ID, recall, remember, valid_id
from cribbage.cards import is_int, json_text
from shared import events

MAX_PAGE = const(32)  # events per log reply: about 1 KB of reply (the first page: and the finished games)
_SHOWN = const(40)  # characters of a rejected value echoed in an error
_MAX_ERROR = const(240)  # characters of an error message (what the rules core says is cut too)


def _error(request_id, message):
    if len(message) > _MAX_ERROR:
        message = message[:_MAX_ERROR - 3] + "..."  # (the cut said, within the most)
    out = {"ok": False, "error": message}
    if request_id is not None:
        out["id"] = request_id
    return json.dumps(out)


def _shown(value):
    """A rejected value as an error shows it: as JSON writes it (``json_text``), cut to a short start."""
    try:
        text = json_text(value)
    except (RuntimeError, MemoryError):  # nested too deep to print (CPython's RecursionError)
        return "a value nested too deep"
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."


def _input(board, request):
    event = request.get("event")
    if not events.is_event(event):
        raise ValueError('input event must be ["turn", n] (n a whole number from -%d to %d, not 0) or '
                         '["press" or "long", one of %s], not %s'
                         % (events.MAX_TURN, events.MAX_TURN, ", ".join(events.CONTROLS), _shown(event)))
    notice = board.messages.notice  # shown: the input only stops it, as a control does
    board.handle((event[0], event[1]), False)  # saved once below, with the request id
    out = {"ui": board.mode.describe()}
    if notice is not None:
        out["dismissed"] = notice
    if board.messages.refusal is not None:
        out["refused"] = board.messages.refusal
    return out


def _event(board, request):
    event = request.get("event")
    if not isinstance(event, list):
        raise ValueError('event must be a JSON list like ["peg", 0, 2], not %s' % _shown(event))
    if len(event) == 3 and event[0] == "peg":  # refused as the controls refuse it: no undo takes back a no-op
        from app.modes import kept_off
        from cribbage.game import MAX_PLAY_POINTS

        side, points = event[1], event[2]
        match = board.match
        why = (match.game.phase == "play" and is_int(side) and 0 <= side < len(match.front) and is_int(points)
               and points <= MAX_PLAY_POINTS and kept_off(match, side, points))
        if why:
            raise ValueError("not pegged: %s (%s stays at %d)"
                             % (why, match.settings.side_name(side), match.front[side]))
    board.apply(event)
    return _changed_state(board)


def _undo(board, request):
    board.undo()
    return _changed_state(board)


def _new_game(board, request):
    board.apply(["new_game"])
    return _changed_state(board)


def _new_match(board, request):
    board.new_match()
    return _changed_state(board)


def _changed_state(board):
    """The reply to a game change from the host: the ui goes home (no dial left over the old state)."""
    board.left = None  # (home, as a change made in the menu goes: not back to what the menu was opened over)
    board.idle()
    return {"state": board.match.state()}


def _test_leds(board, request):
    stop = request.get("stop", False)
    if stop is not True and stop is not False:
        raise ValueError("test_leds stop must be true or false, not %s" % _shown(stop))
    if not stop:
        from app.modes.led_test import LedTest  # loaded when asked for: it leaves with the menu's modules

        board.open_menu(LedTest)  # in the menu's place: what a count or the play had dialled is kept
    elif board.mode.name == "led_test":  # nothing else is stopped: a game mode stays as it was
        board.idle()
    return {"ui": board.mode.describe()}


def settings_dict(board):
    """The game rules and the board preferences of ``board`` in one dict (the ``settings`` reply)."""
    out = board.match.settings.to_dict()
    for key in board.prefs:
        out[key] = board.prefs[key]
    return out


def _settings(board, request):
    if "set" in request:
        match = board.match
        board.change_settings(request["set"])
        if board.match is match and hasattr(board.mode, "kept"):  # preferences alone, over a count, the starter, a
            # call or the play laid: it stays as it stood (its cards picked, its rank dialled), as after the menu's
            from app.modes.peg import Peg  # change (home opened in the menu's place, and left)

            board.open_menu(Peg)
        else:  # the rules changed (a new match), or a menu's screen was open: home, see _changed_state
            board.left = None
        board.idle()
    return {"settings": settings_dict(board)}


def _state(board, request):
    out = board.match.state()
    out["settings"] = settings_dict(board)
    out["ui"] = board.mode.describe()
    out["store"] = board.messages.at_power_on
    out["message"] = board.messages.refusal
    out["fault"] = board.messages.fault
    out["unsaved"] = board.messages.unsaved
    out["can_undo"] = board.match.can_undo
    out["version"] = VERSION
    return {"state": out}


def _whole(request, key, default, low, high):
    value = request.get(key, default)
    if not is_int(value) or not low <= value <= high:
        raise ValueError("log %s must be a whole number from %d to %d, not %s" % (key, low, high, _shown(value)))
    return value


def _log(board, request):
    match = board.match
    total = match.events
    starts = board.history or ()
    kept = starts[0] if starts else match.archived  # the first event whose log the board has
    first = _whole(request, "from", kept, 0, total)
    count = _whole(request, "count", MAX_PAGE, 1, MAX_PAGE)
    skip = request.get("skip", False)
    if skip is not True and skip is not False:
        raise ValueError("log skip must be true or false, not %s" % _shown(skip))
    lost = None
    if first < match.archived:  # the page from an archived game's file: it ends with the file
        from app.history import Lost, events

        try:
            page, base = events(board, first, first + count)
        except Lost as e:
            if not skip:  # refused, as to readers from before skip: they stop there, saying why
                raise
            # an empty page saying where the log goes on: the reader keeps the games on either side
            page, base, lost = [], None, e
    else:  # only this page, one event at a time, as the reply is written (see _write_object)
        page = match.iter_log(first, first + count)
        base = None
    reply = {"log": page, "from": first, "total": total, "edits": match.edits, "settings": settings_dict(board)}
    if lost is not None:
        reply["lost"] = lost.end
        reply["why"] = lost.args[0]
    # the finished games on a read's first page, and on its last, where older `crib`s read them (not on every
    # page: a long match's would make each many KB)
    if first == kept or first + count >= total:
        reply["games"] = match.iter_games()
    # the match's state where the log kept starts, and with skip where a file or the save's log does: a reader
    # replays the games from there (one that skipped a lost file, or a file without it, from the next)
    if lost is None and first and (first == kept or skip and (first == match.archived or first in starts)):
        reply["base"] = base if first < match.archived else match.saved_base()
    return reply


# The commands: cmd -> (handler, the fields it takes besides "cmd" and "id", whether it
# changes the board: True, False, or the field whose presence makes it a change). A
# request that changes nothing is never remembered with its id (docs/PROTOCOL.md).
COMMANDS = {
    "state": (_state, (), False),
    "log": (_log, ("from", "count", "skip"), False),
    "settings": (_settings, ("set",), "set"),
    "input": (_input, ("event",), True),
    "event": (_event, ("event",), True),
    "undo": (_undo, (), True),
    "new_game": (_new_game, (), True),
    "new_match": (_new_match, (), True),
    "test_leds": (_test_leds, ("stop",), True),
}


def reply(board, line, write=None):
    """The reply line (no newline) to one request line; applies the request at most once. With
    ``write``, the line goes out through it in pieces instead (None is returned): the text of a
    reply that is not remembered is never whole in the heap (a log page is about 1 KB)."""
    out = _answer(board, line)
    if isinstance(out, str):
        if write is None:
            return out
        write(out)
        return None
    if write is not None:
        _write_object(write, out)
        return None
    if "log" in out:
        out["log"] = list(out["log"])
        if "games" in out:
            out["games"] = list(out["games"])
    return json.dumps(out)


def _write_object(write, out):
    """``write(json.dumps(out))`` in pieces, the same text (tested): a value at a time, and the
    "log" and "games" of a log reply (iterators) an event or a game at a time."""
    sep = "{"
    for key in out:
        value = out[key]
        if key == "log" or key == "games":
            write(sep + json.dumps(key) + ": [")
            between = ""
            for event in value:
                write(between + json.dumps(event))
                between = ", "
            write("]")
        else:
            write(sep + json.dumps(key) + ": " + json.dumps(value))
        sep = ", "
    write("}")


def _unreadable(e):
    """Why a line ``strict_json.loads`` refused (``e``, a ValueError) is no request."""
    if e.args and e.args[0] == strict_json.TWICE:
        return strict_json.TWICE
    return "malformed JSON: send one object per line, like {\"cmd\": \"state\"}"


def _answer(board, line):
    """The reply to one request line: its text, or the object to write (a reply not remembered)."""
    try:
        request = strict_json.loads(line)  # what MicroPython's json.loads alone takes is not all JSON
    except ValueError as e:
        return _error(None, _unreadable(e))
    except (RuntimeError, MemoryError):  # RecursionError on CPython; MicroPython runs out of heap
        return _error(None, "request nested too deep or too big for the board: send one flat object per line")
    if not isinstance(request, dict):
        return _error(None, "a request is a JSON object, like {\"cmd\": \"state\"}")
    request_id = request.get("id")
    if "id" in request and not valid_id(request_id):  # null too: a host that sent it asked for a retry's guard
        return _error(None, "id must be a string or a whole number of at most %d characters, not %s"
                      % (MAX_ID, _shown(request_id)))
    cmd = request.get("cmd")
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        return _error(request_id, "unknown cmd %s (known: %s)" % (_shown(cmd), ", ".join(sorted(COMMANDS))))
    handler, fields, change = COMMANDS[cmd]
    for key in request:
        if key != "cmd" and key != "id" and key not in fields:
            return _error(request_id, "%s takes no %s" % (cmd, _shown(key)))
    if request_id is not None:
        earlier = recall(board, request_id)
        if earlier is not None:
            out = json.loads(earlier)
            out["duplicate"] = True
            return out
    try:
        out = handler(board, request)
    except (ValueError, TypeError) as e:  # RuleError is a ValueError; the board changed nothing
        return _error(request_id, str(e))
    out["ok"] = True
    if request_id is not None:
        out["id"] = request_id
    if isinstance(change, str):  # a change only with that field (settings with "set")
        change = change in request
    if request_id is not None and change:
        text = json.dumps(out)
        # Remembered before the save: if the flash refuses it (app.run replies that the board
        # failed), the change is made all the same and a re-send must not make it twice; the id
        # is saved with it by a later save (both or neither: docs/PROTOCOL.md).
        remember(board, request_id, text)
        board.save()  # the reply is kept with the game, changed or not
        return text
    if change:  # (a request that reads leaves a save the flash refused to the shell: its reply is not held up)
        board.save_if_changed()
    return out
