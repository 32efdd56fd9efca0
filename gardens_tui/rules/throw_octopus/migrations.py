"""Save-file migrations of Throw Octopus! (see :mod:`gardens_tui.rules.registry`).

Rules version 1 → 2
-------------------
Version 2 deals a new tile list (``balanced``, see :mod:`.components`) by default; version 1
dealt the ``sparse`` list. Both lists stay in the engine, chosen by the ``tile-list`` option,
so a version 1 file is upgraded by writing ``"tile-list": "sparse"`` into its setup's options
and its position's options: it then replays the very same deal and moves, tile names and all
(``t42`` names the sparse list's t42 in that game), and plays on with the tiles it began with.

Version 2 also lets Magic Touch move any loose tile, not only one at the end of a line. Every
move version 1 allowed is still allowed, so the actions of a version 1 file replay unchanged;
nothing else in the file needs to change.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.registry import Migration
from gardens_tui.rules.throw_octopus.spec import TILE_LIST_KEY

SPARSE = "sparse"
"""The tile list every rules version 1 game was dealt from."""


def _keep_sparse(options: Any) -> None:
    """Pin ``options`` (a save file's options object, if it is one) to the sparse list."""
    if isinstance(options, dict):
        options[TILE_LIST_KEY] = SPARSE


def version_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """A rules version 1 envelope as version 2: the setup and the position keep the sparse
    tile list they were played with. Anything that is not an object is left for the loader
    to refuse with its own message."""
    setup = data.get("setup")
    if isinstance(setup, dict):
        _keep_sparse(setup.setdefault("options", {}))
    state = data.get("state")
    if isinstance(state, dict):
        _keep_sparse(state.get("options"))
    return data


MIGRATIONS: dict[int, Migration] = {1: version_1_to_2}
"""The steps by the rules version they start from."""
