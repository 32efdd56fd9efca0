"""The words around The Gardens boards: the scoreboard (tiles and landmarks), mat titles, the
player panel's lines, and the legend of every letter and mark (the state marks too: the
cursor, what may be chosen, the chosen card, a taken place, the last move, which the boards draw
as glyphs or words beside the colours).

Player names are data: these functions return plain strings, which the screen shows literally.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len

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
from gardens_tui.ui.widgets.prompt import shorten, wrapped_height

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


def wrapped_lines(lines: list[str], width: int) -> int:
    """How many terminal lines ``lines`` take word-wrapped at ``width`` columns (as the
    widget showing them wraps them: by terminal cells, not characters)."""
    return sum(wrapped_height(line, width) for line in lines)


def _status_forms(state: GardensState, width: int, ascii_mode: bool) -> Iterator[list[str]]:
    """The compact scoreboard's wordings, from the fullest to the shortest: the start player's
    and Fort Denison's holder's names cut to keep their lines to one; then the advanced tiles
    left to the legend (``i``); then the landmark lines' labels shortened; then the reserved
    card left to the display's ``R``; last, the round alone."""
    lines = status_lines(state, False)
    if not state.over:
        lead = f"Round {state.round + 1} of {state.rounds}, start: "
        lines[0] = lead + shorten(
            state.players[state.start], width - len(lead), symbol("ellipsis", ascii_mode)
        )
    holder = state.ability_holder(2)
    if state.reserved and holder >= 0:
        lead, where = "Reserved for ", f": {place_name(*state.reserved)}"
        name = shorten(
            state.players[holder], width - len(lead) - len(where), symbol("ellipsis", ascii_mode)
        )
        lines = [lead + name + where if line.startswith(lead) else line for line in lines]
    yield lines
    tiles = tile_lines(state, False)
    if tiles != ["Tiles: all basic"]:
        advanced = sum(1 for tile in state.tiles if tile != "basic")
        lines = [lines[0], f"Tiles: {advanced} advanced (i: which)", *lines[1 + len(tiles) :]]
        yield lines
    labels = {"Landmark points: ": "Points: ", "Landmark abilities: ": "Abilities: "}
    for long, short in labels.items():
        lines = [
            short + line.removeprefix(long) if line.startswith(long) else line for line in lines
        ]
    yield lines
    lines = [line for line in lines if not line.startswith("Reserved for ")]
    yield lines
    if not state.over:
        yield [f"Round {state.round + 1} of {state.rounds}", *lines[1:]]


def fitted_status(
    state: GardensState, width: int, room: int, ascii_mode: bool = False
) -> list[str]:
    """The compact scoreboard in at most ``room`` lines of ``width`` columns: the fullest of
    :func:`_status_forms` that fits (the shortest if none does)."""
    forms = list(_status_forms(state, width, ascii_mode))
    return next((lines for lines in forms if wrapped_lines(lines, width) <= room), forms[-1])


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


def mat_title(
    state: GardensState,
    seat: int,
    score: int,
    mine: bool,
    others: bool,
    width: int = 0,
    ascii_mode: bool = False,
) -> str:
    """``"Your mat (Ann): 12 points"`` / ``"Bob's mat: 9 points"``, and the ``o`` hint. Within
    ``width`` columns (0: no limit) the hint goes first (the command list shows ``o`` too), then
    the owner's name is shortened."""
    owner = state.players[seat]
    hint = " (o: next mat)" if others else ""

    def title(name: str) -> str:
        return f"Your mat ({name})" if mine else f"{possessive(name)} mat"

    full = f"{title(owner)}: {score} points{hint}"
    if not width or cell_len(full) <= width:
        return full
    tail = f": {score} points"
    spare = width - cell_len(title(owner) + tail)
    if spare >= 0:
        return title(owner) + tail
    name = shorten(owner, max(cell_len(owner) + spare, 1), symbol("ellipsis", ascii_mode))
    return title(name) + tail


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
    rows += [
        (SLOT_TITLES[slot], f"scoring tile: {tile} ({TILE_TEXT[(slot, tile)]})")
        for slot, tile in zip(SLOTS, state.tiles, strict=True)
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
