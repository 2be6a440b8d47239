"""What the display says of a card laid in the play: its count and points (a pair royal, a team seat's name, long
sayings and the hint under them, points a house rule does not peg), and a card that wins the game."""

from app_driver import BACK_PRESS, ENC, P1, P2
from lay_helpers import lay, laying


def test_a_pair_royal_in_the_play_is_said_with_its_article():
    d = laying()
    for rank in (10, 10, 10):  # P2, P1, P2: a pair royal at thirty, said as "a pair" or "a run" are
        lay(d, rank)
    assert d.match.front == [2, 6] and d.display()[3:5] == ["P2: thirty for a", "pair royal"]


def test_a_team_seat_s_saying_keeps_its_name_with_its_first_word():
    d = laying(players=4)  # T2a leads, then T1b, T2b, T1a
    for rank in (10, 10, 7):  # T2b: twenty-seven, 17 characters with the name
        lay(d, rank)
    # a review: "T2b:" alone on a line, "twenty-seven" below it
    assert d.display()[3:] == ["T2b: twenty-", "seven", "turn=rank", "enc=lay btn=go"]
    lay(d, 4)  # 31: the name and its first word fit whole
    assert d.display()[3:5] == ["T1a: thirty-one", "for two"]


def test_a_long_saying_keeps_its_total():
    d = laying()
    for rank in (13, 10, 12):
        lay(d, rank)
    d.press(P1, P2)
    for rank in (1, 2, 3, 4, 5):  # P1 A, P2 2, P1 3, P2 4, P1 5 (15): fifteen two, a run of five, last
        lay(d, rank)
    assert d.match.front == [11, 5]
    # a saying of five lines, and the hint: the scores give way (the pegs show them), the saying is whole
    assert d.display() == ["PLAY OVER", "P1: fifteen two", "and a run of", "five is seven", "and one for last",
                           "is eight", "enc=count"]
    d = laying(players=3)  # three score lines and a saying of five: the scores give way, the saying is whole
    for rank in (3, 7, 7, 7, 7):  # 3, then four 7s: P3 pegs double pair royal and 31 for two
        lay(d, rank)
    assert d.match.front == [2, 6, 14]
    assert d.display() == ["P1 >8 count 0", "P3: thirty-one", "for two and a", "double pair", "royal is",
                           "fourteen", "enc=lay btn=go"]


def test_the_hint_stays_under_three_players_and_a_long_saying():
    d = laying(players=3)
    for rank in (5, 5, 5, 10, 6, 9, 9, 9, 4, 13, 12):  # P2 leads; 31 twice, then P2's and P3's last cards
        lay(d, rank)
    lay(d, 11)  # P1's last, the play's: 30 with a run of three, and one for last
    assert d.display() == ["PLAY OVER", "P1: thirty for a", "run of three and", "one for last is", "four",
                           "enc=count"]  # the scores give way (the pegs show them): what to do next is said


def test_points_a_house_rule_does_not_peg_are_said_not_pegged():
    d = laying(peg_out_exactly=True)
    for points in (31, 31, 31, 25):
        d.board.handle_command('{"cmd": "event", "event": ["peg", 0, %d]}' % points)
    for rank in (5, 10, 5, 5):  # P1: fifteen two (120), then a pair that would pass the game hole
        lay(d, rank)
    assert d.match.front[0] == 120 and d.match.winner is None
    said = " ".join(d.display()[2:])
    assert "P1: twenty-five for a pair, not pegged" in said, said


def test_a_card_that_wins_ends_the_game():
    d = laying()
    for points in (31, 31, 31, 25):  # P1 near the end, pegged from the serial line
        d.board.handle_command('{"cmd": "event", "event": ["peg", 0, %d]}' % points)
    assert d.match.front[0] == 118 and d.where() == "lay"
    lay(d, 5)
    lay(d, 10)  # fifteen two: 120
    lay(d, 6)
    lay(d, 10)  # P1: thirty-one for two, 122: the game hole
    assert d.match.winner == 0 and d.where() == "peg"
    d.press(BACK_PRESS)  # a mistake: back takes the winning card back, and the play goes on, the card dialled again
    assert d.match.winner is None and d.where() == "lay" and d.display()[2] == "P1 >10 count 21"
    d.press(ENC)
    assert d.match.winner == 0


def test_a_card_that_wins_the_game_is_said_under_the_result():
    # A review at the table: the display went from the card's turn to "P2 WINS", never saying what it made.
    d = laying(target=61)
    for side, points in ((0, 30), (1, 30), (1, 11), (1, 18)):  # P1 on 30, P2 (the pone) on 59
        d.board.apply(["peg", side, points])
    lay(d, 5)  # P2 leads a 5
    lay(d, 10)  # P1: fifteen two
    lay(d, 10)  # P2: a pair, and the game
    assert d.match.winner == 1 and d.where() == "peg"
    said = ["P2 WINS 2 GAMES", "P1 SKUNKED", "P2: twenty-five", "for a pair", "enc=next game"]
    assert d.display()[-5:] == said
    assert d.reboot().display()[-5:] == said  # through a power cut too
    d = laying(target=61)
    for side, points in ((0, 30), (1, 30), (1, 11), (1, 18)):
        d.board.apply(["peg", side, points])
    lay(d, 5)
    lay(d, 5)  # P1: a pair
    lay(d, 5)  # P2: fifteen and a pair royal, 8: three lines; the scores give way (the pegs show them), as in the play
    assert d.display() == ["G1  won 0-2", "P2 WINS 2 GAMES", "P1 SKUNKED", "P2: fifteen two", "and a pair royal",
                           "is eight", "next: P1 deals", "enc=next game"]  # (a play-test: the hint had given way)
    assert d.mode.lines(d.board) == d.display()  # made so by home itself, not cut off by the display
