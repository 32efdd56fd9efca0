"""The greedy bot's heuristic for Seabed Neighbours: both of the seat's teams, against the
best rival.

Works on a view (nothing but the PRNG is hidden in this game). Each team's estimate is its pile
plus what its pieces are likely to bring: a flag on an unfinished streak or reef counts its
current worth, less the more open edges it has; a seabed flag counts its area's animals (bottles
and the diver as at the end); a palace counts its system's fish. Teams tied for a majority all
count it. A flag or palace still in the supply is worth half a point. The seat's value is its
two teams' estimates less half the best other seat's; a finished game adds 1000 for a win.
In the middle of a negotiation the pending proposal is judged as if it were taken.
"""

from __future__ import annotations

from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.seascape import find
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import SEA, STREAK

SUPPLY_VALUE = 0.5


def _credit_majority(est: list[float], counts: tuple[int, ...], value: float) -> None:
    """Add ``value`` to every team with the most pieces in ``counts`` (none if nobody has one);
    :func:`~.seascape.majority` without building its list, on the heuristic's hot path."""
    best = max(counts)
    if best:
        for team, c in enumerate(counts):
            if c == best:
                est[team] += value


def team_estimates(s: SeabedState) -> list[float]:
    """Each team's pile plus the likely worth of its pieces on the seascape."""
    est = [float(sum(pile)) for pile in s.piles]
    if s.over:
        return est
    seen: set[int] = set()
    seen_systems: set[int] = set()
    for _, node, what in s.flags:
        if what == "flag":
            root = find(s.parent, node)
            if root in seen:
                continue
            seen.add(root)
            f = s.feats[root]
            if f.kind == SEA:
                bottles = 0 if f.diver else f.bottle
                value = 3.0 * f.manta + 2.0 * f.star + max(0, f.crab - bottles)
            else:
                worth = (
                    seascape.streak_points(s, f) if f.kind == STREAK else seascape.reef_points(f)
                )
                value = worth * 0.8 / (1.0 + 0.25 * f.open)
            _credit_majority(est, f.flags, value)
        else:
            root = find(s.sparent, node)
            if root in seen_systems:
                continue
            seen_systems.add(root)
            y = s.systems[root]
            value = 0.8 * (y.fish + (y.fields if y.sushi else 0))
            _credit_majority(est, y.palaces, value)
    for number, (flags, palaces) in enumerate(s.supply):
        est[number] += SUPPLY_VALUE * (flags + palaces)
    return est


def evaluate(s: SeabedState, seat: int) -> float:
    """How good ``s`` looks for ``seat`` (see the module docstring)."""
    if s.phase in ("answer", "pick") and not s.over:
        from gardens_tui.rules.seabed.engine import apply
        from gardens_tui.rules.seabed.notation import format_action

        action = ("accept",) if s.phase == "answer" else ("choose", "theirs")
        return evaluate(apply(s, action, format_action), seat)
    est = team_estimates(s)
    n = len(s.players)
    totals = [est[i] + est[(i + 1) % n] for i in range(n)]
    value = totals[seat] - 0.5 * max(totals[i] for i in range(n) if i != seat)
    if s.over:
        from gardens_tui.rules.seabed.scoring import outcome

        value += 1000.0 if seat in outcome(s).winners else 0.0
    return value
