"""A count said on the display the way players say it, a phrase a line (``cribbage.saying``), under
a few lines of its own; turning scrolls it, and "turn: more" ends a screen with more below. Loaded
by the count's preview and the muggins call only once a count is said, with the words themselves.
"""

from app.messages import WIDTH
from app.text import wrap
from cribbage.saying import phrases


def say_lines(count, width=WIDTH):
    """The spoken phrases of ``count`` (a ``cribbage.show.Count``) as display lines of ``width``
    characters at most: each phrase starts a line (without its "and"; a long one goes on over the
    next lines), e.g. ``["fifteen two", "a pair is four"]``."""
    lines = []
    for phrase in phrases(count):
        if phrase.startswith("and "):  # (cribbage.saying joins a phrase to the one before so)
            phrase = phrase[4:]
        lines.extend(wrap(phrase, width))
    return lines


MORE = "turn: more"  # the last line shown while more of the saying follows below it


class Said:
    """``count`` said under ``above`` lines, ending with the line ``key`` if one is given (what a press does
    next: scrolled to as the words are); ``scroll`` is its first line shown."""

    def __init__(self, count, above, key=None):
        self.lines = say_lines(count)
        if key is not None:
            self.lines.append(key)
        self.above = above
        self.scroll = 0

    def turn(self, steps, messages):
        """Scroll ``steps`` lines down (up if negative), as far as there is more to show (under the lines
        ``messages`` keep at the foot: ``room``)."""
        most = len(self.lines) - (messages.room() - self.above)
        self.scroll = max(0, min(most, self.scroll + steps))

    def under(self, head, messages):
        """``head`` (``above`` lines) and as much of the saying as fits under it, above the lines
        ``messages`` keep at the foot, its last line ``MORE`` while more follows (turning shows it)."""
        lines = self.lines
        end = self.scroll + messages.room() - len(head)
        if end < len(lines):
            return head + lines[self.scroll:end - 1] + [MORE]
        return head + lines[self.scroll:end]
