"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

Tiles are written by type name (``"t12"``, ``"start"``, ``"c3"``), the seascape as
``[x, y, "t12", degrees]`` in the order the tiles were placed (the feature graph is rebuilt
from it), flags and palaces as ``[team, x, y, "segment", "flag" | "palace"]``.

``"rules"`` is the rules version the game is played under (written since rules version 2; a
position without it, such as one written by hand, is played under the current rules, and
:mod:`.migrations` adds ``"rules": 1`` to the positions of older files).

A hand-written position may leave out ``supply`` (worked out from the pieces on the
seascape), ``piles`` (all zero), ``last`` (no previous tiles), ``removed``, ``flags`` and the
turn fields (``step`` 1, ``team`` 0, no extra turn, no proposal).

``from_dict`` trusts nothing: every field is type- and range-checked with its path; the start
tile lies at 0,0 unturned; flags and palaces stand on segments that may hold them; and the
position keeps the invariants the rules need (:func:`.invariants.check_consistent`): the tiles
add up to the 78 regular tiles, the start tile and the 16 clam tiles, every other tile was a
legal placement when it was laid, flags and palaces add up to each team's 5 and 3, and the
pending decision makes sense. The loader checks the rest of the invariants
(:func:`.invariants.check`) on a position written by hand.

Speed: names are written by look-up in tables made at import (:data:`NAMES`,
:data:`PLACED_AS`), and a position whose seascape grew from the last one read starts from that
seascape, laying and checking only the tiles added since (:func:`_lay`).
"""

from __future__ import annotations

from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.seabed import invariants, seascape
from gardens_tui.rules.seabed.spec import RULES_VERSION, SPEC
from gardens_tui.rules.seabed.state import (
    CATEGORIES,
    PHASES,
    Cell,
    SeabedState,
)
from gardens_tui.rules.seabed.tiles import (
    FIELD,
    REEF,
    SEA,
    START,
    STREAK,
    TYPE_BY_NAME,
    TYPES,
    fit_table,
    tile_name,
)

LIMIT = 200
"""The farthest coordinate a save may hold."""


def _place_list(p: tuple[int, int, int, int] | None) -> list[int] | None:
    return None if p is None else list(p)


NAMES: tuple[str, ...] = tuple(map(tile_name, range(len(TYPES))))
""":func:`~.tiles.tile_name` of every tile type, by type (looked up by :func:`to_dict`)."""

PLACED_AS: tuple[tuple[str, int], ...] = tuple(
    (NAMES[code >> 2], (code & 3) * 90) for code in range(4 * len(TYPES))
)
"""A seascape entry's tile name and degrees, by tile code (type * 4 + quarter turns)."""


def to_dict(s: SeabedState) -> dict[str, Any]:
    """The JSON-safe form of the position."""
    data = F.common_to_dict(s)
    name = NAMES.__getitem__
    cells, board = s.cells, s.board
    placed_as = map(PLACED_AS.__getitem__, map(board.__getitem__, cells))
    data.update(
        {
            "phase": s.phase,
            "pile": list(map(name, s.pile)),
            "clams": list(map(name, s.clams)),
            "hand": list(map(name, s.hand)),
            "clam": NAMES[s.clam] if s.clam >= 0 else None,
            "removed": list(map(name, s.removed)),
            "seascape": [
                [x, y, kind, degrees]
                for (x, y), (kind, degrees) in zip(cells, placed_as, strict=True)
            ],
            "flags": [
                [team, *seascape.cell_of(s, node), seascape.segment_name(s, node), what]
                for team, node, what in s.flags
            ],
            "supply": [list(row) for row in s.supply],
            "piles": [list(row) for row in s.piles],
            "last": [None if c is None else list(c) for c in s.last],
            "just": None if s.just is None else list(s.just),
            "flag_cells": [list(c) for c in s.flag_cells],
            "step": s.step,
            "team": s.team,
            "extra": s.extra,
            "earned": s.earned,
            "proposal": _place_list(s.proposal),
            "counter": _place_list(s.counter),
            "rules": s.rules,
        }
    )
    return data


def _tile(value: Any, path: str) -> int:
    name = F.string(value, path)
    kind = TYPE_BY_NAME.get(name)
    if kind is None:
        raise F.fail(path, f"unknown tile {name!r}")
    return kind


def _cell(value: Any, path: str) -> Cell:
    if not isinstance(value, list) or len(value) != 2:
        raise F.fail(path, "expected [x, y]")
    return (
        F.integer(value[0], f"{path}[0]", -LIMIT, LIMIT),
        F.integer(value[1], f"{path}[1]", -LIMIT, LIMIT),
    )


def _placement(value: Any, path: str) -> tuple[int, int, int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 4:
        raise F.fail(path, "expected [slot, x, y, degrees] or null")
    slot = F.integer(value[0], f"{path}[0]", 1, 2)
    x = F.integer(value[1], f"{path}[1]", -LIMIT, LIMIT)
    y = F.integer(value[2], f"{path}[2]", -LIMIT, LIMIT)
    degrees = F.integer(value[3], f"{path}[3]")
    if degrees not in (0, 90, 180, 270):
        raise F.fail(f"{path}[3]", "a tile turns 0, 90, 180 or 270 degrees")
    return slot, x, y, degrees


def from_dict(data: Any) -> SeabedState:
    """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
    try:
        return _from_dict(data)
    except F.FieldError:
        raise
    except (KeyError, IndexError, TypeError, AttributeError, AssertionError) as exc:
        raise F.fail("state", f"not a consistent position ({type(exc).__name__})") from None


def _from_dict(data: Any) -> SeabedState:
    common = F.read_common(data, SPEC)
    d = data
    n = len(common["players"])

    def tiles(value: Any, path: str, limit: int = 100) -> list[int]:
        if type(value) is list and len(value) <= limit:  # the usual case, in one pass
            kinds = [TYPE_BY_NAME.get(name, -1) if type(name) is str else -1 for name in value]
            if -1 not in kinds:
                return kinds
        return F.array(value, path, _tile, max_length=limit)  # (says what is wrong)

    def placed(value: Any, path: str) -> tuple[int, int, int, int]:
        if not isinstance(value, list) or len(value) != 4:
            raise F.fail(path, "expected [x, y, tile, degrees]")
        x = F.integer(value[0], f"{path}[0]", -LIMIT, LIMIT)
        y = F.integer(value[1], f"{path}[1]", -LIMIT, LIMIT)
        kind = _tile(value[2], f"{path}[2]")
        degrees = F.integer(value[3], f"{path}[3]")
        if degrees not in (0, 90, 180, 270):
            raise F.fail(f"{path}[3]", "a tile turns 0, 90, 180 or 270 degrees")
        return x, y, kind, degrees // 90

    def piece(value: Any, path: str) -> tuple[int, int, int, str, str]:
        if not isinstance(value, list) or len(value) != 5:
            raise F.fail(path, "expected [team, x, y, segment, 'flag' or 'palace']")
        return (
            F.integer(value[0], f"{path}[0]", 0, n - 1),
            F.integer(value[1], f"{path}[1]", -LIMIT, LIMIT),
            F.integer(value[2], f"{path}[2]", -LIMIT, LIMIT),
            F.string(value[3], f"{path}[3]"),
            F.string(value[4], f"{path}[4]", ("flag", "palace")),
        )

    phase = F.string(d.get("phase"), "state.phase", PHASES)
    laid = _seascape(d.get("seascape"))
    if laid is None:  # (says what is wrong)
        laid = F.array(d.get("seascape"), "state.seascape", placed, max_length=100)
    clam_name = d.get("clam")
    clam = -1 if clam_name is None else _tile(clam_name, "state.clam")
    s = SeabedState(
        **common,
        phase=phase,
        pile=tiles(d.get("pile"), "state.pile"),
        clams=tiles(d.get("clams"), "state.clams", 16),
        hand=tiles(d.get("hand"), "state.hand", 2),
        clam=clam,
        removed=tiles(d.get("removed", []), "state.removed"),
        supply=_rows(d.get("supply", [[0, 0]] * n), "state.supply", n, 2, 0, 5),
        piles=_rows(
            d.get("piles", [[0] * len(CATEGORIES)] * n),
            "state.piles",
            n,
            len(CATEGORIES),
            0,
            10_000,
        ),
        last=F.array(
            d.get("last", [None] * n), "state.last", lambda v, p: F.optional(v, p, _cell), length=n
        ),
        just=F.optional(d.get("just"), "state.just", _cell),
        flag_cells=tuple(F.array(d.get("flag_cells", []), "state.flag_cells", _cell, max_length=2)),
        step=F.integer(d.get("step", 1), "state.step", 1, 2),
        team=F.integer(d.get("team", 0), "state.team", 0, n - 1),
        extra=F.boolean(d.get("extra", False), "state.extra"),
        earned=F.boolean(d.get("earned", False), "state.earned"),
        proposal=_placement(d.get("proposal"), "state.proposal"),
        counter=_placement(d.get("counter"), "state.counter"),
        rules=F.integer(d.get("rules", RULES_VERSION), "state.rules", 1, RULES_VERSION),
    )
    _lay(s, laid)
    pieces = _pieces(d.get("flags", []), n)
    if pieces is None:  # (says what is wrong)
        pieces = F.array(d.get("flags", []), "state.flags", piece, max_length=8 * n)
    for i, (team, x, y, name, what) in enumerate(pieces):
        path = f"state.flags[{i}]"
        if (x, y) not in s.board:
            raise F.fail(path, f"no tile at {x},{y}")
        area = seascape.area_named(s, (x, y), name)
        if area is None:
            raise F.fail(path, f"the tile at {x},{y} has no segment {name!r}")
        kind = TYPES[s.board[(x, y)] >> 2].areas[area].kind
        allowed = (STREAK, REEF, SEA) if what == "flag" else (STREAK, FIELD)
        if kind not in allowed:
            raise F.fail(path, f"a {what} cannot stand on a {kind}")
        s.flags.append((team, seascape.node_of(s, (x, y), area), what))
    s.flags.sort()
    for team, node, what in s.flags:
        seascape.add_piece(s, team, node, what, 1)
    if "supply" not in d:
        s.supply = [
            [
                5 - sum(1 for t, _, w in s.flags if t == team and w == "flag"),
                3 - sum(1 for t, _, w in s.flags if t == team and w == "palace"),
            ]
            for team in range(n)
        ]
    if s.just in s.board:
        s.completed = tuple(seascape.completed_by(s, s.just))
    invariants.check_consistent(s, laid_checked=True)
    global _last_read
    s.sea_shared = s.records_shared = True  # (the next read may share them: see _lay)
    _last_read = (laid, s)
    return s


def _rows(value: Any, path: str, rows: int, width: int, low: int, high: int) -> list[list[int]]:
    """:func:`~gardens_tui.rules.fields.integer_rows`, with a quick pass for the usual case
    (a list of ``rows`` lists of ``width`` plain ints within ``low..high``)."""
    if type(value) is list and len(value) == rows:
        out = [row[:] for row in value if type(row) is list and len(row) == width]
        every = [v for row in out for v in row]
        if (
            len(out) == rows
            and set(map(type, every)) == {int}
            and low <= min(every) <= max(every) <= high
        ):
            return out
    return F.integer_rows(value, path, rows, width, low, high)


def _pieces(value: Any, teams: int) -> list[tuple[int, int, int, str, str]] | None:
    """The saved flags and palaces as ``(team, x, y, segment, what)``, when they are a list of
    well-formed entries (read in one quick pass); ``None`` for anything else, which the
    field-by-field reader then names."""
    if type(value) is not list or len(value) > 8 * teams:
        return None
    out = []
    for entry in value:
        if type(entry) is not list or len(entry) != 5:
            return None
        team, x, y, name, what = entry
        if (
            type(team) is not int
            or type(x) is not int
            or type(y) is not int
            or type(name) is not str
            or what not in ("flag", "palace")
            or type(what) is not str
            or not 0 <= team < teams
            or not -LIMIT <= x <= LIMIT
            or not -LIMIT <= y <= LIMIT
        ):
            return None
        out.append((team, x, y, name, what))
    return out


QUARTERS = {0: 0, 90: 1, 180: 2, 270: 3}
"""A tile's turn in degrees, as quarter turns."""


def _seascape(value: Any) -> list[tuple[int, int, int, int]] | None:
    """The saved seascape as ``(x, y, type, quarter)``, when it is a list of well-formed
    entries (the usual case, read in one quick pass); ``None`` for anything else, which the
    field-by-field reader then names."""
    if type(value) is not list or len(value) > 100:
        return None
    out = []
    for entry in value:
        if type(entry) is not list:
            return None
        try:
            x, y, name, degrees = entry
        except ValueError:  # not four items
            return None
        kind = TYPE_BY_NAME.get(name) if type(name) is str else None
        quarter = QUARTERS.get(degrees) if type(degrees) is int else None
        if (
            kind is None
            or quarter is None
            or not type(x) is type(y) is int
            or not -LIMIT <= x <= LIMIT
            or not -LIMIT <= y <= LIMIT
        ):
            return None
        out.append((x, y, kind, quarter))
    return out


_last_read: tuple[list[tuple[int, int, int, int]], SeabedState] | None = None
"""The last position :func:`from_dict` read, with its tiles as laid, for :func:`_lay` to start
from (a position is never changed once made; its seascape and records are marked shared)."""


def _lay(s: SeabedState, laid: list[tuple[int, int, int, int]]) -> None:
    """Rebuild the seascape from its tiles in the order they were laid: the start tile first,
    unturned at 0,0, one tile a place, each a legal placement when it was laid (invariant 2,
    checked here tile by tile because the feature graph is built only from tiles that fit;
    what a tile must meet is ``s.need``, kept by :func:`.seascape.place`).

    When the seascape of the last position read (``_last_read``) is where this one began, with
    as many teams (a client reading every position of a game, a test round-tripping each), ``s``
    shares it as a copy shares its original's (:func:`_share_seascape`), and only the tiles
    laid since are laid and checked: the earlier ones passed the same checks when that position
    was read, and the result is the same as laying them all again."""
    first = 0
    last = _last_read
    if (
        last is not None
        and len(last[1].players) == len(s.players)  # (records count flags by team)
        and 0 < (known := len(last[0])) <= len(laid)
        and laid[known - 1] == last[0][-1]  # (most other games differ here: no slice made)
        and laid[:known] == last[0]
    ):
        first = known
        _share_seascape(s, last[1])
    elif not laid or laid[0] != (0, 0, START, 0):
        raise F.fail("state.seascape[0]", "the start tile lies unturned at 0,0 first")
    fresh = first == 0
    for i in range(first, len(laid)):
        x, y, kind, quarter = laid[i]
        cell = (x, y)
        code = kind * 4 + quarter
        if cell in s.board:
            raise F.fail(f"state.seascape[{i}]", f"a second tile at {x},{y}")
        if i:
            if kind == START:
                raise F.fail(f"state.seascape[{i}]", "only one start tile")
            fits = s.need.get(cell, 0)
            if not fits or quarter not in fit_table(kind)[fits]:
                problem = invariants.fit_problem(fits, cell, code)
                raise F.fail(f"state.seascape[{i}]", str(problem))
        seascape.place(s, cell, code, laying=fresh)  # (a shared front is kept sorted)
    if fresh:
        seascape.sort_front(s)


def _share_seascape(s: SeabedState, seen: SeabedState) -> None:
    """Give ``s`` (being read, nothing laid yet) the seascape of ``seen`` without its flags and
    palaces, shared as :meth:`.SeabedState.copy` shares it: taking the pieces out, laying
    tiles and counting the new pieces in copy what they change."""
    s.board, s.cells, s.index, s.need = seen.board, seen.cells, seen.index, seen.need
    s.front, s.front_keys = seen.front, seen.front_keys
    s.parent, s.sparent = seen.parent, seen.sparent
    s.sea_token = seen.sea_token
    s.feats, s.systems = seen.feats.copy(), seen.systems.copy()
    s.sea_shared = s.records_shared = True
    for team, node, what in seen.flags:
        seascape.add_piece(s, team, node, what, -1)


def component_counts(s: SeabedState) -> dict[str, int]:
    """Tiles wherever they are, and the teams' flags and palaces."""
    regular = len(s.pile) + len(s.hand) + len(s.removed)
    regular += sum(1 for c in s.cells if TYPES[s.board[c] >> 2].name[0] == "t")
    clams = len(s.clams) + (s.clam >= 0)
    clams += sum(1 for c in s.cells if TYPES[s.board[c] >> 2].name[0] == "c")
    flags = sum(row[0] for row in s.supply) + sum(1 for _, _, w in s.flags if w == "flag")
    palaces = sum(row[1] for row in s.supply) + sum(1 for _, _, w in s.flags if w == "palace")
    return {"regular tiles": regular, "clam tiles": clams, "flags": flags, "palaces": palaces}
