"""A match of cribbage as an event log with derived state, undo and replay.

``Match(settings=None, log=None, saved=None, edits=None)``: ``settings`` is a ``Settings``
or a dict for ``Settings.from_dict`` (None: the defaults); ``log`` is a list of events to
replay, or ``saved`` the ints of ``iter_saved()`` (the form a board saves; one of the two);
``edits`` the saved count of changes (see ``edits`` below).
``apply(event)`` checks one event and appends it to ``log``, or raises ``RuleError`` (a
ValueError) saying why and changes nothing at all. ``undo()`` drops the last event (any
number of times, across games too). ``Match(settings, m.log)`` always rebuilds exactly the
state of ``m``: the state is a pure function of settings and log.

Seats and sides
---------------
Seats are numbered clockwise (to the left) from 0 to ``seats - 1``. A side is a score track:
with 2 or 3 players the side of a seat is the seat; with 4 players (two teams) seat ``s``
plays for side ``s % 2``, partners sharing one track.

Events (JSON lists; cards are ints 0-51 as in cribbage.cards; null is None)
--------------------------------------------------------------------------
``["dealer", seat]``
    Names the first dealer of a game. Only in phase "cut".
``["cut", [card, ...]]``
    One card per seat cut for the first deal; the lowest rank deals (suits do not matter).
    If the lowest rank is shared the event is rejected ("cut again"). Only in phase "cut".
``["starter", card]``
    The starter of this deal, once per deal, in phase "play" or "show"; not a card already
    on the table. A Jack pegs 2 to the dealer's side at once (his heels, which can end the
    game), unless ``["heels"]`` already pegged them this deal; after ``["heels"]`` only a
    Jack is accepted. A starter dialled late (after hands were counted by total) still pegs
    the heels then: the board cannot know earlier.
``["heels"]``
    His heels without dialling the starter: 2 to the dealer's side, once per deal, in
    phase "play" or "show", only while no starter is known (a known Jack pegged them
    already; a known other card has no heels).
``["peg", side, points]``
    Points in the play (pairs, fifteens, runs, go, 31, and a muggins call in the play),
    1 to 31. Only in phase "play": not once the show of the deal has begun, not before
    a dealer is known, not after the game is over.
``["hand", seat, cards, claim]`` and ``["crib", cards, claim]``
    The show, in its fixed order: the seats clockwise from the dealer's left (2 players:
    the pone; 3 players: both others; teams: the three others), then the dealer's hand,
    then the crib (the dealer's). Anything out of turn is rejected; the first show ends the
    play (phase "show"). ``cards``: the 4 cards (hand or crib) counted with the starter,
    which must be known; none of them may already be on the table this deal (the starter
    and cards shown earlier); they join it. ``cards`` null: ``claim`` is the total, which
    must be a possible one (0-29 but 19, 25, 26, 27). ``claim`` null: the true count is
    pegged. A claim above the true count is rejected; below it, it is rejected too unless
    muggins is on: then the claimer pegs the claim and the player to the claimer's left
    (the next seat clockwise: the opponent with 2 players or teams, the next player with 3)
    pegs the overlooked points. Once the crib is counted the deal is over: the deal passes
    to the left (seat ``(dealer + 1) % seats``) and the phase is "play" again.
``["new_game"]``
    After a finished game: the next game of the match; the loser deals first (3 players:
    the lower-placed loser; a tie, or a team's two seats, go to the first such seat
    clockwise from the last dealer's left). During a game: abandons it; it does not count
    in the tally, keeps its game number and the next game begins with a cut (no loser to
    deal). Rejected if the current game has no events yet.
``["new_match"]``
    Abandons everything: the tally goes back to zero and game 1 begins with a cut.
    Rejected if the match has no events yet (none since it began or since the last
    ``["new_match"]``). A board may also simply start a new Match.

Scoring and the end of a game
-----------------------------
Every score moves the side's front peg; the back peg takes the front's old place (as with
real pegs: a score of 0, or one the house rules refuse, moves nothing). The game ends the
instant a side reaches the target: its front peg stops in the game hole, the phase is
"over", nothing later in that deal counts (the pone can win before the dealer counts; a
muggins call after a winning claim is lost) and only ``["new_game"]``, ``["new_match"]``
and ``undo()`` are accepted. ``result`` follows ``settings.skunk`` (see settings.py for the
lines) judged on the best-placed loser, so with 3 players a skunk means both others were
below the line; the match tally ``games_won`` adds what the win is worth.

House rules: peg-out-exactly: points that would pass the game hole are not pegged at all
(one must land exactly on it). Stinkhole: the hole before the game hole (120 of 121, 60
of 61) is the stink hole: a score that would end exactly on it is not pegged; the peg
stays where it was, so the last step must jump from below the stink hole into the game
hole. Both apply to every score: play, heels, hands, crib and muggins.

State (read-only attributes)
----------------------------
``front``, ``back`` (list per side), ``dealer`` (seat, None before the cut), ``phase``
("cut", "play", "show", "over"), ``next_show`` ((seat, "hand"), (None, "crib"), or None
outside a deal), ``starter`` (card or None), ``used`` (cards on the table this deal),
``heels`` (his heels pegged this deal), ``winner`` (side or None), ``result`` ("win",
"skunk", "double skunk", "lurch" or None), ``games_won`` (match points per side),
``game_number`` (1, 2, ...), ``games`` (finished games: dicts with "winner", "result",
"points" (what it counted in the match) and "scores" (final front pegs)), ``last_count``
(the Count of the last show counted from cards this game, or None), ``log`` (a new list
of the events each time it is read; ``iter_log()`` yields them one at a time), ``events``
(how many), ``edits`` (how many times the log changed: events applied plus undone; give
``edits`` to the constructor to go on from a saved count), ``can_undo``, ``settings``.
Treat the lists as read-only. ``state()`` returns the derived state as a JSON-able dict of
copies: front, back, dealer, phase, next_show ([seat, kind] or None), starter, used, heels,
winner, result, games_won, game_number, games_played, last_show ([cards, starter, is_crib]
or None) and events. ``landing(side, points)`` is the hole the front peg would reach (house
rules applied), for a preview.

Undo keeps checkpoints (the state at the start of every game, and at the start of each deal
of the current game) and replays from the nearest one, so an undo replays at most one deal's
events, or one whole game's when it crosses back over a ``new_game``.

Memory: the whole match is kept (undo goes back across games) but compactly: an event is
stored as one small int (a hand or crib with cards: plus one for its cards), in chunks of
64 (``Chunked``) so that no large block of heap is ever needed. ``log`` builds the
JSON-able lists on demand (a new list each time: read ``events`` for its length;
``iter_log()`` builds one event at a time). ``iter_saved()`` yields those stored ints
themselves, building nothing per event: that is what to save after every event.
``log`` and ``saved`` given to the constructor may be any iterable, a generator reading a
file included: they are replayed one event at a time, each event checked by ``apply``; a
damaged ``saved`` raises ValueError (RuleError for an event the rules refuse).
"""

from micropython import const

from cribbage.cards import is_int, is_sequence
from cribbage.game import Game, RuleError
from cribbage.settings import Settings

EVENTS = ("dealer", "cut", "starter", "heels", "peg", "hand", "crib", "new_game", "new_match")


def _check_form(event):
    """RuleError unless ``event`` is a list (or tuple) starting with a known event name."""
    if not is_sequence(event) or not event or not isinstance(event[0], str):
        raise RuleError('an event is a list starting with its name, like ["peg", 0, 2], not %r' % (event,))
    if event[0] not in EVENTS:
        raise RuleError("unknown event %r (known: %s)" % (event[0], ", ".join(EVENTS)))


# The log is kept as small ints, not lists: no heap object per event (a list would cost
# 32-64 bytes each on the chip, and long-lived small blocks scattered over the heap leave
# no hole big enough when the log's own array grows: a MemoryError with most of the heap
# free). Bits 0-3 are the index in EVENTS; then: dealer/starter: seat/card << 4; peg:
# side << 4 | points << 6; cut: card i << (4 + 6 i); hand/crib: seat << 4 | claim << 6
# (_NO_CLAIM for null) | n << 12, n > 0 if it has cards: they are card i << 6 i in
# entry n - 1 of a second list of small ints (4 cards and the rest do not fit in the
# chip's 31-bit small ints). Only accepted events are encoded, so every field is in range
# (a cut has at most 4 cards: 28 bits).
# This is also the saved form (Match.iter_saved, Match(saved=...)): the codes in log order,
# each one with cards followed by its pack, so n counts those packs 1, 2, 3 ... A board
# keeps it on the flash: changing any field here needs a new save key (app.board saves
# "codes") or a version, with the old form still read.
_NO_CLAIM = const(63)


def _encode(event, packs):
    """The code of ``event``; the cards of a hand or crib are appended to ``packs``."""
    kind = event[0]
    code = EVENTS.index(kind)
    if kind == "peg":
        return code | event[1] << 4 | event[2] << 6
    if kind == "dealer" or kind == "starter":
        return code | event[1] << 4
    if kind == "cut":
        for i in range(len(event[1])):
            code |= event[1][i] << (4 + 6 * i)
        return code
    if kind == "hand" or kind == "crib":
        cards, claim = event[-2], event[-1]
        code |= (event[1] if kind == "hand" else 0) << 4 | (_NO_CLAIM if claim is None else claim) << 6
        if cards is None:
            return code
        packs.append(cards[0] | cards[1] << 6 | cards[2] << 12 | cards[3] << 18)
        return code | len(packs) << 12
    return code


def _has_cards(code):
    """True if ``code`` is a hand or crib with cards (they are in the packs list)."""
    kind = EVENTS[code & 15]
    return (kind == "hand" or kind == "crib") and code >> 12 > 0


def _pack_of(code, packs):
    """The pack (the int of its 4 cards) of ``code`` from ``packs``, or None if it has no cards."""
    return packs[(code >> 12) - 1] if _has_cards(code) else None


def _decode(code, seats, packed):
    """The event list of ``code`` (a known kind); ``packed``: its pack if it has cards, else None."""
    kind = EVENTS[code & 15]
    cards = None
    if packed is not None:
        cards = [packed & 63, packed >> 6 & 63, packed >> 12 & 63, packed >> 18 & 63]
        code &= 0xFFF
    if kind == "peg":
        return [kind, code >> 4 & 3, code >> 6]
    if kind == "dealer" or kind == "starter":
        return [kind, code >> 4]
    if kind == "cut":
        return [kind, [code >> (4 + 6 * i) & 63 for i in range(seats)]]
    if kind == "hand" or kind == "crib":
        claim = code >> 6
        claim = None if claim == _NO_CLAIM else claim
        return [kind, code >> 4 & 3, cards, claim] if kind == "hand" else [kind, cards, claim]
    return [kind]


_CHUNK_BITS = const(6)
_CHUNK = const(1 << _CHUNK_BITS)  # 64


class Chunked:
    """A list of small ints (``append``, ``pop``, ``len``, ``[i]``, iteration) kept in chunks of 64.

    A long log in one list needs a single block of 2-4 KB to grow into, which a fragmented
    heap may not have even with most of it free (a MemoryError in the middle of a match);
    chunks of 256 bytes (on the chip) always find room.
    """

    def __init__(self):
        self._chunks = []
        self._len = 0

    def __len__(self):
        return self._len

    def append(self, value):
        if self._len % _CHUNK == 0:
            self._chunks.append([])
        self._chunks[-1].append(value)
        self._len += 1

    def pop(self):
        chunk = self._chunks[-1]
        value = chunk.pop()
        self._len -= 1
        if not chunk:
            self._chunks.pop()
        return value

    def __getitem__(self, i):
        if not 0 <= i < self._len:
            raise IndexError("index %r out of range" % (i,))
        return self._chunks[i >> _CHUNK_BITS][i % _CHUNK]

    def __iter__(self):
        for chunk in self._chunks:
            # not ``yield from``: on MicroPython that allocates an iterator per chunk; a for
            # loop keeps its iterator in the generator's frame (saving allocates nothing per event)
            for value in chunk:  # noqa: UP028
                yield value


class Match:
    """A match as an event log; see the module docstring for events and state."""

    def __init__(self, settings=None, log=None, saved=None, edits=None):
        if settings is None:
            settings = Settings()
        elif isinstance(settings, dict):
            settings = Settings.from_dict(settings)
        elif not isinstance(settings, Settings):
            raise ValueError("settings must be a Settings or a dict, not %r" % (settings,))
        self.settings = settings
        self._codes = Chunked()  # the log, encoded: see _encode
        self._packs = Chunked()  # the cards of the hands and cribs in it
        self.edits = 0  # changes of the log (events applied or undone): a reader of its pages sees one
        self._start_match(0)
        # Undo checkpoints: (index, starts_game, state) meaning the state after the first
        # index events; see _mark and undo.
        self._marks = [(0, True, self._checkpoint())]
        if log is not None and saved is not None:
            raise ValueError("replay a log or a saved log, not both")
        for i, event in enumerate(log or ()):
            try:
                self.apply(event)
            except RuleError as e:
                raise RuleError("event %d %r: %s" % (i, event, e)) from None
        if saved is not None:
            self._replay_saved(saved)
        if edits is not None:  # the count the log had reached (saved with it): it goes on from there
            if not is_int(edits) or edits < self.edits:
                raise ValueError("edits must be a whole number of at least %d, not %r" % (self.edits, edits))
            self.edits = edits

    def _replay_saved(self, saved):
        """Apply the events of ``saved`` (ints as ``iter_saved`` yields them); ValueError if damaged."""
        seats = self.settings.seats
        packs = self._packs
        code = None  # a show with cards, once read: its pack comes next
        for value in saved:
            index = self.events
            if not is_int(value) or value < 0:
                raise ValueError("saved event %d: %r is not a code or a pack" % (index, value))
            if code is not None:
                packed = value
            elif value & 15 >= len(EVENTS):
                raise ValueError("saved event %d: code %d is of no known kind" % (index, value))
            elif _has_cards(value):
                if value >> 12 != len(packs) + 1:
                    raise ValueError("saved event %d: code %d names pack %d, next is %d"
                                     % (index, value, value >> 12, len(packs) + 1))
                code = value
                continue
            else:
                code, packed = value, None
            event = _decode(code, seats, packed)
            try:
                self.apply(event)
            except RuleError as e:
                raise RuleError("saved event %d %r: %s" % (index, event, e)) from None
            if self._codes[index] != code or _pack_of(code, packs) != packed:  # stray bits, say
                raise ValueError("saved event %d %r: not written as %d %r" % (index, event, code, packed))
            code = None
        if code is not None:
            raise ValueError("saved event %d: the saved log ends before its cards" % self.events)

    def _start_match(self, index):
        self.games_won = [0] * self.settings.sides
        self.games = []
        self.game_number = 1
        self.game = Game(self.settings)
        self.game_start = index
        self.match_start = index

    # --- the derived state of the current game ---------------------------------------

    @property
    def front(self):
        return self.game.front

    @property
    def back(self):
        return self.game.back

    @property
    def dealer(self):
        return self.game.dealer

    @property
    def phase(self):
        return self.game.phase

    @property
    def next_show(self):
        return self.game.next_show

    @property
    def starter(self):
        return self.game.starter

    @property
    def used(self):
        return self.game.used

    @property
    def heels(self):
        return self.game.heels

    @property
    def winner(self):
        return self.game.winner

    @property
    def result(self):
        return self.game.result

    @property
    def last_count(self):
        return self.game.last_count

    def landing(self, side, points):
        """Where ``side``'s front peg would land with ``points`` (house rules applied): for a preview."""
        if not is_int(side) or not 0 <= side < self.settings.sides or not is_int(points) or points < 0:
            raise RuleError("no side %r or points %r" % (side, points))
        return self.game.landing(side, points)

    def state(self):
        """Everything derived, as a JSON-able dict of copies (for the protocol and for tests)."""
        g = self.game
        nxt = g.next_show
        last = g.last_show
        return {
            "front": g.front[:], "back": g.back[:], "dealer": g.dealer, "phase": g.phase,
            "next_show": None if nxt is None else [nxt[0], nxt[1]],
            "starter": g.starter, "used": g.used[:], "heels": g.heels,
            "winner": g.winner, "result": g.result, "games_won": self.games_won[:],
            "game_number": self.game_number, "games_played": len(self.games),
            "last_show": None if last is None else [list(last[0]), last[1], last[2]],
            "events": len(self._codes),
        }

    # --- events ----------------------------------------------------------------------

    @property
    def log(self):
        """The events applied so far, oldest first: a new list of JSON-able lists each time."""
        return list(self.iter_log())

    def iter_log(self, start=0, stop=None):
        """The events applied so far (those from index ``start`` up to ``stop``), oldest first,
        one new JSON-able list at a time.

        For sending a long log without building all of it at once, and a page of it without
        decoding the events before it: the log must not change while this runs.
        """
        seats = self.settings.seats
        codes = self._codes
        packs = self._packs
        for i in range(start, len(codes) if stop is None else min(stop, len(codes))):
            code = codes[i]
            yield _decode(code, seats, _pack_of(code, packs))

    def iter_saved(self):
        """The log in its saved form, for ``Match(settings, saved=...)``: ints, oldest first.

        Each event's code, a show with cards followed by its pack (see ``_encode``): the
        ints the match keeps, so nothing is built per event (a board saves after every
        one). The log must not change while this runs.
        """
        packs = self._packs
        for code in self._codes:
            yield code
            packed = _pack_of(code, packs)
            if packed is not None:
                yield packed

    @property
    def events(self):
        """How many events the log holds (``len(log)`` without building it)."""
        return len(self._codes)

    def apply(self, event):
        """Apply one event; RuleError (and nothing changed) if it is not legal now."""
        _check_form(event)
        self._step(event, len(self._codes) + 1)
        self._codes.append(_encode(event, self._packs))
        self.edits += 1

    def undo(self):
        """Drop the last event of the log and go back to the state before it."""
        codes = self._codes
        if not codes:
            raise RuleError("nothing to undo")
        if _has_cards(codes.pop()):
            self._packs.pop()
        self.edits += 1
        n = len(codes)
        marks = self._marks
        while marks[-1][0] > n:
            marks.pop()
        index, _, (game, won, games, games_len, self.game_number, self.game_start, self.match_start) = marks[-1]
        self.game.restore(game)
        self.games_won = list(won)
        self.games = games
        del games[games_len:]
        seats = self.settings.seats
        packs = self._packs
        for i in range(index, n):
            code = codes[i]
            self._step(_decode(code, seats, _pack_of(code, packs)), i + 1)

    @property
    def can_undo(self):
        return len(self._codes) > 0

    def _step(self, event, index):
        """Apply ``event`` (checked to be a list with a known name) as the ``index``-th of the log."""
        kind = event[0]
        if kind == "new_game":
            self._new_game(event, index)
        elif kind == "new_match":
            self._new_match(event, index)
        else:
            game = self.game
            game.apply(event)
            if game.phase == "over":
                # Only a live game accepts in-game events, so this event just ended it.
                self.games_won[game.winner] += game.worth
                self.games.append({"winner": game.winner, "result": game.result,
                                   "points": game.worth, "scores": game.front[:]})
            elif kind == "crib":
                self._mark(index, False)

    def _new_game(self, event, index):
        if len(event) != 1:
            raise RuleError('write it as ["new_game"]')
        if index - 1 == self.game_start:
            raise RuleError("this game has not begun: nothing to start again")
        game = self.game
        dealer = None
        if game.phase == "over":
            dealer = self._loser_seat(game)
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

    def _loser_seat(self, game):
        """The seat that deals first after ``game``: the lowest-placed losing side's first seat
        clockwise from the last dealer's left."""
        seats = self.settings.seats
        side_of = self.settings.side_of
        low = min(game.front[s] for s in range(len(game.front)) if s != game.winner)
        clockwise = [(game.dealer + k) % seats for k in range(1, seats + 1)]
        return [s for s in clockwise if side_of(s) != game.winner and game.front[side_of(s)] == low][0]

    def _checkpoint(self):
        return (self.game.snapshot(), tuple(self.games_won), self.games, len(self.games), self.game_number,
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
        marks.append((index, starts_game, self._checkpoint()))
