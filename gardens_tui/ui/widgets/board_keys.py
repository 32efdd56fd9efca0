"""Which keys move a board's cursor: :class:`MovementKeys` and the usual sets.

Every board takes arrows; the letter sets ``h j k l`` (vi) and ``w a s d`` (games) are extras a
game may drop when it needs those letters for its own commands. A game that needs ``d`` (draw)
gives its boards :data:`ARROWS_HJKL`::

    class TanukiBoard(BoardGrid):
        MOVEMENT_KEYS = ARROWS_HJKL          # every board of this class

    BoardGrid(layout, painter, movement_keys=ARROWS_HJKL)   # or one board

or removes single letters from the default: ``DEFAULT_MOVEMENT_KEYS.without("d", "a")``.
Pure Python apart from Textual's ``Binding`` type.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding

MOVE_ACTION = "move_cursor"
"""The board action the movement bindings run (``move_cursor(dx, dy)``)."""

_DIRECTIONS: tuple[tuple[str, int, int, str], ...] = (
    ("up", 0, -1, "Up"),
    ("down", 0, 1, "Down"),
    ("left", -1, 0, "Left"),
    ("right", 1, 0, "Right"),
)


@dataclass(frozen=True, slots=True)
class MovementKeys:
    """The keys for each cursor direction (Textual key names: ``"up"``, ``"k"``, ``"w"`` …).

    A key may appear in one direction only (checked). A direction may have no key at all.
    """

    up: tuple[str, ...] = ("up", "k", "w")
    down: tuple[str, ...] = ("down", "j", "s")
    left: tuple[str, ...] = ("left", "h", "a")
    right: tuple[str, ...] = ("right", "l", "d")

    def __post_init__(self) -> None:
        seen: dict[str, str] = {}
        for direction, *_ in _DIRECTIONS:
            for key in getattr(self, direction):
                if not key or "," in key or key != key.strip():
                    raise ValueError(f"{key!r} is not a key name")
                if key in seen:
                    raise ValueError(f"{key!r} moves both {seen[key]} and {direction}")
                seen[key] = direction

    @property
    def keys(self) -> frozenset[str]:
        """Every key that moves the cursor."""
        return frozenset(self.up + self.down + self.left + self.right)

    def without(self, *keys: str) -> MovementKeys:
        """These keys with ``keys`` removed from every direction."""
        drop = set(keys)
        return MovementKeys(
            *(
                tuple(k for k in getattr(self, direction) if k not in drop)
                for direction, *_ in _DIRECTIONS
            )
        )

    def bindings(self) -> list[Binding]:
        """One hidden binding per direction that has keys, running ``move_cursor(dx, dy)``."""
        return [
            Binding(",".join(keys), f"{MOVE_ACTION}({dx}, {dy})", label, show=False)
            for direction, dx, dy, label in _DIRECTIONS
            if (keys := getattr(self, direction))
        ]

    def describe(self) -> str:
        """The keys for a help line, e.g. ``"arrows, h j k l, w a s d"``: arrows first, then
        each letter set in up-down-left-right order (vi sets as h j k l)."""
        groups: list[str] = []
        if all(name in getattr(self, name) for name, *_ in _DIRECTIONS):
            groups.append("arrows")
        others = [
            [k for k in getattr(self, direction) if k != direction] for direction, *_ in _DIRECTIONS
        ]
        for index in range(max((len(keys) for keys in others), default=0)):
            up, down, left, right = (keys[index] if index < len(keys) else "" for keys in others)
            if (up, down, left, right) == ("k", "j", "h", "l"):
                groups.append("h j k l")
            else:
                groups.append(" ".join(k for k in (up, left, down, right) if k))
        return ", ".join(groups)


DEFAULT_MOVEMENT_KEYS = MovementKeys()
"""Arrows, ``h j k l`` and ``w a s d``: what every board used before keys were configurable."""

ARROWS_HJKL = DEFAULT_MOVEMENT_KEYS.without("w", "a", "s", "d")
"""Arrows and ``h j k l``: for a game that needs letters of ``w a s d`` (``d`` for draw …)."""

ARROWS_WASD = DEFAULT_MOVEMENT_KEYS.without("h", "j", "k", "l")
"""Arrows and ``w a s d``: for a game that needs letters of ``h j k l``."""

ARROWS_ONLY = MovementKeys(("up",), ("down",), ("left",), ("right",))
"""Arrows alone: for a game whose letters are all taken."""
