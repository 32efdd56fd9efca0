"""How The Gardens' actions are chosen: its adapter on the shared action picker.

Places are on two boards: ``"display"`` (cards keyed ``(row, place)``) and ``"mat"`` (the
deciding seat's cells ``0..26``). Where a card would go comes from the rules' own helper
(:func:`~gardens_tui.rules.the_gardens.mat.placement`); nothing here decides a rule.

- a take is two places: the display card, then the mat cell at the end of its row where it
  would go (the left or the right end);
- a reservation (Fort Denison) is one place, the display card;
- the State Library's return is the command ``return`` (a key, a list when several rows may),
  the Moreton Bay Fig's species the command ``species`` (a list), skipping a reservation the
  command ``skip`` (the pass key).
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.the_gardens.components import COLUMNS
from gardens_tui.rules.the_gardens.mat import placement
from gardens_tui.ui.widgets.action_picker import Parts, Place, Selection

DISPLAY = "display"
"""The display board."""

MAT = "mat"
"""The deciding seat's mat."""

COMMAND_OF: dict[str, str] = {"return": "return", "skip": "skip", "species": "species"}
"""The command offering each placeless verb."""


class TgParts:
    """Splits The Gardens' legal actions into places and commands for the shared picker.

    :attr:`mat` must be the deciding seat's mat (set by the screen for each new position): a
    take's mat place is where :func:`placement` puts it on that mat."""

    def __init__(self) -> None:
        self.mat: list[int] = []
        """The deciding seat's 27 mat cells."""

    def parts(self, action: Action, selection: Selection) -> Parts | None:
        """How ``action`` is chosen (see the module docstring)."""
        verb = action[0]
        if verb == "take" and len(action) == 4 and self.mat:
            row, place, side = action[1], action[2], action[3]
            column = placement(self.mat, row, side)
            if column < 0:
                return None
            return Parts(places=(Place(DISPLAY, (row, place)), Place(MAT, row * COLUMNS + column)))
        if verb == "reserve" and len(action) == 3:
            return Parts(places=(Place(DISPLAY, (action[1], action[2])),))
        command = COMMAND_OF.get(str(verb))
        if command is not None:
            return Parts(command=command)
        return Parts(command="unknown")  # only the every-choice list offers it


def side_of(action: Action) -> str:
    """The side (``"left"`` / ``"right"``) of a take, ``""`` for anything else."""
    return str(action[3]) if action[0] == "take" and len(action) == 4 else ""
