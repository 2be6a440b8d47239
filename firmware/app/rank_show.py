"""A show counted by its ranks: dial the 4 ranks (or take them from the play), then answer what ranks cannot tell.

Used by the count (``app.modes.count``) when the starter is known by its rank only, or when
the ranks come from the play (``Count.by_ranks``, after ``next_count``: the starter must be
known); loaded only then. Both steps are the count's step "ranks"; as with cards a long
press of the encoder dials the total instead, and the dealer's button held asks for his
heels (refused: the starter is known). Steps:
- ranks: turn to the rank (Ace to King, round, past the ranks whose four cards are on the table
  this deal or taken, as the card picker does), the encoder press takes it; back puts the
  last one back (none taken, or all laid in the play: the count leaves). On the LEDs the
  picker's grid: the n-th rank taken in the n-th row (in the side's colour), the rank being
  dialled blinking in the next row.
- questions, only those with two possible answers (``cribbage.show_ranks``): "one suit?"
  (4 different ranks; for the crib, all five), then for a hand "starter too?" (the starter
  could be of that suit), else "his nobs?" (a Jack in the show, the starter no Jack, no
  flush: is one of its Jacks of the starter's suit?). Turning flips the answer (p1 sets yes, p2 no), the encoder
  press gives it, back takes back the last answer (none: the last rank taken is dialled again; all
  four laid in the play: the count is left).
  On the LEDs the ranks taken shine green for yes, vermillion for no: for "one suit?" the four
  blink, for "starter too?" they shine steady, for "his nobs?" only the Jacks blink.
Then the count goes on as with cards: the claim (muggins on) or the count said and pegged.
"""

from micropython import const

from app import palette
from app.cursor import Cursor
from app.modes.count import STEP_RANKS, STEP_TOTAL, leave
from app.modes.starter import held_button
from app.picker import all_out, card_hole
from app.text import wrap
from cribbage import show_ranks
from cribbage.cards import JACK, rank_name
from shared import events

_RANKS = const(13)
_ASK_SUIT = const(1)  # the questions (``asked``'s third item: one suit? starter too? his nobs?; private: no name)
_ASK_STARTER = const(2)
_ASK_NOBS = const(3)  # (not show_ranks.NOBS, an answer's bit)
_ASKED = const(("", "one suit?", "starter too?", "his nobs?"))
_ASKED_LINE_2 = const(("", "", "(flush of five)", "J starter's suit"))
# the crib's "one suit?" is of all five (only that flush counts there): said, or its four alone would be answered
_CRIB_ONE_SUIT = const("(starter too)")


class RankShow:
    """The ranks and answers of one show; ``ranks`` (taken), ``rank`` (being dialled), ``answers`` (given)."""

    def __init__(self, crib, ranks, laid=False):
        self.crib = crib
        self.ranks = list(ranks)
        self.laid = len(self.ranks) if laid else 0  # ranks laid in the play: facts, never taken back
        self.rank = 0
        self.answers = []
        self.answer = False  # the answer being dialled
        self._cursor = Cursor()  # the rank dialled, in the picker's grid

    def begin(self, board, count, event):
        """Open in ``count`` (the count mode, its ``ranks`` this): the next rank or question, or at once
        the count when nothing is left to ask; ``event``: a show by ranks whose answers to give again."""
        count.picker = None
        count.step = STEP_RANKS
        # (the cards on the table change only by an event, which ends this show)
        self.table = show_ranks.on_table(board.match.game)
        self.suited = show_ranks.suited_out(board.match.game)  # what the other shows rule out: never asked
        self._turn(0)
        if event is not None:
            self._answer_again(board.match.starter_rank, event)
        else:
            self.handle(board, count, None)

    @property
    def taken(self):
        """True once the 4 ranks are taken."""
        return len(self.ranks) == 4

    def asked(self, starter_rank):
        """(flush, nobs, the next question or 0 when all are answered) from the answers given so far."""
        answers = self.answers
        flushes = show_ranks.flush_options(self.ranks, starter_rank, self.crib, self.suited)
        flush = 0
        i = 0  # answers used
        if len(flushes) > 1:
            if not answers:
                return 0, False, _ASK_SUIT
            i = 1
            if answers[0]:
                flush = flushes[-1] if self.crib else 4
                if not self.crib and flushes[-1] == 5:
                    if i == len(answers):
                        return 4, False, _ASK_STARTER
                    flush = 5 if answers[i] else 4
                    i += 1
        options = show_ranks.nobs_options(self.ranks, starter_rank, flush, self.suited)
        if options == show_ranks.NO_NOBS | show_ranks.NOBS:
            if i == len(answers):
                return flush, False, _ASK_NOBS
            return flush, answers[i], 0
        return flush, options == show_ranks.NOBS, 0

    def event(self, seat, starter_rank, claim):
        """The core's ``["show_ranks", ...]`` of this show (``seat`` None: the crib)."""
        flush, nobs, _ = self.asked(starter_rank)
        return ["show_ranks", seat, self.ranks[:], flush, nobs, claim]

    def score(self, starter_rank):
        """The show's points, all questions answered: ``show_ranks.score``, as quick as ``show.score`` (the
        count's frame goes out before its words, ``count``, are made)."""
        flush, nobs, _ = self.asked(starter_rank)
        return show_ranks.score(self.ranks, starter_rank, flush, nobs, self.crib)

    def count(self, starter_rank):
        """The show's Count, all questions answered."""
        flush, nobs, _ = self.asked(starter_rank)
        return show_ranks.count(self.ranks, starter_rank, flush, nobs, self.crib)

    def handle(self, board, count, event):
        """Take one input ``event`` (None: none, the show as given) for ``count`` (the count mode): when
        the show needs nothing more, the count goes on (the claim, or the count said)."""
        if event is not None:
            kind, what = event
            if kind == events.LONG and what != events.ENCODER:
                # the dealer's button: his heels, refused here with why; another's: its press held long
                kind = None if held_button(board, event) else events.PRESS
            if kind == events.LONG and what == events.ENCODER:
                count.step = STEP_TOTAL
                count.points = 0
                return
            elif kind == events.PRESS and what == events.BACK:
                if not self.back():
                    leave(board)
                    return
            elif not self.taken:
                if kind == events.TURN:
                    self._turn(what)
                elif kind == events.PRESS and what == events.ENCODER:
                    self._take()
            elif kind == events.TURN:  # a detent flips it, however fast (its acceleration counts for nothing)
                self.answer = not self.answer
            elif kind == events.PRESS and (what == events.PLAYER_1 or what == events.PLAYER_2):
                self.answer = what == events.PLAYER_1  # as at the discard advice's question: p1 yes, p2 no
            elif kind == events.PRESS and what == events.ENCODER:
                self.answers.append(self.answer)
                self.answer = False
        if self.ready(board):
            count._counted(board)

    def back(self):
        """Take back the last answer (asked again), else the last rank dialled (dialled again); False if none."""
        if self.answers:
            self.answer = self.answers.pop()
        elif len(self.ranks) > self.laid:
            self.rank = self.ranks.pop()
        else:
            return False
        return True

    def ready(self, board):
        """True if the show needs nothing more (ranks taken, all answered)."""
        return self.taken and not self.asked(board.match.starter_rank)[2]

    def _out(self, rank):
        """True if the table (``show_ranks.on_table``: the cards laid in the play too) and the ranks taken
        hold the four cards of ``rank``."""
        return self.table[rank] + self.ranks.count(rank) >= 4

    def _turn(self, steps):
        """Dial ``steps`` ranks round (negative: down; 0: on from a rank that is out), past those out."""
        step = -1 if steps < 0 else 1
        rank = self.rank
        for _ in range(max(1, steps * step)):
            if steps or self._out(rank):
                rank = (rank + step) % _RANKS
                while self._out(rank):  # (a show's four ranks are never all out: 52 cards)
                    rank = (rank + step) % _RANKS
        self.rank = rank

    def _take(self):
        """Take the rank dialled (then on to the next if that was its last card)."""
        self.ranks.append(self.rank)
        self._turn(0)

    def _answer_again(self, starter_rank, event):
        """Give the answers of a ``["show_ranks", ...]`` ``event`` again (its claim taken back)."""
        flush, nobs = event[3], event[4]
        while True:
            question = self.asked(starter_rank)[2]
            if not question:
                return
            self.answers.append(flush != 0 if question == _ASK_SUIT else flush == 5 if question == _ASK_STARTER
                                else nobs)

    def describe(self):
        """The ranks taken, the rank dialled or the answer dialled, and the answers given (for the serial line)."""
        return {"taken": self.ranks[:], "rank": self.rank, "answers": self.answers[:], "answer": self.answer}

    def draw(self, canvas, now, colour, starter_rank):
        """The ranks in the picker's grid, a row each; the rank dialled blinks. A question colours
        them with the answer dialled, and tells itself apart without the display: "one suit?" the
        four blink, "starter too?" they shine steady, "his nobs?" only the Jacks blink."""
        taken = self.ranks
        question = self.asked(starter_rank)[2] if self.taken else 0
        lit, level = colour, palette.FULL
        if question:
            lit = palette.GREEN if self.answer else palette.VERMILLION
            if question != _ASK_STARTER and not canvas.blink(now, 600, 420):
                level = palette.DIM
        for row in range(len(taken)):
            track, hole = card_hole(taken[row] * 4 + row)
            canvas.put(track, hole, lit, level if question != _ASK_NOBS or taken[row] == JACK else palette.DIM)
        if not self.taken and self._cursor.lit(canvas, now, self.rank * 4 + len(taken)):
            track, hole = card_hole(self.rank * 4 + len(taken))
            canvas.put(track, hole, colour, palette.FULL)

    def text(self, starter_rank):
        """The ranks taken and the starter's, a line: "10 5 4 9 st K" (four tens at most: 16 characters)."""
        return " ".join([rank_name(r) for r in self.ranks]) + " st " + rank_name(starter_rank)

    def lines(self, board, title):
        """The display: what is taken, and the rank being dialled or the question."""
        starter_rank = board.match.starter_rank
        if not self.taken:
            return ([title] + wrap(" ".join([rank_name(r) for r in self.ranks] + [">" + rank_name(self.rank)]))
                    + ["starter " + rank_name(starter_rank)] + all_out(self.table)
                    + ["%d/4 ranks" % len(self.ranks), "turn=rank", "enc=take"])
        question = self.asked(starter_rank)[2]
        told = _CRIB_ONE_SUIT if self.crib and question == _ASK_SUIT else _ASKED_LINE_2[question]
        return [title, self.text(starter_rank), _ASKED[question], told,
                "> yes" if self.answer else "> no", "turn=yes/no", "enc=answer"]
