"""The words around the Tanuki board: the status line, the player panel lines, the legend (pure)."""

from __future__ import annotations

from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki.cards import title
from gardens_tui.rules.tanuki.components import TANUKI_NAMES, edge_name, square_name
from gardens_tui.rules.tanuki.state import EDGE_BASE, OFF, TanukiState
from gardens_tui.rules.words import count
from gardens_tui.ui.screens.help import LegendRow
from gardens_tui.ui.screens.tanuki.drawing import SYMBOL_GLYPHS
from gardens_tui.ui.screens.tanuki.paint import TANUKI_GLYPHS, monk_letters


def status_line(s: TanukiState, ascii_mode: bool) -> str:
    """Dice and the goal, then the piles, on two short lines: ``dice ◆3 ◇5   goal 15`` and
    ``pile 58   deck 48``."""
    glyphs = TANUKI_GLYPHS[ascii_mode]
    rolled = f"dice {glyphs[0]}{s.dice[0]} {glyphs[1]}{s.dice[1]}"
    dice = "dice -    " if s.dice == [0, 0] else rolled
    out = f"{dice}   goal {s.target}\npile {len(s.pile)}"
    if s.master:
        out += f"   deck {len(s.deck)}"
    return out


def where_monk(s: TanukiState, seat: int) -> str:
    """Where a seat's monk is, briefly."""
    m = s.monks[seat]
    if m == OFF:
        return "off"
    if m >= EDGE_BASE:
        return f"edge {edge_name(m - EDGE_BASE)}"  # "e2" alone would read as a square
    return square_name(m >> 3)


def panel_lines(s: TanukiState, seat: int, own: bool) -> list[str]:
    """Under each seat: its monk letter and place, its tiles and cards (sizes, or for the
    keyboard's own cards their count then each title on a line of its own)."""
    letter = monk_letters(s.players)[seat]
    place = where_monk(s, seat)
    where = place if place == "off" or place.startswith("edge") else f"at {place}"
    line = f"{letter} {where}, {count(len(s.hands[seat]), 'tile')}"
    out = [line]
    if s.master:
        cards = s.cards[seat]
        if own and cards and all(c >= 0 for c in cards):
            out.append(f"{count(len(cards), 'card')}:")  # then each title on its own line
            out += [f" {title(c)}" for c in cards]
        else:
            out.append(count(len(cards), "card"))
    return out


def legend_rows(
    s: TanukiState, ascii_mode: bool, roomy: bool = False, *, zoom: bool = False
) -> list[LegendRow]:
    """Every letter and mark the board shows, for the help screen (``?``; ``i``: no keys): the
    tile drawing of the size in use first (``zoom``: the zoom under the compact garden)."""
    blue, gold = TANUKI_GLYPHS[ascii_mode]
    sym = SYMBOL_GLYPHS[ascii_mode]
    letters = monk_letters(s.players)
    if roomy:
        lines = "| - / \\ +" if ascii_mode else "│ ─ ╭ ╮ ┼"
        lit = "# =" if ascii_mode else "║ ═ ╔ ╬"
        rows: list[LegendRow] = [
            (
                lines,
                "a path: each tile has 4, each joining two path ends on its sides; + is "
                "two paths crossing (they do not join)",
            ),
            (
                lit,
                "a lit path: the one your monk would walk on the previewed tile, or the "
                "paths of the last walk",
            ),
        ]
    else:
        rows = [
            (
                "1 2 3 4",
                "a path end: the two ends with the same number are joined by one path "
                "(top line: north ends, bottom line: south ends, first / last column: west / east)",
            ),
            (
                f"1{sym['s']}2{sym['d']}3{sym['a']}4{sym['s']}",
                "the middle line: each path's number and its symbol",
            ),
            (
                "bold underlined",
                "the ends of a lit path: the one your monk would walk on the "
                "previewed tile, or the paths of the last walk",
            ),
            (
                "bigger window",
                "from 114x36 the tiles are drawn with their paths as lines; "
                "from 30 lines high the square under the cursor is, below the garden",
            ),
        ]
        if zoom:
            rows.append(
                (
                    "under the garden",
                    "the square under the cursor drawn with its paths as lines, "
                    "and its paths in words",
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
        ("a-f, 1-6", "around the garden: the 24 edge spaces (n1-n6, e1-e6, s1-s6, w1-w6)"),
        ("shaded", "where you may act now (the square your tile goes on, an edge space)"),
        ("reverse", "the cursor; on the lit square the tile you lay is previewed (r turns it)"),
        ("bold italic", "the squares the last walk crossed (the log tells each step)"),
    ]
    for seat, name in enumerate(s.players):
        rows.append(
            (letters[seat], f"the monk of {printable(name, newlines=False)}, at its path end")
        )
    return rows
