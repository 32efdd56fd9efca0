"""The greedy bot's heuristic for Seabed Neighbours: both of the seat's teams, against the
best rival.

Works on a view (nothing but the PRNG is hidden in this game). Each team's estimate is its pile
plus what its pieces are likely to bring: a flag on an unfinished streak or reef counts its
current worth, less the more open edges it has; a seabed flag counts its area's animals (bottles
and the diver as at the end); a palace counts its system's fish. Teams tied for a majority all
count it. A flag or palace still in the supply is worth half a point. The seat's value is its
two teams' estimates less half the best other seat's; a finished game adds 1000 for a win.
Why own score and not the winner rule's best team: at 3 and 4 seats the winner always has the
highest own score (each seat outside the best team shares a team with one of its members and
scores no more than that member), and at 5-6 seats it nearly always has.
In the middle of a negotiation the pending proposal is judged as if it were taken.
"""

from __future__ import annotations

from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import SEA, STREAK

SUPPLY_VALUE = 0.5


def team_estimates(s: SeabedState) -> list[float]:
    """Each team's pile plus the likely worth of its pieces on the seascape.

    On every bot's hot path (each action a search rates ends here), so the union-find walk
    and the majorities (:func:`~.seascape.majority`: the teams with the most pieces share the
    value, nobody when no piece is there) are written out inline."""
    est = [float(sum(pile)) for pile in s.piles]
    if s.over:
        return est
    parent, sparent, feats = s.parent, s.sparent, s.feats
    seen_features: set[int] = set()
    seen_systems: set[int] = set()  # (the two union-finds number their roots alike)
    for _, node, what in s.flags:
        flag = what == "flag"
        links, seen = (parent, seen_features) if flag else (sparent, seen_systems)
        root = node
        while links[root] != root:
            root = links[root]
        if root in seen:
            continue
        seen.add(root)
        if flag:
            f = feats[root]
            kind = f.kind
            counts = f.flags
            if kind == SEA:
                bottles = 0 if f.diver else f.bottle
                value = 3.0 * f.manta + 2.0 * f.star + max(0, f.crab - bottles)
            elif kind == STREAK:
                value = seascape.streak_points(s, f) * 0.8 / (1.0 + 0.25 * f.open)
            else:
                value = seascape.reef_points(f) * 0.8 / (1.0 + 0.25 * f.open)
        else:
            y = s.systems[root]
            counts = y.palaces
            value = 0.8 * (y.fish + (y.fields if y.sushi else 0))
        best = max(counts)
        if best:
            for team, c in enumerate(counts):
                if c == best:
                    est[team] += value
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
