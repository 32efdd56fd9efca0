"""Which place on the screen chooses which legal action: the screen's selection model.

Pure Python over the engine's legal actions and its target helpers
(:mod:`gardens_tui.rules.octopus_garden.targets`); it never decides a rule. Given the legal actions
of the pending decision and the half-made choice (:class:`Pick`), :func:`compute_targets` says
what choosing each garden space or market place would do:

- a one-step action whose target is that place (plant, refill, claim, declare a mimic …);
- the first step of a two-step action (``move`` and ``push`` choose an origin, then a
  destination);
- a market tile in the market phase takes part in several actions (the row and the column
  through it, and passing by returning it): choosing it offers them all.

Actions with no place (``oyster``, ``done``, ``skip``, ``release``, ``treasure``, the diver,
``discard``, ``return``, a plain ``pass``) are *loose*: the screen offers them by key.

Market places are spaces ``0..8`` and the line handles ``("row", n)`` / ``("col", n)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.targets import action_cells, action_market, action_target

MarketKey = Hashable
"""A market place: a space ``0..8`` or a line handle ``("row" | "col", 1..3)``."""

TWO_STEP = frozenset({"move", "push"})
"""Verbs chosen in two steps: the origin space, then the destination."""


@dataclass(frozen=True, slots=True)
class Pick:
    """The half-made choice of the player at the keyboard.

    ``token``: the hand token (by name) the next planting uses; ``origin``: the space a move or
    push starts from, once chosen; ``passing``: the player pressed pass and now chooses the market
    tile to return.
    """

    token: str | None = None
    origin: int | None = None
    passing: bool = False

    @property
    def half_made(self) -> bool:
        """Something Esc can cancel: an origin or the choice of a tile to return."""
        return self.origin is not None or self.passing

    def cancelled(self) -> Pick:
        """The same pick without its half-made part (the token stays chosen)."""
        return replace(self, origin=None, passing=False)


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing choosing a place can do: play ``action``, or start a two-step action from the
    space ``origin`` (then ``action`` is ``None``).

    ``exact`` is False when the place only takes part in the action (a tile of a bought line, a
    tile to return while not passing): such entries are offered in a list, never played at once.
    """

    action: Action | None = None
    origin: int | None = None
    exact: bool = True


@dataclass(slots=True)
class Targets:
    """What each place does now: entries per garden space and per market place, and the loose
    actions (no place)."""

    garden: dict[int, list[Entry]] = field(default_factory=dict)
    market: dict[MarketKey, list[Entry]] = field(default_factory=dict)
    loose: list[Action] = field(default_factory=list)

    @property
    def garden_legal(self) -> set[int]:
        """Garden spaces to highlight: those that are the target of something."""
        return {cell for cell, entries in self.garden.items() if any(e.exact for e in entries)}

    @property
    def market_legal(self) -> set[MarketKey]:
        """Market places to highlight."""
        return {key for key, entries in self.market.items() if any(e.exact for e in entries)}

    def loose_verbs(self) -> set[str]:
        """The verbs of the loose actions."""
        return {action[0] for action in self.loose}


def compute_targets(legal: Iterable[Action], pick: Pick) -> Targets:
    """Group the legal actions by the place that chooses them, for this half-made choice."""
    targets = Targets()
    for action in legal:
        verb = action[0]
        if verb in TWO_STEP:
            src, dst = action_cells(action)
            if pick.origin is None:
                _add(targets.garden, src, Entry(origin=src))
            elif src == pick.origin:
                _add(targets.garden, dst, Entry(action))
            continue
        target = action_target(action)
        if pick.origin is not None and target is not None:
            continue  # while a destination is chosen, only destinations are places
        if verb == "plant" and target is not None:
            if action[1] == pick.token:
                _add(targets.garden, target[1], Entry(action))
            continue
        if verb == "buy":
            if not pick.passing:
                _add(targets.market, (action[1], action[2]), Entry(action))
                for space in action_market(action):
                    _add(targets.market, space, Entry(action, exact=False))
            continue
        if verb == "pass" and target is not None:
            _add(targets.market, target[1], Entry(action, exact=pick.passing))
            continue
        if target is None:
            targets.loose.append(action)
        elif target[0] == "cell":
            _add(targets.garden, target[1], Entry(action))
        else:
            _add(targets.market, target[1], Entry(action))
    # A tile offers its lines and its return as a list: exact entries first.
    for entries in targets.market.values():
        entries.sort(key=lambda e: not e.exact)
    return targets


def _add(board: dict[Any, list[Entry]], key: Any, entry: Entry) -> None:
    entries = board.setdefault(key, [])
    if entry not in entries:
        entries.append(entry)


def resolve(entries: Sequence[Entry]) -> Entry | None:
    """The entry to carry out at once, or ``None`` when the player must pick from a list (several
    entries, or only entries the place takes part in)."""
    if len(entries) == 1 and entries[0].exact:
        return entries[0]
    return None


def plantable_tokens(legal: Iterable[Action]) -> list[str]:
    """Token names with a ``plant`` action on a space, in the order of the legal actions."""
    names: list[str] = []
    for action in legal:
        if action[0] == "plant" and len(action) == 3 and action[1] not in names:
            names.append(action[1])
    return names


def token_actions(legal: Iterable[Action], token: str) -> list[Action]:
    """The placeless actions of one hand token: sending in the diver, returning a boxer crab."""
    return [
        action
        for action in legal
        if action[0] in ("plant", "return") and len(action) == 2 and action[1] == token
    ]


def attempt(phase: str, pick: Pick, board: str, key: MarketKey, piece: str | None) -> Action | None:
    """The action the player means by choosing a place that has no legal action, so that the
    engine can say why it is refused. ``None`` when the place means nothing in this decision.

    ``piece`` names the animal of a move whose origin is chosen.
    """
    if board == "garden":
        if pick.origin is not None:
            if phase == "push":
                return ("push", pick.origin, key)
            return ("move", piece or "star", pick.origin, key)
        if phase == "plant" and pick.token is not None:
            return ("plant", pick.token, key)
        return None
    if isinstance(key, tuple):
        return ("buy", key[0], key[1])
    if pick.passing:
        return ("pass", key)
    verb = {"refill": "refill", "claim": "claim", "lionfish": "lionfish"}.get(phase)
    return (verb, key) if verb else None
