"""Words into the short lines of the board's text display (the spoken count, the picked cards)."""


def wrap(parts, width=16):
    """Words (``parts``) joined by spaces into lines of at most ``width`` characters (a longer word: its own line)."""
    lines = []
    line = ""
    for word in parts:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    lines.append(line)
    return lines
