"""`crib test-leds` against the simulator: the board's LED test started and stopped from the host,
the game as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from host_helpers import crib_ok, simulator


def test_the_led_test_starts_and_stops_from_the_host_and_leaves_the_game_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with simulator(tmp_path / "flash") as sim:
        crib_ok(capsys, "dealer", "1", "-d", sim)
        crib_ok(capsys, "peg", "2", "5", "-d", sim)
        before = json.loads(crib_ok(capsys, "status", "--json", "-d", sim))["state"]
        out = " ".join(crib_ok(capsys, "test-leds", "-d", sim).split())  # as said, not as the terminal wraps it
        assert "red, then green, then blue, then white" in out and "242 LEDs" in out and "--stop" in out
        assert json.loads(crib_ok(capsys, "status", "--json", "-d", sim))["state"]["ui"]["mode"] == "led_test"
        # the board's mode in `crib status`'s words (a review: "the game (peg)", the mode's name in the code)
        assert crib_ok(capsys, "test-leds", "--stop", "-d", sim) == "The LED test stopped (the board: home).\n"
        # none running: said so (a play-test: "The LED test is off" either way)
        assert crib_ok(capsys, "test-leds", "--stop", "-d", sim) == "No LED test was running (the board: home).\n"
        after = json.loads(crib_ok(capsys, "status", "--json", "-d", sim))["state"]
        assert after["ui"]["mode"] == "peg"
        assert {k: v for k, v in after.items() if k != "ui"} == {k: v for k, v in before.items() if k != "ui"}
        crib_ok(capsys, "new-game", "-d", sim)  # no dealer: home asks who deals, in status's words too
        crib_ok(capsys, "test-leds", "-d", sim)
        assert crib_ok(capsys, "test-leds", "--stop", "-d", sim) == (
            "The LED test stopped (the board: home: who deals?).\n")  # (a review: "home" alone)
