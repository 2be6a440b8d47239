"""Helpers for the app scenario tests: a board on fake hardware, driven by input events only.

Runs under pytest and inside MicroPython (no typing, no pytest). ``Driver`` pushes events
through the fake hardware's queue into the board, like the asyncio shell does.
"""

import gc
import json

import cribbage.match  # noqa: F401  the largest sources first, while MicroPython's heap is least fragmented

gc.collect()
from fake_storage import temp_dir  # noqa: E402

from simulator.virtual_hardware import VirtualHardware  # noqa: E402

gc.collect()
from app import palette  # noqa: E402
from app.board import Board  # noqa: E402
from app.store import Store  # noqa: E402
from host_tools.card_text import parse  # noqa: E402
from shared.events import BACK, ENCODER, LONG, PLAYER_1, PLAYER_2, PRESS, TURN  # noqa: E402
from shared.ticks import ticks_add, ticks_diff  # noqa: E402

gc.collect()

P1 = (PRESS, PLAYER_1)
P2 = (PRESS, PLAYER_2)
ENC = (PRESS, ENCODER)
BACK_PRESS = (PRESS, BACK)
HOLD_ENC = (LONG, ENCODER)
HOLD_P1 = (LONG, PLAYER_1)
HOLD_P2 = (LONG, PLAYER_2)
HOLD_BACK = (LONG, BACK)


def turn(n):
    return (TURN, n)


class Driver:
    """A board on a ``VirtualHardware`` in a fresh (or given) storage directory; ``build``:
    the fake hardware's ``supply_ma`` and ``wire_order``, if not its own (a USB build wired in
    logical order)."""

    def __init__(self, root=None, display=True, serial=True, **build):
        self.root = root or temp_dir()
        self.hw = VirtualHardware(self.root, display=display, serial=serial, **build)
        self.board = Board(self.hw)

    def reboot(self, supply_ma=None):
        """The power goes off and on: a new board on the same saved files (fresh hardware; the
        same build, with or without its display and serial line, unless ``supply_ma`` names another supply)."""
        return Driver(self.root, display=self.hw.display is not None, serial=self.hw.serial is not None,
                      supply_ma=self.hw.supply_ma if supply_ma is None else supply_ma, wire_order=self.hw.wire_order)

    def ask(self, request):
        """Send one serial request (a dict, or a raw line) and return the decoded reply."""
        line = request if isinstance(request, str) else json.dumps(request)
        return json.loads(self.board.handle_command(line))

    def edit_setting(self, key):
        """Open the settings menu at ``key`` and start changing it; return the ui state then."""
        from app.modes.settings import ITEMS  # loaded by the menu anyway: not for every test

        keys = [item[0] for item in ITEMS]
        if self.board.mode.name != "settings":
            self.press(HOLD_ENC, turn(2), ENC)  # menu -> settings
        self.press(turn(keys.index(key) - self.board.mode.item), ENC)
        return self.ask({"cmd": "state"})["state"]["ui"]

    def press(self, *events):
        """Feed input events, as the input task would."""
        self.hw.push_many(list(events))
        for event in self.hw.poll_events():
            self.board.handle(event)

    @property
    def match(self):
        return self.board.match

    @property
    def mode(self):
        return self.board.mode

    def where(self):
        """Where the board is, as the serial line tells it: the mode's step (``cards``, ``call``, ...), or its name."""
        described = self.board.mode.describe()
        return described.get("step") or described["mode"]

    def frame_at(self, tick):
        """Render with the clock at ``tick`` (moves forward only) and return the fake hardware."""
        wait = ticks_diff(tick, self.hw.ticks_ms())
        if wait > 0:
            self.hw.advance(wait)
        self.board.render()
        return self.hw

    def frame_after(self, ms):
        """Render ``ms`` milliseconds from now and return the fake hardware."""
        return self.frame_at(ticks_add(self.hw.ticks_ms(), ms))

    def frame_phase(self, period, at):
        """Render at the next instant whose tick modulo ``period`` is ``at`` (for blinking)."""
        now = self.hw.ticks_ms()
        target = ticks_add(now, (at - now % period) % period or period)
        if target < now:  # the ticks wrapped on the way: from there the phases start again at 0
            target = at
        return self.frame_at(target)

    def pick(self, text):
        """Pick one card (``"5H"``) in the open card picker with turns, suit steps and a press."""
        card = parse(text)
        picker = self.mode.picker
        for _ in range(30):
            if picker.rank == card >> 2:
                break
            self.press(turn(1 if (card >> 2) > picker.rank else -1))
        for _ in range(4):
            if picker.suit == card & 3:
                break
            self.press(P2)
        if picker.card != card:
            raise AssertionError("the picker cannot reach %s" % text)
        self.press(ENC)

    def pick_all(self, texts):
        for text in texts.split():
            self.pick(text)

    def deal(self, dealer_button):
        """Before the first deal: the player of ``dealer_button`` (P1/P2) deals."""
        self.press(dealer_button)

    def peg(self, button, points):
        """Peg ``points`` in the play with a player button, turns and the encoder press."""
        self.press(button)
        if points > 1:
            self.press(turn(points - 1))
        self.press(ENC)

    def peg_in_steps(self, button, points):
        """Peg ``points`` for the player of ``button`` in pegs of at most 31 (the most one peg takes)."""
        while points > 0:
            step = min(points, 31)
            self.peg(button, step)
            points -= step

    def display(self):
        """Render a millisecond from now and return what the text display shows."""
        self.frame_after(1)
        return self.hw.display.lines

    def count_show(self, cards):
        """With the count open at a hand or crib: pick 4 cards and confirm the total."""
        self.pick_all(cards)
        self.press(ENC)


def dealt(**rules):
    """A fresh board (``rules``: settings and preferences by name, set as the serial line sets them: the
    menu has tests of its own) where player 1 deals; player 2 is the pone."""
    d = Driver()
    if rules:
        d.board.change_settings(rules)
    d.press(P1)  # before the first deal p1 names the dealer
    assert d.match.dealer == 0 and d.match.phase == "play"
    return d


def counting(starter, cards):
    """A fresh board where player 1 deals, ``starter`` turned, the count open at the pone's cards and
    ``cards`` picked (card texts, "5H 5D")."""
    d = dealt()
    d.press(ENC)
    d.pick(starter)
    d.press(ENC)
    d.pick_all(cards)
    return d


def at_pones_hand(players=2):
    """Muggins on (set over the serial line: the settings menu has its own tests), player 1 deals,
    the starter 5S turned, the count open at the pone's cards."""
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"muggins": True, "players": players}})["ok"]
    d.press(P1, ENC)
    d.pick("5S")
    d.press(ENC)
    return d


def claim(d, cards, points):
    """Pick a hand's 4 cards, dial the claim and peg it."""
    d.pick_all(cards)
    assert d.where() == "claim"  # the claim
    d.press(turn(points) if points else turn(-1), ENC)


def at_118(side):
    """Muggins and peg out exactly on, P1 dealing, ``side`` pegged to 118 in the play; the starter, 5S, picked and the
    pone's hand's picker open."""
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"muggins": True, "peg_out_exactly": True}})["ok"]
    d.press(P1)
    for points in (31, 31, 31, 25):
        assert d.ask({"cmd": "event", "event": ["peg", side, points]})["ok"]
    d.press(ENC)
    d.pick("5S")
    d.press(ENC)
    return d


def called_off_the_track():
    """P1 at 118 with peg out exactly calls muggins on P2's claim of 0 for a hand worth 20 (5H 5D JC
    10C, the 5S starter): the call would pass the game hole, so it pegs nothing."""
    d = at_118(0)
    claim(d, "5H 5D JC 10C", 0)
    d.press(P1)
    return d


def starter_rank(d, rank):
    """Open the count (the starter first), dial ``rank`` and take it with its suit not dialled."""
    d.press(ENC)
    assert d.where() == "starter"
    d.press(turn(rank) if rank else P2, P1)  # p1 from the first suit: "any suit"
    if not rank:
        d.press(P1)
    assert d.mode.any_suit and d.mode.describe()["card"] is None
    d.press(ENC)


def dial(d, ranks):
    """Dial and take ``ranks`` (0 = Ace) in the count's rank step, each from where the last was."""
    assert d.where() == "ranks"
    for rank in ranks:
        shown = d.mode.ranks
        for _ in range(13):  # a detent at a time: the dial passes the ranks whose four are out
            if shown.rank == rank:
                break
            d.press(turn(1 if rank > shown.rank else -1))
        assert shown.rank == rank, "the dial cannot reach %d" % rank
        d.press(ENC)


def answer(d, *yes_no):
    """Answer the questions asked, in order (True: yes)."""
    for yes in yes_no:
        assert d.where() == "ranks" and d.mode.ranks.taken
        if yes:
            d.press(turn(1))
        d.press(ENC)


def resave(d, copies=1, **changes):
    """Save the board's own data again, with ``changes`` (as another firmware might have saved
    it): as the newest copy, or ``copies=2``: as both copies."""
    for _ in range(copies):
        data = d.board.saved_data()
        data.update(changes)
        Store(d.root).save(data)


def is_hue(rgb, colour):
    """True if the lit ``rgb`` keeps the channel order of ``colour`` (brightest channel first)."""
    if max(rgb) == 0:
        return False
    order = sorted(range(3), key=lambda i: -colour[i])
    return rgb[order[0]] >= rgb[order[1]] >= rgb[order[2]] and rgb[order[0]] > rgb[order[2]]


def game_holes_vermillion(hw):
    return is_hue(hw.pixel(0, 121), palette.VERMILLION) and is_hue(hw.pixel(1, 121), palette.VERMILLION)


def brightness(rgb):
    return rgb[0] + rgb[1] + rgb[2]
