"""The ui modes of the board: each turns input events into game events and draws its overlay.

Every mode has one shape: ``Board.open(ModeClass)`` makes it as ``ModeClass(board)`` (the only
way the board changes mode: ``Board.idle``, ``open_count`` and ``open_menu`` use it too), and it
has ``handle(board, event)``, ``draw(board, canvas, now)``, ``lines(board)`` (text for an
optional display), ``describe()`` (its part of the serial ``state`` reply), ``name`` and
``full_screen``, may have ``kept(board)``: what it opens on again once the menu (or the LED test)
opened over it is left with nothing done (``Board.open_menu`` keeps it as ``Board.undone``), and may set
``as_pressed``: True, a button held there is its press; False,
every held button is taken as held (``Board.handle``; without it, back held is back pressed when
there is no player 3). A ``full_screen`` mode (card picker, menus) replaces the score display;
the others (``peg``, ``lay``, ``muggins``, and ``count`` but at its cards and ranks) draw over it
and tell the renderer whose show is counted, now or next, with ``counting_side(board)`` (its game
hole breathes).
A mode that picks what an event holds opens on the event the last undo took back, if it is one of
its own (``Board.undone``): a pick taken back is made again with a turn or two, not from the start
(the starter's card, a show's cards or ranks with its count, claim or total, the cut for deal's
ranks, the rank of a card laid).
The parts modes are made of that are no modes live beside this package, in ``app``: the card
picker (``app.picker``), a show by ranks (``app.rank_show``), a count said (``app.said``), a blinking
cursor that starts lit where it lands (``app.cursor``). What the modes share lives here, loaded with
any of them: each side's button (``button_side``), the score lines (``side_lines``, ``heels_said``), a
house rule keeping a peg (``kept_off``), a show kept to open on (``kept_show``), a muggins call's
callers (``may_call``, ``draw_callers``, ``light_callers``) and home or the crib's open call (``home_or_call``).
"""

from app import palette
from app.render import game_hole
from shared import events


def button_side(board, event):
    """The side a player button event is for, or None: p1, p2, and back (long) for player 3."""
    control = event[1]
    if control == events.PLAYER_1:
        return 0
    if control == events.PLAYER_2:
        return 1
    if control == events.BACK and event[0] == events.LONG and board.match.settings.sides == 3:
        return 2
    return None


def may_call(board, side):
    """True if ``side`` (a player button's: ``button_side``) may call muggins on the claim still open: its
    button calls it wherever nothing else is asked of it (at home, at the next claim), as in the call itself."""
    claimer = board.match.muggins
    return side is not None and claimer is not None and side != claimer and board.match.phase == "show"


def home_or_call(board):
    """Home, or the muggins call on the crib's count if it is still open (home does not offer it once the show is
    over, so ``Board.idle`` opens on it) and the players did not go on from it without calling (``Board.passed``:
    an undo of the next deal's starter comes home, as the board was, not on that call): after an undo from home or
    the laying mode, and at power-on."""
    match = board.match
    if match.muggins is not None and match.phase != "show" and board.passed != match.events:
        board.left = "muggins"
    board.idle()  # (back into a play laid card by card: home is the laying mode again)


def kept_off(match, side, points):
    """Why a house rule keeps ``side``'s front peg where it is for ``points``, said after "not pegged: "
    ("126 is past 121: peg out exactly", "120 is the stinkhole"), else None (a game over says so itself)."""
    start = match.front[side]
    if points <= 0 or match.winner is not None or match.landing(side, points) != start:
        return None
    to = start + points
    target = match.settings.target
    return "%d is past %d: peg out exactly" % (to, target) if to > target else "%d is the stinkhole" % to


def side_lines(match):
    """A line for each side's pegs: ``P1 121 (118)``, the front peg then the back."""
    side_name = match.settings.side_name
    front = match.front
    back = match.back
    lines = []
    for side in range(len(front)):  # (a loop, not a comprehension: MicroPython makes that a function call)
        lines.append("%s %3d (%d)" % (side_name(side), front[side], back[side]))
    return lines


def kept_show(board):
    """The show the count opens on (``Board.undone``, if it is one: an undo's, or the menu's over a
    count), or None."""
    undone = board.undone
    if undone is not None and (undone[0] == "hand" or undone[0] == "crib" or undone[0] == "show_ranks"):
        return undone
    return None


def heels_said(match):
    """His heels said for the deal's play (``match.heels``), a line or two: the dealer's 2 came with the
    Jack turned (the pegs alone would not say why they moved), or a house rule kept the peg."""
    said = match.settings.seat_name(match.dealer) + ": his heels"
    return [said + " 2"] if match.heels is True else [said, "not pegged"]  # (else "held": kept off by a house rule)


def draw_callers(board, canvas, now, claimer):
    """While muggins may be called on ``claimer``'s claim: the game hole of each track with another side
    blinks white (its players' buttons call)."""
    if canvas.blink(now, 600, 300):
        light_callers(board, canvas, claimer)


def light_callers(board, canvas, claimer):
    """The game hole of each track with a side that may call muggins on ``claimer``'s claim, white."""
    for side in range(board.match.settings.sides):
        if side != claimer:
            canvas.put(side & 1, game_hole(board), palette.WHITE, palette.FULL)
