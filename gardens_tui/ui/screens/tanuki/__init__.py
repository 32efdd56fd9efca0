"""The Tanuki in the Garden game screen (registered for the game id ``tanuki-in-the-garden``).

Modules, each with one job:

- :mod:`.screen`: :class:`TanukiScreen`, the screen itself (composition, keys, redraws, the
  GameScreen hooks), drawn from its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.picker`: how this game's actions split into the parts the shared action picker narrows
  (tile, front square, rotation; edge spaces; cards aimed at squares; commands) (pure);
- :mod:`.preview`: the tile previewed on the front square and the end walked in by (pure);
- :mod:`.aiming`: Garden Master cards aimed at the garden, their prompts and the ``m`` menu (pure);
- :mod:`.keys`: the bindings, the help table, the command labels and the clickable commands;
- :mod:`.dock`: the dock above the players (status, hand, commands packed to its width);
- :mod:`.info`: the info line's words for the place or tile under the cursor, and what laying
  the previewed tile does (the rules' ``preview_lay`` on the seat's view) (pure);
- :mod:`.news`: the "since your last turn" pop-up when a person's turn starts after others
  played (``o`` shows it again);
- :mod:`.zoom`: the zoom of the square under the cursor and its paths in words;
- :mod:`.walk_show`: the walk animation, its steps shown and the path ends they light;
- :mod:`.walks`: the walks between two positions, step by step, for the walk animation (pure);
- :mod:`.layouts`: the geometry of the garden with its edge spaces, of the hand and of the zoom;
- :mod:`.routes`: where a tile's four paths run as lines inside its drawing (pure);
- :mod:`.drawing`: one tile's picture: lines with symbols (roomy), numbered ends (compact) (pure);
- :mod:`.pieces`: the monks, tanuki, stashes and traps standing on squares and edge spaces
  (pure);
- :mod:`.paint`, :mod:`.texts`: squares, edge spaces, hand tiles, colour roles and the words
  around the board;
- :mod:`.board`: the board widget with the feature colours.
"""

from __future__ import annotations

from gardens_tui.ui.screens.tanuki.screen import TanukiScreen

__all__ = ["TanukiScreen"]
