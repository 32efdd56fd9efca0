"""Final scoring, the score table (per seat and per team) and the winner rule.

A player's points are the sum of their two teams' piles, category by category. The winner
(components.md): the team with the most points; of its two players, the one whose other team
scored more. Still tied: the higher own score (both teams), then a shared win. When several
teams tie for the most, every player of those teams is a candidate, each judged by their
other team (a player in two tied teams counts the tied score as their other team).
"""

from __future__ import annotations

from gardens_tui.rules.base import Outcome, Scores, TeamScore
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.seascape import find, majority
from gardens_tui.rules.seabed.state import CATEGORIES, Line, SeabedState, team_names
from gardens_tui.rules.seabed.tiles import MAX_AREAS, SEA, turned
from gardens_tui.rules.words import count, join_and, plural, possessive

PALACES, SEABED = 3, 4


def final_scoring(s: SeabedState) -> list[Line]:
    """Add the end-of-game points to the piles (palace majorities per seaweed system: 1 per
    fish, plus 1 per field with the sushi set; seabed flag majorities: the area's animals);
    the log lines saying who scored what, as recipes (:data:`.state.Line`: written out only
    when read, a search plays to the end of thousands of games without reading one)."""
    lines: list[Line] = []
    piles = s.piles = [row[:] for row in s.piles]  # (a new pile per team, added to in place)
    # (only the systems and areas a piece stands on can score: found from the pieces rather
    # than by going through every feature; each root with the pieces on it, which name it)
    palaced: dict[int, list[tuple[int, int]]] = {}
    flagged: dict[int, list[tuple[int, int]]] = {}
    for team, node, what in s.flags:
        if what == "palace":
            palaced.setdefault(find(s.sparent, node), []).append((team, node))
        else:
            flagged.setdefault(find(s.parent, node), []).append((team, node))
    for root in sorted(palaced):
        y = s.systems[root]
        winners = majority(y.palaces)
        if not winners:
            continue
        points = y.fish + (y.fields if y.sushi else 0)
        for team in winners:
            piles[team][PALACES] += points
        pieces = _where(s, palaced[root])
        many = _many(y.palaces, winners)
        size = (seascape.tile_count(y), y.sushi)
        lines.append((final_line, s.players, "palace", pieces, size, tuple(winners), points, many))
    music = seascape.music_nodes(s)
    for root in sorted(flagged):
        f = s.feats[root]
        if f.kind != SEA or not any(f.flags):
            continue
        winners = majority(f.flags)
        points = seascape.seabed_value(s, root, music)
        for team in winners:
            piles[team][SEABED] += points
        pieces = _where(s, flagged[root])
        size = (seascape.tile_count(f), False)
        many = _many(f.flags, winners)
        lines.append((final_line, s.players, "flag", pieces, size, tuple(winners), points, many))
    return lines


Piece = tuple[int, int, int, int, int]
"""A flag or palace as a final-scoring line names it: ``(team, x, y, tile code, area)``."""


def _where(s: SeabedState, pieces: list[tuple[int, int]]) -> tuple[Piece, ...]:
    """``(team, node)`` pieces as :data:`Piece`, by node (what the line needs of the seascape,
    which changes after final scoring: unscored flags go home)."""
    out = []
    for team, node in sorted(pieces, key=lambda piece: piece[1]):
        x, y = cell = seascape.cell_of(s, node)
        out.append((team, x, y, s.board[cell], node % MAX_AREAS))
    return tuple(out)


def _many(per_team: tuple[int, ...], winners: list[int]) -> bool:
    """Whether the scoring teams have more than one piece on the feature (``their flags``)."""
    return len(winners) > 1 or per_team[winners[0]] > 1


def final_line(
    players: tuple[str, ...],
    what: str,
    pieces: tuple[Piece, ...],
    size: tuple[int, bool],
    winners: tuple[int, ...],
    points: int,
    many: bool,
) -> str:
    """A final-scoring line: ``The seabed area with the flag of Ann & Bob on 0,0 seabed-sw (2
    tiles): Ann & Bob score 3 for their flag``. The feature is named by the pieces on it, each
    by its place and segment in notation and by team (any one of them names it, which its
    first tile alone does not): ``the palaces of Ann & Bob on 3,2 streak-n and 5,5 field and
    of Bob & Cid on 4,4 field``."""
    teams = team_names(players)
    places: dict[int, list[str]] = {}
    for team, x, y, code, area in pieces:
        places.setdefault(team, []).append(f"{x},{y} {turned(code).names[area]}")
    groups = [f"of {teams[team]} on {join_and(at)}" for team, at in places.items()]
    named = f"the {what if len(pieces) == 1 else plural(what)} {join_and(groups)}"
    tiles, sushi = size
    extent = count(tiles, "tile") + (", with the sushi set" if sushi else "")
    feature = "seaweed system" if what == "palace" else "seabed area"
    names = " and ".join(teams[t] for t in winners)
    their = plural(what) if many else what
    return f"The {feature} with {named} ({extent}): {names} score {points} for their {their}"


def team_totals(s: SeabedState) -> list[int]:
    """Each team's points (its pile's sum)."""
    return [sum(pile) for pile in s.piles]


def seat_totals(s: SeabedState) -> list[int]:
    """Each seat's points: the sum of its two teams."""
    teams = team_totals(s)
    n = len(s.players)
    return [teams[i] + teams[(i + 1) % n] for i in range(n)]


def score_table(s: SeabedState) -> Scores:
    """Per seat and category the sum of the seat's two teams; a row per team."""
    n = len(s.players)
    table = tuple(
        tuple(s.piles[i][c] + s.piles[(i + 1) % n][c] for c in range(len(CATEGORIES)))
        for i in range(n)
    )
    teams = tuple(TeamScore(s.team_name(t), s.members(t), sum(s.piles[t])) for t in range(n))
    notes = (
        "A player's points are the sum of their two teams' piles.",
        "Winner: the best team's player whose other team scored more.",
    )
    return Scores(CATEGORIES, table, final=s.over, teams=teams, notes=notes)


def outcome(s: SeabedState) -> Outcome:
    """The winner rule (module docstring), with the tie-break that decided it."""
    teams = team_totals(s)
    n = len(s.players)
    best = max(teams)
    top = [t for t in range(n) if teams[t] == best]
    other: dict[int, int] = {}
    for t in top:
        for seat in s.members(t):
            mine = s.teams_of(seat)
            rest = mine[1] if mine[0] == t else mine[0]
            other[seat] = max(other.get(seat, -1), teams[rest])
    high = max(other.values())
    first = sorted(seat for seat, v in other.items() if v == high)
    names = " and ".join(s.team_name(t) for t in top)
    lead = f"{names} scored most ({best})" if len(top) == 1 else f"{names} tied at {best}"
    if len(first) == 1:
        return Outcome(
            (first[0],), f"{lead}; {possessive(s.players[first[0]])} other team scored more"
        )
    own = {seat: teams[s.teams_of(seat)[0]] + teams[s.teams_of(seat)[1]] for seat in first}
    top_own = max(own.values())
    second = sorted(seat for seat in first if own[seat] == top_own)
    if len(second) == 1:
        return Outcome((second[0],), f"{lead}; other teams tied, the higher own score wins")
    return Outcome(tuple(second), f"{lead}; still tied: a shared win")


def seabed_roots(s: SeabedState) -> list[int]:
    """Every seabed area with a flag on it (roots)."""
    return sorted(
        {find(s.parent, node) for _, node, what in s.flags if what == "flag"}
        & {r for r, f in s.feats.items() if f.kind == SEA}
    )
