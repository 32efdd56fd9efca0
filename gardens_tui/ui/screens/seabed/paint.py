"""How Seabed Neighbours tiles are drawn (pure): a small picture of every area, its things and
the flags and palaces on it.

A tile is a rectangle of characters (:data:`COMPACT` 7x3 at 80x24, :data:`ROOMY` 9x5 from the
roomy size on). Every character belongs to one *area* of the tile (:func:`raster`, from
:mod:`gardens_tui.rules.seabed.picture`, which ``gardens show`` draws its text tiles with too):
the rim shows the twelve edge segments (reef ``#``, seaweed ``~``, seabed ``.``), so side by
side the tiles' features visibly continue; inside, a streak runs from each side it touches to
the middle, a reef joined across sides runs through the middle too, a field is ``%%%`` in the
middle, and the rest is seabed, each character joining the seabed area of its nearest seabed
segment. Two separate reefs meeting at a corner are kept apart by seabed there.

On top come the things (:func:`things`): fish ``f``, manta ``m``, starfish ``*``, crab ``c``,
bottle ``b``, magic clam ``@``, anemones ``a``, and the clam tiles' pieces: party gramophone
``P``, music gramophone ``N``, whirlpool ``W``, diver ``d``, harvester ``H``, sushi set ``S``;
then the flags (the team's number ``1``-``6``) and palaces (the team's letter ``A``-``F``) in
the team's colour. Every glyph is 7-bit, so ASCII mode draws the same picture.

Tiles stand one column and one row apart on the seascape (:mod:`.layouts`), so every tile's
edges show; placed tiles also take alternating backgrounds (a checkerboard). A completed
feature is flashed by drawing its characters bold and underlined (the ``-done`` roles).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# Re-exported: the screen's modules and tests draw tiles through this module.
from gardens_tui.rules.seabed.picture import KIND_GLYPHS as KIND_GLYPHS
from gardens_tui.rules.seabed.picture import THING_GLYPHS as THING_GLYPHS
from gardens_tui.rules.seabed.picture import preferred as preferred
from gardens_tui.rules.seabed.picture import raster as raster
from gardens_tui.rules.seabed.picture import things as things
from gardens_tui.rules.seabed.tiles import FIELD, REEF, SEA, STREAK, TYPES
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece

COMPACT = (7, 3)
"""Width and height of a tile at 80x24."""

ROOMY = (9, 5)
"""Width and height of a tile in the roomy layout."""

TEAM_COUNT = 6
"""At most six teams (six players)."""

KIND_ROLES: dict[str, str] = {
    REEF: "sb-reef",
    STREAK: "sb-streak",
    FIELD: "sb-field",
    SEA: "sb-sea",
}
"""The piece role of each kind of area."""

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


# --- the picture of a tile (:mod:`gardens_tui.rules.seabed.picture`) ----------------------


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


def water_paint(roomy: bool) -> CellPaint:
    """Open water between the tiles and the free places (no tile may go there now): blank,
    with the spot for the cursor's glyph in the middle."""
    width, height = ROOMY if roomy else COMPACT
    lines = tuple(" " * width for _ in range(height))
    return CellPaint(lines, "sb-place", spot=(width // 2, height // 2))


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
