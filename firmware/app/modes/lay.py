"""The play, card by card (the ``play`` preference set to card by card): the board counts the pegging.

The board's home during the play once the starter is known (``Board.idle`` opens it: ``Board.playing``): the
seat whose turn it is (the pone leads, then round to the left) dials the rank of the card it
lays and presses; the core (``["lay", seat, rank]``) adds it to the count and pegs what it
makes, and the display says it as players do ("fifteen two", "thirty-one for two").
- turn: the rank, Ace to King (it stays where it was for the next card, or moves to the next rank up that may
  be laid, or else down, when that was its last card or would pass 31; a power cut dials 5 again, or the
  highest rank under 31, as the first frame, drawn before the log is replayed (``app.glance``), knows the count
  but no card: a press there once its four are out is refused, and the dial goes past it);
- encoder press: the seat whose turn it is lays a card of that rank; once every card is
  laid, it counts the hands (as from the home mode);
- its player's button (p1, p2; player 3: back held; a team's button for either partner):
  that seat says go (``["go", seat]``); another player's button is refused;
- back: undo the last card or go (or whatever was last), as at home; a card taken back is
  dialled again (its rank);
- encoder long press: the menu.
A card the core refuses (past 31, a fifth of a rank; the play over: from the serial line) flickers
vermillion and changes nothing.

On the LEDs, without the display, all on the track of the side whose turn it is: its game
hole breathes (as for the show); the rank dialled blinks in the first row, Ace at hole 1 to
King at hole 13 (as in the cut for deal; lit as soon as it is turned); the running count is a bar of dim holes along the
way back from hole 60 (under hole 1: a count of 31 reaches hole 30; a team's second
partner: every other hole), and the dialled card's value blinks on after it (vermillion past
31). So the count, the card and whose turn are all seen.
"""

from micropython import const

from app import palette
from app.messages import LINES
from app.modes import button_side, heels_said, home_or_call, side_lines
from app.render import draw_pegs
from app.text import wrap
from cribbage.cards import rank_name, value
from cribbage.saying import say_play  # (here, not where it is said: an import there held a detent 13 ms)
from shared import events
from shared.holes import under
from shared.ticks import ticks_diff

_RANKS = const(13)  # the rank dialled: 1 (Ace) to _RANKS (King), as the core's ["lay", seat, rank]
_MOST = const(31)  # the count never passes it (cribbage.play.GAME_COUNT: not imported before the first card)
_COUNT_LEVEL = const(40)  # the count's bar: well under a back peg's 96 (palette), so the pegs it covers show


def _settle(board, rank):
    """``rank`` if a card of it may be laid next, else the next rank up (to the King) that may, or else down;
    ``rank`` if none may (a go). After a press (a card laid, or refused): a fifth card of a rank (the starter one
    of its four) or a card past 31 would be refused, so the dial does not rest there. It does not wrap, as a turn
    does not: past the Kings' last at a count of 10, the Queen, not the Ace 12 clicks off."""
    game = board.match.game
    laying = game.laying
    if laying is not None:
        from cribbage.laying import free  # (loaded with the play's first card)

        room = _MOST - laying.play.count
        for step in (1, -1):
            near = rank
            while 1 <= near <= _RANKS:
                if free(game, near - 1) and value(near * 4 - 4) <= room:
                    return near
                near += step
    return rank


def _undone_rank(board, rank):
    """The rank of the card the last undo took back (``Board.undone``), or ``rank`` if it took back no card."""
    undone = board.undone
    return undone[2] if undone is not None and undone[0] == "lay" else rank


def play_said(match):
    """The last card or go of the play laid card by card said (``said`` of the match's laying), as the display's
    lines: "P2: fifteen two"; a go's point to the last to lay; ", not pegged" where a house rule kept the peg;
    "false go at 25" under a card its seat held when it said go at 25."""
    laying = match.game.laying
    seat, count, reasons, scorer = laying.said
    if scorer is not None:  # a go's point goes to the last to lay, who may not be the seat that said go
        seat = scorer
    said = match.settings.seat_name(seat) + ": " + say_play(count, reasons, laying.turn is None)
    if scorer is None and reasons:  # a house rule kept the peg (peg out exactly, the stink hole)
        said += ", not pegged"
    lines = wrap(said)
    if laying.false_go is not None:  # the card laid fitted when its seat said go: the table may take the play back
        lines.append("false go at %d" % laying.false_go)
    return lines


class Lay:
    """Laying cards: ``rank`` (1-13) is the rank dialled."""

    name = "lay"
    full_screen = False

    def __init__(self, board):
        # opened by back at home (the card that won taken back): that card; else the 5, or the highest rank that
        # fits under 31 (a play-test: the 5 at a count of 29), from the count alone, as the glance's first frame at
        # power-on (which knows the count but no card) dials it: that frame and the replay's are one
        # (test_glance_properties)
        room = _MOST - self._count(board)
        self.rank = _undone_rank(board, 5 if room > 4 else max(1, room))
        self.turned = board.hw.ticks_ms()  # the last detent: the rank's blink starts lit there
        # count n lights hole under(n) = start - n: hole 60 (under hole 1) on, 31 at hole 30; kept, not
        # asked each frame (a call costs the chip tens of microseconds)
        self.start = under(0)

    def kept(self, board):
        """The rank dialled, as a card laid and taken back: dialled again once the menu (or the LED test) over
        the play is left (``Board.open_menu``; ``_undone_rank``)."""
        return ["lay", self._turn(board), self.rank]

    def _turn(self, board):
        """The seat to lay or say go, or None once every card is laid."""
        laying = board.match.game.laying
        if laying is None:
            return (board.match.dealer + 1) % board.match.settings.seats
        return laying.turn

    def _count(self, board):
        laying = board.match.game.laying
        return 0 if laying is None else laying.play.count

    def counting_side(self, board):
        """The side whose turn it is; once every card is laid, the side that counts first (the pone's):
        its game hole breathes, as whoever counts next does in the show (no light said the play was over)."""
        match = board.match
        turn = self._turn(board)
        if turn is None:
            turn = match.next_show
            if turn is None:  # (the game was won)
                return None
            turn = turn[0]
        return match.settings.side_of(turn)

    def handle(self, board, event):
        """A turn dials the rank; the encoder lays it for the seat whose turn it is (the play over: counts the hands); a
        player's button says go; back undoes (a card back: its rank dialled again); the encoder held: the menu."""
        kind, what = event
        if kind == events.TURN:  # first, and nothing else asked: a detent shows at once
            self.rank = max(1, min(_RANKS, self.rank + what))
            self.turned = board.hw.ticks_ms()
            return
        side = button_side(board, event)
        turn = self._turn(board)
        if side is not None:
            self._go(board, side, turn)
        elif kind == events.PRESS and what == events.ENCODER:
            if turn is None:
                board.open_count()
            else:  # laid, or refused: past a rank whose four are out (its last card now, or at power-on)
                board.try_apply(["lay", turn, self.rank])
                self.rank = _settle(board, self.rank)
        elif kind == events.PRESS and what == events.BACK:
            if board.attempt(board.undo):
                self.rank = _undone_rank(board, self.rank)  # a card taken back: its rank dialled again, lit at once
                self.turned = board.hw.ticks_ms()
                if not board.playing():  # the starter or his heels taken back: home, as an undo from home goes
                    home_or_call(board)
        elif kind == events.LONG and what == events.ENCODER:
            board.open_menu()
        if board.mode is self and board.match.winner is not None:
            board.idle()  # a card won the game: home shows the end

    def _go(self, board, side, turn):
        settings = board.match.settings
        if turn is None:
            board.messages.refuse("the play is over: press the encoder to count the hands")
        elif settings.side_of(turn) != side:
            board.messages.refuse("%s's turn, not %s's" % (settings.seat_name(turn), settings.side_name(side)))
        else:
            board.try_apply(["go", turn])

    def draw(self, board, canvas, now):
        """On the track of the side whose turn it is: the count as a dim bar from hole 60, the dialled card's value
        blinking after it (vermillion past 31), the rank dialled blinking in the first row."""
        turn = self._turn(board)
        if turn is None:
            return
        match = board.match
        settings = match.settings
        side = settings.side_of(turn)
        track = side & 1  # track_of inlined, as in app.render: a call costs the chip
        colour = board.colours[side]
        count = self._count(board)
        start = self.start
        # the count: from hole 60 along the way back, one run of holes (a call a hole would cost
        # the chip a millisecond at a count of 15), then the card dialled, added to it, blinking; a
        # team's second partner: every other hole of both, so their turn shows at a count of 0 too
        to = count + value((self.rank - 1) * 4)
        lit = canvas.blink(now, 400, 260)
        card = palette.VERMILLION if to > _MOST else colour
        if turn >= settings.sides and settings.players == 4:
            for i in range(1, count + 1, 2):
                canvas.put(track, start - i, colour, _COUNT_LEVEL)
            if lit:
                for i in range(count + 1 + (count & 1), to + 1, 2):
                    canvas.put(track, start - i, card, palette.PREVIEW)
        else:
            canvas.fill(track, start - count, start, colour, _COUNT_LEVEL)
            if lit:
                canvas.fill(track, start - to, start - count, card, palette.PREVIEW)
        game = match.game
        low = start - to  # the pegs under the count and the card: drawn again, over them
        for s in range(len(game.front)):
            if s & 1 == track and (game.front[s] >= low or game.back[s] >= low):
                draw_pegs(board, canvas, now)
                break
        # the rank dialled, Ace at hole 1, blinking as in the cut (steady, it would look like a peg),
        # lit at once after a detent; dark between, so that it blinks over a peg of its colour too
        lit = canvas.blink(ticks_diff(now, self.turned), 600, 420)
        canvas.put(track, self.rank, colour, palette.FULL if lit else 0)

    def lines(self, board):
        """The scores, whose turn with the rank dialled and the count, the last card or go said, and the hint (a rank
        that would pass 31: "past 31: btn=go")."""
        match = board.match
        turn = self._turn(board)
        settings = match.settings
        laying = match.game.laying
        out = side_lines(match)  # the scores (the dealer's game hole glows)
        count = self._count(board)
        if turn is None:
            out.append("PLAY OVER")
        else:  # whose turn, the rank dialled, the count: "P1 >10 count 24"
            out.append("%s >%s count %d" % (settings.seat_name(turn), rank_name(self.rank - 1), count))
        if laying is not None and laying.said is not None:
            out.extend(play_said(match))
        elif match.heels:  # nothing said yet in this play: the dealer's 2 of the Jack turned
            out.extend(heels_said(match))
        # the rank dialled would pass 31 (the LEDs: its value vermillion): a press is refused, a go is not (the count
        # is over 21), so the hint says go (a play-test: only the LEDs said it)
        past = turn is not None and count + value(self.rank * 4 - 4) > _MOST
        if turn is None:
            hint = ["enc=count"]
        elif turn == 2 and settings.seats == 3:  # player 3's go is back held: pressed, back undoes
            hint = ["past 31:" if past else "enc=lay", "hold back=go"] if len(out) < LINES - 1 else ["hold back=go"]
        else:
            hint = ["past 31: btn=go" if past else "enc=lay btn=go"]
        if turn is not None and len(out) + len(hint) + 1 < LINES:  # room for the dial's key and an undo's line:
            hint.insert(0, "turn=rank")  # (">7" is the rank dialled: the last card's until turned)
        room = LINES - len(hint)  # the hint stays: a player new to the board reads what to do next there
        if len(out) > room:  # a long saying: the pegs show the scores, the saying is read whole
            out = out[len(match.front):]
        if len(out) > room:  # a saying longer still keeps its last line (the total)
            out = out[:room - 1] + out[-1:]
        return out + hint

    def describe(self):
        """The rank dialled."""
        return {"mode": self.name, "rank": self.rank}
