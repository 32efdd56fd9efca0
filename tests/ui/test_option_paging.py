"""Paging a list that is not laid out yet (:mod:`gardens_tui.ui.option_paging`): installed on
this Textual, Page Up and Page Down before the list's first layout leave the highlight where it
is instead of raising, and page as Textual does once the list has a size."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from gardens_tui.ui.option_paging import install_safe_paging


def test_install_works_on_this_textual_and_is_idempotent() -> None:
    assert install_safe_paging() is True
    assert install_safe_paging() is True


def test_paging_a_list_before_its_first_layout_keeps_the_highlight() -> None:
    """The key-flood crash: a page key reached a list opened in the same burst of keys."""
    install_safe_paging()
    options = OptionList(*(f"choice {n}" for n in range(40)))
    options.highlighted = 1
    options.action_page_up()
    options.action_page_down()
    assert options.highlighted == 1


async def test_paging_a_laid_out_list_moves_by_a_page() -> None:
    install_safe_paging()

    class Lister(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList(*(f"choice {n}" for n in range(40)))

    async with Lister().run_test(size=(40, 12)) as pilot:
        options = pilot.app.query_one(OptionList)
        options.highlighted = 0
        await pilot.pause()
        options.action_page_down()
        assert options.highlighted is not None and options.highlighted > 1
