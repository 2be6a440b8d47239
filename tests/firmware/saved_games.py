"""Board data for the store tests, on both interpreters: ``game``, made-up data of the shape the app
saves (its log of ``event``s), checked without a second copy (``is_game``), streamed as the board
saves it and listed as loaded; ``slot_files``, the store's copies in a folder. (The store's scripts in
tests/on_micropython use them too.)"""

import os


def event(k):
    """Event ``k`` of a made-up match log."""
    if k == 0:
        return ["dealer", 0]
    if k == 1:
        return ["cut", [3, 17]]
    return ["peg", k % 2, 1 + k % 6] if k % 5 else ["hand", k % 2, [k % 52, 7, 20, 33], None]


def game(n_events, tag=0):
    """Board data of the shape the app saves, with a log of ``n_events`` events."""
    return {
        "settings": {"players": 2, "target": 121, "skunk": "skunk", "muggins": False},
        "log": [event(k) for k in range(n_events)],
        "games": [[1, 0, "win"]],
        "ids": ["a1", 7, "héllo"],
        "tag": tag,
    }


def is_game(data, n_events, tag):
    """``data == game(n_events, tag)`` without a second copy of a long log in RAM."""
    log = data["log"]
    if len(log) != n_events or any(log[k] != event(k) for k in range(n_events)):
        return False
    data["log"] = []
    same = data == game(0, tag)
    data["log"] = log
    return same


def streamed(data):
    """``data`` with its log as a generator: the store writes it one event at a time."""
    out = dict(data)
    out["log"] = (event for event in data["log"])
    return out


def listed(data):
    """``data`` loaded with ``stream="log"``, its log iterator read into a list (None stays None)."""
    if data is not None:
        data["log"] = list(data["log"])
    return data


def slot_files(root):
    return sorted(name for name in os.listdir(root) if name.startswith("game."))
