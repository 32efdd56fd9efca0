"""Plain-text pictures: the seascape with coordinates, the teams, the hand.

A placed tile is drawn in 5 by 3 characters by :mod:`.picture` (the screen draws the same
picture at 7 by 3): its edge segments around the rim (``#`` reef, ``~`` seaweed, ``.`` seabed),
streaks and reefs running in, ``%`` a field, and every thing on the tile on a character of its
own area: ``f`` fish, ``m`` manta, ``*`` starfish, ``c`` crab, ``b`` bottle, ``@`` magic clam,
``a`` anemones and the clam tiles' pieces (``P`` party and ``N`` music gramophone, ``W``
whirlpool, ``d`` diver, ``H`` harvester, ``S`` sushi set). Every creature, bottle and fish is
drawn, one character each (issue 27: a count from the text agrees with the score). Tiles
stand one column and one row apart, so tile edges show; ``+`` marks an empty place beside the
seascape.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.notation import format_action
from gardens_tui.rules.seabed.picture import KIND_GLYPHS, THING_GLYPHS, raster, things
from gardens_tui.rules.seabed.scoring import team_totals
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import TYPES, describe
from gardens_tui.rules.words import count

TILE_WIDTH, TILE_HEIGHT = 5, 3
"""A tile's size on the text board."""

LEGEND = (
    "# reef, ~ seaweed, . seabed, % field, + a free place; f fish, m manta, * starfish, c crab,\n"
    "b bottle, @ clam, a anemones; clam tiles: P party and N music gramophone, W whirlpool,\n"
    "d diver, H harvester, S sushi set"
)


def tile_rows(code: int) -> tuple[str, ...]:
    """The text rows of a placed tile ``code`` (:data:`TILE_HEIGHT` rows of
    :data:`TILE_WIDTH` characters)."""
    grid = raster(code, TILE_WIDTH, TILE_HEIGHT)
    shown = things(code, TILE_WIDTH, TILE_HEIGHT)
    kinds = [area.kind for area in TYPES[code >> 2].areas]
    return tuple(
        "".join(
            THING_GLYPHS[shown[(x, y)]] if (x, y) in shown else KIND_GLYPHS[kinds[grid[y][x]]]
            for x in range(TILE_WIDTH)
        )
        for y in range(TILE_HEIGHT)
    )


def seascape_picture(s: SeabedState) -> list[str]:
    """The seascape as text lines, x over the columns and y before the rows; tiles one column
    and one blank row apart."""
    cells = set(s.board) | set(s.need)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    blank = " " * TILE_WIDTH
    mid = TILE_HEIGHT // 2
    columns = " ".join(f"{x:^{TILE_WIDTH}}" for x in range(min(xs), max(xs) + 1))
    lines = [("     " + columns).rstrip()]
    for y in range(min(ys), max(ys) + 1):
        rows: list[list[str]] = [[] for _ in range(TILE_HEIGHT)]
        for x in range(min(xs), max(xs) + 1):
            code = s.board.get((x, y))
            if code is None:
                free = (x, y) in s.need
                for i in range(TILE_HEIGHT):
                    rows[i].append(f"{'+':^{TILE_WIDTH}}" if free and i == mid else blank)
                continue
            for i, text in enumerate(tile_rows(code)):
                rows[i].append(text)
        if y > min(ys):
            lines.append("")
        for i, row in enumerate(rows):
            head = f"{y:>4} " if i == mid else "     "
            lines.append((head + " ".join(row)).rstrip())
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
        name = seascape.segment_name(s, node)
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
