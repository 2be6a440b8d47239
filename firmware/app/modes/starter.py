"""The starter of a deal, and his heels: turned up before the play.

Opened by the count (``app.modes.count``) while the deal's starter is unknown and the play
is on. The card picker shows the deck (``app.modes.cards``); the encoder press takes the
starter (a Jack pegs his heels: the core does it) and the board goes back to the play, which
comes after the starter is turned. Back returns to the play without a starter.

- his heels without picking the Jack: a long press of the dealer's button pegs the core's
  ``["heels"]`` and the board goes back to the play; the other buttons are refused. The
  core refuses them twice, after a known starter other than a Jack, and once the show has
  begun (his heels are scored at the cut).
- a long press of the encoder skips the starter: the count opens at the pone's total, and
  every hand of the deal is dialled as a total (back there, before a total is pegged,
  returns here).
"""

from app import palette
from app.modes.cards import Picker
from app.modes.peg import button_side
from app.render import breathing, game_hole
from shared import events

_BUTTONS = ("p1", "p2", "back")  # each side's button (see peg.button_side: player 3's is held)


def heels(board, side):
    """His heels from ``side``'s button (here, or at a total with the starter skipped): 2 for the
    dealer; True if pegged (the core refuses them when no more due, and says why)."""
    match = board.match
    dealer = match.settings.side_of(match.dealer)
    if side != dealer:
        board.messages.refuse("his heels go to the dealer, " + match.settings.side_name(dealer))
        return False
    return board.try_apply(["heels"])


class Starter:
    """The starter picker; ``picker`` holds the card under the cursor."""

    name = "starter"
    full_screen = True

    def __init__(self, board):
        self.picker = Picker(1, board.match.used)

    def counting_side(self, board):
        return None

    def handle(self, board, event):
        kind, what = event
        side = button_side(board, event)
        if kind == events.LONG and side is not None:
            if heels(board, side):
                board.idle()  # back to the play, where the dealer's peg shows them
        elif self.picker.move(kind, what):
            pass
        elif kind == events.PRESS and what == events.BACK:
            board.idle()
        elif kind == events.LONG and what == events.ENCODER:
            from app.modes.count import Count

            board.open(Count).next_count(board, True)  # the totals of this deal, from the pone's
        elif kind == events.PRESS and what == events.ENCODER:
            if board.try_apply(["starter", self.picker.card]):
                board.idle()  # the play comes after the starter is turned

    def draw(self, board, canvas, now):
        self.picker.draw(canvas, now)
        level = breathing(now)
        hole = game_hole(board)
        for track in range(canvas.tracks):
            canvas.put(track, hole, palette.WHITE, level)

    def lines(self, board):
        dealer = board.match.settings.side_of(board.match.dealer)
        return (["STARTER"] + self.picker.text()
                + ["turn=rank", "p1/p2=suit", "enc=take", "hold enc=skip", "hold %s=heels" % _BUTTONS[dealer]])

    def describe(self):
        return {"mode": self.name, "card": self.picker.card}
