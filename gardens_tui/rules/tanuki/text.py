"""The position as plain text for ``gardens show``: the 6x6 garden with monks, tanuki, stashes,
traps and rock gardens, every player's shiitake, and hands only as the viewer may see them.

Names are data: they are passed through :func:`~gardens_tui.rules.safe_text.printable`.
"""

from __future__ import annotations

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.cards import title
from gardens_tui.rules.tanuki.components import (
    EXITS,
    SIDE_LETTERS,
    SIZE,
    SYMBOL_NAMES,
    TANUKI_NAMES,
    TRAP_LETTERS,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.scoring import card_points
from gardens_tui.rules.tanuki.state import EDGE_BASE, EMPTY, OFF, ROCK, TanukiState

LEGEND = (
    "Legend: t17 a tile, ## a rock garden, 1-8 monks (seat numbers),\n"
    "        B/G the blue/gold tanuki, $n a stash, ^a a trap"
)


def end_name(end: int) -> str:
    """A path end in words: ``n1`` (north side, first end clockwise) .. ``w2``."""
    return f"{SIDE_LETTERS[end >> 1]}{end % 2 + 1}"


def tile_picture(value: int) -> str:
    """A placed tile (``tile * 4 + rot``) as text: its paths end to end with their symbols."""
    return f"{tile_name(value >> 2)} r{(value & 3) * 90}: " + paths_text(value)


def paths_text(value: int) -> str:
    """A placed tile's four paths end to end with their symbols (``n1-s2 shiitake, ...``)."""
    table = EXITS[value]
    parts = []
    for end in range(8):
        other, sym = table[end]
        if end < other:
            parts.append(f"{end_name(end)}-{end_name(other)} {SYMBOL_NAMES[sym]}")
    return ", ".join(parts)


def _cell_lines(s: TanukiState, sq: int) -> tuple[str, str]:
    here = s.board[sq]
    top = "." if here == EMPTY else "##" if here == ROCK else tile_name(here >> 2)
    marks = ""
    for seat in range(len(s.players)):
        if s.monk_square(seat) == sq:
            marks += str(seat + 1)
    for i in range(2):
        if s.tanuki[i] == sq:
            marks += "BG"[i]
    if s.stash[sq]:
        marks += f"${s.stash[sq]}"
    for letter in range(3):
        if s.traps[letter] == sq:
            marks += f"^{TRAP_LETTERS[letter]}"
    return top, marks


def board_picture(s: TanukiState) -> list[str]:
    """The garden as text lines: two lines per row (tile, then what stands on it)."""
    width = 7
    lines = [("    " + "".join(f"{c:<{width}}" for c in "abcdef")).rstrip()]
    for r in range(SIZE):
        tops, marks = [], []
        for c in range(SIZE):
            top, mark = _cell_lines(s, r * SIZE + c)
            tops.append(f"{top:<{width}}")
            marks.append(f"{mark[: width - 1]:<{width}}")
        lines.append(f" {r + 1}  " + "".join(tops).rstrip())
        lines.append(("    " + "".join(marks)).rstrip())
    return lines


def monk_text(s: TanukiState, seat: int) -> str:
    """Where a seat's monk stands, in words."""
    m = s.monks[seat]
    if m == OFF:
        return "off the board (starts over from an edge space)"
    if m >= EDGE_BASE:
        return f"on edge {edge_name(m - EDGE_BASE)}"
    ahead = B.front_square(s, seat)
    return f"in {square_name(m >> 3)}, path end {end_name(m & 7)}, facing {square_name(ahead)}"


def render_text(s: TanukiState, seat: int | None = None) -> str:
    """The whole position as ``seat`` may see it (``None``: a spectator)."""
    out = [f"Tanuki in the Garden - turn {s.turn}, target {s.target} shiitake"]
    out.extend(board_picture(s))
    out.append(LEGEND)
    dice = "not rolled yet" if s.dice == [0, 0] else f"blue {s.dice[0]}, gold {s.dice[1]}"
    tanuki = ", ".join(
        f"{TANUKI_NAMES[i]} {'off the board' if s.tanuki[i] < 0 else square_name(s.tanuki[i])}"
        for i in range(2)
    )
    out.append(f"Dice: {dice}. Tanuki: {tanuki}.")
    out.append(f"Pile: {len(s.pile)} tiles; discarded: {len(s.discard)}")
    if s.master:
        out.append(f"Garden Master deck: {len(s.deck)} cards; played: {len(s.spent)}")
    if s.last >= 0 and s.board[s.last] >= 0:
        out.append("Last tile: " + tile_picture(s.board[s.last]) + f" on {square_name(s.last)}")
    for p in range(len(s.players)):
        name = printable(s.players[p], newlines=False)
        turn = " (to play)" if p == s.active and not s.over else ""
        line = f"{p + 1}. {name}{turn}: {s.shiitake[p]} shiitake, monk {monk_text(s, p)}"
        out.append(line)
        hand = s.hands[p]
        if p == seat or (s.over and all(t >= 0 for t in hand)):
            shown = ", ".join(tile_name(t) for t in hand) or "none"
            out.append(f"   tiles: {shown}")
        else:
            out.append(f"   tiles: {len(hand)} in hand")
        if s.master:
            cards = s.cards[p]
            if p == seat or (s.over and all(c >= 0 for c in cards)):
                out.append(
                    f"   cards: {', '.join(title(c) for c in cards) or 'none'}"
                    f" (worth {card_points(s, p)})"
                )
            else:
                out.append(f"   cards: {len(cards)} in hand")
    if s.over:
        out.append("The game is over.")
    return "\n".join(out)


def describe_action(s: TanukiState, action: tuple[object, ...], fmt: str) -> str:
    """A short sentence for ``gardens moves``: a placement shows the tile's paths and, like
    walking in from an edge space and steering a tanuki, what it would do
    (:mod:`.preview`)."""
    from gardens_tui.rules.tanuki import preview

    verb = action[0]
    try:
        if verb in preview.LAY_VERBS:
            outcome = preview.describe_lay(s, preview.preview_lay(s, action))
        elif verb == "steer":
            outcome = preview.describe_steer(s, preview.preview_steer(s, action))
        else:
            return fmt
    except IllegalAction:  # not legal here: nothing to preview
        outcome = ""
    if verb == "place":
        tile, rot = action[1], action[2]
        assert isinstance(tile, int) and isinstance(rot, int)
        paths = paths_text(tile * 4 + rot)
        return f"{fmt}: {paths}" + (f" => {outcome}" if outcome else "")
    return f"{fmt}: {outcome}" if outcome else fmt
