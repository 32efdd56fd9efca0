"""The Gardens' state: the decks, the display, every player's mat and visitors, the points scored
during the game, the landmark cards and the pending decision.

Cells and columns
-----------------
A mat is a list of 27 ints, ``cell = row * 9 + column`` (rows 0..2 = A, B, C; columns 0..8, shown
to people as 1..9). A cell holds a garden card code (see :mod:`.components`), :data:`EMPTY` or
:data:`CENTRAL` (the Central Board, one cell per row in column :attr:`GardensState.centre`).
A visitor is a column per row (``visitors[seat][row]``); it stands on a card or the Central
Board of its row.

``phase`` names the pending decision; see the package docstring for every phase and action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gardens_tui.rules.base import Decision, GameState, copy_common_fields
from gardens_tui.rules.the_gardens.components import COLUMNS, DECKS, LANDMARKS, layout_cells

EMPTY = -1
CENTRAL = -2
NO_CARD = -1
"""An empty display slot."""

PHASES: tuple[str, ...] = ("take", "reserve", "species", "over")
"""Every value of :attr:`GardensState.phase`; all but ``"over"`` are also decision kinds."""

POINT_CATEGORIES: tuple[str, ...] = ("walk trees", "walk fountains", "walk benches", "landmarks")
"""What ``points[seat]`` holds, in order: points scored during the game."""

WALK_TREES, WALK_FOUNTAINS, WALK_BENCHES, LANDMARK_POINTS = range(4)

_new = object.__new__

_CELLS_CACHE: dict[str, dict[int, int]] = {}


def landmark_cells(layout: str) -> dict[int, int]:
    """``{cell: landmark}`` of a layout (``{}`` for ``""``: no landmarks), cached."""
    cells = _CELLS_CACHE.get(layout)
    if cells is None:
        cells = _CELLS_CACHE[layout] = layout_cells(layout) if layout else {}
    return cells


def rounds_for(players: int) -> int:
    """How many rounds a game lasts: 8, or 4 with two players."""
    return 4 if players == 2 else 8


def per_row(players: int) -> int:
    """How many cards each player takes from each display row per round: 1, or 2 with two."""
    return 2 if players == 2 else 1


def display_size(players: int) -> int:
    """Cards dealt per deck each round: one per player, two per player with two players."""
    return players * per_row(players)


@dataclass(slots=True, eq=False, kw_only=True)
class GardensState(GameState):
    """One position of The Gardens. Treat as immutable: the engine copies before changing it.

    Fields (per-seat lists are indexed by seat):

    - ``decks``: 3 lists of card codes, the top card last (a view shows them sorted: the order
      is the only hidden information of the game).
    - ``display``: 3 rows of dealt cards; a taken card leaves :data:`NO_CARD` in its slot, so
      slot numbers (``b2``) stay the same for the whole round.
    - ``mats``: 27 cells per seat (see the module docstring); ``centre``: the Central Board's
      column (0..8, the same for everyone).
    - ``visitors``: the column of each seat's visitor in each row.
    - ``walked``: walks each seat's visitor of each row took this round (a visitor that walked
      lies down: 1, or 2 with two players, and that row is closed to the seat this round).
    - ``points``: per seat, the points of :data:`POINT_CATEGORIES` scored so far.
    - ``round``: 0-based; ``start``: the seat holding the start player token; ``pick``: cards
      taken this round (the seat to play is ``(start + pick) % players``).
    - ``tiles``: the tile chosen for each slot of ``components.SLOTS`` (random ones resolved).
    - ``layout``: the landmark mat layout (``"l1-r2"``), ``""`` without landmarks; ``faces``:
      per landmark id (0..11) ``"points"``, ``"ability"`` or ``""`` when not in play;
      ``owners``: per landmark id the seat that claimed it, or -1.
    - ``reserved``: ``[row, slot]`` of the display card Fort Denison's holder reserved this
      round, ``[]`` if none; ``library_used``: State Library's return was used this round.
    - ``species``: the Moreton Bay Fig holder's chosen species (-1: not yet).
    - ``last``: ``[seat, row, column]`` of the last card placed, ``[]`` before the first.
    - ``phase``: the pending decision (see :data:`PHASES`).
    """

    game_id = "the-gardens"

    decks: list[list[int]] = field(default_factory=list)
    display: list[list[int]] = field(default_factory=list)
    mats: list[list[int]] = field(default_factory=list)
    centre: int = 4
    visitors: list[list[int]] = field(default_factory=list)
    walked: list[list[int]] = field(default_factory=list)
    points: list[list[int]] = field(default_factory=list)
    round: int = 0
    start: int = 0
    pick: int = 0
    tiles: tuple[str, ...] = ("basic",) * 5
    layout: str = ""
    faces: list[str] = field(default_factory=lambda: [""] * 12)
    owners: list[int] = field(default_factory=lambda: [-1] * 12)
    reserved: list[int] = field(default_factory=list)
    library_used: bool = False
    species: int = -1
    last: list[int] = field(default_factory=list)
    phase: str = "take"
    legal_cache: list[tuple[object, ...]] | None = field(default=None, repr=False)
    """The engine's cache of this state's legal actions (never saved, never copied)."""

    # --- derived facts ---------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """How many rounds this game lasts (8, or 4 with two players)."""
        return rounds_for(len(self.players))

    @property
    def per_row(self) -> int:
        """Cards each seat takes from each display row per round (1, or 2 with two players)."""
        return per_row(len(self.players))

    @property
    def landmark_cells(self) -> dict[int, int]:
        """``{cell: landmark id}`` of this game's mats (empty without landmarks)."""
        return landmark_cells(self.layout)

    def holds(self, seat: int, landmark: int) -> bool:
        """Whether ``seat`` claimed ``landmark`` with its ability side up."""
        return self.owners[landmark] == seat and self.faces[landmark] == "ability"

    def ability_holder(self, landmark: int) -> int:
        """The seat holding ``landmark``'s ability (-1: nobody)."""
        if self.faces[landmark] != "ability":
            return -1
        return self.owners[landmark]

    def tile(self, slot: int) -> str:
        """The tile in scoreboard slot ``slot`` (index into ``components.SLOTS``)."""
        return self.tiles[slot]

    # --- the decision ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, ``None`` when the game is over."""
        if self.over:
            return None
        if self.phase == "reserve":
            return self.ability_holder(2)
        if self.phase == "species":
            return self.ability_holder(4)
        return self.active

    @property
    def decision(self) -> Decision | None:
        """The pending decision with a one-line prompt (all of it public)."""
        if self.over:
            return None
        phase = self.phase
        if phase == "reserve":
            return Decision(
                self.ability_holder(2),
                "reserve",
                "Fort Denison: reserve a display card to take this round, or skip",
                optional=True,
                pass_action=("skip",),
            )
        if phase == "species":
            return Decision(
                self.ability_holder(4),
                "species",
                "Moreton Bay Fig: choose a tree species (2 points per tree of it)",
            )
        seat = self.active
        open_rows = [DECKS[r] for r in range(3) if self.walked[seat][r] < self.per_row]
        rows = " or ".join(open_rows) if len(open_rows) <= 2 else "A, B or C"
        prompt = (
            f"Round {self.round + 1} of {self.rounds}: take a card from row {rows}, place it "
            "left or right"
        )
        return Decision(seat, "take", prompt)

    # --- copying ---------------------------------------------------------------------------

    def copy(self) -> GardensState:
        """An independent copy (without the legal-action cache). Built without ``__init__``:
        copying is on every bot's hot path."""
        n: GardensState = _new(GardensState)
        copy_common_fields(self, n)
        n.decks = [d[:] for d in self.decks]
        n.display = [r[:] for r in self.display]
        n.mats = [m[:] for m in self.mats]
        n.centre = self.centre
        n.visitors = [v[:] for v in self.visitors]
        n.walked = [w[:] for w in self.walked]
        n.points = [p[:] for p in self.points]
        n.round = self.round
        n.start = self.start
        n.pick = self.pick
        n.tiles = self.tiles
        n.layout = self.layout
        n.faces = self.faces[:]
        n.owners = self.owners[:]
        n.reserved = self.reserved[:]
        n.library_used = self.library_used
        n.species = self.species
        n.last = self.last[:]
        n.phase = self.phase
        n.legal_cache = None
        return n

    def derive(self) -> GardensState:
        """A copy for ``apply`` to change: like :meth:`copy`, but the decks and the mats,
        visitors, walks and points of seats other than the active one are shared (one take
        changes only the active seat's). Never hand a derived state out before it is finished;
        the engine copies anything else it changes first."""
        n: GardensState = _new(GardensState)
        copy_common_fields(self, n)
        seat = self.active
        n.decks = self.decks
        n.display = [r[:] for r in self.display]
        mats = n.mats = self.mats[:]
        mats[seat] = mats[seat][:]
        n.centre = self.centre
        visitors = n.visitors = self.visitors[:]
        visitors[seat] = visitors[seat][:]
        walked = n.walked = self.walked[:]
        walked[seat] = walked[seat][:]
        points = n.points = self.points[:]
        points[seat] = points[seat][:]
        n.round = self.round
        n.start = self.start
        n.pick = self.pick
        n.tiles = self.tiles
        n.layout = self.layout
        n.faces = self.faces
        n.owners = self.owners[:]
        n.reserved = self.reserved[:]
        n.library_used = self.library_used
        n.species = self.species
        n.last = self.last
        n.phase = self.phase
        n.legal_cache = None
        return n


def cell(row: int, column: int) -> int:
    """The cell index of ``row`` (0..2) and ``column`` (0..8)."""
    return row * COLUMNS + column


assert len(LANDMARKS) == 12
