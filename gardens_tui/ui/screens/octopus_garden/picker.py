"""How Octopus's Garden actions are chosen: its adapter on the shared action picker.

:class:`OgParts` splits each legal action into the parts the shared picker
(:mod:`gardens_tui.ui.widgets.action_picker`) narrows step by step. Places are on two boards:
``"garden"`` (spaces 0..23 of the deciding seat's garden) and ``"market"`` (spaces 0..8 and the
line handles ``("row" | "col", 1..3)``). Where an action points comes from the engine's target
helpers (:mod:`gardens_tui.rules.octopus_garden.targets`); nothing here decides a rule.

- a planting is the token (the hand item) then its space; the diver and a boxer crab going back
  to the bag are the token and the Enter key (command ``token``); letting a token go is the token
  and ``x`` (``discard``);
- a move or a push is two places: the origin space, then the destination;
- a line is bought with its handle; each tile of the line joins it, so choosing a tile lists its
  row, its column and returning it;
- a pass is a mode (``p``): while in it, every tile that may be returned is a place and nothing
  may be bought; a plain pass (nothing to return) plays at once;
- declaring a mimic octopus, the coconut octopus, a refill, a shark claim and the lionfish are
  one place; the rest (oyster, done, skip, release, treasure) are commands on keys.

:class:`Pick` is the screen's name for the half-made choice (the token, a move's origin, a pass
in the making) and :func:`compute_targets` the legal actions grouped by place for it, as the
shared picker groups them (:class:`Targets`). :func:`attempt` names what a player means by a
place without a legal action, so that the engine can say why it is refused.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.board import market_line
from gardens_tui.rules.octopus_garden.targets import action_cells, action_target
from gardens_tui.ui.widgets.action_picker import (
    Choices,
    Entry,
    Parts,
    Place,
    Selection,
    narrow,
    resolve,
)

__all__ = [
    "GARDEN",
    "MARKET",
    "OG_PARTS",
    "Entry",
    "OgParts",
    "Pick",
    "Targets",
    "attempt",
    "compute_targets",
    "plantable_tokens",
    "resolve",
    "token_actions",
]

MarketKey = Hashable
"""A market place: a space ``0..8`` or a line handle ``("row" | "col", 1..3)``."""

GARDEN = "garden"
"""The board of the deciding seat's garden."""

MARKET = "market"
"""The market board."""

PASS = "pass"
"""The command (and mode) of passing."""

TWO_STEP = frozenset({"move", "push"})
"""Verbs chosen in two steps: the origin space, then the destination."""

_COMMANDS = {
    "oyster": "oyster",
    "done": "done",
    "skip": "skip",
    "release": "release",
    "treasure": "treasure",
    "mimic": "mimic",
    "discard": "discard",
    "pass": PASS,
    "plant": "token",  # the placeless planting: the diver
    "return": "token",  # a boxer crab with no anemone goes back to the bag
}
"""The command offering each verb (for the planting: only when it has no space)."""

_ITEM_VERBS = frozenset({"plant", "return", "discard"})
"""Verbs whose second part is the hand token they use."""


class OgParts:
    """The :class:`~gardens_tui.ui.widgets.action_picker.ActionParts` of Octopus's Garden (see
    the module docstring)."""

    def parts(self, action: Action, selection: Selection) -> Parts | None:
        """How ``action`` is chosen; buying is hidden while a pass is being made."""
        verb = action[0]
        if verb in TWO_STEP:
            src, dst = action_cells(action)
            return Parts(places=(Place(GARDEN, src), Place(GARDEN, dst)))
        passing = selection.mode == PASS
        if verb == "buy":
            if passing:
                return None
            line = tuple(Place(MARKET, space) for space in market_line(action[1], action[2]))
            return Parts(places=(Place(MARKET, (action[1], action[2])),), joins=line)
        item = action[1] if verb in _ITEM_VERBS else None
        target = action_target(action)
        if target is None:
            return Parts(item=item, command=_COMMANDS.get(verb))
        place = Place(GARDEN if target[0] == "cell" else MARKET, target[1])
        command = _COMMANDS.get(verb) if verb != "plant" else None
        if verb == "pass" and not passing:
            return Parts(joins=(place,), command=command)  # a tile lists returning it
        return Parts(item=item, places=(place,), command=command)


OG_PARTS = OgParts()
"""The one :class:`OgParts` (it holds nothing)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """The half-made choice of the player at the keyboard, in this game's words.

    ``token``: the hand token (by name) the next planting uses; ``origin``: the space a move or
    push starts from, once chosen; ``passing``: the player pressed pass and now chooses the market
    tile to return. :attr:`selection` is the same choice for the shared picker.
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

    @property
    def selection(self) -> Selection:
        """The shared picker's :class:`~gardens_tui.ui.widgets.action_picker.Selection`."""
        places = () if self.origin is None else (Place(GARDEN, self.origin),)
        return Selection(item=self.token, places=places, mode=PASS if self.passing else None)

    @classmethod
    def of(cls, selection: Selection) -> Pick:
        """The pick a shared-picker selection stands for."""
        origin = selection.places[0].cell if selection.places else None
        token = selection.item
        return cls(
            token=token if isinstance(token, str) else None,
            origin=origin if isinstance(origin, int) else None,
            passing=selection.mode == PASS,
        )


class Targets:
    """What each place does now, by board: entries per garden space and per market place, and
    the loose actions (no place). A view of the shared picker's
    :class:`~gardens_tui.ui.widgets.action_picker.Choices`."""

    __slots__ = ("choices",)

    def __init__(self, choices: Choices | None = None) -> None:
        self.choices = choices if choices is not None else Choices(Selection())

    @property
    def garden(self) -> dict[Any, list[Entry]]:
        """Entries per garden space."""
        return self.choices.board(GARDEN)

    @property
    def market(self) -> dict[Any, list[Entry]]:
        """Entries per market place."""
        return self.choices.board(MARKET)

    @property
    def loose(self) -> list[Action]:
        """The actions no place chooses (whatever the token)."""
        return self.choices.loose

    @property
    def garden_legal(self) -> set[Any]:
        """Garden spaces to highlight: those that are the target of something."""
        return self.choices.legal(GARDEN)

    @property
    def market_legal(self) -> set[Any]:
        """Market places to highlight."""
        return self.choices.legal(MARKET)

    def loose_verbs(self) -> set[str]:
        """The verbs of the loose actions."""
        return {action[0] for action in self.loose}


def compute_targets(legal: Iterable[Action], pick: Pick) -> Targets:
    """Group the legal actions by the place that chooses them, for this half-made choice."""
    return Targets(narrow(legal, OG_PARTS, pick.selection))


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
    if board == GARDEN:
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
