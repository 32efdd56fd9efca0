"""The words around The Gardens boards: the scoreboard (tiles and landmarks), mat titles, the
player panel's lines, and the legend of every letter and mark (the state marks too: the
cursor, what may be chosen, the chosen card, a taken place, the last move, which the boards draw
as glyphs or words beside the colours).

Player names are data: these functions return plain strings, which the screen shows literally.
"""

from __future__ import annotations

from gardens_tui.rules.the_gardens.components import (
    DECKS,
    LANDMARKS,
    SLOTS,
    SPECIES_TITLES,
    TILE_TEXT,
    layout_landmarks,
)
from gardens_tui.rules.the_gardens.engine import takes_left
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.rules.the_gardens.text import LANDMARK_CODES, SLOT_TITLES, landmark_side
from gardens_tui.rules.words import possessive
from gardens_tui.ui.screens.the_gardens.paint import LEGEND_LETTERS, TAKEN, place_name, symbol
from gardens_tui.ui.widgets.cell_paint import SPOT_MARKERS

LegendRow = tuple[str, str]
"""``(what is shown, what it means)``."""


def tile_lines(state: GardensState, roomy: bool) -> list[str]:
    """The scoring tiles in play: one line per slot (roomy, with the tile's rule), or one short
    line naming only the advanced tiles (compact)."""
    if roomy:
        return [
            f"{SLOT_TITLES[slot]}: {state.tiles[i]} ("
            f"{TILE_TEXT[(slot, state.tiles[i])].partition(': ')[2]})"
            for i, slot in enumerate(SLOTS)
        ]
    tiles = zip(SLOTS, state.tiles, strict=True)
    advanced = [f"{SLOT_TITLES[slot]} {tile}" for slot, tile in tiles if tile != "basic"]
    if not advanced:
        return ["Tiles: all basic"]
    return ["Tiles: " + ", ".join(advanced) + ("; others basic" if len(advanced) < 5 else "")]


def landmark_gives(state: GardensState, landmark: int) -> str:
    """What the landmark's card gives as it lies, saying which side: ``"6 points"`` or
    ``"ability (end: 3 points per bench)"`` (an ability's words may speak of points too)."""
    side = landmark_side(state, landmark)
    return side if state.faces[landmark] == "points" else f"ability ({side})"


def landmark_words(state: GardensState, landmark: int, roomy: bool) -> str:
    """Compact: ``"SL 6"`` (points side) or ``"HB"`` (ability side), written ``"-sl- 6"`` once
    claimed, as the mats show it (the player panel says who holds it); roomy: ``"(HB) Sydney
    Harbour Bridge: ability (end: 3 points per bench); unclaimed"``."""
    code = LANDMARK_CODES[landmark]
    owner = state.owners[landmark]
    if not roomy:
        points = f" {LANDMARKS[landmark].points}" if state.faces[landmark] == "points" else ""
        return f"{code if owner < 0 else f'-{code.lower()}-'}{points}"
    who = f"claimed by {state.players[owner]}" if owner >= 0 else "unclaimed"
    return f"({code}) {LANDMARKS[landmark].title}: {landmark_gives(state, landmark)}; {who}"


def landmark_lines(state: GardensState, roomy: bool) -> list[str]:
    """The landmarks in play, which give points and which abilities, and who claimed them
    (nothing without landmarks). Compact: one line for the points side (``Landmark points: SL
    6, -mc- 3``), one for the ability side (``Landmark abilities: HB, -lg-``)."""
    if not state.layout:
        return []
    shown = layout_landmarks(state.layout)
    lines: list[str] = []
    if roomy:
        lines = [landmark_words(state, lm, True) for lm in shown]
    else:
        for face, title in (("points", "Landmark points"), ("ability", "Landmark abilities")):
            these = [landmark_words(state, lm, False) for lm in shown if state.faces[lm] == face]
            if these:
                lines.append(f"{title}: " + ", ".join(these))
    if state.reserved:
        row, place = state.reserved
        holder = state.ability_holder(2)
        who = state.players[holder] if holder >= 0 else "?"
        lines.append(f"Reserved for {who}: {place_name(row, place)}")
    if state.species >= 0:
        lines.append(f"Moreton Bay Fig: {SPECIES_TITLES[state.species]}")
    return lines


def status_lines(state: GardensState, roomy: bool) -> list[str]:
    """The scoreboard beside the display: round, tiles, landmarks."""
    if state.over:
        head = f"Game over after {state.rounds} rounds"
    else:
        head = f"Round {state.round + 1} of {state.rounds}, start: {state.players[state.start]}"
    return [head, *tile_lines(state, roomy), *landmark_lines(state, roomy)]


def rows_taken(state: GardensState, seat: int) -> str:
    """Which display rows ``seat`` took from this round: ``"took A B"`` or, with two players,
    ``"took A2 B1"`` (how many of the two cards of each row)."""
    if state.over:
        return ""
    walked = state.walked[seat]
    if state.per_row == 1:
        rows = [DECKS[r] for r in range(3) if walked[r]]
    else:
        rows = [f"{DECKS[r]}{walked[r]}" for r in range(3) if walked[r]]
    return "took " + (" ".join(rows) if rows else "nothing yet")


PANEL_CODES = 3
"""Landmark codes per player panel line: ``landmarks HB MF LG`` fits the narrowest panel (80
columns), so a player's fourth and fifth landmarks go on a line of their own, never cut."""


def panel_lines(state: GardensState, seat: int) -> list[str]:
    """The player panel's lines under ``seat``: rows taken this round, landmarks claimed (at
    most :data:`PANEL_CODES` a line)."""
    lines = []
    taken = rows_taken(state, seat)
    if taken:
        lines.append(taken)
    claimed = [LANDMARK_CODES[lm] for lm in range(12) if state.owners[lm] == seat]
    for start in range(0, len(claimed), PANEL_CODES):
        lines.append("landmarks " + " ".join(claimed[start : start + PANEL_CODES]))
    return lines


def mat_title(state: GardensState, seat: int, score: int, mine: bool, others: bool) -> str:
    """``"Your mat (Ann): 12 points"`` / ``"Bob's mat: 9 points"``, and the ``o`` hint."""
    owner = state.players[seat]
    title = f"Your mat ({owner})" if mine else f"{possessive(owner)} mat"
    hint = " (o: next mat)" if others else ""
    return f"{title}: {score} points{hint}"


def open_rows(state: GardensState, seat: int) -> str:
    """The rows ``seat`` may still take from this round: ``"A, C"``."""
    return ", ".join(DECKS[r] for r in range(3) if takes_left(state, seat, r) > 0)


def legend_rows(state: GardensState, ascii_mode: bool) -> list[LegendRow]:
    """Every letter and mark the boards show, for the help screen (``?``; ``i``: no keys)."""
    ns, ew = symbol("ns", ascii_mode), symbol("ew", ascii_mode)
    spot = SPOT_MARKERS[ascii_mode]  # the state marks the boards draw on a card's top line
    rows: list[LegendRow] = [(letter, words) for letter, words, _ in LEGEND_LETTERS]
    rows += [
        (f"{ns} top/bottom", "a path end on the card's north / south edge"),
        (f"{ew} left/right", "a path end on the card's west / east edge"),
        ("CB", "the Central Board: a path end on every side, counts as a card"),
        ("V", "your visitor of that row, standing (no walk yet this round)"),
        ("v", "a visitor lying down (it walked this round)"),
        ("R", "on the display: the card Fort Denison's holder reserved"),
        ("A5", "the card's name (roomy layout; the info line names the card under the cursor)"),
        (
            f"{spot['legal']} or underlined",
            "a card you may take from the display, or where the chosen card may go (the left or "
            "right end of its row); the mark stands on the card's top line",
        ),
        (TAKEN, "on the display: a place whose card was taken this round"),
        (
            f"{spot['cursor-legal']} {spot['cursor']} or reversed",
            f"the cursor, on the board the arrows move (tab: the other board): "
            f"{spot['cursor-legal']} on a card or place Enter chooses, {spot['cursor']} anywhere "
            "else",
        ),
        (
            symbol("chosen", ascii_mode),
            "on the display: the card you chose to take, while you place it (esc puts it back)",
        ),
        (
            f"{spot['last-move']} or bold italic",
            "the last move: the card placed and every card its visitor saw",
        ),
    ]
    if state.layout:
        shown = layout_landmarks(state.layout)
        code = LANDMARK_CODES[shown[0]]
        rows += [
            (f"({code})", "an uncovered landmark still to claim: the first card on it claims it"),
            (f"-{code.lower()}-", "a landmark somebody already claimed: a card on it gets nothing"),
        ]
        for lm in shown:
            gives = landmark_gives(state, lm)
            rows.append((LANDMARK_CODES[lm], f"{LANDMARKS[lm].title}: {gives}"))
    return rows
