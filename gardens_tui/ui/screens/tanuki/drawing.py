"""The picture of one placed path tile, as a grid of pieces (pure).

Both layouts draw a tile's four paths as lines (``│ ─ ╭ ╮ ╰ ╯``, ``┼`` where two cross; ASCII
``| - . ' +``, the ASCII art way of rounding a corner: ``.`` where a line turns down, ``'``
where it turns up) between the path ends, routed by :mod:`.routes`; each line coloured by the
symbol it carries, the symbol's glyph (:data:`SYMBOL_GLYPHS`) standing on a straight piece of
it. A lit path (the one a monk just walked, or will walk on the previewed tile) is drawn with
double lines (``║ ═ ╔ ╗ ╚ ╝``; ASCII ``# =``), so it shows without colour.

- roomy (12x5, :data:`ROOMY_SIZE`): every path is a line, its symbol's glyph on it.
- compact (7x3, :data:`COMPACT_SIZE`, the 80x24 garden): no glyph cells on the lines: each
  line is drawn in its symbol's style (:data:`STYLE_LINES`: shiitake thin ``│ ─ ╭``, tanuki den
  heavy ``┃ ━ ┏``, ashi-magari dashed ``┆ ┄ ╭``; ASCII :data:`ASCII_STYLE_LINES`: ``| -``,
  ``H =``, ``: ~``, corners ``. '``), and a lit path double (``║ ═ ╔``; ASCII ``#``) in its
  symbol's colour, bold (:data:`LIT_ROLES`). Where two lines cross the crossing glyph keeps
  both weights where Unicode has one (``╂ ┿ ╫ ╪``; a heavy line crossing a double one is drawn
  thin there). Three lines still cannot hold a tile whose four paths all cross its middle
  (68 of the 256 placements, see :mod:`.routes`): there one or two paths are *tunnels*: no
  line, only their two ends, each drawn as the path's symbol in reverse video
  (:data:`MOUTH_ROLES`). A tile never has two tunnels of one symbol, so the two reversed marks
  of a symbol on a tile are the two ends of one path (the legend says so).

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


def _table(straight: str, corners: str) -> dict[int, str]:
    """A line style: ``straight`` the vertical and horizontal glyphs, ``corners`` the four
    turns (down-right, down-left, up-right, up-left)."""
    return {
        UP | DOWN: straight[0], LEFT | RIGHT: straight[1],
        DOWN | RIGHT: corners[0], DOWN | LEFT: corners[1],
        UP | RIGHT: corners[2], UP | LEFT: corners[3],
    }  # fmt: skip


STYLE_LINES: dict[str, dict[int, str]] = {
    "s": _table("│─", "╭╮╰╯"),
    "d": _table("┃━", "┏┓┗┛"),
    "a": _table("┆┄", "╭╮╰╯"),
    "lit": _table("║═", "╔╗╚╝"),
}
"""The compact drawing's line style per symbol: shiitake thin (``│ ─``), tanuki den heavy
(``┃ ━``), ashi-magari dashed (``┆ ┄``); a lit path double (``║ ═``)."""

ASCII_STYLE_LINES: dict[str, dict[int, str]] = {
    "s": _table("|-", "..''"),
    "d": _table("H=", "..''"),
    "a": _table(":~", "..''"),
    "lit": _table("##", "####"),
}
"""The same in ASCII mode: shiitake ``| -``, den ``H =``, ashi-magari ``: ~``, lit ``#``."""

_CROSSINGS = {"LL": "┼", "HH": "╋", "HL": "╂", "LH": "┿", "DL": "╫", "LD": "╪", "DD": "╬"}
"""A crossing's glyph by the weight of its vertical and its horizontal line (light, heavy,
double)."""

LIT_ROLES = {"s": "tk-ws", "d": "tk-wd", "a": "tk-wa"}
"""The role of a lit line in the compact drawing: its symbol's colour, bold (the line double
tells it is lit, the colour which symbol it carries)."""

GLYPH_MASKS: dict[str, int] = {
    **{g: m for m, g in _SINGLE.items()},
    **{g: m for m, g in _DOUBLE.items()},
    **{g: m for table in STYLE_LINES.values() for m, g in table.items()},
    **{g: 15 for g in _CROSSINGS.values()},
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
    return route(
        pairs,
        width,
        height,
        kinds=symbols,
        tunnels=MAX_TUNNELS,
        cross_ends=True,
        symbol_cells=False,
    )


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
    if height < FULL_HEIGHT:
        return _styled_picture(value, width, height, ascii_mode=ascii_mode, lit=lit)
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
    _draw_tunnels(grid, value, drawn, ascii_mode, lit_paths)
    return grid


def _draw_tunnels(
    grid: Grid, value: int, drawn: Route, ascii_mode: bool, lit_paths: set[int]
) -> None:
    """Mark the two ends of each tunnel of ``drawn`` by its symbol (reverse video)."""
    pairs, symbols = pairing_of(value)
    glyphs = SYMBOL_GLYPHS[ascii_mode]
    ends = end_cells(drawn.width, drawn.height)
    for path in drawn.tunnels:
        sym = symbols[path]
        role = WALK_MOUTH_ROLE if path in lit_paths else MOUTH_ROLES[sym]
        for end in pairs[path]:
            x, y = ends[end]
            grid[y][x] = Piece(glyphs[sym], role)


def _crossing(vertical: str, horizontal: str, ascii_mode: bool) -> str:
    """The glyph where a line of style ``vertical`` crosses one of style ``horizontal`` (styles:
    ``"L"`` light, ``"H"`` heavy, ``"D"`` double, ``"lit"``)."""
    if ascii_mode:
        return "#" if "lit" in (vertical, horizontal) else "+"
    weight = {"s": "L", "a": "L", "d": "H", "lit": "D"}
    v, h = weight[vertical], weight[horizontal]
    if "D" in (v, h):  # the lit line double, the other single
        v, h = ("D" if v == "D" else "L"), ("D" if h == "D" else "L")
    return _CROSSINGS[v + h]


def _styled_picture(
    value: int,
    width: int,
    height: int,
    *,
    ascii_mode: bool = False,
    lit: Iterable[int] = (),
) -> Grid:
    """The compact drawing: each line in its symbol's style (:data:`STYLE_LINES`, ASCII
    :data:`ASCII_STYLE_LINES`), a lit line double (ASCII ``#``) in its symbol's colour, bold
    (:data:`LIT_ROLES`); no symbol glyphs but the tunnels' ends."""
    pairs, symbols = pairing_of(value)
    lit_paths = {i for i, pair in enumerate(pairs) for end in lit if end in pair}
    drawn = tile_route(value, width, height)
    tables = ASCII_STYLE_LINES if ascii_mode else STYLE_LINES
    grid = _grid(width, height)
    for (x, y), found in drawn.cells.items():
        styles = {mask: ("lit" if path in lit_paths else symbols[path]) for path, mask in found}
        if len(found) > 1:
            path = next((p for p, _ in found if p in lit_paths), found[0][0])
            vertical = next(st for m, st in styles.items() if m == UP | DOWN)
            horizontal = next(st for m, st in styles.items() if m == LEFT | RIGHT)
            glyph = _crossing(vertical, horizontal, ascii_mode)
        else:
            path, mask = found[0]
            glyph = tables[styles[mask]][mask]
        sym = symbols[path]
        role = LIT_ROLES[sym] if path in lit_paths else LINE_ROLES[sym]
        grid[y][x] = Piece(glyph, role)
    _draw_tunnels(grid, value, drawn, ascii_mode, lit_paths)
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
