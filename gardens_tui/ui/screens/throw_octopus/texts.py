"""The words around the Throw Octopus! boards: panel lines, the status line, the legend (pure)."""

from __future__ import annotations

from gardens_tui.rules.throw_octopus.components import (
    CARD_TITLES,
    KEPT_CARDS,
    LETTERS,
    SPECIES,
    tile_name,
)
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import count, possessive
from gardens_tui.ui.screens.help import LegendRow


def panel_lines(s: ThrowState, seat: int) -> list[str]:
    """Under each seat: how many tiles in hand (never which), kept cards (one line per kind,
    face up for all to see), lost turns, creatures completed."""
    out = [count(len(s.hands[seat]), "tile")]
    out += [kept_cards([c for c in s.held[seat] if c == card], True) for card in KEPT_CARDS]
    out = [line for line in out if line]
    if s.lost[seat]:
        out.append(f"loses {count(s.lost[seat], 'turn')}")
    small, large = s.creatures[seat]
    if small or large:
        out.append(f"done {small} small, {large} large")
    return out


def status_line(s: ThrowState, sep: str = " · ") -> str:
    """Whose turn (a bonus turn said so), the pile, the action deck and the used cards, in one
    short line, parts joined by ``sep`` (names are data: the caller draws the line
    literally)."""
    parts = []
    if not s.over:
        turn = f"{possessive(s.players[s.active])} turn"
        if s.bonus_turn:
            turn += " (bonus turn)"
        parts.append(turn)
    parts.append(f"pile {len(s.pile)}")
    if s.solo:
        if s.discarded:
            parts.append(f"discarded {len(s.discarded)}")
    else:
        parts.append(f"cards {len(s.deck)}")
        if s.discard:
            parts.append(f"used {len(s.discard)}")
    return sep.join(parts)


def kept_cards(held: list[str], short: bool = False) -> str:
    """A seat's kept cards: ``Octo Shield (face up)``, ``2x Magic Touch`` (empty: none);
    ``short`` leaves out "(face up)" (the player panel, where every kept card shows)."""
    out = []
    for card in KEPT_CARDS:
        number = held.count(card)
        if not number:
            continue
        title = CARD_TITLES[card]
        if card == "shield" and not short:
            title += " (face up)"
        out.append(title if number == 1 else f"{number}x {title}")
    return ", ".join(out)


def hand_title(
    s: ThrowState, seat: int | None, shown: int, chosen: str, touch_now: bool, sep: str = " · "
) -> str:
    """The line above the hand: whose hand and how many tiles, the chosen tile and the kept
    cards, a Magic Touch marked ``(m)`` when it may be played now (``seat`` ``None``: nobody's
    hand is shown; once the game is over the line points to the final scores instead)."""
    if seat is None:
        if s.is_over:
            return "The game is over: e shows every player's tiles left"
        return "Hands are secret: each shows as a count beside the players"
    parts = [f"{possessive(s.players[seat])} hand: {count(shown, 'tile')}"]
    if chosen:
        parts.append(chosen)
    kept = kept_cards(s.held[seat]) if seat < len(s.held) else ""
    if kept:
        if touch_now:
            kept = kept.replace(CARD_TITLES["touch"], f"{CARD_TITLES['touch']} (m)")
        parts.append(kept)
    return sep.join(parts)


def chosen_words(tile: int | None, rotation: int, touching: bool, no_place: bool) -> str:
    """The hand title's words on the tile being placed: ``tile`` chosen (or lifted by a Magic
    Touch: ``touching``), ``turned`` at 180 degrees, ``(no place)`` when it fits nowhere;
    during a Magic Touch with nothing lifted, what to do."""
    if tile is None:
        return "Magic Touch: lift a lit tile" if touching else ""
    verb = "lifted" if touching else "chosen"
    words = f"{verb} {tile_name(tile)}{' turned' if rotation else ''}"
    return words + " (no place)" if no_place else words


def legend_rows(ascii_mode: bool) -> list[LegendRow]:
    """Every letter and mark the seascape shows, for the help screen (``?``; ``i``: no keys)."""
    rows: list[LegendRow] = [
        (LETTERS[value], SPECIES[value] + (" (large)" if value >= 6 else " (small)"))
        for value in range(1, len(SPECIES))
    ]
    rows += [
        (".", "water"),
        ("O Y B ...", "capitals, underlined: a complete creature (four tiles around it)"),
        ("t42", "the tile's name (t1-t85); its four corners are at the tile's corners"),
        ("oo  oo", "roomy: each corner is two letters; four tiles around a point make a creature"),
        ("@", "the octopus icon: playing the tile draws an action card"),
        ("+", "a free place beside the seascape"),
        ("underlined " + ("." if ascii_mode else "·"), "where the chosen tile may go now"),
        ("reverse", "the cursor; on a free place the chosen tile is previewed (r turns it)"),
        ("lit tile in hand", "the tile chosen to play (its places are lit on the seascape)"),
        ("bold italic", "the last tile placed"),
    ]
    return rows
