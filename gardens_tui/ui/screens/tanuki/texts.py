"""The words around the Tanuki board: the status line, the player panel lines, the legend (pure)."""

from __future__ import annotations

from gardens_tui.rules.tanuki.cards import title
from gardens_tui.rules.tanuki.components import edge_name, square_name
from gardens_tui.rules.tanuki.state import EDGE_BASE, OFF, TanukiState
from gardens_tui.rules.words import count
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
