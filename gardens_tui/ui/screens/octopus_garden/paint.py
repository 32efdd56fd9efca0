"""What the Octopus's Garden boards show: cell texts, colour roles, and words for the info line.

Every token is told apart by its letter (the engine's ``TokenInfo.letter``) and, on the boards,
by a colour role as well. Nothing here decides a rule: costs, names and letters come from
:mod:`gardens_tui.rules.octopus_garden.components`, pictures from ``text.stack_glyph``.
"""

from __future__ import annotations

from collections.abc import Mapping

from gardens_tui.rules.octopus_garden.board import CELL_NAMES, market_line, market_name
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    BOXER,
    CHEST,
    CORAL,
    COST,
    CRAB,
    CRAB_SHELL,
    CRAB_TRASH,
    LIONFISH,
    MIMIC_ANEMONE,
    MIMIC_SEAGRASS,
    OYSTER,
    RELIC,
    SEAGRASS,
    SHARKS,
    SHELL,
    STAR,
    TOKENS,
    TRASH,
    describe,
)
from gardens_tui.rules.octopus_garden.state import OctopusState, Stack
from gardens_tui.rules.octopus_garden.text import stack_glyph
from gardens_tui.rules.words import count, possessive

ROLE_OF: dict[int, str] = {
    SEAGRASS: "og-seagrass",
    MIMIC_SEAGRASS: "og-seagrass",
    ANEMONE: "og-anemone",
    MIMIC_ANEMONE: "og-anemone",
    BOXER: "og-anemone",
    CORAL: "og-coral",
    STAR: "og-star",
    LIONFISH: "og-star",
    OYSTER: "og-oyster",
    CRAB: "og-crab",
    CRAB_SHELL: "og-crab",
    CRAB_TRASH: "og-crab",
    SHELL: "og-crab",
    RELIC: "og-relic",
    CHEST: "og-relic",
    TRASH: "og-trash",
}
"""Colour role by token code; module tokens not listed use ``og-module``."""

ROLES: tuple[str, ...] = (
    "og-seagrass",
    "og-anemone",
    "og-coral",
    "og-star",
    "og-oyster",
    "og-crab",
    "og-relic",
    "og-trash",
    "og-module",
)
"""Every colour role (a ``board-grid--<role>`` component class of the Octopus's Garden boards)."""

ROLE_STYLES: dict[str, str] = {
    "og-seagrass": "color: $text-success; text-style: bold;",
    "og-anemone": "color: $text-accent; text-style: bold;",
    "og-coral": "color: $text-error; text-style: bold;",
    "og-star": "color: $text-warning; text-style: bold;",
    "og-oyster": "color: $text-primary; text-style: bold;",
    "og-crab": "color: $text-secondary; text-style: bold;",
    "og-relic": "color: $text-warning; text-style: italic;",
    "og-trash": "color: $foreground-muted;",
    "og-module": "color: $foreground; text-style: bold;",
}
"""The Textual CSS of each colour role (theme text colours, so every theme stays readable)."""

_SYMBOLS = {
    False: {"empty": "·", "row": "◂", "col": "▴", "dot": "·", "bot": "⚙", "ellipsis": "…"},
    True: {"empty": ".", "row": "<", "col": "^", "dot": "-", "bot": "#", "ellipsis": "..."},
}


def symbol(name: str, ascii_mode: bool) -> str:
    """A drawing symbol: ``empty`` space, ``row`` / ``col`` handle arrows, ``dot`` separator,
    ``bot`` marker, ``ellipsis``; 7-bit characters in ASCII mode."""
    return _SYMBOLS[ascii_mode][name]


def token_role(code: int) -> str:
    """The colour role of a token kind."""
    if code == 0:
        return "empty"
    return ROLE_OF.get(code, "og-module")


def stack_role(stack: Stack) -> str:
    """The colour role of a space: its top piece's (``empty`` for an empty space)."""
    return token_role(stack[-1]) if stack else "empty"


def stack_text(stack: Stack, ascii_mode: bool) -> str:
    """The letters of a space's pieces, bottom first (the engine's picture), or the empty mark."""
    return stack_glyph(stack) if stack else symbol("empty", ascii_mode)


def letter(code: int) -> str:
    """The one-letter glyph of a token kind."""
    return TOKENS[code].letter


def token_label(code: int) -> str:
    """``"G seagrass"``: letter and name."""
    return f"{letter(code)} {TOKENS[code].name}"


def pearls(number: int) -> str:
    """``"1 pearl"``, ``"3 pearls"``."""
    return count(number, "pearl")


def a_token(code: int) -> str:
    """The title with an article: ``"a sea star"``, ``"an anemone"``."""
    title = describe(code)
    return ("an " if title[0] in "aeiou" else "a ") + title


def describe_stack(stack: Stack) -> str:
    """A space's contents in words: ``"seagrass with a sea star on it"``, ``"empty"``."""
    if not stack:
        return "empty"
    words = describe(stack[0])
    above = [a_token(code) for code in stack[1:]]
    if above:
        words += " with " + " and ".join(above) + " on it"
    return words


_LEGEND_WORDS = {
    "crab": "hermit crab",
    "shell": "empty shell",
    "star": "sea star",
    "mimic-anemone": "mimic: anemone",
    "mimic-seagrass": "mimic: seagrass",
    "coconut-used": "coconut, used",
    "crab+shell": "crab in shell",
    "crab+trash": "crab in trash",
    "chest": "treasure chest",
    "parrot": "parrot fish",
}
_FORM_MODULE = {
    "mimic-anemone": "mimic-octopus",
    "mimic-seagrass": "mimic-octopus",
    "coconut-used": "coconut-octopus",
}


def legend_entries(options: Mapping[str, object] | None = None) -> list[tuple[str, str, str]]:
    """``(letter, words, role)`` for every letter a game with these options can show."""
    modules = {key for key, on in (options or {}).items() if on}
    entries: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for info in TOKENS[1:]:
        module = info.module or _FORM_MODULE.get(info.name, "")
        if (module and module not in modules) or info.letter in seen:
            continue
        seen.add(info.letter)
        words = "shark" if info.code in SHARKS else _LEGEND_WORDS.get(info.name, info.name)
        entries.append((info.letter, words, token_role(info.code)))
    return entries


# --- the garden ---------------------------------------------------------------------------------


def garden_cell(stack: Stack, cell: int, roomy: bool, ascii_mode: bool) -> tuple[str, ...]:
    """The lines of a garden space: its letters (and, roomy, its name under them). An empty
    space is blank: its tile shows, and the legal-target marks stay easy to read."""
    text = stack_glyph(stack) if stack else ""
    return (text, CELL_NAMES[cell]) if roomy else (text,)


def mini_cell(stack: Stack, roomy: bool, ascii_mode: bool) -> str:
    """A space of a small garden: three letters (roomy) or the top piece's letter."""
    if not stack:
        return symbol("empty", ascii_mode).center(3) if roomy else symbol("empty", ascii_mode)
    if roomy:
        return stack_glyph(stack).ljust(3)
    return letter(stack[-1])


# --- the market ---------------------------------------------------------------------------------


def claim_owner(state: OctopusState, space: int) -> int:
    """The seat whose shark sits on the market space (-1: none)."""
    return state.claims[space]


def market_cell(state: OctopusState, space: int, roomy: bool, ascii_mode: bool) -> tuple[str, ...]:
    """The lines of a market space: letter, name (roomy), cost, and a claiming shark's owner."""
    code = state.market[space]
    if not code:
        return ("(empty)", "") if roomy else ("empty",)
    owner = claim_owner(state, space)
    cost = COST[code]
    if roomy:
        second = pearls(cost)
        if owner >= 0:
            second = f"{cost} {symbol('dot', ascii_mode)} K:{state.players[owner]}"
        return (token_label(code), second)
    text = f"{letter(code)} {cost}"
    if owner >= 0:
        text = f"{letter(code)}{cost}@{state.players[owner][:1]}"
    return (text,)


def line_total(state: OctopusState, axis: str, number: int) -> int:
    """What a market line's tiles cost together (the price a buyer pays)."""
    return sum(COST[state.market[m]] for m in market_line(axis, number))


def handle_text(state: OctopusState, axis: str, number: int, ascii_mode: bool) -> str:
    """A line handle: its arrow and its total cost (``"◂ 5"``)."""
    return f"{symbol(axis, ascii_mode)} {line_total(state, axis, number)}"


def describe_market_place(state: OctopusState, key: object, ascii_mode: bool = False) -> str:
    """Words for a market place under the cursor."""
    if isinstance(key, tuple):
        axis, number = key
        spaces = market_line(axis, number)
        tokens = [describe(state.market[m]) for m in spaces if state.market[m]]
        label = "Row" if axis == "row" else "Column"
        what = ", ".join(tokens) if tokens else "nothing"
        dot = symbol("dot", ascii_mode)
        return f"{label} {number}: {what} {dot} {pearls(line_total(state, axis, number))}"
    assert isinstance(key, int)
    code = state.market[key]
    if not code:
        return f"{market_name(key)}: empty"
    text = f"{market_name(key)}: {describe(code)} ({pearls(COST[code])})"
    owner = claim_owner(state, key)
    if owner >= 0:
        shark = describe(state.shark_of[owner]) if state.shark_of[owner] else "shark"
        text += f", claimed by {possessive(state.players[owner])} {shark}"
    return text


def shark_name(code: int) -> str:
    """``"tiger shark"`` for a shark code."""
    return describe(code) if code in SHARKS else "shark"
