"""What the `crib` commands that print a rich table (``crib advise``, ``crib score``) share to fit it to the
terminal."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table


def natural_width(table: Table) -> int:
    """The columns ``table`` takes when nothing narrows it (its title aside: rich wraps that to the table's width):
    in a terminal narrower than this, rich would narrow its columns by cutting what is in them ("1…")."""
    return Console(width=10_000).measure(table).maximum
