"""Words into the lines of the board's text display (the rules core knows nothing of the display:
it gives the words, ``cribbage.saying``). Loaded when text is first wrapped (a refusal, a notice,
the picker's cards, the play's saying), not at power-on: every module at power-on costs heap.
"""

from app.messages import WIDTH


def wrap(parts, width=WIDTH):
    """Words (``parts``) joined by spaces into lines of at most ``width`` characters (a longer word:
    its own line); a number is never cut in two."""
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
