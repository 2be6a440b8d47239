"""The serial line protocol: every command, errors that change nothing, duplicate ids (also after a reboot)."""

import json

from app_driver import Driver
from match_helpers import play_games, recording

from app import VERSION
from app.protocol import MAX_PAGE, reply, settings_dict
from cribbage.match import Match
from cribbage_lab import deck


def saved(d):
    """What a reboot would restore: the state and the log."""
    again = d.reboot()
    return again.match.state(), again.match.log, settings_dict(again.board)


def test_state_log_and_game_events():
    d = Driver()
    r = d.ask({"cmd": "state", "id": "a"})
    assert r["ok"] and r["id"] == "a" and r["state"]["phase"] == "cut" and r["state"]["ui"]["mode"] == "peg"
    assert r["state"]["settings"]["target"] == 121 and r["state"]["store"] is None
    assert r["state"]["version"] == VERSION  # the firmware's (app.VERSION)
    assert d.ask({"cmd": "event", "event": ["dealer", 1]})["state"]["dealer"] == 1
    r = d.ask({"cmd": "event", "event": ["peg", 0, 5], "id": 7})
    assert r["ok"] and r["id"] == 7 and r["state"]["front"] == [5, 0]
    r = d.ask({"cmd": "log"})
    assert r["log"] == [["dealer", 1], ["peg", 0, 5]] and r["games"] == [] and r["settings"]["players"] == 2
    assert d.ask({"cmd": "undo"})["state"]["front"] == [0, 0]
    assert d.reboot().match.log == [["dealer", 1]]


def long_match(games=2, seed=2463534242):
    """A board holding a seeded match of ``games`` games (a few hundred events), and the events applied."""
    m = Match()
    applied = []
    play_games(m, deck.Xorshift32(seed), games, recording(m, applied))
    d = Driver()
    d.board.match = m  # as if played on the board
    return d, applied


def test_a_long_log_comes_a_page_at_a_time_and_the_pages_are_the_log():
    d, log = long_match()
    total = len(log)
    assert total > 2 * MAX_PAGE
    games = d.match.games
    assert len(games) == 2
    for count in (None, 1, 7, MAX_PAGE):
        start = 0
        while True:
            request = {"cmd": "log", "from": start}
            if count is not None:
                request["count"] = count
            r = d.ask(request)
            assert r["ok"] and r["from"] == start and r["total"] == total
            last = start + (count or MAX_PAGE) >= total
            assert r.get("games") == (games if start == 0 or last else None) and r["settings"]["target"] == 121
            page = r["log"]
            assert len(page) == min(count or MAX_PAGE, total - start)
            for event in page:
                assert event == log[start], (start, event)
                start += 1
            if not page:
                break
        assert start == total
    r = d.ask({"cmd": "log"})  # from 0, a full page, by default
    assert r["from"] == 0 and r["log"] == log[:MAX_PAGE]
    assert d.ask({"cmd": "log", "from": total - 3, "count": MAX_PAGE})["log"] == log[-3:]


def test_a_reply_written_in_pieces_is_the_reply_line_byte_for_byte():
    whole, _ = long_match(1)
    pieces, _ = long_match(1)  # the same board: each request is applied to both
    last = json.dumps(whole.match.log[-1])
    lines = ['{"cmd": "log"}', '{"cmd": "log", "from": 9, "count": 5, "id": "p"}', '{"cmd": "log", "from": %d}'
             % whole.match.events, '{"cmd": "state"}', '{"cmd": "settings"}', '{"cmd": "undo", "id": 1}',
             '{"cmd": "undo", "id": 1}', '{"cmd": "event", "event": %s}' % last, '{"cmd": "log", "count": 0}',
             '{"cmd": "input", "event": ["press", "enc"], "id": "i"}', "[1]", '{"cmd": "settings", "set": {}}']
    for k, line in enumerate(lines):
        written = []
        text = reply(whole.board, line)
        assert reply(pieces.board, line, written.append) is None
        assert "".join(written) == text, line
        assert ("duplicate" in json.loads(text)) == (k == 6)  # the undo sent again
        if '"log"' in line and json.loads(text)["ok"]:  # the page an event a piece: never whole
            assert len(written) >= len(json.loads(text)["log"]) + 2
    assert whole.match.log == pieces.match.log and whole.board.mode.describe() == pieces.board.mode.describe()
    # the page as json.dumps writes the reply built whole (as the board did before it wrote in pieces)
    out = json.loads(reply(whole.board, '{"cmd": "log", "from": 3}'))
    log = whole.match.log
    assert out["log"] == log[3:3 + MAX_PAGE] and out["total"] == len(log)
    before = {"log": log[3:3 + MAX_PAGE], "from": 3, "total": len(log), "edits": whole.match.edits,
              "settings": settings_dict(whole.board)}  # (the finished games: on the first page only)
    before["ok"] = True
    assert reply(whole.board, '{"cmd": "log", "from": 3}') == json.dumps(before)
    before = {"log": log[:MAX_PAGE], "from": 0, "total": len(log), "edits": whole.match.edits,
              "settings": settings_dict(whole.board)}
    before["games"] = whole.match.games  # (added as the reply adds it: MicroPython's dicts keep no order of their own)
    before["ok"] = True
    assert whole.match.games and reply(whole.board, '{"cmd": "log"}') == json.dumps(before)


def test_an_undo_and_a_new_event_between_two_pages_change_the_edits_not_the_total():
    d = Driver()
    for event in (["dealer", 0], ["peg", 0, 2], ["peg", 1, 3], ["peg", 0, 1]):
        assert d.ask({"cmd": "event", "event": event})["ok"]
    first = d.ask({"cmd": "log", "count": 2})
    assert d.ask({"cmd": "undo"})["ok"] and d.ask({"cmd": "event", "event": ["peg", 1, 2]})["ok"]
    second = d.ask({"cmd": "log", "from": 2})
    assert second["total"] == first["total"] == 4  # the total alone would not tell
    assert second["edits"] == first["edits"] + 2 == 6
    assert second["log"] == [["peg", 1, 3], ["peg", 1, 2]]
    again = d.reboot()  # the count goes on after a power cycle, saved with the game
    assert again.ask({"cmd": "log"})["edits"] == 6
    assert again.ask({"cmd": "undo"})["ok"] and again.ask({"cmd": "log"})["edits"] == 7


def test_bad_log_pages_are_refused_clearly():
    d, log = long_match(1)
    total = len(log)
    state = d.match.state()
    for request, word in (({"from": total + 1}, "from"), ({"from": -1}, "from"), ({"from": "3"}, "from"),
                          ({"from": True}, "from"), ({"from": 1.5}, "from"), ({"count": 0}, "count"),
                          ({"count": MAX_PAGE + 1}, "count"), ({"count": None}, "count"), ({"page": 2}, "page")):
        request["cmd"] = "log"
        r = d.ask(request)
        assert not r["ok"] and word in r["error"], (request, r)
        if word != "page":
            assert "from 0 to" in r["error"] or "from 1 to" in r["error"]
    assert d.match.state() == state and d.match.log == log


def test_input_is_the_same_as_a_control():
    d = Driver()
    d.ask({"cmd": "input", "event": ["press", "p1"]})  # p1 deals
    d.ask({"cmd": "input", "event": ["press", "p2"]})
    r = d.ask({"cmd": "input", "event": ["turn", 3]})
    assert r["ui"] == {"mode": "peg", "side": 1, "points": 4}
    d.ask({"cmd": "input", "event": ["press", "enc"]})
    assert d.match.front == [0, 4]
    r = d.ask({"cmd": "input", "event": ["long", "enc"]})
    assert r["ui"]["mode"] == "menu"


def test_new_game_new_match_and_settings():
    d = Driver()
    assert not d.ask({"cmd": "new_game"})["ok"]  # nothing to start again
    assert not d.ask({"cmd": "new_match"})["ok"]
    r = d.ask({"cmd": "settings", "set": {"target": 61, "muggins": True, "colour0": 3, "milliamps": 400}})
    assert r["ok"] and r["settings"]["target"] == 61 and r["settings"]["colour0"] == 3
    assert d.ask({"cmd": "settings"})["settings"]["muggins"] is True
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    d.ask({"cmd": "event", "event": ["peg", 1, 30]})
    r = d.ask({"cmd": "settings", "set": {"players": 3}})
    assert not r["ok"] and "new match" in r["error"]  # rules do not change mid-match
    assert d.ask({"cmd": "settings", "set": {"brightness": 30}})["ok"]  # preferences do
    assert d.ask({"cmd": "new_game"})["state"]["front"] == [0, 0]
    assert d.ask({"cmd": "new_match"})["state"]["events"] == 0
    assert d.ask({"cmd": "settings", "set": {"players": 3}})["settings"]["players"] == 3
    state, log, settings = saved(d)
    assert settings["players"] == 3 and settings["brightness"] == 30 and settings["target"] == 61 and log == []


def test_errors_change_nothing():
    d = Driver()
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    d.ask({"cmd": "event", "event": ["peg", 0, 3]})
    before = saved(d)
    bad = [
        "not json", "[1, 2]", '"state"', "{}", '{"cmd": "fly"}', '{"cmd": 3}',
        # not JSON, though MicroPython's json.loads takes them: no board acts on them
        '{"cmd": "event", "event": ["peg", 0, 2],}', '{"cmd": "event" "event": ["peg", 0, 2]}',
        '{"cmd": "event", "event": ["peg" 0 2]}', '{"cmd": "event", "event" ["peg", 0, 2]}',
        '{"cmd": "event", "event": ["peg", 0,, 2]}', '{"cmd": "event", "event": ["peg", 0, 02]}',
        # a surrogate escaped (MicroPython's json keeps one as bytes no host could read back)
        '{"cmd": "event", "event": ["peg", 0, 2], "id": "\\ud800"}', '{"cmd": "\\ud83d\\ude00"}',
        {"cmd": "state", "id": [1]}, {"cmd": "state", "id": True}, {"cmd": "state", "extra": 1},
        {"cmd": "event"}, {"cmd": "event", "event": "peg"}, {"cmd": "event", "event": ["peg", 0, 40]},
        {"cmd": "event", "event": ["peg", 5, 1]}, {"cmd": "event", "event": ["fly"]},
        {"cmd": "event", "event": ["hand", 1, [1, 2, 3], None]}, {"cmd": "event", "event": ["starter", [1]]},
        {"cmd": "event", "event": []}, {"cmd": "input", "event": ["press", "nose"]},
        {"cmd": "input", "event": ["turn", 0]}, {"cmd": "input", "event": ["turn", "2"]},
        {"cmd": "input", "event": ["press"]}, {"cmd": "input"},
        {"cmd": "settings", "set": {"target": 100}}, {"cmd": "settings", "set": {"nose": 1}},
        {"cmd": "settings", "set": {"brightness": 0}}, {"cmd": "settings", "set": {"colour0": 99}},
        {"cmd": "settings", "set": {"brightness": True}}, {"cmd": "settings", "set": []},
        {"cmd": "settings", "set": {}},
    ]
    for request in bad:
        r = d.ask(request)
        assert r["ok"] is False and isinstance(r["error"], str) and r["error"], request
        assert "duplicate" not in r
    assert saved(d) == before
    assert d.ask({"cmd": "event", "event": ["peg", 5, 1], "id": "x"})["id"] == "x"  # errors echo the id


def test_duplicate_ids_apply_once_even_after_a_reboot():
    d = Driver()
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    first = d.ask({"cmd": "event", "event": ["peg", 1, 2], "id": "peg-1"})
    again = d.ask({"cmd": "event", "event": ["peg", 1, 2], "id": "peg-1"})
    assert d.match.front == [0, 2]
    assert again.pop("duplicate") is True and again == first
    # the string id "5" and the int id 5 are different ids
    d.ask({"cmd": "input", "event": ["long", "p1"], "id": 5})
    d.ask({"cmd": "input", "event": ["long", "p1"], "id": "5"})
    assert d.match.front == [4, 2]
    rebooted = d.reboot()
    r = json.loads(rebooted.board.handle_command(json.dumps({"cmd": "input", "event": ["long", "p1"], "id": 5})))
    assert r["duplicate"] is True and rebooted.match.front == [4, 2]
    # a failed request is not remembered: the same id may be sent again once it can succeed
    fresh = Driver()
    assert not fresh.ask({"cmd": "undo", "id": "u"})["ok"]
    assert not fresh.ask({"cmd": "undo", "id": "u"}).get("duplicate")
    # requests that change nothing are not remembered: state answers the current state
    fresh.ask({"cmd": "state", "id": "s"})
    fresh.ask({"cmd": "event", "event": ["dealer", 0]})
    assert fresh.ask({"cmd": "state", "id": "s"})["state"]["dealer"] == 0


def test_the_id_memory_is_bounded():
    d = Driver()
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    for i in range(40):
        d.ask({"cmd": "event", "event": ["peg", 0, 1], "id": i})
    assert len(d.board.ids) <= 16 and d.match.front == [40, 0]
    assert d.ask({"cmd": "event", "event": ["peg", 0, 1], "id": 39})["duplicate"] is True
    assert d.match.front == [40, 0]


def test_a_request_nested_too_deep_or_too_big_is_refused_and_the_board_carries_on():
    d = Driver()
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    before = saved(d)
    # CPython's parser raises RecursionError, MicroPython's runs out of heap (MemoryError), on
    # lines the board's serial line still takes (at most 2048 characters)
    lines = ["[" * 2047, '{"a":' * 409, '{"a":[' * 341,
             '{"cmd": "input", "event": ' + "[" * 900 + "]" * 900 + "}"]
    for line in lines:
        r = d.ask(line)
        assert r["ok"] is False and len(r["error"]) < 300, r
    assert saved(d) == before
    assert d.ask({"cmd": "event", "event": ["peg", 1, 2], "id": "after"})["state"]["front"] == [0, 2]


def test_a_request_that_gives_a_key_twice_is_refused_and_changes_nothing():
    d = Driver()
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    before = saved(d)
    for line in ('{"cmd": "event", "event": ["peg", 0, 2], "event": ["peg", 1, 29]}',
                 '{"cmd": "state", "cmd": "undo"}', '{"cmd": "log", "id": 1, "id": "x"}',
                 '{"cmd": "settings", "set": {"brightness": 90, "brightness": 200}}'):
        r = d.ask(line)
        assert r == {"ok": False, "error": "a key is given twice in one object: send each once"}, line
    assert saved(d) == before


def test_a_request_id_is_at_most_64_characters():
    d = Driver()
    for request_id in ("x" * 64, 10 ** 63, -10 ** 62):
        assert d.ask({"cmd": "event", "event": ["dealer", 0], "id": request_id})["id"] == request_id
        d.ask({"cmd": "undo"})
    before = saved(d)
    for request_id in ("x" * 65, "é" * 65, 10 ** 64, -10 ** 63, "y" * 1500):
        r = d.ask({"cmd": "event", "event": ["dealer", 0], "id": request_id})
        assert r["ok"] is False and "at most 64 characters" in r["error"] and "id" not in r, r
        assert len(r["error"]) < 200
    assert saved(d) == before and len(d.board.ids) == 3


def test_an_error_echoes_only_a_short_start_of_what_it_refuses():
    d = Driver()
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    huge = "z" * 1500
    for request in ({"cmd": huge}, {"cmd": "state", huge: 1}, {"cmd": "input", "event": [huge, 1]},
                    {"cmd": "event", "event": huge}, {"cmd": "event", "event": ["peg", 0, huge]},
                    {"cmd": "event", "event": [huge]}, {"cmd": "settings", "set": {huge: 1}},
                    {"cmd": "settings", "set": {"brightness": huge}}, {"cmd": "log", "from": huge}):
        r = d.ask(request)
        assert r["ok"] is False and "zzz" in r["error"] and len(r["error"]) <= 240 and "..." in r["error"], r
    long_event = d.ask({"cmd": "event", "event": ["x" * 300]})["error"]  # the rules core's words, cut to the most
    assert len(long_event) == 240 and long_event.endswith("..."), long_event


def test_an_error_shows_what_it_refuses_as_the_host_wrote_it_in_json():
    # true, null, "x": JSON's spelling, not Python's (True, None, 'x'), from the protocol's own
    # checks and from the rules and preferences behind them; the same text on every interpreter
    d = Driver()
    said = [
        ({"cmd": "state", "id": True}, "characters, not true"),
        ({"cmd": "event", "event": ["dealer", 0], "id": None}, "characters, not null"),  # not read as no id
        ({"cmd": None}, "unknown cmd null (known: "),
        (r'{"cmd": "caf\u00e9 \b"}', 'unknown cmd "café \\u0008" (known: '),  # é as itself, a backspace escaped
        ({"cmd": "state", "x": 1}, 'state takes no "x"'),
        ({"cmd": "input", "event": ["press", None]}, 'not ["press", null]'),
        ({"cmd": "event", "event": "peg"}, 'like ["peg", 0, 2], not "peg"'),
        ({"cmd": "test_leds", "stop": None}, "true or false, not null"),
        ({"cmd": "log", "from": True}, "not true"),
        ({"cmd": "event", "event": [None]}, 'like ["peg", 0, 2], not [null]'),
        ({"cmd": "event", "event": [False]}, "not [false]"),
        ({"cmd": "event", "event": ["fly"]}, 'unknown event "fly" (known: '),
        ({"cmd": "event", "event": ["dealer", True]}, "must be P1 or P2, not true"),
        ({"cmd": "event", "event": ["cut", [1, None]]}, "the cut: null is not a card number"),
        ({"cmd": "event", "event": ["cut", "5H"]}, 'the cut needs 2 cards, got "5H"'),
        ({"cmd": "event", "event": ["cut_ranks", [1, True]]}, "two at least, not [1, true]"),
        ({"cmd": "settings", "set": {"target": None}}, "target must be 121 or 61, not null"),
        ({"cmd": "settings", "set": {"muggins": "yes"}}, 'muggins must be true or false, not "yes"'),
        ({"cmd": "settings", "set": {"skunk": False}}, "none, skunk, lurch, not false"),
        ({"cmd": "settings", "set": {"players": "2"}}, 'two teams of two), not "2"'),
        ({"cmd": "settings", "set": {"nose": 1}}, 'unknown setting "nose"'),
        ({"cmd": "settings", "set": {"brightness": True}}, "brightness must be a whole number, not true"),
        ({"cmd": "settings", "set": {"milliamps": None}}, "milliamps must be a whole number, not null"),
    ]
    for request, text in said:
        r = d.ask(request)
        assert r["ok"] is False and text in r["error"], (request, r)
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    for event, text in ((["peg", None, 2], "peg for P1 or P2, not null"), (["peg", 0, True], "from 1 to 31, not true"),
                        (["starter", None], "the starter: null is not a card number"),
                        (["starter_rank", "5"], 'to 12 (King), not "5"'), (["lay", 1, None], "to 13 (King), not null")):
        r = d.ask({"cmd": "event", "event": event})
        assert r["ok"] is False and text in r["error"], (event, r)
    d.ask({"cmd": "event", "event": ["starter", 5]})
    for event, text in ((["hand", "1", 12, None], 'count the hand of P1 or P2, not "1"'),
                        (["hand", 1, 12, "x"], 'claim must be a number of points or null, not "x"'),
                        (["show_ranks", 1, "abc", 0, False, None], 'has 4 ranks, not "abc"'),
                        (["show_ranks", 1, [1, 2, 3, None], 0, False, None], "null is not a rank"),
                        (["show_ranks", 1, [1, 2, 3, 4], None, False, None], "(with the starter), not null"),
                        (["show_ranks", 1, [1, 2, 3, 4], 0, "x", None], 'nobs is true or false, not "x"')):
        r = d.ask({"cmd": "event", "event": event})
        assert r["ok"] is False and text in r["error"], (event, r)


def test_a_peg_the_house_rules_keep_off_is_refused_as_the_controls_refuse_it():
    # USING.md: with peg out exactly or the stinkhole, a score that would not be pegged is refused
    # ("not pegged"): nothing to peg, nothing for undo to take back. `crib peg` said "P1 pegs 2."
    # and the log took a peg that moved nothing, which undo then "took back".
    d = Driver()
    d.ask({"cmd": "settings", "set": {"target": 61, "stinkhole": True, "peg_out_exactly": True}})
    d.ask({"cmd": "event", "event": ["dealer", 0]})
    d.ask({"cmd": "event", "event": ["peg", 0, 29]})
    d.ask({"cmd": "event", "event": ["peg", 0, 29]})  # 58 of 61
    before = saved(d)
    for points in (2, 4):  # onto the stink hole; past the game hole
        r = d.ask({"cmd": "event", "event": ["peg", 0, points], "id": "p%d" % points})
        assert r["ok"] is False and "not pegged" in r["error"], r
        assert saved(d) == before
    assert d.ask({"cmd": "event", "event": ["peg", 0, 40]})["error"].startswith("points in the play")  # the core's
    assert d.ask({"cmd": "event", "event": ["peg", 1, 2]})["state"]["front"] == [58, 2]  # the other track moves
    assert d.ask({"cmd": "event", "event": ["peg", 0, 3]})["state"]["winner"] == 0
