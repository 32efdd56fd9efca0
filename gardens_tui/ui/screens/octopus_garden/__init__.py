"""The Octopus's Garden game screen (registered for the game id ``octopus-garden``).

Modules, each with one job:

- :mod:`.screen`: :class:`OctopusGardenScreen`, the screen itself (layout, keys, redraws), drawn
  from its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.picker`: how this game's actions split into the parts the shared action picker
  (:mod:`gardens_tui.ui.widgets.action_picker`) narrows: token, places, commands (pure);
- :mod:`.keys`: the bindings, the help table and which commands apply now;
- :mod:`.marks`: which spaces the last moves changed, from the seat view's history (pure);
- :mod:`.layouts`: the board geometry in the compact and the roomy size;
- :mod:`.choice`: the list of choices (the shared picker's) under this screen's name;
- :mod:`.paint`, :mod:`.texts`: cell texts, colour roles and the words around the boards;
- :mod:`.board`, :mod:`.mini_garden`: the widgets only this screen uses.
"""

from __future__ import annotations

from gardens_tui.ui.screens.octopus_garden.screen import OctopusGardenScreen

__all__ = ["OctopusGardenScreen"]
