"""Save-file migrations of Seabed Neighbours (see :mod:`gardens_tui.rules.registry`).

Rules version 2 (issue 27, see :mod:`.spec`) lists one flag per feature and one palace per
seaweed system in the flag step, where version 1 listed one per segment naming it. A version 1
file may hold a flag or palace on a segment version 2 no longer lists (``flag -1,0 streak-e``
beside ``flag 1,0 streak-e``), and must replay as it was played, so the state carries the
version it is played under (``SeabedState.rules``) and the engine keeps the version 1 flag
step for such games, to their end.

Rules version 3 (see :mod:`.spec`) resolves the whirlpool before its flag step and scoring,
where version 2 resolved it after them.

Each step marks the file's positions as games of the version it comes from
(:func:`gardens_tui.rules.migration_steps.played_under`); a position marked already (a version
1 file going through both steps) keeps its older mark.
"""

from __future__ import annotations

from gardens_tui.rules.migration_steps import played_under
from gardens_tui.rules.registry import Migration

to_version_2 = played_under(1, "gardens_tui.rules.seabed")
"""A rules version 1 envelope made a version 2 one whose positions play by version 1."""

to_version_3 = played_under(2, "gardens_tui.rules.seabed")
"""A rules version 2 envelope made a version 3 one whose positions play by version 2."""

MIGRATIONS: dict[int, Migration] = {1: to_version_2, 2: to_version_3}
"""The steps from each older rules version to the next."""
