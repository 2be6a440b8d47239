"""Discard advice on the board: pick the cards dealt, say whether you deal, see the best keeps.

Steps: pick the 6 cards dealt (5 with three players or teams) with the card picker; then
the deal question: p1 = "I deal", p2 = "I do not" (turning switches, the encoder press
confirms; the game holes are lit while the answer is "I deal"); then the keeps, best first:
the kept cards shine steady in the grid, the cards to lay away blink white, and the rank
of the keep shown (1 = best) is the number of lit holes from hole 16 of track 0. Turn for
the next best; back returns to the previous step.
"""

from micropython import const

from app import events, palette
from app.modes.cards import Picker, card_hole
from app.render import HOLES
from cribbage.advice import dealt_count, rank_keeps
from cribbage.cards import names
from cribbage.saying import wrap

PICK = const(0)
DEAL = const(1)
KEEPS = const(2)
_STEP_NAMES = ("pick", "deal", "keeps")
_RANK_HOLE = const(16)
_SHOWN_KEEPS = const(15)


class Advise:
    name = "advise"
    full_screen = True

    def __init__(self, board):
        self.players = board.match.settings.players
        self.picker = Picker(dealt_count(self.players))
        self.step = PICK
        self.dealer = True
        self.keeps = None
        self.index = 0

    def handle(self, board, event):
        kind, what = event
        step = self.step
        back = kind == events.PRESS and what == events.BACK
        press = kind == events.PRESS and what == events.ENCODER
        if step == PICK:
            picker = self.picker
            if kind == events.TURN:
                picker.turn(what)
            elif kind == events.PRESS and (what == events.PLAYER_1 or what == events.PLAYER_2):
                picker.step_suit(-1 if what == events.PLAYER_1 else 1)
            elif back and not picker.drop():
                board.idle()
            elif press and picker.take():
                self.step = DEAL
        elif step == DEAL:
            if kind == events.TURN:
                self.dealer = not self.dealer
            elif kind == events.PRESS and what == events.PLAYER_1:
                self.dealer = True
            elif kind == events.PRESS and what == events.PLAYER_2:
                self.dealer = False
            elif back:
                self.step = PICK
                self.picker.drop()
            elif press:
                self.keeps = rank_keeps(self.picker.picked, self.dealer, self.players)
                self.index = 0
                self.step = KEEPS
        else:
            if kind == events.TURN:
                self.index = max(0, min(len(self.keeps) - 1, self.index + what))
            elif back:
                self.keeps = None
                self.step = DEAL

    def draw(self, board, canvas, now):
        if self.step == PICK:
            self.picker.draw(canvas, now)
            return
        if self.step == DEAL:
            self.picker.draw(canvas, now, False)
            if self.dealer:
                for track in range(canvas.tracks):
                    canvas.put(track, HOLES, palette.WHITE, palette.FULL)
            return
        keep = self.keeps[self.index]
        for card in keep.keep:
            track, hole = card_hole(card)
            canvas.put(track, hole, palette.SUIT_COLOURS[card & 3], palette.FULL)
        if now % 600 < 400:
            for card in keep.discard:
                track, hole = card_hole(card)
                canvas.put(track, hole, palette.WHITE, palette.FULL)
        for i in range(min(self.index + 1, _SHOWN_KEEPS)):
            canvas.put(0, _RANK_HOLE + i, palette.WHITE, palette.DIM)

    def lines(self, board):
        if self.step == PICK:
            picker = self.picker
            return ["ADVICE"] + picker.text() + ["%d/%d cards" % (len(picker.picked), picker.need)]
        if self.step == DEAL:
            return ["ADVICE"] + self.picker.text() + ["I deal" if self.dealer else "I do not deal",
                                                      "p1=deal p2=not"]
        keep = self.keeps[self.index]
        return ["KEEP #%d of %d" % (self.index + 1, len(self.keeps))] + wrap(names(keep.keep).split()) + [
                "away " + names(keep.discard),
                "avg %.2f" % keep.expected,
                "hand %d-%d" % (keep.hand_min, keep.hand_max)]

    def describe(self):
        out = {"mode": self.name, "step": _STEP_NAMES[self.step], "picked": list(self.picker.picked),
               "dealer": self.dealer}
        if self.keeps:
            keep = self.keeps[self.index]
            out["keep"] = list(keep.keep)
            out["discard"] = list(keep.discard)
            out["rank"] = self.index + 1
        return out

