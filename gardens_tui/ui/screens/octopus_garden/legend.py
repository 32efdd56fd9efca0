"""What the Octopus's Garden boards show: every letter of the game in play and the marks.

:func:`legend_rows` lists, for the modules in play only, each token letter and what it stands
for, then the marks of the market (a tile's price, a shark's claim in ``C1@A`` form, the line
handles) and, for every shark claim on the market now, the claim in words. The help screen (``?``)
shows the rows as a table; :class:`LegendScreen` (``i``) shows the letters in their colours on a
small board, above the rest, in a dialog that fits 80x24.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button

from gardens_tui.rules.octopus_garden.board import market_name
from gardens_tui.rules.octopus_garden.components import COST, describe
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.octopus_garden.text import legend_tokens, letter_words
from gardens_tui.rules.words import count, possessive
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.screens.octopus_garden.board import OgBoard
from gardens_tui.ui.screens.octopus_garden.layouts import legend_layout
from gardens_tui.ui.screens.octopus_garden.paint import shark_name, symbol, token_role
from gardens_tui.ui.widgets.board_grid import CellPaint
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.steady import SteadyStatic

LegendRow = tuple[str, str]
"""``(what is shown, what it means)``."""

LETTER_WIDTH = 34
"""Columns of one letter's entry in the dialog (two entries side by side fit 80 columns)."""


def letter_rows(state: OctopusState) -> list[LegendRow]:
    """Each token letter a game with ``state``'s options can show, and its words."""
    return [(info.letter, letter_words(info)) for info in legend_tokens(state.options)]


def mark_rows(state: OctopusState, ascii_mode: bool) -> list[LegendRow]:
    """The marks of the boards besides the letters, and every shark claim now in words."""
    row, col = symbol("row", ascii_mode), symbol("col", ascii_mode)
    rows: list[LegendRow] = [
        ("GS", "a garden space's pieces, bottom first: here a sea star on a seagrass"),
        ("C 1", "a market tile and its price in pearls: a coral for 1 pearl"),
        (f"{row} 5  {col} 5", "the row or column beside it, and what buying it costs"),
    ]
    if state.options.get("shark"):
        rows.append(
            (
                "C1@A",
                "a market tile under a shark: its price, then the first letter of the name of "
                "the shark's owner (the only one who may buy it)",
            )
        )
    for space, owner in enumerate(state.claims):
        if owner < 0 or not state.market[space]:
            continue
        code = state.market[space]
        shown = f"{describe(code)} ({count(COST[code], 'pearl')})"
        shark = shark_name(state.shark_of[owner]) if state.shark_of[owner] else "shark"
        rows.append(
            (
                f"{market_name(space)}",
                f"{shown}, claimed by {possessive(state.players[owner])} {shark}",
            )
        )
    return rows


def legend_rows(state: OctopusState, ascii_mode: bool) -> list[LegendRow]:
    """:func:`letter_rows` then :func:`mark_rows`: everything the boards show, for the help."""
    return letter_rows(state) + mark_rows(state, ascii_mode)


def legend_table(rows: list[LegendRow]) -> Table:
    """``rows`` as two columns (what is shown in bold, then its words, wrapped beside it);
    every cell literal (player names are in the shark claims)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for shown, means in rows:
        table.add_row(literal(shown, "bold"), literal(means))
    return table


class LegendScreen(AppModal[None]):
    """The legend of the board in play: the letters in their colours, then the marks and the
    shark claims. Escape, ``i`` or ``q`` closes it. Names are shown literally."""

    DEFAULT_CSS = """
    LegendScreen #legend-box { width: 76; max-height: 22; height: auto; }
    LegendScreen #legend-scroll { height: auto; max-height: 16; }
    LegendScreen #legend-letters { height: auto; width: auto; margin-bottom: 1; }
    LegendScreen #legend-marks { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,i,q", "close", "Close"),
    ]

    def __init__(self, state: OctopusState, *, ascii_mode: bool = False) -> None:
        super().__init__(id="legend")
        self.letters = letter_rows(state)
        self.marks = mark_rows(state, ascii_mode)
        self.ascii_mode = ascii_mode
        self._roles = [token_role(info.code) for info in legend_tokens(state.options)]

    def compose(self) -> ComposeResult:
        """A title, the coloured letters, the marks in words and a close button."""
        with Vertical(id="legend-box", classes="dialog"):
            yield SteadyStatic("What the board shows", classes="dialog-title")
            with VerticalScroll(id="legend-scroll"):
                layout = legend_layout(len(self.letters), LETTER_WIDTH)
                letters = OgBoard(layout, self._paint, id="legend-letters")
                letters.can_focus = False
                letters.cursor = None
                letters.ascii_mode = self.ascii_mode
                yield letters
                yield SteadyStatic(legend_table(self.marks), id="legend-marks")
            yield Button("Close (Esc)", id="close", variant="primary", compact=True)

    def _paint(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        letter, words = self.letters[key]
        return CellPaint(f"{letter} {words}".ljust(LETTER_WIDTH - 2), self._roles[key])

    def on_mount(self) -> None:
        """Focus the scrolling part so the arrows scroll it."""
        self.query_one("#legend-scroll").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The close button."""
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the legend."""
        self.dismiss(None)
