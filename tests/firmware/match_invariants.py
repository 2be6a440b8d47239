"""Random event sequences for a match and the invariants they must keep, on CPython and MicroPython.

``play_random_events`` applies events, legal and illegal, under any settings, and checks:
- a rejected event changes nothing (state and log);
- scores stay between 0 and the target, the winner is on the target exactly when the game is
  over, pegs only move forward (except by undo, a new game or a new match) and the back peg
  is where the front was;
- without house rules each side's score is exactly the points credited to it by an
  independent tally of the accepted events (``credits``: show totals from ``cribbage.show.score``,
  and ``cribbage.show_ranks.score`` for shows by ranks, both held to the published totals
  elsewhere), and so is the muggins call left open;
- undo returns to the state before the last event; replaying the log (and the saved log) gives
  the live state; undoing k events and applying them again gives the same state.

The random choices come from a chooser: hypothesis's data (``Drawn``, tests/match_strategies.py),
``Seeded`` (an Xorshift32: the same numbers on every interpreter) in test_match_seeded.py. A
chooser has ``integer(lo, hi)`` (both included), ``choice(items)``, ``boolean()``,
``sample(items, k)`` (k distinct items, or all if fewer) and ``integers(lo, hi, least, most, unique)`` (a list).
"""

from cribbage import show, show_ranks
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from cribbage_lab.deck import Xorshift32, randbelow

# Every kind of settings: each keyword of Settings and the values drawn for it (in this order: a
# seed draws the same settings on every interpreter, whatever a dict's order there).
SETTINGS_CHOICES = [
    ("players", [2, 3, 4]),
    ("target", [121, 61]),
    ("skunk", ["none", "skunk", "lurch"]),
    ("double_skunk_games", [3, 4]),
    ("peg_out_exactly", [False, True]),
    ("muggins", [False, True]),
    ("stinkhole", [False, True]),
    ("match_to", [0, 3, 5]),
]

# What to try next, by phase: mostly what moves the game on, sometimes anything.
ACTIONS = {
    "cut": ["dealer", "cut", "cut", "cut_ranks", "cut_ranks", "peg", "show", "muggins", "undo", "junk"],
    "play": ["peg"] * 8 + ["show"] * 5 + ["ranks"] * 4 + ["starter"] * 3 + ["starter_rank"] * 2 + ["muggins"] * 2 + [
        "heels", "dealer", "cut", "cut_ranks", "new_game", "new_match", "undo", "undo", "junk"],
    "show": ["show"] * 8 + ["ranks"] * 6 + ["muggins"] * 3 + ["peg", "starter", "starter", "starter_rank", "heels",
                                                                "new_game", "undo", "junk"],
    "over": ["new_game"] * 3 + ["new_match", "undo", "peg", "show", "starter", "heels", "muggins", "junk"],
}

# Events of no legal form.
JUNK = [[], ["peg"], ["nope", 1], ["peg", 0, "2"], ["hand", 0, None], None, "peg", ["peg", True, 2],
        ["crib", [1, 2, 3, 4]]]


class Seeded:
    """A chooser from a seeded Xorshift32: the same choices on every interpreter."""

    def __init__(self, seed):
        self.rand = Xorshift32(seed)

    def integer(self, lo, hi):
        return lo + randbelow(self.rand, hi - lo + 1)

    def choice(self, items):
        return items[randbelow(self.rand, len(items))]

    def boolean(self):
        return self.rand.getrandbits(1) == 1

    def sample(self, items, k):
        pool = list(items)
        k = min(k, len(pool))
        for i in range(k):  # the first k steps of a Fisher-Yates shuffle
            j = i + randbelow(self.rand, len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def integers(self, lo, hi, least, most, unique=False):
        if unique:
            return self.sample(range(lo, hi + 1), self.integer(least, most))
        return [self.integer(lo, hi) for _ in range(self.integer(least, most))]


def random_settings(c):
    """Settings with every keyword chosen by ``c``."""
    return Settings(**{name: c.choice(values) for name, values in SETTINGS_CHOICES})


def draw_claim(c, true):
    """A claimed total: none, any, or (when the true total is known) the true one or less."""
    k = c.integer(0, 1 if true is None else 3)
    if k == 0:
        return None
    if k == 1:
        return c.integer(-1, 31)
    return true if k == 2 else c.integer(0, true)


def draw_show(c, m):
    """A show event: usually the one due, with cards not yet on the table and a plausible claim."""
    due = m.next_show or (0, "hand")
    seat = due[0] if c.integer(0, 9) else c.integer(-1, m.settings.seats)
    crib = due[1] == "crib" if c.integer(0, 9) else c.boolean()
    form = c.integer(0, 2)
    if form == 0:
        cards = None
    elif form == 1:
        cards = c.sample([card for card in range(52) if card not in m.used], 4)
    else:
        cards = c.integers(0, 51, 3, 5)
    true = None
    if cards is not None and m.starter is not None and len(cards) == 4 and len(set(cards) | {m.starter}) == 5:
        true = show.score(cards, m.starter, crib)
    claim = draw_claim(c, true)
    return ["crib", cards, claim] if crib else ["hand", seat, cards, claim]


def draw_ranks_show(c, m):
    """A show by ranks: usually the one due, of ranks not all on the table, with possible answers and claim."""
    due = m.next_show or (0, "hand")
    seat = due[0] if c.integer(0, 9) else c.choice([-1, 0, 1, 2, 3, None])
    crib = seat is None
    on_table = [card >> 2 for card in m.used] + m.ranks
    if c.boolean():
        ranks = c.sample([r for r in range(13) for _ in range(4 - on_table.count(r))], 4)
    else:
        ranks = c.integers(-1, 13, 3, 5)
    flush, nobs, true = c.choice([0, 4, 5, 1, True]), c.boolean(), None
    if m.starter_rank is not None and len(ranks) == 4 and all(0 <= r < 13 for r in ranks):
        if c.integer(0, 4):  # mostly answers the ranks allow
            flush = c.choice(show_ranks.flush_options(ranks, m.starter_rank, crib))
            options = show_ranks.nobs_options(ranks, m.starter_rank, flush)
            nobs = c.choice([n for n in (False, True) if options & (show_ranks.NOBS if n else show_ranks.NO_NOBS)])
        try:
            true = show_ranks.score(ranks, m.starter_rank, flush, nobs, crib)
        except ValueError:
            pass
    return ["show_ranks", seat, ranks, flush, nobs, draw_claim(c, true)]


def draw_event(c, m, action):
    """An event of the given kind with arguments that are mostly, not always, legal."""
    seats, sides = m.settings.seats, m.settings.sides
    if action == "peg":
        return ["peg", c.integer(-1, sides), c.integer(1, 31) if c.boolean() else c.integer(-2, 40)]
    if action == "show":
        return draw_show(c, m)
    if action == "ranks":
        return draw_ranks_show(c, m)
    if action == "starter":
        return ["starter", c.integer(0, 52)]
    if action == "starter_rank":
        return ["starter_rank", c.integer(-1, 13)]
    if action == "heels":
        return ["heels"]
    if action == "dealer":
        return ["dealer", c.integer(-1, seats)]
    if action == "cut":
        return ["cut", c.integers(0, 51, seats, seats, True)]
    if action == "cut_ranks":
        return ["cut_ranks", [None if c.boolean() else c.integer(-1, 13)
                              for _ in range(c.integer(seats - 1, seats + 1))]]
    if action == "muggins":
        return ["muggins", c.integer(-1, sides)]
    if action in ("new_game", "new_match"):
        return [action]
    return c.choice(JUNK)


def credits(rules, deal, event, call):
    """Points an accepted event credited to each side, tallied independently of game.py, and the
    muggins call it leaves open ((claimer's side, points overlooked) or None).

    ``deal`` is (dealer, starter, starter's rank, heels, phase) as they were before the event, ``call``
    the call open then.
    """
    dealer, starter, starter_rank, heels, phase = deal
    got = [0] * rules.sides
    kind = event[0]
    opened = None
    if kind == "peg":
        got[event[1]] += event[2]
    elif kind == "heels" or (kind == "starter" and event[1] >> 2 == 10 and not heels and phase == "play") or (
            kind == "starter_rank" and event[1] == 10 and not heels and phase == "play"):
        got[rules.side_of(dealer)] += 2
    elif kind == "muggins":
        assert call is not None and event[1] != call[0]  # accepted only right after a claim, by another side
        got[event[1]] += call[1]
    elif kind in ("hand", "crib", "show_ranks"):
        crib = kind == "crib" or (kind == "show_ranks" and event[1] is None)
        seat = dealer if crib else event[1]
        if kind == "show_ranks":
            cards, claim = event[2], event[5]
            true = show_ranks.score(cards, starter_rank, event[3], event[4], crib)
        else:
            cards, claim = event[-2], event[-1]
            true = claim if cards is None else show.score(cards, starter, crib)
        got[rules.side_of(seat)] += true if claim is None else claim
        if cards is not None and claim is not None and rules.muggins:
            opened = (rules.side_of(seat), true - claim)  # what a call would peg to its caller
    return got, opened


def check_invariants(m, before, event):
    """The state after ``event`` was accepted, against ``before`` (the state before it)."""
    target = m.settings.target
    after = m.state()
    sides = len(before["front"])
    assert len(after["front"]) == len(after["back"]) == sides
    assert all(0 <= f <= target for f in after["front"])
    assert all(0 <= after["back"][s] <= after["front"][s] for s in range(sides))
    assert (after["phase"] == "over") == (after["winner"] is not None)
    if after["winner"] is not None:
        assert after["front"][after["winner"]] == target
        assert sorted(after["front"]).count(target) == 1
    if event[0] == "hand" and event[2] is not None:
        assert all(card in after["used"] for card in event[2])  # shown cards are on the table
    on_table = [card >> 2 for card in after["used"]] + after["ranks"]
    assert all(on_table.count(r) <= 4 for r in on_table)  # no fifth card of a rank
    if event[0] not in ("new_game", "new_match"):
        for side in range(sides):
            old, new = before["front"][side], after["front"][side]
            assert new >= old
            if new > old:
                assert after["back"][side] == old
            else:
                assert after["back"][side] == before["back"][side]


def play_random_events(rules, c, note=None):
    """Apply 1 to 120 events chosen by ``c`` to a new match with ``rules``, checking the invariants
    (the module docstring) after each and at the end; ``note(text)`` is told what was accepted."""
    m = Match(rules)
    history = [m.state()]  # history[i]: the state after the first i events
    tally = [0] * rules.sides  # independent running score of the current game
    call = None  # the muggins call open, in the same independent model
    tallies = [(tally[:], call)]
    house_rules = rules.peg_out_exactly or rules.stinkhole
    for _ in range(c.integer(1, 120)):
        action = c.choice(ACTIONS[m.phase])
        if action == "undo":
            if m.log:
                m.undo()
                history.pop()
                tallies.pop()
                tally, call = tallies[-1][0][:], tallies[-1][1]
                assert m.state() == history[-1]
            continue
        event = draw_event(c, m, action)
        before = m.state()
        deal = (m.dealer, m.starter, m.starter_rank, m.heels, m.phase)
        log = [e[:] for e in m.log]
        try:
            m.apply(event)
        except RuleError:
            assert m.state() == before and m.log == log
            continue
        check_invariants(m, before, event)
        if note is not None:
            note("accepted " + event[0])
            if m.phase == "over":
                note("a game was won")
        if event[0] in ("new_game", "new_match"):
            tally = [0] * rules.sides
            call = None
        else:
            got, call = credits(rules, deal, event, call)
            tally = [tally[s] + got[s] for s in range(rules.sides)]
        assert m.muggins == (None if call is None or m.phase == "over" else call[0])
        if m.phase != "over":
            if house_rules:
                assert all(m.front[s] <= tally[s] for s in range(rules.sides))
            else:
                assert m.front == tally
        history.append(m.state())
        tallies.append((tally[:], call))
    assert history[-1] == m.state()
    assert Match(rules, m.log).state() == m.state()
    assert Match(rules, saved=list(m.iter_saved())).state() == m.state()
    k = c.integer(0, len(m.log))
    log = [e[:] for e in m.log]
    for _ in range(k):
        m.undo()
    assert m.state() == history[len(m.log)]
    for event in log[len(m.log):]:
        m.apply(event)
    assert m.state() == history[-1] and m.log == log
    return m
