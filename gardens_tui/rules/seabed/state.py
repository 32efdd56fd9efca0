"""Seabed Neighbours' state: the seascape and its features, the teams and the turn.

The seascape
------------
``board`` maps a cell ``(x, y)`` (signed, from the start tile at ``(0, 0)``; x grows
eastwards, y southwards) to ``type * 4 + quarter`` (the tile type of :mod:`.tiles` turned
``quarter`` quarter-turns clockwise); ``cells`` lists the cells in the order the tiles were
placed. Tile number ``i`` (its place in ``cells``) has one *node* per area,
``i * MAX_AREAS + area``; the features are the classes of a union-find over those nodes
(``parent``, roots in ``feats``), and the seaweed systems another over the streak and field
nodes (``sparent``, roots in ``systems``). ``need`` maps every empty cell beside the seascape
to the side kinds a tile there must show. All four are derived from ``board`` and ``cells``
(:func:`.seascape.rebuild`) and never saved.

Teams
-----
Team ``t`` is seats ``t - 1`` and ``t`` (mod the player count): team ``t``'s right-hand seat is
``t - 1``. Seat ``i`` belongs to teams ``i`` and ``i + 1``. ``supply[t]`` is ``[flags,
palaces]`` still at hand, ``piles[t]`` the points by category (:data:`CATEGORIES`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gardens_tui.rules.base import Decision, GameState, copy_common_fields
from gardens_tui.rules.seabed.spec import RULES_VERSION

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


class Feat:
    """One feature (a union-find root): kind, open edge segments, tiles (a bit per tile
    number), what it holds and the flags on it (per team). Treat as immutable once stored in
    a state: :mod:`.seascape` replaces it with a changed :meth:`copy`."""

    __slots__ = (
        "anemones",
        "bottle",
        "clams",
        "closers",
        "crab",
        "diver",
        "fish",
        "flags",
        "kind",
        "manta",
        "open",
        "star",
        "tiles",
    )

    def __init__(self, kind: str, teams: int) -> None:
        self.kind = kind
        self.open = 0
        self.tiles = 0
        self.fish = 0
        self.manta = 0
        self.star = 0
        self.crab = 0
        self.bottle = 0
        self.clams = 0
        self.anemones = 0
        self.diver = False
        self.closers: frozenset[int] = frozenset()
        """Streaks: the field nodes that close its ends."""
        self.flags: tuple[int, ...] = (0,) * teams

    def copy(self) -> Feat:
        """A changeable copy."""
        n: Feat = _new(Feat)
        n.kind = self.kind
        n.open = self.open
        n.tiles = self.tiles
        n.fish = self.fish
        n.manta = self.manta
        n.star = self.star
        n.crab = self.crab
        n.bottle = self.bottle
        n.clams = self.clams
        n.anemones = self.anemones
        n.diver = self.diver
        n.closers = self.closers
        n.flags = self.flags
        return n


class Sys:
    """One seaweed system (streaks joined through fields): fish, fields, palaces per team,
    the sushi set."""

    __slots__ = ("fields", "fish", "palaces", "sushi", "tiles")

    def __init__(self, teams: int) -> None:
        self.fish = 0
        self.fields = 0
        self.palaces: tuple[int, ...] = (0,) * teams
        self.sushi = False
        self.tiles = 0

    def copy(self) -> Sys:
        """A changeable copy."""
        n: Sys = _new(Sys)
        n.fish = self.fish
        n.fields = self.fields
        n.palaces = self.palaces
        n.sushi = self.sushi
        n.tiles = self.tiles
        return n


Placement = tuple[int, int, int, int]
"""A proposed placement: ``(slot, x, y, rotation)`` (slot 1-based, rotation in degrees)."""


@dataclass(slots=True, eq=False, kw_only=True)
class SeabedState(GameState):
    """One position of Seabed Neighbours. Treat as immutable: the engine copies first.

    - ``phase``: the pending decision (:data:`PHASES`; see the package docstring).
    - ``pile``: the regular tiles still to draw (type ids, kept sorted; the tile drawn is
      picked from the PRNG when drawn, so nobody knows the order); ``clams``: the clam tiles
      still to draw, the same way.
    - ``hand``: the regular tiles drawn this turn and not placed yet (public: the pair
      negotiates in the open); ``clam``: the clam tile of an extra turn, or -1.
    - ``removed``: tiles set aside because no tile left could be placed anywhere.
    - ``board`` / ``cells`` and the derived ``need`` / ``parent`` / ``feats`` / ``sparent`` /
      ``systems`` (module docstring).
    - ``flags``: every flag and palace on the seascape, ``(team, node, "flag" | "palace")``.
    - ``supply`` / ``piles``: per team (module docstring).
    - ``last``: the cell each team last placed a tile on (or ``None``).
    - ``just``: the cell of the placement being resolved; ``flag_cells``: where the flag step
      may put a flag or palace.
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
    need: dict[Cell, int] = field(default_factory=dict)
    parent: list[int] = field(default_factory=list)
    feats: dict[int, Feat] = field(default_factory=dict)
    sparent: list[int] = field(default_factory=list)
    systems: dict[int, Sys] = field(default_factory=dict)
    flags: list[tuple[int, int, str]] = field(default_factory=list)
    supply: list[list[int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)
    last: list[Cell | None] = field(default_factory=list)
    just: Cell | None = None
    flag_cells: tuple[Cell, ...] = ()
    step: int = 1
    team: int = 0
    extra: bool = False
    earned: bool = False
    proposal: Placement | None = None
    counter: Placement | None = None
    rules: int = RULES_VERSION
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
        a, b = self.members(team)
        return f"{self.players[a]} & {self.players[b]}"

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

    def copy(self) -> SeabedState:
        """An independent copy, built without ``__init__`` (on every bot's hot path).

        Features and systems are shared objects that are never changed in place."""
        n: SeabedState = _new(SeabedState)
        copy_common_fields(self, n)
        n.phase = self.phase
        n.pile = self.pile[:]
        n.clams = self.clams[:]
        n.hand = self.hand[:]
        n.clam = self.clam
        n.removed = self.removed[:]
        n.board = self.board.copy()
        n.cells = self.cells[:]
        n.need = self.need.copy()
        n.parent = self.parent[:]
        n.feats = self.feats.copy()
        n.sparent = self.sparent[:]
        n.systems = self.systems.copy()
        n.flags = self.flags[:]
        n.supply = [row[:] for row in self.supply]
        n.piles = [row[:] for row in self.piles]
        n.last = self.last[:]
        n.just = self.just
        n.flag_cells = self.flag_cells
        n.step = self.step
        n.team = self.team
        n.extra = self.extra
        n.earned = self.earned
        n.proposal = self.proposal
        n.counter = self.counter
        n.rules = self.rules
        n.legal_cache = None
        return n
