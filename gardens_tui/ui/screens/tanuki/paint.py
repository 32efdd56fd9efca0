"""How Tanuki in the Garden's squares, edge spaces and hand tiles are drawn (pure).

A tile shows its eight path ends where they lie on its sides, each marked with the number (1-4)
of the path it belongs to: the two ends with the same number are joined by that path. Between
them the tile lists its paths with their symbols (``1s 2s 3d 4a``: ``s`` shiitake, ``d`` tanuki
den, ``a`` ashi-magari), so the symbol of every path is a letter, never only a colour.

- compact (8x3): the north ends on the top line, the south ends on the bottom line, the west
  and east ends in the corner columns (a west or east end is in the first or last column), the
  paths in the middle line, what stands on the square (monks, tanuki, stash, trap) in the
  middle of the top and bottom lines;
- roomy (12x5): the ends on their sides (two per side), the paths on lines 2 and 4, what stands
  on the square on the middle line.

Monks are their seat's letter (:func:`monk_letters`), each seat with its own colour role; the
tanuki are ``◆`` (blue) and ``◇`` (gold) (``*`` / ``+`` in ASCII mode), a stash ``$n``, a trap
``^a``, a rock garden ``##``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gardens_tui.rules.tanuki.components import EXITS, PATTERNS, TILE_PATTERN, TILE_SYMBOLS
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece

SEAT_ROLES: tuple[str, ...] = tuple(f"tk-seat{i}" for i in range(8))
"""The colour role of each seat's monk (and its letter elsewhere)."""

ROLE_STYLES: dict[str, str] = {
    "tk-s": "color: $text-warning; text-style: bold;",
    "tk-d": "color: $text-error; text-style: bold;",
    "tk-a": "color: $text-secondary; text-style: bold;",
    "tk-end": "color: $foreground-muted;",
    "tk-blue": "color: $text-primary; text-style: bold;",
    "tk-gold": "color: $text-warning; text-style: bold underline;",
    "tk-stash": "color: $text-success; text-style: bold;",
    "tk-trap": "color: $text-error;",
    "tk-label": "color: $foreground-muted;",
    "tk-seat0": "color: $text-primary; text-style: bold;",
    "tk-seat1": "color: $text-error; text-style: bold;",
    "tk-seat2": "color: $text-success; text-style: bold;",
    "tk-seat3": "color: $text-accent; text-style: bold;",
    "tk-seat4": "color: $text-secondary; text-style: bold;",
    "tk-seat5": "color: $text-warning; text-style: bold;",
    "tk-seat6": "color: $foreground; text-style: bold underline;",
    "tk-seat7": "color: $text-primary; text-style: bold underline;",
}
"""The Textual CSS of each piece role: theme text colours only (the cell's background and its
state marks still show), so every theme stays readable."""

ROLES: tuple[str, ...] = tuple(ROLE_STYLES)
"""Every piece role (a ``board-grid--<role>`` component class of the boards)."""

CELL_STYLES: dict[str, str] = {
    "tk-alt": "background: $surface; color: $foreground;",
    "tk-alt-empty": "background: $surface; color: $foreground-muted;",
    "tk-edge": "background: $background; color: $foreground-muted;",
}
"""The board's own cell roles: squares of the checkerboard's second colour (a tile, an empty
square) and the edge spaces."""

TANUKI_GLYPHS = {False: ("◆", "◇"), True: ("*", "+")}
"""The blue and the gold tanuki, in Unicode and in ASCII mode."""

TANUKI_ROLES = ("tk-blue", "tk-gold")

COMPACT_ENDS: tuple[tuple[int, int], ...] = (
    (2, 0), (5, 0), (7, 0), (7, 2), (5, 2), (2, 2), (0, 2), (0, 0),
)  # fmt: skip
"""(column, line) of each path end 0..7 in a compact 8x3 tile."""

ROOMY_ENDS: tuple[tuple[int, int], ...] = (
    (3, 0), (8, 0), (11, 1), (11, 3), (8, 4), (3, 4), (0, 3), (0, 1),
)  # fmt: skip
"""(column, line) of each path end 0..7 in a roomy 12x5 tile."""


def monk_letters(players: Sequence[str]) -> list[str]:
    """Each seat's letter: the first letter of its name, upper case, unless another seat has the
    same one (or the name starts with no letter): then the seat number (1-8)."""
    firsts = [
        next((ch.upper() for ch in name if ch.isascii() and ch.isalpha()), "") for name in players
    ]
    out = []
    for seat, first in enumerate(firsts):
        unique = first and firsts.count(first) == 1 and first not in "$^#"
        out.append(first if unique else str(seat + 1))
    return out


def path_numbers(value: int) -> tuple[list[int], str]:
    """For a placed tile (``tile * 4 + rot``): the path number (1-4) of each end 0..7, and the
    symbols of paths 1..4 (paths numbered in the order of their smallest end)."""
    table = EXITS[value]
    numbers = [0] * 8
    symbols = ""
    for end in range(8):
        other, sym = table[end]
        if end < other:
            symbols += sym
            numbers[end] = numbers[other] = len(symbols)
    return numbers, symbols


def _grid(width: int, height: int) -> list[list[Piece]]:
    return [[Piece(" ")] * width for _ in range(height)]


def _lines(grid: list[list[Piece]]) -> tuple[tuple[Piece, ...], ...]:
    return tuple(tuple(line) for line in grid)


def _put(grid: list[list[Piece]], x: int, y: int, pieces: Sequence[Piece]) -> None:
    for piece in pieces:
        for ch in piece.text:
            if 0 <= y < len(grid) and 0 <= x < len(grid[y]):
                grid[y][x] = Piece(ch, piece.role)
            x += 1


def _fit(pieces: Sequence[Piece], width: int) -> list[Piece]:
    out: list[Piece] = []
    used = 0
    for piece in pieces:
        if used + len(piece.text) > width:
            return [*out[: max(len(out) - 1, 0)], Piece("+", "tk-label")] if out else []
        out.append(piece)
        used += len(piece.text)
    return out


def square_paint(
    value: int,
    stands: Sequence[Piece],
    *,
    roomy: bool,
    role: str = "cell",
    alt: bool = False,
) -> CellPaint:
    """A square: ``value`` is a placed tile (``tile * 4 + rot``), -1 empty, -2 a rock garden;
    ``stands`` what stands on it (monks, tanuki, stash, trap), drawn in the free places;
    ``alt``: a square of the other colour of the checkerboard (so neighbouring tiles part)."""
    if role == "cell" and alt:
        role = "tk-alt"
    width, height = (12, 5) if roomy else (8, 3)
    grid = _grid(width, height)
    if value >= 0:
        numbers, symbols = path_numbers(value)
        ends = ROOMY_ENDS if roomy else COMPACT_ENDS
        for end, (x, y) in enumerate(ends):
            grid[y][x] = Piece(str(numbers[end]), "tk-end")
        legend = [
            [Piece(str(i + 1), "tk-end"), Piece(sym, f"tk-{sym}")] for i, sym in enumerate(symbols)
        ]
        if roomy:
            _put(grid, 3, 1, [*legend[0], Piece("  "), *legend[1]])
            _put(grid, 3, 3, [*legend[2], Piece("  "), *legend[3]])
            shown = _fit(stands, 8)
            _put(grid, 2 + (8 - sum(len(p.text) for p in shown)) // 2, 2, shown)
        else:
            _put(grid, 0, 1, [p for pair in legend for p in pair])
            chars = [Piece(ch, p.role) for p in stands for ch in p.text]
            if len(chars) > 4:
                chars = [*chars[:3], Piece("+", "tk-label")]
            _put(grid, 3, 0, chars[:2])
            _put(grid, 3, 2, chars[2:4])
        return CellPaint(_lines(grid), role)
    if value == -2:
        shown = _fit(stands, width - 2)
        grid = _grid(width, height)
        _put(grid, (width - 2) // 2, height // 2 - (1 if stands else 0), [Piece("##", "tk-label")])
        if shown:
            _put(grid, (width - len("".join(p.text for p in shown))) // 2, height // 2 + 1, shown)
        return CellPaint(_lines(grid), role)
    shown = _fit(stands, width)
    _put(grid, (width - sum(len(p.text) for p in shown)) // 2, height // 2, shown)
    empty = {"cell": "empty", "tk-alt": "tk-alt-empty"}
    return CellPaint(_lines(grid), empty.get(role, role))


def edge_paint(label: str, stands: Sequence[Piece], width: int, height: int) -> CellPaint:
    """An edge space: the monks standing on it, else its row or column label (muted)."""
    grid = _grid(width, height)
    shown = _fit(stands, width) if stands else [Piece(label, "tk-label")]
    size = sum(len(p.text) for p in shown)
    _put(grid, (width - size) // 2, height // 2, shown)
    return CellPaint(_lines(grid), "tk-edge")


def hand_paint(tile: int, index: int, *, chosen: bool, hidden: bool = False) -> CellPaint:
    """A tile in hand: ``1:t17`` (its key, its name), the chosen one in the accent role."""
    if hidden:
        return CellPaint(f"{index + 1}:?", "empty")
    return CellPaint(f"{index + 1}:t{tile + 1}", "accent" if chosen else "cell")


def tile_kind(tile: int) -> str:
    """The tile's symbols in words (``2 shiitake, den, ashi-magari``)."""
    symbols = TILE_SYMBOLS[tile]
    words = []
    count = symbols.count("s")
    words.append(f"{count} shiitake")
    if "d" in symbols:
        words.append("den")
    if "a" in symbols:
        words.append("ashi-magari")
    return ", ".join(words)


assert len(PATTERNS) == 35 and len(TILE_PATTERN) == 64
