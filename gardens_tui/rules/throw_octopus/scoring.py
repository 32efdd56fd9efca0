"""Score tables, winners and the solo rating.

Several players: the only category is the tiles left in hand, and **fewest tiles wins** (a
Game Night has one column per game and the lowest total wins). Solo: small creatures 1 point,
large ones 2, rated on the scale of components.md.
"""

from __future__ import annotations

from gardens_tui.rules.base import Outcome, Scores
from gardens_tui.rules.throw_octopus.spec import GAME_NIGHT_KEY
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import count

GAMES = 3

RATINGS: tuple[tuple[int, str], ...] = (
    (20, "Octopus Genius"),
    (15, "Clever Cephalopod"),
    (10, "Reef Rookie"),
    (0, "Hatchling"),
)
"""The solo rating scale: the first whose threshold the points reach."""

SOLO_CATEGORIES: tuple[str, ...] = (
    "small creatures, 1 point each",
    "large creatures, 2 points each",
)
"""The solo score table's rows: points, not counts (6 large creatures show as 12), so each
row says what a creature is worth."""

SCALE = "under 10 Hatchling, 10-14 Reef Rookie, 15-19 Clever Cephalopod, 20+ Octopus Genius"


def rating(points: int) -> str:
    """The solo rating of ``points``."""
    return next(name for low, name in RATINGS if points >= low)


def _current(s: ThrowState) -> list[int] | None:
    """This game's figures per seat, ``None`` once the last game is recorded."""
    if s.over:
        return None
    if s.solo:
        small, large = s.creatures[0]
        return [small + 2 * large]
    return [len(hand) for hand in s.hands]


def score_table(s: ThrowState) -> Scores:
    """The score table (provisional until the game is over)."""
    n = len(s.players)
    night = bool(s.options[GAME_NIGHT_KEY])
    current = _current(s)
    notes: list[str] = []
    if night:
        games = [*s.results, *([current] if current is not None else [])]
        categories = tuple(f"game {g + 1}" for g in range(GAMES))
        table = tuple(
            tuple(games[g][seat] if g < len(games) else 0 for g in range(GAMES))
            for seat in range(n)
        )
    elif s.solo:
        small, large = s.creatures[0]
        categories = SOLO_CATEGORIES
        table = ((small, 2 * large),)
    else:
        categories = ("tiles left",)
        figures = s.results[-1] if current is None else current
        table = tuple((figures[seat],) for seat in range(n))
    if s.solo:
        if night:
            for g, row in enumerate(s.results):
                notes.append(f"Game {g + 1}: {count(row[0], 'point')}, {rating(row[0])}")
        else:
            points = sum(table[0])
            notes.append(f"Rating: {count(points, 'point')}, {rating(points)} ({SCALE})")
        notes.append("Solo: small creatures score 1, large creatures 2")
    else:
        if night:
            notes.append("Game Night: tiles left in hand after each of 3 games add up")
        notes.append("Fewest tiles wins: the lowest total is best (a tie: the earliest seat)")
    return Scores(categories, table, final=s.over, notes=tuple(notes))


def outcome(s: ThrowState) -> Outcome:
    """Solo: the one seat. Otherwise the fewest tiles (total), the earliest seat on a tie."""
    if s.solo:
        return Outcome((0,))
    totals = score_table(s).totals()
    best = min(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return Outcome((tied[0],))
    return Outcome((tied[0],), "the earliest seat (the youngest) wins a tie")
