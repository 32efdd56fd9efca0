"""Tanuki in the Garden's state: the board, the monks, the tanuki, hands and piles, shiitake,
the Garden Master cards and the pending decision.

Encodings
---------
- ``board[sq]``: :data:`EMPTY`, :data:`ROCK` (a rock-garden token) or ``tile * 4 + rotation``
  (rotation in quarter turns clockwise); see :mod:`.components` for squares and path ends.
- ``monks[seat]``: :data:`OFF` (waiting to choose an edge space), ``sq * 8 + end`` (standing at
  ``end`` of ``sq`` at the end of its path) or ``EDGE_BASE + edge`` (on an edge space, not yet
  walked: its first move may enter through either end).
- ``tanuki[i]``: the square of the blue (0) and gold (1) tanuki, or -1 off the board.
- ``dirs[i]``: this roll's direction of each tanuki: 0 does not move, 1-4 toward that side,
  :data:`CHOOSE` (a 5) while the active player has not chosen.

``phase`` names the pending decision (see the package docstring).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gardens_tui.rules.base import Decision, GameState, copy_common_fields
from gardens_tui.rules.tanuki.components import (
    EDGES,
    FRONT,
    SQUARES,
    TANUKI_NAMES,
    edge_name,
    square_name,
)
from gardens_tui.rules.tanuki.spec import FAST_KEY, MASTER_KEY, RULES_VERSION, target

EMPTY = -1
ROCK = -2
OFF = -1
EDGE_BASE = 1000
CHOOSE = 5
HAND = 3
CARD_LIMIT = 5
DISTRACT_PRICE = 2
"""What chasing off a tanuki in the way costs (shiitake)."""

PHASES: tuple[str, ...] = (
    "edge",
    "before",
    "steer",
    "repel",
    "place",
    "offense",
    "clear",
    "discard",
    "buy",
    "over",
)
"""Every value of :attr:`TanukiState.phase`; all but ``"over"`` are also decision kinds."""

EFFECTS: tuple[str, ...] = ("fast", "dens", "escape", "harvest", "stroll")
"""Garden Master cards whose effect lasts the rest of the turn."""

_new = object.__new__
_copy_list = list.copy

MONK_SQUARE: dict[int, int] = {
    OFF: -1,
    **{sq * 8 + end: sq for sq in range(SQUARES) for end in range(8)},
    **{EDGE_BASE + edge: sq for edge, (sq, _side) in enumerate(EDGES)},
}
"""The square of every monk value (see :meth:`TanukiState.monk_square`), -1 for :data:`OFF`:
a table, because the monks' squares are looked up on every step of a tanuki."""


@dataclass(frozen=True, slots=True)
class Gain:
    """A journal line: ``seat``'s shiitake changed by ``amount`` (negative: paid)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class TanukiRecord:
    """A journal line: tanuki ``tanuki`` (0 blue, 1 gold) moved from ``start`` over
    ``squares`` (in order) and ended on ``end`` (-1: off the board); ``ran_off``: it walked
    off the edge (rather than leaving after landing on a monk or in a trap)."""

    tanuki: int
    start: int
    end: int
    squares: tuple[int, ...]
    ran_off: bool


@dataclass(frozen=True, slots=True)
class WalkRecord:
    """A journal line: one monk's walk, as the engine made it.

    ``start`` and ``end`` are monk values (``end`` is :data:`OFF` after a crash or a loop);
    ``squares`` the squares walked in order; ``edges`` the edge spaces the path ran off the
    board through (it comes straight back in); ``symbols`` shiitake symbols gathered (doubled by
    Bountiful Harvest), ``stash`` shiitake from stashes, ``dens`` dens passed (before paying),
    ``magari`` whether an ashi-magari tripped it; ``crash`` the seat it crashed into (-1:
    none); ``loop`` whether it walked into a loop.
    """

    seat: int
    start: int
    end: int
    squares: tuple[int, ...]
    edges: tuple[int, ...]
    symbols: int
    stash: int
    dens: int
    magari: bool
    crash: int
    loop: bool


@dataclass(slots=True, eq=False, kw_only=True)
class TanukiState(GameState):
    """One position of Tanuki in the Garden. Treat as immutable: the engine copies it first.

    Per-seat lists are indexed by seat. ``hands`` (path tiles) and ``cards`` (Garden Master) are
    secret, as are the orders of ``pile`` and ``deck``; a view masks them with -1.

    - ``pile``: path tiles face down, the top last; ``discard``: tiles face up (removed by a
      tanuki, discarded for an ashi-magari), shuffled back when the pile runs out.
    - ``board``, ``stash`` (shiitake left on each square), ``monks``, ``tanuki``, ``dice``,
      ``dirs``: see the module docstring. ``moving``: the next tanuki to move this roll (2: done).
    - ``shiitake``: each seat's shiitake. ``trail``: squares each monk walked since it last
      started (Shiitake Robber).
    - ``queue``: seats still to decide in this phase (edge choices at the start, discards,
      reaction windows), the first decides now.
    - ``magari``: seats that crossed an ashi-magari this turn; ``had_tiles``: the active seat
      began the turn holding a tile; ``placed``: tiles placed this turn; ``gone``: tanuki the
      active seat moved off the board this roll.
    - Garden Master: ``deck`` (top last), ``spent`` (played cards), ``cards`` (hands),
      ``traps`` (square of trap A, B, C or -1) and ``trap_owner``, ``card_used`` (one card a
      turn), ``effects`` (lasting this turn), ``play`` (a card waiting for the Best Offense
      window), ``clear_left`` (Clear the Path picks left).
    - ``tiebreak``: seats still to take an extra turn; ``extra``: extra rounds played.
    - ``last``: the square of the last tile placed, or -1.
    - ``rules``: the rules version this game is played under (:data:`~.spec.RULES_VERSION` for
      new games; a game saved under an older version keeps playing by it, see
      :mod:`.migrations`).
    - ``journal``: never saved nor copied; when a list, the engine appends what it does to it
      (:class:`Gain` records from :func:`~.board.gain` / :func:`~.board.lose`,
      :class:`WalkRecord` from each walk, :class:`TanukiRecord` from each tanuki move), which
      is how :mod:`.preview` reads an outcome.
    """

    game_id = "tanuki-in-the-garden"

    hands: list[list[int]] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    board: list[int] = field(default_factory=list)
    stash: list[int] = field(default_factory=list)
    monks: list[int] = field(default_factory=list)
    shiitake: list[int] = field(default_factory=list)
    trail: list[list[int]] = field(default_factory=list)
    tanuki: list[int] = field(default_factory=lambda: [-1, -1])
    dice: list[int] = field(default_factory=lambda: [0, 0])
    dirs: list[int] = field(default_factory=lambda: [0, 0])
    moving: int = 2
    queue: list[int] = field(default_factory=list)
    magari: list[bool] = field(default_factory=list)
    had_tiles: bool = True
    placed: int = 0
    gone: int = 0
    deck: list[int] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    cards: list[list[int]] = field(default_factory=list)
    traps: list[int] = field(default_factory=lambda: [-1, -1, -1])
    trap_owner: list[int] = field(default_factory=lambda: [-1, -1, -1])
    card_used: bool = False
    effects: list[str] = field(default_factory=list)
    play: list[int] = field(default_factory=list)
    clear_left: int = 0
    tiebreak: list[int] = field(default_factory=list)
    extra: int = 0
    last: int = -1
    phase: str = "edge"
    rules: int = RULES_VERSION
    legal_cache: list[tuple[object, ...]] | None = field(default=None, repr=False)
    """The engine's cache of this state's legal actions (never saved, never copied)."""
    journal: list[Gain | WalkRecord | TanukiRecord] | None = field(default=None, repr=False)
    """What the engine did, recorded only when a list is set here (never saved, never copied)."""
    master: bool = field(default=False, init=False, repr=False)
    """Whether the Garden Master expansion is in play: ``options["garden-master"]``, read once
    when the state is made (and copied), as the engine asks at almost every step of a turn."""

    def __post_init__(self) -> None:
        self.master = bool(self.options.get(MASTER_KEY, False))

    # --- derived facts ---------------------------------------------------------------------

    @property
    def target(self) -> int:
        """Shiitake (cards in hand counted) that end the game at the end of a turn."""
        return target(len(self.players), bool(self.options.get(FAST_KEY, False)))

    def monk_square(self, seat: int) -> int:
        """The square ``seat``'s monk is in (its tile, or the border square beside its edge
        space), -1 when it is off the board."""
        m = self.monks[seat]
        if m == OFF:
            return -1
        if m >= EDGE_BASE:
            return EDGES[m - EDGE_BASE][0]
        return m >> 3

    def front_square(self, seat: int) -> int:
        """The square where ``seat`` must place a tile to move (-1 when its monk is off);
        :func:`.board.front_square` is this method."""
        m = self.monks[seat]
        if m == OFF:
            return -1
        if m >= EDGE_BASE:
            return EDGES[m - EDGE_BASE][0]
        return FRONT[m][0]

    def no_tile_cause(self) -> tuple[str, int]:
        """Why the active seat can lay no tile now (its monk cannot move this turn), as ``(cause,
        square ahead)``: ``"tile"`` (the square holds one), ``"rock"`` (a rock garden),
        ``"tanuki"`` (one stands there and the seat cannot pay :data:`DISTRACT_PRICE` to chase
        it off) or ``"hand"`` (no tile in hand); ``("", -1)`` when a tile can be laid, walked
        onto or laid once a tanuki is chased off, and when the monk is off the board. Public
        facts only (the square ahead, the tanuki, shiitake, how many tiles are in hand), so a
        view says the same. The place prompt (:meth:`no_tile_reason`) and the log line of a pass
        (``placed no tile: ...``) word it each their way."""
        seat = self.active
        m = self.monks[seat]
        if m == OFF:
            return "", -1
        sq = self.front_square(seat)
        here = self.board[sq]
        if here >= 0:
            return ("", -1) if m >= EDGE_BASE else ("tile", sq)  # (from an edge: walks in)
        if here == ROCK:
            return "rock", sq
        if sq in self.tanuki:
            return ("tanuki", sq) if self.shiitake[seat] < DISTRACT_PRICE else ("", -1)
        return ("", -1) if self.hands[seat] else ("hand", sq)

    def no_tile_reason(self) -> str:
        """:meth:`no_tile_cause` in words for the place decision's prompt: "The blue tanuki
        blocks c2 and chasing it off costs 2 shiitake (you have 1)"; ``""`` when there is
        none."""
        cause, sq = self.no_tile_cause()
        if cause == "tile":
            return f"{square_name(sq)}, where your tile must go, already holds a tile"
        if cause == "rock":
            return f"A rock garden on {square_name(sq)} blocks your path until it is cleared"
        if cause == "tanuki":
            return (
                f"The {TANUKI_NAMES[self.tanuki.index(sq)]} tanuki blocks {square_name(sq)} "
                f"and chasing it off costs {DISTRACT_PRICE} shiitake (you have "
                f"{self.shiitake[self.active]})"
            )
        if cause == "hand":
            return "You have no tile left to lay" if self.placed else "You have no path tile"
        return ""

    # --- the decision ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, ``None`` when the game is over."""
        if self.over:
            return None
        if self.phase in ("edge", "discard", "repel", "offense"):
            return self.queue[0] if self.queue else self.active
        return self.active

    @property
    def decision(self) -> Decision | None:
        """The pending decision with a one-line prompt (all of it public)."""
        if self.over:
            return None
        seat = self.current_player
        assert seat is not None
        phase = self.phase
        if phase == "edge":
            return Decision(seat, "edge", "Choose an edge space to start your monk from")
        if phase == "before":
            if self.card_used or not self.cards[seat]:  # no card to play: only the roll is left
                return Decision(seat, "before", "Roll the tanuki dice")
            return Decision(seat, "before", "Play a Garden Master card, or roll the tanuki dice")
        if phase == "steer":
            which = TANUKI_NAMES[0 if self.dirs[0] == CHOOSE else 1]
            return Decision(seat, "steer", f"A 5 for the {which} tanuki: choose its direction")
        if phase == "repel":
            return Decision(
                seat,
                "repel",
                "A tanuki is coming your way: play Tanuki Repellant, or let it come",
                optional=True,
                pass_action=("let",),
            )
        if phase == "offense":
            return Decision(
                seat,
                "offense",
                "A Garden Master card was played: cancel it with The Best Offense, or allow it",
                optional=True,
                pass_action=("allow",),
            )
        if phase == "clear":
            return Decision(
                seat,
                "clear",
                f"Clear the Path: clear a tile or rock garden ({self.clear_left} left)",
            )
        if phase == "discard":
            return Decision(seat, "discard", "You crossed an ashi-magari: discard a path tile")
        if phase == "buy":
            return Decision(
                seat, "buy", "Buy a Garden Master card for 2 shiitake, or end your turn"
            )
        blocked = self.no_tile_reason()
        if blocked:
            cards = self.master and not self.card_used and self.cards[seat]
            return Decision(
                seat,
                "place",
                f"{blocked}: pass" + (", or play a Garden Master card" if cards else ""),
            )
        m = self.monks[seat]
        if m != OFF and (sq := self.front_square(seat)) in self.tanuki and self.board[sq] == EMPTY:
            # (a tanuki in the way, and the shiitake to chase it: no_tile_reason covers fewer)
            which = TANUKI_NAMES[self.tanuki.index(sq)]
            return Decision(
                seat,
                "place",
                f"The {which} tanuki is on {square_name(sq)}, where your tile goes: chase it "
                f"off for {DISTRACT_PRICE} shiitake (then place a tile), or pass",
            )
        if m >= EDGE_BASE:
            where = f"from edge {edge_name(m - EDGE_BASE)}"
            return Decision(seat, "place", f"Place a path tile to start your walk {where}")
        return Decision(seat, "place", "Place a path tile to extend your path")

    # --- copying ---------------------------------------------------------------------------

    def copy(self) -> TanukiState:
        """An independent copy (without the legal-action cache). Built without ``__init__``,
        with ``list.copy`` (the quickest shallow copy): copying is on every apply's path."""
        n: TanukiState = _new(TanukiState)
        copy_common_fields(self, n)
        n.hands = list(map(_copy_list, self.hands))
        n.pile = self.pile.copy()
        n.discard = self.discard.copy()
        n.board = self.board.copy()
        n.stash = self.stash.copy()
        n.monks = self.monks.copy()
        n.shiitake = self.shiitake.copy()
        n.trail = list(map(_copy_list, self.trail))
        n.tanuki = self.tanuki.copy()
        n.dice = self.dice.copy()
        n.dirs = self.dirs.copy()
        n.moving = self.moving
        n.queue = self.queue.copy()
        n.magari = self.magari.copy()
        n.had_tiles = self.had_tiles
        n.placed = self.placed
        n.gone = self.gone
        n.deck = self.deck.copy()
        n.spent = self.spent.copy()
        n.cards = list(map(_copy_list, self.cards))
        n.traps = self.traps.copy()
        n.trap_owner = self.trap_owner.copy()
        n.card_used = self.card_used
        n.effects = self.effects.copy()
        n.play = self.play.copy()
        n.clear_left = self.clear_left
        n.tiebreak = self.tiebreak.copy()
        n.extra = self.extra
        n.last = self.last
        n.phase = self.phase
        n.rules = self.rules
        n.master = self.master
        n.legal_cache = None
        n.journal = None
        return n

    def derive(self) -> TanukiState:
        """A copy for ``apply`` to change, quicker than :meth:`copy`: it shares with this state
        what the engine never changes in place (it assigns a new list instead, see
        :mod:`.board`'s "Shared lists"): the seats' lists in ``hands``, ``trail`` and ``cards``
        (the outer lists are copied) and ``pile``, ``discard``, ``stash``, ``queue``,
        ``magari``, ``dice``, ``deck``, ``spent``, ``traps``, ``trap_owner``, ``effects``,
        ``play`` and ``tiebreak``. Only the engine may change a derived state, and only until
        it hands it out."""
        n: TanukiState = _new(TanukiState)
        copy_common_fields(self, n)
        n.hands = self.hands.copy()
        n.pile = self.pile
        n.discard = self.discard
        n.board = self.board.copy()
        n.stash = self.stash
        n.monks = self.monks.copy()
        n.shiitake = self.shiitake.copy()
        n.trail = self.trail.copy()
        n.tanuki = self.tanuki.copy()
        n.dice = self.dice
        n.dirs = self.dirs.copy()
        n.moving = self.moving
        n.queue = self.queue
        n.magari = self.magari
        n.had_tiles = self.had_tiles
        n.placed = self.placed
        n.gone = self.gone
        n.deck = self.deck
        n.spent = self.spent
        n.cards = self.cards.copy()
        n.traps = self.traps
        n.trap_owner = self.trap_owner
        n.card_used = self.card_used
        n.effects = self.effects
        n.play = self.play
        n.clear_left = self.clear_left
        n.tiebreak = self.tiebreak
        n.extra = self.extra
        n.last = self.last
        n.phase = self.phase
        n.rules = self.rules
        n.master = self.master
        n.legal_cache = None
        n.journal = None
        return n
