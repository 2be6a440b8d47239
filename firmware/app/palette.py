"""Colours of the board, before brightness, gamma and the current cap (app.power does those).

The default player colours are from the Okabe-Ito palette, which stays distinguishable for
the common kinds of colour blindness; nothing on the board relies on colour alone (pegs
differ by brightness, blinking and position too). Colours are (r, g, b) tuples made once.
"""

BLUE = (0, 114, 178)
ORANGE = (230, 159, 0)
GREEN = (0, 158, 115)  # Okabe-Ito bluish green
SKY = (86, 180, 233)
YELLOW = (240, 228, 66)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)
WHITE = (255, 255, 255)

# Colours a player may choose from (the settings menu cycles through them by index).
CHOICES = (BLUE, ORANGE, GREEN, SKY, YELLOW, VERMILLION, PURPLE, WHITE)
CHOICE_NAMES = ("blue", "orange", "green", "sky", "yellow", "vermillion", "purple", "white")
DEFAULT_COLOURS = (0, 1, 2)  # per side: blue, orange, bluish green

# Levels out of 256 (applied while drawing). They are perceptual: app.power's gamma then
# spreads them apart, so at the default brightness a back peg gets about 1/8 of the front
# peg's LED current and a street mark the dimmest step or two.
FULL = 256
BACK_PEG = 120  # the back peg: clearly dimmer than the front one
STREET = 70  # street marks every 5 holes
LINE = 150  # skunk / double-skunk / lurch line
DEAL = 170  # the dealer's game hole
DIM = 90  # trails, menu items, cards already on the table

# Suits in the card picker: a colour each, plus a row of the board each (the position cue).
SUIT_COLOURS = (GREEN, ORANGE, VERMILLION, BLUE)  # clubs, diamonds, hearts, spades
