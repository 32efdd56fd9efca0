"""The Throw Octopus! game screen (registered for the game id ``throw-octopus``).

Modules, each with one job:

- :mod:`.screen`: :class:`ThrowOctopusScreen`, the screen itself (layout, keys, redraws, the
  ``GameScreen`` hooks), drawn from its seat view (``GameScreen.seat_view``), never from the
  table;
- :mod:`.hand`: whose hand is shown, its tiles, what choosing one means for a card (pure);
- :mod:`.magic_touch`: the Magic Touch on the board: which tiles may move, and what Enter does
  while one is chosen (lift, put back, put down) (pure);
- :mod:`.dodge_call`: the dodge that opens by itself, once per position, and its window;
- :mod:`.dodge`: the dodge minigame (a :class:`~gardens_tui.ui.screens.timed_modal.TimedModal`
  that first announces the throw, then opens the window; its own footer shows its keys);
- :mod:`.night`: the Game Night result after each game but the last;
- :mod:`.solo_end`: the solo end screen (points and rating, not a winner);
- :mod:`.info`: the info line: the tile or place under the cursor and what Enter does (pure);
- :mod:`.choice_lists`: the titles and lines of the choice lists (throw, gift, touch) (pure);
- :mod:`.marks`: the seascape's last move and complete creatures, position after position;
- :mod:`.paint`: how a tile, a free place, a seascape cell and a hand tile are drawn, and the
  colour roles;
- :mod:`.layouts`: the seascape's map (compact and roomy) and the hand's rows (pure);
- :mod:`.board`: the board widget with the species colours, whole tiles in view and a view that
  follows the tiles placed;
- :mod:`.keys`: the bindings, the help table and which of the game's keys act now;
- :mod:`.texts`: the words around the boards (player panel lines, legend, status with the
  game of a Game Night, hand title, forced steps, the Game Night and solo results) (pure).
"""

from __future__ import annotations

from gardens_tui.ui.screens.throw_octopus.screen import ThrowOctopusScreen

__all__ = ["ThrowOctopusScreen"]
