"""docs/USING.md against the firmware: the settings table names the holes the settings menu
uses, the table of warnings after power-on names every one the board gives, and the glossary
explains every cribbage word the manual uses."""

from __future__ import annotations

import re
from pathlib import Path

from app.modes.settings import ITEMS

ROOT = Path(__file__).resolve().parent.parent
USING = (ROOT / "docs" / "USING.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the ``## title`` section."""
    start = USING.index("## " + title + "\n")
    end = USING.find("\n## ", start + 1)
    return USING[start:end if end >= 0 else None]


def test_the_settings_table_names_the_menus_holes() -> None:
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| ([^|]+) \|", section("Settings"), re.M)
    holes = {}
    for first, last, label in rows:
        for hole in range(int(first), int(last or first) + 1):
            holes[hole] = label.strip()
    assert sorted(holes) == list(range(1, len(ITEMS) + 1))
    for i, (_, label, _) in enumerate(ITEMS):
        assert holes[i + 1].startswith(label.split()[0]), (i + 1, label, holes[i + 1])


def test_the_warnings_table_names_every_power_on_warning() -> None:
    # the display's titles of app.restore's notices (Messages.announce), each a row of the table
    source = (ROOT / "firmware" / "app" / "restore.py").read_text(encoding="utf-8")
    titles = set(re.findall(r'"([A-Z]{2,}(?: [A-Z]+)+)"', source))
    table = dict(re.findall(r"^\| ([A-Z]{2,}(?: [A-Z]+)+) \| (.+) \|$", section("Warnings after power-on"), re.M))
    assert set(table) == titles
    for title, meaning in table.items():  # only when no copy could be used does a new match begin
        assert ("new match" in meaning) == (title in ("SAVE UNPLAYABLE", "SAVED GAME LOST")), title


def test_the_glossary_explains_the_cribbage_words() -> None:
    glossary = section("Cribbage words used here")
    for word in ("pone", "crib", "starter", "his heels", "his nobs", "go", "muggins", "skunk", "lurch",
                 "stinkhole", "peg out"):
        assert re.search(r"\*\*%s\*\*" % word, glossary), word
