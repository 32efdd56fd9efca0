"""The Seabed Neighbours end screen: the teams first, then the players' sums (issue 27).

Every point in this game is won by a team (a pair of neighbours), and a player's score is the
sum of their two teams' piles. The shared end screen's table is per player and category, so
every team's points showed twice, and with the teams' table under it six players needed
scrolling at 80x24. This screen shows, all at once at 80x24 with six players:

- the teams' table: one row per team (``T1 Dan & Ann``) with its pile by category and its
  total, the team(s) with the most points marked;
- the players' table: one column per player with the two teams they belong to and their sum,
  the winners marked.

Both tables are drawn without outer edges to save rows, and both fit the width they are drawn
in: where longer names would make a table wider than the dialog (six players of ten letters at
80 columns), the names in the teams' first column and the players' column heads are shortened
with an ellipsis, never the numbers. Everything else (the result line, the six choices and
their keys) is the shared :class:`~gardens_tui.ui.screens.end.EndScreen`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.widgets import Static

from gardens_tui.rules.base import Outcome
from gardens_tui.rules.seabed.scoring import team_totals
from gardens_tui.rules.seabed.state import CATEGORIES, SeabedState
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.seabed.texts import team_number
from gardens_tui.ui.widgets.glyphs import glyph
from gardens_tui.ui.widgets.prompt import shorten

MEASURE = Console(width=1000, color_system=None, legacy_windows=False)
"""A console for measuring a table's natural width (nothing is printed on it)."""


def _box(ascii_mode: bool) -> box.Box:
    return box.ASCII if ascii_mode else box.SIMPLE_HEAD


def _natural_width(table: RichTable) -> int:
    return Measurement.get(MEASURE, MEASURE.options, table).maximum


def _ellipsis(ascii_mode: bool) -> str:
    """What ends a cut name: ``…``, or ``.`` in ASCII mode (one cell either way)."""
    return "." if ascii_mode else "…"


def _share(lengths: Sequence[int], room: int) -> list[int]:
    """Cells for texts of ``lengths`` to share ``room``: every text keeps its length when all
    fit; otherwise the longest are cut to one common cap, the largest that fits (at least 1)."""
    if sum(lengths) <= room or not lengths:
        return list(lengths)
    cap = max(lengths)
    while cap > 1 and sum(min(length, cap) for length in lengths) > room:
        cap -= 1
    return [min(length, cap) for length in lengths]


def teams_table(
    state: SeabedState, ascii_mode: bool = False, width: int | None = None
) -> RichTable:
    """One row per team: its name, its pile by category and its total. The team(s) with the
    most points (the winner rule's first step) are marked with ``★`` (ASCII ``*``) and bold.
    Names are drawn literally; with ``width``, the two players' names of the first column are
    shortened as much as the table needs to fit in ``width`` cells (the numbers never)."""
    star = glyph("winner", ascii_mode)
    totals = team_totals(state)
    best = max(totals, default=0)
    pairs = [
        [state.players[seat] for seat in state.members(team)] for team in range(len(state.piles))
    ]

    def label(team: int, cells: int | None) -> str:
        """The team's first cell (``★ T4 Cleo & Dan``), its two names shortened to fit in
        ``cells`` cells (``None``: as they are)."""
        head = f"{star} " if totals[team] == best else ""
        head += f"{team_number(team)} "
        names = pairs[team]
        if cells is not None:
            room = max(cells - cell_len(head) - 3, 2)
            shares = _share([cell_len(n) for n in names], room)
            names = [
                shorten(n, r, _ellipsis(ascii_mode)) for n, r in zip(names, shares, strict=True)
            ]
        return head + " & ".join(names)

    def build(cells: int | None) -> RichTable:
        table = RichTable(
            box=_box(ascii_mode), show_edge=False, header_style="bold", pad_edge=False, expand=False
        )
        table.add_column("Team", no_wrap=True)
        for category in CATEGORIES:
            table.add_column(literal(category, newlines=False), justify="right", no_wrap=True)
        table.add_column("Total", justify="right", style="bold", no_wrap=True)
        for team, pile in enumerate(state.piles):
            style = "bold" if totals[team] == best else ""
            table.add_row(
                literal(label(team, cells), style, newlines=False),
                *(literal(str(points), style) for points in pile),
                literal(str(totals[team]), "bold"),
            )
        return table

    table = build(None)
    if width is None:
        return table
    excess = _natural_width(table) - width
    if excess <= 0:
        return table
    widest = max(cell_len(label(team, None)) for team in range(len(state.piles)))
    return build(widest - excess)


def players_table(
    state: SeabedState, outcome: Outcome, ascii_mode: bool = False, width: int | None = None
) -> RichTable:
    """One column per player: the two teams they belong to and their sum (the winners
    marked with ``★`` / ``*`` and bold). Names are drawn literally; with ``width``, the names
    heading the columns are shortened as much as the table needs to fit in ``width`` cells."""
    winners = set(outcome.winners)
    star = glyph("winner", ascii_mode)
    totals = team_totals(state)
    pairs = [state.teams_of(seat) for seat in range(len(state.players))]
    mark = [f"{star} " if seat in winners else "" for seat in range(len(state.players))]

    def build(rooms: Sequence[int] | None) -> RichTable:
        table = RichTable(
            box=_box(ascii_mode), show_edge=False, header_style="bold", pad_edge=False, expand=False
        )
        table.add_column("Player", no_wrap=True)
        for seat, name in enumerate(state.players):
            shown = name if rooms is None else shorten(name, rooms[seat], _ellipsis(ascii_mode))
            table.add_column(
                literal(mark[seat] + shown, newlines=False),
                justify="right",
                style="bold" if seat in winners else "",
                no_wrap=True,
            )
        table.add_row("teams", *(literal(f"{team_number(a)}+{team_number(b)}") for a, b in pairs))
        table.add_row(
            literal("points", "bold"),
            *(literal(str(totals[a] + totals[b]), "bold") for a, b in pairs),
        )
        return table

    table = build(None)
    if width is None:
        return table
    excess = _natural_width(table) - width
    if excess <= 0:
        return table
    # Columns narrower than their numbers (``T1+T2``) gain nothing from a shorter name.
    floor = max(cell_len(f"{team_number(a)}+{team_number(b)}") for a, b in pairs)
    lengths = [cell_len(mark[s] + name) for s, name in enumerate(state.players)]
    room = sum(max(length, floor) for length in lengths) - excess
    heads = _share([max(length, floor) for length in lengths], room)
    rooms = [max(head - cell_len(mark[s]), 2) for s, head in enumerate(heads)]
    return build(rooms)


class FittedTable:
    """A Rich renderable: the table ``build(width)`` makes for the width it is drawn in (and
    measured at), so a table of long names fits its dialog rather than being cut."""

    def __init__(self, build: Callable[[int], RichTable]) -> None:
        self.build = build

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RichTable]:
        yield self.build(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.build(options.max_width))


class TeamsTable(Static):
    """A :func:`teams_table` as a widget, fitted to the dialog's width (every cell literal, as
    the shared score tables)."""

    DEFAULT_CSS = "TeamsTable { width: auto; max-width: 100%; height: auto; }"

    def __init__(self, state: SeabedState, *, ascii_mode: bool = False) -> None:
        super().__init__(
            FittedTable(lambda width: teams_table(state, ascii_mode, width)), id="sb-end-teams"
        )


class PlayersTable(Static):
    """A :func:`players_table` as a widget, fitted to the dialog's width (every cell literal,
    as the shared score tables)."""

    DEFAULT_CSS = "PlayersTable { width: auto; max-width: 100%; height: auto; margin-top: 1; }"

    def __init__(self, state: SeabedState, outcome: Outcome, *, ascii_mode: bool = False) -> None:
        super().__init__(
            FittedTable(lambda width: players_table(state, outcome, ascii_mode, width)),
            id="sb-end-players",
        )


class SeabedEndScreen(EndScreen):
    """The shared end screen with the teams' table and the players' sums in place of the
    per-player category table (see the module docstring)."""

    def score_widgets(self) -> ComposeResult:
        """The teams' table, then the players' sums."""
        state = self.seat_view.view()
        if isinstance(state, SeabedState):
            yield TeamsTable(state, ascii_mode=self.ascii_mode)
            yield PlayersTable(state, self.outcome, ascii_mode=self.ascii_mode)
