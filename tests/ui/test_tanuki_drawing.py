"""The Tanuki in the Garden tile drawings (issue 9, "each tile's four paths drawn as lines between
its path ends and its symbols on them"), checked on the rendered character grid.

- roomy: for every one of the 35 path patterns in all 4 rotations, following the drawn line
  glyphs from each path end (straight on across ``┼`` and across a symbol glyph) reaches exactly
  its partner end, passing the glyph of that path's symbol once, and no other path's; the same
  with a lit (double-line) path; ASCII mode draws 7-bit only;
- compact (7x3, issue 26: "paths as paths, not numbered ends"): the same walk along the lines
  reaches each end's partner, every piece of a line (but a crossing) in the style of its
  path's symbol (thin shiitake, heavy den, dashed ashi-magari; a lit path double; ASCII
  ``| -``, ``H =``, ``: ~``, lit ``#``), except on a tunnel (a path drawn without its line):
  its two ends are its symbol in the tunnel role, never two tunnels of one symbol on a tile,
  at most two, and a tile has tunnels exactly when its four paths all cross its middle (68 of
  the 256 placements); no digits anywhere;
- a monk stands at its path end, other pieces go in free cells (never over a line);
- :func:`walks` follows each monk that moved, step by step, the active seat first.
"""

from __future__ import annotations

import pytest

from gardens_tui.rules.tanuki.components import (
    EXITS,
    PATTERNS,
    TILE_PATTERN,
    front,
    parse_square,
)
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import EDGE_BASE, OFF
from gardens_tui.ui.screens.tanuki.drawing import (
    ASCII_STYLE_LINES,
    COMPACT_SIZE,
    GLYPH_MASKS,
    MAX_TUNNELS,
    MOUTH_ROLES,
    ROOMY_SIZE,
    STYLE_LINES,
    SYMBOL_GLYPHS,
    compact_picture,
    line_picture,
    tile_route,
)
from gardens_tui.ui.screens.tanuki.drawing import pairing_of as drawing_pairing
from gardens_tui.ui.screens.tanuki.paint import square_paint
from gardens_tui.ui.screens.tanuki.routes import DOWN, LEFT, OPPOSITE, RIGHT, STEP, UP, end_cells
from gardens_tui.ui.screens.tanuki.walks import walks
from gardens_tui.ui.widgets.board_grid import Piece

STUBS = (UP, UP, RIGHT, RIGHT, DOWN, DOWN, LEFT, LEFT)
"""The direction out of the tile of each path end."""

SYMBOL_OF_GLYPH = {glyph: sym for sym, glyph in SYMBOL_GLYPHS[False].items()}

VALUES = [TILE_PATTERN.index(p) * 4 + rot for p in range(len(PATTERNS)) for rot in range(4)]
"""One tile value of each of the 35 patterns in each of its 4 rotations (140 drawings)."""


def text_rows(grid: list[list[Piece]]) -> list[str]:
    return ["".join(piece.text for piece in row) for row in grid]


def follow(rows: list[str], start: int) -> tuple[int | None, list[str]]:
    """From path end ``start`` follow the drawn glyphs into the tile: the end reached (``None``
    if the line breaks) and the symbol glyphs passed."""
    height, width = len(rows), len(rows[0])
    ends = end_cells(width, height)
    at = {cell: end for end, cell in enumerate(ends)}
    x, y = ends[start]
    moving = OPPOSITE[STUBS[start]]
    passed: list[str] = []
    for _ in range(width * height * 2):
        glyph = rows[y][x]
        came = OPPOSITE[moving]
        if glyph in SYMBOL_OF_GLYPH:
            passed.append(glyph)
            out = moving  # a symbol stands on a straight piece: on it goes
        else:
            mask = GLYPH_MASKS.get(glyph)
            if mask is None or not mask & came:
                return None, passed
            out = moving if mask == 15 else mask & ~came
        if (x, y) != ends[start] and (x, y) in at and out == STUBS[at[(x, y)]]:
            return at[(x, y)], passed
        if (x, y) == ends[start] and len(passed) == 0 and out == STUBS[start]:
            return None, passed
        dx, dy = STEP[out]
        x, y, moving = x + dx, y + dy, out
        if not (0 <= x < width and 0 <= y < height):
            return None, passed
    return None, passed


@pytest.mark.parametrize("value", VALUES)
def test_every_pattern_in_every_rotation_draws_each_path_end_to_its_partner(value: int) -> None:
    """Following the line glyphs from each of the 8 ends reaches exactly the partner end the
    tile joins it to, over exactly one symbol glyph: its path's symbol."""
    width, height = ROOMY_SIZE
    rows = text_rows(line_picture(value, width, height))
    for end in range(8):
        partner, sym = EXITS[value][end]
        reached, passed = follow(rows, end)
        assert reached == partner, f"end {end} of {value}:\n" + "\n".join(rows)
        assert [SYMBOL_OF_GLYPH[g] for g in passed] == [sym]


@pytest.mark.parametrize("value", VALUES[::7])
def test_a_lit_path_is_drawn_in_double_lines_and_still_joins_its_ends(value: int) -> None:
    """The lit path (the walked one) is double-lined (``║ ═ ╔`` ...); every path still joins its
    two ends on the picture."""
    width, height = ROOMY_SIZE
    grid = line_picture(value, width, height, lit=(0,))
    rows = text_rows(grid)
    assert any(ch in "║═╔╗╚╝╬╪╫" for row in rows for ch in row)
    for end in range(8):
        assert follow(rows, end)[0] == EXITS[value][end][0]


def test_ascii_mode_drawing_is_7_bit() -> None:
    width, height = ROOMY_SIZE
    for value in VALUES:
        for lit in ((), (3,)):
            rows = text_rows(line_picture(value, width, height, ascii_mode=True, lit=lit))
            assert all(ord(ch) < 128 for row in rows for ch in row)


EVERY_VALUE = list(range(64 * 4))
"""Every tile in every rotation (the compact drawing depends on the symbols too)."""


@pytest.mark.parametrize("value", EVERY_VALUE[::3])
def test_compact_drawing_joins_each_end_to_its_partner_by_a_line_or_a_tunnel(value: int) -> None:
    """At 7x3 following the lines from each end reaches its partner (no symbol glyph on the
    way: the line's style tells the symbol); an end of a tunnel shows its path's symbol in the
    tunnel role, and the only other such mark of that symbol on the tile is its partner. No
    digit is drawn."""
    width, height = COMPACT_SIZE
    grid = compact_picture(value)
    rows = text_rows(grid)
    ends = end_cells(width, height)
    mouths = {
        end: grid[y][x].text
        for end, (x, y) in enumerate(ends)
        if grid[y][x].role in MOUTH_ROLES.values()
    }
    assert len(mouths) <= 2 * MAX_TUNNELS
    for end in range(8):
        partner, sym = EXITS[value][end]
        if end in mouths:
            assert SYMBOL_OF_GLYPH[mouths[end]] == sym
            alike = [e for e, glyph in mouths.items() if glyph == mouths[end] and e != end]
            assert alike == [partner], "\n".join(rows)
            continue
        reached, passed = follow(rows, end)
        assert reached == partner, f"end {end} of {value}:\n" + "\n".join(rows)
        assert passed == []
    assert not any(ch.isdigit() for row in rows for ch in row)


@pytest.mark.parametrize("ascii_mode", [False, True])
@pytest.mark.parametrize("lit", [(), (0,), (5,)])
def test_compact_lines_are_drawn_in_the_style_of_their_symbol(
    ascii_mode: bool, lit: tuple[int, ...]
) -> None:
    """At 7x3 every piece of a path's line that is no crossing is drawn in its symbol's style
    (shiitake thin, den heavy, ashi-magari dashed; ASCII ``| -``, ``H =``, ``: ~``), a lit path
    in the lit style (double; ASCII ``#``), for all 256 placements; the straight pieces of the
    three styles and the lit one are all different glyphs."""
    tables = ASCII_STYLE_LINES if ascii_mode else STYLE_LINES
    straights = [(t[UP | DOWN], t[LEFT | RIGHT]) for t in tables.values()]
    assert len({g for pair in straights for g in pair}) == 2 * len(straights) - (
        1 if ascii_mode else 0  # ASCII lit is ``#`` both ways
    )
    for value in EVERY_VALUE:
        pairs, symbols = drawing_pairing(value)
        lit_paths = {i for i, pair in enumerate(pairs) if set(pair) & set(lit)}
        grid = compact_picture(value, ascii_mode=ascii_mode, lit=lit)
        drawn = tile_route(value, *COMPACT_SIZE)
        for (x, y), found in drawn.cells.items():
            if len(found) > 1:
                continue
            path, mask = found[0]
            style = "lit" if path in lit_paths else symbols[path]
            assert grid[y][x].text == tables[style][mask], (value, (x, y))


def test_compact_drawing_has_tunnels_where_three_lines_cannot_hold_the_tile() -> None:
    """Every placement is drawn at 7x3 with at most two tunnels; a tile has tunnels exactly
    when its four paths all run between its left and its right half (a line down the middle
    would cross all four, and three lines hold three): 68 of the 256 placements (26.6%; 166
    when every path needed a cell of its own for its symbol glyph); in ASCII mode the drawing
    is 7-bit too."""
    width, height = COMPACT_SIZE
    left = {0, 5, 6, 7}  # the north and south ends left of the middle, the west side
    with_tunnels = 0
    for value in EVERY_VALUE:
        drawn = tile_route(value, width, height)
        assert len(drawn.tunnels) <= MAX_TUNNELS
        pairs = [(end, EXITS[value][end][0]) for end in range(8)]
        across = all((a in left) != (b in left) for a, b in pairs)
        assert bool(drawn.tunnels) == across, value
        with_tunnels += bool(drawn.tunnels)
    assert with_tunnels == 68
    for value in EVERY_VALUE[::7]:
        rows = text_rows(compact_picture(value, ascii_mode=True, lit=(0,)))
        assert all(ord(ch) < 128 for row in rows for ch in row)


def test_a_monk_stands_at_its_path_end_and_a_stash_beside_the_lines() -> None:
    """The monk's letter replaces the line at its end cell; the tanuki and a stash take free
    cells, never a cell of a line."""
    value = VALUES[0]
    width, height = ROOMY_SIZE
    bare = text_rows(line_picture(value, width, height))
    paint = square_paint(
        value,
        [Piece("◆", "tk-blue"), Piece("$3", "tk-stash")],
        roomy=True,
        monks={4: Piece("A", "tk-seat0")},
    )
    rows = ["".join(p.text for p in line) for line in paint.lines]  # type: ignore[union-attr]
    x, y = end_cells(width, height)[4]
    assert rows[y][x] == "A"
    for row_bare, row in zip(bare, rows, strict=True):
        for a, b in zip(row_bare, row, strict=True):
            if a != " " and a != b:
                assert b == "A"
    text = "\n".join(rows)
    assert "◆" in text and "$3" in text


def test_walks_follow_each_extended_monk_the_active_seat_first() -> None:
    """Bob (active) lays a tile on c4 that both his path (from c5) and Ann's (from c3) lead
    into: the walks list Bob's step, then Ann's, each ``(square, entry end, exit end)`` ending
    where the monk stands now."""
    c3, c4, c5 = (parse_square(n) for n in ("c3", "c4", "c5"))
    assert c3 is not None and c4 is not None and c5 is not None
    tile = tile_joining({1: 7, 4: 2})
    old = make_position(
        ("Ann", "Bob"),
        monks={0: "c3 end 4", 1: "c5 end 1"},
        board={"c3": tile_joining({0: 4}), "c5": tile_joining({1: 5}, avoid=[tile >> 2])},
    )
    old.active = 1
    assert front(c3, 4) == (c4, 1) and front(c5, 1) == (c4, 4)
    new = old.copy()
    new.board[c4] = tile
    new.monks[0] = c4 * 8 + 7
    new.monks[1] = c4 * 8 + 2
    found = walks(old, new)
    assert [w.seat for w in found] == [1, 0]
    assert found[0].steps == ((c4, 4, 2),)
    assert found[1].steps == ((c4, 1, 7),)
    assert found[1].start == old.monks[0]


def test_no_walk_for_a_monk_that_starts_on_an_edge_space_or_stays() -> None:
    old = make_position(("Ann", "Bob"), monks={0: "off"})
    new = old.copy()
    new.monks[0] = EDGE_BASE + 3
    assert walks(old, new) == []
    assert walks(old, old.copy()) == []
    assert OFF == -1
