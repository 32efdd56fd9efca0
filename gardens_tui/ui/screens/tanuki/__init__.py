"""The Tanuki in the Garden game screen (registered for the game id ``tanuki-in-the-garden``).

Modules, each with one job:

- :mod:`.screen`: :class:`TanukiScreen`, the screen itself (layout, keys, redraws), drawn from
  its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.picker`: how this game's actions split into the parts the shared action picker narrows
  (tile, front square, rotation; edge spaces; cards aimed at squares; commands) (pure);
- :mod:`.keys`: the bindings, the help table, the command labels and the clickable commands;
- :mod:`.layouts`: the geometry of the garden with its edge spaces, of the hand and of the zoom;
- :mod:`.routes`: where a tile's four paths run as lines inside its drawing (pure);
- :mod:`.drawing`: one tile's picture: lines with symbols (roomy), numbered ends (compact) (pure);
- :mod:`.walks`: the walks between two positions, step by step, for the walk animation (pure);
- :mod:`.paint`, :mod:`.texts`: squares, edge spaces, hand tiles, colour roles and the words
  around the board;
- :mod:`.board`: the board widget with the feature colours.
"""

from __future__ import annotations

from gardens_tui.ui.screens.tanuki.screen import TanukiScreen

__all__ = ["TanukiScreen"]
