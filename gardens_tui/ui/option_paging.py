"""Page Up and Page Down on a list that is not laid out yet do nothing, instead of crashing.

Textual's :class:`~textual.widgets.OptionList` (8.2.8) maps each option to its first line only
once the list has a size; before its first layout the map is empty, and ``pageup`` or
``pagedown`` with an option highlighted raises ``KeyError`` (``_move_page`` reads the map
without a guard, where ``scroll_to_highlight`` has one). A key that arrives in the same burst
as the one that opened the list reaches it first: the key-flood test crashed the app so,
paging in a :class:`~textual.widgets.Select` of the settings dialog the flood had just opened
(every ``Select`` drops down an ``OptionList``, and the menu, the choice lists, the review and
the text screen are ``OptionList`` too).

:func:`install_safe_paging` wraps ``OptionList._move_page``: while the highlighted option has
no line yet, paging leaves the highlight where it is (there is no page to move by). Once laid
out, Textual's own method runs. Guarded against a future Textual: nothing is changed unless
``OptionList`` still has ``_move_page(direction)`` and ``_index_to_line``;
``tests/ui/test_option_paging.py`` fails loudly if so.
"""

from __future__ import annotations

import inspect
from typing import Any

from textual.widgets import OptionList

_installed = False


def install_safe_paging() -> bool:
    """Make paging an :class:`OptionList` that is not laid out yet do nothing (idempotent);
    ``False`` when Textual's ``OptionList`` no longer looks as this module expects."""
    global _installed
    if _installed:
        return True
    textual_move_page = getattr(OptionList, "_move_page", None)
    if textual_move_page is None or not hasattr(OptionList, "_index_to_line"):
        return False
    if list(inspect.signature(textual_move_page).parameters) != ["self", "direction"]:
        return False

    def _move_page(self: OptionList, direction: Any) -> None:
        highlighted = self.highlighted
        if highlighted is not None and highlighted not in self._index_to_line:
            return  # not laid out yet: no lines to page through
        textual_move_page(self, direction)

    _move_page.__doc__ = textual_move_page.__doc__
    OptionList._move_page = _move_page  # type: ignore[method-assign]
    _installed = True
    return True
