"""The picture of one placed path tile, as a grid of pieces (pure).

Both layouts draw a tile's four paths as lines (``│ ─ ╭ ╮ ╰ ╯``, ``┼`` where two cross; ASCII
``| - . ' +``, the ASCII art way of rounding a corner: ``.`` where a line turns down, ``'``
where it turns up) between the path ends, routed by :mod:`.routes`; each line coloured by the
symbol it carries, the symbol's glyph (:data:`SYMBOL_GLYPHS`) standing on a straight piece of
it. A lit path (the one a monk just walked, or will walk on the previewed tile) is drawn with
double lines (``║ ═ ╔ ╗ ╚ ╝``; ASCII ``# =``), so it shows without colour.

- roomy (12x5, :data:`ROOMY_SIZE`): every path is a line.
- compact (7x3, :data:`COMPACT_SIZE`, the 80x24 garden): three lines cannot hold every
  pattern (see :mod:`.routes`), so on about a quarter of the placements one or two paths are
  *tunnels*: no line, only their two ends, each drawn as the path's symbol in reverse video
  (:data:`MOUTH_ROLES`). A tile never has two tunnels of one symbol, so the two reversed
  marks of a symbol on a tile are the two ends of one path (the legend says so).

Both leave cells free for what stands on the square (:func:`free_cells`). Nothing here knows a
rule: a tile value is ``tile * 4 + rotation`` and :data:`~gardens_tui.rules.tanuki.components.EXITS`
says which end joins which.
"""

from __future__ import annotations

from collections.abc import Iterable

from gardens_tui.rules.tanuki.components import EXITS
from gardens_tui.ui.screens.tanuki.routes import DOWN, LEFT, RIGHT, UP, Route, end_cells, route
from gardens_tui.ui.widgets.board_grid import Piece

Grid = list[list[Piece]]

SYMBOL_GLYPHS: dict[bool, dict[str, str]] = {
    False: {"s": "●", "d": "⌂", "a": "~"},
    True: {"s": "o", "d": "x", "a": "~"},
}
"""The glyph of each path symbol (shiitake, tanuki den, ashi-magari), in Unicode and ASCII."""

LINE_ROLES = {"s": "tk-ls", "d": "tk-ld", "a": "tk-la"}
"""The colour role of a line carrying each symbol."""

MOUTH_ROLES = {"s": "tk-ms", "d": "tk-md", "a": "tk-ma"}
"""The role of the two ends of a tunnel (a path drawn without a line), per symbol: reverse
video in the symbol's colour."""

WALK_ROLE = "tk-walk"
"""The role of a lit path (walked, or to be walked on the preview)."""

WALK_MOUTH_ROLE = "tk-mwalk"
"""The role of a lit tunnel's ends."""

_SINGLE = {
    UP | DOWN: "│", LEFT | RIGHT: "─", DOWN | RIGHT: "╭", DOWN | LEFT: "╮",
    UP | RIGHT: "╰", UP | LEFT: "╯", 15: "┼",
}  # fmt: skip
_DOUBLE = {
    UP | DOWN: "║", LEFT | RIGHT: "═", DOWN | RIGHT: "╔", DOWN | LEFT: "╗",
    UP | RIGHT: "╚", UP | LEFT: "╝", 15: "╬",
}  # fmt: skip
_ASCII = {
    UP | DOWN: "|", LEFT | RIGHT: "-", DOWN | RIGHT: ".", DOWN | LEFT: ".",
    UP | RIGHT: "'", UP | LEFT: "'", 15: "+",
}  # fmt: skip
_ASCII_LIT = {
    UP | DOWN: "#", LEFT | RIGHT: "=", DOWN | RIGHT: "#", DOWN | LEFT: "#",
    UP | RIGHT: "#", UP | LEFT: "#", 15: "#",
}  # fmt: skip

GLYPH_MASKS: dict[str, int] = {
    **{g: m for m, g in _SINGLE.items()},
    **{g: m for m, g in _DOUBLE.items()},
    "╪": 15,
    "╫": 15,
}
"""The directions each Unicode line glyph joins (a crossing joins all four, straight through)."""

COMPACT_SIZE = (7, 3)
ROOMY_SIZE = (12, 5)

FULL_HEIGHT = 5
"""The least tile height on which every pattern is drawn as four lines (no tunnels)."""

MAX_TUNNELS = 2
"""The most paths a compact tile draws as tunnels (two always suffice at 7x3)."""


def pairing_of(value: int) -> tuple[tuple[tuple[int, int], ...], str]:
    """A placed tile's paths as pairs of ends (in the order of their smaller end) and the symbol
    of each."""
    table = EXITS[value]
    pairs: list[tuple[int, int]] = []
    symbols = ""
    for end in range(8):
        other, sym = table[end]
        if end < other:
            pairs.append((end, other))
            symbols += sym
    return tuple(pairs), symbols


def path_of_end(value: int, end: int) -> int:
    """The index (in :func:`pairing_of` order) of the path through ``end``."""
    pairs, _ = pairing_of(value)
    return next(i for i, pair in enumerate(pairs) if end in pair)


def _grid(width: int, height: int) -> Grid:
    return [[Piece(" ")] * width for _ in range(height)]


def tile_route(value: int, width: int, height: int) -> Route:
    """The routed lines of a placed tile (cached per pattern, symbols and size): every path a
    line from :data:`FULL_HEIGHT` lines up, else with up to :data:`MAX_TUNNELS` tunnels."""
    pairs, symbols = pairing_of(value)
    if height >= FULL_HEIGHT:
        return route(pairs, width, height)
    return route(pairs, width, height, kinds=symbols, tunnels=MAX_TUNNELS, cross_ends=True)


def tunnel_ends(value: int, width: int, height: int) -> dict[int, int]:
    """The path ends of a placed tile drawn as tunnel ends at this size: end -> path index."""
    pairs, _ = pairing_of(value)
    drawn = tile_route(value, width, height)
    return {end: path for path in drawn.tunnels for end in pairs[path]}


def line_picture(
    value: int,
    width: int,
    height: int,
    *,
    ascii_mode: bool = False,
    lit: Iterable[int] = (),
) -> Grid:
    """The drawing of a placed tile (see the module docstring); ``lit``: the ends whose paths
    are lit."""
    pairs, symbols = pairing_of(value)
    lit_paths = {i for i, pair in enumerate(pairs) for end in lit if end in pair}
    drawn = tile_route(value, width, height)
    grid = _grid(width, height)
    for (x, y), found in drawn.cells.items():
        if len(found) > 1:
            mask = 15
            lit_here = any(path in lit_paths for path, _ in found)
            path = next((p for p, _ in found if p in lit_paths), found[0][0])
        else:
            path, mask = found[0]
            lit_here = path in lit_paths
        if ascii_mode:
            table = _ASCII_LIT if lit_here else _ASCII
        else:
            table = _DOUBLE if lit_here else _SINGLE
        glyph = table[mask]
        if not ascii_mode and len(found) > 1 and lit_here:
            other = next(m for p, m in found if p != path)
            glyph = "╪" if other == UP | DOWN else "╫"  # the lit line double, the other single
        role = WALK_ROLE if lit_here else LINE_ROLES[symbols[path]]
        grid[y][x] = Piece(glyph, role)
    glyphs = SYMBOL_GLYPHS[ascii_mode]
    for path, (x, y) in enumerate(drawn.marks):
        if path not in drawn.tunnels:
            grid[y][x] = Piece(glyphs[symbols[path]], f"tk-{symbols[path]}")
    ends = end_cells(width, height)
    for path in drawn.tunnels:
        sym = symbols[path]
        role = WALK_MOUTH_ROLE if path in lit_paths else MOUTH_ROLES[sym]
        for end in pairs[path]:
            x, y = ends[end]
            grid[y][x] = Piece(glyphs[sym], role)
    return grid


def compact_picture(value: int, *, ascii_mode: bool = False, lit: Iterable[int] = ()) -> Grid:
    """The compact (7x3) drawing of a placed tile (see the module docstring)."""
    return line_picture(value, *COMPACT_SIZE, ascii_mode=ascii_mode, lit=lit)


def free_cells(value: int, width: int, height: int) -> list[tuple[int, int]]:
    """The cells of a tile's drawing where nothing is drawn, nearest the middle first (rows
    before columns), for what stands on the square."""
    drawn = tile_route(value, width, height)
    used = set(drawn.cells) | set(end_cells(width, height))
    cx, cy = (width - 1) / 2, (height - 1) / 2
    free = [(x, y) for y in range(height) for x in range(width) if (x, y) not in used]
    return sorted(free, key=lambda c: (abs(c[1] - cy), abs(c[0] - cx), c[1], c[0]))
