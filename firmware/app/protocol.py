"""The serial line protocol: one JSON object per line each way (the board and the simulator serve it).

Requests: ``{"cmd": ..., "id": optional string or int, ...}``; commands ``state``, ``log``
(one page of the match log, see below), ``input`` (``"event": ["press", "enc"]``, the same
as a control), ``event`` (``"event": ["peg", 0, 2]``, one game event), ``undo``,
``new_game``, ``new_match``, ``settings`` (get; with ``"set": {...}`` change, validated).
Replies: ``{"ok": true, ...}`` or ``{"ok": false, "error": "..."}``, with the request's id
echoed; an error changes nothing.

``log`` pages, because a long match's whole log does not fit the board's heap as one reply:
``{"cmd": "log", "from": N, "count": M}`` (``from`` defaults to 0, ``count`` to and at most
``MAX_PAGE`` = 32) replies ``{"ok": true, "log": [events N .. N+M-1], "from": N, "total": T,
"edits": E, "settings": {...}, "games": [...]}``, where T is the number of events in the
log and E counts the changes it has had (events applied plus undone, kept across power
cycles); ``from`` may be T (an empty page). A reader asks again from ``from + len(log)``
until it reaches T; if T or E changes between pages the log changed meanwhile (an undo and
a new event leave T as it was, not E) and it starts again.

A request that changes something and carries an id is remembered with its reply (the last
few ids, saved with the game, so a re-send after a reboot is still recognised): sending it
again applies nothing and returns the original reply plus ``"duplicate": true``.
"""

import json

from micropython import const

from app import events
from cribbage.cards import is_int

MAX_PAGE = const(32)  # events per log reply: about 1 KB of reply, whatever the match's length


def _error(request_id, message):
    out = {"ok": False, "error": message}
    if request_id is not None:
        out["id"] = request_id
    return json.dumps(out)


def _input(board, request):
    event = request.get("event")
    if not events.is_event(event):
        raise ValueError('input event must be ["turn", n] (n a whole number from -%d to %d, not 0) or '
                         '["press" or "long", one of %s], not %r'
                         % (events.MAX_TURN, events.MAX_TURN, ", ".join(events.CONTROLS), event))
    board.handle((event[0], event[1]), False)  # saved once below, with the request id
    out = {"ui": board.mode.describe()}
    if board.message is not None:
        out["refused"] = board.message
    return out


def _event(board, request):
    event = request.get("event")
    if not isinstance(event, list):
        raise ValueError('event must be a JSON list like ["peg", 0, 2], not %r' % (event,))
    board.apply_event(event)
    return _changed_state(board)


def _undo(board, request):
    board.undo_event()
    return _changed_state(board)


def _new_game(board, request):
    board.apply_event(["new_game"])
    return _changed_state(board)


def _new_match(board, request):
    board.new_match()
    return _changed_state(board)


def _changed_state(board):
    """The reply to a game change from the host: the ui goes home (no dial left over the old state)."""
    board.idle()
    return {"state": board.match.state()}


def _settings(board, request):
    if "set" in request:
        board.change_settings_strict(request["set"])
        board.idle()
    return {"settings": board.settings_dict()}


def _state(board, request):
    return {"state": board.state()}


def _whole(request, key, default, low, high):
    value = request.get(key, default)
    if not is_int(value) or not low <= value <= high:
        raise ValueError("log %s must be a whole number from %d to %d, not %r" % (key, low, high, value))
    return value


def _log(board, request):
    match = board.match
    total = match.events
    first = _whole(request, "from", 0, 0, total)
    count = _whole(request, "count", MAX_PAGE, 1, MAX_PAGE)
    page = list(match.iter_log(first, first + count))  # only this page is ever built
    return {"log": page, "from": first, "total": total, "edits": match.edits, "settings": board.settings_dict(),
            "games": match.games}


# cmd -> (handler, the fields it takes besides "cmd" and "id")
_COMMANDS = {
    "state": (_state, ()), "log": (_log, ("from", "count")), "input": (_input, ("event",)),
    "event": (_event, ("event",)), "undo": (_undo, ()), "new_game": (_new_game, ()),
    "new_match": (_new_match, ()), "settings": (_settings, ("set",)),
}


def _changes(request):
    cmd = request["cmd"]
    return cmd != "state" and cmd != "log" and (cmd != "settings" or "set" in request)


def reply(board, line):
    """The reply line (no newline) to one request line; applies the request at most once."""
    try:
        request = json.loads(line)
    except ValueError:
        return _error(None, "malformed JSON: send one object per line, like {\"cmd\": \"state\"}")
    if not isinstance(request, dict):
        return _error(None, "a request is a JSON object, like {\"cmd\": \"state\"}")
    request_id = request.get("id")
    if request_id is not None and not (isinstance(request_id, str) or is_int(request_id)):
        return _error(None, "id must be a string or a whole number, not %r" % (request_id,))
    cmd = request.get("cmd")
    if not isinstance(cmd, str) or cmd not in _COMMANDS:
        return _error(request_id, "unknown cmd %r (known: %s)" % (cmd, ", ".join(sorted(_COMMANDS))))
    handler, fields = _COMMANDS[cmd]
    for key in request:
        if key != "cmd" and key != "id" and key not in fields:
            return _error(request_id, "%s takes no %r" % (cmd, key))
    if request_id is not None:
        earlier = board.recall(request_id)
        if earlier is not None:
            out = json.loads(earlier)
            out["duplicate"] = True
            return json.dumps(out)
    try:
        out = handler(board, request)
    except (ValueError, TypeError) as e:  # RuleError is a ValueError; the board changed nothing
        return _error(request_id, str(e))
    out["ok"] = True
    if request_id is not None:
        out["id"] = request_id
    text = json.dumps(out)
    if request_id is not None and _changes(request):
        board.remember(request_id, text)
    board.save_if_changed()
    return text
