"""An independent reference for the play laid card by card, written from docs/RULES.md ("The play").

It shares no code with the rules core: the tests play whole deals through ``Match`` with the
events this gives and compare every peg, count and turn. Portable (CPython and MicroPython).
"""


def worth(card):
    """A card's counting value: A 1, 2-10 face, court cards 10."""
    return min(card // 4 + 1, 10)


def card_points(series):
    """What the last card of ``series`` (the cards since the count restarted, oldest first) pegs."""
    total = 0
    for c in series:
        total += worth(c)
    points = 2 if total == 15 or total == 31 else 0
    ranks = [c // 4 for c in series]
    same = 1
    while same < len(ranks) and same < 4 and ranks[-1 - same] == ranks[-1]:
        same += 1
    points += same * (same - 1)  # every pair among the alike cards: 2, 6, 12
    for n in range(len(ranks), 2, -1):  # the longest run of the last n cards, in any order
        tail = sorted(ranks[-n:])
        if tail == list(range(tail[0], tail[0] + n)):
            return points + n
    return points


def play_out(hands, leader, pick, false_go=None, told=None):
    """Play ``hands`` (a list of cards per seat, consumed) from ``leader``; ``pick(cards)`` chooses
    which of the cards that fit is laid. Returns the steps, one per lay or go a player makes (a
    seat with no card left says nothing): ``[event, seat that pegs or None, points, count after,
    whose turn after (None once the play is over)]``.

    ``false_go(seat, count)``, if given, is asked when a seat holding a card that fits may say go
    (a count above 21): True, it says go all the same. The board tells such a go when the seat
    lays, later in the deal, a card that fitted then: each is appended to ``told`` as (index of
    that lay's step, seat, the lowest count of the seat's goes since its last told one)."""
    seats = len(hands)
    turn = leader
    count = 0
    series = []
    said_go = [False] * seats
    gone_at = [[] for _ in range(seats)]  # the counts of each seat's goes since the last told
    last = None
    steps = []
    while True:
        hand = hands[turn]
        if hand and steps:  # what the last step left, once the seats with no card passed
            steps[-1][3] = count
            steps[-1][4] = turn
        fits = [c for c in hand if count + worth(c) <= 31]
        if fits and not (false_go is not None and count > 21 and false_go(turn, count)):
            card = pick(fits)
            hand.remove(card)
            if told is not None and [c for c in gone_at[turn] if c + worth(card) <= 31]:
                told.append((len(steps), turn, min(gone_at[turn])))
                gone_at[turn] = []
            series.append(card)
            count += worth(card)
            last = turn
            points = card_points(series)
            steps.append([["lay", turn, card // 4 + 1], turn if points else None, points, None, None])
        else:
            if hand:
                steps.append([["go", turn], None, 0, None, None])
                gone_at[turn].append(count)
            said_go[turn] = True
        if count == 31 or False not in said_go:
            # the series ends: the last card pegs 1 when nobody can lay (31 pegged 2 already)
            if count != 31 and series:
                step = steps[-1]
                if step[1] is not None and step[1] != last:
                    raise AssertionError("two seats peg in one step")
                step[1] = last
                step[2] += 1
            count = 0
            series = []
            said_go = [False] * seats
            turn = (last + 1) % seats
            if not any(hands):
                steps[-1][3] = 0
                steps[-1][4] = None
                return steps
        else:
            turn = next_seat(turn, said_go)


def next_seat(seat, said_go):
    """The next seat to the left that has not said go (the same seat if all others have)."""
    seats = len(said_go)
    for k in range(1, seats + 1):
        s = (seat + k) % seats
        if not said_go[s]:
            return s
    return seat
