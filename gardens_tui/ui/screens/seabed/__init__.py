"""The Seabed Neighbours game screen (registered for the game id ``seabed-neighbours``).

Modules, each with one job:

- :mod:`.screen`: :class:`SeabedScreen`, the screen itself (layout, keys, redraws), drawn from
  its seat view (``GameScreen.seat_view``), never from the table;
- :mod:`.picker`: which hand tiles have places, where a tile fits and turned how, which tiles
  take a flag, a palace or a whirlpool's return (pure, from the legal actions);
- :mod:`.keys`: the bindings, the help table and the clickable commands;
- :mod:`.layouts`: the geometry of the seascape (a sparse map) and the hand, compact and roomy;
- :mod:`.paint`: tile pictures (areas, things, flags and palaces in team colours) and the
  colour roles; :mod:`.texts`: the words around the boards and the legend;
- :mod:`.board`: the board widget with the colour roles;
- :mod:`.flag_list`: the flag step's list of choices, with ``p`` for none;
- :mod:`.end`: the end screen: the teams' piles by category, then the players' sums.
"""

from __future__ import annotations

from gardens_tui.ui.screens.seabed.screen import SeabedScreen

__all__ = ["SeabedScreen"]
