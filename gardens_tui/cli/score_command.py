"""``gardens score FILE [--seat S]``: points per player and category as a seat sees them.

The scores are those of the seat's view (a spectator's without ``--seat``): a seat's own secret
points count for it and nobody else's do, until the game is over and everything is shown. Team
rows and notes (:attr:`Scores.teams <gardens_tui.rules.base.Scores.teams>`,
:attr:`Scores.notes <gardens_tui.rules.base.Scores.notes>`) follow the seats' table.
"""

from __future__ import annotations

import argparse
from typing import Any

from gardens_tui.cli.arguments import CommandAdder, add_file, add_json, add_seat
from gardens_tui.cli.output import EXIT_OK, print_json, say
from gardens_tui.cli.views import parse_viewer, seat_view
from gardens_tui.rules.base import Scores
from gardens_tui.saves import load_table
from gardens_tui.seat_words import outcome_json, score_lines, status_lines
from gardens_tui.seats import SeatView


def scores_json(view: SeatView, scores: Scores) -> dict[str, Any]:
    """The ``score --json`` object (see README.md)."""
    names = [seat.name for seat in view.seats]
    return {
        "final": scores.final,
        "seat": view.viewer,
        "categories": list(scores.categories),
        "players": [
            {"seat": i, "name": name, "scores": scores.by_category(i), "total": scores.total(i)}
            for i, name in enumerate(names)
        ],
        "teams": [
            {
                "name": team.name,
                "seats": list(team.seats),
                "names": [names[seat] for seat in team.seats],
                "points": team.points,
            }
            for team in scores.teams
        ],
        "notes": list(scores.notes),
        "outcome": outcome_json(view),
    }


def cmd_score(args: argparse.Namespace) -> int:
    """``gardens score FILE``: points per player and category, and the winners once over."""
    table = load_table(args.file)
    view = seat_view(table, parse_viewer(table, args.seat))
    scores = view.scores()
    if args.json:
        print_json(scores_json(view, scores))
        return EXIT_OK
    for line in score_lines(view, scores):
        say(line)
    say()
    if view.outcome() is not None:
        say(status_lines(view)[0])
    elif view.viewer is None:
        say("Provisional scores: the game is not over.")
    else:
        name = view.seats[view.viewer].name
        say(f"Provisional scores as {name} sees them: the game is not over.")
    return EXIT_OK


def add_parsers(command: CommandAdder) -> None:
    """``score``."""
    p = command("score", "print the scores by player and category, and the winners", cmd_score)
    add_file(p)
    add_seat(p, "the scores")
    add_json(p)
