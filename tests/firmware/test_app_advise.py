"""The advice mode's keeps view, read from the LEDs and the display against ``rank_keeps``.

Each card's LED is classed by what it shows in the long look (the shown keep) and in the
short look (the next keep) of the cycle; the expected points are counted as lit holes of
track 1. The truth is ``cribbage.advice.rank_keeps`` on the same cards, called here, one of each keep
that only swaps suits with one before it (``shown``; ``one_of_each`` is held to that below).
"""

from app_driver import BACK_PRESS, ENC, HOLD_ENC, P1, P2, Driver, brightness, is_hue, turn

from app import palette
from app.picker import card_hole
from cribbage.advice import one_of_each, rank_keeps
from cribbage.cards import names
from host_tools.card_text import parse_hand

CYCLE = 1600
SHOWN_AT = 300  # ms into the cycle: the look at the shown keep
NEXT_AT = 1300  # the look at the next keep
GRID = tuple(range(1, 14)) + tuple(range(48, 61))  # the picker's holes on each track


def open_keeps(cards, dealer, players=2):
    """A fresh board (``players``), the advice opened from the menu, ``cards`` picked, the deal answered."""
    d = Driver(supply_ma=4000)
    # a supply the frame never reaches: the current cap (a scale of the whole frame) stays out
    assert '"ok": true' in d.board.handle_command('{"cmd": "settings", "set": {"milliamps": 4000}}')
    if players != 2:
        assert '"ok": true' in d.board.handle_command('{"cmd": "settings", "set": {"players": %d}}' % players)
    d.press(HOLD_ENC, turn(3), ENC)
    assert d.mode.name == "advise"
    d.pick_all(cards)
    d.press(P1 if dealer else P2, ENC)
    assert d.mode.describe()["step"] == "keeps"
    return d


def rounded(x):
    """Nearest int, halves away from zero."""
    whole = int(abs(x) + 0.5)
    return whole if x >= 0 else -whole


def is_dim_white(rgb):
    return rgb[0] == rgb[1] == rgb[2] > 0


def read_cards(hw, dealt):
    """Per dealt card: (lit in its suit colour?, brightness); every other grid hole must be dark."""
    holes = {}
    for card in dealt:
        holes[card_hole(card)] = card
    for track in (0, 1):
        for hole in GRID:
            if (track, hole) not in holes:
                assert hw.pixel(track, hole) == (0, 0, 0), (track, hole)
    out = {}
    for card in dealt:
        rgb = hw.pixel(*card_hole(card))
        coloured = is_hue(rgb, palette.SUIT_COLOURS[card & 3]) and not is_dim_white(rgb)
        assert coloured or is_dim_white(rgb), (names([card]), rgb)  # never dark: every dealt card shows
        out[card] = (coloured, brightness(rgb))
    return out


def read_points(hw):
    """The value lit on track 1: holes from 16 up (positive), or from 45 down (negative)."""
    up = 0
    while up < 32 and brightness(hw.pixel(1, 16 + up)) > 0:
        up += 1
    down = 0
    while down < 15 and brightness(hw.pixel(1, 45 - down)) > 0:
        down += 1
    if up:
        assert all(hw.pixel(1, h) == (0, 0, 0) for h in range(16 + up, 48)), "a gap in the bar"
        return up
    assert all(hw.pixel(1, h) == (0, 0, 0) for h in range(14, 46 - down)), "a gap in the bar"
    return -down


def read_rank(hw):
    rank = 0
    while brightness(hw.pixel(0, 16 + rank)) > 0:
        rank += 1
    assert all(hw.pixel(0, h) == (0, 0, 0) for h in range(16 + rank, 48))
    return rank


def shown(dealt, dealer, players=2):
    """The keeps the board ranks for ``dealt``: ``rank_keeps``' one of each."""
    return one_of_each(rank_keeps(dealt, dealer, players))


def alike(a, b):
    """Whether keeps ``a`` and ``b`` keep and throw the same ranks (their suits swapped) and are worth the same."""
    def ranks(cards):
        return sorted(c >> 2 for c in cards)

    return (ranks(a.keep), ranks(a.discard), a.expected_fraction, bytes(a.counts)) == (
        ranks(b.keep), ranks(b.discard), b.expected_fraction, bytes(b.counts))


def test_a_keep_that_only_swaps_suits_with_one_before_is_shown_once():
    # (a play-test: "#2 throw 5H 2C" then "#3 throw 5D 2C", 15.4 each: two places for one choice)
    d = open_keeps("5H 5D JS 10C 2C 9H", True)
    throws = [names(keep.discard) for keep in d.mode.keeps]
    assert "5H 2C" in throws and "5D 2C" not in throws and len(throws) < 15
    for text in ("5H 5D JS 10C 2C 9H", "5H 5C JD QS 4C 9H", "10C 10D 10H 5S 5C 2D", "2H 3H 4H 5H 6H 7H",
                 "AS AD 2S 2D 3S 3D"):
        for dealer in (True, False):
            every = rank_keeps(parse_hand(text), dealer)
            board = one_of_each(every)
            assert [k for k in every if k in board] == board  # the ranking's order, every keep from it
            assert not any(alike(a, b) for i, a in enumerate(board) for b in board[i + 1:])
            for keep in every:  # each keep left out is one shown before it, its suits swapped
                assert keep in board or any(alike(keep, b) and every.index(b) < every.index(keep) for b in board)


def test_keeps_that_swap_suits_but_count_apart_are_both_shown():
    # JH or JD kept with 5H 7D KC: worth the same (as many hearts unseen as diamonds), but nobs comes with a
    # heart starter (the 7H among them) or a diamond one (the 5D): the hands count apart, best 10 and 11
    every = rank_keeps(parse_hand("JH JD 5H 7D KC 2S"), True)
    board = [names(keep.discard) for keep in one_of_each(every)]
    assert "JH 2S" in board and "JD 2S" in board


def said(d, index, keep):
    """The display's lines for ``keep``, ranked ``index`` (from 0): the cards to throw (a review: the keep left the
    player to find them), the expected points with the crib's added, yours, or taken off, the other side's, the hand's
    range."""
    return ["#%d throw %s" % (index + 1, names(keep.discard)),
            "exp %.1f %scrib" % (keep.expected, "+" if d.mode.dealer else "-"), "hand %d to %d" % (keep.hand_min,
                                                                                                keep.hand_max)]


def check_view(d, dealt, keeps, index):
    """Keep ``index`` is shown with keep ``index + 1`` as its next, on the LEDs and the display."""
    shown = keeps[index]
    nxt = keeps[index + 1] if index + 1 < len(keeps) else None
    long_look = d.frame_phase(CYCLE, SHOWN_AT)
    cards_long = read_cards(long_look, dealt)
    points_long, rank_long = read_points(long_look), read_rank(long_look)
    short_look = d.frame_phase(CYCLE, NEXT_AT)
    cards_short = read_cards(short_look, dealt)
    points_short, rank_short = read_points(short_look), read_rank(short_look)
    # the long look: exactly the shown keep's cards in colour
    assert set(c for c in dealt if cards_long[c][0]) == set(shown.keep)
    assert points_long == rounded(shown.expected)
    assert rank_long == rank_short == index + 1
    if nxt is None:  # the last keep: nothing changes
        assert cards_short == cards_long and points_short == points_long
        lines = d.hw.display.lines
        assert lines[1:] == said(d, index, shown) + ["turn=more keeps"]  # (a play-test: the list said no controls)
        return
    # the short look: exactly the next keep's cards in colour, and its value
    assert set(c for c in dealt if cards_short[c][0]) == set(nxt.keep)
    assert points_short == rounded(nxt.expected)
    for card in dealt:
        if card in shown.keep and card in nxt.keep:  # kept by both: steady
            assert cards_short[card] == cards_long[card]
        elif card in nxt.keep:  # the next keeps it instead: dimmer than the shown keep's cards
            assert cards_short[card][1] < min(cards_long[c][1] for c in shown.keep)
        elif card not in shown.keep:  # laid away by both: steady dim white
            assert cards_short[card] == cards_long[card]
            assert cards_long[card][1] < min(cards_long[c][1] for c in shown.keep)
    lines = d.hw.display.lines
    assert lines[0] == "ADVICE #%d of %d" % (index + 1, len(keeps))
    assert lines[1:] == said(d, index, shown) + said(d, index + 1, nxt) + ["turn=more keeps"]


def test_the_best_keep_and_the_next_are_both_on_the_board():
    text = "5H 5C JD QS 4C 9H"
    d = open_keeps(text, True)
    dealt = parse_hand(text)
    keeps = shown(dealt, True)
    check_view(d, dealt, keeps, 0)
    info = d.mode.describe()
    assert info["rank"] == 1 and info["keep"] == list(keeps[0].keep) and info["next"] == list(keeps[1].keep)
    for control in (P1, P2, ENC):  # no use here: refused with what does (a play-test: they said nothing)
        d.press(control)
        assert d.board.messages.refusal == "turn for more keeps, back for the deal" and d.mode.describe() == info


def test_turning_steps_through_the_ranking_with_values_below_zero():
    # as pone, laying away the fives costs more than the rest of the hand is worth: the
    # ranking goes from above zero to below it
    text = "5H 5C AD 3S 9S KC"
    d = open_keeps(text, False)
    dealt = parse_hand(text)
    keeps = shown(dealt, False)
    assert keeps[0].expected > 0 > keeps[-1].expected
    assert d.display()[2] == "exp %.1f -crib" % keeps[0].expected  # the other side's crib, taken off
    for index in range(len(keeps)):
        check_view(d, dealt, keeps, index)
        d.press(turn(1))
    d.press(turn(5))  # past the end: stays on the last
    assert d.mode.describe()["rank"] == len(keeps) and d.mode.describe()["next"] is None
    d.press(turn(-100))
    check_view(d, dealt, keeps, 0)
    d.press(BACK_PRESS)
    assert d.mode.describe()["step"] == "deal"


def test_five_cards_with_three_players():
    text = "5H JD QS 4C 9H"
    d = open_keeps(text, True, players=3)
    dealt = parse_hand(text)
    keeps = shown(dealt, True, 3)
    assert len(keeps) == 5
    assert d.display()[1:3] == ["#1 throw %s" % names(keeps[0].discard), "exp %.1f +crib" % keeps[0].expected]
    check_view(d, dealt, keeps, 0)
    d.press(turn(4))
    check_view(d, dealt, keeps, 4)


def test_the_team_game_asks_whether_your_side_deals():
    d = Driver()
    assert '"ok": true' in d.board.handle_command('{"cmd": "settings", "set": {"players": 4}}')
    d.press(HOLD_ENC, turn(3), ENC)
    d.frame_after(1)
    assert d.hw.display.lines[-4:] == ["0/5 cards", "turn=rank", "p1/p2=suit", "enc=take"]  # as the show's picker
    d.pick_all("5H JD QS 4C 9H")
    d.press(P1)
    d.frame_after(1)
    assert d.hw.display.lines[-3] == "my side deals"  # the crib is the side's: a partner's deal too
    d.press(P2)
    d.frame_after(1)
    assert d.hw.display.lines[-3] == "other side deals"
    d.press(ENC)
    ranked = shown(parse_hand("5H JD QS 4C 9H"), False, 4)  # the side does not deal: the crib counts against
    assert [(k.keep, k.expected) for k in d.mode.keeps] == [(k.keep, k.expected) for k in ranked]


def test_the_deal_question_says_the_encoder_goes_on():
    # every other step's display names its encoder press (enc=take, enc=peg...); this one said only
    # "p1=deal p2=not", and a player who pressed p1 waited for advice that needs the encoder too
    d = Driver()
    d.press(HOLD_ENC, turn(3), ENC)
    d.pick_all("5H JD QS 4C 9H 2S")
    d.frame_after(1)
    assert d.hw.display.lines[-3:] == ["I deal", "p1=deal p2=not", "enc=advise"], d.hw.display.lines
    assert all(len(line) <= 16 for line in d.hw.display.lines)
    d.press(ENC)
    assert d.mode.describe()["step"] == "keeps"


def test_throws_with_tens_keep_every_suit_on_the_display():
    d = open_keeps("10C 10D 5S 5C 2D 9H", True)
    keeps = shown(parse_hand("10C 10D 5S 5C 2D 9H"), True, 2)
    tens = 0
    for index, keep in enumerate(keeps):  # every keep's throw, stepped through
        d.frame_after(1)
        line = d.hw.display.lines[1]
        assert line.replace("T", "10") == "#%d throw %s" % (index + 1, names(keep.discard)) and len(line) <= 16, line
        tens += "T" in line  # two tens past the 9th keep: written T, their suits kept
        d.press(turn(1))
    assert tens


def test_on_a_usb_board_the_shown_keep_is_the_bright_look():
    d = Driver()  # a USB build's supply: the current cap scales a frame that would draw too much
    d.press(HOLD_ENC, turn(3), ENC)
    dealt = parse_hand("10C 10D 10H 5S 5C 2D")
    d.pick_all("10C 10D 10H 5S 5C 2D")
    d.press(P1, ENC)
    best, second = shown(dealt, True, 2)[:2]
    both = [c for c in best.keep if c in second.keep]
    track, hole = card_hole(both[0])  # a card both keeps hold: steady bright, never dipping in the long look
    long_look = brightness(d.frame_phase(CYCLE, SHOWN_AT).pixel(track, hole))
    short_look = brightness(d.frame_phase(CYCLE, NEXT_AT).pixel(track, hole))
    assert long_look >= short_look > 0
