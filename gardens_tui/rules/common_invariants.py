"""Invariants several games share, for their ``invariants.check`` (see each game's list).

Each function raises :func:`~gardens_tui.rules.fields.fail` (a ``FieldError`` naming the field)
for the first breach, in words a player understands.
"""

from __future__ import annotations

from gardens_tui.rules.base import GameState
from gardens_tui.rules.fields import fail


def turn_passes_in_seat_order(s: GameState) -> None:
    """The first player began and every turn passed play to the next player: turn ``t`` is
    seat ``(t - 1) mod players``'s."""
    n = len(s.players)
    if s.active != (s.turn - 1) % n:
        raise fail(
            "state.turn",
            f"turn {s.turn} would be {s.players[(s.turn - 1) % n]}'s, not "
            f"{s.players[s.active]}'s (the first player began, and every turn passes play to "
            "the next player)",
        )


def private_lines_name_their_reader(s: GameState) -> None:
    """A line of the log that only one seat reads names that seat: it is never addressed to a
    seat it does not concern, which would show that seat another's secret."""
    for i, (index, seat, line) in enumerate(s.private_events):
        if s.players[seat] not in line:
            raise fail(
                f"state.private_events[{i}][1]",
                f"this private reading of event {index} does not name {s.players[seat]}, who "
                "would read it: a seat reads only its own secrets",
            )


def no_private_lines(s: GameState, title: str) -> None:
    """Nothing in the game ``title`` is told to one player only."""
    if s.private_events:
        raise fail("state.private_events", f"nothing in {title} is told to one player only")
