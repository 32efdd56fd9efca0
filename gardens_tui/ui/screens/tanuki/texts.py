"""The words around the Tanuki board: the status line, the player panel lines, the legend (pure)."""

from __future__ import annotations

from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki.cards import title
from gardens_tui.rules.tanuki.components import TANUKI_NAMES, edge_name, square_name
from gardens_tui.rules.tanuki.state import EDGE_BASE, OFF, TanukiState
from gardens_tui.ui.screens.help import LegendRow
from gardens_tui.ui.screens.tanuki.paint import TANUKI_GLYPHS, monk_letters


def status_line(s: TanukiState, ascii_mode: bool) -> str:
    """Dice, tanuki and piles in one short line."""
    glyphs = TANUKI_GLYPHS[ascii_mode]
    rolled = f"dice {glyphs[0]}{s.dice[0]} {glyphs[1]}{s.dice[1]}"
    dice = "dice -" if s.dice == [0, 0] else rolled
    out = f"{dice}  pile {len(s.pile)}"
    if s.master:
        out += f"  deck {len(s.deck)}"
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
    """Under each seat: its monk letter and place, its tiles and cards (sizes, or titles for
    the keyboard's own cards)."""
    letter = monk_letters(s.players)[seat]
    place = where_monk(s, seat)
    where = place if place == "off" or place.startswith("edge") else f"at {place}"
    line = f"{letter} {where}, {len(s.hands[seat])} tiles"
    out = [line]
    if s.master:
        cards = s.cards[seat]
        if own and cards and all(c >= 0 for c in cards):
            out.append("cards: " + ", ".join(title(c) for c in cards))
        else:
            out.append(f"{len(cards)} cards")
    return out


def legend_rows(s: TanukiState, ascii_mode: bool) -> list[LegendRow]:
    """Every letter and mark the board shows, for the help screen (``?``; ``i``: no keys)."""
    blue, gold = TANUKI_GLYPHS[ascii_mode]
    letters = monk_letters(s.players)
    rows: list[LegendRow] = [
        ("1 2 3 4", "a path end: the two ends with the same number are one path"),
        ("1s 2d 3a", "the symbol on each path: s shiitake, d tanuki den, a ashi-magari"),
        (
            "ends",
            "top line: north ends; bottom line: south ends; first / last column: west / east",
        ),
        (blue, f"the {TANUKI_NAMES[0]} tanuki"),
        (gold, f"the {TANUKI_NAMES[1]} tanuki"),
        ("$3", "a stash of 3 shiitake on the square"),
        ("^a", "Tanuki Trap A"),
        ("##", "a rock garden"),
        ("a-f, 1-6", "around the garden: the 24 edge spaces (n1-n6, e1-e6, s1-s6, w1-w6)"),
        ("underlined", "where you may act now (the square your tile goes on, an edge space)"),
        ("reverse", "the cursor; on the lit square the tile you lay is previewed (r turns it)"),
        ("bold italic", "the squares the last walk crossed (the log tells each step)"),
    ]
    for seat, name in enumerate(s.players):
        rows.append((letters[seat], f"the monk of {printable(name, newlines=False)}"))
    return rows
