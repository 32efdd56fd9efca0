"""Save-file migrations of The Gardens (see :mod:`gardens_tui.rules.registry`).

Rules version 1 → 2
-------------------
Version 2 (issue 27) lets the State Library send back any visitor standing on a card, also one
that already walked this round (visitors stay on their cards between rounds, so its next walk
starts from the Central Board); version 1 refused that one. Nothing else changed: every action
version 1 allowed is still allowed and does the same, and the state has the same fields, so a
version 1 file's actions replay to the very same positions. The step changes nothing in the
file; the version is raised so that an older gardens-tui, which would refuse such a return
half-way through a replay, says instead that the file is newer than it knows.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.registry import Migration


def version_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """A rules version 1 envelope as version 2: unchanged (see the module docstring)."""
    return data


MIGRATIONS: dict[int, Migration] = {1: version_1_to_2}
"""The steps from each older rules version to the next."""
