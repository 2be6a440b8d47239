"""Counting the show with cards: each hand, then the crib.

The starter comes first, before the play (``app.modes.starter``: the count opens there while
it is unknown). Steps (``back`` steps back exactly one of them), in the core's counting order
(pone's hand, ..., the dealer's hand, the crib):
- cards: pick the 4 cards of the hand or crib (cards on the table are skipped); back puts
  the last card back, or leaves when none is picked; a long press of the encoder dials the
  total instead of cards. A button held a little long counts as its press, but the dealer's
  held asks for his heels (refused: the starter is known; the board says why); so in ranks.
- confirm (muggins off): the count is previewed on the track and said on the display;
  turning scrolls the saying, the encoder press pegs it and moves on to the next show;
  back returns to the cards, all 4 still picked.
- claim (muggins on): dial the points claimed; the encoder press pegs the claim, and the
  board shows nothing of the true count: ``app.modes.muggins`` opens, where the other side
  may call muggins (back there returns here, the claim dialled again). Back to the cards (or
  ranks) and on again, the claim is as it was dialled.
- total: dial the total directly; impossible totals (19, 25, 26, 27) are refused with a
  vermillion flicker; no muggins can be called on a total (there are no cards to check), but the claim
  before may still be called there, as at a claim.
  With the starter skipped, every hand of the deal is a total, and before the first one is
  pegged the dealer's button held pegs his heels.
- ranks: a show by its ranks (``app.rank_show``), then claim or confirm as with cards; a
  hand laid card by card in the play (``app.modes.lay``) is always counted so, its 4 ranks
  taken from the play: only the questions ranks leave open are asked.
At the confirm, total and claim steps p1 and p2 pressed (or held, but the dealer's, or anyone's while the starter is
skipped: his heels) are refused with what to do (at a claim or total, but for a call on the claim before), and the
encoder held opens the menu (the serial line's LED test opens at any step); left, it goes back to this count as it was
(its cards or ranks taken, the answers given, its total or claim dialled: ``kept``, ``Board.idle``) unless it started
a new game or match (a preference changed keeps it: ``Board.change_settings``).
Counting stops the moment someone wins, and after the crib.
On the LEDs, at the confirm, claim and total steps the points are a preview peg and the counted
side's game hole blinks in its colour: points wait for the encoder (at home it breathes); at a claim or
total while the claim before may still be called, the callers' game holes flash white between its blinks.
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from app.modes import button_side, heels_said, kept_off, kept_show, light_callers, may_call
from app.modes.starter import Starter, heels, heels_hint, held_button
from app.picker import Picker, all_out
from app.render import breathing, draw_preview, game_hole, track_of
from cribbage import show
from cribbage.cards import a_rank
from shared import events

_CARDS = const(0)
_CLAIM = const(1)
STEP_TOTAL = const(2)
_CONFIRM = const(3)
STEP_RANKS = const(4)
_STEP_NAMES = const(("cards", "claim", "total", "confirm", "ranks"))


_NOT_PEGGED = const("not pegged")  # a house rule keeps the peg where it is (10 characters: no string on the heap)
_PEGS = const("the encoder pegs it")  # a player's button at the preview or a total, where it has no use


def leave(board):
    """Leave the count with back, home: a show kept to open on (an undo's, or the menu's over a count:
    ``Board.undone``) is let go, the count having been stepped out of."""
    board.undone = None
    board.idle()


def _possible(board, points, crib):
    """True if some hand (or crib) counts ``points`` with the starter, when it is known and muggins is off (with
    muggins on, a claim short of the count is the players' to call: any total some hand counts). Checked here, as a
    total is dialled, not by the rules core's ``hand`` event: a log saved before would no longer replay whole."""
    game = board.match.game
    return show.is_possible_total(points, None if game.settings.muggins else game.starter_rank, crib)


class Count:
    """The show-counting mode; ``step`` says where it is. ``begin`` finds the first thing to count."""

    name = "count"

    def __init__(self, board):
        self.step = _CARDS
        self.picker = None  # None: the starter was skipped, totals only; or the show is by ranks
        self.ranks = None  # the show by ranks (app.rank_show.RankShow), or None
        self.seat = None
        self.crib = False
        self.points = 0  # dialled (claim, total) or counted (confirm)
        self.said = None  # the count said on the display (confirm)
        self._dial = Cursor()  # the points dialled (claim, total): the preview's blink starts lit at each

    @property
    def full_screen(self):
        """Full screen while the cards or ranks are picked; the claim, total and count said draw over the score."""
        return self.step == _CARDS or self.step == STEP_RANKS

    def begin(self, board, left=None):
        """Open on a hand's claim that may still be called (say after a power cut: the muggins
        mode), else on the next thing to count this deal; ``left`` (``Board.left``, the menu left over
        the call): on the call as it was, on the claim (the crib's too, the deal passed) or made."""
        match = board.match
        if left is not None or match.muggins is not None and match.phase == "show":
            from app.modes.muggins import Muggins

            muggins = board.open(Muggins)
            muggins.reopen(board, left == "kept_off")  # (a call made whose points a house rule kept off)
            muggins.next_claim = kept_show(board)  # the next claim, kept over the menu: opened after the call
        else:
            self.next_count(board)

    def next_count(self, board, skipped=False):
        """Go to the next thing to count this deal: the starter first (its own mode) unless
        ``skipped``; the board goes idle when there is nothing. A show just taken back by undo
        opens as it was before it was pegged (``_reopen``)."""
        match = board.match
        if match.winner is not None or match.next_show is None:
            board.idle()
            return
        undone = kept_show(board)
        # (a show taken back while the starter is unknown was a total: its starter was skipped)
        skipped = skipped or board.in_deal(board.skipped)  # (before a play laid card by card: app.modes.starter)
        if match.starter_rank is None and match.phase == "play" and not skipped and undone is None:
            board.open(Starter)
            return
        self.seat, kind = match.next_show
        self.crib = kind == "crib"
        self.picker = self.ranks = None
        self.points = 0  # (a claim dialled and stepped back from stays, until the next show: ``_counted``)
        laid = self._laid_ranks(board)
        if match.starter_rank is None:  # skipped for this deal: totals only
            self.step = STEP_TOTAL
        elif laid is not None:  # its ranks are known, only what they cannot tell is asked
            self.by_ranks(board, laid)
        elif match.starter is None:  # known by its rank only: the shows by ranks
            self.by_ranks(board, ())
        else:
            self.step = _CARDS
            used = match.used
            table = None
            if match.game.laying is not None or match.game.ranks:  # ranks out that no card names
                from cribbage.show_ranks import on_table, suited_out

                game = match.game
                table = on_table(game)
                # and cards an answer placed (his nobs, a flush of five: of the starter's suit), never offered
                suited = suited_out(game)
                used = used + [r * 4 + (game.starter & 3) for r in range(13) if suited >> r & 1]
            self.picker = Picker(show.HAND_SIZE, used, table)
        if undone is not None:
            self._reopen(board, undone)

    def _laid_ranks(self, board):
        """The ranks (0-12) of the hand counted as it was laid in the play card by card, or None."""
        laid = None if self.crib else board.match.laid
        if laid is not None and len(laid[self.seat]) == show.HAND_SIZE:
            return [rank - 1 for rank in laid[self.seat]]
        return None

    def by_ranks(self, board, ranks, event=None):
        """Count this show from ``ranks`` (up to 4: laid in the play), see ``app.rank_show``."""
        from app.rank_show import RankShow  # loaded only for a show by ranks

        self.ranks = RankShow(self.crib, ranks, self._laid_ranks(board) is not None)
        self.ranks.begin(board, self, event)

    def after(self, board, crib):
        """After a show (``crib``: the crib) and its call: the next show, or home after the crib or a win."""
        if crib or board.match.winner is not None:
            board.idle()
        else:
            self.next_count(board)

    def _reopen(self, board, event):
        """The show ``event`` was taken back (undo, or back at its muggins call): open as it was before it
        was pegged, to be pegged again with a press or changed with a step back: its cards (or ranks
        and answers) taken and the count said, or its claim or total dialled. A show kept before it was
        counted (``kept``: its claim's place holds the step) opens at that step as it was."""
        where = event[-1]
        kept = type(where) is list  # [step, points, then the picker's cursor, or the answers and the rank dialled]
        if event[0] == "show_ranks":
            self.by_ranks(board, event[2], None if kept else event)  # (kept: its answers given below)
            if kept:
                ranks = self.ranks
                ranks.answers, ranks.rank, ranks.answer = where[2][:], where[3], where[4]
        elif kept:
            picker = self.picker
            if picker is not None:  # (None: the starter skipped, a total alone)
                picker.picked = list(event[-2])
                picker.rank, picker.suit, picker.wanted = where[2] >> 2, where[2] & 3, where[3]
        elif event[-2] is None:  # a total
            self.step = STEP_TOTAL
            self.points = event[-1]
            return
        else:
            self.picker.picked = list(event[-2])
        if kept:
            self.step, self.points = where[0], where[1]
            return
        self._counted(board)
        if self.step == _CLAIM:
            self.points = event[-1] or 0  # (a show given over the serial line may claim nothing: from 0)

    def counting_side(self, board):
        """The side that pegs the show being counted."""
        return board.match.settings.side_of(self.counted_seat(board))

    def counted_seat(self, board):
        """The seat whose show this is: the dealer's for the crib."""
        return board.match.game.dealer if self.crib else self.seat

    def _event(self, cards, claim):
        if self.crib:
            return ["crib", cards, claim]
        return ["hand", self.seat, cards, claim]

    def _shown_event(self, board, claim):
        """The show's event (cards, or ranks and answers) with ``claim``."""
        if self.ranks is not None:
            return self.ranks.event(None if self.crib else self.seat, board.match.starter_rank, claim)
        return self._event(self.picker.picked[:], claim)

    def kept(self, board):
        """The show as it stands, where the count opens again once the menu (or the LED test) over it is left
        with nothing done (``Board.open_menu``): counted (the count said, a claim dialled), its event; else (its
        cards or ranks being picked, or its total dialled, back from which they are as picked) its cards or ranks
        taken with, in the claim's place, the step and what ``_reopen`` needs to open there as it was:
        ``[step, points]``, then the picker's cursor (its card and suit wanted), or the answers given and the rank
        and answer dialled."""
        step = self.step
        if step == _CONFIRM or step == _CLAIM:
            return self._shown_event(board, self.points)
        where = [step, self.points]
        ranks = self.ranks
        if ranks is not None:
            return ["show_ranks", None if self.crib else self.seat, ranks.ranks[:], 0, False,
                    where + [ranks.answers[:], ranks.rank, ranks.answer]]
        picker = self.picker
        if picker is None:  # the starter skipped: a total alone
            return self._event(None, where)
        return self._event(picker.picked[:], where + [picker.card, picker.wanted])

    def handle(self, board, event):
        """The step's own handler: cards picked, ranks asked (``app.rank_show``), the count said confirmed or a claim or
        total dialled; at those last three the encoder held opens the menu."""
        step = self.step
        if step == _CARDS:
            self._picking(board, event)
        elif step == STEP_RANKS:
            self.ranks.handle(board, self, event)
        elif event[0] == events.LONG and event[1] == events.ENCODER:  # (at the cards or ranks: the total)
            board.open_menu()  # as at home (``kept``: the count opens again as it stands)
        elif step == _CONFIRM:
            self._confirming(board, event)
        else:
            self._dialling(board, event)

    def _picking(self, board, event):
        kind, what = event
        picker = self.picker
        if kind == events.LONG and what != events.ENCODER:
            if held_button(board, event):  # the dealer's: his heels, refused here with why
                return
            kind = events.PRESS  # another button held a little long: the press it was meant as
        if picker.move(kind, what):  # the cursor moved: nothing more to do
            pass
        elif kind == events.PRESS and what == events.BACK:
            if not picker.drop():
                leave(board)
        elif kind == events.LONG and what == events.ENCODER:
            self.step = STEP_TOTAL
            self.points = 0
        elif kind == events.PRESS and what == events.ENCODER and picker.take():
            self._counted(board)

    def _counted(self, board):
        """The claim (muggins on: as dialled before back went to the cards or ranks, else 0), else the count said."""
        if board.match.settings.muggins:
            self.step = _CLAIM
        else:
            self.step = _CONFIRM
            match = board.match
            self.points = (self.ranks.score(match.starter_rank) if self.ranks
                           else show.score(self.picker.picked, match.starter, self.crib))
            self.said = None  # said when first shown (``_saying``): the LEDs show the points first

    def _saying(self, board):
        """The count said (``app.said``), made when the display first shows it or it is scrolled: its
        words take every combination of the cards (``show.count``: 5 ms on the chip, where the
        points alone, ``show.score``, take 0.3), so the frame that shows the points goes out first."""
        said = self.said
        if said is None:
            from app.said import Said  # loaded once a count is said

            match = board.match
            count = (self.ranks.count(match.starter_rank) if self.ranks
                     else show.count(self.picker.picked, match.starter, self.crib))
            kept = self._kept(board)  # (a house rule keeps the points off: its "not pegged" line, and the key goes on)
            said = self.said = Said(count, 2 if kept else 1, "enc=go on" if kept else "enc=peg")
        return said

    def _dialling(self, board, event):
        """The claim or the total: turn to dial, press to peg; a player's button pressed is refused with what to do."""
        kind, what = event
        side = button_side(board, event)
        match = board.match
        if may_call(board, side):  # the claim before still open to a call: the button calls it (a total pegged first
            from app.modes.muggins import Muggins  # would end it unsaid: a play-test)

            muggins = board.open(Muggins)
            muggins.reopen(board)
            muggins.next_claim = self.kept(board)  # this show as it stands: opened after
            muggins.handle(board, event)
        elif kind == events.LONG and side is not None and (match.starter_rank is None
                                                           or side == match.settings.side_of(match.dealer)):
            if heels(board, side) and match.winner is not None:  # his heels while the starter is unknown (skipped),
                board.idle()  # or the dealer's asking (refused with why); another's button held is its press, below
        elif kind == events.TURN:
            self.points = max(0, min(show.MAX_SHOW, self.points + what))
        elif kind == events.PRESS and what == events.BACK:
            if self.picker is not None or self.ranks is not None:
                self._back(board)
            elif match.phase == "play":
                board.open(Starter)  # nothing counted yet: the starter again (a step of the count: a kept show stays)
            else:
                leave(board)
        elif kind == events.PRESS and what == events.ENCODER:
            if self.step == _CLAIM:
                self._claim(board)
            elif not _possible(board, self.points, self.crib):
                if show.is_possible_total(self.points):  # ruled out by the starter (a 5 turned: 0); two lines of 16
                    board.messages.refuse("with %s no %s counts %d" % (a_rank(board.match.game.starter_rank),
                                                                       "crib" if self.crib else "hand", self.points))
                else:
                    board.messages.refuse("no hand counts %d" % self.points)
            elif board.try_apply(self._event(None, self.points)):
                self.after(board, self.crib)
        else:  # p1 or p2 pressed, or held but for his heels: refused with what to do (a claim is called once pegged:
            # app.modes.muggins)
            board.messages.refuse("call muggins after the peg" if self.step == _CLAIM else _PEGS)

    def _claim(self, board):
        """Peg the claim; then the other side may call muggins on it (the muggins mode)."""
        seat = self.counted_seat(board)  # before the crib passes the deal
        event = self._shown_event(board, self.points)
        if board.try_apply(event):
            if board.match.muggins is None:  # the claim won the game: no call after it
                self.after(board, self.crib)
            else:
                from app.modes.muggins import Muggins

                board.open(Muggins).claimed(seat, self.crib, event)

    def _confirming(self, board, event):
        """The count said on the display before it is pegged; a player's button is refused with what to do."""
        kind, what = event
        if kind == events.TURN:
            self._saying(board).turn(what, board.messages)
        elif kind == events.PRESS and what == events.BACK:
            self._back(board)
        elif kind == events.PRESS and what == events.ENCODER:
            if board.try_apply(self._shown_event(board, None)):
                self.after(board, self.crib)
        else:  # a player's button, pressed or held: refused with what to do
            board.messages.refuse(_PEGS)

    def _back(self, board):
        """Back to the cards as picked, or the last answer (or rank dialled) taken back; with nothing to
        take back (ranks laid in the play, nothing asked) the count is left (``leave``)."""
        if self.step == STEP_TOTAL:  # a total is no claim: one dialled after these cards starts at 0
            self.points = 0
        if self.ranks is None:
            self.step = _CARDS
        elif self.step == STEP_TOTAL or self.ranks.back():
            self.step = STEP_RANKS
        else:
            claimed = self.step == _CLAIM and self._shown_event(board, self.points)
            leave(board)
            if claimed:  # the claim dialled kept, as a hand's picked cards keep theirs (a play-test: 0 again)
                board.undone = claimed

    def draw(self, board, canvas, now):
        """Cards or ranks: the picker (or the ranks) and the counted side's game hole breathing; else the points as a
        preview peg, vermillion when refused or impossible."""
        side = self.counting_side(board)
        if self.step == _CARDS or self.step == STEP_RANKS:
            if self.step == _CARDS:
                self.picker.draw(canvas, now)
            else:
                self.ranks.draw(canvas, now, board.colours[side], board.match.starter_rank)
            canvas.put(track_of(side), game_hole(board), board.colours[side], breathing(canvas, now))
        else:
            refused = (board.messages.refused(now)
                       or self.step == STEP_TOTAL and not _possible(board, self.points, self.crib))
            dialled = self._dial.time(now, self.points)
            draw_preview(board, canvas, dialled, side, self.points, refused)
            # the counted side's game hole blinks (at home it breathes): points wait for the encoder, 0 too,
            # which a preview cannot show (a slow press on a hand's last card opens the total at 0); not over
            # a refused preview's flicker, which may land there
            if not refused:
                lit = canvas.blink(dialled, 400, 266)
                canvas.put(track_of(side), game_hole(board), board.colours[side], palette.FULL if lit else 0)
                claimer = board.match.muggins
                if not lit and claimer is not None and self.step != _CONFIRM and board.match.phase == "show":
                    # the claim before still open to a call, whose buttons call here too: their game holes
                    # flash white between the blinks (two players: the caller counts now, its own hole)
                    light_callers(board, canvas, claimer)

    def title(self, board):
        """``P1 HAND`` / ``P2 CRIB``."""
        return board.match.settings.seat_name(self.counted_seat(board)) + (" CRIB" if self.crib else " HAND")

    def lines(self, board):
        """The title (``P1 HAND``), then the picker's or ranks' lines, the total or claim dialled, or the count said."""
        step = self.step
        title = self.title(board)
        if step == STEP_RANKS:
            return self.ranks.lines(board, title)
        if step == _CARDS:
            picker = self.picker
            return ([title] + picker.text() + all_out(picker.table)
                    + ["%d/%d cards" % (len(picker.picked), picker.need), "turn=rank", "p1/p2=suit",
                       "enc=count" if picker.done else "enc=take", "hold enc=total"])
        calls = []  # at a total or claim, the claim before while still open to a call, and the buttons that call it
        claimer = board.match.muggins
        if claimer is not None and board.match.phase == "show" and step != _CONFIRM:
            from app.modes.muggins import call_keys

            calls = ["muggins on %s?" % board.match.settings.side_name(claimer)] + call_keys(board, claimer)
        if step == STEP_TOTAL:
            note = ("impossible!" if not _possible(board, self.points, self.crib)
                    else _NOT_PEGGED if self._kept(board) else "enc=peg")
            out = [title, "total %d" % self.points, note] + self._skipped(board) + calls
            if len(out) + 1 < board.messages.room():  # the dial's key too, as at a claim (room left for an undo's or
                out.insert(2, "turn=total")  # refusal's line): the total opens at 0, which a press alone would peg
            return out
        if step == _CLAIM:
            out = [title, "claim %d" % self.points, "muggins is on", _NOT_PEGGED if self._kept(board) else "enc=peg"]
            out += calls
            if len(out) + 1 < board.messages.room():  # the dial's key too, with room left for an undo's or refusal's
                out.insert(3, "turn=claim")  # line: the claim opens at 0, which a press alone would peg
            if self.ranks is not None and len(out) + 1 < board.messages.room():  # the ranks the board judges the
                out.insert(1, self.ranks.text(board.match.starter_rank))  # claim by: a hand's as laid
            return out
        head = [title + " %d" % self.points] + ([_NOT_PEGGED] if self._kept(board) else [])
        return self._saying(board).under(head, board.messages)

    def _skipped(self, board):
        """The display's lines for a deal whose starter was skipped (a long press, perhaps a slow one,
        opened its totals): said, with the way back to it and his heels (how to peg them, or pegged) while nothing is
        counted."""
        match = board.match
        if match.starter_rank is not None:
            return []
        if match.phase != "play":  # a show is counted: no way back to the starter
            return ["starter skipped"]
        out = ["starter skipped", "back=starter"]
        if match.heels:  # said, as at home: held here, the dealer's button changed nothing else on the display
            return out + heels_said(match)
        out.append(heels_hint(match))
        return out

    def _kept(self, board):
        """Why a house rule keeps the peg where it is for the points dialled or counted (``kept_off``), else None."""
        match = board.match
        return kept_off(match, match.settings.side_of(self.counted_seat(board)), self.points)

    def describe(self):
        """The step, whose show (seat, crib), the points, the cards picked and the show by ranks."""
        return {"mode": self.name, "step": _STEP_NAMES[self.step], "seat": self.seat, "crib": self.crib,
                "points": self.points, "picked": list(self.picker.picked) if self.picker else [],
                "ranks": None if self.ranks is None else self.ranks.describe()}
