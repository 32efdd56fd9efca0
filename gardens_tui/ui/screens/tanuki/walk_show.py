"""The walk animation: the last walks, how many of their steps are shown, and what that lights.

After a tile is laid, each monk's walk (:mod:`.walks`) is shown square by square on the screen's
timer; :class:`WalkShow` keeps the walks, the animation and the lit path ends of the steps shown
so far. The screen repaints on each step; it owns the pace and the liveness checks.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widget import Widget

from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.ui.screens.tanuki.walks import Walk, walks
from gardens_tui.ui.widgets.animation import Animation
from gardens_tui.ui.widgets.board_layout import Cell


class WalkShow:
    """The last walks and how far they are shown (all of them once the animation is over)."""

    def __init__(self) -> None:
        self.walk: frozenset[Cell] = frozenset()
        """The squares the last walks crossed (lit)."""
        self.walks: list[Walk] = []
        """The last walks, step by step (their paths are drawn lit)."""
        self.shown = 0
        """How many steps of :attr:`walks` are shown (all of them once the animation is over)."""
        self.animation: Animation | None = None
        """The walk being shown step by step, if any."""
        self._lit_cache: tuple[int, dict[int, set[int]], dict[int, int]] | None = None

    def follow(
        self,
        before: TanukiState,
        after: TanukiState,
        *,
        owner: Widget,
        interval_ms: int,
        clock: bool,
        on_step: Callable[[int], None],
    ) -> Animation | None:
        """Take the walks between two positions (none: the last ones stay lit). Returns the
        animation the owner should start after its next refresh (``None``: nothing to animate,
        every step is shown at once). ``on_step(shown)`` is called by each frame."""
        found = walks(before, after)
        if not found:
            return None
        if self.animation is not None:
            self.animation.cancel()
            self.animation = None
        self.walks = found
        self.walk = frozenset(sq for w in found for sq, _, _ in w.steps)
        total = sum(len(w.steps) for w in found)
        self._lit_cache = None
        frames = [_frame(on_step, i + 1) for i in range(total)]
        self.shown = total if interval_ms <= 0 else 1
        animation = Animation(
            owner,
            frames,
            interval_ms=interval_ms,
            on_done=self._done,
            clock=clock,
        )
        self.animation = animation
        if interval_ms > 0 and total > 1:
            return animation
        self.animation = None
        return None

    def show(self, shown: int) -> None:
        """Show the first ``shown`` steps (called by a frame)."""
        self.shown = shown
        self._lit_cache = None

    def _done(self) -> None:
        self.animation = None

    def skip(self) -> None:
        """Show the whole walk at once."""
        if self.animation is not None:
            self.animation.skip()

    def seconds_left(self) -> float | None:
        """How long the running animation still takes (``None``: none is running)."""
        animation = self.animation
        if animation is None or not animation.running:
            return None
        left = len(animation.frames) - 1 - max(animation.shown, 0)
        return left * animation.interval_ms / 1000

    def lit(self) -> tuple[dict[int, set[int]], dict[int, int]]:
        """The lit path ends per square for the steps shown, and where each walking monk is
        drawn meanwhile (seat -> monk value) while its walk is under way or yet to come."""
        if self._lit_cache is not None and self._lit_cache[0] == self.shown:
            return self._lit_cache[1], self._lit_cache[2]
        lit: dict[int, set[int]] = {}
        moved: dict[int, int] = {}
        left = self.shown
        total = sum(len(w.steps) for w in self.walks)
        for w in self.walks:
            steps = w.steps[: max(left, 0)]
            for sq, entry, out in steps:
                lit.setdefault(sq, set()).update((entry, out))
            if self.shown < total:
                if not steps:
                    moved[w.seat] = w.start
                elif len(steps) < len(w.steps):
                    sq, _, out = steps[-1]
                    moved[w.seat] = sq * 8 + out
            left -= len(w.steps)
        self._lit_cache = (self.shown, lit, moved)
        return lit, moved


def _frame(on_step: Callable[[int], None], shown: int) -> Callable[[], None]:
    def frame() -> None:
        on_step(shown)

    return frame
