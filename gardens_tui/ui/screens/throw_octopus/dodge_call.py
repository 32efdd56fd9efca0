"""The dodge that opens by itself: when a throw targets a person at this keyboard, the screen
opens the dodge minigame (:mod:`.dodge`) once per position and settles the skill decision with
its outcome (the base's ``run_skill`` contract)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from textual.app import App

from gardens_tui.rules.base import Action, Decision
from gardens_tui.rules.throw_octopus.spec import DODGE_WINDOW_KEY
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.ui.screens.throw_octopus.dodge import DodgeModal, dodge_key, dodge_modal

DEFAULT_WINDOW_MS = 1500
"""The dodge window when the option is missing or out of range."""


def window_ms(options: Mapping[str, object]) -> int:
    """The dodge window in milliseconds: the ``dodge-window`` option when it is a positive
    whole number, else :data:`DEFAULT_WINDOW_MS`."""
    window = options.get(DODGE_WINDOW_KEY, DEFAULT_WINDOW_MS)
    if isinstance(window, int) and not isinstance(window, bool) and window > 0:
        return window
    return DEFAULT_WINDOW_MS


class DodgeCall:
    """The dodge of one screen: which position's dodge was opened already (each opens once)
    and the dialog last opened."""

    def __init__(self) -> None:
        self.version: int | None = None
        """The table version whose dodge was opened (``None``: none yet)."""
        self.modal: DodgeModal | None = None
        """The dodge dialog last opened (``None`` before the first)."""

    def due(self, decision: Decision | None, version: int) -> bool:
        """Whether to open the dodge now: ``decision`` (the pending one) is a dodge not yet
        opened at table ``version`` (the answer ``True`` marks it opened)."""
        if decision is None or decision.skill != "dodge" or self.version == version:
            return False
        self.version = version
        return True

    def open(
        self,
        app: App[Any],
        state: ThrowState,
        decision: Decision,
        version: int,
        *,
        ascii_mode: bool,
        clock: bool,
        told: Callable[[str], None] | None = None,
    ) -> asyncio.Future[Action | None]:
        """Push the dodge dialog for ``decision``'s seat, thrown at by the active player, with
        the key of table ``version`` and the option's window; the future gets its outcome
        (``clock`` ``False``: the countdown waits for ticks, for tests). ``told`` gets how the
        dodge went in words ("in time", "too late", "wrong key") before the outcome is
        played."""
        modal = dodge_modal(
            state.players[state.active],
            state.players[decision.seat],
            dodge_key(version),
            window_ms(state.options),
            ascii_mode=ascii_mode,
            clock=clock,
        )
        outcome: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()

        def done(result: Action | None) -> None:
            if told is not None and not outcome.done():
                told(modal.outcome_words(result))
            if not outcome.done():
                outcome.set_result(result)

        self.modal = modal
        app.push_screen(modal, done)
        return outcome
