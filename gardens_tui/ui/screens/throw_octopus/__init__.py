"""The Throw Octopus! game screen (registered for the game id ``throw-octopus``).

Modules, each with one job:

- :mod:`.screen`: :class:`ThrowOctopusScreen`, the screen itself (layout, keys, redraws), drawn
  from its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.paint`: how a tile, a free place and a hand tile are drawn, and the colour roles;
- :mod:`.layouts`: the seascape's map (compact and roomy) and the hand's rows (pure);
- :mod:`.board`: the board widget with the species colours;
- :mod:`.keys`: the bindings and the help table;
- :mod:`.texts`: the words around the boards (player panel lines, legend, status) (pure);
- :mod:`.dodge`: the dodge minigame (a :class:`~gardens_tui.ui.screens.timed_modal.TimedModal`),
  opened by the screen by itself when a throw targets a person at this keyboard.
"""

from __future__ import annotations

from gardens_tui.ui.screens.throw_octopus.screen import ThrowOctopusScreen

__all__ = ["ThrowOctopusScreen"]
