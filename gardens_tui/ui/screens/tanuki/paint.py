"""How Tanuki in the Garden's squares, edge spaces and hand tiles are drawn (pure).

A square with a tile shows the tile's picture (:mod:`.drawing`): its paths as lines with their
symbols (at the compact size each symbol by its line's style, and some paths as tunnels). A monk
stands at its path end as its seat's letter (:func:`monk_letters`, each seat with its own colour
role), in place of the end's line.
What else stands on the square goes in the free cells nearest its middle: the tanuki ``◆``
(blue) and ``◇`` (gold) (``*`` / ``@`` in ASCII mode), a stash ``$n``, a trap ``^a``. A rock
garden is a field of ``▒`` (``#`` in ASCII mode). An empty square shows what stands on it in
its middle.

The bottom line of every square is underlined (:func:`ruled`): squares touch above and below
(their paths join across the edge), and the underline is the grid line between them, drawn
without a line of its own (the compact garden has no line to spare at 80x24). An edge space
keeps its column letter or row number where it is, whoever stands on it: the monks stand in the
places beside it (:func:`edge_paint`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gardens_tui.rules.tanuki.components import (
    EXITS,
    PATTERNS,
    TILE_PATTERN,
    TILE_SYMBOLS,
    tile_name,
)
from gardens_tui.ui.screens.tanuki.drawing import SYMBOL_GLYPHS, free_cells, line_picture
from gardens_tui.ui.screens.tanuki.layouts import tile_size
from gardens_tui.ui.screens.tanuki.routes import end_cells
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece

SEAT_ROLES: tuple[str, ...] = tuple(f"tk-seat{i}" for i in range(8))
"""The colour role of each seat's monk (and its letter elsewhere)."""

_BASE_STYLES: dict[str, str] = {
    "tk-s": "color: $text-warning; text-style: bold;",
    "tk-d": "color: $text-error; text-style: bold;",
    "tk-a": "color: $text-secondary; text-style: bold;",
    "tk-end": "color: $foreground-muted;",
    "tk-ls": "color: $text-warning;",
    "tk-ld": "color: $text-error;",
    "tk-la": "color: $text-secondary;",
    "tk-ms": "color: $text-warning; text-style: bold reverse;",
    "tk-md": "color: $text-error; text-style: bold reverse;",
    "tk-ma": "color: $text-secondary; text-style: bold reverse;",
    "tk-walk": "color: $foreground; text-style: bold;",
    "tk-ws": "color: $text-warning; text-style: bold;",
    "tk-wd": "color: $text-error; text-style: bold;",
    "tk-wa": "color: $text-secondary; text-style: bold;",
    "tk-mwalk": "color: $foreground; text-style: bold reverse;",
    "tk-rock": "color: $foreground-muted;",
    "tk-blue": "color: $text-primary; text-style: bold;",
    "tk-gold": "color: $text-warning; text-style: bold;",
    "tk-stash": "color: $text-success; text-style: bold;",
    "tk-trap": "color: $text-error;",
    "tk-label": "color: $foreground-muted;",
    "tk-endno": "color: $text-accent; text-style: bold;",
    "tk-endno-on": "color: $text-accent; text-style: bold reverse;",
    "tk-seat0": "color: $text-primary; text-style: bold;",
    "tk-seat1": "color: $text-error; text-style: bold;",
    "tk-seat2": "color: $text-success; text-style: bold;",
    "tk-seat3": "color: $text-accent; text-style: bold;",
    "tk-seat4": "color: $text-secondary; text-style: bold;",
    "tk-seat5": "color: $text-warning; text-style: bold;",
    "tk-seat6": "color: $foreground; text-style: bold underline;",
    "tk-seat7": "color: $text-primary; text-style: bold underline;",
}

RULE = "-rule"
"""The suffix of a role's variant on a square's bottom line (the same, underlined)."""

RULE_ROLE = "tk-rule"
"""The role of a blank cell on a square's bottom line (only the underline)."""


def _underlined(style: str) -> str:
    if "text-style:" not in style:
        return style + " text-style: underline;"
    head, _, tail = style.partition("text-style:")
    words, _, rest = tail.partition(";")
    kept = [w for w in words.split() if w != "underline"]
    return f"{head}text-style: {' '.join([*kept, 'underline'])};{rest}"


ROLE_STYLES: dict[str, str] = {
    **_BASE_STYLES,
    **{role + RULE: _underlined(style) for role, style in _BASE_STYLES.items()},
    RULE_ROLE: "text-style: underline;",
}
"""The Textual CSS of each piece role: theme text colours only (the cell's background and its
state marks still show), so every theme stays readable; each role also in its underlined
variant for the bottom line of a square (:func:`ruled`)."""

ROLES: tuple[str, ...] = tuple(ROLE_STYLES)
"""Every piece role (a ``board-grid--<role>`` component class of the boards)."""

CELL_STYLES: dict[str, str] = {
    "tk-alt": "background: $surface; color: $foreground;",
    "tk-alt-empty": "background: $surface; color: $foreground-muted;",
    "tk-edge": "background: $background; color: $foreground-muted;",
    "tk-words": "background: $background; color: $foreground-muted;",
    "tk-cursor": "background: $primary 10%; color: $foreground; text-style: bold;",
}
"""The board's own cell roles: squares of the checkerboard's second colour (a tile, an empty
square), the edge spaces, and the garden's cursor square (:func:`cursor_paint`: tinted with the
cursor colour, a little less in light themes, see :data:`LIGHT_CSS`, so every line on it keeps
its contrast)."""

LIGHT_CSS = "TkBoard:light > .board-grid--tk-cursor { background: $primary 8%; }"
"""The cursor square's tint in light themes."""

CURSOR_BLANK = "tk-cursor-blank"
"""The role of the blank characters of the garden's cursor square (:func:`cursor_paint`)."""

CURSOR_STYLES: dict[str, str] = {
    CURSOR_BLANK: "color: $primary; text-style: reverse;",
    CURSOR_BLANK + RULE: "color: $primary; text-style: reverse underline;",
}
"""The cursor's blanks: solid blocks of the cursor colour (reverse video of a blank), on a
square's bottom line still underlined. Only ever on blanks, so no text is drawn in them (and
they are no piece role of :data:`ROLES`, whose text the contrast test measures)."""

TANUKI_GLYPHS = {False: ("◆", "◇"), True: ("*", "@")}
"""The blue and the gold tanuki, in Unicode and in ASCII mode (``@``, not ``+``: that is where
two ASCII lines cross)."""

TANUKI_ROLES = ("tk-blue", "tk-gold")


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


def _runs(cells: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The free cells as horizontal runs ``(x, y, length)``, in the order of their first cell."""
    free = set(cells)
    runs: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int]] = set()
    for x, y in cells:
        if (x, y) in seen:
            continue
        left = x
        while (left - 1, y) in free:
            left -= 1
        right = x
        while (right + 1, y) in free:
            right += 1
        for i in range(left, right + 1):
            seen.add((i, y))
        runs.append((left, y, right - left + 1))
    return runs


def _place_stands(
    grid: list[list[Piece]], free: Sequence[tuple[int, int]], stands: Sequence[Piece]
) -> None:
    """Put each stand in the free run nearest the middle it fits (centred in the run when it is
    alone there); what finds no room (a compact tile has few free cells) is drawn over the
    middle line of the tile, inside its first and last columns (its path ends stay in sight):
    what stands on a square matters more than that stretch of its lines."""
    runs = [[x, y, n] for x, y, n in _runs(free)]
    cx = len(grid[0]) // 2 if grid else 0
    left_over: list[Piece] = []
    for piece in stands:
        size = len(piece.text)
        for run in runs:
            x, y, n = run
            if n >= size:
                start = x
                if n == size or x + n <= cx or x >= cx:
                    start = x if x >= cx else x + n - size
                if x < cx < x + n:  # a run across the middle: centre the piece in it
                    start = max(x, min(x + n - size, cx - size // 2))
                _put(grid, start, y, [piece])
                # keep the part of the run on the far side of the piece (one gap after it)
                if start == x:
                    run[0], run[2] = x + size + 1, n - size - 1
                else:
                    run[2] = start - x - 1
                break
        else:
            left_over.append(piece)
    if left_over and grid:
        width = len(grid[0])
        spaced = [q for piece in left_over for q in (Piece(" ", piece.role), piece)][1:]
        shown = _fit(spaced, width - 2)
        size = sum(len(p.text) for p in shown)
        _put(grid, (width - size) // 2, len(grid) // 2, shown)


def ruled(lines: Sequence[Sequence[Piece]]) -> tuple[tuple[Piece, ...], ...]:
    """A square's lines with its bottom line underlined (each piece in its :data:`RULE`
    variant, a blank in :data:`RULE_ROLE`): the grid line under the square."""
    out = [tuple(line) for line in lines]
    if out:
        out[-1] = tuple(
            Piece(p.text, p.role + RULE if p.role in _BASE_STYLES else RULE_ROLE) for p in out[-1]
        )
    return tuple(out)


def square_paint(
    value: int,
    stands: Sequence[Piece],
    *,
    roomy: bool,
    role: str = "cell",
    alt: bool = False,
    ascii_mode: bool = False,
    monks: Mapping[int, Piece] | None = None,
    lit: Iterable[int] = (),
) -> CellPaint:
    """A square: ``value`` is a placed tile (``tile * 4 + rot``), -1 empty, -2 a rock garden;
    ``monks`` the monk letters standing at path ends (end -> piece); ``stands`` what else stands
    on it (tanuki, stash, trap), drawn in free cells; ``lit`` the path ends whose paths are lit;
    ``alt``: a square of the other colour of the checkerboard (so neighbouring tiles part). Its
    bottom line is underlined (:func:`ruled`)."""
    if role == "cell" and alt:
        role = "tk-alt"
    width, height = tile_size(roomy)
    monks = monks or {}
    if value >= 0:
        grid = line_picture(value, width, height, ascii_mode=ascii_mode, lit=lit)
        ends = end_cells(width, height)
        for end, piece in monks.items():
            x, y = ends[end]
            grid[y][x] = piece
        _place_stands(grid, free_cells(value, width, height), stands)
        return CellPaint(ruled(grid), role)
    grid = _grid(width, height)
    extra = [*monks.values(), *stands]
    if value == -2:
        rock = "#" if ascii_mode else "▒"
        for y in range(height):
            for x in range(1, width - 1):
                grid[y][x] = Piece(rock, "tk-rock")
        shown = _fit(extra, width - 2)
        if shown:
            size = sum(len(p.text) for p in shown)
            _put(grid, (width - size) // 2, height // 2, shown)
        return CellPaint(ruled(grid), role)
    shown = _fit(extra, width)
    _put(grid, (width - sum(len(p.text) for p in shown)) // 2, height // 2, shown)
    empty = {"cell": "empty", "tk-alt": "tk-alt-empty"}
    return CellPaint(ruled(grid), empty.get(role, role))


def cursor_paint(paint: CellPaint) -> CellPaint:
    """``paint`` as the garden's cursor: the square tinted (the ``tk-cursor`` cell role) and its
    blanks solid blocks of the cursor colour (:data:`CURSOR_STYLES`), every line, symbol and
    letter left as it is, in its own colour, so a tile under the cursor reads like any other
    (reverse video of the whole square turned its lines into gaps and gave them all one
    colour)."""

    def blank(piece: Piece) -> Piece:
        if piece.text.strip():
            return piece
        ruled = piece.role == RULE_ROLE or piece.role.endswith(RULE)
        return Piece(piece.text, CURSOR_BLANK + RULE if ruled else CURSOR_BLANK)

    lines = tuple(
        blank(Piece(line)) if isinstance(line, str) else tuple(blank(Piece(*p)) for p in line)
        for line in paint.lines
    )
    return CellPaint(
        tuple((line,) if isinstance(line, Piece) else line for line in lines),
        "tk-cursor",
        paint.spot,
    )


def edge_paint(
    label: str,
    stands: Sequence[Piece],
    width: int,
    height: int,
    *,
    label_at: tuple[int, int] | None = None,
    slots: Sequence[tuple[int, int]] = (),
) -> CellPaint:
    """An edge space: its row or column label (muted) at ``label_at`` (none when the label is
    drawn beside the space), and the monks standing on it in ``slots`` in turn, never over the
    label; monks beyond the slots are shown as one ``+`` in the last slot."""
    grid = _grid(width, height)
    if label_at is not None:
        _put(grid, label_at[0], label_at[1], [Piece(label, "tk-label")])
    places = [slot for slot in slots if slot != label_at]
    for i, piece in enumerate(stands[: len(places)]):
        x, y = places[i]
        if i == len(places) - 1 and len(stands) > len(places):
            piece = Piece("+", "tk-label")
        _put(grid, x, y, [piece])
    return CellPaint(_lines(grid), "tk-edge")


def hand_paint(
    tile: int, index: int, *, chosen: bool, hidden: bool = False, ascii_mode: bool = False
) -> CellPaint:
    """A tile in hand on two lines: ``1 t17`` (its key, its name) over its symbols (``●●⌂~``),
    the chosen one in the accent role."""
    if hidden:
        return CellPaint((f"{index + 1} ?", ""), "empty")
    glyphs = SYMBOL_GLYPHS[ascii_mode]
    ordered = sorted(TILE_SYMBOLS[tile], key="sda".index)
    symbols = tuple(Piece(glyphs[sym], f"tk-{sym}") for sym in ordered)
    return CellPaint((f"{index + 1} {tile_name(tile)}", symbols), "accent" if chosen else "cell")


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
