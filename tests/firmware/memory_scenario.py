"""The scenario the memory tests play: a seeded 5-game match and the rest of a board's day.

Played on a ``Board`` with fake hardware through input events and serial requests only:
the match (tests/firmware/match_player.py, saved after every accepted event), a host
taking back the last event and sending it again through the serial protocol (the replies
are saved with the game), the settings opened and left, the discard advice (the largest
computation the board does), and the whole log sent page by page as `crib log` reads it.
Used by tests/on_micropython/app_memory.py (the unix port, in a small heap) and, recorded as a list of
inputs, by tests/test_app_on_32bit_micropython.py; runs on both interpreters.
"""

import json

from match_player import Player

from cribbage.match import Match

GAMES = 5
SEED = 2463534242
MENU_SETTINGS = 2  # the items of app.modes.menu
MENU_ADVICE = 3


def open_item(player, item):
    """Open menu item ``item`` from the home mode."""
    player.press("long", "enc")
    player.press("turn", item)
    player.press("press", "enc")


def leave(player):
    """Back presses until the home mode."""
    while player.board.mode.name != "peg":
        player.press("press", "back")


def send_log(board):
    """Read the whole log through the serial ``log`` command, a page at a time, its archived games'
    too (app.history); check that replayed it is the board's match: its state, and the events it keeps."""
    match = board.match
    replayed = Match(match.settings)
    start = 0
    while True:
        reply = json.loads(board.handle_command('{"cmd": "log", "from": %d}' % start))
        if not reply.get("ok") or reply["total"] != match.events:
            raise RuntimeError("log page from %d: %r" % (start, reply))
        page = reply["log"]
        if not page:
            break
        for event in page:
            replayed.apply(event)
            start += 1
        reply = page = None  # freed before the next page is built
    if start != match.events or replayed.state() != match.state():
        raise RuntimeError("the log pages held %d events of %d, replayed: %r" % (start, match.events, replayed.state()))
    kept = match.iter_log()
    for event in replayed.iter_log(match.archived):
        if event != next(kept):
            raise RuntimeError("log event sent as %r, kept as another" % (event,))


def play(board, hw):
    """The match, the serial take-back, the settings and the advice on ``board``; returns the Player."""
    player = Player(board, hw, SEED)
    player.match(GAMES)
    for n in range(4):  # a host takes back the last event and sends it again: 8 replies kept with the game
        last = next(board.match.iter_log(board.match.events - 1))
        for request in ('{"cmd": "undo", "id": %d}' % (2 * n), '{"cmd": "event", "event": %s, "id": %d}'
                        % (json.dumps(last), 2 * n + 1)):
            if '"ok": true' not in board.handle_command(request):
                raise RuntimeError("refused: " + request)
    open_item(player, MENU_SETTINGS)
    player.press("press", "enc")  # change the first setting...
    leave(player)  # ...no: leave it as it was
    open_item(player, MENU_ADVICE)
    for card in (4, 9, 19, 22, 40, 51):  # 2C 3D 5S 6H JC KS
        player.pick(card)
    player.press("press", "enc")  # "I deal": the keeps are ranked
    if board.mode.describe().get("rank") != 1:
        raise RuntimeError("no advice shown: %r" % (board.mode.describe(),))
    leave(player)
    send_log(board)
    return player
