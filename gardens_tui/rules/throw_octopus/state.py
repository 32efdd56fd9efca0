"""Throw Octopus!'s state: hands, the tile pile, the seascape, the action cards and the turn.

The seascape
------------
``board`` maps a cell ``(x, y)`` (signed, from the start tile at ``(0, 0)``; x grows rightwards,
y downwards) to an orientation ``tile * 2 + turned`` (see :mod:`.components`). Grid points are
the tiles' corners: the tile at ``(x, y)`` has its top-left corner on point ``(x, y)`` and its
bottom-right corner on point ``(x + 1, y + 1)``. :attr:`ThrowState.frontier` (every empty cell
sharing a side with a tile) is worked out from ``board`` when asked.

Derived from ``board``, kept up to date by :mod:`.seascape` and never saved: ``points`` (every
point some tile touches → its value plus 16 times the number of tiles on it), ``slots`` (every
empty cell beside the seascape where a creature part would join → the corner-pattern key of
:data:`.components.INDEX`), both keyed by :func:`.seascape.cell_id`, ``leads`` (the same slots
filed by the first creature their key asks for, see :mod:`.seascape`) and ``placed`` (the tiles
on the seascape as a mask of :data:`.components.MASKS`).

``phase`` names the pending decision; see the package docstring for every phase and action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gardens_tui.rules.base import Decision, GameState, copy_common_fields
from gardens_tui.rules.throw_octopus.components import CARD_TITLES, INDEXES, MASKS, tile_range
from gardens_tui.rules.throw_octopus.spec import TILE_LIST_KEY
from gardens_tui.rules.words import possessive

HIDDEN = -1
"""A tile a view does not show (another seat's hand, the pile)."""

PHASES: tuple[str, ...] = ("start", "play", "throw", "dodge", "swap", "gift", "over")
"""Every value of :attr:`ThrowState.phase`; all but ``"over"`` are decision kinds."""

Cell = tuple[int, int]

_new = object.__new__


@dataclass(slots=True, eq=False, kw_only=True)
class ThrowState(GameState):
    """One position of Throw Octopus! Treat as immutable: the engine copies before changing it.

    Fields (per-seat lists indexed by seat):

    - ``phase``: the pending decision (:data:`PHASES`).
    - ``hands``: each seat's tiles, sorted (a view shows other seats' as :data:`HIDDEN`).
    - ``pile``: the face-down tile pile, the top last (a view shows it all :data:`HIDDEN`).
    - ``board`` / ``points`` / ``slots`` / ``leads`` / ``placed``: the seascape (see the
      module docstring).
    - ``discarded``: tiles discarded in solo play (face up).
    - ``deck``: the action cards still to draw, sorted: the card drawn is picked at random from
      the PRNG when it is drawn (a shuffled deck whose order nobody knows); ``discard``: used
      cards; ``held``: each seat's kept cards (``"shield"``, ``"touch"``), face up.
    - ``fresh_touch``: Magic Touch cards the active seat drew this turn (usable from its next).
    - ``extra``: turns the active seat still takes after this one (``"bonus"`` after a
      completion, ``"rush"`` from Octo Rush), in order; ``bonus_turn``: this turn is a bonus
      turn (no draw when unable to play).
    - ``lost``: turns each seat will lose (hit by the octopus).
    - ``passed``: bitmask of seats that passed with the pile empty since the last placement.
    - ``target``: the seat dodging a throw (phase ``"dodge"``), else -1.
    - ``creatures``: per seat ``[small, large]`` creatures completed this game.
    - ``results``: per finished game (Game Night), per seat: tiles left in hand, or the solo
      points.
    - ``revealed``: the hands shown face up when the last game ended (``[]`` before), public.
    """

    game_id = "throw-octopus"

    phase: str = "play"
    hands: list[list[int]] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    board: dict[Cell, int] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)
    slots: dict[int, int] = field(default_factory=dict)
    leads: list[tuple[int, ...]] = field(default_factory=list)
    cuts: frozenset[int] | None = field(default=None, repr=False)
    """The ids of the cells whose tile holds the seascape together (:func:`.seascape.cut_cells`)
    once worked out, kept up to date while tiles are added at the end of a branch (never saved)."""
    touches: list[int] | None = field(default=None, repr=False)
    """The seascape's Magic Touch moves (:func:`.seascape.touching`) once worked out: derived
    from the seascape alone, so kept by a state derived from this one until its seascape
    changes (never saved, never copied)."""
    placed: int = 0
    discarded: list[int] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    held: list[list[str]] = field(default_factory=list)
    fresh_touch: int = 0
    extra: list[str] = field(default_factory=list)
    bonus_turn: bool = False
    lost: list[int] = field(default_factory=list)
    passed: int = 0
    target: int = -1
    creatures: list[list[int]] = field(default_factory=list)
    results: list[list[int]] = field(default_factory=list)
    revealed: list[list[int]] = field(default_factory=list)
    legal_cache: list[tuple[object, ...]] | None = field(default=None, repr=False)
    """The engine's cache of this state's legal actions (never saved, never copied)."""

    @property
    def solo(self) -> bool:
        """One seat plays the solo rules."""
        return len(self.players) == 1

    @property
    def tile_list(self) -> str:
        """The game's tile list (the ``tile-list`` option: ``balanced`` or ``sparse``)."""
        return str(self.options.get(TILE_LIST_KEY, "balanced"))

    @property
    def tiles(self) -> range:
        """The ids of the game's 85 tiles (see :data:`.components.LIST_BASE`)."""
        return tile_range(self.tile_list)

    @property
    def index(self) -> dict[int, tuple[int, ...]]:
        """The corner-pattern index of the game's tiles (:data:`.components.INDEXES`)."""
        return INDEXES[self.tile_list]

    @property
    def frontier(self) -> set[Cell]:
        """Every empty cell sharing a side with a tile (worked out from ``board``)."""
        board = self.board
        return {
            side
            for x, y in board
            for side in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
            if side not in board
        }

    @property
    def masks(self) -> dict[int, int]:
        """The corner-pattern masks of the game's tiles (:data:`.components.MASKS`)."""
        return MASKS[str(self.options.get(TILE_LIST_KEY, "balanced"))]

    def usable_touches(self) -> int:
        """Magic Touch cards the active seat may play now (not those drawn this turn)."""
        return self.held[self.active].count("touch") - self.fresh_touch

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (the target while a throw is dodged)."""
        if self.over:
            return None
        return self.target if self.phase == "dodge" else self.active

    @property
    def decision(self) -> Decision | None:
        """The pending decision with a one-line prompt (all of it public)."""
        if self.over:
            return None
        phase = self.phase
        seat = self.active
        if phase == "start":
            return Decision(seat, "start", "Choose your start tile from the 6 you drew")
        if phase == "throw":
            return Decision(seat, "throw", "Throw Octopus: choose a player to throw at")
        if phase == "dodge":
            thrower = self.players[seat]
            return Decision(
                self.target,
                "dodge",
                f"Dodge {possessive(thrower)} octopus (a hit draws 2 and loses a turn)",
                skill="dodge",
            )
        if phase == "swap":
            return Decision(
                seat,
                "swap",
                f"{CARD_TITLES['swap']}: swap a hand tile with the top of the pile, or keep",
                optional=True,
                pass_action=("keep",),
            )
        if phase == "gift":
            return Decision(
                seat, "gift", f"{CARD_TITLES['gift']}: give one of your tiles to another player"
            )
        if self.solo:
            if self.pile:
                prompt = "Play a tile; if none fits, discard one and draw"
            else:
                prompt = "Play a tile; if none fits, pass to end the game"
        elif self.bonus_turn:
            prompt = "Bonus turn: play a tile, or pass if none fits"
        elif self.pile:
            prompt = "Play a tile, or draw one if none fits"
        else:
            prompt = "Play a tile, or pass if none fits (the pile is empty)"
        return Decision(seat, "play", prompt)

    def derive(self) -> ThrowState:
        """A new state sharing every list and dict with this one, for ``apply`` to change: it
        must copy each one before changing it in place (:class:`.engine.Turn` does); ``chance``
        is false and no legal actions are cached."""
        n: ThrowState = _new(ThrowState)
        n.players = self.players  # the common fields (base.copy_common_fields), inline
        n.options = self.options
        n.rng = self.rng
        n.active = self.active
        n.turn = self.turn
        n.events = self.events
        n.private_events = self.private_events
        n.chance = False
        n.over = self.over
        n.hidden = self.hidden
        n.phase = self.phase
        n.hands = self.hands
        n.pile = self.pile
        n.board = self.board
        n.points = self.points
        n.slots = self.slots
        n.leads = self.leads
        n.cuts = self.cuts
        n.touches = self.touches
        n.placed = self.placed
        n.discarded = self.discarded
        n.deck = self.deck
        n.discard = self.discard
        n.held = self.held
        n.fresh_touch = self.fresh_touch
        n.extra = self.extra
        n.bonus_turn = self.bonus_turn
        n.lost = self.lost
        n.passed = self.passed
        n.target = self.target
        n.creatures = self.creatures
        n.results = self.results
        n.revealed = self.revealed
        n.legal_cache = None
        return n

    def copy(self) -> ThrowState:
        """An independent copy, built without ``__init__`` (on every bot's hot path)."""
        n: ThrowState = _new(ThrowState)
        copy_common_fields(self, n)
        n.phase = self.phase
        n.hands = [h[:] for h in self.hands]
        n.pile = self.pile[:]
        n.board = self.board.copy()
        n.points = self.points.copy()
        n.slots = self.slots.copy()
        n.leads = self.leads[:]
        n.cuts = self.cuts
        n.touches = None
        n.placed = self.placed
        n.discarded = self.discarded[:]
        n.deck = self.deck[:]
        n.discard = self.discard[:]
        n.held = [h[:] for h in self.held]
        n.fresh_touch = self.fresh_touch
        n.extra = self.extra[:]
        n.bonus_turn = self.bonus_turn
        n.lost = self.lost[:]
        n.passed = self.passed
        n.target = self.target
        n.creatures = [c[:] for c in self.creatures]
        n.results = [r[:] for r in self.results]
        n.revealed = self.revealed
        n.legal_cache = None
        return n
