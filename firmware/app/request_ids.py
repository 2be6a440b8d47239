"""The serial request ids the board remembers with their replies (``board.ids``, saved with the game).

A request that changes something and carries an id is kept with its reply, the last few
(``remember``), so that the same request sent again is recognised (``recall``), after a
reboot too: the ids are saved with the game and checked when restored (``restore_ids``).
Apart from ``app.protocol``, which serves the requests, so that a power-on restoring a game
checks the ids without loading the whole protocol (its code and names take heap until the
next reboot: names once made never leave it).

Each reply is an ``app.store.Kept``: once saved, it lies only in the saved copy on the flash
(the heap holds where) and is read back when its id comes again. It is saved in the same copy
as the change it answers, so a power cut never parts the two; each later save copies its
bytes over from the copy before, so the saved form is byte for byte the reply's JSON string.
"""

import json

from micropython import const

from app.store import Kept
from cribbage.cards import is_int

MAX_ID = const(64)  # characters of a request id (a whole number's digits count as characters)
_MAX_IDS = const(4)  # a host retries its last request or two (each kept on the flash, ~60 B of heap)


def valid_id(request_id):
    """True if ``request_id`` may be an id: a string or a whole number of at most MAX_ID characters."""
    if isinstance(request_id, str):
        return len(request_id) <= MAX_ID
    return is_int(request_id) and len(str(request_id)) <= MAX_ID


def remember(board, request_id, reply_line):
    """Keep the reply to a request id (the last few, in ``board.ids``: saved with the game)."""
    ids = board.ids
    ids.append([request_id, Kept(reply_line)])
    if len(ids) > _MAX_IDS:
        ids.pop(0)


def recall(board, request_id):
    """The reply already given to ``request_id`` (read from the flash), or None."""
    for entry in board.ids:
        if entry[0] == request_id:  # (ids are strings or ints, never bools: valid_id; "1" is not 1)
            return entry[1].text()
    return None


def restore_ids(saved):
    """The remembered ids of a save, checked: ``(ids, None)``, or ``(ids, message)`` if some
    had to be dropped. An entry is kept only if it is ``[id, reply]`` with a valid id and a
    reply that is the JSON text of an object (what ``recall`` hands back), the last _MAX_IDS;
    each reply a ``Kept`` holding its text (``find_saved`` then finds it on the flash)."""
    if not isinstance(saved, list):
        return [], "saved request ids not a list: dropped"
    ids = []
    for entry in saved:
        if isinstance(entry, list) and len(entry) == 2 and valid_id(entry[0]) and _is_object_text(entry[1]):
            ids.append([entry[0], Kept(entry[1])])
    dropped = len(saved) - len(ids)
    ids = ids[-_MAX_IDS:]
    if not dropped:
        return ids, None
    return ids, "%d saved request id(s) not [id, reply] pairs: dropped" % dropped


def _is_object_text(text):
    if not isinstance(text, str):
        return False
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RuntimeError, MemoryError):
        return False


def find_saved(store, ids):
    """After a power-on restored ``ids`` (``restore_ids``): each reply that lies in the copy the
    ``store`` just loaded as saving it writes is read from there from now on (the heap lets go of
    its text); one not found stays in the heap until the next save writes it."""
    path = store.newest_file()
    with open(path, "rb") as f:
        head = f.readline()  # the data before the streamed log: the ids among it
    start = 0
    for entry in ids:
        reply = entry[1]
        literal = json.dumps(reply.text()).encode()
        at = head.find(literal, start)
        if at >= 0:
            reply.saved(path, at, len(literal))
            start = at + len(literal)
