"""The finished games' logs, kept on the flash apart from the saved game, so that a save and the
power-on's replay stay the size of two games however long the match (the default match has no
end: an evening of twenty games made a save of 17 KB, half a second on the chip, and a replay of
2.7 s at power-on).

Once the board's match holds the previous game whole and the current one has begun
(``Match.archivable``), the save first writes the events of the games before the previous one to
a file of their own, ``history/<N>`` under the storage root (N: the index of its first event;
two-copy and checked like the game's own, ``app.store``; written once; in a folder of their own,
as every file in the root slows each lookup there, the power-on's imports too), then forgets
them (``Match.archive``), and the saved game records where its log now starts
(``Match.saved_base``) and the first event of each file (the board's ``history``): ``[N1, N2,
...]``, file k holding the events from N_k up to N_k+1 (the last: up to ``Match.archived``). The
logs of the last ``_FILES`` archives are kept (about 4 KB of flash each); older ones are removed.

A power cut between the file and the save leaves the save as it was (its log whole) and a file
no save names, which the next archive removes before it writes (so are the files of an earlier
match: its first archive empties the folder). Only the serial ``log`` command reads the
files (``events``): undo stops at the start of the previous game.
"""

import os

from micropython import const

from app.store import Store
from cribbage.match import saved_page

_FILES = const(100)  # the archives whose logs are kept: about a game each


def archive(board, kept=_FILES):
    """Archive what ``board``'s match may archive (see the module docstring): its file written,
    then the events forgotten; the logs of the last ``kept`` archives are kept. OSError (nothing
    forgotten) if the flash fails."""
    match = board.match
    cut = match.archivable()
    if cut is None:
        return
    start = match.archived
    starts = (board.history or []) if start else []  # (a match's first archive: no file of it yet)
    folder = folder_of(board)
    try:
        os.mkdir(folder)
    except OSError:  # (there already)
        pass
    _remove_others(folder, starts)
    # with the match's state where the file starts (None at the match's first event), so that a host
    # can replay the games kept once older files are removed
    Store(folder, str(start), board.hw.keep_up).save({"from": start, "to": cut, "base": match.saved_base(),
                                                      "codes": match.iter_saved(cut)})
    starts = starts[max(0, len(starts) + 1 - kept):] + [start]  # (a new list: the saved copy keeps its own)

    def forget():  # the log cut in place and the files listed: a failure midway leaves the board unsound
        match.archive(cut)
        board.history = starts

    board.changing(forget)


def folder_of(board):
    """The folder of ``board``'s archived logs on its flash."""
    return board.hw.storage_root.rstrip("/") + "/history"


def _remove_others(folder, starts):
    """Remove the files of ``folder`` of no archive in ``starts``: an earlier match's, a file written
    just before a power cut, the oldest beyond ``_FILES`` (copies set aside as damaged included)."""
    for name in os.listdir(folder):
        number = name.split(".")[0]
        if not number.isdigit() or int(number) not in starts:
            os.remove(folder + "/" + name)


def events(board, first, stop):
    """The archived events of ``board``'s match from the index ``first`` (below ``Match.archived``) up
    to ``stop`` at most, those of one file (a reader asks again from where they end), and the match's
    state where that file starts (``Match.saved_base``; None at the match's first event, or in a file
    written before files held it): a list (a page is short) and the base. ValueError if they are not
    kept: older than the oldest file (``kept``), or lost (``Lost``)."""
    start, end = _span(board, first)
    data, _ = Store(folder_of(board), str(start)).load(stream="codes")
    if not isinstance(data, dict) or data.get("from") != start or data.get("to") != end:
        raise Lost("the log's events %d to %d are lost from the board's flash" % (start, end - 1), end)
    try:
        page = saved_page(data["codes"], board.match.settings.seats, first - start, min(stop, end) - first)
    except ValueError as e:  # a file sound on the flash whose events this firmware cannot read
        raise Lost("the log's events %d to %d cannot be read: %s" % (start, end - 1, e), end) from None
    return page, data.get("base")


class Lost(ValueError):
    """The events of one of the archive's files are lost or unreadable: ``args[0]`` says which and why,
    ``end`` is where the board's log goes on after them (a reader may skip them: ``app.protocol``)."""

    def __init__(self, message, end):
        super().__init__(message)
        self.end = end


def _span(board, first):
    """``(start, end)``: the events of the archive's file that holds the index ``first`` (below
    ``Match.archived``). ValueError if the board no longer keeps that file (older than the oldest)."""
    starts = board.history or ()
    k = len(starts) - 1
    while k >= 0 and starts[k] > first:
        k -= 1
    if k < 0:
        raise ValueError("the board keeps the log from event %d (its last %d games' logs)"
                         % (starts[0] if starts else board.match.archived, _FILES))
    return starts[k], starts[k + 1] if k + 1 < len(starts) else board.match.archived
