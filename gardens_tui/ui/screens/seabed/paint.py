"""How Seabed Neighbours tiles are drawn (pure): a small picture of every area, its things and
the flags and palaces on it.

A tile is a rectangle of characters (:data:`COMPACT` 7x3 at 80x24, :data:`ROOMY` 9x5 from the
roomy size on). Every character belongs to one *area* of the tile (:func:`raster`): the rim
shows the twelve edge segments (reef ``#``, seaweed ``~``, seabed ``.``), so side by side the
tiles' features visibly continue; inside, a streak runs from each side it touches to the middle,
a reef joined across sides runs through the middle too, a field is ``%%%`` in the middle, and
the rest is seabed, each character joining the seabed area of its nearest seabed segment.

On top come the things (:func:`things`): fish ``f``, manta ``m``, starfish ``*``, crab ``c``,
bottle ``b``, magic clam ``@``, anemones ``a``, and the clam tiles' pieces: party gramophone
``P``, music gramophone ``N``, whirlpool ``W``, diver ``d``, harvester ``H``, sushi set ``S``;
then the flags (the team's number ``1``-``6``) and palaces (the team's letter ``A``-``F``) in
the team's colour. Every glyph is 7-bit, so ASCII mode draws the same picture.

Two placed tiles side by side take alternating backgrounds (a checkerboard), so the tiles stay
apart where their features run on. A completed feature is flashed by drawing its characters
bold and underlined (the ``-done`` roles).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from gardens_tui.rules.seabed.tiles import FIELD, REEF, SEA, STREAK, TYPES, turned
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece

COMPACT = (7, 3)
"""Width and height of a tile at 80x24."""

ROOMY = (9, 5)
"""Width and height of a tile in the roomy layout."""

TEAM_COUNT = 6
"""At most six teams (six players)."""

KIND_GLYPHS: dict[str, str] = {REEF: "#", STREAK: "~", FIELD: "%", SEA: "."}
"""The glyph of each kind of area."""

KIND_ROLES: dict[str, str] = {
    REEF: "sb-reef",
    STREAK: "sb-streak",
    FIELD: "sb-field",
    SEA: "sb-sea",
}
"""The piece role of each kind of area."""

THING_GLYPHS: dict[str, str] = {
    "fish": "f",
    "manta": "m",
    "star": "*",
    "crab": "c",
    "bottle": "b",
    "clams": "@",
    "anemones": "a",
    "party": "P",
    "music": "N",
    "whirlpool": "W",
    "diver": "d",
    "harvester": "H",
    "sushi": "S",
}
"""The glyph of each thing a tile may show."""

THING_ROLES: dict[str, str] = {
    "fish": "sb-fish",
    "manta": "sb-animal",
    "star": "sb-animal",
    "crab": "sb-animal",
    "bottle": "sb-bottle",
    "clams": "sb-clam",
    "anemones": "sb-clam",
    "party": "sb-effect",
    "music": "sb-effect",
    "whirlpool": "sb-effect",
    "diver": "sb-effect",
    "harvester": "sb-effect",
    "sushi": "sb-effect",
}
"""The piece role of each thing."""

TEAM_COLOURS: tuple[str, ...] = (
    "$text-primary",
    "$text-warning",
    "$text-secondary",
    "$text-success",
    "$text-accent",
    "$text-error",
)
"""The colour of teams 1..6 (theme text colours: they read on every theme's panels)."""

FEATURE_STYLES: dict[str, str] = {
    "sb-reef": "color: $text-error;",
    "sb-streak": "color: $text-success;",
    "sb-field": "color: $text-success; text-style: bold;",
    "sb-sea": "color: $foreground-muted;",
}

ROLE_STYLES: dict[str, str] = {
    **FEATURE_STYLES,
    **{
        f"{role}-done": "color: $text-warning; text-style: bold underline;"
        for role in FEATURE_STYLES
    },
    "sb-fish": "color: $text-primary; text-style: bold;",
    "sb-animal": "color: $foreground; text-style: bold;",
    "sb-bottle": "color: $foreground-muted; text-style: italic;",
    "sb-clam": "color: $text-accent; text-style: bold;",
    "sb-effect": "color: $text-accent; text-style: bold underline;",
    "sb-free": "color: $foreground-muted;",
    **{
        f"sb-team-{t}": f"color: {TEAM_COLOURS[t]}; text-style: bold reverse;"
        for t in range(TEAM_COUNT)
    },
}
"""The Textual CSS of every piece role (``board-grid--<role>``). A flag or palace is drawn in
reverse video of its team colour, so it stands out of the seascape as a small block."""

ROLES: tuple[str, ...] = tuple(ROLE_STYLES)
"""Every piece role."""

CELL_STYLES: dict[str, str] = {
    "sb-tile": "background: $panel; color: $foreground;",
    "sb-tile-alt": "background: $surface; color: $foreground;",
    "sb-preview": "background: $boost; color: $foreground;",
    "sb-place": "background: $background; color: $foreground-muted;",
}
"""The board's own cell roles: a placed tile (two, alternating), the tile in hand previewed at
the cursor (and a proposal), a free place beside the seascape."""


def team_glyph(team: int, what: str) -> str:
    """A flag shows the team's number (``1``-``6``), a palace its letter (``A``-``F``)."""
    return str(team + 1) if what == "flag" else "ABCDEF"[team % TEAM_COUNT]


# --- the picture of a tile --------------------------------------------------------------------


def _rim_segments(x: int, y: int, width: int, height: int) -> tuple[int, ...]:
    """The edge segments drawn at rim position ``(x, y)`` (two at a corner)."""
    cx, cy = width // 2, height // 2
    last_x, last_y = width - 1, height - 1
    if (x, y) == (0, 0):
        return (0, 11)
    if (x, y) == (last_x, 0):
        return (2, 3)
    if (x, y) == (last_x, last_y):
        return (6, 5)
    if (x, y) == (0, last_y):
        return (8, 9)
    if y == 0:
        return (1,) if x == cx else (0,) if x < cx else (2,)
    if y == last_y:
        return (7,) if x == cx else (8,) if x < cx else (6,)
    if x == 0:
        return (10,) if y == cy else (11,) if y < cy else (9,)
    return (4,) if y == cy else (3,) if y < cy else (5,)


def _anchor(segment: int, width: int, height: int) -> tuple[float, float]:
    """Where segment ``segment`` lies just outside the rim (for the nearest-segment fill)."""
    side, offset = divmod(segment, 3)
    along_x = (offset * 2 + 1) * width / 6 - 0.5
    along_y = (offset * 2 + 1) * height / 6 - 0.5
    if side == 0:
        return along_x, -0.5
    if side == 1:
        return width - 0.5, along_y
    if side == 2:
        return width - 1 - along_x, height - 0.5
    return -0.5, height - 1 - along_y


def _to_centre(side: int, width: int, height: int) -> list[tuple[int, int]]:
    """The inner characters from the middle of ``side`` to the tile's middle."""
    cx, cy = width // 2, height // 2
    if side == 0:
        return [(cx, y) for y in range(1, cy + 1)]
    if side == 2:
        return [(cx, y) for y in range(cy, height - 1)]
    if side == 3:
        return [(x, cy) for x in range(1, cx + 1)]
    return [(x, cy) for x in range(cx, width - 1)]


def _along(side: int, width: int, height: int) -> list[tuple[int, int]]:
    """The inner characters just inside ``side`` (a reef's second row in the roomy size)."""
    if side == 0:
        return [(x, 1) for x in range(1, width - 1)]
    if side == 2:
        return [(x, height - 2) for x in range(1, width - 1)]
    if side == 3:
        return [(1, y) for y in range(1, height - 1)]
    return [(width - 2, y) for y in range(1, height - 1)]


@cache
def raster(code: int, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The area of every character of the placed tile ``code`` drawn ``width`` x ``height``."""
    tile = TYPES[code >> 2]
    area_at = turned(code).area_at
    kinds = [area.kind for area in tile.areas]
    grid = [[-1] * width for _ in range(height)]
    for y in range(height):
        for x in range(width):
            if 0 < x < width - 1 and 0 < y < height - 1:
                continue
            segments = _rim_segments(x, y, width, height)
            areas = [area_at[p] for p in segments]
            reefs = [a for a in areas if kinds[a] == REEF]
            grid[y][x] = reefs[0] if reefs else areas[0]
    sides_of: list[list[int]] = [
        sorted({p // 3 for p in range(12) if area_at[p] == a}) for a in range(len(kinds))
    ]

    def draw(cells: Iterable[tuple[int, int]], area: int, over: bool) -> None:
        for x, y in cells:
            if over or grid[y][x] < 0:
                grid[y][x] = area

    for a, kind in enumerate(kinds):
        if kind != REEF:
            continue
        if height >= 5:
            for side in sides_of[a]:
                draw(_along(side, width, height), a, over=False)
        if len(sides_of[a]) >= 2:
            for side in sides_of[a]:
                draw(_to_centre(side, width, height), a, over=True)
    for a, kind in enumerate(kinds):
        if kind == STREAK:
            for side in sides_of[a]:
                draw(_to_centre(side, width, height), a, over=True)
    for a, kind in enumerate(kinds):
        if kind == FIELD:
            cx, cy = width // 2, height // 2
            draw(((cx - 1, cy), (cx, cy), (cx + 1, cy)), a, over=True)
    seabed = [p for p in range(12) if kinds[area_at[p]] == SEA]
    anchors = [(_anchor(p, width, height), area_at[p]) for p in seabed]
    for y in range(height):
        for x in range(width):
            if grid[y][x] >= 0:
                continue
            if not anchors:
                grid[y][x] = 0
                continue
            grid[y][x] = min(
                anchors, key=lambda item: (item[0][0] - x) ** 2 + (2 * (item[0][1] - y)) ** 2
            )[1]
    return tuple(tuple(row) for row in grid)


@cache
def preferred(code: int, width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per area, its characters in the order things and pieces are put on them: inside the tile
    first (nearest the area's middle), then the rim (nearest the tile's middle)."""
    grid = raster(code, width, height)
    cx, cy = (width - 1) / 2, (height - 1) / 2
    out: list[tuple[tuple[int, int], ...]] = []
    for a in range(len(TYPES[code >> 2].areas)):
        cells = [(x, y) for y in range(height) for x in range(width) if grid[y][x] == a]
        inner = [(x, y) for x, y in cells if 0 < x < width - 1 and 0 < y < height - 1]
        rim = [c for c in cells if c not in inner]
        if inner:
            mx = sum(x for x, _ in inner) / len(inner)
            my = sum(y for _, y in inner) / len(inner)
            inner.sort(key=lambda c: ((c[0] - mx) ** 2 + (2 * (c[1] - my)) ** 2, c[1], c[0]))
        rim.sort(key=lambda c: ((c[0] - cx) ** 2 + (2 * (c[1] - cy)) ** 2, c[1], c[0]))
        out.append((*inner, *rim))
    return tuple(out)


def _area_things(code: int) -> list[tuple[int, str]]:
    """``(area, thing)`` for every thing the tile shows (fish and creatures once each)."""
    tile = TYPES[code >> 2]
    out: list[tuple[int, str]] = []
    for a, area in enumerate(tile.areas):
        if area.thing:
            out.append((a, area.thing))
        out += [(a, "clams")] * area.clams
        out += [(a, "anemones")] * area.anemones
        for name in ("manta", "star", "crab", "bottle", "fish"):
            out += [(a, name)] * getattr(area, name)
    if tile.effect == "whirlpool":
        seas = [a for a, area in enumerate(tile.areas) if area.kind == SEA]
        biggest = max(seas, key=lambda a: len(tile.areas[a].segments)) if seas else 0
        out.append((biggest, "whirlpool"))
    return out


@cache
def things(code: int, width: int, height: int) -> dict[tuple[int, int], str]:
    """Where each thing of the tile is drawn: character position to thing name (a thing with
    no room left is not drawn; the info line names everything)."""
    order = preferred(code, width, height)
    taken: dict[tuple[int, int], str] = {}
    for a, thing in _area_things(code):
        for spot in order[a]:
            if spot not in taken:
                taken[spot] = thing
                break
    return taken


def piece_spots(
    code: int, width: int, height: int, pieces: Iterable[tuple[int, str, int]]
) -> dict[tuple[int, int], tuple[int, str]]:
    """Where each flag or palace ``(area, "flag" | "palace", team)`` is drawn: the area's first
    character that shows no thing, else its first (over the thing)."""
    order = preferred(code, width, height)
    shown = things(code, width, height)
    out: dict[tuple[int, int], tuple[int, str]] = {}
    for area, what, team in pieces:
        spots = order[area]
        free = [s for s in spots if s not in shown and s not in out]
        spot = free[0] if free else next((s for s in spots if s not in out), None)
        if spot is not None:
            out[spot] = (team, what)
    return out


def tile_paint(
    code: int,
    *,
    roomy: bool,
    role: str = "sb-tile",
    pieces: Iterable[tuple[int, str, int]] = (),
    done: frozenset[int] = frozenset(),
) -> CellPaint:
    """The placed tile ``code`` (type * 4 + quarter turns): every area's glyph in its kind's
    colour, the things on it, ``pieces`` (``(area, "flag" | "palace", team)``) in the team's
    colour; the areas in ``done`` (features just completed) flashed."""
    width, height = ROOMY if roomy else COMPACT
    grid = raster(code, width, height)
    kinds = [area.kind for area in TYPES[code >> 2].areas]
    shown = things(code, width, height)
    placed = piece_spots(code, width, height, pieces)
    lines: list[tuple[Piece, ...]] = []
    for y in range(height):
        line: list[Piece] = []
        for x in range(width):
            area = grid[y][x]
            kind_role = KIND_ROLES[kinds[area]]
            if (x, y) in placed:
                team, what = placed[(x, y)]
                line.append(Piece(team_glyph(team, what), f"sb-team-{team % TEAM_COUNT}"))
            elif (x, y) in shown:
                thing = shown[(x, y)]
                line.append(Piece(THING_GLYPHS[thing], THING_ROLES[thing]))
            else:
                glyph_role = f"{kind_role}-done" if area in done else kind_role
                line.append(Piece(KIND_GLYPHS[kinds[area]], glyph_role))
        lines.append(_merged(line))
    return CellPaint(tuple(lines), role)


def _merged(line: list[Piece]) -> tuple[Piece, ...]:
    """Consecutive pieces of one role joined (fewer segments to draw)."""
    out: list[Piece] = []
    for piece in line:
        if out and out[-1].role == piece.role:
            out[-1] = Piece(out[-1].text + piece.text, piece.role)
        else:
            out.append(piece)
    return tuple(out)


def place_paint(roomy: bool) -> CellPaint:
    """A free place beside the seascape: a ``+`` in the middle (the state glyph above it)."""
    width, height = ROOMY if roomy else COMPACT
    lines = [" " * width for _ in range(height)]
    cx, cy = width // 2, height // 2
    lines[cy] = " " * cx + "+" + " " * (width - cx - 1)
    return CellPaint(tuple(lines), "sb-place", spot=(cx, cy - 1))


def hand_paint(code: int, *, roomy: bool, chosen: bool) -> CellPaint:
    """A tile of the hand as it would lie turned so (the chosen one on the preview colour)."""
    return tile_paint(code, roomy=roomy, role="sb-preview" if chosen else "sb-tile")


def checker_role(cell: tuple[int, int]) -> str:
    """The background role of a placed tile: alternating like a checkerboard."""
    return "sb-tile" if (cell[0] + cell[1]) % 2 == 0 else "sb-tile-alt"


def area_pieces(
    flags: Iterable[tuple[int, int, str]], first_node: int, areas: int
) -> list[tuple[int, str, int]]:
    """The flags and palaces ``(team, node, what)`` on the tile whose first node is
    ``first_node`` with ``areas`` areas, as ``(area, what, team)``."""
    out: list[tuple[int, str, int]] = []
    for team, node, what in flags:
        if first_node <= node < first_node + areas:
            out.append((node - first_node, what, team))
    return out


def kind_counts(code: int) -> Mapping[str, int]:
    """How many areas of each kind the tile has (for tests and descriptions)."""
    counts: dict[str, int] = {}
    for area in TYPES[code >> 2].areas:
        counts[area.kind] = counts.get(area.kind, 0) + 1
    return counts
