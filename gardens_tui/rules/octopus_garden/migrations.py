"""Save-file migrations of Octopus's Garden (see :mod:`gardens_tui.rules.registry`).

Rules version 2 (see :mod:`.spec`) no longer lets a boxer crab go back to the bag while an
anemone bought with it can still be planted. A game saved under version 1 may have sent one
back so, and must replay as it was played, so the state carries the version it is played
under (``OctopusState.rules``) and the engine keeps the version 1 behaviour for such games,
to their end.

The step from version 1 to 2 marks the file's positions as version 1 games
(:func:`gardens_tui.rules.migration_steps.played_under`).
"""

from __future__ import annotations

from gardens_tui.rules.migration_steps import played_under
from gardens_tui.rules.registry import Migration

to_version_2 = played_under(1, "gardens_tui.rules.octopus_garden")
"""A rules version 1 envelope made a version 2 one whose positions play by version 1."""

MIGRATIONS: dict[int, Migration] = {1: to_version_2}
"""The steps from each older rules version to the next."""
