"""The words around the Octopus's Garden boards: titles, the supply panel, the hand's heading,
and the prompt and info lines made to fit the compact layout.

Pure functions of a position (and the layout size); no Textual. Counts, prices and piles come
from the state and the engine's helpers (``oyster_price``), never computed here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.board import CELL_NAMES
from gardens_tui.rules.octopus_garden.flow import oyster_price
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.words import count, possessive
from gardens_tui.ui.screens.octopus_garden.paint import pearls, shark_name, symbol

HAND_PHASES = frozenset({"plant", "treasure"})
"""Decisions where the hand holds bought tokens."""

PIECE_TITLES = {
    "star": "sea star",
    "crab": "hermit crab",
    "crab+shell": "hermit crab (with its shell)",
    "crab+trash": "hermit crab (with its trash)",
    "boxer": "boxer crab",
}
"""Words for the animal names of ``move`` actions."""


def bonus_words(state: OctopusState, seat: int) -> str:
    """``"clownfish 6, seahorse 4, tiger shark on m5"``: what a seat holds beside its garden."""
    words = []
    if state.clowns[seat]:
        words.append("clownfish " + " ".join(map(str, state.clowns[seat])))
    if state.horses[seat]:
        words.append("seahorse " + " ".join(map(str, state.horses[seat])))
    if state.shark_of[seat]:
        claim = state.describe_claim(seat)
        words.append(shark_name(state.shark_of[seat]) + (f" on {claim}" if claim else ""))
    return ", ".join(words)


GARDEN_TITLE_WIDTH = 37
"""Columns of the big garden's title in the compact layout (80x24): the garden's width."""


def garden_title(
    state: OctopusState, seat: int, score: int, ascii_mode: bool, width: int = GARDEN_TITLE_WIDTH
) -> str:
    """``"Ann's garden · 4 pearls · 12 pts · clownfish 6"``, shortened to fit ``width`` columns
    without losing a fact: first "garden" goes (``"Ann · 4 pearls · …"``), then the bonus words
    are abbreviated (``clown 6``, ``horse 4``), then the separators shrink, then pearls and
    points become ``4p`` and ``12pt``; only a name too long for the rest is cut (with an
    ellipsis)."""
    dot = symbol("dot", ascii_mode)
    name = state.players[seat]
    points = count(score, "pt")
    extras = bonus_words(state, seat)
    short_extras = extras.replace("clownfish ", "clown ").replace("seahorse ", "horse ")
    short_extras = short_extras.replace(" shark on ", " shark ")
    tries = (
        (f"{possessive(name)} garden", pearls(state.pearls[seat]), points, extras, f" {dot} "),
        (name, pearls(state.pearls[seat]), points, extras, f" {dot} "),
        (name, pearls(state.pearls[seat]), points, short_extras, f" {dot} "),
        (name, pearls(state.pearls[seat]), points, short_extras, f"{dot}"),
        (name, f"{state.pearls[seat]}p", f"{score}pt", short_extras, " "),
    )
    text = ""
    for first, purse, score_text, bonus, sep in tries:
        text = sep.join(part for part in (first, purse, score_text, bonus) if part)
        if len(text) <= width:
            return text
    rest = len(text) - len(name)
    room = max(1, width - rest)
    ellipsis = symbol("ellipsis", ascii_mode)
    if len(name) > room:
        cut = name[: max(0, room - len(ellipsis))] + ellipsis
        text = cut + text[len(name) :]
    return text


def supply_lines(state: OctopusState, seat: int, roomy: bool, ascii_mode: bool) -> list[str]:
    """The oyster bed (and what ``seat``'s next oyster costs), the bonus piles (top first), the
    bag, the turn; roomy adds how the line markers buy. Compact lines fit 22 columns."""
    dot = symbol("dot", ascii_mode)
    bed = f"Oyster bed {state.bed}" if roomy else f"Oysters {state.bed}"
    if state.bed and not state.over:
        price = oyster_price(state, seat)
        bed += f" {dot} next costs {price}" if roomy else f" {dot} cost {price}"
    clowns = " ".join(str(v) for v in reversed(state.clown_pile)) or "none left"
    horses = " ".join(str(v) for v in reversed(state.horse_pile)) or "none left"
    bag = f"Bag {sum(state.bag)} {dot} turn {state.turn}"
    if state.end_by >= 0 and not state.over:
        # Compact: "last round" takes the turn number's place (one line of 22 columns).
        bag = f"{bag} {dot} final round" if roomy else f"Bag {sum(state.bag)} {dot} last round"
    lines = [bed, f"Clownfish {clowns}", f"Seahorses {horses}", bag]
    if roomy:
        row, col = symbol("row", ascii_mode), symbol("col", ascii_mode)
        lines += ["", f"{row} {col} buy a row / column"]
    return lines


def mini_title(
    state: OctopusState,
    seat: int,
    score: int,
    *,
    deciding: bool,
    is_bot: bool,
    roomy: bool,
    ascii_mode: bool,
    to_move: str,
) -> tuple[str, str]:
    """The two title lines of a small garden: name (``to_move`` marks the seat deciding, a bot
    mark), then score and pearls (roomy: and the bonus animals)."""
    dot = symbol("dot", ascii_mode)
    mark = f"{to_move} " if deciding else ""
    bot = f" {symbol('bot', ascii_mode)}" if is_bot else ""
    info = f"{count(score, 'pt')} {dot} {pearls(state.pearls[seat])}"
    extras = bonus_words(state, seat) if roomy else ""
    if extras:
        info += f" {dot} {extras}"
    return f"{mark}{state.players[seat]}{bot}", info


def hand_view(state: OctopusState, phase: str, mine: bool) -> tuple[list[int], str]:
    """The tokens the hand panel shows and its heading: the tokens to plant (or bought, while a
    chest is opened), or the token drawn for the market; nothing otherwise."""
    who = state.players[state.active]
    if phase in HAND_PHASES or (state.hand and phase != "refill"):
        codes = list(state.hand)
        if phase == "plant" and mine:
            return codes, f"To plant ({len(codes)}): 1-9 or Tab"
        if phase == "plant":
            return codes, f"{who} plants ({len(codes)})"
        if mine:
            return codes, f"Bought ({len(codes)}): t opens the chest"
        return codes, f"Bought by {who} ({len(codes)})"
    if state.drawn:
        return [state.drawn], "Drawn for the market"
    return [], ""


def origin_words(phase: str, legal: Sequence[Action], cell: int) -> str:
    """What choosing ``cell`` as an origin starts: ``"move the sea star (then choose where)"``."""
    if phase == "push":
        return f"push what is on {CELL_NAMES[cell]} (then choose where)"
    pieces = sorted({a[1] for a in legal if a[0] == "move" and a[2] == cell})
    what = " or ".join(PIECE_TITLES.get(p, p) for p in pieces) or "animal"
    return f"move the {what} (then choose where)"


SHORT_PROMPTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), short)
    for pattern, short in (
        (r" \(return a market tile\)", ""),
        (
            r"Refill the market: choose a space for the (.+) \((\d+) empty\)",
            r"Refill: choose where the \1 goes (\2 empty)",
        ),
        (r"Your shark waits on (\S+): buy a row or column", r"Shark on \1: buy a line"),
        (
            r": pay pearls to draw tokens to keep or sell, or open it empty",
            ": pay for tokens to keep or sell",
        ),
        (r"push a neighbouring space \((\d+) waiting\)", r"push a neighbour (\1 left)"),
    )
)
"""Shorter words for the longest of the engine's prompts (a pattern and its replacement): the
compact layout's prompt line is 78 cells, and the engine's words with a name and "Last turn!"
run past it. What a piece leaves out is on the screen anyway (the ``p Pass…`` key, the treasure
list). A piece the engine no longer says simply does not apply."""


def short_prompt(prompt: str) -> str:
    """``prompt`` with every :data:`SHORT_PROMPTS` piece in it replaced by its shorter words."""
    for pattern, short in SHORT_PROMPTS:
        prompt = pattern.sub(short, prompt)
    return prompt


def fit_words(text: str, width: int, ellipsis: str) -> str:
    """``text`` fitted to ``width`` cells without cutting a word in two: whole if it fits, else
    the words that fit before ``ellipsis`` (a separator or comma left at the cut is dropped; a
    first word too wide alone is cut). A ``width`` below 1 (not laid out yet) keeps ``text``."""
    if width < 1 or cell_len(text) <= width:
        return text
    room = max(width - cell_len(ellipsis), 0)
    head = set_cell_size(text, room)
    if text[len(head) : len(head) + 1] not in ("", " ") and " " in head:
        head = head[: head.rindex(" ")]  # the cut fell inside a word: end before it
    return head.rstrip(" ,;:·-") + ellipsis
