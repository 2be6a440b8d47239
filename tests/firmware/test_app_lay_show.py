"""The show after a play laid card by card: the hands' ranks carried from the play (only what they cannot tell is
asked, the claim shows them, back keeps them), and the crib's pickers, which leave out the cards the play used up."""

from app_driver import BACK_PRESS, ENC, P1, P2, Driver, turn
from lay_helpers import lay, laying

from host_tools.card_text import parse


def test_a_hand_laid_asks_only_what_its_ranks_cannot_tell():
    d = laying()
    for rank in (11, 12, 1, 13, 9, 8, 2, 3):  # P2 lays J A 9 2, P1 Q K 8 3
        lay(d, rank)
    assert d.match.laid == [[12, 13, 8, 3], [11, 1, 9, 2]]
    before = d.match.front[:]
    d.press(ENC)  # P2's hand: J A 9 2 with the starter KH
    assert d.where() == "ranks" and d.mode.ranks.ranks == [10, 0, 8, 1]
    assert "one suit?" in d.display()  # four ranks: they could be a flush
    d.press(ENC)  # no
    assert "his nobs?" in d.display()  # a Jack, the starter no Jack: is it of the starter's suit?
    d.press(turn(1), ENC)  # yes
    # nothing makes fifteen, no pair, no run of three: his nobs alone, 1
    assert d.where() == "confirm" and d.mode.points == 1
    d.press(ENC)
    assert d.match.log[-1] == ["show_ranks", 1, [10, 0, 8, 1], 0, True, None]
    assert d.match.front == [before[0], before[1] + 1]


def test_a_claim_on_a_hand_laid_shows_the_ranks_it_is_judged_by():
    # A review: with muggins on, the claim on a hand laid in the play showed no ranks, where the board
    # counts it from the ranks laid (a ten laid for a Jack counts as a ten)
    d = laying(muggins=True)
    for rank in (5, 10, 13, 6, 4, 3, 5, 13):
        lay(d, rank)
    d.press(ENC)  # the pone's hand: 5 K 4 5 laid, the starter a King
    assert d.display() == ["P2 HAND", "5 K 4 5 st K", "claim 0", "muggins is on", "turn=claim", "enc=peg"]
    d.press(turn(12))
    d.press(BACK_PRESS)  # nothing asked to take back: the count is left for the play's end
    assert d.where() == "lay" and d.match.front == [5, 3]
    d.press(ENC)  # the claim as dialled (a play-test: it opened at 0 again, as a hand's picked cards keep theirs)
    assert d.where() == "claim" and "claim 12" in d.display()
    d.press(ENC)
    assert d.match.front == [5, 15] and d.match.log[-1][-1] == 12


def test_back_never_takes_back_the_ranks_laid_in_the_play():
    d = laying()
    for rank in (5, 10, 13, 6, 4, 3, 5, 13):  # as in the play above: P2 laid 5 K 4 5, P1 T 6 3 K
        lay(d, rank)
    d.press(ENC)  # the pone's hand, its ranks laid in the play: nothing to ask, the count previewed
    assert d.where() == "confirm" and d.mode.points == 12
    d.press(BACK_PRESS)  # nothing dialled or answered to take back: the count is left, the ranks kept
    assert d.where() == "lay" and d.match.next_show == (1, "hand") and d.match.front == [5, 3]  # PLAY OVER
    d.press(ENC)  # the same count again
    assert d.where() == "confirm" and d.mode.ranks.ranks == [4, 12, 3, 4] and d.mode.points == 12


def test_the_crib_s_picker_skips_a_rank_the_play_used_up():
    d = Driver()
    d.board.change_settings({"play": 1})
    for event in (["dealer", 0], ["starter", parse("5C")], ["lay", 1, 5], ["lay", 0, 5], ["lay", 1, 5],
                  ["lay", 0, 13], ["lay", 1, 1], ["lay", 0, 2], ["lay", 1, 3], ["lay", 0, 1],
                  ["hand", 1, None, 8], ["hand", 0, None, 6]):
        assert d.board.try_apply(event), event
    d.board.idle()
    d.press(ENC)  # the crib: cards picked, no 5 left (three laid, the starter the fourth)
    picker = d.mode.picker
    assert d.where() == "cards" and [c for c in range(52) if c >> 2 == 4 and picker.free(c)] == []
    # said (a play-test: a 5 laid wrong, the crib's own 5 could not be reached, and nothing said why)
    assert d.display()[:3] == ["P1 CRIB", ">AC", "none left: 5"]
    d.pick("AD")  # two aces laid in the play: two left
    assert picker.free(parse("AH"))
    d.pick("AH")
    assert not picker.free(parse("AS")) and not picker.free(parse("AC"))  # the four aces are out


def test_a_crib_by_ranks_is_not_offered_a_rank_the_play_laid_four_of():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)  # P1 deals
    assert d.ask({"cmd": "event", "event": ["starter_rank", 12]})["ok"]  # a King, its suit not dialled
    for rank in (5, 5, 5, 5, 10):  # the four fives laid, then a ten: 30
        lay(d, rank)
    d.press(P1, P2)  # both go
    for rank in (9, 7, 8):
        lay(d, rank)
    for seat, points in ((1, 10), (0, 6)):  # the hands by their totals (5 5 10 7, 5 5 9 8): laid cards held, unseen
        assert d.ask({"cmd": "event", "event": ["hand", seat, None, points]})["ok"]
    d.press(ENC)  # the crib, by its ranks (the starter has no suit)
    assert d.where() == "ranks" and d.mode.ranks.rank == 0 and d.display()[3] == "none left: 5"
    d.press(turn(4))  # Ace, 2, 3, 4, then the six: the play laid all four fives
    assert d.mode.ranks.rank == 5 and d.mode.ranks.ranks == []
    d.press(turn(-1), ENC)
    assert d.mode.ranks.ranks == [3] and d.board.messages.refusal is None


def test_the_crib_picker_does_not_offer_the_jack_an_answer_put_in_a_hand():
    # A review: his nobs said yes for a hand laid in the play put the Jack of the starter's suit in it; the crib's
    # picker offered that card, showed its points, and refused it at the press.
    for answer in (P2, P1):  # as at the discard advice's question: p2 no, p1 yes
        d = Driver()
        d.board.change_settings({"play": 1})
        d.press(P1, ENC)
        d.pick("5H")
        for rank in (10, 5, 5, 11, 6, 4, 4, 5):  # P2, P1 (fifteen two), P2 (a pair), P1; P2, P1, P2, P1
            if rank == 6:
                d.press(P2, P1)  # both go at 30: P1 one for last
            lay(d, rank)
        d.press(ENC, ENC, ENC)  # P2's hand: no flush, its count said and pegged
        assert d.display()[2] == "his nobs?" and d.display()[4] == "> no"  # P1's hand, 5 J 4 5
        nobs = answer == P1
        if not nobs:
            d.press(turn(1))  # yes, for p2 to say no
        d.press(answer)
        assert d.display()[4] == ("> yes" if nobs else "> no")
        d.press(ENC, ENC)
        assert d.match.front == [18 + nobs, 20] and d.where() == "cards"  # P1: 4 and 14 (a 15 with his nobs)
        assert d.mode.picker.free(parse("JH")) != nobs and d.mode.picker.free(parse("JS"))
