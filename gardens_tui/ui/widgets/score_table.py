"""The final score table: points per category per player, totals, winners marked (never the
one player of a solo game); the teams' table and the game's notes (Game Night totals, a solo
rating) for games that have them."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table as RichTable
from textual.widgets import Static

from gardens_tui.rules.base import Outcome, Scores, TeamScore
from gardens_tui.ui.literal import literal
from gardens_tui.ui.widgets.glyphs import glyph


def table_box(ascii_mode: bool) -> box.Box:
    """The lines of a table: Rich's heavy-headed box, or 7-bit ``+-|`` in ASCII mode."""
    return box.ASCII if ascii_mode else box.HEAVY_HEAD


def marked_winners(names: Sequence[str], outcome: Outcome | None) -> set[int]:
    """The seats a score table marks as winners: ``outcome``'s, except in a game of one seat
    (a solo game is scored, not won: it has nobody to beat, so nothing is marked)."""
    if outcome is None or len(names) < 2:
        return set()
    return set(outcome.winners)


def score_table(
    names: Sequence[str], scores: Scores, outcome: Outcome | None, ascii_mode: bool = False
) -> RichTable:
    """A Rich table: one row per category, one column per player, then the totals row.

    Winners' columns are headed with ``★`` (ASCII ``*``) as well as in bold; a one-seat
    (solo) game marks nobody (:func:`marked_winners`). Names and categories are shown
    literally (a Rich table would read a plain string as markup).
    """
    winners = marked_winners(names, outcome)
    star = glyph("winner", ascii_mode)
    table = RichTable(
        show_footer=False, expand=False, header_style="bold", box=table_box(ascii_mode)
    )
    table.add_column("Category")
    for seat, name in enumerate(names):
        head = f"{star} {name}" if seat in winners else name
        table.add_column(
            literal(head, newlines=False), justify="right", style="bold" if seat in winners else ""
        )
    for index, category in enumerate(scores.categories):
        table.add_row(
            literal(category, newlines=False),
            *(literal(str(scores.table[s][index])) for s in range(len(names))),
        )
    table.add_section()
    totals = scores.totals()
    table.add_row(literal("Total", "bold"), *(literal(str(t), "bold") for t in totals))
    return table


def team_table(
    names: Sequence[str],
    teams: Sequence[TeamScore],
    outcome: Outcome | None,
    ascii_mode: bool = False,
) -> RichTable:
    """A Rich table of the teams (:attr:`Scores.teams`): one row per team with its name, its
    seats' names and its points. A team all of whose seats won is marked with ``★`` (ASCII
    ``*``) and shown bold (nobody in a one-seat game). Everything is shown literally."""
    winners = marked_winners(names, outcome)
    star = glyph("winner", ascii_mode)
    table = RichTable(
        show_footer=False, expand=False, header_style="bold", box=table_box(ascii_mode)
    )
    table.add_column("Team")
    table.add_column("Players")
    table.add_column("Points", justify="right")
    for team in teams:
        won = bool(team.seats) and set(team.seats) <= winners
        head = f"{star} {team.name}" if won else team.name
        members = ", ".join(names[s] for s in team.seats if 0 <= s < len(names))
        style = "bold" if won else ""
        table.add_row(
            literal(head, style, newlines=False),
            literal(members, style, newlines=False),
            literal(str(team.points), style),
        )
    return table


class TeamTable(Static):
    """A :func:`team_table` as a widget."""

    DEFAULT_CSS = """
    TeamTable { width: auto; height: auto; margin-top: 1; }
    """

    def __init__(
        self,
        names: Sequence[str],
        teams: Sequence[TeamScore],
        outcome: Outcome | None = None,
        *,
        ascii_mode: bool = False,
        id: str | None = "team-table",
    ) -> None:
        super().__init__(team_table(names, teams, outcome, ascii_mode), id=id)
        self.teams = tuple(teams)


class ScoreTable(Static):
    """A :func:`score_table` as a widget."""

    DEFAULT_CSS = """
    ScoreTable { width: auto; height: auto; }
    """

    def __init__(
        self,
        names: Sequence[str],
        scores: Scores,
        outcome: Outcome | None = None,
        *,
        ascii_mode: bool = False,
        id: str | None = "score-table",
    ) -> None:
        super().__init__(score_table(names, scores, outcome, ascii_mode), id=id)
        self.names = tuple(names)
        self.scores = scores
        self.outcome = outcome
