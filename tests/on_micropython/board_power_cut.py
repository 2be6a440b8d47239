# Power cuts while the board saves its match, on the real littlefs of MicroPython (os.VfsLfs2).
#
#   micropython -X heapsize=2M tests/on_micropython/board_power_cut.py LIBDIR CUTS SEED
#
# LIBDIR holds the firmware packages: firmware/ itself, or the tree compiled to .mpy (as the
# test runs it: a board's power-on imports the count's modules again, and from source the
# unix port would compile them again at each of thousands of power-ons).
#
# Like store_power_cut.py, one level up: what is saved is the board's own data (app.board's
# Board.save: settings, prefs, ids, edits and the streamed codes of its match) and what
# reads it is the board's own power-on restore (Board.__init__, which replays the log).
# A RAM flash chip (fake_storage.RamFlash) is formatted with littlefs and
# mounted at /flash, and a Board runs on it. Seeded random changes are sent as the serial
# protocol and the controls send them: legal game events of real cards (pegs, starters,
# shows counted from cards, deals, new games), undo, new match, settings while allowed,
# with and without request ids; whatever the rules refuse changes nothing and is not
# counted. Each boot plans a power cut after a random number of block writes (the write
# under way is torn at a random byte, then the chip takes no more writes); once it has
# come, the same bytes are mounted again by a fresh VfsLfs2, as after a reboot, and a new
# Board is built on them. It must hold exactly the state after the change being saved when
# the power went (if its rename got through) or the state before that change, with no
# notice of damage and no exception; then play goes on from it. A match's third game makes
# the save archive the first (app.history: a file of its own first), so cuts hit that too.
# The last lines sum up (how many power-ons found games archived, then the cuts); the exit
# status is 1 on the first failure.
# CPython has no VfsLfs2: tests/test_board_power_cut.py runs this under `micropython`.
import gc
import json
import random
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]  # tests/firmware: the RAM flash (fake_storage)

from power_cuts import MOUNT, boot, fail, formatted_flash, plan_cut, report  # noqa: E402

from app import palette  # noqa: E402
from app.board import Board  # noqa: E402
from shared.events import BACK, ENCODER, LONG, PLAYER_1, PLAYER_2, PRESS, TURN  # noqa: E402
from simulator.virtual_hardware import VirtualHardware  # noqa: E402

LONGEST_LOG = 300  # events; then the match starts again
MOST_WRITES = 150  # a save of the longest log takes about 70 block writes
POSSIBLE_TOTALS = [n for n in range(30) if n not in (19, 25, 26, 27)]


def below(n):
    """A random int from 0 to n - 1 (MicroPython's random may lack randrange)."""
    return random.getrandbits(16) % n


def choice(options):
    return options[below(len(options))]


def snapshot(board):
    """Everything the board saves and restores, as plain values to compare. The log as its saved
    codes: the same comparison as its events (a code decodes to one event, and an event has one
    code: the replay refuses any other), in a quarter of the time (this runs after every step)."""
    match = board.match
    return {"state": match.state(), "events": match.events, "edits": match.edits, "codes": list(match.iter_saved()),
            "base": match.saved_base(), "history": board.history if match.archived else None,
            "settings": match.settings.to_dict(), "prefs": dict(board.prefs),
            "ids": [[request_id, reply.text()] for request_id, reply in board.ids]}


def differences(got, expected):
    """The keys of two snapshots whose values differ, for a failure message."""
    return [key for key in sorted(expected) if got.get(key) != expected[key]]


def cards_not_in(taken, n):
    """``n`` distinct random cards, none of them in ``taken``."""
    out = []
    while len(out) < n:
        card = below(52)
        if card not in taken and card not in out:
            out.append(card)
    return out


def game_event(match):
    """A random game event that is mostly legal now (real cards; the rules judge it)."""
    phase = match.phase
    settings = match.settings
    roll = below(16)
    if phase == "cut":
        if roll < 8:
            return ["dealer", below(settings.seats)]
        return ["cut", cards_not_in((), settings.seats)]  # refused when the lowest rank is shared
    if phase == "over":
        return ["new_game"]
    starter = match.starter
    taken = list(match.used) + ([] if starter is None else [starter])
    if phase == "play" and starter is None and roll < 6:
        return ["heels"] if roll == 0 else ["starter", cards_not_in(taken, 1)[0]]
    if phase == "play" and roll < 10:
        return ["peg", below(settings.sides), 1 + below(6)]
    seat, kind = match.next_show
    cards, claim = cards_not_in(taken, 4), None
    if roll == 15:  # a total instead of cards
        cards, claim = None, choice(POSSIBLE_TOTALS)
    elif roll == 14:  # a claim below the count: muggins, or refused
        claim = below(4)
    if kind == "crib":
        return ["crib", cards, claim]
    return ["hand", seat, cards, claim]


def settings_change():
    """A random change of one game rule or board preference (some refused: rules mid-match, bad values)."""
    roll = below(12)
    if roll == 0:
        return {"brightness": choice([0, 1, 90, 160, 255, 256])}
    if roll == 1:
        return {"milliamps": choice([300, 500, 2400, 10000])}
    if roll < 4:
        return {"colour%d" % below(3): below(len(palette.CHOICES))}
    if roll == 4:
        return {"target": choice([121, 61])}
    if roll == 5:
        return {"players": choice([2, 3, 4])}
    if roll == 6:
        return {"skunk": choice(["none", "skunk", "lurch"])}
    if roll == 7:
        return {"double_skunk_games": choice([3, 4])}
    return {choice(["peg_out_exactly", "muggins", "stinkhole"]): choice([True, False])}


def command(cmd, **fields):
    """A serial request line; a quarter of them carry an id (a re-sent one is answered, not applied)."""
    fields["cmd"] = cmd
    if below(4) == 0:
        fields["id"] = below(40) if below(2) else "r%d" % below(40)
    return json.dumps(fields)


def inputs(board):
    """Input events for a change from the controls (None: none fits the phase)."""
    phase = board.match.phase
    roll = below(8)
    if roll == 0:
        return [(PRESS, BACK)]  # undo
    if phase == "cut":
        if roll < 4:
            return [(PRESS, PLAYER_1 if roll < 3 else PLAYER_2)]
        return [(TURN, choice([-1, 1, 2])), (PRESS, ENCODER)]
    if phase == "over":
        return [(PRESS, ENCODER)]  # the next game
    if phase == "play":
        button = choice([PLAYER_1, PLAYER_2])
        if roll < 4:
            return [(LONG, button)]  # peg 2 at once
        return [(PRESS, button), (TURN, choice([-1, 1, 3, 7])), (PRESS, ENCODER)]
    return None


def actions(board):
    """The next action: a list of steps, each a serial line (str) or an input event (tuple)."""
    match = board.match
    roll = below(512)
    if match.events >= LONGEST_LOG or roll == 0:
        return [command("new_match")]
    if roll < 4:  # abandons the game under way (rare: games should mostly be played out)
        return [command("new_game")]
    if roll < 40:
        return [command("undo")]
    if roll < 72 or (match.events == 0 and roll < 160):
        return [command("settings", set=settings_change())]
    if roll < 192:
        steps = inputs(board)
        if steps is not None:
            mode = board.mode
            if mode.name != "peg" or mode.side is not None:
                steps.insert(0, (PRESS, BACK))  # a peg left half dialled: cancel it first
            return steps
    return [command("event", event=game_event(match))]


def main(cuts, seed):
    random.seed(seed)
    flash = formatted_flash()
    accepted = None  # snapshot of the state last saved in full
    saving = None  # snapshot of the state whose save the power cut interrupted
    new = old = saves = archived = 0
    last_writes = 0  # block writes the last complete save took
    for cut in range(cuts):
        device = boot(flash)
        gc.collect()
        try:
            board = Board(VirtualHardware(MOUNT))
            got = snapshot(board)
        except Exception as e:
            fail("seed %d cut %d: restore raised %r" % (seed, cut, e))
        if board.messages.notice is not None:
            fail("seed %d cut %d: notice %r" % (seed, cut, board.messages.notice))
        if accepted is None:
            accepted = got  # a fresh board on an empty flash
        if got == saving and saving != accepted:
            new += 1
        elif got == accepted:
            if cut:
                old += 1
        else:
            against_new = "no save was under way" if saving is None else "%s differ" % differences(got, saving)
            fail("seed %d cut %d: restored a board that is neither the new state (%s) nor the previous one "
                 "(%s differ): %r" % (seed, cut, against_new, differences(got, accepted), got["state"]))
        accepted = got
        saving = None
        archived += got["base"] is not None  # (True counts 1)
        plan_cut(device, last_writes, MOST_WRITES)
        while not device.off:
            for step in actions(board):
                before = device.writes
                try:
                    if isinstance(step, str):
                        board.handle_command(step)
                    else:
                        board.handle(step)
                except Exception as e:  # littlefs may notice that the flash stopped taking writes
                    if not device.off:
                        fail("seed %d cut %d: %r raised %r with the power on" % (seed, cut, step, e))
                after = snapshot(board)
                if device.off:
                    saving = after  # the power went during this save: it may or may not have landed
                    break
                if device.writes != before:
                    saves += 1
                    last_writes = device.writes - before
                accepted = after
        board = after = got = None
    print("restored with games archived %d" % archived)
    report(cuts, new, old, saves)


main(int(sys.argv[2]), int(sys.argv[3]))
