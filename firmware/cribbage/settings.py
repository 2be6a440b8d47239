"""Game settings: table size, game length, skunk rule and house rules, validated.

Fields (all checked in the constructor, ``ValueError`` naming the bad field):

- ``players``: 2; 3 (three players, each a side of their own: the board has two tracks, so
  player 3's pegs share player 1's); or 4 (two teams of two, each a side: seat ``s`` belongs
  to side ``s % 2``).
- ``target``: 121 ("twice around") or 61 ("once around").
- ``skunk``: ``"skunk"`` (default, docs/RULES.md's common rule), ``"lurch"`` or ``"none"``.
- ``double_skunk_games``: what a double skunk is worth, 3 (default) or 4.
- ``peg_out_exactly``, ``muggins``, ``stinkhole``: house rules, off by default (their exact
  meaning is in docs/EVENTS.md; game.py applies them).
- ``match_to``: the match's length, the game points a side needs to win it (a skunk counts
  the games it is worth): 0 (off: games go on until a new match, the default), 3, 5, 7, 9, 11.

Derived: ``sides`` (score tracks: 3 for three players, otherwise 2), ``seats`` (players at
the table), and the lines on the board (``side_name`` and ``seat_name`` are the one naming of
sides and seats, the board's and the host tools'). A line is the lowest score NOT below it:

- ``skunk_line``: 3/4 of the board. "Below 3/4" is read literally: a loser skunked has
  less than 3/4 of the target, so the line is 3/4 rounded up: 91 of 121 (3/4 is 90.75, so
  90 is skunked and 91 is not), 46 of 61 (3/4 is 45.75, so 45 is skunked, 46 is not).
- ``double_skunk_line`` and ``lurch_line``: half the board rounded up, the same reading:
  61 of 121 (60 is below 60.5), 31 of 61 (30 is below 30.5) -- the lurch line docs/RULES.md
  names explicitly ("has not reached 61 of 121, 31 of 61").
"""

from micropython import const

from cribbage.cards import is_int, json_text

SKUNK_RULES = ("none", "skunk", "lurch")
DOUBLE_SKUNK_GAMES = (3, 4)  # a double skunk is worth 3 or 4 game points
TARGETS = (121, 61)
PLAYERS = (2, 3, 4)
MATCH_LENGTHS = (0, 3, 5, 7, 9, 11)
# written out, a tuple of constants: part of the compiled code (in flash on the board), where a
# tuple joined from others at import is built on the heap and stays there
FIELDS = ("players", "target", "skunk", "double_skunk_games", "peg_out_exactly", "muggins", "stinkhole", "match_to")
_SKUNK_GAMES = const(2)
_LURCH_GAMES = const(2)


def dealt_count(players):
    """Cards dealt to each player: 6 with 2 players, 5 with 3 players (one more goes to the crib) or 4 (two teams)."""
    if players == 2:
        return 6
    if players == 3 or players == 4:
        return 5
    raise ValueError("players must be 2, 3 or 4, not %s" % json_text(players))


class Settings:
    """Validated settings; treat as read-only (make a new one with ``changed``)."""

    def __init__(self, players=2, target=121, skunk="skunk", double_skunk_games=3,
                 peg_out_exactly=False, muggins=False, stinkhole=False, match_to=0):
        if not is_int(players) or players not in PLAYERS:
            raise ValueError("players must be 2, 3 or 4 (two teams of two), not %s" % json_text(players))
        if not is_int(target) or target not in TARGETS:
            raise ValueError("target must be 121 or 61, not %s" % json_text(target))
        if skunk not in SKUNK_RULES:
            raise ValueError("skunk must be one of none, skunk, lurch, not %s" % json_text(skunk))
        if not is_int(double_skunk_games) or double_skunk_games not in DOUBLE_SKUNK_GAMES:
            raise ValueError("double_skunk_games must be 3 or 4, not %s" % json_text(double_skunk_games))
        if not is_int(match_to) or match_to not in MATCH_LENGTHS:
            raise ValueError("match_to must be 0 (off), 3, 5, 7, 9 or 11 game points, not %s" % json_text(match_to))
        for name, flag in (("peg_out_exactly", peg_out_exactly), ("muggins", muggins),
                           ("stinkhole", stinkhole)):
            if flag is not True and flag is not False:
                raise ValueError("%s must be true or false, not %s" % (name, json_text(flag)))
        self.players = players
        self.target = target
        self.skunk = skunk
        self.double_skunk_games = double_skunk_games
        self.peg_out_exactly = peg_out_exactly
        self.muggins = muggins
        self.stinkhole = stinkhole
        self.match_to = match_to
        self.seats = players
        self.sides = 3 if players == 3 else 2
        self.skunk_line = (3 * target + 3) // 4
        self.double_skunk_line = (target + 1) // 2
        self.lurch_line = (target + 1) // 2
        # The lines this rule draws on the board: (result of a loser below it, hole).
        if skunk == "skunk":
            self.lines = (("skunk", self.skunk_line), ("double skunk", self.double_skunk_line))
        elif skunk == "lurch":
            self.lines = (("lurch", self.lurch_line),)
        else:
            self.lines = ()

    def line_of(self, result):
        """The hole a loser had to reach to escape ``result`` ("skunk", ...); 0 for a plain win."""
        for name, hole in self.lines:
            if name == result:
                return hole
        return 0

    def side_of(self, seat):
        """The score track of ``seat`` (partners in a team game share one)."""
        return seat % self.sides

    def side_name(self, side):
        """What the players call a score track: P1, P2, P3; in a team game T1, T2."""
        return ("T%d" if self.players == 4 else "P%d") % (side + 1)

    def seat_name(self, seat):
        """What the players call a seat: its side's name; in a team game with the partner
        after it: T1a, T2a, T1b, T2b (seat ``s`` is partner ``s // 2`` of team ``s % 2``)."""
        name = self.side_name(self.side_of(seat))
        return name + "ab"[seat // self.sides] if self.players == 4 else name

    def named(self, value, seat=False):
        """A side (or, with ``seat``, a seat) number from an event, as the board names it: P3,
        T1b. Out of range too (a refusal names what was asked for: "P3" of a two-player game);
        anything but a whole number from 0 is shown as given, as JSON writes it."""
        if not is_int(value) or value < 0:
            return json_text(value)
        if not seat:
            return self.side_name(value)
        return self.seat_name(value) if value < self.seats else "P%d" % (value + 1)

    def choice(self, seat=False):
        """The sides (or, with ``seat``, the seats) named as a choice: "P1 or P2", "T1a, T2a, T1b or T2b"."""
        count = self.seats if seat else self.sides
        names = [self.named(n, seat) for n in range(count)]
        return ", ".join(names[:-1]) + " or " + names[-1]

    def outcome(self, loser_score):
        """``(result, games)`` of a win whose (best) loser ended on ``loser_score``.

        result is "win", "skunk", "double skunk" or "lurch"; games is what the win counts
        in a match: 1; a skunk 2; a double skunk ``double_skunk_games``; a lurch 2.
        """
        if self.skunk == "skunk":
            if loser_score < self.double_skunk_line:
                return "double skunk", self.double_skunk_games
            if loser_score < self.skunk_line:
                return "skunk", _SKUNK_GAMES
        elif self.skunk == "lurch" and loser_score < self.lurch_line:
            return "lurch", _LURCH_GAMES
        return "win", 1

    def to_dict(self):
        """The fields as a plain JSON-able dict."""
        return {name: getattr(self, name) for name in FIELDS}

    @staticmethod
    def from_dict(data):
        """Settings from a dict such as ``to_dict`` gives; missing keys take the defaults.

        Unknown keys raise ValueError (a typo must not be silently ignored).
        """
        if not isinstance(data, dict):
            raise ValueError("settings must be a dict, not %s" % json_text(data))
        for key in data:
            if key not in FIELDS:
                raise ValueError("unknown setting %s (known: %s)" % (json_text(key), ", ".join(FIELDS)))
        return Settings(**data)

    def changed(self, changes):
        """A new Settings with the fields in the dict ``changes`` replaced (validated)."""
        merged = self.to_dict()
        if not isinstance(changes, dict):
            raise ValueError("settings changes must be a dict, not %s" % json_text(changes))
        for key in changes:
            merged[key] = changes[key]
        return Settings.from_dict(merged)

    def __eq__(self, other):  # (``!=`` is its negation: CPython's and MicroPython's own)
        return isinstance(other, Settings) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return "Settings(%s)" % ", ".join("%s=%r" % (name, getattr(self, name)) for name in FIELDS)
