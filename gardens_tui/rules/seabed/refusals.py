"""Why an action is illegal here: the message :class:`~gardens_tui.rules.base.IllegalAction`
carries, naming the rule for this very position ("t12 does not fit at 1,0 r90: its west side
is reef, the tile to the west shows seaweed there")."""

from __future__ import annotations

from collections.abc import Callable

from gardens_tui.rules.base import Action
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.seascape import find
from gardens_tui.rules.seabed.state import Cell, SeabedState
from gardens_tui.rules.seabed.tiles import (
    FIELD,
    MAX_AREAS,
    REEF,
    SEA,
    SIDE_OFFSETS,
    START,
    STREAK,
    TYPES,
    tile_name,
    turned,
)
from gardens_tui.rules.words import join_and

Format = Callable[[Action], str]

PHASE_VERBS: dict[str, tuple[str, ...]] = {
    "place": ("place",),
    "propose": ("propose",),
    "counter": ("propose",),
    "answer": ("accept", "veto"),
    "pick": ("choose",),
    "flag": ("flag", "palace", "pass"),
    "whirlpool": ("return",),
}

KIND_WORDS = {1: "reef", 2: "seaweed", 3: "seabed"}
SIDE_WORDS = ("north", "east", "south", "west")


def tile_words(kind: int) -> str:
    """A placed tile type as a refusal names it: ``the start tile``, else its name (``t12``)."""
    return "the start tile" if kind == START else tile_name(kind)


def place_problem(s: SeabedState, kind: int, cell: Cell, degrees: int) -> str | None:
    """Why tile type ``kind`` may not go at ``cell`` turned ``degrees`` (``None``: it may)."""
    name = tile_name(kind)
    x, y = cell
    where = f"{x},{y}"
    if degrees not in (0, 90, 180, 270):
        return f"{name} turns in quarter turns only: r0, r90, r180 or r270"
    if cell in s.board:
        return f"{where} already holds {tile_words(s.board[cell] >> 2)}"
    if cell not in s.need:
        return f"{where} does not touch the seascape: a tile must share a side with one"
    sides = turned(kind * 4 + degrees // 90).side_codes
    for side, (dx, dy) in enumerate(SIDE_OFFSETS):
        other = s.board.get((x + dx, y + dy))
        if other is None:
            continue
        theirs = turned(other).side_codes[(side + 2) % 4]
        if theirs != sides[side]:
            return (
                f"{name} does not fit at {where} r{degrees}: its {SIDE_WORDS[side]} side is "
                f"{KIND_WORDS[sides[side]]}, the tile to the {SIDE_WORDS[side]} shows "
                f"{KIND_WORDS[theirs]} there (every touching edge must continue its feature)"
            )
    return None


def piece_problem(s: SeabedState, what: str, cell: Cell, name: str) -> str | None:
    """Why the placing team may not put a flag or palace on segment ``name`` at ``cell``."""
    if cell not in s.flag_cells:
        if s.flag_cells:
            return _flag_cells_problem(s, what, cell)
        return f"no {what} may be placed now"
    flags, palaces = s.supply[s.team]
    team = s.team_name(s.team)
    if what == "flag" and not flags:
        return f"{team} have no flag left in their supply"
    if what == "palace" and not palaces:
        return f"{team} have no palace left in their supply"
    area = seascape.area_named(s, cell, name)
    code = s.board[cell]
    if area is None:
        return _no_segment(cell, code, name)
    kind = TYPES[code >> 2].areas[area].kind
    node = s.index[cell] * MAX_AREAS + area
    if what == "flag":
        if kind not in (STREAK, REEF, SEA):
            return "flags go on streaks, reefs and seabed, not on a field (palaces may)"
        root = find(s.parent, node)
        f = s.feats[root]
        if any(f.flags):
            return f"that {f.kind} already holds a flag: one flag per feature"
        if seascape.complete(f) and root not in s.completed:  # (just completed: it may)
            return f"that {f.kind} was completed and scored earlier"
    else:
        if kind not in (STREAK, FIELD):
            return "palaces go on streaks and fields only"
        if any(s.systems[find(s.sparent, node)].palaces):
            return "that seaweed system already holds a palace: one palace per system"
    return None


def _no_segment(cell: Cell, code: int, name: str) -> str:
    """The tile ``code`` at ``cell`` has no segment called ``name``: what it has."""
    names = join_and(list(turned(code).names))
    return f"the tile at {cell[0]},{cell[1]} has no {name}: its segments are {names}"


def _flag_cells_problem(s: SeabedState, what: str, cell: Cell) -> str:
    """Where a flag or palace may go in this flag step, and that ``cell`` is not one of them:
    only the tiles that apply (the team's previous tile only when there is one)."""
    x, y = cell
    code = s.board.get(cell)
    where = f"the start tile ({x},{y})" if code is not None and code >> 2 == START else f"{x},{y}"
    just = s.flag_cells[0]
    here = f"({just[0]},{just[1]})"
    if len(s.flag_cells) > 1:
        previous = s.flag_cells[1]
        return (
            f"a {what} goes on the tile just placed {here} or on the team's previous tile "
            f"({previous[0]},{previous[1]}), not on {where}"
        )
    if s.extra:
        return f"after a clam tile a {what} goes only on the clam tile {here}, not on {where}"
    return (
        f"a {what} goes on the tile just placed {here}, not on {where} "
        f"({s.team_name(s.team)} placed no tile before it)"
    )


def explain(s: SeabedState, action: Action, legal: list[Action], fmt: Format) -> str:
    """The reason ``action`` (not in ``legal``) is refused in ``s``."""
    try:
        text = fmt(action)
    except Exception:
        text = repr(action)
    if s.over:
        return f"{text}: the game is over"
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return f"{text} is not an action of Seabed Neighbours"
    verb = action[0]
    decision = s.decision
    assert decision is not None
    if verb not in PHASE_VERBS.get(s.phase, ()):
        if verb in ("flag", "palace") and s.phase != "whirlpool":
            return (
                f"{text} is not possible now: a flag or palace goes down only in the flag step, "
                "right after a turn's first tile or a clam tile (never after the second tile); "
                f"now: {decision.prompt} ({s.players[decision.seat]})"
            )
        if verb in ("accept", "veto") and s.phase in ("counter", "pick"):
            return (
                f"{s.players[s.partner()]} already vetoed this placement (one veto each); "
                f"now: {decision.prompt} ({s.players[decision.seat]})"
            )
        if verb == "place" and s.phase in ("propose", "counter"):
            return "with propose and veto, placements are proposed: propose 1 at x,y r0"
        if verb == "propose" and s.phase == "place":
            return "with table talk, the player whose turn it is places directly: place 1 at x,y"
        return f"{text} is not possible now: {decision.prompt} ({s.players[decision.seat]})"
    if verb in ("place", "propose") and len(action) == 5:
        slot, x, y, degrees = action[1:]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in action[1:]):
            return f"{text} is not an action of Seabed Neighbours"
        tiles = s.choosable()
        if not 1 <= slot <= len(tiles):
            return f"there is no tile {slot}: {'only tile 1' if len(tiles) == 1 else 'tiles 1-2'}"
        if slot == 2 and tiles[0] == tiles[1]:
            return "both tiles are the same: use tile 1"
        if not seascape.can_place(s, tiles[slot - 1]):
            other = [i + 1 for i, k in enumerate(tiles) if seascape.can_place(s, k)]
            return f"{tile_name(tiles[slot - 1])} fits nowhere on the seascape" + (
                f": place tile {other[0]}" if other else ""
            )
        problem = place_problem(s, tiles[slot - 1], (x, y), degrees)
        if problem:
            return problem
        return f"{text} is not legal now"
    if verb in ("flag", "palace", "return") and len(action) == 4:
        x, y, name = action[1:]
        if not (isinstance(x, int) and isinstance(y, int) and isinstance(name, str)):
            return f"{text} is not an action of Seabed Neighbours"
        if verb == "return":
            return _return_problem(s, (x, y), name, legal, fmt)
        problem = piece_problem(s, verb, (x, y), name)
        return (
            problem or _listed_as(s, verb, (x, y), name, legal, fmt) or f"{text} is not legal now"
        )
    return f"{text} is not legal now: {decision.prompt}"


def _listed_as(
    s: SeabedState, verb: str, cell: Cell, name: str, legal: list[Action], fmt: Format
) -> str | None:
    """When a flag or palace names a feature (or seaweed system) the flag step lists under
    another segment (one entry per feature, rules version 2): which entry that is."""
    area = seascape.area_named(s, cell, name)
    if area is None:
        return None
    links = s.parent if verb == "flag" else s.sparent
    root = find(links, seascape.node_of(s, cell, area))
    for action in legal:
        if action[0] != verb:
            continue
        other = (action[1], action[2])
        their = seascape.area_named(s, other, str(action[3]))
        if their is not None and find(links, seascape.node_of(s, other, their)) == root:
            what = s.feats[root].kind if verb == "flag" else "seaweed system"
            each = "feature" if verb == "flag" else "system"
            return f"that {what} is listed once, as {fmt(action)} (one entry per {each})"
    return None


def _return_problem(s: SeabedState, cell: Cell, name: str, legal: list[Action], fmt: Format) -> str:
    """Why the whirlpool may not take back the piece named (a palace stays where it was put; a
    flag of another team is not the placing team's), with the flags it may take back."""
    x, y = cell
    team = s.team_name(s.team)
    area = seascape.area_named(s, cell, name)
    if area is None:
        code = s.board.get(cell)
        problem = f"there is no tile at {x},{y}" if code is None else _no_segment(cell, code, name)
    else:
        node = seascape.node_of(s, cell, area)
        others = sorted({s.team_name(t) for t, n, what in s.flags if n == node and what == "flag"})
        if (s.team, node, "palace") in s.flags:
            problem = (
                f"the palace of {team} on {x},{y} {name} stays: palaces remain where they are "
                "placed until the end, and the whirlpool takes back flags only"
            )
        elif others:
            problem = (
                f"the flag on {x},{y} {name} belongs to {join_and(others)}: the whirlpool "
                f"takes back a flag of {team}"
            )
        else:
            problem = f"{team} have no flag on {x},{y} {name} to take back"
    options = join_and([fmt(action) for action in legal], last="or")
    return f"{problem} (flags to take back: {options})" if legal else problem
