"""The main menu: continue, new game, load, learn to play, rules, settings, quit."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gardens_tui import saves
from gardens_tui.saves.listing import last_finished
from gardens_tui.ui.literal import notify_plain
from gardens_tui.ui.widgets.key_footer import KeyFooter
from gardens_tui.ui.widgets.steady import SteadyStatic

BANNER = "gardens-tui"

ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("continue", "c", "Continue the last game"),
    ("new", "n", "New game"),
    ("load", "l", "Load a saved game"),
    ("learn", "p", "Learn to play"),
    ("rules", "r", "Rules"),
    ("settings", "s", "Settings"),
    ("quit", "q", "Quit"),
)
"""``(entry id, shortcut letter, label)`` for each menu entry, in order."""

ACTIONS = {
    "continue": "continue_game",
    "new": "new_game",
    "learn": "learn",
    "load": "load_game",
    "rules": "rules",
    "settings": "settings",
    "quit": "quit",
}
"""The app action each entry runs."""


CONTINUE = "Continue the last game"
CONTINUE_NONE = "Continue the last game (none yet)"
REVIEW_FINISHED = "Last game is over: see the scores"
"""The labels of the "continue" entry: a game to continue; none ever; only finished ones (the
entry then opens the newest finished game, which shows its final scores and offers a
rematch)."""


def _entry_prompt(key: str, label: str) -> Text:
    return Text.assemble((key, "bold underline"), "  ", label)


class MenuEntries(OptionList):
    """The menu's entry list: an :class:`OptionList` whose entries answer the pointer only on
    their own text (the letter and the label). OptionList makes an option's whole row, out to
    the box's border, clickable; the labels are short and the box wide, so a click on the blank
    rest of a row (the middle of a browser page lands there) chose an entry nothing under the
    pointer named. There, a click does nothing and the pointer highlights nothing."""

    def _label_under(self, event: events.MouseEvent) -> bool:
        """True when the pointer is on an entry's text."""
        index = event.style.meta.get("option")
        offset = event.get_content_offset(self)
        if not isinstance(index, int) or offset is None:
            return False
        option = self.get_option_at_index(index)
        padding = self.get_component_styles("option-list--option").padding
        x = offset.x + self.scroll_offset.x - padding.left
        return 0 <= x < cell_len(str(option.prompt))

    async def _on_click(self, event: events.Click) -> None:
        if not self._label_under(event):
            event.prevent_default()  # OptionList's own handler would choose the row's entry

    def _on_mouse_move(self, event: events.MouseMove) -> None:
        if not self._label_under(event):
            event.prevent_default()  # and its hover highlight would mark the row as a target
            self._mouse_hovering_over = None


class MainMenu(Screen[None]):
    """The app's home screen. Arrows and Enter, the shortcut letters, or a click on an entry's
    text (:class:`MenuEntries`) choose an entry; each entry runs the app action of the same
    name. ``continue`` continues the newest unfinished game; when every game is over it opens
    the newest finished one instead (its final scores, with a rematch), and it is greyed out
    only when there is no game at all.

    One entry at a time: from the moment an entry is chosen until its action has run (its dialog
    is up), further choices are ignored, so a burst of keys (``n n``, ``s`` then Enter) opens one
    dialog; so are choices arriving while another screen is on top of the menu."""

    _choosing = False
    _finished: Path | None = None
    """The finished game "continue" opens when no game is unfinished (``None``: it continues)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"choose('{entry}')", label, show=False) for entry, key, label in ENTRIES
    ]

    def compose(self) -> ComposeResult:
        """Title, subtitle, the entry list and the footer."""
        with Vertical(id="menu-box"):
            yield SteadyStatic(BANNER, id="menu-title")
            yield SteadyStatic("garden board games in your terminal", id="menu-subtitle")
            with Center():
                yield MenuEntries(
                    *(Option(_entry_prompt(key, label), id=entry) for entry, key, label in ENTRIES),
                    id="menu",
                )
            yield SteadyStatic("arrows + Enter, or a letter  ·  ? for help", id="menu-version")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Grey out "continue" if there is nothing to continue; highlight the likely choice."""
        can_continue = self.refresh_entries()
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = 0 if can_continue else 1
        menu.focus()

    def on_screen_resume(self) -> None:
        """A game may have been played since: check "continue" again."""
        self.refresh_entries()

    def refresh_entries(self) -> bool:
        """Set up "continue": enabled when there is an autosave it could continue (see
        :func:`~gardens_tui.saves.autosave_candidates`), else enabled to look at the newest
        finished game when there is one (:func:`~gardens_tui.saves.listing.last_finished`),
        else greyed out. True when there is an unfinished game to continue."""
        menu = self.query_one("#menu", OptionList)
        can_continue = next(saves.autosave_candidates(), None) is not None
        finished = None if can_continue else last_finished()
        self._finished = None if finished is None else finished.path
        enabled = can_continue or finished is not None
        label = CONTINUE if can_continue else REVIEW_FINISHED if finished else CONTINUE_NONE
        option = menu.get_option("continue")
        if option.disabled == enabled or str(option.prompt).partition("  ")[2] != label:
            # OptionList moves the highlight off an option whose state changes: keep it.
            highlighted = menu.highlighted
            menu.replace_option_prompt("continue", _entry_prompt("c", label))
            if enabled:
                menu.enable_option("continue")
            else:
                menu.disable_option("continue")
            menu.highlighted = 1 if highlighted in (None, 0) and not enabled else highlighted
        return can_continue

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Run the chosen entry."""
        event.stop()
        if event.option.id is not None:
            self.action_choose(event.option.id)

    def action_choose(self, entry: str) -> None:
        """Run the app action for ``entry`` (ignored for a disabled entry, while an entry chosen
        before is still opening, and while the menu is not the active screen)."""
        if self._choosing or not self.is_active or entry not in ACTIONS:
            return
        menu = self.query_one("#menu", OptionList)
        if menu.get_option(entry).disabled:
            notify_plain(self, "There is no unfinished game to continue.", severity="warning")
            return
        self._choosing = True
        self.app.call_later(self._run_entry, entry)

    async def _run_entry(self, entry: str) -> None:
        try:
            finished = self._finished
            load_game = getattr(self.app, "load_game", None)
            if entry == "continue" and finished is not None and load_game is not None:
                load_game(finished)
            else:
                await self.app.run_action(ACTIONS[entry])
        finally:
            self._choosing = False
