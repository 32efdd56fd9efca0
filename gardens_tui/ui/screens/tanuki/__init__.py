"""The Tanuki in the Garden game screen (registered for the game id ``tanuki-in-the-garden``).

Modules, each with one job:

- :mod:`.screen`: :class:`TanukiScreen`, the screen itself (layout, keys, redraws), drawn from
  its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.picker`: how this game's actions split into the parts the shared action picker narrows
  (tile, front square, rotation; edge spaces; commands) (pure);
- :mod:`.keys`: the bindings, the help table and the command labels;
- :mod:`.layouts`: the geometry of the garden with its edge spaces and of the hand;
- :mod:`.paint`, :mod:`.texts`: tile drawings, colour roles and the words around the board;
- :mod:`.board`: the board widget with the feature colours.
"""

from __future__ import annotations

from gardens_tui.ui.screens.tanuki.screen import TanukiScreen

__all__ = ["TanukiScreen"]
