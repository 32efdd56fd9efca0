"""Build positions by hand, for rule checks, tests and tutorials.

:func:`make_position` starts from a new game and puts the tokens you name where you say, taking
each one out of the bag (oysters out of the oyster bed), so the result always passes the full
validation of :func:`~gardens_tui.rules.octopus_garden.serial.from_dict`::

    make_position(
        ("Ann", "Bob"),
        gardens={0: {"c3": "seagrass star", "c4": "oyster"}},
        market=["coral"] * 9,
        pearls=[5, 2],
    )
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.components import CODES, NAMES, OYSTER, physical
from gardens_tui.rules.octopus_garden.engine import new_game
from gardens_tui.rules.octopus_garden.serial import from_dict, to_dict
from gardens_tui.rules.octopus_garden.state import OctopusState

Pieces = str | Sequence[str]


def _pieces(spec: Pieces) -> list[str]:
    return spec.split() if isinstance(spec, str) else list(spec)


def make_position(
    players: Sequence[str] = ("Ann", "Bob"),
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    gardens: Mapping[int, Mapping[str, Pieces]] | None = None,
    market: Sequence[str | None] | None = None,
    pearls: Sequence[int] | None = None,
    active: int = 0,
    hand: Sequence[str] = (),
    phase: str = "market",
    **fields: Any,
) -> OctopusState:
    """A validated position built from a new game of ``players`` with ``options``.

    - ``gardens``: per seat, space name → pieces bottom first (a list of names or one string of
      space-separated names, e.g. ``"seagrass star"``); pieces come out of the bag / oyster bed.
    - ``market``: 9 token names or ``None`` (empty); the setup's market goes back into the bag.
    - ``pearls``: every seat's pearls (default: the new game's).
    - ``active``, ``hand``, ``phase``: whose turn, tokens waiting to be planted, the decision.
    - ``fields``: any other serialised field set as is (``clownfish=[[7], []]``, ``end_by=1``);
      a ``drawn`` token and the sharks of seats with ``claims`` also come out of the bag.

    Raises ``ValueError`` when the bag runs short or the position is not valid.
    """
    data = to_dict(new_game(players, options, seed))
    bag: dict[str, int] = dict(data["bag"])

    def take(name: str) -> None:
        code = CODES.get(name)
        if code is None:
            raise ValueError(f"unknown token {name!r}")
        for token in physical(code):
            if token == OYSTER:
                if data["oyster_bed"] <= 0:
                    raise ValueError("the oyster bed is empty")
                data["oyster_bed"] -= 1
                continue
            key = NAMES[token]
            if bag.get(key, 0) <= 0:
                raise ValueError(f"no {key} left in the bag")
            bag[key] -= 1

    if market is not None:
        for name in data["market"]:
            if name is not None:
                bag[name] = bag.get(name, 0) + 1
        data["market"] = [None] * 9
        for name in market:
            if name is not None:
                take(name)
        data["market"] = list(market)
    for seat, cells in (gardens or {}).items():
        for cell, spec in cells.items():
            pieces = _pieces(spec)
            for name in pieces:
                take(name)
            data["gardens"][seat][CELL_IDS[cell]] = pieces
    for name in hand:
        take(name)
    if fields.get("drawn"):
        take(fields["drawn"])
    owners = fields.get("shark_of", data["shark_of"])
    for seat in fields.get("claims", ()):
        if seat is not None and owners[seat]:
            take(owners[seat])
    data["hand"] = list(hand)
    data["bag"] = {k: v for k, v in bag.items() if v}
    if pearls is not None:
        data["pearls"] = list(pearls)
    data["active"] = active
    data["phase"] = phase
    data["events"] = []
    data.update(fields)
    return from_dict(data)
