"""Settings: validation, round trip, the board's lines and what a win is worth (docs/RULES.md)."""

from cribbage.settings import FIELDS, Settings
from portable import raises


def every_settings():
    for players in (2, 3, 4):
        for target in (121, 61):
            for skunk in ("none", "skunk", "lurch"):
                for dsg in (3, 4):
                    for flags in range(8):
                        yield Settings(players, target, skunk, dsg, bool(flags & 1), bool(flags & 2),
                                       bool(flags & 4))


def test_defaults_are_the_common_two_player_rules():
    s = Settings()
    assert (s.players, s.target, s.skunk, s.double_skunk_games) == (2, 121, "skunk", 3)
    assert (s.peg_out_exactly, s.muggins, s.stinkhole) == (False, False, False)
    assert (s.sides, s.seats) == (2, 2)


def test_round_trip_of_every_combination():
    n = 0
    for s in every_settings():
        d = s.to_dict()
        assert sorted(d) == sorted(FIELDS)
        back = Settings.from_dict(d)
        assert back == s and back.to_dict() == d
        for name in FIELDS:
            assert getattr(back, name) == d[name]
        n += 1
    assert n == 3 * 2 * 3 * 2 * 8


def test_sides_and_seats():
    assert (Settings(players=3).sides, Settings(players=3).seats) == (3, 3)
    teams = Settings(players=4)
    assert (teams.sides, teams.seats) == (2, 4)
    assert [teams.side_of(s) for s in range(4)] == [0, 1, 0, 1]  # partners sit opposite
    assert [Settings(players=3).side_of(s) for s in range(3)] == [0, 1, 2]


def test_side_and_seat_names_as_the_players_call_them():
    two, three, teams = Settings(players=2), Settings(players=3), Settings(players=4)
    assert [two.side_name(s) for s in range(2)] == ["P1", "P2"]
    assert [two.seat_name(s) for s in range(2)] == ["P1", "P2"]
    assert [three.side_name(s) for s in range(3)] == ["P1", "P2", "P3"]
    assert [three.seat_name(s) for s in range(3)] == ["P1", "P2", "P3"]
    assert [teams.side_name(s) for s in range(2)] == ["T1", "T2"]
    # Partners sit opposite: seats 0 and 2 are team 1, seats 1 and 3 team 2.
    assert [teams.seat_name(s) for s in range(4)] == ["T1a", "T2a", "T1b", "T2b"]
    for rules in (two, three, teams):  # a seat's name begins with its side's
        for seat in range(rules.seats):
            assert rules.seat_name(seat)[:2] == rules.side_name(rules.side_of(seat))


def test_lines_follow_their_definitions():
    # Skunked: below 3/4 of the board; double skunk and lurch: below half (not reached it).
    for target in (121, 61):
        s = Settings(target=target)
        for score in range(target):
            assert (score < s.skunk_line) == (4 * score < 3 * target)
            assert (score < s.double_skunk_line) == (2 * score < target)
            assert (score < s.lurch_line) == (2 * score < target)


def test_published_lines():
    # docs/RULES.md: below 91 of 121 is a skunk, below 61 a double skunk; lurch below 61 / 31.
    s = Settings()
    assert (s.skunk_line, s.double_skunk_line, s.lurch_line) == (91, 61, 61)
    s = Settings(target=61)
    assert (s.skunk_line, s.double_skunk_line, s.lurch_line) == (46, 31, 31)


def test_outcome_at_the_skunk_lines_of_121():
    s = Settings(skunk="skunk")
    assert s.outcome(120) == ("win", 1)
    assert s.outcome(91) == ("win", 1)
    assert s.outcome(90) == ("skunk", 2)
    assert s.outcome(61) == ("skunk", 2)
    assert s.outcome(60) == ("double skunk", 3)
    assert s.outcome(0) == ("double skunk", 3)
    assert Settings(double_skunk_games=4).outcome(60) == ("double skunk", 4)
    assert Settings(double_skunk_games=4).outcome(61) == ("skunk", 2)


def test_outcome_at_the_skunk_lines_of_61():
    s = Settings(target=61)
    assert s.outcome(46) == ("win", 1)
    assert s.outcome(45) == ("skunk", 2)
    assert s.outcome(31) == ("skunk", 2)
    assert s.outcome(30) == ("double skunk", 3)


def test_outcome_lurch_and_none():
    lurch = Settings(skunk="lurch", double_skunk_games=4)
    assert lurch.outcome(61) == ("win", 1)
    assert lurch.outcome(90) == ("win", 1)
    assert lurch.outcome(60) == ("lurch", 2)
    assert lurch.outcome(0) == ("lurch", 2)
    assert Settings(target=61, skunk="lurch").outcome(31) == ("win", 1)
    assert Settings(target=61, skunk="lurch").outcome(30) == ("lurch", 2)
    for score in (0, 30, 60, 90, 120):
        assert Settings(skunk="none").outcome(score) == ("win", 1)


def test_bad_values_name_the_field():
    for kwargs, field in (({"players": 5}, "players"), ({"players": 1}, "players"), ({"players": True}, "players"),
                          ({"players": "2"}, "players"), ({"target": 100}, "target"), ({"target": 121.0}, "target"),
                          ({"skunk": "double"}, "skunk"), ({"skunk": None}, "skunk"),
                          ({"double_skunk_games": 2}, "double_skunk_games"),
                          ({"peg_out_exactly": 1}, "peg_out_exactly"), ({"muggins": "yes"}, "muggins"),
                          ({"stinkhole": None}, "stinkhole")):
        with raises(ValueError, field):
            Settings(**kwargs)
        with raises(ValueError, field):
            Settings.from_dict(kwargs)


def test_unknown_keys_are_rejected():
    with raises(ValueError, "colour"):
        Settings.from_dict({"target": 61, "colour": "red"})
    with raises(ValueError):
        Settings.from_dict([("target", 61)])


def test_from_dict_fills_defaults_and_changed_validates():
    s = Settings.from_dict({"target": 61})
    assert s == Settings(target=61) and s != Settings()
    assert s.changed({"muggins": True}) == Settings(target=61, muggins=True)
    assert s.target == 61 and s.muggins is False  # the original is unchanged
    with raises(ValueError, "target"):
        s.changed({"target": 60})
    with raises(ValueError, "unknown setting"):
        s.changed({"targt": 121})


def test_the_lines_drawn_are_the_lines_outcome_judges_by():
    for target in (121, 61):
        for rule in ("none", "skunk", "lurch"):
            s = Settings(target=target, skunk=rule)
            assert [name for name, _ in s.lines] == {"none": [], "skunk": ["skunk", "double skunk"],
                                                     "lurch": ["lurch"]}[rule]
            for name, hole in s.lines:
                assert s.line_of(name) == hole
                assert s.outcome(hole - 1)[0] == name  # one below the line: this result
                assert s.outcome(hole)[0] != name  # on the line: escaped it
            assert s.line_of("win") == 0 and s.line_of(None) == 0
    assert Settings(target=121).lines == (("skunk", 91), ("double skunk", 61))
    assert Settings(target=61, skunk="lurch").lines == (("lurch", 31),)
