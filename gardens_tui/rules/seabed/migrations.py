"""Save-file migrations of Seabed Neighbours (see :mod:`gardens_tui.rules.registry`).

Rules version 2 (issue 27, see :mod:`.spec`) lists one flag per feature and one palace per
seaweed system in the flag step, where version 1 listed one per segment naming it. A version 1
file may hold a flag or palace on a segment version 2 no longer lists (``flag -1,0 streak-e``
beside ``flag 1,0 streak-e``), and must replay as it was played, so the state carries the
version it is played under (``SeabedState.rules``) and the engine keeps the version 1 flag
step for such games, to their end.

The step from version 1 to 2 marks the file's positions as version 1 games
(:func:`gardens_tui.rules.migration_steps.played_under`).
"""

from __future__ import annotations

from gardens_tui.rules.migration_steps import played_under
from gardens_tui.rules.registry import Migration

to_version_2 = played_under(1, "gardens_tui.rules.seabed")
"""A rules version 1 envelope made a version 2 one whose positions play by version 1."""

MIGRATIONS: dict[int, Migration] = {1: to_version_2}
"""The steps from each older rules version to the next."""
