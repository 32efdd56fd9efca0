"""Plain-text pictures for ``gardens show`` and the log: the display, every mat with its visitors
and landmarks, the scoring tiles, the score table and the prompt; and a sentence per action.

A mat cell is two lines of 7 characters: the card's name (``A5``) with the visitor mark, then
its features (see :data:`LEGEND`). Player names are data: they are printed as given (the rules
package has already checked them at set-up) and never treated as markup by anything here.
"""

from __future__ import annotations

from typing import NamedTuple

from gardens_tui.rules.base import Action
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS,
    COLUMNS,
    DECKS,
    FIG,
    LANDMARKS,
    SLOTS,
    SPECIES,
    SPECIES_LETTERS,
    SPECIES_TITLES,
    TILE_TEXT,
    layout_landmarks,
    path_letters,
)
from gardens_tui.rules.the_gardens.scoring import CATEGORIES, fig_points, score_rows, trees_of
from gardens_tui.rules.the_gardens.state import CENTRAL, EMPTY, NO_CARD, GardensState
from gardens_tui.rules.words import count, possessive

LANDMARK_CODES: tuple[str, ...] = (
    "OH",
    "HB",
    "FD",
    "MC",
    "MF",
    "CM",
    "LG",
    "DP",
    "AG",
    "GP",
    "SL",
    "ST",
)
"""Two-letter codes of the twelve landmarks (by landmark id), shown on uncovered mat cells."""

LEGEND = (
    "Legend: trees w wattle, b bottlebrush, j jacaranda, p canary palm;\n"
    "  ~ stream, F fountain, B bench, S statue, * picnic; path ends N E S W;\n"
    "  CB Central Board; V a visitor standing, v one lying down (walked this round);\n"
    "  (OH) an uncovered landmark still to claim, -oh- one somebody already claimed\n"
    "  (codes under Landmarks)"
)


def landmark_mark(s: GardensState, landmark: int) -> str:
    """How an uncovered landmark is marked on a mat: ``(OH)`` while nobody has claimed it (the
    first card on it claims its card), ``-oh-`` once somebody has (a card on it claims
    nothing). Told apart by the letters, not by colour."""
    code = LANDMARK_CODES[landmark]
    return f"({code})" if s.owners[landmark] < 0 else f"-{code.lower()}-"


def landmark_side(s: GardensState, landmark: int) -> str:
    """What a landmark's card gives, as it lies: ``"3 points"`` or its ability's words."""
    info = LANDMARKS[landmark]
    return f"{info.points} points" if s.faces[landmark] == "points" else info.ability


class TakeOutcome(NamedTuple):
    """What a take does at once: the points it scores now (its walk and, on a landmark's
    points side, the landmark's points) and the landmark it claims (``-1``: none)."""

    points: int
    claims: int


def take_outcome(s: GardensState, action: Action) -> TakeOutcome | None:
    """The :class:`TakeOutcome` of the take ``action`` in ``s`` (``None`` if it is not a legal
    take), worked out by the engine itself."""
    from gardens_tui.rules.the_gardens import engine, notation

    if not action or action[0] != "take":
        return None
    try:
        after = engine.apply(s, action, notation.format_action)
    except ValueError:
        return None
    seat = s.active
    gained = sum(after.points[seat]) - sum(s.points[seat])
    claims = next((lm for lm in range(12) if after.owners[lm] != s.owners[lm]), -1)
    return TakeOutcome(gained, claims)


CELL_WIDTH = 7

SLOT_TITLES: dict[str, str] = {
    "tree": "walk trees",
    "fountain": "walk fountains",
    "bench": "walk benches",
    "end-tree": "end trees",
    "statue": "end statues",
}
"""How each scoreboard slot is named in the text (streams and pathways are always basic)."""


def features(code: int) -> str:
    """A card's features in a few characters: ``"w EW"``, ``"~F*"``, ``"S NW"``."""
    card = CARDS[code]
    text = "".join(SPECIES_LETTERS[s] * card.trees[s] for s in range(4))
    text += ("~" if card.stream else "") + ("F" if card.fountain else "")
    text += ("B" if card.bench else "") + ("S" if card.statue else "")
    text += "*" if card.picnic else ""
    if card.paths:
        ends = path_letters(card.paths).replace("-", "")
        text = f"{text} {ends}" if text else ends
    return text


def _cell_lines(s: GardensState, seat: int, row: int, col: int) -> tuple[str, str]:
    value = s.mats[seat][row * COLUMNS + col]
    mark = ""
    if s.visitors[seat][row] == col:
        mark = " v" if s.walked[seat][row] else " V"
    if value == CENTRAL:
        return ("CB" + mark, "NESW")
    if value == EMPTY:
        landmark = s.landmark_cells.get(row * COLUMNS + col, -1)
        return ((landmark_mark(s, landmark) if landmark >= 0 else "."), "")
    return (CARD_NAMES[value] + mark, features(value))


def mat_picture(s: GardensState, seat: int) -> list[str]:
    """One seat's mat: a column header and two lines per row."""
    lines = ["     " + "".join(f"{c + 1:<{CELL_WIDTH}}" for c in range(COLUMNS)).rstrip()]
    for row in range(3):
        cells = [_cell_lines(s, seat, row, col) for col in range(COLUMNS)]
        lines.append(f"  {DECKS[row]}  " + "".join(f"{a:<{CELL_WIDTH}}" for a, _ in cells).rstrip())
        lines.append("     " + "".join(f"{b:<{CELL_WIDTH}}" for _, b in cells).rstrip())
    return lines


def display_lines(s: GardensState) -> list[str]:
    """The display: per row its places, each with its card and features or ``taken``."""
    lines: list[str] = []
    for row in range(3):
        parts = []
        for slot, code in enumerate(s.display[row]):
            name = f"{DECKS[row].lower()}{slot + 1}"
            if code == NO_CARD:
                parts.append(f"{name} taken")
            else:
                parts.append(f"{name} {CARD_NAMES[code]} {features(code)}")
        lines.append(f"  {DECKS[row]}: " + " | ".join(parts))
    if s.reserved:
        row, slot = s.reserved
        holder = s.ability_holder(2)
        who = s.players[holder] if holder >= 0 else "?"
        lines.append(f"  Reserved by {who} (Fort Denison): {DECKS[row].lower()}{slot + 1}")
    return lines


def _under_central_board(s: GardensState, landmark: int) -> bool:
    """Whether a varied start put the Central Board on ``landmark``'s printed place."""
    return any(
        lm == landmark and cell % COLUMNS == s.centre for cell, lm in s.landmark_cells.items()
    )


def landmark_lines(s: GardensState) -> list[str]:
    """Each landmark in play: code, title, the side shown and who claimed it."""
    lines: list[str] = []
    for lm in layout_landmarks(s.layout):
        info = LANDMARKS[lm]
        owner = s.owners[lm]
        who = "unclaimed" if owner < 0 else f"claimed by {s.players[owner]}"
        if owner < 0 and _under_central_board(s, lm):
            who = "under the Central Board: nobody can claim it"
        lines.append(f"  ({LANDMARK_CODES[lm]}) {info.title}: {landmark_side(s, lm)}; {who}")
    if s.species >= 0:
        lines.append(f"  Moreton Bay Fig species: {SPECIES_TITLES[s.species]}")
    return lines


def render_text(s: GardensState, seat: int | None = None) -> str:
    """The whole position as plain text (everything in it is public)."""
    n = len(s.players)
    if s.over:
        head = f"The Gardens: game over after {s.rounds} rounds"
    else:
        who = s.players[s.current_player] if s.current_player is not None else ""
        head = (
            f"The Gardens: round {s.round + 1} of {s.rounds}, {who} to decide "
            f"(start player: {s.players[s.start]})"
        )
    lines = [head]
    lines.append("Tiles:")
    lines.extend(
        f"  {SLOT_TITLES[slot]}: {s.tiles[i]}, {TILE_TEXT[(slot, s.tiles[i])]}"
        for i, slot in enumerate(SLOTS)
    )
    if not s.over:
        lines.append("Display:")
        lines.extend(display_lines(s))
    if s.layout:
        lines.append(f"Landmarks (mats {s.layout}):")
        lines.extend(landmark_lines(s))
    rows = score_rows(s)
    for p in range(n):
        walked = (
            ", ".join(f"{DECKS[r]} {s.walked[p][r]}" for r in range(3) if s.walked[p][r])
            or "none yet"
        )
        lines.append("")
        # Once the game is over no round is under way: "walked this round" would mislead.
        state = "complete" if s.over else f"walked this round: {walked}"
        lines.append(f"{possessive(s.players[p])} garden: {sum(rows[p])} points ({state})")
        lines.extend(mat_picture(s, p))
    lines.append("")
    title = "Final scores" if s.over else "Scores so far (end-game categories as if it ended now)"
    lines.append(title + ":")
    width = max(len(c) for c in CATEGORIES)
    lines.append(" " * (width + 2) + "".join(f"{name[:10]:>11}" for name in s.players))
    for i, category in enumerate(CATEGORIES):
        lines.append(f"  {category:<{width}}" + "".join(f"{rows[p][i]:>11}" for p in range(n)))
    lines.append(f"  {'total':<{width}}" + "".join(f"{sum(rows[p]):>11}" for p in range(n)))
    # Not the pending decision: whoever shows the position says it once, in its own words
    # (``gardens show`` prints it after the last events).
    lines.append(LEGEND)
    return "\n".join(lines)


def describe_action(s: GardensState, action: Action) -> str:
    """A short sentence saying what ``action`` does here, with the points its walk scores."""
    from gardens_tui.rules.the_gardens import notation
    from gardens_tui.rules.the_gardens.mat import placement

    verb = action[0]
    if verb == "take":
        row, slot, side = action[1], action[2], action[3]
        code = s.display[row][slot]
        outcome = take_outcome(s, action)
        if outcome is None:
            return notation.format_action(action)
        column = placement(s.mats[s.active], row, side) + 1
        text = (
            f"take {CARD_NAMES[code]} ({CARDS[code].describe()}) to "
            f"{DECKS[row].lower()}{column} ({side}); it scores {outcome.points} now"
        )
        if outcome.claims >= 0:
            lm = outcome.claims
            text += f"; claims {LANDMARKS[lm].title} ({landmark_side(s, lm)})"
        return text
    if verb == "return":
        return f"send row {DECKS[action[1]]}'s visitor back to the Central Board (State Library)"
    if verb == "reserve":
        code = s.display[action[1]][action[2]]
        return f"reserve {CARD_NAMES[code]} ({CARDS[code].describe()}) for yourself this round"
    if verb == "skip":
        return "reserve nothing this round"
    if verb == "species" and action[1] in SPECIES:
        species = SPECIES.index(action[1])
        holder = s.ability_holder(FIG)
        title = SPECIES_TITLES[species]
        if holder < 0:
            return f"choose {title} for the Moreton Bay Fig"
        trees = trees_of(s.mats[holder], species)
        points = fig_points(s, holder, species)
        return (
            f"choose {title} for the Moreton Bay Fig: "
            f"{count(points, 'point')} ({count(trees, 'tree')})"
        )
    return notation.format_action(action)
