"""A long random soak of the deployed firmware on the emulated chip, against CPython's oracle.

    .venv/bin/python tests/chip/soak.py --image CRIB_PICO --seed 1 --minutes 20 [--display] [--rules JSON]

Run by hand for minutes before a release, or after a change to the hal, the store or the shell
(test_chip_soak.py runs a few dozen steps of it on every test run). Each step, chosen at random,
is what a board meets at a table or on a desk: a control pressed or held, the encoder turned
(the contacts bouncing as they move, or not), a request over the emulated USB (valid, refused or
malformed), a power cut or a reset at a random moment (during a save too). The same inputs go to
the same app on CPython (``cpython_board``), its clock moved on with the chip's, and after each
step the chip's ``state`` reply must equal the oracle's (the LED test's place aside: ``without_walk``),
and each request's reply the oracle's reply. After a cut the chip must come
back with the game of either the last save or the one before (the step the cut fell in lost,
never more), with no traceback printed and no watchdog reset. With ``--display`` the board is
built with the display (``ssd1306_device``), whose lines go out between the inputs. With ``--rules`` the match is
played under those rules from the start (a soak of the default rules alone met three players, teams and the play
card by card only when a random request changed the rules of a new match: rarely). Exits 1 and prints the last steps
at the first difference. The emulated chip keeps its own time: a seed and a number of steps
(``--steps``) always play the same soak.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT / "firmware"), str(ROOT / "cpython_shims"), str(ROOT)]

from board_on_chip import ChipBoard  # noqa: E402
from cpython_board import CPythonBoard  # noqa: E402
from flash_layout import IMAGES_BY_NAME  # noqa: E402
from pico import MS  # noqa: E402

CONTROLS = ("enc", "p1", "p2", "back")
PRESS_WEIGHTS = (5, 4, 4, 1)  # back undoes: often enough to test it, not so often that no game goes on
SETTLE_MS = 400  # after a step: the save is done, the frame out
HOLD_MS = 750  # a long press: past hal.debounce.LONG_MS (600)
# The state's fields that are the ui's, not the game's: after a power cut they start afresh on both.
VOLATILE_AFTER_CUT = ("ui", "message")


def malformed_lines(rng: random.Random) -> bytes:
    """A line no request is: broken JSON, a wrong shape, a bad field. (Bytes that are not UTF-8 are
    refused by the hal's line reader before the app sees them: tests/firmware cover that.)"""
    return rng.choice((b"{\"cmd\": \"state\"\n", b"[1, 2]\n", b"{\"cmd\": 5}\n", b"nonsense\n",
                       b"{\"cmd\": \"event\", \"event\": [\"turn\", 1000]}\n", b"{\"cmd\": \"log\", \"from\": -1}\n",
                       b"{\"cmd\": \"settings\", \"settings\": {\"players\": 7}}\n", b"{\"id\": \"\\ud800\"}\n"))


def random_request(rng: random.Random, events: int) -> dict:
    """A request a host could send: mostly good ones, some the board refuses."""
    kind = rng.random()
    if kind < 0.3:
        return {"cmd": "state"}
    if kind < 0.4:
        return {"cmd": "undo"}
    if kind < 0.55:  # a control, as the host's keys give it
        if rng.random() < 0.3:
            event = ["turn", rng.choice((-3, -1, 1, 2, 5))]
        else:
            event = [rng.choice(("press", "long")), rng.choice(CONTROLS)]
        return {"cmd": rng.choice(("input", "input", "input", "event")), "event": event}  # no rules event: refused
    if kind < 0.7:  # points pegged from the host: games get on to their ends (some refused: no dealer yet)
        if rng.random() < 0.2:
            return {"cmd": "event", "event": ["dealer", rng.choice((0, 1))]}
        return {"cmd": "event", "event": ["peg", rng.choice((0, 1, 1, 2)), rng.choice((1, 2, 6, 12, 20, 29, 31, 40))]}
    if kind < 0.78:
        return {"cmd": "log", "from": rng.randrange(0, events + 2)}
    if kind < 0.9:  # changed mid-game too, where the board refuses some
        return {"cmd": "settings", rng.choice(("set", "set", "set", "settings")): random_settings(rng)}
    return {"cmd": rng.choice(("new_game", "new_match"))}


def random_settings(rng: random.Random) -> dict:
    """A change of settings a host could ask for: a rule (taken only before a match's first event), a
    preference, or a key the board does not know."""
    return rng.choice(({"muggins": True}, {"muggins": False}, {"play": 1}, {"play": 0}, {"brightness": 90},
                       {"target": 61}, {"target": 121}, {"players": 3}, {"players": 4}, {"players": 2},
                       {"peg_out_exactly": True}, {"stinkhole": True}, {"colour": "red"}))


def without_walk(state: dict) -> dict:
    """``state`` without the LED test's place (``led``, ``colour``), while it is open: its walk goes
    by the ms the chip took each press at, a debounce after the release, and the oracle is given a
    step's events at the step's start (a soak found the two a colour apart, a pause and a restart
    later). tests/firmware/test_app_led_test.py checks the walk on one clock."""
    ui = state.get("ui")
    if not isinstance(ui, dict) or ui.get("mode") != "led_test":
        return state
    return dict(state, ui={k: v for k, v in ui.items() if k not in ("led", "colour")})


class SoakFailed(Exception):
    """The chip and its oracle differ: the last steps, and how."""


class Soak:
    """The chip and its oracle, stepped together."""

    def __init__(self, image_name: str, seed: int, display: bool = False, rules: dict | None = None) -> None:
        self.rng = random.Random(seed)
        self.chip = ChipBoard(IMAGES_BY_NAME[image_name], display=display)
        self.chip.first_app_frame()
        self.chip.pico.run_for(1000 * MS)  # past the safe-mode window
        self.root = tempfile.mkdtemp(prefix="crib-soak-")
        self.oracle = CPythonBoard(self.root)
        self.synced_ns = self.chip.pico.now_ns  # the chip's time the oracle's clock has reached (catch_up)
        self.steps: list[str] = []
        self.counts = {"steps": 0, "boots": 1, "cuts": 0, "requests": 0, "games": 0}
        self.next_id = 0
        self.printed = 0  # the chip's output read so far for tracebacks
        if rules:  # the match's rules to soak under (a fresh match takes them), then the states compared
            self.request({"cmd": "settings", "set": rules})
            self.compare(self.chip_state(), self.oracle_state())

    # --- the chip's replies -----------------------------------------------------------------

    def send(self, line: bytes) -> dict:
        """Send a line over the emulated USB; the first JSON reply after it."""
        pico = self.chip.pico
        start = len(pico.output)
        pico.write(line)

        def answer() -> dict | None:
            for text in bytes(pico.output[start:]).split(b"\n")[:-1]:
                try:
                    reply = json.loads(text)
                except ValueError:
                    continue
                if isinstance(reply, dict) and "ok" in reply:
                    return reply
            return None

        return pico.run_until_value(answer, 5000 * MS, step_ns=2 * MS)

    def chip_state(self) -> dict:
        """The chip's ``state`` reply."""
        self.next_id += 1
        return self.send(b'{"cmd": "state", "id": "s%d"}\n' % self.next_id)["state"]

    def oracle_reply(self, line: bytes) -> dict:
        """The oracle's reply to ``line``."""
        return json.loads(self.oracle.board.handle_command(line.decode().rstrip("\n")))

    # --- steps ------------------------------------------------------------------------------

    def step(self) -> None:
        """One random step on both, then their states compared."""
        rng = self.rng
        self.counts["steps"] += 1
        kind = rng.random()
        if kind < 0.5:
            control = rng.choices(CONTROLS, PRESS_WEIGHTS)[0]
            hold = rng.uniform(30, 200)
            self.input(("press", control), lambda: self.chip.press(control, hold, SETTLE_MS, self.chatter()))
        elif kind < 0.68:
            detents = rng.choice((-2, -1, 1, 1, 2, 3))
            events = [("turn", 1 if detents > 0 else -1)] * abs(detents)
            self.input(tuple(events), lambda: (self.chip.turn(detents, chatter=self.chatter()),
                                               self.chip.pico.run_for(SETTLE_MS * MS)))
        elif kind < 0.75:
            control = rng.choices(CONTROLS, (4, 3, 3, 2))[0]
            self.input(("long", control), lambda: self.chip.press(control, HOLD_MS, SETTLE_MS, self.chatter()))
        elif kind < 0.79:  # a burst of 2s for one player: pegging gets on towards a game's end
            control = rng.choice(("p1", "p2"))
            for _ in range(rng.randrange(3, 9)):
                self.input(("long", control), lambda: self.chip.press(control, HOLD_MS, 100, self.chatter()))
        elif kind < 0.82:  # a run of points pegged from the host: a game gets on to its end, often
            side = rng.choice((0, 1))
            for _ in range(rng.randrange(4, 9)):
                self.request({"cmd": "event", "event": ["peg", side, rng.randrange(10, 30)]})
        elif kind < 0.95:
            self.request()
        else:
            self.cut()
        chip = self.chip_state()
        self.catch_up()
        self.compare(chip, self.oracle_state())
        self.check_output()

    def chatter(self) -> tuple[float, ...]:
        """How a contact bounces as it moves this time (``ChipBoard._set``): often not at all, else
        a few flips under a ms each, as a mechanical switch or an encoder's contact bounces."""
        return tuple(self.rng.uniform(0.05, 0.8) for _ in range(self.rng.choice((0, 0, 2, 4, 6))))

    def input(self, events: tuple, act: Callable[[], object]) -> None:
        """Do ``act`` on the chip and give the oracle ``events`` (an event, or a tuple of them),
        with the chip's time."""
        if isinstance(events[0], str):
            events = (events,)
        self.steps.append("input %s" % (events,))
        act()
        self.oracle.handle(*events)
        self.catch_up()
        self.oracle.board.tick()
        self.oracle.board.save_if_changed()

    def catch_up(self) -> None:
        """Move the oracle's clock on to the chip's, in whole ms: the time every step takes on the chip
        passes for the oracle as well, a request's and the comparison's ``state`` too (only an input's
        did: over a soak the oracle's clock fell seconds behind, for the LED test's walk, a refusal's
        signal, an undo's flash)."""
        ms = int(self.chip.pico.now_ns - self.synced_ns) // MS
        self.oracle.hw.advance(ms)
        self.synced_ns += ms * MS

    def request(self, fields: dict | None = None) -> None:
        """A request line to both (``fields``; else a random one, or a malformed line): the same
        reply from each."""
        self.counts["requests"] += 1
        self.next_id += 1
        if fields is None and self.rng.random() < 0.15:
            line = malformed_lines(self.rng)
        else:
            fields = fields or random_request(self.rng, self.oracle.board.match.events)
            line = (json.dumps(dict(fields, id="r%d" % self.next_id)) + "\n").encode()
        self.steps.append("request %r" % line)
        got, expected = self.send(line), self.oracle_reply(line)
        self.catch_up()
        self.oracle.board.save_if_changed()
        if got != expected:
            self.fail("the reply differs:\n chip   %s\n oracle %s" % (got, expected))
        if fields and fields.get("cmd") == "new_match" and got.get("ok") and self.rng.random() < 0.5:
            self.request({"cmd": "settings", "set": random_settings(self.rng)})  # a new match takes rules

    def cut(self) -> None:
        """A control pressed, then the power cut or the reset button, at a random moment of what
        follows (a save, a frame); the chip comes back to the game as saved, or as before the press."""
        with tempfile.TemporaryDirectory(prefix="crib-soak-before-") as before:
            shutil.copytree(self.root, before, dirs_exist_ok=True)  # the oracle's flash before the press
            self._cut(before)

    def _cut(self, before: str) -> None:
        rng = self.rng
        pico = self.chip.pico
        control = rng.choices(CONTROLS, PRESS_WEIGHTS)[0]
        self.input(("press", control), lambda: self.chip.press(control, 60, rng.uniform(0, 300), self.chatter()))
        reset = rng.random() < 0.3
        self.steps.append("reset" if reset else "power cut")
        if reset:
            pico.hard_reset()
        else:
            pico.power_cut()
        self.counts["cuts"] += 1
        self.counts["boots"] += 1
        self.chip.powered_at = pico.now_ns
        self.chip.first_app_frame(6000)
        pico.run_for(1000 * MS)
        got = self.chip_state()
        after = CPythonBoard(self.root)  # the oracle's own power-on: what its flash holds
        lost = CPythonBoard(before)  # the step's save lost
        for oracle in (after, lost):
            if self.same_game(got, self.state_of(oracle)):
                break
        else:
            self.fail("after the cut the chip has neither the saved game nor the one before:\n chip   %s\n"
                      " oracle %s\n before %s" % (got, self.state_of(after), self.state_of(lost)))
        if oracle is lost:
            shutil.rmtree(self.root)
            shutil.copytree(before, self.root)
            oracle = CPythonBoard(self.root)
        self.oracle = oracle
        self.synced_ns = pico.now_ns  # a board powered on: its clock starts here
        if got.get("store") is not None:  # a notice: any control ends it and does nothing else
            self.steps.append("notice %s: back" % got["store"])
            self.chip.press("back", 60, SETTLE_MS)

    def done(self) -> str:
        """What the soak did so far, counted."""
        return ", ".join("%s %d" % kv for kv in self.counts.items())

    # --- checks -----------------------------------------------------------------------------

    def oracle_state(self) -> dict:
        """The oracle's ``state`` reply."""
        return self.state_of(self.oracle)

    @staticmethod
    def state_of(oracle: CPythonBoard) -> dict:
        """``oracle``'s ``state`` reply."""
        return json.loads(oracle.board.handle_command('{"cmd": "state"}'))["state"]

    @staticmethod
    def same_game(chip: dict, oracle: dict) -> bool:
        """The same game, leaving out the ui and the power-on notice."""
        ignored = VOLATILE_AFTER_CUT + ("store",)
        return all(chip.get(k) == oracle.get(k) for k in set(chip) | set(oracle) if k not in ignored)

    def compare(self, chip: dict, oracle: dict) -> None:
        """Fail unless the two states are equal (the LED test's walk aside: ``without_walk``)."""
        chip, oracle = without_walk(chip), without_walk(oracle)
        if chip != oracle:
            diff = {k: (chip.get(k), oracle.get(k)) for k in set(chip) | set(oracle) if chip.get(k) != oracle.get(k)}
            self.fail("the state differs (chip, oracle): %s" % diff)
        self.counts["games"] = chip["games_played"]

    def check_output(self) -> None:
        """Fail if the chip printed a traceback since the last check or its watchdog fired."""
        pico = self.chip.pico
        new = bytes(pico.output[self.printed:])
        self.printed = len(pico.output)
        if b"Traceback" in new:
            self.fail("the chip printed a traceback:\n%s" % new.decode(errors="replace"))
        if pico.watchdog_resets:
            self.fail("the watchdog reset the chip")

    def fail(self, why: str) -> None:
        """Raise SoakFailed with the last steps and ``why``."""
        raise SoakFailed("%s\nFAILED at step %d: %s\n(the oracle's flash is kept in %s)"
                         % ("\n".join(self.steps[-40:]), self.counts["steps"], why, self.root))


def main() -> None:
    """Soak one image for a number of minutes of wall time, or of steps; print what was done."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", choices=sorted(IMAGES_BY_NAME), default="CRIB_PICO")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--display", action="store_true", help="a board built with the display (an SSD1306 on its bus)")
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, default=10)
    length.add_argument("--steps", type=int, help="this many steps, however long they take (instead of --minutes)")
    parser.add_argument("--rules", type=json.loads, metavar="JSON", default=None,
                        help='the settings to soak under, set before the first step: {"players": 3, "play": 1}')
    args = parser.parse_args()
    soak = Soak(args.image, args.seed, args.display, args.rules)
    end = time.monotonic() + 60 * args.minutes
    try:
        while soak.counts["steps"] < args.steps if args.steps is not None else time.monotonic() < end:
            soak.step()
    except SoakFailed as failed:
        print(failed, file=sys.stderr)
        raise SystemExit(1) from None
    shutil.rmtree(soak.root)
    print("%s%s seed %d: no difference; %s" % (args.image, " with the display" if args.display else "", args.seed,
                                                soak.done()))


if __name__ == "__main__":
    main()
