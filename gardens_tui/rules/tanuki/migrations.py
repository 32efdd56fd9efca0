"""Save-file migrations of Tanuki in the Garden (see :mod:`gardens_tui.rules.registry`).

Rules version 2 (issue 26, see :mod:`.spec`) changed what some actions lead to: a tanuki no
longer removes a rock garden, a second tanuki placed in one roll gets its own dice, and Pilfer
Shiitake in larger games names its opponents. A game saved under version 1 must replay as it
was played, so the state carries the version it is played under (``TanukiState.rules``) and
the engine keeps the version 1 behaviour for such games, to their end.

The step from version 1 to 2 marks the file's positions as version 1 games
(:func:`gardens_tui.rules.migration_steps.played_under`).
"""

from __future__ import annotations

from gardens_tui.rules.migration_steps import played_under
from gardens_tui.rules.registry import Migration

to_version_2 = played_under(1, "gardens_tui.rules.tanuki")
"""A rules version 1 envelope made a version 2 one whose positions play by version 1."""

MIGRATIONS: dict[int, Migration] = {1: to_version_2}
"""The steps from each older rules version to the next."""
