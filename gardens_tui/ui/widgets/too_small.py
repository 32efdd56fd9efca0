"""The "terminal too small" notice every screen carries (shown only below 80x24)."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallNotice(Static):
    """A full-screen notice asking for a bigger terminal.

    Hidden by default; the app's CSS shows it (and hides everything else on the screen) when the
    screen carries the ``-too-narrow`` or ``-too-short`` breakpoint class.
    """

    DEFAULT_CSS = """
    TooSmallNotice {
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $surface;
        color: $warning;
        text-style: bold;
        overlay: screen;
        layer: notice;
    }
    """

    def __init__(self) -> None:
        super().__init__(
            f"The terminal is too small.\n\nPlease make it at least {MIN_WIDTH}x{MIN_HEIGHT}.",
            id="too-small",
        )
