"""The Octopus's Garden game screen (registered for the game id ``octopus-garden``).

Modules, each with one job:

- :mod:`.screen`: :class:`OctopusGardenScreen`, the screen itself (layout, keys, redraws);
- :mod:`.picker`: which place on the boards chooses which legal action (pure, no Textual);
- :mod:`.marks`: which spaces the last moves changed (pure);
- :mod:`.layouts`: the board geometry in the compact and the roomy size;
- :mod:`.choice`: the small list of choices shown when one place offers several actions.

Widgets only this screen uses live in ``gardens_tui/ui/widgets/og_*.py``.
"""

from __future__ import annotations

from gardens_tui.ui.screens.octopus_garden.screen import OctopusGardenScreen

__all__ = ["OctopusGardenScreen"]
