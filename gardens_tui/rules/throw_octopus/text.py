"""Plain-text pictures: the seascape with coordinates, the players, the viewer's hand.

A placed tile is drawn in a box of 5 characters by 2 lines: its four corners (``.`` water, else
a species letter, see :data:`LEGEND`) around its name, and ``@`` under the name for the octopus
icon. ``+`` marks an empty place beside the seascape. Columns are headed by x, rows by y.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus import dodge, seascape
from gardens_tui.rules.throw_octopus.components import (
    CARD_TITLES,
    LETTERS,
    OCTOPUS,
    ORIENTED,
    SPECIES,
    TILES,
    tile_name,
)
from gardens_tui.rules.throw_octopus.notation import format_action
from gardens_tui.rules.throw_octopus.scoring import rating
from gardens_tui.rules.throw_octopus.spec import GAME_NIGHT_KEY
from gardens_tui.rules.throw_octopus.state import HIDDEN, ThrowState
from gardens_tui.rules.words import count, join_and, possessive, seat_number

LEGEND = (
    "Small: o orange peel slug, y yellow submarine slug, b blue slug, p pink puffer, "
    "g green turtle. Large: m purple manta, r red lobster, e teal eel. "
    ". water, @ octopus icon, + a free place. "
    "Hand tiles: top row/bottom row, upright (r./.o is r. above .o)"
)


def tile_text(tile: int) -> str:
    """A hand tile in a few characters: ``t42 o./.y@`` (corners TL TR / BL BR, ``@`` icon; the
    legend says it: top row, then bottom row)."""
    if tile == HIDDEN:
        return "?"
    tl, tr, bl, br = TILES[tile]
    icon = "@" if OCTOPUS[tile] else ""
    return f"{tile_name(tile)} {LETTERS[tl]}{LETTERS[tr]}/{LETTERS[bl]}{LETTERS[br]}{icon}"


def seascape_picture(s: ThrowState) -> list[str]:
    """The seascape as text lines, with x over the columns and y before the rows."""
    frontier = s.frontier
    cells = set(s.board) | frontier
    if not cells:
        return ["(no tile placed yet)"]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    lines = ["     " + " ".join(f"{x:^5}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        top: list[str] = []
        bottom: list[str] = []
        for x in range(min(xs), max(xs) + 1):
            code = s.board.get((x, y))
            if code is None:
                mark = "  +  " if (x, y) in frontier else "     "
                top.append(mark)
                bottom.append("     ")
                continue
            tl, tr, bl, br = ORIENTED[code]
            tile = code >> 1
            top.append(f"{LETTERS[tl]}{tile_name(tile):^3}{LETTERS[tr]}")
            bottom.append(f"{LETTERS[bl]} {'@' if OCTOPUS[tile] else ' '} {LETTERS[br]}")
        lines.append(f"{y:>4} " + " ".join(top).rstrip())
        lines.append("     " + " ".join(bottom).rstrip())
    return lines


def render_text(s: ThrowState, seat: int | None = None) -> str:
    """The seascape, pile and cards, every player (hands only as ``seat`` may see them)."""
    lines = seascape_picture(s)
    lines.append(LEGEND)
    pile = f"Pile: {count(len(s.pile), 'tile')}"
    if not s.solo:
        pile += f"; action deck: {count(len(s.deck), 'card')}, used: {len(s.discard)}"
    lines.append(pile)
    for i, name in enumerate(s.players):
        parts = [count(len(s.hands[i]), "tile")]
        if s.held[i]:
            parts.append(join_and([CARD_TITLES[c] for c in s.held[i]]))
        if s.lost[i]:
            parts.append(f"loses {count(s.lost[i], 'turn')}")
        small, large = s.creatures[i]
        if small or large:
            parts.append(f"completed {small} small, {large} large")
        lines.append(f"Seat {seat_number(i)} {name}: " + "; ".join(parts))
    if s.solo and s.discarded:
        lines.append("Discarded: " + " ".join(tile_name(t) for t in s.discarded))
    for g, row in enumerate(s.results):
        if s.solo:
            lines.append(f"Game {g + 1}: {count(row[0], 'point')} ({rating(row[0])})")
        else:
            lines.append(f"Game {g + 1}, tiles left: " + ", ".join(map(str, row)))
    if s.revealed:
        shown = "; ".join(
            f"{name} {' '.join(tile_name(t) for t in hand) or '-'}"
            for name, hand in zip(s.players, s.revealed, strict=True)
        )
        lines.append(f"Hands shown at the end of game {len(s.results)}: {shown}")
    if seat is not None and 0 <= seat < len(s.players):
        hand = s.hands[seat]
        shown = "  ".join(tile_text(t) for t in hand) or "no tiles"
        lines.append(f"{possessive(s.players[seat])} hand: {shown}")
    return "\n".join(lines)


def describe_action(s: ThrowState, action: Action) -> str:
    """What ``action`` does here, in a few words. A throw or a gift names the player its seat
    number stands for: ``throw 3 (at Cleo)``, ``give t7 to 1 (to Ann)``."""
    text = format_action(action)
    if dodge.is_outcome(action):
        return f"{text} ({dodge.describe(action)})"
    if action[0] in ("throw", "give") and 0 <= action[-1] < len(s.players):
        word = "at" if action[0] == "throw" else "to"
        return f"{text} ({word} {s.players[action[-1]]})"
    if action[0] in ("play", "touch") and (action[2], action[3]) not in s.board:
        done: list[int] = []
        # A tile completes a creature only beside the seascape (and only there may it be tried).
        if (action[2], action[3]) in s.frontier:
            trial = s.copy()
            if action[0] == "touch":
                source = next((c for c, v in trial.board.items() if v >> 1 == action[1]), None)
                if source is not None:
                    seascape.remove(trial, source)
            code = action[1] * 2 + (action[4] == 180)
            done = seascape.place(trial, (action[2], action[3]), code)
        notes = [f"completes the {SPECIES[v]} at its corner" for v in done]
        last = action[0] == "play" and len(s.hands[s.active]) == 1 and not s.solo
        if last:  # (an octopus tile then draws no card)
            night = s.options.get(GAME_NIGHT_KEY)
            notes.append(f"your last tile: you win{' this game' if night else ''}")
        elif action[0] == "play" and OCTOPUS[action[1]] and not s.solo:
            notes.append("draws an action card")
        if notes:
            text += f" ({', '.join(notes)})"
    return text
