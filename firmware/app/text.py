"""Words into the lines of the board's text display (the rules core knows nothing of the display:
it gives the words, ``cribbage.saying``). Loaded when text is first wrapped (a refusal, a notice,
the picker's cards, the play's saying), not at power-on: every module at power-on costs heap.
"""

from app.messages import WIDTH


def wrap(text, width=WIDTH):
    """The words of ``text`` (apart by single spaces) as lines of at most ``width`` characters, as
    many words to a line as fit (a longer word: its own line); a number in figures is never cut in two. A name
    alone on a line ("T1a:") keeps the next word up to its hyphen: "T1a: twenty-", "seven"."""
    # Each line is cut out of the text, never joined word by word: the text is made while a detent may
    # wait, and in the running app's full heap each allocation costs the chip tens of microseconds. A character is
    # read with startswith, never text[i]: an index interns the character it reads, a name for good (cribbage.cards).
    lines = []
    start = 0  # where the line being cut begins
    while len(text) - start > width:
        cut = text.rfind(" ", start, start + width + 1)  # the last space that ends a line short enough
        if cut < start:  # the first word is longer than a line: the line is that word
            cut = text.find(" ", start)
            if cut < 0:
                break
        elif text.startswith(":", cut - 1) and text.find(" ", start) == cut:  # a name alone: a team's saying (17)
            cut = text.rfind("-", cut + 2, start + width) + 1 or cut  # (after the hyphen: no space to skip)
        lines.append(text[start:cut])
        start = cut + text.startswith(" ", cut)
    lines.append(text[start:])
    return lines
