"""A save-file migration step shared by games whose state remembers its rules version.

When a rules version changes what some actions lead to, a game saved under the older version
must still replay as it was played. Such a game's state carries the version it plays under
(a ``rules`` field, kept by its serialisation), and its engine keeps the older behaviour for
such games, to their end. The step to the new version (:func:`played_under`) then marks the
file's positions as games of the older version:

- ``state`` and ``start`` get ``"rules": version``, unless they carry an older mark already
  (a file two versions old goes through two steps and keeps playing by the oldest);
- a file with ``actions`` replayed from its ``setup`` gets a ``start``: the set-up's new game,
  marked with the older version (a new game is otherwise always of the current version). The
  new game itself must be the same in both versions. The actions then replay from it under the
  older rules, and the next save keeps writing that ``start``.

A setup too broken to build a game from is left as it is, for the loader to refuse with its
own message. Used by Tanuki in the Garden and Seabed Neighbours (their ``migrations``).
"""

from __future__ import annotations

import importlib
from typing import Any

from gardens_tui.rules.registry import Migration


def played_under(version: int, package: str) -> Migration:
    """The migration step that keeps a file of rules ``version`` playing by ``version`` (see
    the module docstring), for the game of rules ``package`` (``gardens_tui.rules.tanuki``),
    whose ``engine.new_game`` makes a game and ``serial.to_dict`` writes it (imported when a
    file needs a ``start``: a game's migrations load before its engine)."""

    def step(data: dict[str, Any]) -> dict[str, Any]:
        for key in ("state", "start"):
            position = data.get(key)
            if isinstance(position, dict):
                mark = position.get("rules")
                if not (type(mark) is int and mark < version):
                    position["rules"] = version
        if "actions" in data and "start" not in data:
            start = _start_of(data.get("setup"))
            if start is not None:
                data["start"] = start
        return data

    def _start_of(setup: Any) -> dict[str, Any] | None:
        if not isinstance(setup, dict):
            return None
        players = setup.get("players")
        options = setup.get("options", {})
        seed = setup.get("seed", 0)
        if not isinstance(players, list) or not isinstance(options, dict):
            return None
        names: list[str] = []
        for player in players:
            name = player.get("name") if isinstance(player, dict) else None
            if not isinstance(name, str):
                return None
            names.append(name)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            return None
        engine = importlib.import_module(f"{package}.engine")
        serial = importlib.import_module(f"{package}.serial")
        try:
            state = engine.new_game(names, options, seed)
        except (ValueError, TypeError, OverflowError):
            return None
        state.rules = version
        result: dict[str, Any] = serial.to_dict(state)
        return result

    return step
