"""The greedy bot's position heuristic: the provisional score margin over the best rival.

The provisional table (:func:`~.scoring.score_rows`) already holds the walks scored so far and
the end-game categories as if the game ended now (tree species per row, streams, the largest
pathway network, statues against every other player, landmark abilities), so one decision ahead
the bot values both the walk it is about to score and what the card does for the end of the
game. A small bonus for unclaimed landmark cells still open to the seat and for pathways that
can still grow would add little at one ply; we keep the heuristic plain and fast.
"""

from __future__ import annotations

from gardens_tui.rules.the_gardens.scoring import score_rows
from gardens_tui.rules.the_gardens.state import GardensState


def evaluate(s: GardensState, seat: int) -> float:
    """``seat``'s provisional total minus the best other seat's (works on views)."""
    totals = [sum(row) for row in score_rows(s)]
    mine = totals[seat]
    others = [t for i, t in enumerate(totals) if i != seat]
    return float(mine - max(others, default=0))
