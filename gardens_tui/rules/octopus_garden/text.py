"""Plain-text rendering of a position and one-line descriptions of actions.

Every garden is drawn as a hex picture: one line per row (a-e), rows indented so neighbours sit
diagonally, each space shown as its name and its pieces' letters (bottom first): ``c3 GS`` is a
sea star on seagrass, ``d2 .`` an empty space. The legend lists every letter.
"""

from __future__ import annotations

from collections.abc import Mapping

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.board import (
    CELL_NAMES,
    MARKET_COLS,
    MARKET_ROWS,
    ROW_LENGTHS,
    ROWS,
    cell_name,
    market_line,
    market_name,
)
from gardens_tui.rules.octopus_garden.components import (
    CODES,
    COST,
    OYSTER,
    SHARKS,
    TOKENS,
    TokenInfo,
    describe,
)
from gardens_tui.rules.octopus_garden.flow import a, oyster_price
from gardens_tui.rules.octopus_garden.garden import oyster_distances
from gardens_tui.rules.octopus_garden.notation import format_action
from gardens_tui.rules.octopus_garden.scoring import score_table
from gardens_tui.rules.octopus_garden.state import OctopusState, Stack
from gardens_tui.rules.words import count

CELL_WIDTH = 8


def stack_glyph(stack: Stack) -> str:
    """The letters of a space's pieces, bottom first (``"."`` when empty, ``+`` past three)."""
    if not stack:
        return "."
    letters = "".join(TOKENS[p].letter for p in stack)
    return letters if len(letters) <= 3 else letters[:2] + "+"


def garden_picture(garden: list[Stack]) -> list[str]:
    """The garden as five lines of a hex picture (no trailing spaces)."""
    lines = []
    for r, cells in enumerate(ROWS):
        indent = " " * ((6 - ROW_LENGTHS[r]) * CELL_WIDTH // 2)
        body = "".join(f"{CELL_NAMES[c]} {stack_glyph(garden[c]):<{CELL_WIDTH - 3}}" for c in cells)
        lines.append((indent + body).rstrip())
    return lines


def legend_tokens(options: Mapping[str, object] | None = None) -> list[TokenInfo]:
    """One kind per letter a game with these options can show (its modules' tokens and
    forms, and the base game's), in the order of :data:`TOKENS`; the four sharks share ``K``
    and are listed once."""
    modules = {key for key, on in (options or {}).items() if on}
    found: dict[str, TokenInfo] = {}
    for info in TOKENS[1:]:
        if not info.module or info.module in modules:
            found.setdefault(info.letter, info)
    return list(found.values())


def letter_words(info: TokenInfo) -> str:
    """What a legend says a letter stands for: the kind's title (``"shark"`` for any shark)."""
    return "shark" if info.code in SHARKS else info.title


def legend(options: Mapping[str, object] | None = None) -> str:
    """Every letter garden pictures of a game with these options use, and what it stands for."""
    words = [f"{info.letter} {letter_words(info)}" for info in legend_tokens(options)]
    return "Legend: " + ", ".join(words) + ", . empty"


def line_total(s: OctopusState, spaces: tuple[int, ...]) -> str:
    """What a market line costs, or ``"empty"`` when it has no tile left (an emptied line is
    not a line to buy for 0 pearls)."""
    if not any(s.market[m] for m in spaces):
        return "empty"
    return str(sum(COST[s.market[m]] for m in spaces))


def market_lines(s: OctopusState) -> list[str]:
    """The 3x3 market with each tile's cost, shark claims and row/column totals."""
    out = []
    for r, spaces in enumerate(MARKET_ROWS):
        cells = []
        for m in spaces:
            t = s.market[m]
            if not t:
                text = "(empty)"
            else:
                text = f"{TOKENS[t].name}({COST[t]})"
                if s.claims[m] >= 0:
                    text += f"[{s.players[s.claims[m]][:6]}]"
            cells.append(f"{market_name(m)} {text:<17}")
        out.append("  " + " ".join(cells) + f" row {r + 1}: {line_total(s, spaces)}")
    cols = "  ".join(f"col {i + 1}: {line_total(s, line)}" for i, line in enumerate(MARKET_COLS))
    out.append("  " + cols)
    if any(owner >= 0 for owner in s.claims):
        out.append("  [name]: that player's shark sits on the tile (nobody else may buy it)")
    return out


def render_text(s: OctopusState, seat: int | None = None) -> str:
    """The whole position as plain text: market, piles, every garden, pearls and the legend.

    Not the pending decision: whoever shows the position says that once, in its own words
    (``gardens show`` prints it after the last events)."""
    lines: list[str] = []
    if s.over:
        lines.append(f"Octopus's Garden - turn {s.turn}: the game is over")
    else:
        lines.append(
            f"Octopus's Garden - turn {s.turn}, {s.players[s.active]} to play"
            + (" (final round)" if s.end_by >= 0 else "")
        )
    lines.append("Market (cost in pearls):")
    lines.extend(market_lines(s))
    clowns = " ".join(str(v) for v in reversed(s.clown_pile)) or "none"
    horses = " ".join(str(v) for v in reversed(s.horse_pile)) or "none"
    lines.append(f"Oyster bed: {s.bed}   Bag: {count(sum(s.bag), 'token')}")
    lines.append(f"Clownfish (top first): {clowns}   Seahorses (top first): {horses}")
    scores = score_table(s)
    for p, name in enumerate(s.players):
        you = " (you)" if p == seat else ""
        extras = []
        if s.clowns[p]:
            extras.append("clownfish " + " ".join(map(str, s.clowns[p])))
        if s.horses[p]:
            extras.append("seahorses " + " ".join(map(str, s.horses[p])))
        if s.shark_of[p]:
            where = s.describe_claim(p)
            shark = f"{TOKENS[s.shark_of[p]].name} shark"
            extras.append(shark + (f" claiming {where}" if where else ""))
        extra = ("; " + "; ".join(extras)) if extras else ""
        lines.append("")
        lines.append(
            f"{name}{you}: {count(s.pearls[p], 'pearl')}, oyster costs {oyster_price(s, p)}, "
            f"{'score' if s.over else 'score so far'} {scores.total(p)}{extra}"
        )
        lines.extend("  " + line for line in garden_picture(s.gardens[p]))
    lines.append("")
    if s.hand:
        lines.append("To plant: " + ", ".join(describe(t) for t in s.hand))
    if s.drawn:
        lines.append(f"Drawn for the market: {describe(s.drawn)}")
    lines.append(legend(s.options))
    return "\n".join(lines)


def describe_action(s: OctopusState, action: Action) -> str:
    """A short sentence for what ``action`` does in ``s``."""
    verb = action[0]
    seat = s.active
    if verb == "buy":
        spaces = market_line(action[1], action[2])
        tokens = [s.market[m] for m in spaces if s.market[m]]
        cost = sum(COST[t] for t in tokens)
        label = "row" if action[1] == "row" else "column"
        what = ", ".join(describe(t) for t in tokens)
        return f"Buy {label} {action[2]} ({what}) for {count(cost, 'pearl')}"
    if verb == "oyster":
        return f"Attract an oyster for {count(oyster_price(s, seat), 'pearl')}"
    if verb == "pass":
        if len(action) == 1:
            return "Pass"
        return f"Pass, returning the {describe(s.market[action[1]])} on {market_name(action[1])}"
    if verb == "plant":
        kind = CODES[action[1]]
        if len(action) == 2:
            return "Send in the diver: trash and relics leave your garden"
        return f"Plant {a(kind)} on {cell_name(action[2])}"
    if verb == "move":
        garden = s.gardens[seat]
        dst = garden[action[3]]
        what = {"star": "sea star", "boxer": "boxer crab"}.get(action[1], "hermit crab")
        text = f"Move the {what} from {cell_name(action[2])} to {cell_name(action[3])}"
        if action[1] == "star" and dst and dst[0] == OYSTER:
            text += " (it eats the oyster)"
        elif action[1] == "star":
            dist = oyster_distances(garden)
            text += f" ({dist[action[3]]} from the nearest oyster)"
        if len(action) == 5:
            text += ", leaving its home behind"
        return text
    if verb == "refill":
        return f"Put the {describe(s.drawn)} on {market_name(action[1])}"
    if verb == "claim":
        return f"Put your shark on the {describe(s.market[action[1]])} on {market_name(action[1])}"
    if verb == "lionfish":
        return f"Pay 1 pearl to discard the {describe(s.market[action[1]])}"
    if verb == "treasure":
        if action[1] == 0:
            return "Open the chest without paying (it is planted empty)"
        drawn = count(action[1], "token")
        them = "it" if action[1] == 1 else "them"
        return f"Pay {count(action[1], 'pearl')} to draw {drawn} and {action[2]} {them}"
    if verb == "done":
        return "Finish pushing" if s.phase == "push" else "Finish moving animals"
    if verb == "skip":
        return "Do not claim a tile" if s.phase == "claim" else "Do not use the lionfish"
    if verb == "release":
        return "Throw your shark back into the bag"
    if verb == "mimic":
        return f"Declare the mimic octopus on {cell_name(action[1])} to be {action[2]}"
    if verb == "coconut":
        return f"Use the coconut octopus on {cell_name(action[1])} (once per game)"
    if verb == "push":
        return f"Push everything on {cell_name(action[1])} to {cell_name(action[2])}"
    if verb == "discard":
        return f"Let the {action[1]} leave the game (no room)"
    if verb == "return":
        return "Put the boxer crab back in the bag (no anemone)"
    return format_action(action)
