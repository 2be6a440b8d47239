"""`crib settings [KEY=VALUE ...]`: show the board's settings, or change some.

What every board refuses (an unknown key, a value of the wrong kind, one the rules core or ``app.prefs`` never takes)
is a usage error said here, with what is taken, before anything is sent; what depends on the board (its supply's
current limit, a rule once the match has begun) the board checks and refuses."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import RenderableType
from rich.table import Table

from app.modes.settings import ITEMS, value_text
from app.prefs import LIMITS, check_prefs, defaults
from cribbage.settings import FIELDS, Settings
from host_shared import USAGE_ERROR
from host_shared.errors import Failed
from host_shared.untrusted import MAX_DIGITS, parse_json, shorten, whole_number
from host_tools.board.link import RequestTooLong, as_sent, new_id, request_line
from host_tools.board.link_options import add_link_arguments
from host_tools.board.talk import converse
from shared.supply import ADAPTER_MA, LEAST_MA, USB_MA

# What the serial line takes where the board's menu offers only steps of it (app.prefs checks these)
RANGES = {"brightness": "a whole number from %d to %d" % LIMITS["brightness"],
          "milliamps": "a whole number from %d up to the build's supply (%d on USB, %d with the adapter)"
          % (LEAST_MA, USB_MA, ADAPTER_MA)}
OFFERED = {key: values for key, _label, values in ITEMS}  # every key the board takes (its menu's), and its values


def accepted(key: str, cased: bool = True) -> str:
    """What ``key`` takes, as typed: the range the serial line takes (``RANGES``), else each value the board's
    menu offers with its name there ("0 (by points) or 1 (card by card)"), with ``cased`` the words in any case."""
    if key in RANGES:
        return RANGES[key]
    said = [value_words(key, value) for value in OFFERED[key]]
    listed = ", ".join(said[:-1]) + " or " + said[-1]
    named = any(isinstance(value, str) or value_words(key, value) != json.dumps(value) for value in OFFERED[key])
    return listed + ("; words in any case" if named and cased else "")


def check_value(key: str, value: Any, typed: str) -> None:
    """ArgumentTypeError, saying what ``key`` takes (``accepted``) and what was ``typed``, if no board takes ``value``
    for it: judged by the rules core's ``Settings`` and ``app.prefs.check_prefs`` themselves; the current limit as on
    a build with the largest supply (the board's own is checked by the board)."""
    try:
        if key in FIELDS:
            Settings(**{key: value})
        else:
            check_prefs({key: value}, defaults(ADAPTER_MA), ADAPTER_MA)
    except ValueError:
        raise argparse.ArgumentTypeError("%s takes %s, not %s" % (key, accepted(key), repr(shorten(typed.strip()))
                                                                   if typed.strip() else "nothing")) from None


def parse_assignment(text: str) -> tuple[str, Any]:
    """``target=61`` -> ("target", 61); values are JSON (numbers, true/false) or else plain words, a
    word the board's menu shows for a value standing for it (``muggins=on`` -> ("muggins", True)), in any case."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise argparse.ArgumentTypeError("expected KEY=VALUE, such as target=61 or muggins=true, not %r"
                                         % shorten(text))
    if key not in OFFERED:  # a typing mistake, said with the keys before anything is sent
        raise argparse.ArgumentTypeError("unknown setting %r: the settings are %s (crib settings --help: their values)"
                                         % (shorten(key), ", ".join(OFFERED)))
    # 050 is 50, as crib peg reads points (JSON has no leading zeros); a number longer than whole_number reads
    # is read as JSON: not as the 10**18 it stands for there (no setting takes either)
    number = whole_number(value) if len(value.strip()) <= MAX_DIGITS else None
    try:
        parsed = parse_json(value) if number is None else number
    except ValueError:  # a word, as typed
        parsed = value.strip()
    if isinstance(parsed, str):  # a word (or a JSON string: skunk='"LURCH"'), in any case: a value as the board's
        # menu shows it (muggins=on, colour0=sky) or as the serial line takes it (skunk=LURCH), else as typed
        words: dict[str, Any] = {(each if isinstance(each, str) else json.dumps(each)).lower(): each
                                 for each in OFFERED[key]}  # (TRUE: true)
        words.update((value_text(key, each).lower(), each) for each in OFFERED[key])
        parsed = words.get(parsed.lower(), parsed)  # (else refused below, with what is taken)
    try:  # as the request will be sent (host_tools.board.link): refused here, so nothing is
        as_sent(parsed).encode()
    except UnicodeEncodeError:  # (a ValueError too) bytes that were no UTF-8 in the command line
        raise argparse.ArgumentTypeError("the value of %s is not UTF-8 text" % shorten(key)) from None
    except ValueError:
        raise argparse.ArgumentTypeError("the value of %s is %s: JSON has no such number (NaN and infinities are "
                                         "none)" % (shorten(key), shorten(value))) from None
    if isinstance(parsed, float):  # 1e2, 2.5: no setting takes one, and the board would say 100.0
        raise argparse.ArgumentTypeError("the value of %s is %s: settings take whole numbers in the digits 0-9"
                                         % (shorten(key), shorten(value)))
    check_value(key, parsed, value)  # what no board takes: said here, with what is taken
    return key, parsed


def parse_assignments(words: list[str]) -> list[tuple[str, Any]]:
    """The command line's KEY=VALUE words parsed (``parse_assignment``), ``target = 61`` and ``target= 61`` taken
    as ``target=61`` (the shell splits them apart: no value ends or key begins with "=")."""
    joined: list[str] = []
    for word in words:
        if joined and (word.startswith("=") or joined[-1].endswith("=")):
            joined[-1] += word
        else:
            joined.append(word)
    return [parse_assignment(word) for word in joined]


def value_words(key: str, value: Any) -> str:
    """A value as it is typed (``skunk=lurch``, ``muggins=true``), with what the board calls it
    when that says more (which is typed for it too): ``4 (2 teams)``, ``0 (blue)``, ``true (on)``."""
    typed = value if isinstance(value, str) else json.dumps(value)
    said = value_text(key, value)
    return typed if typed in said else "%s (%s)" % (typed, said)


def keys_help() -> str:
    """The keys and the values the board takes, a line for each (keys taking the same values
    share one), from the board's own settings table (app.modes.settings.ITEMS: the menu's)."""
    out = []
    for title, rules in (("the game's rules (before the first event of a match)", True),
                         ("the board's own preferences", False)):
        rows: list[tuple[list[str], str]] = []
        for key, _label, _values in ITEMS:
            if (key in FIELDS) == rules:
                allowed = accepted(key, cased=False)
                if rows and rows[-1][1] == allowed:
                    rows[-1][0].append(key)
                else:
                    rows.append(([key], allowed))
        out += ["%s:" % title] + ["  %s: %s" % (", ".join(keys), allowed) for keys, allowed in rows]
    return "\n".join(out + ["words are taken in any case: ON, Lurch, card by CARD, Sky"])


def checked_settings(reply: dict[str, Any]) -> dict[str, Any]:
    """``reply``, to ``settings``, if its ``settings`` are an object (what ``shown`` reads); else TypeError (or
    KeyError without them): a reply crib cannot read (``converse``)."""
    settings = reply["settings"]
    if not isinstance(settings, dict):
        raise TypeError("the settings are a %s, not an object" % type(settings).__name__)
    return reply


def shown(reply: dict[str, Any]) -> list[RenderableType]:
    """The settings as a two-column table, in the board's menu's order, each value as it is typed with what the
    board calls it (``value_words``); a key this crib does not know (newer firmware) last, as sent."""
    settings = reply["settings"]
    order = [key for key, _label, _values in ITEMS]
    table = Table(title="settings")
    table.add_column("setting")
    table.add_column("value")
    for key in sorted(settings, key=lambda k: (order.index(k) if k in order else len(order), k)):
        value = settings[key]
        try:
            words = value_words(key, value) if key in order else json.dumps(value)
        except (IndexError, TypeError):  # a value the menu has no name for: as sent
            words = json.dumps(value)
        table.add_row(key, words)
    return [table]


def run(args: argparse.Namespace) -> int:
    """Get or set the settings."""
    try:
        assignments = parse_assignments(args.assignments)
    except argparse.ArgumentTypeError as error:  # a usage error, said as argparse says one (nothing is sent)
        raise Failed("argument KEY=VALUE: %s" % error, USAGE_ERROR) from error
    keys = [key for key, _ in assignments]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:  # which of its values was meant is not guessed (the protocol refuses a key twice too)
        raise Failed("%s given twice: give each setting once" % ", ".join(twice), USAGE_ERROR)
    changes = dict(assignments)
    try:  # the preferences together: P1 and P3 given one colour (each alone was checked as it was read)
        check_prefs({key: value for key, value in changes.items() if key not in FIELDS}, defaults(ADAPTER_MA),
                    ADAPTER_MA)
    except ValueError as error:
        raise Failed("argument KEY=VALUE: %s" % error, USAGE_ERROR) from error
    fields = {"set": changes} if changes else {}
    try:  # values too long to send are the command line's mistake: said before the board is looked for
        request_line({"cmd": "settings", "id": new_id(), **fields})
    except RequestTooLong as error:
        raise Failed("argument KEY=VALUE: %s: give shorter values" % error, USAGE_ERROR) from error
    return converse(args, lambda link: checked_settings(link.request("settings", **fields)), shown)


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib settings` (``name``) to its ``parser``, and to its description (its summary) the
    keys and their values."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.description = ("%s (crib refuses a value no board takes, with what is taken, before anything is sent; "
                          "the board checks them all before it changes any).\n\n%s" % (parser.description,
                                                                                       keys_help()))
    parser.add_argument("assignments", nargs="*", metavar="KEY=VALUE",
                        help="e.g. target=61 skunk=lurch muggins=on players=3 (a value as the board shows it, "
                        "in brackets below, or as the serial line takes it)")
    add_link_arguments(parser)
    parser.set_defaults(func=run)
