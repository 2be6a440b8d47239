"""A match of cribbage as an event log with derived state, undo and replay.

docs/EVENTS.md is the specification: every event and when it is accepted, scoring, the
end of a game, the state, undo, and the memory and saved form. ``Match(settings, log=None,
saved=None, edits=None, new_match=False, base=None)`` replays a log (or its saved form, from a
``base`` if its first games were archived); ``apply(event)`` appends one event or raises
``RuleError`` (a ValueError) and changes nothing; ``undo()`` drops the last one and returns it;
``Match(settings, m.log)`` always rebuilds exactly the state of ``m`` (of one that archived its
first games, ``Match(settings, base=m.saved_base(), saved=m.iter_saved())``). ``archive(cut)``
forgets the games before the last two (a board keeps them in files, ``app.history``), so a long
match's memory and saves stay the size of two games. ``game.py`` applies the in-game events
(house rules included); this module keeps the log, undo, the checkpoints and the match tally.
"""

from array import array

from micropython import const

from cribbage.cards import is_int, is_sequence, json_text
from cribbage.game import Game, RuleError
from cribbage.settings import Settings

# A kind's index here is its code in the saved log (see _encode): new kinds go at the end, and
# 16 kinds at most fit its 4 bits. "lay" and "go" (the play card by card) come before the
# shows by ranks: their codes are kept for them.
EVENTS = ("dealer", "cut", "starter", "heels", "peg", "hand", "crib", "new_game", "new_match", "muggins",
          "cut_ranks", "lay", "go", "starter_rank", "show_ranks")


# The log is kept as small ints, not lists: no heap object per event (a list would cost
# 32-64 bytes each on the chip, and long-lived small blocks scattered over the heap leave
# no hole big enough when the log's own array grows: a MemoryError with most of the heap
# free). In memory an event is a "code" below 2**13, 2 bytes: bits 0-3 are the index in
# EVENTS; then: dealer/starter/muggins/go/starter_rank: seat/card/side/seat/rank << 4; peg:
# side << 4 | points << 6; lay: seat << 4 | rank << 6; hand/crib/show_ranks: seat (0 for a
# crib) << 4 | claim << 6 (_NO_CLAIM for null). _PACKED is set if the event has a "pack", the
# next entry of a second list of 4-byte ints: a hand's or crib's cards, card i << 6 i; a show
# by ranks, rank i << 4 i | flush << 16 | nobs << 19 | crib << 20; a cut, card i << 6 i; a cut
# by ranks, rank i << 4 i (_NO_RANK for null). Only accepted events are encoded, so every
# field is in range.
# The saved form (Match.iter_saved, Match(saved=...)) is the same codes in log order, but for:
# a cut's or cut by ranks' pack is in its code (pack << 4: 28 bits at most), and a hand, crib
# or show by ranks with a pack has n << 12 in place of _PACKED, followed by its pack: n counts
# those packs 1, 2, 3 ... A board keeps it on the flash: changing any field of it needs a new
# version of the board's saved data (its "version": docs/EVENTS.md), the old form still read under the
# old version.
_NO_CLAIM = const(63)
_NO_RANK = const(15)
_PACKED = const(1 << 12)
_CUT = const(1)  # EVENTS.index("cut"), EVENTS.index("cut_ranks"): packs saved within their codes
_CUT_RANKS = const(10)
_HAND = const(5)  # EVENTS.index("hand"), "crib", "show_ranks": a saved code of these with n << 12 has its pack next
_CRIB = const(6)
_SHOW_RANKS = const(14)
# A finished game, kept as one int (a long match keeps one a game, in a Chunked("I")): winner | result
# (its index in _RESULTS) << 2 | points << 4 | each side's score (7 bits: at most the target) << 7 + 7 * side.
_RESULTS = const(("win", "skunk", "double skunk", "lurch"))
_DEAL_MARKS = const(2)  # undo checkpoints kept at the start of the current game's last deals
_GAME_MARKS = const(2)  # ... and at the start of the last games (besides the match's first)
# The finished games' results kept at least (as many as a board keeps the logs of: app.history); once
# _CHUNK more are kept the older go, so a match without a length keeps its heap, saves and archives
# bounded (the tally, the game number and the count of games played go on).
_GAMES_KEPT = const(100)


def _encode(event, packs):
    """The code of ``event``; the cards of a hand or crib are appended to ``packs``."""
    kind = event[0]
    code = EVENTS.index(kind)
    if kind == "peg" or kind == "lay":
        return code | event[1] << 4 | event[2] << 6
    if kind == "dealer" or kind == "starter" or kind == "muggins" or kind == "go" or kind == "starter_rank":
        return code | event[1] << 4
    if kind == "cut":
        packed = 0
        for i in range(len(event[1])):
            packed |= event[1][i] << 6 * i
        packs.append(packed)
        return code | _PACKED
    if kind == "cut_ranks":
        packed = 0
        for i in range(len(event[1])):
            rank = event[1][i]
            packed |= (_NO_RANK if rank is None else rank) << 4 * i
        packs.append(packed)
        return code | _PACKED
    if kind == "show_ranks":
        ranks, claim = event[2], event[5]
        packs.append(ranks[0] | ranks[1] << 4 | ranks[2] << 8 | ranks[3] << 12 | event[3] << 16
                     | (1 if event[4] else 0) << 19 | (1 if event[1] is None else 0) << 20)
        return code | (event[1] or 0) << 4 | (_NO_CLAIM if claim is None else claim) << 6 | _PACKED
    if kind == "hand" or kind == "crib":
        cards, claim = event[-2], event[-1]
        code |= (event[1] if kind == "hand" else 0) << 4 | (_NO_CLAIM if claim is None else claim) << 6
        if cards is None:
            return code
        packs.append(cards[0] | cards[1] << 6 | cards[2] << 12 | cards[3] << 18)
        return code | _PACKED
    return code


def _decode(code, seats, packed):
    """The event list of ``code`` (a known kind); ``packed``: its pack if it has one, else None."""
    kind = EVENTS[code & 15]
    cards = None
    if kind == "cut":
        return [kind, [packed >> 6 * i & 63 for i in range(seats)]]
    if kind == "cut_ranks":
        ranks = [packed >> 4 * i & 15 for i in range(seats)]
        return [kind, [None if r == _NO_RANK else r for r in ranks]]
    if packed is not None:
        code &= 0xFFF
        if kind == "show_ranks":
            claim = code >> 6
            return [kind, None if packed >> 20 else code >> 4 & 3,
                    [packed & 15, packed >> 4 & 15, packed >> 8 & 15, packed >> 12 & 15], packed >> 16 & 7,
                    packed >> 19 & 1 == 1, None if claim == _NO_CLAIM else claim]
        cards = [packed & 63, packed >> 6 & 63, packed >> 12 & 63, packed >> 18 & 63]
    if kind == "peg" or kind == "lay":
        return [kind, code >> 4 & 3, code >> 6]
    if kind == "dealer" or kind == "starter" or kind == "muggins" or kind == "go" or kind == "starter_rank":
        return [kind, code >> 4]
    if kind == "hand" or kind == "crib":
        claim = code >> 6
        claim = None if claim == _NO_CLAIM else claim
        return [kind, code >> 4 & 3, cards, claim] if kind == "hand" else [kind, cards, claim]
    return [kind]


def _read_saved(saved, index, each):
    """Call ``each(code, pack)`` for each event of the saved form ``saved`` (ints as
    ``Match.iter_saved`` yields them), oldest first, as the match keeps them (the pack None if it has
    none), the first the ``index``-th of its log (for the messages). ValueError if damaged. (A call
    an event, not a generator's pair: the replay at power-on makes no garbage per event.)"""
    shows = 0  # the packs of shows read so far: the saved form numbers them from 1
    code = None  # a show with cards, once read (as kept in memory): its pack comes next
    for value in saved:
        if not is_int(value) or value < 0:
            raise ValueError("saved event %d: %r is not a code or a pack" % (index, value))
        if code is not None:
            packed = value
        elif value & 15 >= len(EVENTS):
            raise ValueError("saved event %d: code %d is of no known kind" % (index, value))
        elif value >> 12 and (value & 15 == _HAND or value & 15 == _CRIB or value & 15 == _SHOW_RANKS):
            if value >> 12 != shows + 1:
                raise ValueError("saved event %d: code %d names pack %d, next is %d"
                                 % (index, value, value >> 12, shows + 1))
            shows += 1
            code = value & 0xFFF | _PACKED
            continue
        elif value & 15 == _CUT or value & 15 == _CUT_RANKS:
            code, packed = value & 15 | _PACKED, value >> 4
        else:
            code, packed = value, None
        each(code, packed)
        index += 1
        code = None
    if code is not None:
        raise ValueError("saved event %d: the saved log ends before its cards" % index)


def saved_page(saved, seats, skip, count):
    """The events from the ``skip``-th, ``count`` at most (a list of JSON-able lists), of the saved
    form ``saved`` of a log played by ``seats`` seats, read to its end (only those decoded);
    ValueError if damaged. For a log kept apart from its match (``app.history``)."""
    page = []
    seen = 0

    def each(code, packed):
        nonlocal seen
        if skip <= seen < skip + count:
            page.append(_decode(code, seats, packed))
        seen += 1

    _read_saved(saved, 0, each)
    return page


_CHUNK_BITS = const(6)
_CHUNK = const(1 << _CHUNK_BITS)  # 64


class Chunked:
    """A list of unsigned ints (``append``, ``pop``, ``len``, ``[i]``, iteration) kept in arrays of
    64 of ``typecode``: "H" (below 2**16, 2 bytes each) or "I" (below 2**32, 4 bytes).

    A long log in one list needs a single block of 2-4 KB to grow into, which a fragmented
    heap may not have even with most of it free (a MemoryError in the middle of a match);
    chunks of 128 or 256 bytes always find room. A chunk is made whole (MicroPython's arrays
    cannot shrink): ``pop`` shortens the count, and drops the last chunk once it is empty.
    """

    def __init__(self, typecode):
        self._typecode = typecode
        self._bytes = _CHUNK * (2 if typecode == "H" else 4)
        self._chunks = []
        self._len = 0

    def __len__(self):
        return self._len

    def append(self, value):
        """Add ``value`` at the end, in a new chunk when the last one is full."""
        i = self._len % _CHUNK
        if i == 0:
            self._chunks.append(array(self._typecode, bytes(self._bytes)))
        self._chunks[-1][i] = value
        self._len += 1

    def pop(self):
        """Remove and return the last value (IndexError when empty), dropping its chunk once empty."""
        if not self._len:
            raise IndexError("pop from an empty log")
        self._len -= 1
        i = self._len % _CHUNK
        value = self._chunks[-1][i]
        if i == 0:
            self._chunks.pop()
        return value

    def __getitem__(self, i):
        if not 0 <= i < self._len:
            raise IndexError("index %r out of range" % (i,))
        return self._chunks[i >> _CHUNK_BITS][i % _CHUNK]

    def __iter__(self):
        left = self._len
        for chunk in self._chunks:
            # a for loop over each chunk keeps its iterator in the generator's frame (``yield
            # from`` would allocate one a chunk on MicroPython): saving allocates nothing per event
            for value in chunk:
                if not left:
                    return
                left -= 1
                yield value


class Match:
    """A match as an event log; docs/EVENTS.md specifies its events and state."""

    def __init__(self, settings=None, log=None, saved=None, edits=None, new_match=False, base=None):
        if settings is None:
            settings = Settings()
        elif isinstance(settings, dict):
            settings = Settings.from_dict(settings)
        elif not isinstance(settings, Settings):
            raise ValueError("settings must be a Settings or a dict, not %r" % (settings,))
        self.settings = settings
        self._codes = Chunked("H")  # the log, encoded: see _encode
        self._packs = Chunked("I")  # the cards of its hands and cribs, its cuts, its shows by ranks
        self.edits = 0  # changes of the log (events applied or undone): a reader of its pages sees one
        # begun by a board's new match (app.board): a Match of its own, so the new match cannot be undone
        self.new_match = new_match
        self.archived = 0  # the events before this index are not kept here (``archive``)
        self._start_match(0)
        if base is not None:  # (a long match's power-on: the code of it loaded then only)
            from cribbage.saved_base import take_base

            take_base(self, base)
        # Undo checkpoints: (index, starts_game, state) meaning the state after the first
        # index events; see _mark and undo.
        self._marks = [(self.archived, True, self._checkpoint())]
        if log is not None and saved is not None:
            raise ValueError("replay a log or a saved log, not both")
        for i, event in enumerate(log or ()):
            try:
                self.apply(event)
            except RuleError as e:
                raise RuleError("event %d %r: %s" % (i, event, e)) from None
        if saved is not None:
            self.replay_saved(saved)
        if edits is not None:
            self.count_edits(edits)

    def count_edits(self, edits):
        """Go on counting the log's changes from ``edits``, the count it had reached (saved with it);
        ValueError unless a whole number of at least the changes already counted (its events)."""
        if not is_int(edits) or edits < self.edits:
            raise ValueError("edits must be a whole number of at least %d, not %r" % (self.edits, edits))
        self.edits = edits

    def replay_saved(self, saved):
        """Apply the events of ``saved`` (ints as ``iter_saved`` yields them); ValueError if damaged,
        or RuleError at an event these rules refuse, the events before it applied."""
        seats = self.settings.seats
        packs = self._packs

        def each(code, packed):
            event = _decode(code, seats, packed)  # a list of a known kind: apply's form check could not fail
            try:
                encoded = self._apply(event)
            except RuleError as e:
                raise RuleError("saved event %d %r: %s" % (self.events, event, e)) from None
            if encoded != code or (packed is not None and packs[len(packs) - 1] != packed):  # stray bits
                raise ValueError("saved event %d %r: not written as %d %r" % (self.events - 1, event, code, packed))

        _read_saved(saved, self.events, each)

    def saved_base(self):
        """Where the events kept here start (``archive``), for ``Match(base=...)``: ``[index, dealer,
        games won, the finished games kept (an int each, as kept: see _RESULTS; those before them are
        counted by the game number), game number, the index where the match began]`` (JSON-able), or
        None if the log is kept from the match's first event."""
        index, _, (game, won, games, games_len, number, _, match_start) = self._marks[0]
        if not index:
            return None
        return [index, game[0], list(won), [games[i] for i in range(games_len)], number, match_start]

    def deal_start(self):
        """The index in the log where this deal's events begin (after the last crib, or the start of
        the game): the same for every event of one deal, another for the next (undo goes back with it)."""
        return self._marks[-1][0]

    def archivable(self):
        """The index ``archive`` may cut at: the start of the game before this one, once the log here
        holds that game whole; else None."""
        marks = self._marks
        return marks[1][0] if len(marks) > 2 and marks[2][1] else None

    def archive(self, cut):
        """Forget the events before ``cut`` (``archivable()``; a board keeps them in files of their own,
        ``app.history``): the state is as it was, but undo stops at ``cut`` and the log starts there."""
        if cut != self.archivable():
            raise ValueError("the log can be cut at %r only, not at %r" % (self.archivable(), cut))
        codes, packs = self._codes, iter(self._packs)
        self._codes, self._packs = Chunked("H"), Chunked("I")
        i = self.archived
        for code in codes:
            packed = next(packs) if code & _PACKED else None
            if i >= cut:
                self._codes.append(code)
                if packed is not None:
                    self._packs.append(packed)
            i += 1
        self.archived = cut
        del self._marks[0]  # the next one, at cut, is now the first: undo's floor

    def _start_match(self, index):
        self.games_won = [0] * self.settings.sides
        self._games = Chunked("I")  # the finished games: an int each (see _RESULTS)
        self.game_number = 1
        self.game = Game(self.settings)
        self.game_start = index
        self.match_start = index

    # --- the derived state of the current game ---------------------------------------

    def __getattr__(self, name):
        """The current game's state read through the match: ``match.front`` is ``match.game.front``
        (and so ``back``, ``dealer``, ``phase``, ``next_show``, ``starter``, ``starter_rank``, ``used``,
        ``ranks``, ``heels``, ``winner``, ``result``, ``last_count``: ``cribbage.game.Game``). One
        method, not a property each: every function a resident module defines stays in the heap."""
        return getattr(self.game, name)

    @property
    def laid(self):
        """The ranks (1 Ace .. 13 King) each seat laid in the play of this deal, in order (a new list
        of lists, one a seat), kept through the show until the crib is counted; None if no card or go
        was given this deal (the play was pegged by points)."""
        laying = self.game.laying
        return None if laying is None else laying.ranks()

    @property
    def muggins(self):
        """The side whose claim may be called "muggins" now (right after its show), or None."""
        call = self.game.call
        return None if call is None else call[0]

    @property
    def games(self):
        """The finished games of the match kept, oldest first: a new list of ``{"number", "winner", "result",
        "points", "scores"}`` dicts (``iter_games`` makes them one at a time)."""
        return list(self.iter_games())

    def iter_games(self):
        """The finished games of the match kept (its last ``_GAMES_KEPT`` at least), oldest first, as ``games``
        lists them, one new dict at a time."""
        sides = self.settings.sides
        number = self._finished() - len(self._games)  # the games before those kept
        for code in self._games:
            number += 1
            yield {"number": number, "winner": code & 3, "result": _RESULTS[code >> 2 & 3], "points": code >> 4 & 7,
                   "scores": [code >> 7 + 7 * side & 127 for side in range(sides)]}

    def _finished(self):
        """How many games of the match are finished, those whose results are no longer kept too: the game
        number counts them (a game over, before the next begins, is one more)."""
        return self.game_number - 1 + (self.game.phase == "over")

    @property
    def match_winner(self):
        """The side that has won the match (``settings.match_to`` game points), or None."""
        target = self.settings.match_to
        if target:
            won = self.games_won
            for side in range(len(won)):
                if won[side] >= target:
                    return side
        return None

    def landing(self, side, points):
        """Where ``side``'s front peg would land with ``points`` (house rules applied): for a preview."""
        if not is_int(side) or not 0 <= side < self.settings.sides or not is_int(points) or points < 0:
            raise RuleError("no track %s or points %r" % (self.settings.named(side), points))
        return self.game.landing(side, points)

    def state(self):
        """Everything derived, as a JSON-able dict of copies (for the protocol and for tests)."""
        g = self.game
        nxt = g.next_show
        last = g.last_show
        by_cards = last is not None and len(last) == 3
        play = None
        if g.laying is not None and not g.shows:  # the play laid card by card (docs/EVENTS.md), until the first show
            play = g.laying.state()
            if g.winner is not None:  # won in the play: kept as its last card left it (a false go it showed), ended
                play["turn"] = None
        return {
            "front": g.front[:], "back": g.back[:], "dealer": g.dealer, "phase": g.phase,
            "next_show": None if nxt is None else [nxt[0], nxt[1]],
            "starter": g.starter, "starter_rank": g.starter_rank, "used": g.used[:], "ranks": g.ranks[:],
            "heels": bool(g.heels),  # (pegged or held by a house rule: they came)
            "winner": g.winner, "result": g.result, "muggins": self.muggins, "games_won": self.games_won[:],
            "match_winner": self.match_winner,
            "game_number": self.game_number, "games_played": self._finished(),
            "last_show": [list(last[0]), last[1], last[2]] if by_cards else None,
            "last_ranks": None if last is None or by_cards else [list(last[0])] + list(last[1:]),
            "events": self.events,
            "play": play,
        }

    # --- events ----------------------------------------------------------------------

    @property
    def log(self):
        """The events applied so far, oldest first: a new list of JSON-able lists each time."""
        return list(self.iter_log())

    def iter_log(self, start=0, stop=None):
        """The events applied so far (those from index ``start`` up to ``stop``), oldest first,
        one new JSON-able list at a time; those kept here only (from ``archived``).

        For sending a long log without building all of it at once, and a page of it without
        decoding the events before it: the log must not change while this runs.
        """
        seats = self.settings.seats
        packs = self._packs
        stop = self.events if stop is None else min(stop, self.events)
        i = self.archived
        p = 0  # the pack of the next event that has one (those before ``start`` counted)
        for code in self._codes:
            if i >= stop:
                return
            packed = None
            if code & _PACKED:
                packed = packs[p]
                p += 1
            if i >= start:
                yield _decode(code, seats, packed)
            i += 1

    def iter_saved(self, stop=None):
        """The log kept here (from ``archived``; up to the index ``stop``) in its saved form, for
        ``Match(settings, saved=...)`` (or ``base=saved_base(), saved=...``): ints, oldest first.

        Each event's code, a show with cards followed by its pack (see ``_encode``): the
        ints the match keeps, so nothing is built per event (a board saves after every
        one). The log must not change while this runs.
        """
        packs = iter(self._packs)
        n = 0  # the shows with a pack so far: the saved form numbers them
        left = len(self._codes) if stop is None else stop - self.archived
        for code in self._codes:
            if not left:
                return
            left -= 1
            if not code & _PACKED:
                yield code
                continue
            packed = next(packs)
            kind = code & 15
            if kind == _CUT or kind == _CUT_RANKS:
                yield kind | packed << 4
            else:
                n += 1
                yield code & 0xFFF | n << 12
                yield packed

    @property
    def events(self):
        """How many events the log has had since the match began, those archived included (``len(log)``
        without building it, if none is)."""
        return self.archived + len(self._codes)

    def apply(self, event):
        """Apply one event; RuleError (and nothing changed) if it is not legal now."""
        if not is_sequence(event) or not event or not isinstance(event[0], str):
            raise RuleError('an event is a list starting with its name, like ["peg", 0, 2], not %s' % json_text(event))
        if event[0] not in EVENTS:
            raise RuleError("unknown event %s (known: %s)" % (json_text(event[0]), ", ".join(EVENTS)))
        self._apply(event)

    def _apply(self, event):
        """``apply`` of an event of the right form (a list of a known kind: the replay decodes only
        such); its code. (The form check is written in ``apply``, not a function of its own: each
        function the board loads keeps ~48 bytes of heap.)"""
        codes = self._codes
        self._step(event, self.events + 1)
        code = _encode(event, self._packs)
        codes.append(code)
        self.edits += 1
        return code

    def undo(self):
        """Drop the last event of the log and go back to the state before it; return that event."""
        codes = self._codes
        if not codes:
            if self.archived:  # (the first mark: the start of the oldest game kept)
                raise RuleError("no undo before game %d: older games are archived" % self._marks[0][2][4])
            raise RuleError("nothing to undo")
        code = codes.pop()
        packed = self._packs.pop() if code & _PACKED else None
        self.edits += 1
        n = self.events
        marks = self._marks
        while marks[-1][0] > n:
            marks.pop()
        index, _, (game, won, games, games_len, self.game_number, self.game_start, self.match_start) = marks[-1]
        self.game.restore(game)
        self.games_won = list(won)
        self._games = games
        while len(games) > games_len:
            games.pop()
        i = index
        for event in self.iter_log(index, n):
            i += 1
            self._step(event, i)
        return _decode(code, self.settings.seats, packed)

    @property
    def can_undo(self):
        """True if the log holds an event to take back."""
        return len(self._codes) > 0

    def _step(self, event, index):
        """Apply ``event`` (checked to be a list with a known name) as the ``index``-th of the log."""
        kind = event[0]
        if kind == "new_match":
            self._new_match(event, index)
            return
        game = self.game
        if game.phase == "over":  # (only the end of a game wins the match)
            won = self.match_winner
            if won is not None:  # the game's own refusals would offer a new game: only a new match goes on
                raise RuleError("the match is over: %s won it %s (undo, or a new match)"  # its games first, as a
                                % (self.settings.side_name(won),  # score is said ("P2 won it 3-0", not 0-3)
                                   "-".join(str(n) for n in sorted(self.games_won, reverse=True))))
        if kind == "new_game":
            self._new_game(event, index)
        else:
            game.apply(event)
            if game.phase == "over":
                # Only a live game accepts in-game events, so this event just ended it.
                self.games_won[game.winner] += game.worth
                code = game.winner | _RESULTS.index(game.result) << 2 | game.worth << 4
                for side in range(len(game.front)):
                    code |= game.front[side] << 7 + 7 * side
                games = self._games
                games.append(code)
                if len(games) >= _GAMES_KEPT + _CHUNK:  # all but the last _GAMES_KEPT go (more than a chunk
                    # only in a save of firmware that kept every game): a new list, for the checkpoints hold
                    # the old one as it was (undo pops back to their length)
                    kept = Chunked("I")
                    for i in range(len(games) - _GAMES_KEPT, len(games)):
                        kept.append(games[i])
                    self._games = kept
            elif kind == "crib" or (kind == "show_ranks" and event[1] is None):  # the crib: a deal is over
                self._mark(index, False)

    def _new_game(self, event, index):
        if len(event) != 1:
            raise RuleError('write it as ["new_game"]')
        if index - 1 == self.game_start:
            raise RuleError("this game has not begun: nothing to start again")
        game = self.game
        dealer = None
        if game.phase == "over":
            dealer = self.loser_seat(game)
            self.game_number += 1
        self.game = Game(self.settings, dealer)
        self.game_start = index
        self._mark(index, True)

    def _new_match(self, event, index):
        if len(event) != 1:
            raise RuleError('write it as ["new_match"]')
        if index - 1 == self.match_start:
            raise RuleError("this match has not begun: nothing to start again")
        self._start_match(index)
        self._mark(index, True)

    def loser_seat(self, game):
        """The seat that deals first after ``game``: the lowest-placed losing side's first seat
        clockwise from the last dealer's left."""
        seats = self.settings.seats
        side_of = self.settings.side_of
        low = min(game.front[s] for s in range(len(game.front)) if s != game.winner)
        clockwise = [(game.dealer + k) % seats for k in range(1, seats + 1)]
        return [s for s in clockwise if side_of(s) != game.winner and game.front[side_of(s)] == low][0]

    def _checkpoint(self):
        return (self.game.snapshot(), tuple(self.games_won), self._games, len(self._games), self.game_number,
                self.game_start, self.match_start)

    def _mark(self, index, starts_game):
        """Checkpoint the state after ``index`` events (once: undo replays past existing ones)."""
        marks = self._marks
        if marks[-1][0] >= index:
            return
        if starts_game:
            # Only the current game keeps its deal checkpoints: memory stays small.
            while not marks[-1][1]:
                marks.pop()
            # ... and only the last _GAME_MARKS games their start, besides the first mark (the
            # state before any event kept: ``archive`` moves it on): memory stays bounded however
            # long the match. An undo back across more games than that replays from the first
            # mark, once.
            if len(marks) > _GAME_MARKS:
                del marks[1]
        else:
            # ... and only its last _DEAL_MARKS deals (~200 B each on the chip): an undo further
            # back replays from the game's start, once (that replay marks those deals again).
            oldest = len(marks) - _DEAL_MARKS
            if not marks[oldest][1]:  # already that many (the match's first mark starts a game)
                del marks[oldest]
        marks.append((index, starts_game, self._checkpoint()))
