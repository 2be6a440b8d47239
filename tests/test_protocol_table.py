"""The protocol's one table of commands (``app.protocol.COMMANDS``): docs/PROTOCOL.md describes
every command in it, the fields it takes and whether it changes anything, as the table says."""

from __future__ import annotations

import re

from app.protocol import COMMANDS
from micropython_env import ROOT

DOC = ROOT / "docs" / "PROTOCOL.md"


def sections() -> dict[str, str]:
    """The text under each "### `cmd`" heading of docs/PROTOCOL.md, by command."""
    found: dict[str, str] = {}
    name = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.fullmatch(r"### `(\w+)`", line)
        if heading:
            name = heading.group(1)
            found[name] = ""
        elif line.startswith("#"):
            name = None
        elif name is not None:
            found[name] += line + "\n"
    return {cmd: text.strip() for cmd, text in found.items()}


def test_the_doc_describes_every_command_of_the_table_and_no_other() -> None:
    assert sorted(sections()) == sorted(COMMANDS)


def test_the_doc_names_each_commands_fields_and_whether_it_changes_anything() -> None:
    docs = sections()
    for cmd, (_, fields, change) in COMMANDS.items():
        text = docs[cmd]
        if change is True:
            assert text.startswith("*Changes.*"), cmd
        elif change is False:
            assert text.startswith("*Reads.*"), cmd
        else:  # a change only with that field
            assert change in fields and text.startswith("*Reads*; with `%s`, *changes*." % change), cmd
        if not fields:
            assert "No fields." in text, cmd
        for field in fields:
            assert "`%s`" % field in text.split(".")[1], (cmd, field)  # in the sentence naming the fields


def test_the_doc_says_the_id_of_a_change_whose_save_failed_is_remembered() -> None:
    # app.protocol remembers the id before it saves: the change is made, a re-send must not make it twice
    # (tests/firmware/test_app_protocol_failures.py)
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "its id is then not remembered" not in text
    assert "id is remembered as if the save had worked" in text
    assert "ends the part written with `\\n` first" in text  # a reply failing half written


def test_the_doc_says_a_settings_change_sends_the_board_home_where_home_is() -> None:
    text = " ".join(sections()["settings"].split())
    assert "back to pegging, or, with `play` 1 while a play is on and its starter known, to laying" in text


def test_the_doc_quotes_the_refusals_of_undo_and_new_game_as_the_firmware_words_them() -> None:
    docs = sections()
    for cmd, refusal, source in (("undo", "nothing to undo", "cribbage/match.py"),
                                 ("undo", "a new match cannot be undone", "app/board.py"),
                                 ("undo", "older games are archived", "cribbage/match.py"),
                                 ("new_game", "this game has not begun: nothing to start again", "cribbage/match.py")):
        assert refusal in " ".join(docs[cmd].split()), (cmd, refusal)
        assert refusal in (ROOT / "firmware" / source).read_text(encoding="utf-8"), (source, refusal)
