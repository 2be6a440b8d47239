"""The score at power-on before the log is replayed: the glance saved with the game.

Replaying a long match's log takes the chip most of a second (a 5-game match, 500 events:
about 0.6 s), so every save carries a glance (``app.board.glance``: the current game's state as
``Game.snapshot`` gives it, the games won, the game's number),
in the first line of the file beside the settings and preferences: no flash write of its own,
and read with them, before the log. At power-on (``Board(hw, glance_first=True)``) the board
draws its first frame from it (``match_of``: a match of no events that serves that frame
only), then replays the log, which stays the truth: the replayed match takes its place, and if
its glance is not the one saved (a firmware's bug) the power-on notice says the score was
corrected. Inputs meanwhile wait (the controls keep them) and are handled after the replay.

During a play laid card by card the glance holds what the laying mode draws of it: whose turn,
the count and what the last card or go said (the cards themselves are in the log only).
"""

import json

from cribbage.match import Match


def match_of(settings, glance):
    """A Match of no events in the state of ``glance`` (as saved, under the saved ``settings``):
    for drawing the first frame only. ValueError, TypeError, IndexError if it is not a glance."""
    snapshot, won, number, play = glance
    match = Match(settings)
    match.game.restore(snapshot)
    if play is not None:
        match.game.laying = _Play(*play)
    match.games_won = won
    match.game_number = number
    return match


class _Play:
    """The play laid card by card as the laying mode draws it (``laying.turn``, ``laying.play.count``,
    ``laying.said``): for the first frame only."""

    false_go = None  # (not in the glance: said under the last card until the next, and the replay follows at once)

    def __init__(self, turn, count, said):
        self.turn = turn
        self.play = self  # (laying.play.count)
        self.count = count
        self.said = said


def agrees(glance_of_match, saved):
    """True if ``glance_of_match`` (of the replayed match) is the ``saved`` glance (read back
    from JSON: its tuples are lists). Compared as values, not as text: MicroPython's dicts keep
    no order, so the same object may be written with its keys in another order."""
    return json.loads(json.dumps(glance_of_match)) == saved
