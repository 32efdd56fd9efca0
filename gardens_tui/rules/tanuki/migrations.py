"""Save-file migrations of Tanuki in the Garden (see :mod:`gardens_tui.rules.registry`).

Rules version 2 (issue 26, see :mod:`.spec`) changed what some actions lead to: a tanuki no
longer removes a rock garden, a second tanuki placed in one roll gets its own dice, and Pilfer
Shiitake in larger games names its opponents. A game saved under version 1 must replay as it
was played, so the state carries the version it is played under (``TanukiState.rules``) and
the engine keeps the version 1 behaviour for such games, to their end.

Rules version 3 (see :mod:`.spec`) asks a seat to discard for ashi-magari once a turn, also
across the two tiles of a Speed Stroll, where version 2 asked again.

Each step marks the file's positions as games of the version it comes from
(:func:`gardens_tui.rules.migration_steps.played_under`); a position marked already (a version
1 file going through both steps) keeps its older mark.
"""

from __future__ import annotations

from gardens_tui.rules.migration_steps import played_under
from gardens_tui.rules.registry import Migration

to_version_2 = played_under(1, "gardens_tui.rules.tanuki")
"""A rules version 1 envelope made a version 2 one whose positions play by version 1."""

to_version_3 = played_under(2, "gardens_tui.rules.tanuki")
"""A rules version 2 envelope made a version 3 one whose positions play by version 2."""

MIGRATIONS: dict[int, Migration] = {1: to_version_2, 2: to_version_3}
"""The steps from each older rules version to the next."""
