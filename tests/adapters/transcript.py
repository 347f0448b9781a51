"""Reading what a console session printed."""

from __future__ import annotations

from collections.abc import Iterable


def assert_in_order(out: str, expected: Iterable[str]) -> None:
    """Assert that each text of ``expected`` is in ``out`` after the one before it (other
    lines may come between); the failure names the missing text and shows ``out``."""
    position = 0
    for needle in expected:
        found = out.find(needle, position)
        assert found >= 0, f"{needle!r} not found after position {position}:\n{out}"
        position = found + len(needle)
