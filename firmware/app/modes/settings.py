"""Changing settings on the board: the rules of the game and the board's own preferences.

Turn to choose a setting, press the encoder to change it, turn to choose the value, press
to keep it (back: leave it unchanged; the encoder held: back to the game; p1 and p2: refused,
saying what the encoder does). On the LEDs: settings are the first holes of track 0 (in the
order of ``ITEMS``), values the first holes of track 1 (colours in the colour itself), the one
being changed blinking. The rules of the
game change only before the first event of a match (``Board.attempt`` of ``change_settings`` refuses
them later): start a new match first. The current limit offers only values up to the build's
supply (``hw.supply_ma``), the supply itself the last.
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from cribbage.settings import DOUBLE_SKUNK_GAMES, MATCH_LENGTHS, PLAYERS, SKUNK_RULES, TARGETS
from shared import events

_COLOURS = tuple(range(len(palette.CHOICES)))
# (key, label, values); game rules first, then the board's own preferences, how the play is entered the first.
ITEMS = (
    ("target", "game length", TARGETS),
    ("skunk", "skunk rule", SKUNK_RULES),
    ("double_skunk_games", "double skunk", DOUBLE_SKUNK_GAMES),
    ("players", "players", PLAYERS),
    ("peg_out_exactly", "peg out exact", (False, True)),
    ("muggins", "muggins", (False, True)),
    ("stinkhole", "stinkhole", (False, True)),
    ("match_to", "match to", MATCH_LENGTHS),
    ("play", "the play", (0, 1)),  # chosen with the rules, so beside them
    ("colour0", "colour p1", _COLOURS),
    ("colour1", "colour p2", _COLOURS),
    ("colour2", "colour p3", _COLOURS),
    # each a step brighter to the eye than the last (app.power's toe made 16, 32, 64 and 96 look alike)
    ("brightness", "brightness", (16, 120, 144, 160, 176, 192, 224, 255)),
    ("milliamps", "current mA", (300, 500, 900, 1500, 2000, 2500)),  # 2500: the 5 V 2.5 A supply of power.md
)
_MILLIAMPS = [item[0] for item in ITEMS].index("milliamps")
_PLAY_WAYS = const(("by points", "card by card"))
# app.palette.CHOICES by name: here, where the menu loads them, not in the palette every frame uses
COLOUR_NAMES = ("blue", "orange", "green", "sky", "yellow", "vermillion", "purple", "white")


def value_text(key, value):
    """A value as the display shows it."""
    if key.startswith("colour"):
        return COLOUR_NAMES[value]
    if value is True:
        return "on"
    if value is False:
        return "off"
    if key == "players" and value == 4:
        return "2 teams"
    if key == "play":
        return _PLAY_WAYS[value]
    if key == "match_to":
        return "%d game points" % value if value else "off"
    if key == "double_skunk_games":  # (a bare "3" read as no unit: the games a double skunk wins)
        return "worth %d games" % value
    return str(value)


def setting(board, key):
    """The current value of ``key``: a game rule or a board preference."""
    if key in board.prefs:
        return board.prefs[key]
    return getattr(board.match.settings, key)


def start_index(values, current):
    """Where the choice starts: ``current``, or the nearest value if the serial line set one the
    menu does not offer (say 1000 mA), so a press without turning keeps about what was set."""
    if current in values:
        return values.index(current)
    best = 0
    for i in range(1, len(values)):
        if abs(values[i] - current) < abs(values[best] - current):
            best = i
    return best


class SettingsMode:
    """The settings: choose a game rule or a board preference, dial its value, keep it."""

    name = "settings"
    full_screen = True
    as_pressed = True  # a button held here is its press: holding one means nothing of its own

    def __init__(self, board):
        self.item = 0
        self.editing = False
        self.choice = 0
        self._cursor = Cursor()  # the item, or the value being dialled
        supply = board.hw.supply_ma  # the current limits offered: those below it, then the supply
        self.milliamps = tuple(v for v in ITEMS[_MILLIAMPS][2] if v < supply) + (supply,)

    def _values(self):
        return self.milliamps if self.item == _MILLIAMPS else ITEMS[self.item][2]

    def handle(self, board, event):
        """A turn chooses the setting or dials its value; the encoder starts the change (a rule: only before a match
        begins) and keeps the value; back leaves the value unchanged, then the settings; the encoder held: the game;
        p1 and p2 are refused with what the encoder does."""
        kind, what = event
        if kind == events.TURN:
            if self.editing:  # stops at either end: past the brightest is not the dimmest
                self.choice = max(0, min(len(self._values()) - 1, self.choice + what))
            else:
                self.item = (self.item + what) % len(ITEMS)
        elif kind == events.PRESS and what == events.BACK:
            if self.editing:
                self.editing = False
            else:
                board.idle()
        elif kind == events.LONG and what == events.ENCODER:  # held, as it opened the menu: back to the game
            board.idle()
        elif what == events.PLAYER_1 or what == events.PLAYER_2:  # no use here: refused, as on other screens
            board.messages.refuse("the encoder keeps it" if self.editing else "the encoder changes it")
        elif kind == events.PRESS and what == events.ENCODER:
            key = ITEMS[self.item][0]
            if not self.editing:
                if key not in board.prefs and board.match.events:  # said before a value is dialled in vain
                    board.messages.refuse("the rules change only before a match begins: start a new match")
                    return
                self.choice = start_index(self._values(), setting(board, key))
                self.editing = True
            else:
                # (P1 given P3's colour, or P3 P1's: the two swap, app.prefs.check_prefs)
                if board.attempt(board.change_settings, {key: self._values()[self.choice]}):
                    self.editing = False

    def draw(self, board, canvas, now):
        """Settings as holes of track 0, values as holes of track 1 (colours in their colour): the setting chosen
        blinks, then the value dialled while it is changed."""
        blink = self._cursor.lit(canvas, now, self.choice if self.editing else -1 - self.item, 600, 400)
        for i in range(len(ITEMS)):
            lit = i == self.item and (self.editing or blink)
            canvas.put(0, 1 + i, palette.WHITE, palette.FULL if lit else palette.DIM)
        key = ITEMS[self.item][0]
        values = self._values()
        shown = self.choice if self.editing else None
        if shown is None:
            shown = start_index(values, setting(board, key))
        colours = key.startswith("colour")
        for i in range(len(values)):
            colour = palette.CHOICES[values[i]] if colours else palette.WHITE
            lit = i == shown and (blink or not self.editing)
            canvas.put(1, 1 + i, colour, palette.FULL if lit else palette.DIM)

    def lines(self, board):
        """The setting, its value (dialled, marked ``>``, while it is changed) and what the encoder does."""
        key, label, _ = ITEMS[self.item]
        value = self._values()[self.choice] if self.editing else setting(board, key)
        out = ["SETTINGS %d/%d" % (self.item + 1, len(ITEMS)), label,
               ("> " if self.editing else "  ") + value_text(key, value),
               "enc=change" if not self.editing else "enc=keep back=no"]
        if key == "double_skunk_games" and board.match.settings.skunk != "skunk":  # (none, or lurch: kept for later)
            out.insert(3, "with skunk only")
        elif key == "colour0" or key == "colour2":  # P1 and P3 share a track: the other's colour, which one given
            other = 2 if key == "colour0" else 0  # the other's takes (``check_prefs``: a play-test saw it swap unsaid)
            out.insert(3, "P%d: %s" % (other + 1, COLOUR_NAMES[board.prefs["colour%d" % other]]))
        return out

    def describe(self):
        """The setting chosen and, while it is changed, the value dialled."""
        return {"mode": self.name, "item": ITEMS[self.item][0], "editing": self.editing,
                "choice": self._values()[self.choice] if self.editing else None}
