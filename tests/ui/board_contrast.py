"""One contrast sweep for every game's board colours (used by the per-game contrast tests).

For every theme the app offers (ANSI themes, drawn in the terminal's own palette, give no
ratio and are skipped), every cell role in every board state, alone and with every piece role on
top, is measured as Textual resolves it in that theme against the WCAG AA ratio of 4.5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from textual.pilot import Pilot

from gardens_tui.ui.contrast import AA_NORMAL, style_contrast
from gardens_tui.ui.widgets.board_grid import BoardGrid

SkipPieces = Callable[[BoardGrid, tuple[str, ...]], bool]
"""Whether a board in these states draws no piece over its cells (plain text only)."""


async def contrast_failures(
    pilot: Pilot[Any],
    boards: Sequence[BoardGrid],
    cell_roles: Sequence[str],
    states: Sequence[tuple[str, ...]],
    piece_roles: Sequence[str],
    no_pieces: SkipPieces | None = None,
) -> tuple[int, list[str]]:
    """How many colour pairs were measured, and those under 4.5 (``"theme: board+cell+role+
    states ratio"``), over every theme of ``pilot``'s app."""
    app = pilot.app
    failures: list[str] = []
    checked = 0
    for theme in sorted(app.available_themes):
        app.theme = theme
        await pilot.pause()
        assert app.theme == theme
        for board, cell, state in product(boards, cell_roles, states):
            names = [f"board-grid--{cell}", *(f"board-grid--{s}" for s in state)]
            base = board.get_component_rich_style(*names)
            pieces = () if no_pieces is not None and no_pieces(board, state) else piece_roles
            for role in (None, *pieces):
                style = base
                if role is not None:
                    style = base + board.get_component_rich_style(
                        f"board-grid--{role}", partial=True
                    )
                ratio = style_contrast(style)
                if ratio is None:
                    continue
                checked += 1
                if ratio < AA_NORMAL:
                    what = "+".join([str(board.id), cell, *([role] if role else []), *state])
                    failures.append(f"{theme}: {what} {ratio:.2f}")
    return checked, failures
