"""Why an action is illegal here: the message :class:`~gardens_tui.rules.base.IllegalAction`
carries, naming the rule for this very position ("t42 does not match at -1,2: its top-left
corner is water, the pink puffer beside it needs a pink puffer (rule #1)")."""

from __future__ import annotations

from collections.abc import Callable

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus import seascape
from gardens_tui.rules.throw_octopus.components import (
    CORNER_NAMES,
    SPECIES,
    corners,
    tile_name,
)
from gardens_tui.rules.throw_octopus.state import Cell, ThrowState
from gardens_tui.rules.words import join_and, seat_number, seats_are

Format = Callable[[Action], str]

PHASE_VERBS: dict[str, tuple[str, ...]] = {
    "start": ("start",),
    "play": ("play", "touch", "draw", "pass", "discard"),
    "throw": ("throw",),
    "dodge": ("dodge", "hit", "roll"),
    "swap": ("swap", "keep"),
    "gift": ("give",),
}


def _what(value: int) -> str:
    if value == 0:
        return "water"
    name = SPECIES[value]
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _the(value: int) -> str:
    return "water" if value == 0 else f"the {SPECIES[value]}"


def place_problem(s: ThrowState, tile: int, cell: Cell, rotation: int) -> str | None:
    """Why ``tile`` may not go at ``cell`` turned ``rotation`` on this seascape (``None``: it
    may)."""
    name = tile_name(tile)
    x, y = cell
    where = f"{x},{y}"
    if rotation not in (0, 180):
        return (
            f"{name} may not be turned {rotation}°: tiles turn only 0° or 180°, all standing "
            "the same way (rule #2)"
        )
    if cell in s.board:
        return f"{where} already holds {tile_name(s.board[cell] >> 1)}"
    beside = any((x + sx, y + sy) in s.board for sx, sy in seascape.SIDES)
    if not beside:
        if any((x + dx, y + dy) in s.board for dx in (-1, 1) for dy in (-1, 1)):
            return (
                f"{name} at {where} would touch the seascape only at a corner: tiles join side "
                "to side, never diagonally alone (rule #3)"
            )
        return f"{where} is not next to the seascape: a tile must share a side with one (rule #3)"
    need, joins = seascape.requirement(s, cell)
    mine = corners(tile, rotation)
    for i, (want, have) in enumerate(zip(need, mine, strict=True)):
        if want is not None and want != have:
            return (
                f"{name} does not match at {where}: its {CORNER_NAMES[i]} corner is "
                f"{_what(have)}, {_the(want)} beside it needs {_what(want)} (rule #1)"
            )
    if not joins:
        met = [have for want, have in zip(need, mine, strict=True) if want and want == have]
        if met:  # a creature part meets one only at a diagonal tile's corner
            return (
                f"{name} at {where} would meet {_the(met[0])} only corner to corner: a "
                "creature part must join a tile beside it, not only a diagonal one "
                "(rules #1 and #3)"
            )
        return (
            f"{name} at {where} would join by water only: at least one creature part must join "
            "a tile beside it (rule #1)"
        )
    return None


def _first_play(legal: list[Action]) -> str:
    for act in legal:
        if act[0] == "play":
            return f"{tile_name(act[1])} fits at {act[2]},{act[3]} r{act[4]}"
    return ""


def explain(s: ThrowState, action: Action, legal: list[Action], fmt: Format) -> str:
    """The reason ``action`` (not in ``legal``) is refused in ``s``."""
    text = fmt(action)
    if s.over:
        return f"{text}: the game is over"
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return f"{text} is not an action of Throw Octopus!"
    verb = action[0]
    decision = s.decision
    assert decision is not None
    allowed = PHASE_VERBS.get(s.phase, ())
    if verb not in allowed:
        return f"{text} is not possible now: {decision.prompt} ({s.players[decision.seat]})"
    seat = s.active
    hand = s.hands[seat]
    shape_ok = all(isinstance(part, int) and not isinstance(part, bool) for part in action[1:])
    if not shape_ok:
        return f"{text} is not an action of Throw Octopus!"
    if verb in ("play", "touch") and len(action) == 5:
        tile, x, y, rotation = action[1:]
        if tile not in s.tiles:
            return f"{text}: there is no such tile"
        if verb == "play":
            if tile not in hand:
                return f"{tile_name(tile)} is not in your hand"
            return place_problem(s, tile, (x, y), rotation) or f"{text} is not legal now"
        return _touch_problem(s, tile, (x, y), rotation) or f"{text} is not legal now"
    if verb == "draw":
        if any(a[0] == "play" for a in legal):
            return f"you may draw only when no tile fits, and {_first_play(legal)}"
        if s.solo:
            if not s.pile:
                return "the pile is gone: nothing to draw; pass to end the solo game"
            return "in solo play you discard a tile and draw instead (discard tN)"
        if s.bonus_turn:
            return "no draw on a bonus turn you cannot play: pass instead"
        return "the pile is empty: pass instead"
    if verb == "pass":
        if any(a[0] == "play" for a in legal):
            return f"you must play when a tile fits, and {_first_play(legal)}"
        if s.solo:
            return "the pile still holds tiles: discard one and draw"
        return "you cannot play, so you must draw a tile (pass only when you may not draw)"
    if verb == "discard":
        fits = any(a[0] == "play" for a in legal)
        if not s.solo:
            if fits:
                return f"only solo play discards tiles, and a tile fits: {_first_play(legal)}"
            instead = "draw" if ("draw",) in legal else "pass"
            return f"only solo play discards tiles; {instead} instead"
        if fits:
            return f"you may discard only when no tile fits, and {_first_play(legal)}"
        if not s.pile:
            return "the pile is gone: no discarding and drawing now; pass to end the solo game"
        return f"{text}: that tile is not in your hand"
    if verb in ("start", "swap", "give") and len(action) >= 2 and action[1] not in hand:
        return f"{tile_name(action[1])} is not in your hand"
    if verb in ("throw", "give") and len(action) >= 2:
        other = action[-1]
        if other == seat:
            return "choose another player, not yourself"
        if not 0 <= other < len(s.players):
            return f"there is no seat {seat_number(other)}: {seats_are(s.players)}"
    return f"{text} is not legal now: {decision.prompt}"


def _touch_problem(s: ThrowState, tile: int, cell: Cell, rotation: int) -> str | None:
    if s.solo or "touch" not in s.held[s.active]:
        return f"you hold no {'Magic Touch'} card"
    if s.usable_touches() <= 0:
        return "a Magic Touch works from your next turn, not the turn you drew it"
    source = next((c for c, code in s.board.items() if code >> 1 == tile), None)
    if source is None:
        return f"{tile_name(tile)} is not on the seascape"
    if source not in seascape.movable(s):
        return _fixed_reason(s, tile, source)
    if source == cell:
        return f"{tile_name(tile)} is already at {cell[0]},{cell[1]}: move it to another place"
    trial = s.copy()
    seascape.remove(trial, source)
    return place_problem(trial, tile, cell, rotation)


def _fixed_reason(s: ThrowState, tile: int, source: Cell) -> str:
    """Why Magic Touch may not lift ``tile`` from ``source``: the complete creature it is part
    of (naming the other tiles of that creature), or the seascape its lifting would split."""
    name = tile_name(tile)
    x, y = source
    complete = seascape.complete_points(s)
    for ox, oy in seascape.CORNER_OFFSETS:
        point = (x + ox, y + oy)
        if point in complete:
            species = seascape.point_value(s.board, point)
            others = [
                tile_name(s.board[cell] >> 1)
                for dx, dy, _ in seascape.AROUND_POINT
                if (cell := (point[0] + dx, point[1] + dy)) != source
            ]
            return (
                f"{name} may not be moved: it is part of the complete "
                f"{SPECIES[species or 0]} with {join_and(others)} (a tile of a complete creature "
                "stays where it is)"
            )
    if len(s.board) < 2:
        return f"{name} may not be moved: it is the only tile on the seascape"
    return (
        f"{name} may not be moved: lifting it from {x},{y} would split the seascape, "
        "and the seascape must stay in one piece"
    )
