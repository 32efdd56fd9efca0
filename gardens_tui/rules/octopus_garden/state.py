"""The Octopus's Garden state: gardens, market, bag, piles, pearls and the pending decision.

A garden is a list of 24 *stacks* (tuples of token codes, bottom first). An empty space is ``()``.
A stack holds at most one *flat* token (anything but an animal), always at index 0, and any number
of animals on top of it (sea stars, hermit crabs with or without a home). Two special stacks:
a coral space is exactly ``(CORAL,)`` (nothing may enter it) and a boxer-crab space is exactly
``(anemone-like, BOXER)`` (nothing may enter it either).

``phase`` names the pending decision; see the package docstring for every phase and action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gardens_tui.rules.base import Decision, GameState, copy_common_fields
from gardens_tui.rules.octopus_garden.board import market_name
from gardens_tui.rules.octopus_garden.components import describe
from gardens_tui.rules.octopus_garden.spec import RULES_VERSION

Stack = tuple[int, ...]
_new = object.__new__
Garden = list[Stack]

PHASES: tuple[str, ...] = (
    "lionfish",
    "shark",
    "market",
    "treasure",
    "plant",
    "animals",
    "push",
    "refill",
    "claim",
    "over",
)
"""Every value of :attr:`OctopusState.phase`; all but ``"over"`` are also decision kinds."""

_PROMPTS: dict[str, str] = {
    "lionfish": "Lionfish: pay 1 pearl to discard a market tile, or skip",
    "shark": "Your shark waits on the market: buy a row or column with its tile, or release it",
    "market": "Buy a row or column, attract an oyster, or pass (return a market tile)",
    "treasure": "Treasure chest: pay pearls to draw tokens to keep or sell, or open it empty",
    "plant": "Plant your tokens",
    "animals": "Move your animals (sea stars must move), then done",
    "push": "Coconut octopus: push each neighbouring space one step, then done",
    "refill": "Refill the market",
    "claim": "Place your shark on a market tile to claim it, or skip",
}


@dataclass(slots=True, eq=False, kw_only=True)
class OctopusState(GameState):
    """One Octopus's Garden position. Treat as immutable: the engine copies before changing it.

    Fields (per-seat lists are indexed by seat):

    - ``gardens``: 24 stacks per seat (see the module docstring).
    - ``pearls``: pearls per seat (the supply is unlimited).
    - ``bed``: oyster tokens left in the oyster bed.
    - ``clown_pile`` / ``horse_pile``: values still in the bonus piles, top of the pile last.
    - ``clowns`` / ``horses``: bonus values each seat holds, in the order taken.
    - ``market``: 9 spaces (token code, 0 when empty); ``claims``: per space the seat whose shark
      sits on that tile, or -1.
    - ``bag``: how many of each kind are in the bag (index = code); ``out``: how many left the game.
    - ``phase``: the pending decision (see :data:`PHASES`).
    - ``hand``: bought tokens still to be planted; ``chests``: treasure chests still to open.
    - ``moved``: ``(cell, piece)`` for every animal that already moved this animal phase, at the
      cell it moved to; ``pushes``: cells still waiting for the coconut octopus's push.
    - ``drawn``: the token drawn for the market refill, waiting for its space (0: none).
    - ``claim_order``: seats still to be offered the shark claim window (first decides now).
    - ``shark_of``: the shark each seat owns (0: none); ``shark_bought``: the seat has had its one
      shark purchase of the game.
    - ``end_by``: the seat that triggered the end of the game (-1: not yet); ``idle_turns``:
      turns in a row without a market purchase (counted only with the ``stall-stop`` option).
    - ``rules``: the rules version this game is played under (:data:`~.spec.RULES_VERSION`
      for new games; an older one for games saved under it, see :mod:`.migrations`).
    """

    game_id = "octopus-garden"

    gardens: list[Garden] = field(default_factory=list)
    pearls: list[int] = field(default_factory=list)
    bed: int = 0
    clown_pile: list[int] = field(default_factory=list)
    horse_pile: list[int] = field(default_factory=list)
    clowns: list[list[int]] = field(default_factory=list)
    horses: list[list[int]] = field(default_factory=list)
    market: list[int] = field(default_factory=list)
    claims: list[int] = field(default_factory=list)
    bag: list[int] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    phase: str = "market"
    hand: list[int] = field(default_factory=list)
    chests: int = 0
    moved: list[tuple[int, int]] = field(default_factory=list)
    pushes: list[int] = field(default_factory=list)
    drawn: int = 0
    claim_order: list[int] = field(default_factory=list)
    shark_of: list[int] = field(default_factory=list)
    shark_bought: list[bool] = field(default_factory=list)
    end_by: int = -1
    idle_turns: int = 0
    rules: int = RULES_VERSION
    legal_cache: list[tuple[object, ...]] | None = field(default=None, repr=False)
    """The engine's cache of this state's legal actions (never saved, never copied)."""

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, ``None`` when the game is over."""
        if self.over:
            return None
        if self.phase == "claim":
            return self.claim_order[0]
        return self.active

    @property
    def decision(self) -> Decision | None:
        """The pending decision (kind = :attr:`phase`) with a one-line prompt, which starts with
        "Last turn!" once the end of the game has been triggered (every turn left is then its
        player's last)."""
        if self.over:
            return None
        phase = self.phase
        prompt = _PROMPTS[phase]
        if phase == "plant":
            prompt = f"Plant your tokens: choose a token and a space ({len(self.hand)} left)"
        elif phase == "refill":
            empty = sum(1 for t in self.market if not t)
            prompt = (
                f"Refill the market: choose a space for the {describe(self.drawn)} ({empty} empty)"
            )
        elif phase == "claim":
            seat = self.claim_order[0]
            return Decision(seat, phase, prompt, optional=True, pass_action=("skip",))
        elif phase == "shark":
            where = self.describe_claim(self.active)
            prompt = f"Your shark waits on {where}: buy a row or column through it, or release it"
        elif phase == "animals" and not self.star_must_move():
            prompt = "Move your animals, or done"
        elif phase == "push":
            prompt = (
                f"Coconut octopus: push a neighbouring space ({len(self.pushes)} waiting), or done"
            )
        elif phase == "treasure":
            prompt = (
                f"Treasure chest ({self.chests} to open): pay pearls to draw tokens to keep or "
                "sell, or open it empty"
            )
        if self.end_by >= 0:
            # Once the end is triggered, every turn is its player's last: say so where they
            # look, not only in a grey corner.
            prompt = f"Last turn! {prompt}"
        return Decision(self.active, phase, prompt)

    def copy(self) -> OctopusState:
        """An independent copy (without the legal-action cache).

        Stacks are tuples, so copying the lists is enough. Built without ``__init__`` because
        copying is on the hot path of every bot playout.
        """
        return self._clone(range(len(self.players)))

    def derive(self, seat: int) -> OctopusState:
        """A copy for ``apply`` to change: like :meth:`copy`, but only the active seat's and
        ``seat``'s gardens and bonus lists are copied; the other seats' are shared, because one
        decision never changes them. Never hand a derived state out before it is finished.
        """
        return self._clone({self.active, seat})

    def _clone(self, own: Iterable[int]) -> OctopusState:
        """A copy whose gardens and bonus lists are copied for the seats in ``own`` and shared
        for the rest; every other mutable field is copied."""
        n: OctopusState = _new(OctopusState)
        copy_common_fields(self, n)
        gardens = n.gardens = self.gardens[:]
        clowns = n.clowns = self.clowns[:]
        horses = n.horses = self.horses[:]
        for p in own:
            gardens[p] = gardens[p][:]
            clowns[p] = clowns[p][:]
            horses[p] = horses[p][:]
        n.pearls = self.pearls[:]
        n.bed = self.bed
        n.clown_pile = self.clown_pile[:]
        n.horse_pile = self.horse_pile[:]
        n.market = self.market[:]
        n.claims = self.claims[:]
        n.bag = self.bag[:]
        n.out = self.out[:]
        n.phase = self.phase
        n.hand = self.hand[:]
        n.chests = self.chests
        n.moved = self.moved[:]
        n.pushes = self.pushes[:]
        n.drawn = self.drawn
        n.claim_order = self.claim_order[:]
        n.shark_of = self.shark_of[:]
        n.shark_bought = self.shark_bought[:]
        n.end_by = self.end_by
        n.idle_turns = self.idle_turns
        n.rules = self.rules
        n.legal_cache = None
        return n

    def star_must_move(self) -> bool:
        """In the animal phase, whether a sea star still has to move (so ``done`` is not legal
        yet). Read from the legal actions, which the engine computes once per state and caches:
        asking the prompt first costs the caller nothing extra."""
        from gardens_tui.rules.octopus_garden.engine import star_must_move

        return star_must_move(self)

    def claimed_space(self, seat: int) -> int:
        """The market space ``seat``'s shark sits on, or -1."""
        for space, owner in enumerate(self.claims):
            if owner == seat:
                return space
        return -1

    def describe_claim(self, seat: int) -> str:
        """``"m5"`` for the space seat's shark claims, ``""`` if none."""
        space = self.claimed_space(seat)
        return "" if space < 0 else market_name(space)
