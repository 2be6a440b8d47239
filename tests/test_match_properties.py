"""Property tests of the match event log (CPython, hypothesis).

Random sequences of events, legal and illegal, under every kind of settings:
- a rejected event changes nothing (state and log);
- scores stay between 0 and the target, the winner is on the target exactly when the game is
  over, pegs only move forward (except by undo, a new game or a new match) and the back peg
  is where the front was;
- without house rules each side's score is exactly the points credited to it by an
  independent tally of the accepted events (show totals from ``cribbage.show.score``, and
  ``cribbage.show_ranks.score`` for shows by ranks);
- undo returns to the state before the last event; replaying the log gives the live state;
  undoing k events and applying them again gives the same state.
"""

from __future__ import annotations

from hypothesis import event as hypothesis_event
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage import show, show_ranks
from cribbage.match import Match, RuleError
from cribbage.settings import Settings

SETTINGS = st.builds(
    Settings,
    players=st.sampled_from([2, 3, 4]),
    target=st.sampled_from([121, 61]),
    skunk=st.sampled_from(["none", "skunk", "lurch"]),
    double_skunk_games=st.sampled_from([3, 4]),
    peg_out_exactly=st.booleans(),
    muggins=st.booleans(),
    stinkhole=st.booleans(),
    match_to=st.sampled_from([0, 3, 5]),
)

# What to try next, by phase: mostly what moves the game on, sometimes anything.
ACTIONS = {
    "cut": ["dealer", "cut", "cut", "cut_ranks", "cut_ranks", "peg", "show", "muggins", "undo", "junk"],
    "play": ["peg"] * 8 + ["show"] * 5 + ["ranks"] * 4 + ["starter"] * 3 + ["starter_rank"] * 2 + ["muggins"] * 2 + [
        "heels", "dealer", "cut", "cut_ranks", "new_game", "new_match", "undo", "undo", "junk"],
    "show": ["show"] * 8 + ["ranks"] * 6 + ["muggins"] * 3 + ["peg", "starter", "starter", "starter_rank", "heels",
                                                                "new_game", "undo", "junk"],
    "over": ["new_game"] * 3 + ["new_match", "undo", "peg", "show", "starter", "heels", "muggins", "junk"],
}


def draw_show(data: st.DataObject, m: Match) -> list:
    """A show event: usually the one due, with cards not yet on the table and a plausible claim."""
    due = m.next_show or (0, "hand")
    seat = due[0] if data.draw(st.integers(0, 9)) else data.draw(st.integers(-1, m.settings.seats))
    crib = due[1] == "crib" if data.draw(st.integers(0, 9)) else data.draw(st.booleans())
    free = [c for c in range(52) if c not in m.used]
    cards = data.draw(st.one_of(
        st.none(),
        st.permutations(free).map(lambda p: p[:4]),
        st.lists(st.integers(0, 51), min_size=3, max_size=5),
    ))
    true = None
    if cards is not None and m.starter is not None and len(cards) == 4 and len(set(cards) | {m.starter}) == 5:
        true = show.score(cards, m.starter, crib)
    options = [st.none(), st.integers(-1, 31)]
    if true is not None:
        options += [st.just(true), st.integers(0, true)]
    claim = data.draw(st.one_of(*options))
    return ["crib", cards, claim] if crib else ["hand", seat, cards, claim]


def draw_ranks_show(data: st.DataObject, m: Match) -> list:
    """A show by ranks: usually the one due, of ranks not all on the table, with possible answers and claim."""
    due = m.next_show or (0, "hand")
    seat = due[0] if data.draw(st.integers(0, 9)) else data.draw(st.sampled_from([-1, 0, 1, 2, 3, None]))
    crib = seat is None
    on_table = [c >> 2 for c in m.used] + m.ranks
    free = [r for r in range(13) for _ in range(4 - on_table.count(r))]
    ranks = data.draw(st.one_of(st.permutations(free).map(lambda p: p[:4]),
                                st.lists(st.integers(-1, 13), min_size=3, max_size=5)))
    flush, nobs, true = data.draw(st.sampled_from([0, 4, 5, 1, True])), data.draw(st.booleans()), None
    if m.starter_rank is not None and len(ranks) == 4 and all(0 <= r < 13 for r in ranks):
        if data.draw(st.integers(0, 4)):  # mostly answers the ranks allow
            flush = data.draw(st.sampled_from(show_ranks.flush_options(ranks, m.starter_rank, crib)))
            options = show_ranks.nobs_options(ranks, m.starter_rank, flush)
            nobs = data.draw(st.sampled_from([n for n in (False, True)
                                              if options & (show_ranks.NOBS if n else show_ranks.NO_NOBS)]))
        try:
            true = show_ranks.score(ranks, m.starter_rank, flush, nobs, crib)
        except ValueError:
            pass
    options = [st.none(), st.integers(-1, 31)]
    if true is not None:
        options += [st.just(true), st.integers(0, true)]
    return ["show_ranks", seat, ranks, flush, nobs, data.draw(st.one_of(*options))]


def draw_event(data: st.DataObject, m: Match, action: str) -> list:
    """An event of the given kind with arguments that are mostly, not always, legal."""
    seats, sides = m.settings.seats, m.settings.sides
    if action == "peg":
        return ["peg", data.draw(st.integers(-1, sides)), data.draw(st.one_of(st.integers(1, 31), st.integers(-2, 40)))]
    if action == "show":
        return draw_show(data, m)
    if action == "ranks":
        return draw_ranks_show(data, m)
    if action == "starter":
        return ["starter", data.draw(st.integers(0, 52))]
    if action == "starter_rank":
        return ["starter_rank", data.draw(st.integers(-1, 13))]
    if action == "heels":
        return ["heels"]
    if action == "dealer":
        return ["dealer", data.draw(st.integers(-1, seats))]
    if action == "cut":
        return ["cut", data.draw(st.lists(st.integers(0, 51), min_size=seats, max_size=seats, unique=True))]
    if action == "cut_ranks":
        return ["cut_ranks", data.draw(st.lists(st.one_of(st.none(), st.integers(-1, 13)), min_size=seats - 1,
                                                max_size=seats + 1))]
    if action == "muggins":
        return ["muggins", data.draw(st.integers(-1, sides))]
    if action in ("new_game", "new_match"):
        return [action]
    return data.draw(st.sampled_from([[], ["peg"], ["nope", 1], ["peg", 0, "2"], ["hand", 0, None], None, "peg",
                                      ["peg", True, 2], ["crib", [1, 2, 3, 4]]]))


def credits(rules: Settings, deal: tuple, event: list, call: tuple | None) -> tuple[list[int], tuple | None]:
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


def check_invariants(m: Match, before: dict, event: list) -> None:
    target = m.settings.target
    after = m.state()
    assert all(0 <= f <= target for f in after["front"])
    assert all(0 <= b <= f for b, f in zip(after["back"], after["front"], strict=True))
    assert (after["phase"] == "over") == (after["winner"] is not None)
    if after["winner"] is not None:
        assert after["front"][after["winner"]] == target
        assert sorted(after["front"]).count(target) == 1
    if event[0] == "hand" and event[2] is not None:
        assert all(c in after["used"] for c in event[2])  # shown cards are on the table
    on_table = [c >> 2 for c in after["used"]] + after["ranks"]
    assert all(on_table.count(r) <= 4 for r in on_table)  # no fifth card of a rank
    if event[0] not in ("new_game", "new_match"):
        for side, (old, new) in enumerate(zip(before["front"], after["front"], strict=True)):
            assert new >= old
            if new > old:
                assert after["back"][side] == old
            else:
                assert after["back"][side] == before["back"][side]


@settings(max_examples=150, deadline=None)
@given(SETTINGS, st.data())
def test_random_event_sequences(rules: Settings, data: st.DataObject) -> None:
    m = Match(rules)
    history = [m.state()]  # history[i]: the state after the first i events
    tally = [0] * rules.sides  # independent running score of the current game
    call = None  # the muggins call open, in the same independent model
    tallies = [(tally[:], call)]
    house_rules = rules.peg_out_exactly or rules.stinkhole
    for _ in range(data.draw(st.integers(1, 120))):
        action = data.draw(st.sampled_from(ACTIONS[m.phase]))
        if action == "undo":
            if m.log:
                m.undo()
                history.pop()
                tallies.pop()
                tally, call = tallies[-1][0][:], tallies[-1][1]
                assert m.state() == history[-1]
            continue
        event = draw_event(data, m, action)
        before = m.state()
        deal = (m.dealer, m.starter, m.starter_rank, m.heels, m.phase)
        log = [e[:] for e in m.log]
        try:
            m.apply(event)
        except RuleError:
            assert m.state() == before and m.log == log
            continue
        check_invariants(m, before, event)
        hypothesis_event("accepted " + event[0])
        if m.phase == "over":
            hypothesis_event("a game was won")
        if event[0] in ("new_game", "new_match"):
            tally = [0] * rules.sides
            call = None
        else:
            got, call = credits(rules, deal, event, call)
            tally = [t + c for t, c in zip(tally, got, strict=True)]
        assert m.muggins == (None if call is None or m.phase == "over" else call[0])
        if m.phase != "over":
            if house_rules:
                assert all(f <= t for f, t in zip(m.front, tally, strict=True))
            else:
                assert m.front == tally
        history.append(m.state())
        tallies.append((tally[:], call))
    assert history[-1] == m.state()
    assert Match(rules, m.log).state() == m.state()
    assert Match(rules, saved=list(m.iter_saved())).state() == m.state()
    k = data.draw(st.integers(0, len(m.log)))
    log = [e[:] for e in m.log]
    for _ in range(k):
        m.undo()
    assert m.state() == history[len(m.log)]
    for event in log[len(m.log):]:
        m.apply(event)
    assert m.state() == history[-1] and m.log == log
