"""How a broken contract is reported: :class:`ConformanceError` and the helpers that word it."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from gardens_tui.rules.safe_text import quoted


class ConformanceError(AssertionError):
    """A game broke its contract. ``check`` names the property, ``detail`` says how.

    :func:`~gardens_tui.rules.conformance.play_checked` adds ``where``: the game, setup, seed and
    decision number, so the failure can be replayed on its own.
    """

    def __init__(self, check: str, detail: str, where: str = "") -> None:
        self.check = check
        self.detail = detail
        self.where = where
        text = f"[{check}] {detail}"
        super().__init__(f"{text}\n  at {where}" if where else text)

    def located(self, where: str) -> ConformanceError:
        """The same failure with ``where`` filled in (keeps the original traceback as cause)."""
        located = ConformanceError(self.check, self.detail, where)
        located.__cause__ = self.__cause__
        return located


def fail(check: str, detail: str) -> ConformanceError:
    """The error to raise when ``check`` fails: ``raise fail("view", "...")``."""
    return ConformanceError(check, detail)


def short(value: Any, limit: int = 300) -> str:
    """``value`` quoted for a message, cut at ``limit`` characters."""
    return quoted(value, limit)


def who(seat: int | None) -> str:
    """``seat 2`` or ``a spectator``, for messages."""
    return "a spectator" if seat is None else f"seat {seat}"


def without(data: Mapping[str, Any], keys: Collection[str]) -> dict[str, Any]:
    """A copy of the top level of ``data`` without ``keys`` (for comparisons that ignore them)."""
    return {k: v for k, v in data.items() if k not in keys}


def first_difference(a: Any, b: Any, path: str = "state") -> str:
    """The path of the first place two JSON-like values differ, with both values (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a:
                return f"{path}.{key}: missing on the left, {short(b[key], 80)} on the right"
            if key not in b:
                return f"{path}.{key}: {short(a[key], 80)} on the left, missing on the right"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple) and type(a) is type(b):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} items on the left, {len(b)} on the right"
    return f"{path}: {short(a, 80)} (a {type(a).__name__}) vs {short(b, 80)} ({type(b).__name__})"
