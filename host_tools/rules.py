"""The game rules in the settings the board gives (its ``state``, ``log`` and ``settings`` replies, and a log
saved from them), as crib reads them: the board's state (``host_tools.board.state``), a log replayed
(``host_tools.log_replay``) or told in words."""

from __future__ import annotations

from typing import Any

from cribbage.settings import FIELDS, Settings


def game_rules(settings: dict[str, Any] | None) -> Settings:
    """The game rules in a ``settings`` dict as the board's ``state``, ``log`` and ``settings``
    replies carry it (its preferences, such as colours, are left out). They name sides and seats
    as the board does (``side_name``, ``seat_name``). A field missing, or no dict at all (firmware
    that did not send them), takes its default.
    """
    if not isinstance(settings, dict):
        return Settings()
    return Settings.from_dict({key: value for key, value in settings.items() if key in FIELDS})
