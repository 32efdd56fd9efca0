"""The Tanuki in the Garden legend (``i``, and the legend part of ``?``): every mark the garden
shows, as drawn at the size in use (pure).

Both sizes draw a tile's paths as lines (:mod:`.drawing`); the compact garden (80x24) draws
each line in its symbol's style (thin, heavy, dashed; a lit one double), has tunnels (a path
shown only by its two ends) and draws the grid line between squares above and below as an
underline (:func:`~.paint.ruled`). Labels stay where they are; a monk on an edge
space stands beside its label (:mod:`.layouts`).
"""

from __future__ import annotations

from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki.components import TANUKI_NAMES
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.ui.screens.help import LegendRow
from gardens_tui.ui.screens.tanuki.drawing import SYMBOL_GLYPHS
from gardens_tui.ui.screens.tanuki.paint import TANUKI_GLYPHS, monk_letters

_PATH = (
    "a path: each tile has 4, each joining two path ends on its sides (and on to the next "
    "tile); where two paths cross they go straight on and do not join"
)
_LIT = (
    "a lit path: the one your monk would walk on the previewed tile, or the paths of the last walk"
)


def _compact_line_rows(ascii_mode: bool) -> list[LegendRow]:
    """The compact drawing's lines: each path drawn in the style of the symbol it carries
    (:data:`~.drawing.STYLE_LINES`), a lit one double (ASCII ``#``)."""
    if ascii_mode:
        styles = ("| - . ' +", "H = . '", ": ~ . '", "#")
        words = ("a line of | and -", "a line of H and =", "a line of : and ~", "drawn in #")
    else:
        styles = ("│ ─ ╭ ╮ ┼", "┃ ━ ┏ ┛ ╋", "┆ ┄ ╭ ╯", "║ ═ ╔ ╬")
        words = ("a thin line", "a heavy line", "a dashed line", "drawn double")
    return [
        (styles[0], f"{_PATH}; {words[0]} carries shiitake (+1 shiitake for the monk walking it)"),
        (styles[1], f"{words[1]}: the path carries a tanuki den (-1 shiitake)"),
        (styles[2], f"{words[2]}: the path carries an ashi-magari (draw no tile this turn)"),
        (styles[3], f"{_LIT}; {words[3]}, in the colour of the symbol it carries"),
    ]


def legend_rows(
    s: TanukiState, ascii_mode: bool, roomy: bool = False, *, zoom: bool = False
) -> list[LegendRow]:
    """Every letter and mark the garden shows, for the help screen (``?``; ``i``: no keys): the
    tile drawing first (``roomy``: the 114x36 one; else the compact one, ``zoom``: with the zoom
    under it), then the symbols, the pieces, the labels and the marks of the board's states."""
    blue, gold = TANUKI_GLYPHS[ascii_mode]
    sym = SYMBOL_GLYPHS[ascii_mode]
    letters = monk_letters(s.players)
    if roomy:
        lines = "| - . ' +" if ascii_mode else "│ ─ ╭ ╮ ┼"
        lit = "# =" if ascii_mode else "║ ═ ╔ ╬"
        rows: list[LegendRow] = [
            (lines, _PATH),
            (lit, _LIT),
        ]
    else:
        rows = _compact_line_rows(ascii_mode)
    if not roomy:
        rows += [
            (
                f"{sym['s']}  {sym['s']}",
                "reversed, at two ends of a tile: a tunnel, one path drawn without its line "
                "(three lines cannot hold every tile); the two reversed marks of one symbol "
                "on a tile are that path's two ends, and it carries that symbol",
            ),
            (
                "underlined",
                "the bottom line of each square: the grid line between a square and the one "
                "below (paths cross it)",
            ),
            (
                "bigger window",
                "from 114x36 the tiles are drawn larger, every path as a line; from 30 lines "
                "high the square under the cursor is drawn larger below the garden",
            ),
        ]
        if zoom:
            rows.append(
                (
                    "under the garden",
                    "the square under the cursor drawn with its paths as lines, and its paths "
                    "in words",
                )
            )
    rows += [
        (sym["s"], "shiitake on a path: +1 shiitake for the monk walking it"),
        (sym["d"], "a tanuki den on a path: -1 shiitake"),
        (sym["a"], "an ashi-magari on a path: draw no tile this turn (others: discard one)"),
        (blue, f"the {TANUKI_NAMES[0]} tanuki"),
        (gold, f"the {TANUKI_NAMES[1]} tanuki"),
        ("$3", "a stash of 3 shiitake on the square (the next monk to enter takes it)"),
        ("^a", "Tanuki Trap A"),
        ("#" if ascii_mode else "▒", "a rock garden"),
        (
            "a-f, 1-6",
            "the column letters and row numbers: they stay where they are, whoever stands "
            "beside them",
        ),
        (
            "round the garden",
            "the 24 edge spaces: edge n1 to edge n6 above the garden, edge e1 to edge e6 on "
            "its right, edge s1 to edge s6 below, edge w1 to edge w6 on its left; a monk "
            "waiting on one stands beside its letter or number",
        ),
        (
            "1 2",
            "by your monk's edge space, while you choose which of its two ends it walks in by: "
            "end 1 and end 2, as the choices list (c) and the hints name them (end 1 comes first "
            "going clockwise round the garden); the end the previewed tile is entered by is "
            "reversed (r changes it)",
        ),
        ("shaded", "where you may act now (the square your tile goes on, an edge space)"),
        (
            "tinted square",
            "the cursor on the garden: its square tinted and its blanks filled, the tile on it "
            "drawn as ever; on the lit square the tile you lay is previewed (r turns it)",
        ),
        ("reverse", "the cursor on your tiles (tab: from the garden to them and back)"),
        ("bold italic", "the squares the last walk crossed (the log tells each step)"),
    ]
    for seat, name in enumerate(s.players):
        rows.append(
            (letters[seat], f"the monk of {printable(name, newlines=False)}, at its path end")
        )
    return rows
