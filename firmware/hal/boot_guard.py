"""Crash-loop detection: a boot counter in a small file on flash.

``begin()`` is called at every boot: it reads how many boots in a row failed to become
healthy, and adds this one. Once the app has run for a while, ``healthy()`` sets the
count back to 0. If ``limit`` boots in a row never got there (the app crashed, or hung
and the watchdog reset the board), ``begin()`` says so and the board starts in safe mode
instead of resetting forever; the count is cleared then, so the next power-on tries the
app again. A deliberate stop (Ctrl-C from ``mpremote`` or ``crib deploy``, often within the
first seconds) is no failure either: ``stopped()`` clears the count too, or a few quick
deploys in a row would put the board in safe mode. Writes go through a temporary file and a
rename, which littlefs makes atomic.
"""

import os

from micropython import const

LIMIT = const(3)


class BootGuard:
    """The boot counter kept in the file ``path``."""

    def __init__(self, path, limit=LIMIT):
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self.path = path
        self.limit = limit

    def failed_boots(self):
        """Boots in a row that never became healthy (0 if the file is missing or damaged)."""
        try:
            with open(self.path) as f:
                text = f.read().strip()
        except OSError:
            return 0
        return int(text) if text.isdigit() else 0

    def write(self, count):
        """Store ``count`` atomically (temporary file, then rename over the old one)."""
        temporary = self.path + ".tmp"
        with open(temporary, "w") as f:
            f.write("%d\n" % count)
        os.rename(temporary, self.path)

    def begin(self):
        """Count this boot; True if the last ``limit`` boots all failed (go to safe mode)."""
        failed = self.failed_boots()
        if failed >= self.limit:
            self.write(0)
            return True
        self.write(failed + 1)
        return False

    def healthy(self):
        """The app is running well: this boot did not fail."""
        self.write(0)

    def stopped(self):
        """The app was stopped on purpose (Ctrl-C): this boot did not fail, whenever it ended."""
        self.write(0)
