"""Reading the board's whole log over the link, a page at a time (``read_log``): for `crib log`,
`crib export` and `crib plot` (``host_tools.log_source``), read again from the start when it changed
meanwhile, and, with ``skip``, past the stretches the board cannot give."""

from __future__ import annotations

import json
from typing import Any

from cribbage.cards import is_int
from host_shared.untrusted import shorten
from host_tools.board.devices import LinkError
from host_tools.board.link import BoardLink, BoardRefused, MalformedReply

LOG_TRIES = 3  # a log that keeps changing while it is read (someone is playing) is refused after this


def read_log(link: BoardLink, skip: bool = False) -> dict[str, Any]:
    """The board's whole log as one ``log`` reply: ``log`` holds every event from ``from`` on, 0
    unless the board no longer keeps the oldest games of a long match (then ``base``, if the board
    gave it, is the match's state where the log starts: ``cribbage.match.Match(base=...)``).

    The board sends the log a page at a time (app.protocol), the first from where its log starts;
    the pages are fetched until ``total`` events are in. If the total or the count of ``edits``
    changes between pages (or the board refuses a page: the log is now shorter than where it
    starts), the log changed meanwhile: it is read again from the start, and a LinkError is raised
    after ``LOG_TRIES`` tries; a page refused while the log stays as it was (a file of it lost) is the
    board's refusal. A reply without ``total`` (firmware from before paging) is the
    whole log; one without ``edits`` (before that count) is checked by its total alone.

    With ``skip`` (crib export and plot: every game that can be read), such a page is no refusal: it
    is asked for again with ``"skip": true`` and the board says where its log goes on (docs/PROTOCOL.md),
    or, firmware from before skip, the rest of the log is what cannot be read. ``skipped`` then lists
    ``[first, end, why]`` for each stretch of events the board could not give (in ``log``, None
    each), and ``bases`` ``[index, base]`` for the match's state where the board gave it past the first
    page: asked for after a stretch skipped, and while the log has no base to replay from (its oldest
    file from firmware before files held it).
    """
    for _attempt in range(LOG_TRIES):
        whole = _read_once(link, skip)
        if whole is not None:
            return whole
    raise LinkError("the board's log kept changing while it was read (%d tries): try again when play stops"
                    % LOG_TRIES)


def _read_once(link: BoardLink, skip: bool) -> dict[str, Any] | None:
    """One read of the whole log for ``read_log``; None if the log changed meanwhile."""
    read = _LogRead(link, skip)
    page: dict[str, Any] | None = read.first
    while page is not None:  # (None: the rest cannot be read, skipped)
        read.take(page)
        if read.here >= read.total:
            break
        try:
            page = read.page()
        except _Changed:
            return None
        if page is not None and (not same_log(read.first, page) or not (page["log"] or "lost" in page)):
            return None
    if not same_log(read.first, read.last) or read.here != read.total:
        return None
    return read.whole()


class _Changed(Exception):
    """The log changed while it was read (``_LogRead.page``)."""


class _LogRead:
    """The pages of one read of the log, as ``read_log`` joins them (``skip``: see there)."""

    def __init__(self, link: BoardLink, skip: bool) -> None:
        self.link, self.skip = link, skip
        self.events: list[Any] = []
        self.skipped: list[list[Any]] = []
        self.bases: list[list[Any]] = []
        self.takes_skip = True  # false once the board refused skip: firmware from before it
        try:
            self.first = self.ask(None, False)
        except BoardRefused as refused:  # the first page's file lost
            if not skip:
                raise
            try:
                self.first = self.ask(None, True)
            except BoardRefused:  # (firmware from before skip) nothing can be read: said in the board's words
                raise refused from None
        self.last = self.first
        self.start = self.first.get("from", 0)
        self.total = self.first.get("total", self.start + len(self.first["log"]))
        # no state to replay from (a log kept from a later event without base): asked for with each page
        self.wants_base = skip and bool(self.start) and self.first.get("base") is None

    @property
    def here(self) -> int:
        """The index of the next event to read."""
        return self.start + len(self.events)

    def ask(self, start: int | None, with_skip: bool) -> dict[str, Any]:
        """The page from ``start`` (None: where the board's log starts)."""
        fields: dict[str, Any] = {} if start is None else {"from": start}
        if with_skip:
            fields["skip"] = True
        return log_page(self.link.request("log", **fields))

    def take(self, reply: dict[str, Any]) -> None:
        """Add the events of the page ``reply``, or the stretch it says the board has lost."""
        self.last = reply
        if "lost" in reply:  # (asked with skip) the events up to "lost" are not on the board: on from there
            end = reply["lost"]
            if not is_int(end) or not self.here < end <= self.total:
                raise MalformedReply("the board's log reply skips to no event after %d: %s"
                                     % (self.here, shorten(json.dumps(reply))))
            self.lose(end, shorten(str(reply.get("why") or "the board cannot give them")))
            self.wants_base = True
            return
        if reply is not self.first and reply.get("base") is not None:
            self.bases.append([self.here, reply["base"]])
            self.wants_base = False
        self.events.extend(reply["log"])

    def lose(self, end: int, why: str) -> None:
        """The events from here up to ``end`` cannot be read, for the reason ``why`` (the board's words shortened)."""
        self.skipped.append([self.here, end, why])
        self.events.extend([None] * (end - self.here))

    def page(self) -> dict[str, Any] | None:
        """The next page; None if nothing more can be read (with skip: the rest skipped). _Changed if the
        log changed meanwhile; BoardRefused, without skip, for a page the board cannot give."""
        with_skip = self.wants_base and self.takes_skip
        try:
            return self.ask(self.here, with_skip)
        except BoardRefused as refused:  # a file of the log lost, or the log shorter now (undone meanwhile)
            if self.changed():
                raise _Changed from None
            if not self.skip:
                raise  # the log as it was: a page the board cannot give (its file lost), said as it says
            try:  # a page refused is asked for with skip; a skip refused (firmware from before it), without
                reply = self.ask(self.here, not with_skip)
            except BoardRefused as again:  # nothing past here can be read: firmware from before skip
                why = shorten(str(again if with_skip else refused)).rstrip(".")
                self.lose(self.total, why + "; this board's firmware cannot skip them to give the events after "
                                            "(crib deploy updates it)")
                return None
            self.takes_skip = not with_skip
            return reply

    def changed(self) -> bool:
        """True if the log changed since the read began: a page asked for where it ended then (from the
        board's save, never from a file of the log, which may be the one lost) is refused (the log no
        longer reaches there: undone) or is of another log."""
        try:
            probe = log_page(self.link.request("log", **{"from": self.total, "count": 1}))
        except BoardRefused:
            return True
        return not same_log(self.first, probe)

    def whole(self) -> dict[str, Any]:
        """The log read, as one reply (``read_log``) from its last page."""
        whole = {key: value for key, value in self.last.items() if key not in ("base", "lost", "why")}
        whole.update(log=self.events, **{"from": self.start})
        for key in ("base", "games"):  # (the first page's: base is there only, the games there and on the last)
            if key in self.first:
                whole[key] = self.first[key]
        if self.skip:
            whole.update(skipped=self.skipped, bases=self.bases)
        return whole


def log_page(reply: dict[str, Any]) -> dict[str, Any]:
    """``reply`` if it is a page of the log (a list ``log``; whole numbers ``from``, ``total`` and ``edits``
    and a list or null ``base`` if there), else MalformedReply."""
    if (not isinstance(reply.get("log"), list)
            or not all(is_int(reply.get(key, 0)) and reply.get(key, 0) >= 0 for key in ("from", "total", "edits"))
            or not isinstance(reply.get("base"), (list, type(None)))):
        raise MalformedReply('the board\'s log reply is not a page of its log: %s' % shorten(json.dumps(reply)))
    return reply


def same_log(first: dict[str, Any], later: dict[str, Any]) -> bool:
    """True if two ``log`` replies are pages of the same log (no change in between)."""
    return all(later.get(key) == first.get(key) for key in ("total", "edits"))
