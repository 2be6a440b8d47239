"""Discard advice on the board: pick the cards dealt, say whether you deal, see the best keeps.

What a player sees and does is in docs/USING.md ("Discard advice"). The steps: ``_PICK`` the cards
dealt (the card picker, ``app.picker``), ``_DEAL`` (do you deal?), ``_KEEPS`` (the ranking of
``cribbage.advice.rank_keeps``, one of each keep that only swaps suits with another, stepped through
with the encoder); the encoder held at any step goes back to the game. In the keeps view the shown
keep and the next one take turns in the picker's grid (``_CYCLE``: the shown keep for
``_SHOWN_LOOK`` ms, then the next, dimmer); the expected points of the keep of the moment, rounded
halves away from zero, are lit holes of track 1 from ``_POINTS_HOLE`` up (below zero: from the hole
under it on the way back down), and the shown keep's rank is the number of dim holes from
``_RANK_HOLE`` of track 0 (tracks numbered from 0 here, as in ``app.render``; the manual counts them
from 1).
"""

from micropython import const

from app import palette
from app.messages import LINES, WIDTH
from app.picker import Picker, card_hole
from app.render import game_hole
from cribbage.advice import one_of_each, rank_keeps
from cribbage.cards import names
from cribbage.settings import dealt_count
from shared import events
from shared.holes import under

_PICK = const(0)
_DEAL = const(1)
_KEEPS = const(2)
_STEP_NAMES = const(("pick", "deal", "keeps"))
_RANK_HOLE = const(16)
_SHOWN_KEEPS = const(15)
_CYCLE = const(1600)  # ms: one look at the shown keep, then one at the next
_SHOWN_LOOK = const(1000)  # ms of the cycle spent on the shown keep
_NEXT_LEVEL = const(110)  # the next keep's cards: clearly dimmer than the shown keep's
# The points, white holes (up to 32): at full level they alone would pass a USB build's current
# budget, and the cap (app.power) would dim the shown keep's cards with them.
_POINTS_LEVEL = const(96)
_NEXT_POINTS_LEVEL = const(48)  # the next keep's points, dimmer
_POINTS_TRACK = const(1)
_POINTS_HOLE = const(16)  # the first hole of a value above zero
_MOST_POINTS = const(32)  # holes 16-47: up to the picker's grid
_MOST_MINUS = const(15)  # holes 45-31: from the hole under _POINTS_HOLE (shared.holes.under) to the row's end


def rounded_points(keep):
    """The keep's expected points rounded to the nearest int, halves away from zero (exact)."""
    num, den = keep.expected_fraction
    whole = (2 * abs(num) + den) // (2 * den)
    return whole if num >= 0 else -whole


def draw_points(canvas, points, level):
    """``points`` as lit holes of track 1: from hole 16 up when above zero, from the hole under it on
    the way back (45) down when below."""
    if points >= 0:
        for i in range(min(points, _MOST_POINTS)):
            canvas.put(_POINTS_TRACK, _POINTS_HOLE + i, palette.WHITE, level)
    else:
        minus = under(_POINTS_HOLE)
        for i in range(min(-points, _MOST_MINUS)):
            canvas.put(_POINTS_TRACK, minus - i, palette.WHITE, level)


class Advise:
    """Discard advice: the cards dealt picked, whether you deal, then the best keeps ranked."""

    name = "advise"
    full_screen = True
    as_pressed = True  # a button held here is its press: holding one means nothing of its own

    def __init__(self, board):
        self.players = board.match.settings.players
        self.picker = Picker(dealt_count(self.players))
        self.step = _PICK
        self.dealer = True
        self.keeps = None
        self.points = None  # rounded expected points of each keep, once ranked
        self.index = 0

    def handle(self, board, event):
        """The cards dealt picked, then whether you deal (a turn, p1 yes, p2 no; the encoder ranks the keeps), then
        turns step the ranking; back steps back (no card picked: the game), as the encoder held does at once."""
        kind, what = event
        step = self.step
        back = kind == events.PRESS and what == events.BACK
        press = kind == events.PRESS and what == events.ENCODER
        if kind == events.LONG and what == events.ENCODER:  # held, as it opened the menu: back to the game
            board.idle()
        elif step == _PICK:
            picker = self.picker
            if picker.move(kind, what):  # the cursor moved: nothing more to do
                pass
            elif back and not picker.drop():
                board.idle()
            elif press and picker.take():
                self.step = _DEAL
        elif step == _DEAL:
            if kind == events.TURN:
                self.dealer = not self.dealer
            elif kind == events.PRESS and what == events.PLAYER_1:
                self.dealer = True
            elif kind == events.PRESS and what == events.PLAYER_2:
                self.dealer = False
            elif back:
                self.step = _PICK
                self.picker.drop()
            elif press:
                self.keeps = one_of_each(rank_keeps(self.picker.picked, self.dealer, self.players))
                self.points = [rounded_points(k) for k in self.keeps]
                self.index = 0
                self.step = _KEEPS
        elif kind == events.TURN:
            self.index = max(0, min(len(self.keeps) - 1, self.index + what))
        elif back:
            self.keeps = None
            self.points = None
            self.step = _DEAL
        else:  # a press with no use here (a play-test: it said nothing)
            board.messages.refuse("turn for more keeps, back for the deal")

    def next_keep(self):
        """The keep after the shown one in the ranking, or None for the last."""
        i = self.index + 1
        return self.keeps[i] if i < len(self.keeps) else None

    def draw(self, board, canvas, now):
        """The picker; asked whether you deal, the cards picked and the game holes lit if you do; then the shown keep
        and the next in turns, with their points and the shown keep's rank (see the module docstring)."""
        if self.step == _PICK:
            self.picker.draw(canvas, now)
            return
        if self.step == _DEAL:
            self.picker.draw(canvas, now, False)
            if self.dealer:
                for track in range(canvas.tracks):
                    canvas.put(track, game_hole(board), palette.WHITE, palette.FULL)
            return
        shown = self.keeps[self.index]
        nxt = self.next_keep()
        look_next = nxt is not None and not canvas.blink(now, _CYCLE, _SHOWN_LOOK)
        for card in self.picker.picked:
            track, hole = card_hole(card)
            if card in shown.keep and not (look_next and card not in nxt.keep):
                canvas.put(track, hole, palette.SUIT_COLOURS[card & 3], palette.FULL)
            elif look_next and card in nxt.keep:
                canvas.put(track, hole, palette.SUIT_COLOURS[card & 3], _NEXT_LEVEL)
            else:
                canvas.put(track, hole, palette.WHITE, palette.DIM)
        if look_next:
            draw_points(canvas, self.points[self.index + 1], _NEXT_POINTS_LEVEL)
        else:
            draw_points(canvas, self.points[self.index], _POINTS_LEVEL)
        for i in range(min(self.index + 1, _SHOWN_KEEPS)):
            canvas.put(0, _RANK_HOLE + i, palette.WHITE, palette.DIM)

    def lines(self, board):
        """The picker's text and hints; whether you deal (your side, with teams); then the shown keep and the next, with
        their expected points and range."""
        if self.step == _PICK:
            picker = self.picker
            return ["ADVICE"] + picker.text() + ["%d/%d cards" % (len(picker.picked), picker.need), "turn=rank",
                                                 "p1/p2=suit", "enc=take"]  # as the show's picker says
        if self.step == _DEAL:
            if self.players == 4:  # the crib is the dealing side's: a partner's deal is yours too
                said = "my side deals" if self.dealer else "other side deals"
            else:
                said = "I deal" if self.dealer else "I do not deal"
            return ["ADVICE"] + self.picker.text() + [said, "p1=deal p2=not", "enc=advise"]
        out = ["ADVICE #%d of %d" % (self.index + 1, len(self.keeps))]
        for i in range(self.index, min(self.index + 2, len(self.keeps))):
            keep = self.keeps[i]
            # the cards to throw, what a player does with them (the LEDs show the keep)
            line = "#%d throw %s" % (i + 1, names(keep.discard))
            out.append(line if len(line) <= WIDTH else line.replace("10", "T"))  # two tens: written T, suits kept
            # the expected points with the crib's added (your side's) or taken off (the other side's), then the
            # hand's alone: worst to best (on one line, "exp 7.8 (10-21)" read as a value outside its own range)
            out.append("exp %.1f %scrib" % (keep.expected, "+" if self.dealer else "-"))
            out.append("hand %d to %d" % (keep.hand_min, keep.hand_max))
        if len(out) < LINES:  # (two keeps take all but a line)
            out.append("turn=more keeps")
        return out

    def describe(self):
        """The step, cards picked, whether you deal and, once ranked, the shown keep (discard, rank, points), next."""
        out = {"mode": self.name, "step": _STEP_NAMES[self.step], "picked": list(self.picker.picked),
               "dealer": self.dealer}
        if self.keeps:
            keep = self.keeps[self.index]
            nxt = self.next_keep()
            out["keep"] = list(keep.keep)
            out["discard"] = list(keep.discard)
            out["rank"] = self.index + 1
            out["points"] = self.points[self.index]
            out["next"] = list(nxt.keep) if nxt is not None else None
        return out
