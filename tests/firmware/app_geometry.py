"""Hole positions from hardware/board.json, for tests that check what sits where on the board.

Reads the file line by line (the JSON keeps one hole per line) so it fits MicroPython's
small test heap; only the holes asked for are kept.
"""


BOARD_JSON = (__file__.rpartition("/")[0] or ".") + "/../../hardware/board.json"


def hole_positions(wanted, path=BOARD_JSON):
    """{(track, hole): (x_mm, y_mm)} for the (track, hole) pairs in ``wanted``."""
    out = {}
    inside = False
    with open(path) as f:
        for line in f:
            if '"holes"' in line:
                inside = True
                continue
            if not inside:
                continue
            text = line.strip().rstrip(",")
            if not text.startswith("["):
                break
            numbers = [int(x) for x in text.strip("[]").split(",")]
            key = (numbers[0], numbers[1])
            if key in wanted:
                out[key] = (numbers[2], numbers[3])
    return out
