"""The Magic Touch on the seascape (``m``): which tiles may move, and what Enter or a click does
while one is being chosen: lift a lit tile, put the lifted one back, or put it down on a free
place (pure; the screen applies the step and the engine judges the move)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.state import Cell
from gardens_tui.ui.widgets import board_layout


def touch_moves(legal: Sequence[Action]) -> list[Action]:
    """The Magic Touch moves among ``legal``."""
    return [a for a in legal if a[0] == "touch"]


def movable_cells(board: Mapping[Cell, int], touches: Sequence[Action]) -> frozenset[Cell]:
    """The seascape cells whose tile one of the Magic Touch moves ``touches`` may move."""
    tiles = {a[1] for a in touches}
    return frozenset(c for c, code in board.items() if code >> 1 in tiles)


@dataclass(frozen=True, slots=True)
class TouchStep:
    """What Enter or a click on the seascape does during a Magic Touch, one of: refuse with
    :attr:`error`; lift :attr:`lift` turned :attr:`rotation` (as it lies); put the lifted tile
    back (:attr:`put_back`: choose another); play :attr:`action`."""

    error: str = ""
    lift: int | None = None
    rotation: int = 0
    put_back: bool = False
    action: Action | None = None


def touch_step(
    board: Mapping[Cell, int],
    lifted: int | None,
    cell: Cell,
    lit: Callable[[], frozenset[board_layout.Cell]],
    rotation: int,
) -> TouchStep:
    """The step for a choice of ``cell`` with ``lifted`` the tile lifted so far (``None``:
    none; ``lit`` gives the tiles that may move) and ``rotation`` the lifted tile's turn."""
    code = board.get(cell)
    if lifted is None:
        if code is None or cell not in lit():
            return TouchStep(error="Magic Touch: choose a lit tile to move (m cancels)")
        return TouchStep(lift=code >> 1, rotation=180 if code & 1 else 0)
    if code is not None:
        if code >> 1 == lifted:
            return TouchStep(put_back=True)
        return TouchStep(error="A tile lies there already: choose a lit place")
    return TouchStep(action=("touch", lifted, cell[0], cell[1], rotation))
