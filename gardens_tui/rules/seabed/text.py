"""Plain-text pictures: the seascape with coordinates, the teams, the hand.

A placed tile is drawn in 3 by 3 characters: its edge segments around the rim (``#`` reef,
``~`` seaweed, ``.`` seabed) and in the middle ``o`` for a field, else the first of: ``@`` a
magic clam, ``A`` anemones, ``M`` manta, ``*`` starfish, ``c`` crab, ``b`` bottle, ``f`` fish,
``~`` / ``#`` / ``.``. ``+`` marks an empty place beside the seascape.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.notation import format_action
from gardens_tui.rules.seabed.scoring import team_totals
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import FIELD, REEF, SEA, STREAK, TYPES, describe, turned
from gardens_tui.rules.words import count

GLYPH = {REEF: "#", STREAK: "~", SEA: ".", FIELD: "o"}
LEGEND = (
    "# reef, ~ seaweed, . seabed, o field; middle: @ clam, A anemones, M manta, * starfish, "
    "c crab, b bottle, f fish; + a free place"
)


def _centre(code: int) -> str:
    tile = TYPES[code >> 2]
    areas = tile.areas
    if any(a.kind == FIELD for a in areas):
        return "o"
    for mark, attr in (
        ("@", "clams"),
        ("A", "anemones"),
        ("M", "manta"),
        ("*", "star"),
        ("c", "crab"),
        ("b", "bottle"),
        ("f", "fish"),
    ):
        if any(getattr(a, attr) for a in areas):
            return mark
    if any(a.kind == STREAK and len(a.segments) == 2 for a in areas):
        return "~"
    return "#" if tile.sides.count("R") >= 3 else "."


def tile_rows(code: int) -> tuple[str, str, str]:
    """The three text rows of a placed tile ``code``."""
    at = turned(code).area_at
    kinds = [TYPES[code >> 2].areas[a].kind for a in at]
    g = [GLYPH[k] for k in kinds]
    return (g[0] + g[1] + g[2], g[10] + _centre(code) + g[4], g[8] + g[7] + g[6])


def seascape_picture(s: SeabedState) -> list[str]:
    """The seascape as text lines, x over the columns and y before the rows."""
    cells = set(s.board) | set(s.need)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    lines = ["     " + " ".join(f"{x:^3}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        rows = [[], [], []]  # type: list[list[str]]
        for x in range(min(xs), max(xs) + 1):
            code = s.board.get((x, y))
            if code is None:
                mark = " + " if (x, y) in s.need else "   "
                rows[0].append("   ")
                rows[1].append(mark)
                rows[2].append("   ")
                continue
            for i, text in enumerate(tile_rows(code)):
                rows[i].append(text)
        lines.append("     " + " ".join(rows[0]).rstrip())
        lines.append(f"{y:>4} " + " ".join(rows[1]).rstrip())
        lines.append("     " + " ".join(rows[2]).rstrip())
    return lines


def render_text(s: SeabedState, seat: int | None = None) -> str:
    """The seascape, the piles, every team's pile and pieces, the hand and the proposals."""
    lines = seascape_picture(s)
    lines.append(LEGEND)
    lines.append(
        f"Pile: {len(s.pile)} regular tiles; clam stack: {len(s.clams)}"
        + (f"; set aside: {len(s.removed)}" if s.removed else "")
    )
    totals = team_totals(s)
    for team in range(len(s.players)):
        flags, palaces = s.supply[team]
        lines.append(
            f"Team {s.team_name(team)}: {count(totals[team], 'point')}; "
            f"{count(flags, 'flag')} and {count(palaces, 'palace')} at hand"
        )
    for team, node, what in s.flags:
        cell = seascape.cell_of(s, node)
        name = turned(s.board[cell]).names[node % 16]
        lines.append(f"  {what} of {s.team_name(team)} on {name} at {cell[0]},{cell[1]}")
    tiles = s.choosable()
    if tiles and not s.over:
        shown = "; ".join(f"{i + 1}: {describe(k)}" for i, k in enumerate(tiles))
        lines.append(f"To place for {s.team_name(s.team)}: {shown}")
    if s.proposal is not None:
        lines.append(f"Proposal: {format_action(('place', *s.proposal))}")
    if s.counter is not None:
        lines.append(f"Counter-proposal: {format_action(('place', *s.counter))}")
    return "\n".join(lines)


def describe_action(s: SeabedState, action: Action) -> str:
    """What ``action`` does here, in a few words (placements: what they complete)."""
    text = format_action(action)
    if action[0] in ("place", "propose") and len(action) == 5:
        tiles = s.choosable()
        if 1 <= action[1] <= len(tiles):
            trial = s.copy()
            done = seascape.place(
                trial, (action[2], action[3]), tiles[action[1] - 1] * 4 + action[4] // 90
            )
            kinds = [trial.feats[r].kind for r in done]
            if kinds:
                text += " (completes " + ", ".join(f"a {k}" for k in kinds) + ")"
    return text
