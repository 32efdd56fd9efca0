"""The Gardens game screen (registered for the game id ``the-gardens``).

Modules, each with one job:

- :mod:`.screen`: :class:`TheGardensScreen`, the screen itself (layout, keys, redraws), drawn
  from its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.picker`: how this game's actions split into the parts the shared action picker narrows
  (display card, then mat end; commands) (pure);
- :mod:`.keys`: the bindings, the help table and which commands apply now;
- :mod:`.marks`: which cards the last walks saw, from the seat view's history (pure);
- :mod:`.layouts`: the geometry of the display and the mat, compact and roomy;
- :mod:`.paint`, :mod:`.texts`: card drawings, colour roles and the words around the boards;
- :mod:`.board`: the board widget with the feature colours.
"""

from __future__ import annotations

from gardens_tui.ui.screens.the_gardens.screen import TheGardensScreen

__all__ = ["TheGardensScreen"]
