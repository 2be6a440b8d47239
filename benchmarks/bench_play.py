"""The play card by card against the play by points: the controls actions a whole deal takes.

Runs under CPython and MicroPython (`crib bench`); prints label<TAB>value<TAB>unit lines.
The same seeded deals (two players, real cards) are played on a board through its input
events only, both ways: the play pegged by points as players work it out (a 1: the
player's button and the encoder; a 2: the button held; more: the button, the encoder
turned to the points, pressed), or laid card by card (each card: the encoder turned from
where the dial is to the card's rank, pressed; a go: the player's button). Both ways
pick the starter and the crib's cards in the card picker; the hands are picked card by card
after a play by points, and after a play laid card by card the board knows their ranks and
asks only what ranks cannot tell (one suit? his nobs?), answered as the real cards would.
An action is a press or one detent of the encoder. The cards laid and the points come
from tests/firmware/play_reference.py (written from the rules); the two ways must end
with the same pegs (checked: a figure from a wrong play would mean nothing)."""

from timing import TYPE_CHECKING, check_compiled_firmware, row, use_compiled_firmware

if TYPE_CHECKING:  # for annotations only (see timing.py)
    from app.modes.count import Count

use_compiled_firmware()  # the app as deployed: .mpy files, not sources compiled in the heap
from fake_storage import temp_dir  # noqa: E402  (a test helper: a folder for the saves)
from match_player import Player  # noqa: E402  (a test helper: the card picker's inputs)
from play_reference import play_out  # noqa: E402
from show_oracle import suit_facts  # noqa: E402  (a test helper: what real cards' suits say)

from app.board import Board  # noqa: E402
from app.modes.count import STEP_RANKS  # noqa: E402
from cribbage_lab import deck  # noqa: E402
from simulator.virtual_hardware import VirtualHardware  # noqa: E402  (the fake hardware: not the app)

DEALS = 12
_BUTTONS = ("p1", "p2")


def dial(player: Player, to: int, at: int) -> None:
    """Turn the encoder from ``at`` to ``to``, a detent an action."""
    while at != to:
        step = 1 if to > at else -1
        player.press("turn", step)
        at += step


def peg(player: Player, side: int, points: int) -> None:
    """Peg ``points`` for ``side`` as the home mode takes them (docs/USING.md, "Pegging in the play")."""
    button = _BUTTONS[side]
    if points == 2:
        player.press("long", button)
        return
    player.press("press", button)
    dial(player, points, 1)
    player.press("press", "enc")


def deal(seed: int, card_by_card: bool) -> tuple[int, int, list[int]]:
    """One seeded deal on a fresh board, player 1 dealing: (actions of the play, of the whole deal, pegs)."""
    board = Board(VirtualHardware(temp_dir("bench-play-"), display=True))
    if card_by_card:
        board.change_settings({"play": 1})
    rand = deck.Xorshift32(seed)
    player = Player(board, board.hw, seed)
    hands, crib, stock = deck.deal(deck.shuffle(deck.new_pack(), rand), 2, 0)
    crib = crib + hands[0][4:] + hands[1][4:]
    hands = [hand[:4] for hand in hands]
    player.press("press", "p1")  # player 1 deals
    player.press("press", "enc")
    player.pick(deck.cut(stock, rand))
    before = player.inputs
    for event, scorer, points, _, _ in play_out([h[:] for h in hands], 1, lambda fits: fits[0]):
        if card_by_card and event[0] == "lay":
            dial(player, event[2], board.mode.rank)  # from where the lay mode's dial is (it moves past a rank out)
            player.press("press", "enc")
        elif card_by_card:
            player.press("press", _BUTTONS[event[1]])
        elif points:
            peg(player, scorer, points)
    play = player.inputs - before
    player.press("press", "enc")  # the show: each hand, then the crib, and confirmed
    while board.mode.name == "count":
        mode = board.mode
        if mode.picker is None:  # a hand laid card by card: its ranks known, any questions answered
            answer(player, mode, hands[mode.seat], board.match.starter)
        else:
            for card in crib if mode.crib else hands[mode.seat]:
                player.pick(card)
        player.press("press", "enc")
    return play, player.inputs, board.match.front[:]


def answer(player: Player, mode: "Count", cards: list[int], starter: int) -> None:
    """Answer what the hand's ranks leave open (app.rank_show) as its real ``cards`` do: no
    is the answer dialled first, one detent makes it yes."""
    # the questions by app.rank_show's numbers (private there: a name each on the chip): one suit? starter too? his
    # nobs? (a wrong answer would peg other points than the deal by points, which main() refuses)
    truth = (None,) + suit_facts(cards, starter)
    while mode.step == STEP_RANKS:
        if truth[mode.ranks.asked(starter >> 2)[2]]:
            player.press("turn", 1)
        player.press("press", "enc")


def main() -> None:
    """Play DEALS seeded deals both ways, check they end with the same pegs, and print the mean actions."""
    totals = {False: [0, 0], True: [0, 0]}
    for n in range(DEALS):
        seed = 2463534242 + 7919 * n
        figures = {way: deal(seed, way) for way in (False, True)}
        if figures[False][2] != figures[True][2]:
            raise RuntimeError("deal %d: by points %r, card by card %r" % (n, figures[False][2], figures[True][2]))
        for way in (False, True):
            totals[way][0] += figures[way][0]
            totals[way][1] += figures[way][1]
    for way, name in ((False, "by points"), (True, "card by card")):
        row("the play %s: actions a deal (%d deals)" % (name, DEALS), tenths(totals[way][0]), "actions")
        row("a whole deal, the play %s (starter, play, 3 shows)" % name, tenths(totals[way][1]), "actions")
    check_compiled_firmware()


def tenths(total: int) -> str:
    """``total / DEALS`` to one decimal, in integers: the same text on both interpreters (their "%.1f" round
    halves differently)."""
    tenths = (total * 10 + DEALS // 2) // DEALS
    return "%d.%d" % (tenths // 10, tenths % 10)


main()
