"""The home mode: pegging points in the play, undo, and the doors to the other modes (the helpers it
shares with them: ``app.modes``).

Idle (no peg being dialled):
- p1 / p2 press: start a peg of 1 for that player (three players: back long-press for the
  third); pressing the same button again adds 1, turning the encoder adds or removes
  points (1 to 31); a blinking preview peg shows where the front peg will land. The
  encoder press pegs it and ends the dial (refused, if a house rule keeps the peg where it
  is, it ends too), back cancels, another player's button moves the peg to them. Once the
  play is over (the show), the buttons are refused at once: there is nothing to peg.
- p1 / p2 long press: peg 2 for that player at once (the most frequent score of the play; his
  heels is pegged at the starter: see app.modes.starter), a dial open or not; but before the
  starter of a play laid card by card (no points of the play can come before it), the dealer's
  pegs his heels, as at the starter's picker (player 3's back held too, not a dial there).
- back press: undo the last action (again and again); just after the starter was skipped, the starter again.
- encoder press: count: dial the starter if this deal has none, else count the next show;
  after a game it starts the next game of the match; once the match is won, it asks and a
  second press starts a new match (any other input cancels).
- encoder long press: the menu (also while a peg is dialled: the dial is dropped).
- the starter skipped before a play laid card by card (``Board.skipped``): the game hole of the
  track the dealer's glow is not on glows dim white through that deal's play.
- while a muggins call is still open at home (the menu or a power cut came between the claim
  and the next count): the game hole of each other side's track blinks white, as in the call
  (``app.modes.muggins``), and that side's button calls it there.
Before the first deal of a match (or of a game started again from the menu), "who deals?": p1 / p2
pressed or held (three players: back held for the third): that player deals; or turn to choose the
cut for deal (first: each player dials the rank cut, ``app.modes.cut``) or a seat, and press the
encoder.
"""

from micropython import const

from app import palette
from app.messages import LINES, WIDTH
from app.modes import (
    button_side,
    draw_callers,
    heels_said,
    home_or_call,
    kept_off,
    kept_show,
    may_call,
    side_lines,
)
from app.render import draw_preview, game_hole, mark_seat
from cribbage.game import MAX_PLAY_POINTS
from shared import events
from shared.ticks import ticks_diff

_NEXT_GAME = const("enc=next game")  # the key under a won game, and in the refusal of a player's button there
_NEW_MATCH = const("enc x2=new match")  # the same under a won match


def peg(board, side, points):
    """Peg ``points`` for ``side``: True, or False after showing the refusal; refused too when a house
    rule (peg out exactly, the stinkhole) keeps the peg where it is, so no undo takes back a no-op."""
    why = kept_off(board.match, side, points)
    if why:
        board.messages.refuse("not pegged: " + why)
        return False
    return board.try_apply(["peg", side, points])


def tally(match):
    """The match's game points, side by side: ``7-3``."""
    return "-".join(str(n) for n in match.games_won)


def result_lines(match):
    """Who won the game and what: ``P1 WINS 2 GAMES``, ``P2 SKUNKED`` (lines of the display's width); a game (not
    the match) won by a card of the play laid card by card, what it made, or by his heels, those, where the display
    has room for it."""
    settings = match.settings
    winner = match.winner
    worth = match.game.worth
    out = [settings.side_name(winner) + " WINS" + (" %d GAMES" % worth if worth > 1 else "")]
    result = match.result  # "win", or what the losers got: "skunk", "double skunk", "lurch"
    if result != "win":
        words = result.upper() + "ED"  # SKUNKED, DOUBLE SKUNKED, LURCHED
        losers = " ".join(settings.side_name(side) for side in range(len(match.front)) if side != winner)
        if len(losers) + len(words) < WIDTH:
            out.append(losers + " " + words)
        else:  # a double skunk: two lines, DOUBLE- and SKUNKED, one sentence (a refusal's lines take both or
            cut = words.index(" ")  # neither, app.messages: a play-test saw "P1 P3" left alone)
            out.extend((losers + " " + words[:cut] + "-", words[cut + 1:]))
    if match.match_winner is None and match.events:  # (the glance's first frame: a match of no events, none said)
        last = next(match.iter_log(match.events - 1))[0]
        said = ()
        if match.game.laying is not None and (last == "lay" or last == "go"):
            from app.modes.lay import play_said  # (loaded already, but after a power cut)

            said = play_said(match)
        elif match.heels is True and (last == "heels" or last[:7] == "starter"):  # won by his heels: said, as
            said = heels_said(match)  # a card of the play says what it made
        if len(out) + len(said) < LINES - 1:  # under the game's line, over the hint's (the scores give way to it:
            out.extend(said)  # ``score_lines``)
    return out


def score_lines(board, sure=False):
    """The idle display: scores, deal, whose count, what back does (where it has room), tally; at the end, who
    won (the match too)."""
    match = board.match
    settings = match.settings
    over = match.winner is not None
    if match.match_winner is not None:
        head = "MATCH OVER " + tally(match)  # (three tallies of two digits: "MATCH "; the line below says who won)
        out = [head if len(head) <= WIDTH else "MATCH " + tally(match)]
    elif over:  # a long match's numbers shortened to fit ("G1001 won 629-63" is 17 characters)
        head = "G%d  won %s" % (match.game_number, tally(match))
        if len(head) > WIDTH:
            head = head.replace("  ", " ")
        if len(head) > WIDTH:  # "G1001 629-634", three players' "G100 40-48-31"
            head = "G%d" % match.game_number + " " + tally(match)
        out = [head if len(head) <= WIDTH else "won " + tally(match)]  # "won 400-300-300"
    else:
        out = ["GAME %d" % match.game_number if match.dealer is None else "G%d" % match.game_number]
    out.extend(side_lines(match))
    if match.match_winner is not None:
        out.append(settings.side_name(match.match_winner) + " WINS MATCH")
        out.extend(result_lines(match)[1:])
        out.append("enc=new match" if sure else _NEW_MATCH)
        if sure and len(out) < LINES - 1:  # (room left for an undo's or refusal's line)
            out.append("back=keep match")  # the question let go, not the winning points undone (``Peg._idle``)
    elif over:
        result = result_lines(match)
        undone = board.messages.took_back is not None  # the next game taken back: its line under the hint
        if len(out) + len(result) + undone >= LINES:  # a long saying of what won: the pegs show the scores, the hint
            del out[1:]  # stays (as in the play: a player new to the board reads what to do next there)
        out.extend(result)
        if len(out) <= LINES - 2 - undone:  # room for it, the hint and an undo's
            # line (the hint kept above it): who deals the next game (with three players, not always the next seat)
            out.append("next: %s deals" % settings.seat_name(match.loser_seat(match.game)))
        out.append(_NEXT_GAME)
    else:
        if match.dealer is not None:
            out[0] += " %s deals" % settings.seat_name(match.dealer)
        nxt = match.next_show
        called = match.muggins is not None and match.phase == "show"  # a call open: the encoder opens it
        if called or match.phase == "show" and nxt is not None:
            # a call open: whose claim, as the next claim's screen says it (a play-test: "next: muggins" named none);
            # else whose show (the crib's: the dealer's)
            out.extend(("muggins on %s?" % settings.side_name(match.muggins) if called else "next: %s %s" % (
                settings.seat_name(match.dealer if nxt[0] is None else nxt[0]), nxt[1]), "enc=count"))
        elif match.phase == "play":
            _play_lines(board, out)
        if len(out) <= LINES - 3 and (match.can_undo or not match.events):  # room for it, the tally and an undo's
            # or refusal's line (just after a skip, none: back=starter, above, says what back does then; none where
            # the games before are archived, which back refuses; the glance's match at power-on, of no events, has
            # it, as the log replayed but there)
            out.append("back=undo")
        out.append("won " + tally(match))
    return out


def _play_lines(board, out):
    """Home's lines during the play, added to ``out`` (the scores): why it is pegged by points, his heels,
    and the hints."""
    match = board.match
    # the count opens on the starter unless it is known, was skipped before a play laid card by card
    # (app.modes.starter), or a show is kept to open on (an undo's, or the menu's over a count)
    skipped = match.starter_rank is None and board.in_deal(board.skipped)
    if skipped:  # said, as at the count's totals: a press held too long at the starter shows what it did
        out.append("starter skipped")
        if board.just_skipped():
            out.append("back=starter")
    elif board.prefs["play"] == 1 and board.in_deal(board.pegged):  # said: else nothing tells why this
        out.append("play by points")  # deal is not laid card by card (points pegged by hand in it)
    if match.heels:  # where the display has room (not with three players' scores and a skip)
        said = heels_said(match)
        if len(out) + len(said) <= LINES - 2:  # (the hint and the tally below)
            out.extend(said)
    # (his heels pegged without the Jack: the count asks for its suit, then goes on: ``app.modes.starter``)
    starter = match.starter_rank is None and not match.heels and not skipped and kept_show(board) is None
    # the board lays this play once its starter is picked: a button here would peg it by points instead
    laid = starter and board.prefs["play"] == 1 and not board.in_deal(board.pegged)
    if len(out) <= LINES - 4 and not laid:  # room under it for the hint, the tally and an undo's or
        # refusal's line: the buttons peg the play's points (a dial), said for a player new to the board
        out.append("btn=peg the play")
    out.append("enc=starter" if starter else "enc=count")
    if laid and len(out) <= LINES - 3:
        out.append("then lay cards")


class Peg:
    """Idle, or dialling ``points`` for ``side`` (then ``side`` is not None)."""

    name = "peg"
    full_screen = False
    # When the dial or the dealer's choice last moved (never: the clock's own phase): the blink that shows
    # it counts from there, lit at once, so a press or detent shows in the next frame (a blink timed by the
    # clock alone would show one made while its light is off only when it lights again).
    moved = 0

    def __init__(self, board):
        self.side = None
        self.points = 0
        self.choice = 0  # who deals, before the first deal: 0 the cut for deal, else seat choice - 1
        self.sure = False  # the match is won: the encoder was pressed once for a new match

    def counting_side(self, board):
        """The side whose show counts next once the show has begun; None during the play."""
        game = board.match.game  # read directly (each frame): no call through the match
        if game.phase == "show":
            seat, kind = game.next_show
            return game.settings.side_of(game.dealer if kind == "crib" else seat)
        return None

    def handle(self, board, event):
        """Idle: a player's button starts a peg (held: 2 at once), back undoes, the encoder counts; dialling: turns and
        the same button add, the encoder pegs, back drops it. Who deals and a game's end: see the module docstring."""
        if self.side is None:
            self._idle(board, event)
        else:
            self._dialling(board, event)

    def _idle(self, board, event):
        kind, what = event
        phase = board.match.phase
        if phase == "cut":
            self._choose_dealer(board, event)
            return
        if board.match.match_winner is not None:  # the encoder pressed twice starts a new match
            if kind == events.PRESS and what == events.ENCODER:
                if self.sure:
                    self.sure = False
                    board.attempt(board.new_match)
                else:
                    self.sure = True
                return
            if self.sure and kind == events.PRESS and what == events.BACK:  # the question let go, as the menu's
                self.sure = False  # (and undoes nothing: the winning points stay)
                return
            self.sure = False
        side = button_side(board, event)
        if may_call(board, side):  # a call still open (the menu or a power cut came between): the button calls it
            board.open_count()  # (which opens on the call)
            board.mode.handle(board, event)
        elif side is not None and phase == "play":
            self.press(board, side, event)
        elif side is not None and phase == "over":  # a game or the match won: refused with the press that goes on, in
            # 2 lines (the rules' why took 4 or 5, and the key's line under the result with them)
            match_won = board.match.match_winner is not None
            board.messages.refuse("match over: " + _NEW_MATCH if match_won else "game over: " + _NEXT_GAME)
        elif side is not None:  # the play over (the show, the game's end): refused at once, the rules saying why
            # (no dial that could never be pegged); the claimer's own button while its claim may be called: why not
            called = board.match.muggins is not None and phase == "show"
            board.try_apply(["muggins", side] if called else ["peg", side, 2])
        elif kind == events.PRESS and what == events.BACK:
            self._back(board)
        elif kind == events.PRESS and what == events.ENCODER:
            if phase == "over":
                board.try_apply(["new_game"])
            else:
                board.open_count()
        elif kind == events.LONG and what == events.ENCODER:
            board.open_menu()

    def press(self, board, side, event):
        """A player's button at home in the play, ``event`` its press or long press: pressed, a dial of 1 opened
        (player 3's back held is its press); held, 2 at once. But laid card by card, before the starter (whose
        play comes after it), the dealer's held (player 3's too) is his heels, as at the starter's picker (2 points
        of the play, or a dial, there, and a Jack turned after would peg his heels again)."""
        kind, what = event
        match = board.match
        if kind == events.LONG and side == match.settings.side_of(match.dealer) and board.prefs["play"] == 1 and not (
                match.starter_rank is not None or match.heels or board.in_deal(board.pegged)
                or board.in_deal(board.skipped)):
            if board.try_apply(["heels"]):
                board.idle()  # the play laid from here, its starter a Jack
        elif kind == events.PRESS or what == events.BACK:
            self.side = side
            self.points = 1
            self.moved = board.hw.ticks_ms()
        else:
            peg(board, side, 2)

    def _back(self, board):
        """Back at home: the starter again just after it was skipped, else undo."""
        if board.just_skipped():
            from app.modes.starter import Starter

            board.skip_starter(False)  # (taken back: back there comes home to undo as ever)
            board.open(Starter)
        elif board.attempt(board.undo):
            home_or_call(board)

    def _choose_dealer(self, board, event):
        kind, what = event
        seats = board.match.settings.seats
        side = button_side(board, event)
        if kind == events.TURN:
            self.choice = (self.choice + what) % (seats + 1)
            self.moved = board.hw.ticks_ms()
        elif side is not None:  # a player's button, pressed or held (back held: player 3's)
            board.try_apply(["dealer", side])
        elif kind == events.PRESS and what == events.ENCODER:
            if self.choice:
                board.try_apply(["dealer", self.choice - 1])
            else:
                from app.modes.cut import Cut  # only at the start of a game: dropped when the board goes home

                board.open(Cut)
        elif kind == events.PRESS and what == events.BACK:
            if board.attempt(board.undo) and board.prefs["play"] == 1:
                board.idle()  # undoing a new game may go back into a play laid card by card
        elif kind == events.LONG and what == events.ENCODER:
            board.open_menu()

    def _dialling(self, board, event):
        kind, what = event
        side = button_side(board, event)
        if kind == events.TURN:
            self.points = max(1, min(MAX_PLAY_POINTS, self.points + what))
            self.moved = board.hw.ticks_ms()
        elif side is not None and kind == events.LONG and what != events.BACK:  # held: as when idle
            self.side = None  # (the dial dropped: a peg made ends it, as the encoder's)
            self.points = 0
            self.press(board, side, event)
        elif side is not None:
            if side == self.side:
                self.points = min(MAX_PLAY_POINTS, self.points + 1)
            else:
                self.side = side
            self.moved = board.hw.ticks_ms()
        elif kind == events.PRESS and what == events.ENCODER:
            # pegged or refused, the dial ends: one refused (a house rule keeps the peg, the play is over) left
            # open went on to the next player's button with its points
            peg(board, self.side, self.points)
            self.side = None
            self.points = 0
        elif kind == events.PRESS and what == events.BACK:
            self.side = None
            self.points = 0
        elif kind == events.LONG and what == events.ENCODER:  # the menu, as anywhere: the dial dropped
            board.open_menu()

    def draw(self, board, canvas, now):
        """The peg being dialled as a blinking preview; who deals: the seat chosen (the cut: both game holes) blinking;
        a new match asked for: the game holes flicker."""
        if self.side is not None:
            refused = board.messages.refused(now)
            draw_preview(board, canvas, ticks_diff(now, self.moved), self.side, self.points, refused)
        elif board.match.game.phase == "cut":  # the attribute: Match's property is a call, every frame
            # Who deals? The chosen seat blinks (see render.mark_seat); the cut: both game holes.
            if canvas.blink(ticks_diff(now, self.moved), 500, 300):
                if self.choice:
                    mark_seat(board, canvas, self.choice - 1)
                else:
                    for track in range(canvas.tracks):
                        canvas.put(track, game_hole(board), palette.WHITE, palette.FULL)
        elif self.sure and canvas.blink(now, 150, 100):  # a new match asked for: the game holes flicker
            for track in range(canvas.tracks):
                canvas.put(track, game_hole(board), palette.WHITE, palette.FULL)
        else:
            game = board.match.game
            if game.call is not None and game.phase == "show":  # a call still open: its buttons call here too
                draw_callers(board, canvas, now, game.call[0])
            # (skipped looked at first: in_deal's call, each frame, only when there was a skip)
            elif game.phase == "play" and board.skipped and board.in_deal(board.skipped):
                # the starter skipped before a play laid card by card (a press held too long, perhaps): the
                # game hole the dealer's glow is not on glows white as dim, the deal through
                dealer = game.settings.side_of(game.dealer) & 1
                for track in range(canvas.tracks):
                    if track != dealer:
                        canvas.put(track, game_hole(board), palette.WHITE, palette.DEAL)

    def lines(self, board):
        """The peg being dialled (and why not, where a house rule keeps it off), "who deals?" before the first deal,
        else the scores (``score_lines``)."""
        match = board.match
        settings = match.settings
        if self.side is not None:
            to = match.landing(self.side, self.points)
            out = ["PEG " + settings.side_name(self.side), "+%d -> %d" % (self.points, to)]
            why = kept_off(match, self.side, self.points)
            if why:  # a house rule keeps the peg where it is: said under the dial ("+5 -> 55" reads as a slip)
                from app.text import wrap

                out.append("not pegged")
                out.extend(wrap(why))
            out.extend(("turn=points", "enc=peg back=no"))
            return out
        if match.phase == "cut":
            chosen = settings.seat_name(self.choice - 1) + " deals" if self.choice else "cut for deal"
            out = ["WHO DEALS?", "p1/p2: deals", "or turn, enc:", "> " + chosen, "hold enc=menu"]  # (a new board's
            if settings.sides == 3:  # first screen: the settings, three players or 61 holes, are in the menu)
                out.insert(2, "P3: hold back")  # player 3's button is back, held
            return out
        return score_lines(board, self.sure)

    def describe(self):
        """The side a peg is dialled for (None: idle) and its points."""
        return {"mode": self.name, "side": self.side, "points": self.points}
