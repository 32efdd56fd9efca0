"""A tile as a small picture of characters: which area every character shows, and where its
things go (pure; shared by the screen's tiles and ``gardens show``'s text board, so both draw
the same tile the same way).

A tile drawn ``width`` x ``height`` (the screen: 7x3 and 9x5; the text board: 5x3): every
character belongs to one *area* of the tile (:func:`raster`). The rim shows the twelve edge
segments, so side by side the tiles' features visibly continue; inside, a streak runs from each
side it touches to the middle, a reef joined across sides runs through the middle too, a field
takes the middle three characters, and the rest is seabed, each character joining the seabed
area of its nearest seabed segment.

Separate features stay apart (issue 27): where two different reefs meet at a corner of the
tile (two reef caps on adjacent sides), the corner character is drawn as the tile's seabed
nearest to it, not as reef, so two caps read as two reefs and not as one ``L``; in the roomy
size their inner rows stop short of each other too.

:func:`things` puts the tile's things on the characters of their areas: inside the tile first
(nearest the area's middle), then the rim. Every thing of every tile fits at every size used.
The glyphs (:data:`KIND_GLYPHS`, :data:`THING_GLYPHS`) are 7-bit.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from gardens_tui.rules.seabed.tiles import FIELD, REEF, SEA, STREAK, TYPES, turned

KIND_GLYPHS: dict[str, str] = {REEF: "#", STREAK: "~", FIELD: "%", SEA: "."}
"""The glyph of each kind of area (7-bit: the screen's ASCII mode draws the same)."""

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

THING_NAMES: tuple[str, ...] = (
    "clams",
    "anemones",
    "manta",
    "star",
    "crab",
    "bottle",
    "fish",
)
"""The countable things of an area, in drawing order (the clam tiles' pieces come first)."""


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


def _along(side: int, width: int, height: int, trim: tuple[bool, bool]) -> list[tuple[int, int]]:
    """The inner characters just inside ``side`` (a reef's second row in the roomy size);
    ``trim`` leaves out the first / last two (clockwise), where another reef runs along the
    neighbouring side."""
    if side == 0:
        cells = [(x, 1) for x in range(1, width - 1)]
    elif side == 1:
        cells = [(width - 2, y) for y in range(1, height - 1)]
    elif side == 2:
        cells = [(x, height - 2) for x in range(width - 2, 0, -1)]
    else:
        cells = [(1, y) for y in range(height - 2, 0, -1)]
    start = 2 if trim[0] else 0
    end = len(cells) - 2 if trim[1] else len(cells)
    return cells[start:end]


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
            if len(set(reefs)) > 1:
                continue  # two separate reefs meet at this corner: seabed between them
            grid[y][x] = reefs[0] if reefs else areas[0]
    sides_of: list[list[int]] = [
        sorted({p // 3 for p in range(12) if area_at[p] == a}) for a in range(len(kinds))
    ]
    reef_of_side = [
        area_at[3 * side + 1] if kinds[area_at[3 * side + 1]] == REEF else -1 for side in range(4)
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
                before, after = reef_of_side[(side - 1) % 4], reef_of_side[(side + 1) % 4]
                trim = (before not in (-1, a), after not in (-1, a))
                draw(_along(side, width, height, trim), a, over=False)
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


def area_things(code: int) -> list[tuple[int, str]]:
    """``(area, thing)`` for every thing the tile shows, one entry per item (two fish: two
    entries): the clam tiles' pieces (``party``, ``music``, ``diver``, ``harvester``,
    ``sushi``, ``whirlpool``) and the :data:`THING_NAMES`."""
    tile = TYPES[code >> 2]
    out: list[tuple[int, str]] = []
    for a, area in enumerate(tile.areas):
        if area.thing:
            out.append((a, area.thing))
        for name in THING_NAMES:
            out += [(a, name)] * getattr(area, name)
    if tile.effect == "whirlpool":
        seas = [a for a, area in enumerate(tile.areas) if area.kind == SEA]
        biggest = max(seas, key=lambda a: len(tile.areas[a].segments)) if seas else 0
        out.append((biggest, "whirlpool"))
    return out


@cache
def things(code: int, width: int, height: int) -> dict[tuple[int, int], str]:
    """Where each thing of the tile is drawn: character position to thing name (a thing with
    no room left in its area is not drawn; no tile has one at the sizes used, see the tests)."""
    order = preferred(code, width, height)
    taken: dict[tuple[int, int], str] = {}
    for a, thing in area_things(code):
        for spot in order[a]:
            if spot not in taken:
                taken[spot] = thing
                break
    return taken
