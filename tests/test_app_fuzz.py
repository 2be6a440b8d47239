"""Fuzz the board app with tens of thousands of seeded random input events and serial lines (CPython).

Every configuration below gets its own seeded run: nothing may escape ``handle`` or
``handle_command``, scores stay on the board, replies are JSON with an ``ok`` flag, a replay of
the log equals the live state, and a reboot on the same files restores it exactly.
The same checks run on MicroPython in smaller runs: tests/firmware/test_app_fuzz_small.py, and
tests/firmware/test_app_fuzz_lay.py with the play laid card by card.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "firmware"))
from app_driver import Driver
from app_fuzz import check_replay, check_state, random_event, whole_log

from app.protocol import COMMANDS, settings_dict
from cribbage_lab.deck import Xorshift32

CONFIGS = [
    {},
    {"players": 3},
    {"players": 4, "target": 61},
    {"muggins": True, "peg_out_exactly": True},
    {"stinkhole": True, "skunk": "lurch", "double_skunk_games": 4},
    {"play": 1},  # the play laid card by card (a preference): the lay mode, the count by ranks
    {"play": 1, "players": 4, "target": 61, "muggins": True},
]
EVENTS_PER_CONFIG = 8000
SEED = 2030  # the first configuration's; the next one's is one more, and so on (see the test)

_JUNK = ["", "{", "null", "[]", '{"cmd": null}', '{"cmd": "event", "event": [null]}', "\xff", "{" * 50]
# Rarely, as they abandon the game being fuzzed (a game must still be finished now and then).
_RARELY = {"new_game": 0.3, "new_match": 0.1}


def field_value(rng: random.Random, cmd: str, field: str) -> object:
    """A random value, often wrong, for ``field`` of ``cmd``: every field of the protocol's table."""
    if field == "event" and cmd == "input":
        return rng.choice([["press", "enc"], ["press", "p1"], ["long", "p2"], ["turn", rng.randint(-5, 5)],
                           ["press", "nose"], "x"])
    if field == "event":
        return rng.choice([
            ["peg", rng.randrange(4), rng.randint(-1, 33)], ["starter", rng.randrange(-1, 53)],
            ["hand", rng.randrange(4), [rng.randrange(52) for _ in range(4)], rng.choice([None, rng.randrange(30)])],
            ["crib", None, rng.randrange(31)], ["heels"], ["dealer", rng.randrange(5)], ["new_game"], [], ["peg"],
        ])
    if field == "set":
        return rng.choice([{"brightness": rng.randint(-5, 300)}, {"milliamps": rng.choice([100, 500, 2000])},
                           {"colour1": rng.randrange(10)}, {"target": rng.choice([61, 121, 100])}, {"x": 1},
                           {"play": rng.randrange(3)}])  # the play laid card by card, on and off mid-deal
    if field == "stop" or field == "skip":
        return rng.choice([True, False, None, 1, "yes"])
    if field == "from":
        return rng.choice([0, rng.randint(-2, 400), "1"])
    if field == "count":
        return rng.choice([1, 32, rng.randint(-1, 40), None])
    raise AssertionError("no random values for %s's field %r: add them here" % (cmd, field))


def random_request(rng: random.Random) -> str:
    """A serial line: mostly commands of the protocol's table with random (often wrong) fields, some junk."""
    if rng.random() < 0.1:
        return rng.choice(_JUNK)
    cmd = rng.choice(sorted(COMMANDS) + ["fly"])  # "fly": no such command
    if cmd in _RARELY and rng.random() > _RARELY[cmd]:
        cmd = "state"
    request: dict = {"cmd": cmd}
    if rng.random() < 0.5:
        request["id"] = rng.choice([rng.randrange(20), "id%d" % rng.randrange(20)])
    for field in COMMANDS[cmd][1] if cmd in COMMANDS else ("event",):  # an unknown command with a field
        if rng.random() < 0.7:
            request[field] = field_value(rng, cmd, field)
    return json.dumps(request)


def test_the_fuzz_sends_every_command_and_field_of_the_protocol_table() -> None:
    rng = random.Random(1)
    sent = [random_request(rng) for _ in range(2000)]
    requests = [json.loads(line) for line in sent if line.startswith('{"cmd": "')]
    requests = [r for r in requests if r["cmd"] in COMMANDS]
    assert {r["cmd"] for r in requests} == set(COMMANDS)
    for cmd, (_, fields, _) in COMMANDS.items():
        for field in fields:
            assert any(r["cmd"] == cmd and field in r for r in requests), (cmd, field)


def config_id(config: dict) -> str:
    """A readable test id for a settings configuration."""
    return ",".join("%s=%s" % kv for kv in sorted(config.items())) or "default"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_inputs_and_serial_lines(config: dict) -> None:
    # Seeds under which every configuration finishes a game within its events (random inputs finish
    # one in 9 to 20 seeds of 20, by the rules: peg out exactly and muggins least; a new command in
    # the protocol's table, a new menu item or a control's new meaning reshuffles them all)
    seed = SEED + CONFIGS.index(config)
    d = Driver()
    if config:
        reply = json.loads(d.board.handle_command(json.dumps({"cmd": "settings", "set": config})))
        assert reply["ok"], reply
    events = Xorshift32(seed)
    rng = random.Random(seed)
    results = set()
    modes = set()
    for i in range(EVENTS_PER_CONFIG):
        if rng.random() < 0.02:
            reply = json.loads(d.board.handle_command(random_request(rng)))
            assert reply["ok"] in (True, False)
        else:
            d.board.handle(random_event(events, d.board.mode.name))
        check_state(d.board)
        modes.add(d.board.mode.name)
        if i % 40 == 0:
            d.hw.advance(rng.randrange(1, 800))
            d.board.tick()
            d.board.render()
        if i % 200 == 0:
            check_replay(d.board)
        if d.match.result:
            results.add(d.match.result)
    check_replay(d.board)
    again = d.reboot()
    assert again.match.state() == d.match.state() and whole_log(again.board) == whole_log(d.board)
    assert settings_dict(again.board) == settings_dict(d.board)
    assert results, "the fuzz should finish at least one game"
    assert "lay" in modes or "play" not in config  # the play laid card by card, where it is set
