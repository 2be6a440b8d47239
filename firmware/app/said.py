"""A count said on the display the way players say it, a phrase a line (``cribbage.saying``), under
a few lines of its own; turning scrolls it. Loaded by the count's preview and the muggins call only
once a count is said, with the words themselves.
"""

from app.messages import LINES
from cribbage.saying import say_lines


class Said:
    """``count`` said under ``above`` lines; ``scroll`` is its first line shown."""

    def __init__(self, count, above):
        self.lines = say_lines(count)
        self.above = above
        self.scroll = 0

    def turn(self, steps):
        """Scroll ``steps`` lines down (up if negative), as far as there is more to show."""
        most = len(self.lines) - (LINES - self.above)
        self.scroll = max(0, min(most, self.scroll + steps))

    def under(self, head):
        """``head`` (``above`` lines) and as much of the saying as fits under it."""
        return head + self.lines[self.scroll:self.scroll + LINES - len(head)]
