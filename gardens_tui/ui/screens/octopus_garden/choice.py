"""The small list of choices over the game screen (which line to buy, keep or leave the home …).

It is the shared picker's list (:class:`~gardens_tui.ui.widgets.action_picker_ui.ChoiceScreen`),
named here for the places that know it as this screen's.
"""

from __future__ import annotations

from gardens_tui.ui.widgets.action_picker_ui import ChoiceScreen

__all__ = ["ChoiceScreen"]
