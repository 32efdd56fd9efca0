"""Which paths the monks walked between two positions, step by step, for drawing (pure).

The rules move a monk in one go; the screen shows the walk square by square. Between the
position before a change and the one after it, :func:`walks` follows each monk that moved from
where it stood, over the new board's tiles (:data:`~gardens_tui.rules.tanuki.components.EXITS`
and :func:`~gardens_tui.rules.tanuki.components.front`: geometry, no rule), until it reaches
where it stands now. A monk sent off the board by a loop or a crash is followed until its path
comes back on itself or meets another monk. Walks come in the order the rules move the monks: the
active seat first, then clockwise.

A step is ``(square, entry end, exit end)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gardens_tui.rules.tanuki.components import EDGES, EXITS, front
from gardens_tui.rules.tanuki.state import EDGE_BASE, OFF, TanukiState

MAX_STEPS = 80
"""No walk is followed further (a board has 36 squares of 4 paths)."""

Step = tuple[int, int, int]


@dataclass(frozen=True)
class Walk:
    """One monk's walk: its seat, where it stood before (a monk value of the state) and the
    steps it took."""

    seat: int
    start: int
    steps: tuple[Step, ...]


def _follow(
    board: list[int], sq: int, entry: int, goal: int, others: set[int]
) -> tuple[list[Step], bool]:
    """The steps from ``entry`` of ``sq`` over ``board``, and whether they reach ``goal``."""
    steps: list[Step] = []
    seen: set[int] = set()
    while len(steps) < MAX_STEPS:
        here = board[sq]
        if here < 0 or sq * 8 + entry in seen or sq * 8 + entry in others:
            return steps, False
        seen.add(sq * 8 + entry)
        out = EXITS[here][entry][0]
        steps.append((sq, entry, out))
        if sq * 8 + out == goal:
            return steps, True
        if sq * 8 + out in others:
            return steps, False
        sq, entry = front(sq, out)
    return steps, False


def _walk(old: TanukiState, new: TanukiState, seat: int) -> Walk | None:
    start, goal = old.monks[seat], new.monks[seat]
    if start in (goal, OFF) or goal >= EDGE_BASE:
        return None
    others = {m for other, m in enumerate(old.monks) if other != seat and 0 <= m < EDGE_BASE}
    if start >= EDGE_BASE:
        sq, side = EDGES[start - EDGE_BASE]
        entries = [2 * side, 2 * side + 1]
    else:
        sq, entry = front(start >> 3, start & 7)
        entries = [entry]
    tries = [_follow(new.board, sq, entry, goal, others) for entry in entries]
    reached = [steps for steps, done in tries if done]
    if reached:
        return Walk(seat, start, tuple(reached[0]))
    laid = any(a < 0 <= b for a, b in zip(old.board, new.board, strict=True))
    if goal != OFF or len(entries) > 1 or not laid:
        return None
    steps = tries[0][0]
    return Walk(seat, start, tuple(steps)) if steps else None


def walks(old: TanukiState, new: TanukiState) -> list[Walk]:
    """The walks between ``old`` and ``new`` (see the module docstring); none when the board
    has no tile it did not have before and no monk walked in from an edge space."""
    if len(old.monks) != len(new.monks):
        return []
    seats = len(new.monks)
    first = old.active if 0 <= old.active < seats else 0
    order = [*range(first, seats), *range(first)]
    found = [_walk(old, new, seat) for seat in order]
    return [w for w in found if w is not None]
