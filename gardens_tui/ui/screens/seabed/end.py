"""The Seabed Neighbours end screen: the teams first, then the players' sums (issue 27).

Every point in this game is won by a team (a pair of neighbours), and a player's score is the
sum of their two teams' piles. The shared end screen's table is per player and category, so
every team's points showed twice, and with the teams' table under it six players needed
scrolling at 80x24. This screen shows, all at once at 80x24 with six players:

- the teams' table: one row per team (``T1 Dan & Ann``) with its pile by category and its
  total, the team(s) with the most points marked;
- the players' table: one column per player with the two teams they belong to and their sum,
  the winners marked.

Both tables are drawn without outer edges to save rows. Everything else (the result line,
the six choices and their keys) is the shared :class:`~gardens_tui.ui.screens.end.EndScreen`.
"""

from __future__ import annotations

from rich import box
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


def _box(ascii_mode: bool) -> box.Box:
    return box.ASCII if ascii_mode else box.SIMPLE_HEAD


def teams_table(state: SeabedState, ascii_mode: bool = False) -> RichTable:
    """One row per team: its name, its pile by category and its total. The team(s) with the
    most points (the winner rule's first step) are marked with ``★`` (ASCII ``*``) and bold.
    Names are drawn literally."""
    star = glyph("winner", ascii_mode)
    table = RichTable(
        box=_box(ascii_mode), show_edge=False, header_style="bold", pad_edge=False, expand=False
    )
    table.add_column("Team")
    for category in CATEGORIES:
        table.add_column(literal(category, newlines=False), justify="right")
    table.add_column("Total", justify="right", style="bold")
    totals = team_totals(state)
    best = max(totals, default=0)
    for team, pile in enumerate(state.piles):
        won = totals[team] == best
        name = f"{team_number(team)} {state.team_name(team)}"
        head = f"{star} {name}" if won else name
        style = "bold" if won else ""
        table.add_row(
            literal(head, style, newlines=False),
            *(literal(str(points), style) for points in pile),
            literal(str(totals[team]), "bold"),
        )
    return table


def players_table(state: SeabedState, outcome: Outcome, ascii_mode: bool = False) -> RichTable:
    """One column per player: the two teams they belong to and their sum (the winners
    marked with ``★`` / ``*`` and bold). Names are drawn literally."""
    winners = set(outcome.winners)
    star = glyph("winner", ascii_mode)
    table = RichTable(
        box=_box(ascii_mode), show_edge=False, header_style="bold", pad_edge=False, expand=False
    )
    table.add_column("Player")
    for seat, name in enumerate(state.players):
        head = f"{star} {name}" if seat in winners else name
        table.add_column(
            literal(head, newlines=False),
            justify="right",
            style="bold" if seat in winners else "",
        )
    totals = team_totals(state)
    pairs = [state.teams_of(seat) for seat in range(len(state.players))]
    table.add_row("teams", *(literal(f"{team_number(a)}+{team_number(b)}") for a, b in pairs))
    table.add_row(
        literal("points", "bold"), *(literal(str(totals[a] + totals[b]), "bold") for a, b in pairs)
    )
    return table


class TeamsTable(Static):
    """A :func:`teams_table` as a widget (every cell literal, as the shared score tables)."""

    DEFAULT_CSS = "TeamsTable { width: auto; height: auto; }"

    def __init__(self, state: SeabedState, *, ascii_mode: bool = False) -> None:
        super().__init__(teams_table(state, ascii_mode), id="sb-end-teams")


class PlayersTable(Static):
    """A :func:`players_table` as a widget (every cell literal, as the shared score tables)."""

    DEFAULT_CSS = "PlayersTable { width: auto; height: auto; margin-top: 1; }"

    def __init__(self, state: SeabedState, outcome: Outcome, *, ascii_mode: bool = False) -> None:
        super().__init__(players_table(state, outcome, ascii_mode), id="sb-end-players")


class SeabedEndScreen(EndScreen):
    """The shared end screen with the teams' table and the players' sums in place of the
    per-player category table (see the module docstring)."""

    def score_widgets(self) -> ComposeResult:
        """The teams' table, then the players' sums."""
        state = self.seat_view.view()
        if isinstance(state, SeabedState):
            yield TeamsTable(state, ascii_mode=self.ascii_mode)
            yield PlayersTable(state, self.outcome, ascii_mode=self.ascii_mode)
