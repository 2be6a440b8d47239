"""What ruff cannot see in firmware/ (and firmware_native/): calls the oldest MicroPython the board supports refuses.

``str.startswith`` / ``endswith`` (and bytes') take a tuple of prefixes on CPython, and on
MicroPython only since 2025: 1.23 raises TypeError. ruff's PIE810 would ask for such tuples,
so pyproject.toml ignores it (as micropython-lib does), and this keeps them out of firmware/.
"""

from __future__ import annotations

import ast

from micropython_env import FIRMWARE, NATIVE


def tuple_prefixes(source: str) -> list[int]:
    """Line numbers of ``x.startswith((...))`` / ``x.endswith((...))`` calls in ``source``."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith") and node.args and isinstance(node.args[0], ast.Tuple)]


def test_the_check_finds_a_tuple_prefix() -> None:
    assert tuple_prefixes('a = "x".startswith(("a", "b"))\nb = "x".endswith("c")\nc = b"x".endswith((b"c",))\n') \
        == [1, 3]


def test_no_tuple_is_passed_to_startswith_or_endswith_in_the_firmware() -> None:
    found = {str(path.relative_to(root.parent)): lines for root in (FIRMWARE, NATIVE)
             for path in sorted(root.rglob("*.py")) if (lines := tuple_prefixes(path.read_text(encoding="utf-8")))}
    assert found == {}, "MicroPython 1.23 refuses a tuple there: test each prefix on its own"
