"""Colours of the board, before brightness, gamma and the current cap (app.power does those).

The default player colours are from the Okabe-Ito palette, which stays distinguishable for
the common kinds of colour blindness; pegs differ by brightness, blinking and position too, but
for two things told by colour alone (docs/USING.md): three players' P1 and P3 on one track, and a
show by ranks' yes or no. Colours are (r, g, b) tuples made once.
"""

from micropython import const

_BLUE = const((0, 114, 178))  # (private: a name less on the chip each; chosen by index, or a suit's)
_ORANGE = const((230, 159, 0))
GREEN = (0, 158, 115)  # Okabe-Ito bluish green
_SKY = const((86, 180, 233))
_YELLOW = const((240, 228, 66))
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)
WHITE = (255, 255, 255)

# Colours a player may choose from (the settings menu cycles through them by index and names
# them: app.modes.settings.COLOUR_NAMES, in the order here).
CHOICES = (_BLUE, _ORANGE, GREEN, _SKY, _YELLOW, VERMILLION, PURPLE, WHITE)
DEFAULT_COLOURS = (0, 1, 2)  # per side: blue, orange, bluish green

# Levels out of 256 (applied while drawing). app.power keeps their order and each one's
# hue at every brightness: front peg > preview > back peg > trail > the marks (dealer,
# lines, street marks). At low brightness they sit on app.power's linear toe, where a
# level's share of the front peg's light is about its share of 256 (a back peg: 3/8,
# rounding makes it 3/7 at worst); higher up, gamma spreads them further apart (a back
# peg gets 1/6 to 1/16 of the front peg's light at full brightness, by colour).
FULL = const(256)
PREVIEW = const(180)  # where a peg being dialled lands (it blinks too)
BACK_PEG = const(96)  # the back peg: clearly dimmer than the front one, still in its colour
TRAIL = const(64)  # the holes a peg being dialled passes over: a faint trail, not a row of back pegs (a play-test)
DEAL = const(60)  # the dealer's game hole
LINE = const(40)  # skunk / double-skunk / lurch line: brighter than a street mark
STREET = const(12)  # street marks every 5 holes: the dimmest step or two
DIM = const(45)  # menu items and cards already on the table, against FULL for the chosen one

# Suits in the card picker: a colour each, plus a row of the board each (the position cue).
SUIT_COLOURS = (GREEN, _ORANGE, VERMILLION, _BLUE)  # clubs, diamonds, hearts, spades
