"""What the seascape marks beyond its tiles, followed from one drawn position to the next: the
last move (the tiles new or moved since the position drawn before) and the complete creatures'
points (computed once per position) (pure apart from remembering the last position)."""

from __future__ import annotations

from gardens_tui.rules.throw_octopus import seascape
from gardens_tui.rules.throw_octopus.state import Cell, ThrowState


class SeaMarks:
    """The marks of the positions drawn so far: feed each new position to :meth:`last_move`."""

    def __init__(self) -> None:
        self._prev_board: dict[Cell, int] = {}
        self._last_move: frozenset[Cell] = frozenset()
        self._complete_view: object = None
        self._complete: set[Cell] = set()

    def last_move(self, state: ThrowState) -> frozenset[Cell]:
        """The cells of the last move as of ``state``: the tiles new (or moved) since the
        position given before; unchanged when nothing changed (an empty seascape: none)."""
        changed = [c for c, code in state.board.items() if self._prev_board.get(c) != code]
        if (changed and self._prev_board) or not state.board:
            self._last_move = frozenset(changed)
        self._prev_board = dict(state.board)
        return self._last_move

    def complete_points(self, state: ThrowState) -> set[Cell]:
        """The grid points of ``state``'s complete creatures (cached for the last state)."""
        if state is not self._complete_view:
            self._complete_view = state
            self._complete = seascape.complete_points(state)
        return self._complete
