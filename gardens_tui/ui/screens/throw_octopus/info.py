"""The Throw Octopus! info line: the tile or place under a board's cursor and what Enter does
there (pure; the screen passes what its seat view shows and the tile being placed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.components import (
    CORNER_NAMES,
    LETTERS,
    OCTOPUS,
    SPECIES,
    corners,
    tile_name,
)
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.ui.widgets.board_layout import Cell

HAND_VERBS: dict[str, str] = {"swap": "swap it", "gift": "give it", "start": "start with it"}
"""What Enter does on a hand tile for each card's decision (else: choose it)."""


def tile_words(tile: int, rotation: int) -> str:
    """A tile in words: ``t42 turned: top-left orange peel slug, ...; octopus icon``."""
    parts = [
        f"{CORNER_NAMES[i]} {SPECIES[v]} ({LETTERS[v]})"
        for i, v in enumerate(corners(tile, rotation))
        if v
    ]
    text = f"{tile_name(tile)}{' turned' if rotation else ''}: {', '.join(parts)}"
    if OCTOPUS[tile]:
        text += "; octopus icon"
    return text


def hand_info(hand: Sequence[int], cursor: Cell | None, phase: str) -> str:
    """The info line on the hand: the tile under ``cursor`` and what Enter does with it in
    ``phase`` (empty off the hand's tiles; ``No tiles in hand`` for an empty hand)."""
    if not isinstance(cursor, tuple) or not 0 <= cursor[0] < len(hand):
        return "No tiles in hand" if not hand else ""
    tile = hand[cursor[0]]
    verb = HAND_VERBS.get(phase, "choose it")
    return f"{cursor[0] + 1}: {tile_words(tile, 0)} - Enter: {verb}"


def sea_info(
    state: ThrowState,
    cursor: Cell | None,
    *,
    deciding: bool,
    phase: str,
    moving: int | None,
    rotation: int,
    touching: bool,
    lifted: int | None,
    lit: Callable[[], frozenset[Cell]],
    turns: Callable[[Cell], list[int]],
    describe: Callable[[Action], str],
) -> str:
    """The info line on the seascape: the tile or free place under ``cursor`` and what Enter
    does there. ``moving`` is the tile being placed turned ``rotation`` (``touching``: a Magic
    Touch, ``lifted`` the tile it lifted); ``lit`` gives the lit cells, ``turns`` the rotations
    the tile being placed may take at a cell and ``describe`` the engine's words for an action
    (asked only when needed)."""
    if not isinstance(cursor, tuple):
        if not state.board and deciding and phase == "start":
            # At most 48 columns: the info line is that wide at 80x24.
            return "Press 1-6 to choose your start tile (or a click)"
        return "The seascape is empty" if not state.board else ""
    x, y = cursor
    code = state.board.get((x, y))
    if code is not None:
        text = f"{x},{y}: {tile_words(code >> 1, 180 if code & 1 else 0)}"
        if touching and lifted is None:
            if (x, y) in lit():
                return f"{x},{y}: Enter: lift {tile_name(code >> 1)} (Magic Touch)"
            return f"{x},{y}: {tile_name(code >> 1)} may not move (m cancels)"
        if touching and code >> 1 == lifted:
            return f"{x},{y}: lifted {tile_name(code >> 1)} - Enter: put it back"
        return text
    text = f"{x},{y}: free place"
    if moving is None:
        if touching:
            return text + " - lift a lit tile first (m cancels)"
        if not deciding:
            return text
        if phase == "play":  # (Enter chooses a tile that fits the place)
            return text + " - Enter or 1-9: choose a tile"
        return text + " - choose a tile ([ ] or 1-9)"
    fits = turns((x, y))
    if rotation in fits:
        verb = "touch" if touching else "play"
        return f"{x},{y}: Enter: {describe((verb, moving, x, y, rotation))}"
    if fits:
        return f"{text} - {tile_name(moving)} fits here turned: press r"
    return f"{text} - {tile_name(moving)} does not fit here"
