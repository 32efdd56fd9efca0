"""Seabed Neighbours' state: the seascape and its features, the teams and the turn.

The seascape
------------
``board`` maps a cell ``(x, y)`` (signed, from the start tile at ``(0, 0)``; x grows
eastwards, y southwards) to ``type * 4 + quarter`` (the tile type of :mod:`.tiles` turned
``quarter`` quarter-turns clockwise); ``cells`` lists the cells in the order the tiles were
placed, and ``index`` maps a cell to its place there, the *tile number*. Tile number ``i`` has
one *node* per area, ``i * MAX_AREAS + area``; the features are the classes of a union-find
over those nodes (``parent``, roots in ``feats``), and the seaweed systems another over the
streak and field nodes (``sparent``, roots in ``systems``). The root of a class is always its
smallest node (the first laid area of it), whatever order the joins came in. ``need`` maps
every empty cell beside the seascape to the side kinds a tile there must show, and ``front``
lists the same as ``(code, placements)`` sorted by row and column (the order placements are
listed in; ``placements``: :func:`.seascape.placements_at` of the place, whose first one names
it), ``front_keys`` their sort keys (:func:`.seascape.front_key`). All of these are derived
from ``board`` and ``cells`` (:func:`.seascape.rebuild`) and never saved.

Teams
-----
Team ``t`` is seats ``t - 1`` and ``t`` (mod the player count): team ``t``'s right-hand seat is
``t - 1``. Seat ``i`` belongs to teams ``i`` and ``i + 1``. ``supply[t]`` is ``[flags,
palaces]`` still at hand, ``piles[t]`` the points by category (:data:`CATEGORIES`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gardens_tui.rules.base import Action, Decision, GameState
from gardens_tui.rules.seabed.spec import RULES_VERSION
from gardens_tui.rules.seabed.tiles import (
    ANEMONES,
    BOTTLE,
    CLAMS,
    COUNT_MASK,
    CRAB,
    DIVERS,
    FIELDS,
    FISH,
    MANTA,
    MAX_AREAS,
    MAX_TILES,
    STAR,
    SUSHI,
)

Cell = tuple[int, int]

CATEGORIES: tuple[str, ...] = ("streaks", "reefs", "clam tiles", "palaces", "seabed")
"""The point categories of a team's pile."""

PHASES: tuple[str, ...] = (
    "place",
    "propose",
    "answer",
    "counter",
    "pick",
    "flag",
    "whirlpool",
    "over",
)
"""Every value of :attr:`SeabedState.phase`; all but ``"over"`` are decision kinds."""

TABLE_TALK = "table-talk"
PROPOSE = "propose-and-veto"

_new = object.__new__


def bumped(rows: list[list[int]], row: int, column: int, amount: int) -> list[list[int]]:
    """``rows`` (``supply`` or ``piles``) with ``amount`` added at ``[row][column]``: new
    lists, the other rows shared (see :meth:`SeabedState.copy`)."""
    out = rows[:]
    changed = out[row] = rows[row][:]
    changed[column] += amount
    return out


Line = str | tuple[Any, ...]
"""A line of ``events`` as the engine writes it: the text, or a recipe ``(render, *args)``
that :func:`written` turns into the text, ``render(*args)``. Every placement, draw and flag
writes a line, and a search plays thousands of them a second without reading one: the
commonest lines are written out only when something reads ``events`` (issue 29: writing
the three commonest took 3 to 5 % of a random game's time)."""


def written(line: Line) -> str:
    """The text of an event line (a recipe written out)."""
    return line if isinstance(line, str) else line[0](*line[1:])


class WrittenOnRead(GameState):
    """A :class:`GameState` whose ``events`` is a property over ``event_lines``, where a line
    may still be a :data:`Line` recipe: the first read writes them all out and keeps the
    text. Setting ``events`` sets ``event_lines``; :meth:`SeabedState.copy` passes
    ``event_lines`` on unread. (Not a dataclass: one would drop a property named like a
    field from its own body.)"""

    __slots__ = ("event_lines",)
    event_lines: tuple[Line, ...]

    @property
    def events(self) -> tuple[str, ...]:
        """The log lines of the ``apply`` that made this state, as text."""
        lines = self.event_lines
        for line in lines:
            if type(line) is not str:
                lines = self.event_lines = tuple(map(written, lines))
                break
        return lines  # type: ignore[return-value]  # (every line is a str by now)

    @events.setter
    def events(self, lines: tuple[Line, ...]) -> None:
        self.event_lines = lines


@lru_cache(maxsize=256)
def team_names(players: tuple[str, ...]) -> tuple[str, ...]:
    """Every team's name, ``Ann & Bob`` (the right-hand seat first), by team number."""
    n = len(players)
    return tuple(f"{players[(team - 1) % n]} & {players[team]}" for team in range(n))


_LINKS = array("H", range(MAX_TILES * MAX_AREAS))


def new_links() -> array[int]:
    """A union-find's parent links with every node of :data:`~.tiles.MAX_TILES` tiles its own
    root: an array, not a list, so that copying a state copies it in one block (``place``
    grows it if a position from a file lays more tiles)."""
    return _LINKS[:]


class Feat:
    """One feature (a union-find root): kind, open edge segments, tiles (a bit per tile
    number), what it holds and the flags on it (per team). Treat as immutable once stored in
    a state: :mod:`.seascape` replaces it with a changed :meth:`copy`.

    The fish, creatures, bottles, clams, anemones and divers are packed into ``counts`` (see
    :func:`.tiles.pack`), so that joining two features is a handful of additions; the
    properties read them out."""

    __slots__ = ("closers", "counts", "flags", "kind", "open", "tiles")

    def __init__(
        self,
        kind: str,
        open: int,
        counts: int,
        tiles: int,
        closers: frozenset[int],
        flags: tuple[int, ...],
    ) -> None:
        self.kind = kind
        self.open = open
        self.counts = counts
        self.tiles = tiles
        self.closers = closers
        """Streaks: the field nodes that close its ends."""
        self.flags = flags

    def copy(self) -> Feat:
        """A changeable copy."""
        n: Feat = _new(Feat)
        n.kind = self.kind
        n.open = self.open
        n.counts = self.counts
        n.tiles = self.tiles
        n.closers = self.closers
        n.flags = self.flags
        return n

    @property
    def fish(self) -> int:
        """Fish on it (a streak's closing fields not counted)."""
        return self.counts >> FISH & COUNT_MASK

    @property
    def manta(self) -> int:
        """Mantas on it."""
        return self.counts >> MANTA & COUNT_MASK

    @property
    def star(self) -> int:
        """Starfish on it."""
        return self.counts >> STAR & COUNT_MASK

    @property
    def crab(self) -> int:
        """Crabs on it."""
        return self.counts >> CRAB & COUNT_MASK

    @property
    def bottle(self) -> int:
        """Bottles on it."""
        return self.counts >> BOTTLE & COUNT_MASK

    @property
    def clams(self) -> int:
        """Magic clams on it (reefs)."""
        return self.counts >> CLAMS & COUNT_MASK

    @property
    def anemones(self) -> int:
        """Anemone groups on it (reefs)."""
        return self.counts >> ANEMONES & COUNT_MASK

    @property
    def diver(self) -> bool:
        """Whether a diver is in it (seabed: its bottles are ignored)."""
        return self.counts >> DIVERS & COUNT_MASK != 0


class Sys:
    """One seaweed system (streaks joined through fields): fish, fields and the sushi set
    packed into ``counts`` (see :data:`.tiles.FIELDS`), tiles, palaces per team. Treated
    like :class:`Feat`."""

    __slots__ = ("counts", "palaces", "tiles")

    def __init__(self, counts: int, tiles: int, palaces: tuple[int, ...]) -> None:
        self.counts = counts
        self.tiles = tiles
        self.palaces = palaces

    def copy(self) -> Sys:
        """A changeable copy."""
        n: Sys = _new(Sys)
        n.counts = self.counts
        n.tiles = self.tiles
        n.palaces = self.palaces
        return n

    @property
    def fish(self) -> int:
        """Fish on its streaks and fields."""
        return self.counts >> FISH & COUNT_MASK

    @property
    def fields(self) -> int:
        """How many fields it holds."""
        return self.counts >> FIELDS & COUNT_MASK

    @property
    def sushi(self) -> bool:
        """Whether the sushi set is in it."""
        return self.counts >> SUSHI & COUNT_MASK != 0


Placement = tuple[int, int, int, int]
"""A proposed placement: ``(slot, x, y, rotation)`` (slot 1-based, rotation in degrees)."""


SEASCAPE: tuple[str, ...] = (
    "board",
    "cells",
    "index",
    "need",
    "front",
    "front_keys",
    "parent",
    "sparent",
)
"""The seascape containers: what only a placement changes, shared by copies until then."""

LENT: tuple[str, ...] = (*SEASCAPE, "feats", "systems")
"""What a position lends a later one (:func:`.seascape.take_over`): the seascape and the
feature and seaweed-system tables."""

TableChange = tuple[bool, int, Any]
"""An entry of ``table_log``: whether it is ``systems`` (else ``feats``), the key, and the
record the key held before."""

GIVE_BACK: list[Callable[[SeabedState], None]] = []
""":func:`.seascape.give_back`, registered there (that module imports this one)."""


@dataclass(slots=True, eq=False, kw_only=True)
class SeabedState(WrittenOnRead):
    """One position of Seabed Neighbours. Treat as immutable: the engine copies first.

    - ``phase``: the pending decision (:data:`PHASES`; see the package docstring).
    - ``pile``: the regular tiles still to draw (type ids, kept sorted; the tile drawn is
      picked from the PRNG when drawn, so nobody knows the order); ``clams``: the clam tiles
      still to draw, the same way.
    - ``hand``: the regular tiles drawn this turn and not placed yet (public: the pair
      negotiates in the open); ``clam``: the clam tile of an extra turn, or -1.
    - ``removed``: tiles set aside because no tile left could be placed anywhere.
    - ``board`` / ``cells`` and the derived ``index`` / ``need`` / ``front`` / ``front_keys``
      / ``parent`` / ``feats`` / ``sparent`` / ``systems`` (module docstring).
    - ``flags``: every flag and palace on the seascape, ``(team, node, "flag" | "palace")``.
    - ``supply`` / ``piles``: per team (module docstring).
    - ``last``: the cell each team last placed a tile on (or ``None``).
    - ``just``: the cell of the placement being resolved, ``completed`` the streaks and reefs
      it completed (roots in its area order; derived, never saved); ``flag_cells``: where the
      flag step may put a flag or palace.
    - ``step``: 1 for the turn's first tile (with team ``active``), 2 for the second (team
      ``active + 1``); ``team``: the team placing now; ``extra``: this placement is a clam
      tile's extra turn; ``earned``: the last placement earned an extra turn not taken yet.
    - ``proposal`` / ``counter``: the pending proposals when negotiating by propose and veto.
    - ``rules``: the rules version this game is played under (:data:`~.spec.RULES_VERSION`
      for new games; an older one for games saved under it, see :mod:`.migrations`).
    """

    game_id = "seabed-neighbours"

    phase: str = "place"
    pile: list[int] = field(default_factory=list)
    clams: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    clam: int = -1
    removed: list[int] = field(default_factory=list)
    board: dict[Cell, int] = field(default_factory=dict)
    cells: list[Cell] = field(default_factory=list)
    index: dict[Cell, int] = field(default_factory=dict)
    need: dict[Cell, int] = field(default_factory=dict)
    front: list[tuple[int, tuple[Action, ...]]] = field(default_factory=list)
    front_keys: list[int] = field(default_factory=list)
    parent: array[int] = field(default_factory=new_links)
    feats: dict[int, Feat] = field(default_factory=dict)
    sparent: array[int] = field(default_factory=new_links)
    systems: dict[int, Sys] = field(default_factory=dict)
    flags: list[tuple[int, int, str]] = field(default_factory=list)
    supply: list[list[int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)
    last: list[Cell | None] = field(default_factory=list)
    just: Cell | None = None
    completed: tuple[int, ...] = ()
    flag_cells: tuple[Cell, ...] = ()
    step: int = 1
    team: int = 0
    extra: bool = False
    earned: bool = False
    proposal: Placement | None = None
    counter: Placement | None = None
    rules: int = RULES_VERSION
    sea_shared: bool = field(default=False, repr=False)
    """Whether ``board``, ``cells``, ``index``, ``need``, ``front``, ``front_keys``, ``parent``
    and ``sparent`` (:data:`SEASCAPE`) may be shared with another state (see
    :meth:`own_seascape`)."""
    sea_token: object = field(default_factory=object, repr=False)
    """One object held by every state that shares these seascape containers and by nothing
    else: its reference count tells :func:`.seascape.take_over` whether any state but the
    one a placement was copied from still shares them."""
    sea_lent: tuple[SeabedState, int, list[TableChange]] | None = field(default=None, repr=False)
    """``(later, tiles, changes)`` once a later position took this one's seascape containers
    and tables over (:func:`.seascape.take_over`; ``later`` holds them, this one had ``tiles``
    tiles, ``changes`` is ``later``'s ``table_log``); its :data:`LENT` attributes are then
    unset and its class is :class:`LentSeabedState` until one is read, when
    :func:`.seascape.give_back` gives it its own again."""
    table_log: list[TableChange] | None = field(default=None, repr=False)
    """While the ``apply`` that made this position runs, when its placement took the tables
    over (:func:`.seascape.take_over`): every entry of ``feats`` and ``systems`` it changed,
    with the record it held before, in order (what :func:`.seascape.give_back` undoes); else
    ``None``. Whatever changes an entry of an older feature or system appends to it."""
    tables_shared: bool = field(default=False, repr=False)
    """Whether the ``feats`` and ``systems`` tables may be shared with another state (see
    :meth:`own_tables`)."""
    records_shared: bool = field(default=False, repr=False)
    """Whether the records in ``feats`` and ``systems`` may be shared with another state (a
    copy's are: :func:`.seascape.place` then copies an older one before it changes it; a
    position being built, by ``from_dict`` say, changes its own in place)."""
    flag_options: tuple[Action, ...] | None = field(default=None, repr=False)
    """The flags and palaces of the flag step as :func:`.engine.flag_actions` lists them, kept
    by the placement that opened the step (it works them out to know whether the step opens);
    ``None`` when not worked out (derived, never saved; a copy starts without it)."""
    legal_cache: list[tuple[object, ...]] | None = field(default=None, repr=False)
    """The engine's cache of this state's legal actions (never saved, never copied)."""

    @property
    def negotiation(self) -> str:
        """``"table-talk"`` or ``"propose-and-veto"``."""
        return str(self.options.get("negotiation", TABLE_TALK))

    def teams_of(self, seat: int) -> tuple[int, int]:
        """The two teams ``seat`` belongs to: ``(seat, seat + 1)`` (mod the count)."""
        return seat, (seat + 1) % len(self.players)

    def members(self, team: int) -> tuple[int, int]:
        """The two seats of ``team``: ``(team - 1, team)`` (mod the count)."""
        return (team - 1) % len(self.players), team

    def team_name(self, team: int) -> str:
        """``Ann & Bob`` (the right-hand seat first)."""
        return team_names(self.players)[team]

    def partner(self) -> int:
        """The other seat of the placing team (the active seat negotiates with it)."""
        a, b = self.members(self.team)
        return a if b == self.active else b

    def choosable(self) -> list[int]:
        """The tiles the place decision chooses among: the clam tile on an extra turn, else
        the hand."""
        return [self.clam] if self.clam >= 0 else self.hand

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (the partner while answering or counter-proposing)."""
        if self.over:
            return None
        return self.partner() if self.phase in ("answer", "counter") else self.active

    @property
    def decision(self) -> Decision | None:
        """The pending decision with a one-line prompt (all of it public)."""
        if self.over:
            return None
        phase = self.phase
        who = self.team_name(self.team)
        what = "the clam tile" if self.extra else ("a tile" if len(self.hand) > 1 else "the tile")
        if phase == "place":
            return Decision(self.active, "place", f"Place {what} for {who}")
        if phase == "propose":
            return Decision(self.active, "propose", f"Propose where {what} goes for {who}")
        if phase == "answer":
            return Decision(self.partner(), "answer", f"Accept or veto the proposal for {who}")
        if phase == "counter":
            return Decision(
                self.partner(), "counter", f"Vetoed: propose your own placement for {who}"
            )
        if phase == "pick":
            return Decision(
                self.active, "pick", f"Choose your proposal or your partner's for {who}"
            )
        if phase == "flag":
            return Decision(
                self.active,
                "flag",
                f"Place a flag or palace for {who}, or pass",
                optional=True,
                pass_action=("pass",),
            )
        return Decision(self.active, "whirlpool", f"Whirlpool: take back one flag of {who}")

    def own_seascape(self) -> None:
        """Give this state its own copies of the seascape containers :meth:`copy` shares (see
        ``sea_shared``): :func:`.seascape.place` calls it before it changes them, so a copy pays
        for copying the seascape only when it lays a tile. Its own tables too, if it shares
        them: whoever shares a state's tables then shares its seascape (``sea_token``), which
        :func:`.seascape.take_over` counts on."""
        self.board = self.board.copy()
        self.cells = self.cells[:]
        self.index = self.index.copy()
        self.need = self.need.copy()
        self.front = self.front[:]
        self.front_keys = self.front_keys[:]
        self.parent = self.parent[:]
        self.sparent = self.sparent[:]
        self.sea_shared = False
        self.sea_token = object()
        if self.tables_shared:  # (so that whoever shares the tables shares the seascape too)
            self.own_tables()

    def own_tables(self) -> None:
        """Give this state its own ``feats`` and ``systems`` tables (see ``tables_shared``):
        everything that changes a table calls it first, so a decision that changes neither (a
        flag step passed, a proposal) copies neither. The records in them stay shared (see
        ``records_shared``)."""
        self.feats = self.feats.copy()
        self.systems = self.systems.copy()
        self.tables_shared = False

    def copy(self) -> SeabedState:
        """An independent copy, built without ``__init__`` (on every bot's hot path).

        Features and systems are shared objects that are never changed in place, and so are
        the lists few decisions change: ``pile``, ``clams``, ``removed``, ``flags``, ``supply``
        and ``piles`` (their rows too). The rules replace those (:func:`bumped` for a row)
        instead of changing them. The seascape's containers that only a placement changes
        are shared until one does (:meth:`own_seascape`), and so are the ``feats`` and
        ``systems`` tables until something changes one (:meth:`own_tables`); ``hand`` and
        ``last`` are copied."""
        n: SeabedState = _new(SeabedState)
        # (base.copy_common_fields, written out: a call less on every decision)
        n.players = self.players
        n.options = self.options
        n.rng = self.rng
        n.active = self.active
        n.turn = self.turn
        n.event_lines = self.event_lines  # type: ignore[misc]  # (unread; a base class slot)
        n.private_events = self.private_events
        n.chance = self.chance
        n.over = self.over
        n.hidden = self.hidden
        n.phase = self.phase
        n.pile = self.pile
        n.clams = self.clams
        n.hand = self.hand[:]
        n.clam = self.clam
        n.removed = self.removed
        n.board = self.board
        n.cells = self.cells
        n.index = self.index
        n.need = self.need
        n.front = self.front
        n.front_keys = self.front_keys
        n.parent = self.parent
        n.sparent = self.sparent
        n.sea_shared = self.sea_shared = True
        n.sea_token = self.sea_token
        n.sea_lent = None
        n.feats = self.feats
        n.systems = self.systems
        n.tables_shared = self.tables_shared = True
        n.records_shared = self.records_shared = True
        n.flags = self.flags
        n.supply = self.supply
        n.piles = self.piles
        n.last = self.last[:]
        n.just = self.just
        n.completed = self.completed
        n.flag_cells = self.flag_cells
        n.step = self.step
        n.team = self.team
        n.extra = self.extra
        n.earned = self.earned
        n.proposal = self.proposal
        n.counter = self.counter
        n.rules = self.rules
        n.flag_options = n.legal_cache = n.table_log = None
        return n


class LentSeabedState(SeabedState):
    """The class of a position while a later one holds its seascape containers and tables
    (``sea_lent``, :func:`.seascape.take_over`): reading one of them (:data:`LENT`, unset
    meanwhile) gives them back first (:func:`.seascape.give_back`, which sets the class
    back).

    A class of its own because a class with ``__getattr__`` reads every attribute the slow
    way: :class:`SeabedState` keeps the fast one."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        """Only called for an attribute that is not set."""
        if name in LENT and self.sea_lent is not None:
            GIVE_BACK[0](self)
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
