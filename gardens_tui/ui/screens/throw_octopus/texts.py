"""The words around the Throw Octopus! boards: panel lines, the status line, the legend (pure)."""

from __future__ import annotations

from gardens_tui.rules.throw_octopus.components import CARD_TITLES, LETTERS, SPECIES
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import count
from gardens_tui.ui.screens.help import LegendRow


def panel_lines(s: ThrowState, seat: int) -> list[str]:
    """Under each seat: how many tiles in hand (never which), kept cards, lost turns, creatures
    completed."""
    out = [count(len(s.hands[seat]), "tile")]
    if s.held[seat]:
        out.append(", ".join(CARD_TITLES[c] for c in s.held[seat]))
    if s.lost[seat]:
        out.append(f"loses {count(s.lost[seat], 'turn')}")
    small, large = s.creatures[seat]
    if small or large:
        out.append(f"done {small} small, {large} large")
    return out


def status_line(s: ThrowState) -> str:
    """The pile (and the action deck) in one short line."""
    out = f"pile {len(s.pile)}"
    if s.solo:
        if s.discarded:
            out += f"  discarded {len(s.discarded)}"
    else:
        out += f"  cards {len(s.deck)}"
    if s.bonus_turn:
        out += "  bonus turn"
    return out


def legend_rows(ascii_mode: bool) -> list[LegendRow]:
    """Every letter and mark the seascape shows, for the help screen (``?``; ``i``: no keys)."""
    rows: list[LegendRow] = [
        (LETTERS[value], SPECIES[value] + (" (large)" if value >= 6 else " (small)"))
        for value in range(1, len(SPECIES))
    ]
    rows += [
        (".", "water"),
        ("O Y B ...", "capitals, underlined: a complete creature (four tiles around it)"),
        ("t42", "the tile's name (t1-t85); its four corners are at the cell's corners"),
        ("@", "the octopus icon: playing the tile draws an action card"),
        ("+", "a free place beside the seascape"),
        ("underlined " + ("." if ascii_mode else "·"), "where the chosen tile may go now"),
        ("reverse", "the cursor; on a free place the chosen tile is previewed (r turns it)"),
        ("bold italic", "the last tile placed"),
    ]
    return rows
