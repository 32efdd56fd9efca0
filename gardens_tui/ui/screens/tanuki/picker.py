"""How Tanuki in the Garden's actions are chosen: its adapter on the shared action picker.

Places are on two boards: ``"board"`` (squares ``0..35`` and edge spaces ``("e", edge)``) and
``"hand"`` (the deciding seat's tiles by index). Where a tile goes comes from the rules' own
helper (:func:`~gardens_tui.rules.tanuki.board.front_square`, set by the screen for each
position); nothing here decides a rule.

- ``place t r e``: the item is the tile, the place the front square, the variant ``(r, e)``
  (rotation, entry end); ``r`` cycles the variant and the board previews it;
- ``edge e``: the edge space; ``clear sq``: the square; ``discard t``: the tile in hand;
- a Garden Master card aimed at the garden (:data:`BOARD_CARDS`) has the item ``("card", key)``
  (:func:`card_item`, chosen from the ``m`` list): ``play trap sq`` and ``play rock sq`` the
  square; ``play shift sq q`` the square, the quarter turns its variant; ``play bait o a b``
  either square (choosing one lists the pairs it is in); ``play move i d`` the tanuki's square, the
  direction its variant;
- everything else is a command (a key): ``roll``, ``steer``, ``enter``, ``distract``, ``pass``
  (pass, let, allow, done, end), ``react`` (repel, cancel), ``buy``, ``card`` (the other
  Garden Master plays, a list).
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.ui.screens.tanuki.layouts import edge_key
from gardens_tui.ui.widgets.action_picker import Parts, Place, Selection

BOARD = "board"
"""The garden with its edge spaces."""

HAND = "hand"
"""The deciding seat's tiles."""

COMMAND_OF: dict[str, str] = {
    "roll": "roll",
    "steer": "steer",
    "enter": "enter",
    "distract": "distract",
    "pass": "pass",
    "let": "pass",
    "allow": "pass",
    "done": "pass",
    "end": "pass",
    "repel": "react",
    "cancel": "react",
    "buy": "buy",
    "play": "card",
}
"""The command offering each placeless verb."""

BOARD_CARDS = ("trap", "rock", "shift", "bait", "move")
"""The Garden Master cards whose play is aimed at squares of the garden."""


def card_item(key: str) -> tuple[str, str]:
    """The picker item of a card aimed at the garden."""
    return ("card", key)


class TkParts:
    """Splits the legal actions into places and commands for the shared picker.

    :attr:`front` is the square the deciding seat must place on, :attr:`hand` its tiles (both
    set by the screen for each new position)."""

    def __init__(self) -> None:
        self.front: int = -1
        """The front square of the deciding seat (-1: none)."""
        self.hand: list[int] = []
        """The deciding seat's tiles."""
        self.tanuki: tuple[int, ...] = (-1, -1)
        """The square of each tanuki (-1: off the board)."""

    def parts(self, action: Action, selection: Selection) -> Parts | None:
        """How ``action`` is chosen (see the module docstring)."""
        verb = action[0]
        if verb == "place" and len(action) == 4 and self.front >= 0:
            return Parts(
                item=action[1],
                places=(Place(BOARD, self.front),),
                variant=(action[2], action[3]),
            )
        if verb == "play" and len(action) >= 2 and action[1] in BOARD_CARDS:
            return self._card_parts(action)
        if verb == "edge" and len(action) == 2:
            return Parts(places=(Place(BOARD, edge_key(int(str(action[1])))),))
        if verb == "clear" and len(action) == 2:
            return Parts(places=(Place(BOARD, action[1]),))
        if verb == "discard" and len(action) == 2 and action[1] in self.hand:
            return Parts(places=(Place(HAND, self.hand.index(int(str(action[1])))),))
        command = COMMAND_OF.get(str(verb))
        return Parts(command=command or "unknown")

    def _card_parts(self, action: Action) -> Parts:
        key = str(action[1])
        item = card_item(key)
        args = action[2:]
        if key in ("trap", "rock") and len(args) == 1:
            return Parts(item=item, places=(Place(BOARD, args[0]),))
        if key == "shift" and len(args) == 2:
            return Parts(item=item, places=(Place(BOARD, args[0]),), variant=args[1])
        if key == "bait" and len(args) == 3:  # either square lists the pairs it is in
            place, other = Place(BOARD, args[1]), Place(BOARD, args[2])
            return Parts(item=item, places=(place,), joins=(other,), variant=args)
        if key == "move" and len(args) == 2:
            i = int(str(args[0]))
            where = self.tanuki[i] if 0 <= i < len(self.tanuki) else -1
            if where >= 0:
                return Parts(item=item, places=(Place(BOARD, where),), variant=args)
        return Parts(item=item, command="card")
