"""Save-file migrations of Seabed Neighbours (see :mod:`gardens_tui.rules.registry`).

Rules version 2 (issue 27, see :mod:`.spec`) lists one flag per feature and one palace per
seaweed system in the flag step, where version 1 listed one per segment naming it. A version 1
file may hold a flag or palace on a segment version 2 no longer lists (``flag -1,0 streak-e``
beside ``flag 1,0 streak-e``), and must replay as it was played, so the state carries the
version it is played under (``SeabedState.rules``) and the engine keeps the version 1 flag
step for such games, to their end.

The step from version 1 to 2 (:func:`to_version_2`) marks the file's positions as version 1
games:

- ``state`` and ``start`` get ``"rules": 1``;
- a file with ``actions`` replayed from its ``setup`` gets a ``start``: the set-up's new game,
  marked version 1 (a new game is otherwise always of the current version). The new game
  itself is the same in both versions. The actions then replay from it under the old rules,
  and the next save keeps writing that ``start``.

A setup too broken to build a game from is left as it is, for the loader to refuse with its
own message.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.registry import Migration


def to_version_2(data: dict[str, Any]) -> dict[str, Any]:
    """A rules version 1 envelope made a version 2 one whose positions play by version 1."""
    for key in ("state", "start"):
        if isinstance(data.get(key), dict):
            data[key]["rules"] = 1
    if "actions" in data and "start" not in data:
        start = _version_1_start(data.get("setup"))
        if start is not None:
            data["start"] = start
    return data


def _version_1_start(setup: Any) -> dict[str, Any] | None:
    """The serialised new game of ``setup`` marked rules version 1, or ``None`` if ``setup``
    cannot make one."""
    from gardens_tui.rules.seabed import engine, serial

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
    try:
        state = engine.new_game(names, options, seed)
    except (ValueError, TypeError, OverflowError):
        return None
    state.rules = 1
    return serial.to_dict(state)


MIGRATIONS: dict[int, Migration] = {1: to_version_2}
"""The steps from each older rules version to the next."""
