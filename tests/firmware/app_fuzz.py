"""Random input events for the board, from ``cribbage_lab.deck``'s seeded Xorshift32 (the same
sequence on both interpreters).

Checked after every event: nothing escapes, every score stays on the board, back pegs never
pass front pegs; every ``check_every`` events: a replay of the whole log (its archived games'
too) equals the live state.
"""

from cribbage.match import Match
from cribbage_lab.deck import Xorshift32, randbelow
from shared.events import BACK, ENCODER, LONG, PLAYER_1, PLAYER_2, PRESS, TURN

# Presses by weight: the encoder and the player buttons often, back (cancel, undo) rarely,
# so that games get played to the end (held, back is an undo too unless it is player 3's);
# long presses of the encoder (the menu, whose first item is a new game) rarest.
_PRESSES = (ENCODER,) * 4 + (PLAYER_1,) * 3 + (PLAYER_2,) * 3 + (BACK,)
_LONGS = (PLAYER_1, PLAYER_2) * 6 + (BACK, BACK, ENCODER)
_MENUS = ("menu", "settings", "advise")


def random_event(rng, mode_name="peg"):
    """One random input event from ``rng`` (an ``Xorshift32``; see the weights above); menus are left
    more often (every other event), like people do."""
    if mode_name in _MENUS and randbelow(rng, 2) == 0:
        return (PRESS, BACK)
    if mode_name == "led_test" and randbelow(rng, 4) == 0:  # back echoes there: holding the encoder leaves
        return (LONG, ENCODER)
    roll = randbelow(rng, 100)
    if roll < 40:
        n = randbelow(rng, 9) - 4
        return (TURN, n if n else 1)
    if roll < 88:
        return (PRESS, _PRESSES[randbelow(rng, len(_PRESSES))])
    return (LONG, _LONGS[randbelow(rng, len(_LONGS))])


def check_state(board):
    """Scores on the board, back pegs behind front pegs, the mode's text fits a 16x8 display."""
    text = board.mode.lines(board)
    if len(text) > 8 or max(len(line) for line in text) > 16:
        raise AssertionError("text does not fit the display: %r" % (text,))
    match = board.match
    target = match.settings.target
    for side in range(len(match.front)):
        front, back = match.front[side], match.back[side]
        if not (0 <= back <= front <= target):
            raise AssertionError("side %d: back %d, front %d, target %d" % (side, back, front, target))


def whole_log(board):
    """The board's whole log: its archived games' events, read from their files (app.history), then
    the events its match keeps."""
    match = board.match
    log = []
    if match.archived:
        from app.history import events

        while len(log) < match.archived:
            log.extend(events(board, len(log), match.archived)[0])
    log.extend(match.iter_log())
    return log


def check_replay(board):
    """The state rebuilt from the settings and the whole log equals the live state."""
    match = board.match
    replay = Match(match.settings.to_dict(), whole_log(board))
    if replay.state() != match.state():
        raise AssertionError("replay differs: %r != %r" % (replay.state(), match.state()))


def fuzz(driver, seed, events, check_every=50, render_every=25):
    """Feed ``events`` random input events; return how many game events the log saw in total."""
    rng = Xorshift32(seed)
    board = driver.board
    hw = driver.hw
    applied = 0
    for i in range(events):
        before = board.match.events
        board.handle(random_event(rng, board.mode.name))
        applied += max(0, board.match.events - before)
        check_state(board)
        if i % render_every == 0:
            hw.advance(1 + randbelow(rng, 700))
            board.tick()
            board.render()
        if i % check_every == 0:
            check_replay(board)
    check_replay(board)
    return applied
