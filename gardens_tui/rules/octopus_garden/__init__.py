"""Octopus's Garden: buy market rows, plant a hex garden, keep your sea stars away from oysters.

The full package documentation (decision kinds, action shapes, helpers) is being written.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.game import OctopusGarden
from gardens_tui.rules.octopus_garden.spec import MODULE_KEYS, SPEC

GAME = OctopusGarden()
"""The one Octopus's Garden game object the registry serves."""

__all__ = ["GAME", "MODULE_KEYS", "SPEC", "OctopusGarden"]
