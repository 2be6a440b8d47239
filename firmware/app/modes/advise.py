"""Discard advice on the board: pick the cards dealt, say whether you deal, see the best keeps.

Steps: pick the 6 cards dealt (5 with three players or teams) with the card picker; then
the deal question: p1 = "I deal", p2 = "I do not" (turning switches, the encoder press
confirms; the game holes are lit while the answer is "I deal"); then the keeps, best first.

The keeps view shows a keep (at first the best) and the next one in the ranking together,
in the picker's grid, as two looks of a 1.6 s cycle: for 1 s the shown keep (its 4 cards
in their suit colour at full brightness), for 0.6 s the next keep (the cards it keeps
instead at a lower level); every dealt card outside the keep of the moment is dim white
(tracks and holes are numbered from 0 and 1 here, as in app.render). So, card by card:
- steady bright: kept by both keeps;
- bright with a short dip to dim white: kept by the shown keep, laid away by the next;
- dim white with a short, dimmer flash of its colour: the next keep keeps it instead;
- steady dim white: laid away by both.
The expected points of the keep of the moment, rounded (halves away from zero), are lit
holes on track 1 (full brightness for the shown keep, dimmer for the next): from
hole 16 onwards when above zero (the holes that go dark in the short look show how much
better the shown keep is); below zero, from hole 45 (the hole under 16 on the way back)
down towards 31. The rank of the shown keep (1 = best) is the number of dim holes from
hole 16 of track 0. Turning steps through the ranking (keep k shown, k + 1 as its next;
the last keep has no next and shows steady); back returns to the deal question.
The display says "ADVICE #k of n", then for the shown keep and its next "#k" and the kept
cards, and "exp" with the expected points and the kept hand's worst and best show in
brackets (e.g. "#1 5H 5C JD QS", "exp 16.9 (10-21)": 16 characters a line).
"""

from micropython import const

from app import events, palette
from app.modes.cards import Picker, card_hole
from app.render import HOLES
from cribbage.advice import rank_keeps
from cribbage.cards import names
from cribbage.deck import dealt_count

PICK = const(0)
DEAL = const(1)
KEEPS = const(2)
_STEP_NAMES = ("pick", "deal", "keeps")
_RANK_HOLE = const(16)
_SHOWN_KEEPS = const(15)
_CYCLE = const(1600)  # ms: one look at the shown keep, then one at the next
_SHOWN_LOOK = const(1000)  # ms of the cycle spent on the shown keep
_NEXT_LEVEL = const(110)  # the next keep's cards: clearly dimmer than the shown keep's
_POINTS_TRACK = const(1)
_POINTS_HOLE = const(16)  # the first hole of a value above zero
_MINUS_HOLE = const(45)  # the first hole of a value below zero (under hole 16, on the way back)
_MOST_POINTS = const(32)  # holes 16-47: up to the picker's grid
_MOST_MINUS = const(15)  # holes 45-31


def rounded_points(keep):
    """The keep's expected points rounded to the nearest int, halves away from zero (exact)."""
    num, den = keep.expected_fraction
    whole = (2 * abs(num) + den) // (2 * den)
    return whole if num >= 0 else -whole


def draw_points(canvas, points, level):
    """``points`` as lit holes of track 1: from hole 16 up when above zero, from hole 45 down when below."""
    if points >= 0:
        for i in range(min(points, _MOST_POINTS)):
            canvas.put(_POINTS_TRACK, _POINTS_HOLE + i, palette.WHITE, level)
    else:
        for i in range(min(-points, _MOST_MINUS)):
            canvas.put(_POINTS_TRACK, _MINUS_HOLE - i, palette.WHITE, level)


class Advise:
    name = "advise"
    full_screen = True

    def __init__(self, board):
        self.players = board.match.settings.players
        self.picker = Picker(dealt_count(self.players))
        self.step = PICK
        self.dealer = True
        self.keeps = None
        self.points = None  # rounded expected points of each keep, once ranked
        self.index = 0

    def handle(self, board, event):
        kind, what = event
        step = self.step
        back = kind == events.PRESS and what == events.BACK
        press = kind == events.PRESS and what == events.ENCODER
        if step == PICK:
            picker = self.picker
            if picker.move(kind, what):  # the cursor moved: nothing more to do
                pass
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
                self.points = [rounded_points(k) for k in self.keeps]
                self.index = 0
                self.step = KEEPS
        else:
            if kind == events.TURN:
                self.index = max(0, min(len(self.keeps) - 1, self.index + what))
            elif back:
                self.keeps = None
                self.points = None
                self.step = DEAL

    def next_keep(self):
        """The keep after the shown one in the ranking, or None for the last."""
        i = self.index + 1
        return self.keeps[i] if i < len(self.keeps) else None

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
        shown = self.keeps[self.index]
        nxt = self.next_keep()
        look_next = nxt is not None and now % _CYCLE >= _SHOWN_LOOK
        for card in self.picker.picked:
            track, hole = card_hole(card)
            if card in shown.keep and not (look_next and card not in nxt.keep):
                canvas.put(track, hole, palette.SUIT_COLOURS[card & 3], palette.FULL)
            elif look_next and card in nxt.keep:
                canvas.put(track, hole, palette.SUIT_COLOURS[card & 3], _NEXT_LEVEL)
            else:
                canvas.put(track, hole, palette.WHITE, palette.DIM)
        if look_next:
            draw_points(canvas, self.points[self.index + 1], _NEXT_LEVEL)
        else:
            draw_points(canvas, self.points[self.index], palette.FULL)
        for i in range(min(self.index + 1, _SHOWN_KEEPS)):
            canvas.put(0, _RANK_HOLE + i, palette.WHITE, palette.DIM)

    def lines(self, board):
        if self.step == PICK:
            picker = self.picker
            return ["ADVICE"] + picker.text() + ["%d/%d cards" % (len(picker.picked), picker.need)]
        if self.step == DEAL:
            return ["ADVICE"] + self.picker.text() + ["I deal" if self.dealer else "I do not deal",
                                                      "p1=deal p2=not"]
        out = ["ADVICE #%d of %d" % (self.index + 1, len(self.keeps))]
        for i in range(self.index, min(self.index + 2, len(self.keeps))):
            keep = self.keeps[i]
            out.append("#%d %s" % (i + 1, names(keep.keep)))
            out.append("exp %.1f (%d-%d)" % (keep.expected, keep.hand_min, keep.hand_max))
        return out

    def describe(self):
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
