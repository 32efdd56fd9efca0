"""A game screen that works for any game: its text rendering and a list of its legal actions.

Used for every game that has no screen of its own (see :func:`gardens_tui.ui.screens.screen_for`).
Like every game screen it reads only its seat view: the text is rendered from the viewer's view,
the actions are the seat view's legal actions and are described on that view.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gardens_tui.rules.base import ROLL, Action
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.widgets.steady import SteadyStatic


class TextGameScreen(GameScreen):
    """The position as the game's ``render_text`` draws it, and the pending decision's legal
    actions as a list: arrows and Enter (or a click) play the highlighted one. A skill decision
    lists only ``roll`` (the game's own odds; ``r`` does the same), never the outcomes
    themselves, which are for a game's minigame (:meth:`GameScreen.run_skill`) to submit. Every
    text is the game's, shown literally."""

    DEFAULT_CSS = """
    TextGameScreen #text-board { height: 1fr; border: round $border-blurred; padding: 0 1; }
    TextGameScreen #actions { height: 1fr; max-height: 12; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._actions: list[Action] = []

    def compose_board(self) -> ComposeResult:
        """The text board above the action list."""
        with VerticalScroll(id="text-board"):
            yield SteadyStatic(id="board-text", markup=False)
        yield OptionList(id="actions")

    def redraw(self) -> None:
        """Redraw the text board and list the legal actions when a human is to move."""
        super().redraw()
        actions_list = self.query_one("#actions", OptionList)
        self._actions = self.seat_view.legal_actions() if self.human_to_move() else []
        decision = self.seat_view.decision()
        if decision is not None and decision.skill is not None and ROLL in self._actions:
            self._actions = [ROLL]
        actions_list.set_options([Option(literal(self.action_label(a))) for a in self._actions])
        actions_list.disabled = not self._actions
        if self._actions:
            actions_list.highlighted = 0
            actions_list.focus()

    def action_label(self, action: Action) -> str:
        """``notation  —  what it does`` (just the notation when the game says nothing more)."""
        game: Any = self.seat_view.game
        notation: str = game.format_action(action)
        words: str = game.describe_action(self.view_state, action)
        return notation if words == notation else f"{notation}  —  {words}"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Play the chosen action."""
        event.stop()
        if 0 <= event.option_index < len(self._actions):
            self.play(self._actions[event.option_index])
