"""Muggins (a house rule): after a claim is pegged, the other side may call it.

Opened by the count (``app.modes.count``) once a claim on cards (or ranks) is pegged, or when the count
reopens on a hand's claim that may still be called (after a power cut), or on the call as the menu found
it (``Board.idle``: the crib's too, once the deal has passed, or the call made). The board has shown
nothing of the true count. Steps:
- call: the claim stands on the track; any other side may call "muggins" with its button
  (p1, p2; player 3: back held; in a team game the team's button, for either partner): the
  core's ``["muggins", side]``. The encoder press goes on without a call (the overlooked
  points, if any, are lost once the next count is pegged); back takes the claim back, to
  dial it again.
- called: the whole count, said, and what the call pegged to the caller ("no muggins: claim
  was right" when the claim was the count); turning scrolls the saying, the encoder press
  goes on, back takes the call back.
The encoder held opens the menu (left, back at the call, or at the call made, as it was: ``Board.idle``).
Only here is the count shown, so a call never depends on what the board let slip. This
module loads only with muggins on (and leaves the heap with the count's modules).
"""

from micropython import const

from app import palette
from app.modes import button_side, draw_callers
from app.modes.count import Count
from app.render import game_hole
from app.said import Said
from shared import events

_CALL = const(0)
_CALLED = const(1)
_STEP_NAMES = const(("call", "called"))
_CALL_KEYS = const(("p1", "p2", "hold back"))  # each side's button (see app.modes.button_side)


def call_keys(board, claimer):
    """The display's lines naming each side that may call muggins on ``claimer``'s claim, and its button."""
    settings = board.match.settings
    return ["%s: %s" % (settings.side_name(side), _CALL_KEYS[side])
            for side in range(settings.sides) if side != claimer]


class Muggins:
    """The call after the ``claim`` of ``seat`` (its hand, or its crib with ``crib``)."""

    name = "muggins"
    full_screen = False

    def __init__(self, board):
        self.step = _CALL
        self.seat = 0
        self.crib = False
        self.claim = 0
        self.said = None
        self.caller = None
        self.called = 0  # what the call pegged
        self.kept_off = False  # a house rule kept the call's points off the track
        self.next_claim = None  # the next claim as dialled, when the call came from it: reopened after

    def claimed(self, seat, crib, event):
        """Open on the claim just pegged (``event``: its show, by cards or ranks)."""
        self.seat = seat
        self.crib = crib
        self.claim = event[-1]

    def reopen(self, board, kept_off=False):
        """Open on the last event of the log: a claim still open to a call (only a hand's but when the menu
        is left over the crib's: home says nothing of it once the deal has passed), or a call just made,
        on its screen (``kept_off``: the caller's peg stayed where it was)."""
        match = board.match
        event = next(match.iter_log(match.events - 1))
        call = None
        if event[0] == "muggins":  # the claim is the event before it
            call, event = event, next(match.iter_log(match.events - 2))
        crib = event[0] == "crib" or event[1] is None  # (a crib by ranks has no seat)
        seat = event[1]
        if crib:  # its dealer: the deal has passed on since, unless a call on it won the game (the loser deals next)
            seat = match.dealer if match.phase == "over" else (match.dealer - 1) % match.settings.seats
        self.claimed(seat, crib, event)
        if call is not None:
            count = match.last_count
            self.caller = call[1]
            self.called = count.total - self.claim
            self.kept_off = kept_off and self.called != 0  # (a house rule: else it would change nothing)
            # the whole count, at last, under the call's lines (and "P1 WINS" if it won), and what comes next
            self.said = Said(count, (4 if self.kept_off else 3) + (match.winner is not None), "enc=go on")
            self.step = _CALLED

    def kept(self, board):
        """The next claim as dialled, if the call came from it: reopened after the menu (``Board.open_menu``)."""
        return self.next_claim

    def counting_side(self, board):
        """The claimer's side: its game hole breathes."""
        return board.match.settings.side_of(self.seat)

    def _go_on(self, board):
        if self.crib and self.step == _CALL:  # the crib's call passed: a power-on comes back home (Board.passed)
            board.pass_call()
        if self.next_claim is not None:
            board.undone = self.next_claim  # (as the menu keeps a show: Board.undone, app.modes.kept_show)
        board.open(Count).after(board, self.crib)

    def handle(self, board, event):
        """The encoder goes on without a call, held opens the menu; back takes the claim (or the call) back; a side's
        button calls muggins; once called, a turn scrolls the saying."""
        kind, what = event
        side = button_side(board, event)
        if kind == events.PRESS and what == events.ENCODER:
            self._go_on(board)
        elif kind == events.LONG and what == events.ENCODER:  # the menu, as at home (a call may still come after)
            board.open_menu()
        elif kind == events.PRESS and what == events.BACK:
            if board.attempt(board.undo):
                if self.step == _CALL:  # the claim taken back: dialled again, its cards (or ranks) still taken
                    board.open(Count).next_count(board)
                else:
                    self.step = _CALL
        elif self.step == _CALLED and kind == events.TURN:
            self.said.turn(what, board.messages)
        elif side is not None and self.step == _CALLED:  # the core, whose call is gone once made, would say only
            board.messages.refuse("muggins was called: the first call counts")  # that none is open now
        elif side is not None:
            front = board.match.game.front[side]
            if board.try_apply(["muggins", side]):
                # peg out exactly or the stinkhole may keep the caller's peg where it was: said so
                self.reopen(board, board.match.game.front[side] == front)

    def draw(self, board, canvas, now):
        """The claim (and a call's points) stand on the track as pegs; without the display: while a
        call may come, the game hole of each track with a side that may call blinks white (its
        players' buttons call; the claimer's breathes between: three players' P1 and P3 share a
        track); a call on a right claim blinks the claimer's front peg off (or its game hole, the
        peg not out yet), a call a house rule keeps off the track the caller's: else it would change
        nothing on the LEDs."""
        claimer = self.counting_side(board)
        if self.step == _CALL:
            draw_callers(board, canvas, now, claimer)
        elif (self.kept_off or not self.called) and not canvas.blink(now, 400, 200):
            side = self.caller if self.kept_off else claimer
            canvas.put(side & 1, board.match.game.front[side] or game_hole(board), palette.WHITE, 0)

    def title(self, board):
        """``P2 HAND`` / ``P1 CRIB``: whose claim."""
        return board.match.settings.seat_name(self.seat) + (" CRIB" if self.crib else " HAND")

    def lines(self, board):
        """The claim ("not pegged" under it if a house rule kept it off) and each side's button to call it; once
        called, the count said under what the call pegged."""
        settings = board.match.settings
        title = self.title(board)
        if self.step == _CALL:
            head = [title + " %d" % self.claim]
            if board.match.game.call[-1] == "held":  # a house rule kept the claim off: said, as of a call
                head.append("not pegged")
            return head + ["muggins?"] + call_keys(board, self.counting_side(board)) + ["enc=go on", "back=re-claim"]
        if self.called:
            head = ["muggins %s +%d" % (settings.side_name(self.caller), self.called), "claim %d" % self.claim]
            if self.kept_off:
                head.insert(1, "not pegged")
        else:
            head = ["no muggins:", "claim was right"]
        winner = board.match.winner
        if winner is not None:  # the call won the game: said here, before the encoder goes on to its end, with the
            # games it is worth ("P1 WINS 3 GAMES": a skunk's; what the losers got is said at the end: the count keeps
            # its lines here)
            from app.modes.peg import result_lines  # (home's: loaded)

            head.append(result_lines(board.match)[0])
        return self.said.under([title + " %d" % (self.claim + self.called)] + head, board.messages)

    def describe(self):
        """The step, whose claim, the points claimed and, once called, what the call pegged."""
        return {"mode": self.name, "step": _STEP_NAMES[self.step], "seat": self.seat, "crib": self.crib,
                "points": self.claim, "called": self.called if self.step == _CALLED else None}
