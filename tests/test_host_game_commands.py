"""The game from the command line (`crib cut`, `starter`, `peg`, `lay`, `go`, `hand`, `crib`, `heels`,
`dealer`, `new-game`, `new-match`, `undo`) against the simulator, the points counted by hand in the comments."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import pty
import re
import select
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from host_helpers import Reader, crib
from sim_process import CRIB, TIMEOUT_S, ctrl_c_as_at_a_terminal

from app.store import Store
from cribbage.settings import Settings
from host_tools.board.link import BoardLink, connect
from host_tools.board.state_view import board_doing, state_shown
from host_tools.card_args import cut_typed
from host_tools.card_text import parse
from host_tools.cli import build_parser, main, with_arguments
from host_tools.commands import game, plot, undo
from simulator.device import Device


def said(capsys: pytest.CaptureFixture[str], sim: str, *argv: str) -> str:
    """The first line `crib ARGV -d SIM` prints (it must succeed): what the board did."""
    status, out, err = crib(capsys, *argv, "-d", sim)
    assert status == 0, err
    return out.splitlines()[0]


def state(capsys: pytest.CaptureFixture[str], sim: str) -> dict:
    """The board's state."""
    status, out, _ = crib(capsys, "status", "--json", "-d", sim)
    assert status == 0
    return json.loads(out)["state"]


def test_undo_names_no_event_when_the_log_changed_between_reading_it_and_the_undo(sim: str) -> None:
    # A review: the last event is read, then undone by a second request; a change between the two (another host,
    # the board's controls) made "undone: X" name an event the undo did not take back.
    class Meddled:
        """The link, with another change made on the board just before the undo."""

        def __init__(self, link: BoardLink) -> None:
            self.link = link

        def request(self, cmd: str, **fields: object) -> dict:
            if cmd == "undo":
                self.link.request("event", event=["peg", 1, 2])
            return self.link.request(cmd, **fields)

    with connect(sim) as link:
        link.request("event", event=["dealer", 0])
        assert undo.undo_and_fetch(Meddled(link))["undone"] is None  # the peg taken back, not the dealer
        assert undo.undo_and_fetch(link)["undone"] == ["dealer", 0]


def test_a_deal_from_the_cut_to_the_crib(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert said(capsys, sim, "cut", "K", "5") == "cut for deal: P1 K, P2 5."  # ranks alone: P2 cut lower
    assert state(capsys, sim)["dealer"] == 1
    assert said(capsys, sim, "undo") == "undone: cut for deal: P1 K, P2 5."
    # cards named by their players too, as ranks are (a review: "cut for deal: 5H KD.")
    assert said(capsys, sim, "cut", "5h", "kd") == "cut for deal: P1 5H, P2 KD."
    assert state(capsys, sim)["dealer"] == 0
    said(capsys, sim, "undo")
    said(capsys, sim, "cut", "K", "5")
    log = json.loads(crib(capsys, "log", "--json", "-d", sim)[1])["log"]
    assert log == [["cut_ranks", [12, 4]]]  # no suit made up
    assert said(capsys, sim, "starter", "5D") == "starter 5D."
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert "starter: 5D" in out and "dealer: P2" in out
    assert said(capsys, sim, "peg", "p1", "2") == "P1 pegs 2."
    assert said(capsys, sim, "peg", "2", "1") == "P2 pegs 1."
    # P1 is the pone: 5H 5C JS QD with 5D: three fives and two tens make six fifteens (12), the
    # three fives one more (14), a pair royal (20).
    assert said(capsys, sim, "hand", "1", "5H", "5C", "JS", "QD") == "P1's hand: 5H 5C JS QD: P1 +20."
    assert said(capsys, sim, "hand", "2", "9") == "P2's hand: total 9: P2 +9."
    # The crib 2C 3C 4D 9S with 5D: 2+4+9 (2), the run 2-3-4-5 (4).
    assert said(capsys, sim, "crib", "2C", "3C", "4D", "9S") == "crib: 2C 3C 4D 9S: P2 +6."
    now = state(capsys, sim)
    assert now["front"] == [22, 16] and now["dealer"] == 0 and now["starter"] is None
    assert said(capsys, sim, "undo") == "undone: crib: 2C 3C 4D 9S."
    assert state(capsys, sim)["front"] == [22, 10]


def test_a_cut_with_dashes_is_said_to_be_a_cut_again_after_a_tie(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: `crib cut 3 - 4 -` was taken without a tie before it, and said as a first cut ("cut for deal: T1a 3,
    # T1b 4"). The tie is in no log (the board's own cut logs its deciding round alone) and cannot be checked, so the
    # cut is taken, and said for what it is: a mistaken dash shows, and `crib undo` takes it back.
    said(capsys, sim, "settings", "players=4")
    assert said(capsys, sim, "cut", "3", "-", "4H", "-") == (
        "cut again for deal after a tie: T1a 3, T1b 4 (T2a and T2b out of it).")
    assert state(capsys, sim)["dealer"] == 0
    assert said(capsys, sim, "undo") == "undone: cut again for deal after a tie: T1a 3, T1b 4 (T2a and T2b out of it)."


def test_a_total_the_starter_rules_out_is_refused_before_it_is_sent(sim: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # as the board's count refuses it as it is dialled: with a 5 turned every hand holds a fifteen
    said(capsys, sim, "deal", "1")
    said(capsys, sim, "starter", "5D")
    events = state(capsys, sim)["events"]
    status, _, err = crib(capsys, "hand", "2", "0", "-d", sim)
    assert status == 1 and "no hand counts 0 with a 5: nothing was sent" in err
    assert state(capsys, sim)["events"] == events
    assert said(capsys, sim, "hand", "2", "2") == "P2's hand: total 2: P2 +2."
    five = {"starter_rank": 4, "settings": {"muggins": False}}
    assert game.ruled_out_by_starter(["crib", None, 1], five) == "no crib counts 1 with a 5"
    assert game.ruled_out_by_starter(["hand", 0, None, 19], five) is None  # (no hand counts it: the board says so)
    assert game.ruled_out_by_starter(["hand", 0, [1, 2, 3, 4], 0], five) is None  # cards: the board counts them
    assert game.ruled_out_by_starter(["hand", 0, None, 0], {"starter_rank": None}) is None  # no starter known
    # muggins on: a claim may fall short of the count, and is the others' to call
    assert game.ruled_out_by_starter(["hand", 0, None, 0], {"starter_rank": 4, "settings": {"muggins": True}}) is None


def test_heels_the_dealer_by_name_and_new_games(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert said(capsys, sim, "deal", "2") == "P2 deals first."
    assert said(capsys, sim, "heels") == "his heels: 2 to the dealer: P2 +2."
    assert "starter: a Jack (his heels), its suit not named yet" in crib(capsys, "status", "-d", sim)[1]
    assert said(capsys, sim, "starter", "JH") == "starter JH."  # a Jack now pegs nothing more
    assert said(capsys, sim, "undo") == "undone: starter JH."  # the heels' own event stays
    assert state(capsys, sim)["front"] == [0, 2]
    said(capsys, sim, "undo")
    assert said(capsys, sim, "starter", "JD") == "starter JD: P2 +2."  # the Jack pegs them
    # a play-test: "undone: starter JD." alone, though P2's 2 went with it
    assert said(capsys, sim, "undo") == "undone: starter JD and his heels with it."
    assert state(capsys, sim)["front"] == [0, 0]
    said(capsys, sim, "heels")
    said(capsys, sim, "starter", "JH")
    assert said(capsys, sim, "new-game") == "new game."
    assert state(capsys, sim)["phase"] == "cut"
    assert said(capsys, sim, "undo") == "undone: new game."  # as its help says: no question asked
    assert state(capsys, sim)["front"] == [0, 2]
    assert said(capsys, sim, "new-game") == "new game."
    assert said(capsys, sim, "new-match", "--yes") == "new match."
    status, _, err = crib(capsys, "new-match", "--yes", "-d", sim)
    assert status == 1 and "nothing to start again" in err


def in_a_terminal(argv: list[str], answer: bytes | None) -> tuple[int, str]:
    """Run the `crib` console script with ``argv`` in a terminal of its own (a pseudo-terminal),
    typing ``answer`` if it asks a question (None: Ctrl-C, the signal it sends): its exit status, and all it wrote
    there."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen([CRIB, *argv], stdin=terminal, stdout=terminal, stderr=terminal,
                               start_new_session=True, preexec_fn=ctrl_c_as_at_a_terminal)  # (tests in the background)
    os.close(terminal)
    seen = b""
    asked = False
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            if not asked and b"[y/N]" in seen:
                if answer is None:  # (the terminal is not the one the process's session is controlled by)
                    os.killpg(process.pid, signal.SIGINT)
                else:
                    os.write(controller, answer)
                asked = True
            if select.select([controller], [], [], 0.1)[0]:
                try:
                    seen += os.read(controller, 65536)
                except OSError:  # its end of the terminal closed: it has ended
                    break
            elif process.poll() is not None:
                break
        return process.wait(timeout=TIMEOUT_S), seen.decode(errors="replace")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        os.close(controller)


def test_a_new_match_is_asked_for_at_a_terminal(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    said(capsys, sim, "dealer", "1")
    said(capsys, sim, "peg", "2", "5")
    status, seen = in_a_terminal(["new-match", "-d", sim], b"n\n")
    assert status == 1 and "cannot be undone" in seen and "nothing changed" in seen
    assert state(capsys, sim)["events"] == 2
    for answer in (b"\n", b"yes please\n"):  # no: only y or yes is yes
        assert in_a_terminal(["new-match", "-d", sim], answer)[0] == 1
    # A first-time user: Ctrl-C at the question left the shell's prompt on its line.
    status, seen = in_a_terminal(["new-match", "-d", sim], None)
    assert status == 130 and seen.endswith("[y/N] \r\n")
    status, seen = in_a_terminal(["new-match", "-d", sim], b"Y\n")
    assert status == 0 and "new match." in seen
    assert state(capsys, sim)["events"] == 0


def test_a_new_match_without_a_terminal_needs_yes(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    said(capsys, sim, "dealer", "1")
    refused = subprocess.run([CRIB, "new-match", "-d", sim], stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=TIMEOUT_S)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == ("crib new-match: error: this cannot be undone, and there is no terminal to ask on: "
                              "give --yes to go ahead all the same\n")
    assert state(capsys, sim)["events"] == 1
    done = subprocess.run([CRIB, "new-match", "--yes", "-d", sim], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=TIMEOUT_S)
    assert done.returncode == 0 and done.stdout.startswith("new match.")
    assert state(capsys, sim)["events"] == 0


def test_muggins_and_a_team_game(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert crib(capsys, "settings", "muggins=true", "players=4", "-d", sim)[0] == 0
    assert said(capsys, sim, "dealer", "t1b") == "T1b deals first."
    assert said(capsys, sim, "starter", "5D") == "starter 5D."
    # T2b (seat 3, the dealer's left) counts first: 5H 5C JS QD is 20; claimed 15, T1 calls muggins
    # and pegs the 5 overlooked; T2 cannot call it on its own claim.
    assert said(capsys, sim, "hand", "4", "5H", "5C", "JS", "QD", "--claim", "15") == (
        "T2b's hand: 5H 5C JS QD, claims 15: T2 +15.")
    assert "muggins: T2's claim may be called now (crib muggins PLAYER)" in crib(capsys, "status", "-d", sim)[1]
    status, _, err = crib(capsys, "muggins", "t2", "-d", sim)
    assert status == 1 and err == "crib muggins: error: T2 cannot call muggins on their own count\n"
    assert said(capsys, sim, "muggins", "t1") == "T1 calls muggins: T1 +5."
    assert "muggins:" not in crib(capsys, "status", "-d", sim)[1]
    # the next hand claimed right (9-5-A and 7-5-3), and called: said so (a play-test: "T2 calls muggins." alone)
    assert said(capsys, sim, "hand", "1", "AH", "3C", "7S", "9D", "--claim", "4") == (
        "T1a's hand: AH 3C 7S 9D, claims 4: T1 +4.")
    assert said(capsys, sim, "muggins", "t2") == "T2 calls muggins: no muggins, the claim was right."


def test_a_call_that_pegs_nothing_under_a_house_rule_that_may_keep_points_off_says_both_may_be_why() -> None:
    fronts = {"front": [100, 119]}  # the same after the call: nothing pegged
    for rules, why in ((Settings(muggins=True), ": no muggins, the claim was right"),
                       (Settings(muggins=True, stinkhole=True), ": nothing pegged (the claim was right, or a house "
                                                                "rule kept the points off)")):
        assert game.pegged(["muggins", 1], fronts, fronts, rules) == why


def test_status_names_the_match_winner(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert crib(capsys, "settings", "match_to=3", "-d", sim)[0] == 0
    assert said(capsys, sim, "dealer", "1") == "P1 deals first."
    for points in (30, 30, 30):
        said(capsys, sim, "peg", "2", str(points))
    assert "winner" not in crib(capsys, "status", "-d", sim)[1]
    said(capsys, sim, "peg", "2", "31")  # 121 to 0: a double skunk, worth the 3 games of the match
    out = crib(capsys, "status", "-d", sim)[1]
    assert "winner: P2 (double skunk)" in out and "match winner: P2" in out


def test_a_show_that_reaches_the_game_hole_says_so(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: "P1's hand: total 24: P1 +23." at 38 of 61 said nothing of why 24 pegged 23.
    assert crib(capsys, "settings", "target=61", "-d", sim)[0] == 0
    said(capsys, sim, "dealer", "2")
    said(capsys, sim, "peg", "1", "19")
    said(capsys, sim, "peg", "1", "19")
    said(capsys, sim, "starter", "5D")
    assert said(capsys, sim, "hand", "1", "24") == "P1's hand: total 24: P1 +23 to the game hole."


@pytest.mark.parametrize(("state", "said"), [
    ({"phase": "cut", "ui": {"mode": "peg", "side": None}}, "home: who deals?"),
    ({"phase": "play", "ui": {"mode": "peg", "side": 1, "points": 2}}, "home: points being dialled"),
    ({"phase": "play", "ui": {"mode": "lay", "rank": 5}, "play": {"turn": 1}}, "laying the play card by card"),
    ({"phase": "play", "ui": {"mode": "lay", "rank": 5}, "play": {"turn": None}},
     "laying the play card by card: every card laid, the hands count next"),
    ({"phase": "show", "ui": {"mode": "count", "step": "claim"}}, "counting the show (claim)"),
    ({"phase": "show", "ui": {"mode": "newer"}}, "newer"),  # a mode of newer firmware: by its name
    ({"phase": "show", "ui": {"mode": ["odd"]}}, "['odd']"),  # a malformed reply's: as it came
])
def test_status_says_what_the_board_is_doing(state: dict, said: str) -> None:
    # A review: "board mode: peg" while the board asked who deals, "lay" once every card was laid.
    assert board_doing(state) == said


def test_status_shows_a_hardware_fault_as_the_display_does(tmp_path: Path) -> None:
    device = Device(tmp_path, manual_clock=True)
    device.hw.faulty = "LEDs off"  # the LED supply cut after a lasting fault
    device.step()
    assert device.lines is not None and device.lines[-1] == "FAULT LEDs off"
    assert state_shown(device.state())[-1] == "FAULT LEDs off"


def test_status_says_the_game_is_not_saved_while_the_flash_refuses_it(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    device = Device(tmp_path, manual_clock=True)

    def full(store: Store, data: dict) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Store, "save", full)
    device.push([("press", "p1")])  # P1 deals: a change the flash will not keep
    device.step()
    assert device.lines is not None and device.lines[-1] == "NOT SAVED"
    assert state_shown(device.state())[-1].startswith("NOT SAVED: the flash refused the last save (OSError(28")


def test_status_says_the_storage_notice_is_the_power_on_ones(tmp_path: Path) -> None:
    # the notice stays in the state until the next power-on: after a new match and many saves,
    # `crib status` went on saying "storage: ... no readable saved game: starting fresh", as if now
    (tmp_path / "game.a").write_text("[{]")  # a save no board could read: a fresh start, said
    device = Device(tmp_path, manual_clock=True)
    device.step()
    notice = device.state()["store"]
    assert notice and "starting fresh" in notice
    assert state_shown(device.state())[-1] == "at power-on: " + notice


def test_a_deal_by_ranks(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert said(capsys, sim, "dealer", "2") == "P2 deals first."
    assert said(capsys, sim, "starter", "5") == "starter: a 5 (its suit not dialled)."
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert "starter: a 5 (its suit not dialled)" in out
    # 5 5 5 J and a 5 starter, the Jack of its suit: the 29
    assert said(capsys, sim, "hand", "1", "5", "5", "5", "J", "--nobs") == (
        "P1's hand by ranks: 5 5 5 J, his nobs: P1 +29.")
    # A 2 3 4 of one suit, the starter too: a run of five (5), fifteen two (2), a flush of five (5)
    assert said(capsys, sim, "hand", "2", "A", "2", "3", "4", "--flush", "5") == (
        "P2's hand by ranks: A 2 3 4, a flush of 5: P2 +12.")
    # 5 + K, 5 + Q, 5 + 10: no run without a J
    assert said(capsys, sim, "crib", "K", "Q", "10", "9") == "crib by ranks: K Q 10 9: P2 +6."
    log = json.loads(crib(capsys, "log", "--json", "-d", sim)[1])["log"]
    assert log[1:] == [["starter_rank", 4], ["show_ranks", 0, [4, 4, 4, 10], 0, True, None],
                       ["show_ranks", 1, [0, 1, 2, 3], 5, False, None],
                       ["show_ranks", None, [12, 11, 9, 8], 0, False, None]]
    assert said(capsys, sim, "starter", "J") == "starter: a J (its suit not dialled): P1 +2."  # his heels
    status, out, err = crib(capsys, "hand", "2", "5", "5", "A", "J", "--flush", "4", "-d", sim)  # whatever the
    # starter, the rules core's check says: a typing mistake, the board not asked
    assert status == 2 and err == "crib hand: error: the hand: no flush: a hand with a pair is of two suits\n"
    status, out, err = crib(capsys, "hand", "2", "5", "6", "A", "J", "--nobs", "-d", sim)
    assert status == 1 and err == "crib hand: error: the hand: no nobs: the starter is the jack of its suit\n"


def test_a_starter_by_rank_is_an_8_or_an_ace(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert said(capsys, sim, "dealer", "1") == "P1 deals first."
    assert said(capsys, sim, "starter", "8") == "starter: an 8 (its suit not dialled)."
    assert "starter: an 8 (its suit not dialled)" in crib(capsys, "status", "-d", sim)[1]
    assert crib(capsys, "undo", "-d", sim)[0] == 0
    assert said(capsys, sim, "starter", "A") == "starter: an A (its suit not dialled)."
    assert crib(capsys, "undo", "-d", sim)[0] == 0
    assert said(capsys, sim, "starter", "7") == "starter: a 7 (its suit not dialled)."


@pytest.mark.parametrize(("argv", "message"), [
    (["cut", "5", "5"], "cut again: the lowest rank is tied (5 5)"),
    (["cut", "5H", "5C"], "cut again: the lowest card is tied (5H 5C)"),
    # the board's words for the protocol count ranks from 0: crib's are the ranks as typed
    (["cut", "5", "K", "Q"], "the cut is one card or rank per player, in order (crib cut 5 K for two players, "
                             "crib cut 5 K Q for three, crib cut 5 K Q 2 for four)"),
    (["cut", "5", "K", "Q", "2"], "the cut is one card or rank per player, in order (crib cut 5 K for two players, "
                   "crib cut 5 K Q for three, crib cut 5 K Q 2 for four)"),
    (["dealer", "3"], "the dealer must be P1 or P2, not P3"),
])
def test_the_boards_refusals(argv: list[str], message: str, sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = crib(capsys, *argv, "-d", sim)
    assert status == 1 and out == "" and err == "crib %s: error: %s\n" % (argv[0], message)


# A game won 121 to 0, a double skunk; with a match of 3 game points, the match won too.
GAME_WON = [["dealer", "1"], ["peg", "2", "30"], ["peg", "2", "30"], ["peg", "2", "30"], ["peg", "2", "31"]]
MATCH_WON = [["settings", "match_to=3"], *GAME_WON]
SUGGESTED = re.compile(r"`(crib [^`]+)`")  # a command to type as it stands (test_suggested_commands)


@pytest.mark.parametrize(("before", "argv", "message"), [
    ([], ["peg", "1", "2"], "no dealer yet: cut for deal (crib cut, a card for each player) or name the dealer "
                            "(crib dealer PLAYER) before pegging"),
    ([["dealer", "1"]], ["settings", "target=61"],
     "the rules change only before the first event of a match: start a new match first (`crib new-match`)"),
    (MATCH_WON, ["new-game"], "the match is over: P2 won it 3-0 (`crib undo`, or a new match: `crib new-match`)"),
    (MATCH_WON, ["peg", "1", "2"], "the match is over: P2 won it 3-0 (`crib undo`, or a new match: "
                                   "`crib new-match`)"),
    (GAME_WON, ["peg", "1", "2"], "the game is over: no pegging after it (`crib undo`, or a new game or match: "
                                  "`crib new-game`, `crib new-match`)"),
    (GAME_WON, ["dealer", "1"], "the game is over: no new dealer after it (`crib undo`, or a new game or match: "
                                "`crib new-game`, `crib new-match`)"),
    ([["settings", "players=3"]], ["cut", "5", "5", "K"], "cut again: the lowest rank is tied (5 5 K): the tied "
     "players cut again, a dash for each of the others (`crib cut 3 9 -` after 5 5 K)"),  # (a review: who, how?)
    ([["dealer", "2"]], ["cut", "5", "K"],
     "the dealer is already known: P2 deals (to cut or name the dealer again, a new game: `crib new-game`)"),
    ([["dealer", "2"], ["peg", "1", "2"]], ["dealer", "1"],
     "the dealer is already known: P2 deals (to cut or name the dealer again, a new game: `crib new-game`)"),
    ([["dealer", "1"], ["hand", "2", "14"]], ["heels"],
     "too late for his heels: the show has begun (`crib undo` back to the play to peg them)"),
    ([["dealer", "1"]], ["hand", "2", "5H", "5C", "JS", "QD"],
     "name the starter first (crib starter CARD): the hand is counted with it"),
    ([["dealer", "1"]], ["hand", "2", "5", "5", "J", "Q"],
     "name the starter first (crib starter CARD, or its rank alone): the hand is counted with it"),
    ([["dealer", "1"], ["starter", "5"]], ["hand", "2", "5H", "5C", "JS", "QD"],
     "the starter is known by its rank only: count the hand by its ranks: give them, like 5 5 J Q (with --flush "
     "and --nobs if they apply)"),
    ([["settings", "play=1"], ["dealer", "1"], ["starter", "KH"], ["lay", "2", "K"], ["lay", "1", "K"],
      ["lay", "2", "K"]], ["lay", "1", "K"],
     "all four Ks are out already (one in your hand? a K laid was wrong: `crib undo` back to it)"),
    # a team game: crib takes the team's number (a review: "not T3", a team there is not)
    ([["settings", "players=4"], ["dealer", "1"]], ["peg", "3", "2"],
     "peg for team 1 or 2 (T1 or T2), not 3: a team game has two teams (its player 3, T1b, is on team 1)"),
    ([["settings", "players=4", "muggins=on"], ["dealer", "1"]], ["muggins", "3"],
     "muggins is called by team 1 or 2 (T1 or T2), not 3: a team game has two teams (its player 3, T1b, is on "
     "team 1)"),
])
def test_the_boards_advice_names_the_crib_command_to_type(before: list[list[str]], argv: list[str], message: str,
                                                          sim: str, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The board words what to do next for its controls and the protocol (the firmware keeps its
    strings: heap); at the terminal crib says it with the command to type, which then works as
    it stands (a question answered yes)."""
    for earlier in before:
        assert crib(capsys, *earlier, "-d", sim)[0] == 0
    status, out, err = crib(capsys, *argv, "-d", sim)
    assert status == 1 and out == "" and err == "crib %s: error: %s\n" % (argv[0], message)
    monkeypatch.setattr(sys, "stdin", Reader("y\n"))
    for suggested in SUGGESTED.findall(message):
        assert crib(capsys, *shlex.split(suggested)[1:], "-d", sim)[0] == 0, suggested


@pytest.mark.parametrize(("argv", "message"), [
    (["hand", "1", "5H", "5C", "JS"], "give the 4 cards (like 5H 5C JS QD), the 4 ranks (like 5 5 J Q) or the "
                                      "total alone (like 14), not 5H 5C JS"),
    (["hand", "1", "5H", "5", "J", "Q"], "give the 4 cards"),
    (["hand", "1", "5H", "5C", "JS", "QD", "--nobs"], "--flush and --nobs are for a show by its ranks"),
    (["crib", "14", "--flush", "5"], "--flush and --nobs are for a show by its ranks"),
    (["hand", "1", "5H", "12"], "give the 4 cards"),
    (["crib", "8", "--claim", "6"], "a total alone is the claim"),
    # what no starter makes possible with these ranks, the rules core's check (a review: the board refused it, exit 1)
    (["crib", "2", "3", "4", "9", "--flush", "4"], "the crib: flush is 0 or 5 (the crib counts only a flush of all "
                                                   "five), not 4"),
    (["crib", "2", "3", "4", "9", "--nobs"], "the crib: no nobs: the crib holds no jack"),
])
def test_shows_that_are_neither_cards_nor_a_total(argv: list[str], message: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = crib(capsys, *argv, "-d", "socket://127.0.0.1:1")  # refused before any board is asked
    assert status == 2 and err.startswith("crib %s: error: %s" % (argv[0], message))


@pytest.mark.parametrize(("argv", "message"), [
    # true in every game (a play-test: "1, 2 or 3" whatever the game; 4 is a team game's)
    (["hand", "5", "14"], "player must be one of the game's: with 2 players: 1 or 2 (P1 or P2); with 3: 1 to 3 "
                          "(P1, P2 or P3); in a team game: 1 to 4 (T1a, T2a, T1b or T2b), not '5'"),
    (["dealer", "0"], "player must be one of the game's: with 2 players: 1 or 2 (P1 or P2); with 3: 1 to 3"),
    (["peg", "t3", "2"], "player must name a track: with 2 players: 1 or 2 (P1 or P2); with 3: 1 to 3 (P1, P2 or "
                         "P3); in a team game: 1 or 2 (T1 or T2), not 't3'"),
    # a team game's player where its team is asked for, and a team where a player is (a play-test: "1, 2 or 3
    # (...teams t1, t2)", t1a not said to be a player, the team not named)
    (["peg", "t1a", "2"], "'t1a' is a player of a team game: name their team, t1 (or 1)"),
    (["muggins", "T2b"], "'T2b' is a player of a team game: name their team, t2 (or 2)"),
    (["dealer", "t1"], "'t1' is a team: name one of its players, t1a or t1b"),
    (["starter", "5X"], "not a card or a rank: '5X'"),
    (["cut", "5", "Z"], "not a card or a rank: 'Z'"),
    # a card written suit first, said so as crib score says it (a first-time user: "not a card or a rank")
    (["starter", "♥10"], "'♥10' names its suit first: write rank then suit, like 10♥"),
    (["cut", "H5", "K"], "'H5' names its suit first: write rank then suit, like 5H"),
    (["peg", "1", "0"], "points must be a whole number from 1 to 31, not '0'"),
    (["lay", "2", "5H"], "lay takes the rank alone (like 5 for 5H): the board counts the play by ranks"),
    (["lay", "2", "5X"], "not a rank: '5X'"),
    (["peg", "1", "32"], "points must be a whole number from 1 to 31, not '32'"),
    # what Python's int() takes besides the digits 0-9 (a review: these pegged 10 and 2)
    (["peg", "1", "1_0"], "points must be a whole number from 1 to 31, not '1_0'"),
    (["peg", "1", "+2"], "points must be a whole number from 1 to 31, not '+2'"),
    (["peg", "1", "\uff12"], "points must be a whole number from 1 to 31, not '\uff12'"),
    (["hand", "2", "A", "2", "3", "4", "--flush", "3"], "a flush is 4 (the hand's four cards of one suit) or 5"),
])
def test_typing_mistakes_are_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "-d", "socket://127.0.0.1:1"])
    assert exit_.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize(("typed", "event"), [
    (["5C", "KD"], ["cut", [parse("5C"), parse("KD")]]),  # every player gave a card: the cards
    (["5♧", "K♢"], ["cut", [parse("5C"), parse("KD")]]),  # suits drawn hollow: the same suits
    (["5", "K"], ["cut_ranks", [4, 12]]),
    (["5C", "5", "10D"], ["cut_ranks", [4, 4, 9]]),  # a rank among them: ranks alone, no suit made up
    (["3", "9H", "-"], ["cut_ranks", [2, 8, None]]),  # a dash: a player out of a cut again after a tie
])
def test_a_cut_is_sent_as_cards_only_when_every_player_gave_one(typed: list[str], event: list) -> None:
    args = argparse.Namespace(cut=[cut_typed(t) for t in typed])
    assert game.cut(args) == event


@pytest.mark.parametrize("typed", [["5"], ["5", "K", "Q", "2", "A"], ["5"] * 1200])
def test_a_cut_no_game_has_players_for_is_a_usage_error(typed: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = crib(capsys, "cut", *typed, "-d", "socket://127.0.0.1:1")  # refused before any board is asked
    assert status == 2 and out == "" and err == (
        "crib cut: error: the cut is one card or rank per player, in order, 2 to 4 of them, not %d (crib cut 5 K for "
        "two players)\n" % len(typed))


@pytest.mark.parametrize(("typed", "said"), [(["3", "-", "-"], "only one player cut"),
                                             (["-", "-"], "no player cut")])
def test_a_cut_of_fewer_than_two_players_is_a_usage_error(typed: list[str], said: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # A review: `crib cut 3 - -` was refused by the board as "one card or rank per player", which it was
    status, out, err = crib(capsys, "cut", *typed, "-d", "socket://127.0.0.1:1")  # refused before any board is asked
    assert status == 2 and out == "" and err == (
        "crib cut: error: %s: a cut takes two at least (after a tie, the tied players cut again, a dash for each of "
        "the others: crib cut 3 9 - after 5 5 K)\n" % said)


def test_the_play_card_by_card_is_a_row_each_for_lay_and_go() -> None:
    parser, commands = build_parser()
    for name in ("lay", "go"):
        with_arguments(commands, name)
    lay = next(c for c in game.COMMANDS if c.name == "lay")
    assert lay.message(parser.parse_args(["lay", "1", "5"])) == ("event", {"event": ["lay", 0, 5]})
    assert lay.message(parser.parse_args(["lay", "t2b", "K"])) == ("event", {"event": ["lay", 3, 13]})
    assert parser.parse_args(["lay", "2", "10"]).rank == parser.parse_args(["lay", "2", "T"]).rank == 10
    go = next(c for c in game.COMMANDS if c.name == "go")
    assert go.message(parser.parse_args(["go", "p3"])) == ("event", {"event": ["go", 2]})


def test_a_play_laid_from_the_command_line(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert said(capsys, sim, "dealer", "1") == "P1 deals first."
    assert said(capsys, sim, "lay", "2", "5") == "P2 lays 5."
    assert said(capsys, sim, "lay", "1", "K") == "P1 lays K: P1 +2."  # fifteen two
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert "the play: count 15, P2 to lay (since 0: 5 K)" in out  # no go: every card fits
    status, out, err = crib(capsys, "go", "2", "-d", sim)
    assert status == 1 and err == "crib go: error: no go at a count of 15: any card can be laid\n"
    assert said(capsys, sim, "lay", "2", "J") == "P2 lays J."
    status, out, _ = crib(capsys, "status", "-d", sim)
    assert "the play: count 25, P1 to lay or say go (since 0: 5 K J)" in out
    assert said(capsys, sim, "lay", "1", "6") == "P1 lays 6: P1 +2."  # thirty-one for two
    assert state(capsys, sim)["play"] == {"count": 0, "turn": 1, "series": [], "laid": [[13, 6], [5, 11]],
                                          "false_go": None}
    status, out, _ = crib(capsys, "export", "--format", "csv", "-d", sim)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["description"], row["p1_points"]) for row in rows] == [
        ("P1 deals first", "0"), ("P2 lays 5", "0"), ("P1 lays K", "2"), ("P2 lays J", "0"), ("P1 lays 6", "2")]


def test_a_false_go_is_said_under_the_card_that_shows_it(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (("dealer", "1"), ("lay", "2", "10"), ("lay", "1", "10"), ("lay", "2", "5"), ("go", "1"),
                 ("lay", "2", "6")):
        said(capsys, sim, *argv)
    status, out, _ = crib(capsys, "lay", "1", "3", "-d", sim)  # the 3 P1 held when it said go at 25
    assert status == 0 and "false go: P1 said go at 25, holding the card laid last" in out
    assert state(capsys, sim)["play"]["false_go"] == [0, 25]
    said(capsys, sim, "lay", "2", "4")
    assert "false go" not in crib(capsys, "status", "-d", sim)[1]
    status, out, _ = crib(capsys, "export", "--format", "csv", "-d", sim)  # kept for the game's review after
    assert [row["description"] for row in csv.DictReader(io.StringIO(out))][-3:] == [
        "P2 lays 6", "P1 lays 3 (a false go at 25)", "P2 lays 4"]
    status, out, _ = crib(capsys, "export", "--format", "json", "-d", sim)
    assert [step["false_go"] for step in json.loads(out)["games"][0]["steps"]][-3:] == [None, 25, None]


def test_export_says_what_it_wrote_and_plot_numbers_the_deals(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "log.json"
    saved.write_text(json.dumps({"log": [["dealer", 0], ["peg", 1, 5], ["new_game"], ["dealer", 1], ["peg", 0, 3],
                                         ["peg", 1, 2]]}))
    out = tmp_path / "match.csv"
    assert main(["export", "--from", str(saved), "--out", str(out)]) == 0
    assert capsys.readouterr().out == "wrote %s (CSV: 2 games, 6 events)\n" % out  # the log's six, new_game too
    assert len(out.read_text().splitlines()) == 1 + 6
    assert plot.deal_ticks(1) == [(0.5, "1")]  # one deal: "1", in its middle (not an axis from 0 to 1)
    assert plot.deal_ticks(3) == [(0.5, "1"), (1.5, "2"), (2.5, "3")]


def test_undo_says_what_it_made_the_board_leave(sim: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A test of the command line: `crib undo` sent the board home from a count whose cards were being picked there,
    # which went without a word
    class Counting:
        """The link, the board counting a show with its controls as the undo comes (its state's ``ui``)."""

        def __init__(self, link: BoardLink) -> None:
            self.link = link
            self.undone = False

        def request(self, cmd: str, **fields: object) -> dict:
            reply = self.link.request(cmd, **fields)
            if cmd == "state" and not self.undone:
                reply["state"]["ui"] = {"mode": "count", "step": "cards"}
            self.undone = self.undone or cmd == "undo"
            return reply

    with connect(sim) as link:
        link.request("event", event=["dealer", 0])
        link.request("event", event=["peg", 1, 2])
        reply = undo.undo_and_fetch(Counting(link))
        assert reply["left"] == "counting the show (cards)"
        assert "Left on the board for the undo: counting the show (cards)." in [str(line) for line in undo.shown(reply)]
        assert undo.undo_and_fetch(link)["left"] is None  # at home, nothing open: nothing said
