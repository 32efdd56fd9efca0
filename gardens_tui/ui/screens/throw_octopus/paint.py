"""How Throw Octopus! tiles are drawn on the seascape and in the hand (pure).

A tile's four corners sit in the cell's corners, each the species letter (``.`` water, drawn
plain) in the species' colour; the tile's name is on its top line and ``@`` (the octopus icon)
in its middle. Two sizes:

- small (:data:`CELL_WIDTH` x :data:`CELL_HEIGHT`, the compact seascape and every hand)::

      o t42 y
      b  @  .

  Tiles touch on the seascape, so the four corners meeting at a grid point form a 2x2 block
  of one letter: a creature.
- roomy (:data:`ROOMY_WIDTH` x :data:`ROOMY_HEIGHT`, the roomy seascape; tiles one column and
  one row apart)::

      oo t42 .
          @
      bb     yy

  Around a grid point the four quarters draw four bars of the creature's letter.

A complete creature (four tiles around its point) is drawn in capitals and underlined. A free
place beside the seascape is a ``+``.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from gardens_tui.rules.throw_octopus.components import LETTERS, OCTOPUS, corners, tile_name
from gardens_tui.rules.throw_octopus.seascape import CORNER_OFFSETS
from gardens_tui.rules.throw_octopus.state import Cell
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece

CELL_WIDTH = 7
CELL_HEIGHT = 2
ROOMY_WIDTH = 9
ROOMY_HEIGHT = 3

SPECIES_ROLES: dict[str, str] = {
    "to-o": "color: $text-warning; text-style: bold;",
    "to-y": "color: $text-warning; text-style: bold italic;",
    "to-b": "color: $text-primary; text-style: bold;",
    "to-p": "color: $text-accent; text-style: bold;",
    "to-g": "color: $text-success; text-style: bold;",
    "to-m": "color: $text-secondary; text-style: bold;",
    "to-r": "color: $text-error; text-style: bold;",
    "to-e": "color: $text-success; text-style: bold italic;",
}
"""The colour of each species' letter (theme text colours: readable in every theme). Where two
species share a colour the letter (and the style) tells them apart."""

ROLE_STYLES: dict[str, str] = {
    **SPECIES_ROLES,
    **{
        f"{role}-done": style.replace("text-style: bold", "text-style: bold underline")
        for role, style in SPECIES_ROLES.items()
    },
    "to-water": "color: $foreground-muted;",
    "to-name": "color: $foreground-muted;",
    "to-icon": "color: $text-accent; text-style: bold;",
}
"""The Textual CSS of every piece role (``board-grid--<role>``)."""

ROLES: tuple[str, ...] = tuple(ROLE_STYLES)
"""Every piece role."""

CELL_STYLES: dict[str, str] = {
    "to-tile": "background: $panel; color: $foreground;",
    "to-preview": "background: $boost; color: $foreground;",
    "to-free": "background: $surface; color: $foreground-muted;",
}
"""The board's own cell roles: a placed tile, the previewed tile, a free place."""


def corner_piece(value: int, done: bool) -> Piece:
    """One corner: the species letter in its colour (capital and underlined when the creature
    is complete), or ``.`` for water."""
    if value == 0:
        return Piece(".", "to-water")
    letter = LETTERS[value]
    if done:
        return Piece(letter.upper(), f"to-{letter}-done")
    return Piece(letter, f"to-{letter}")


def tile_paint(
    tile: int,
    rotation: int,
    done: tuple[bool, bool, bool, bool] = (False, False, False, False),
    role: str = "to-tile",
    roomy: bool = False,
) -> CellPaint:
    """A tile turned ``rotation`` degrees, small or ``roomy``; ``done`` says which corners are
    complete creatures; ``role`` is the cell's role (a placed tile, the preview)."""
    if roomy:
        return _roomy_tile(tile, rotation, done, role)
    tl, tr, bl, br = corners(tile, rotation)
    name = tile_name(tile)
    icon = "@" if OCTOPUS[tile] else " "
    top = (corner_piece(tl, done[0]), Piece(f" {name:^3} ", "to-name"), corner_piece(tr, done[1]))
    bottom = (corner_piece(bl, done[2]), Piece(f"  {icon}  ", "to-icon"), corner_piece(br, done[3]))
    return CellPaint((top, bottom), role, spot=(3, 1) if icon == " " else None)


def _roomy_corner(value: int, done: bool, width: int, water_at: int) -> Piece:
    """A corner ``width`` wide: the letter repeated, or water (a plain ``.`` at column
    ``water_at`` of the piece, -1 for none)."""
    if value == 0:
        text = "".join("." if i == water_at else " " for i in range(width))
        return Piece(text, "to-water")
    piece = corner_piece(value, done)
    return Piece(piece.text * width, piece.role)


def _roomy_tile(
    tile: int, rotation: int, done: tuple[bool, bool, bool, bool], role: str
) -> CellPaint:
    tl, tr, bl, br = corners(tile, rotation)
    name = tile_name(tile)
    icon = "@" if OCTOPUS[tile] else " "
    top = (
        _roomy_corner(tl, done[0], 2, 0),
        Piece(f"{name:^5}", "to-name"),
        _roomy_corner(tr, done[1], 2, 1),
    )
    middle = Piece(f"    {icon}    ", "to-icon")
    bottom = (
        _roomy_corner(bl, done[2], 2, 0),
        Piece("     ", "to-name"),
        _roomy_corner(br, done[3], 2, 1),
    )
    return CellPaint((top, (middle,), bottom), role, spot=(4, 2))


def free_paint(roomy: bool = False) -> CellPaint:
    """An empty place beside the seascape: a ``+`` (the state glyph goes above it)."""
    if roomy:
        return CellPaint(("", "    +    ", ""), "to-free", spot=(4, 0))
    return CellPaint(("       ", "   +   "), "to-free", spot=(3, 0))


def sea_cell_paint(
    board: Mapping[Cell, int],
    cell: Cell,
    complete: Container[Cell],
    *,
    preview: int | None,
    rotation: int,
    lifted: int | None,
    roomy: bool,
) -> CellPaint:
    """A seascape cell: the tile lying there as it lies (its corners at ``complete`` points
    drawn as complete creatures; the tile a Magic Touch ``lifted`` as a free place), else
    ``preview`` (the tile being placed, when the cursor is here) turned ``rotation``, else a
    free place."""
    x, y = cell
    code = board.get(cell)
    if code is None:
        if preview is not None:
            return tile_paint(preview, rotation, role="to-preview", roomy=roomy)
        return free_paint(roomy)
    done = tuple((x + dx, y + dy) in complete for dx, dy in CORNER_OFFSETS)
    turned = 180 if code & 1 else 0
    role = "to-free" if code >> 1 == lifted else "to-tile"
    return tile_paint(code >> 1, turned, done, role, roomy)  # type: ignore[arg-type]


def hand_cell_paint(
    hand: Sequence[int], index: int, chosen: int | None, rotation: int
) -> CellPaint:
    """The ``index``-th place of the hand board: its tile (the ``chosen`` one as it would lie,
    turned ``rotation``), or an empty place past the last tile."""
    if not 0 <= index < len(hand):
        return CellPaint("", "to-free")
    tile = hand[index]
    if tile == chosen:
        return tile_paint(tile, rotation, role="to-preview")
    return tile_paint(tile, 0)
