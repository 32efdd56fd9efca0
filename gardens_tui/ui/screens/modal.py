"""What every screen of the app relies on when keys come faster than screens open and close.

A terminal delivers a burst of keys (a held key, a paste, Enter pressed twice) in one read, and
Textual handles them before a screen pushed by the first key is up or one dismissed by it is gone.
Textual's ``Screen.dismiss`` pops whatever screen is on top, so a second dismissal closes the
screen *under* the dialog (a game in progress) or fails when only the menu is left, and a
result callback or a worker that finishes after its screen closed acts on a screen that is gone.

- :class:`AppModal` is the base of every modal screen of the app: its :meth:`AppModal.dismiss`
  acts once, and only while the screen is up (mounted) and the active one; other calls do
  nothing. Its keys do nothing before it is up or once it is dismissed: a key typed ahead of a
  dialog may reach the dialog before its widgets exist (a key bubbling up from the widget it
  was sent to arrives after a key that widget handled at once).
- :class:`DismissOnce` gives the other screens (the game screens) the same once-only dismissal.
- :func:`screen_is_live` is the check a callback or worker makes before it acts for a screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

from gardens_tui.ui.screens.steady_screen import SteadyScreen

ResultT = TypeVar("ResultT")


def screen_is_live(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is mounted and still on its app's screen stack (neither dismissed nor
    popped): the condition for a callback, timer or worker to act for it."""
    if not screen.is_attached:
        return False
    try:
        return screen in screen.app.screen_stack
    except Exception:  # no app, or no screen stack (the app is closing)
        return False


def _dismiss_once(
    screen: DismissOnce[Any] | AppModal[Any],
    result: Any,
    dismiss: Callable[[Any], AwaitComplete],
) -> AwaitComplete:
    if screen._dismissed or not screen.is_mounted or not screen.is_active:
        nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
        return nothing
    screen._dismissed = True
    return dismiss(result)


class DismissOnce(SteadyScreen[ResultT]):
    """A screen whose :meth:`dismiss` acts at most once, and only while it is up and the active
    screen.

    The game screens use it; modal screens use :class:`AppModal`. (One class each: Textual takes
    a screen's CSS type names from its first base only, so a mixin would lose ``ModalScreen``'s
    styles.) It is a :class:`~gardens_tui.ui.screens.steady_screen.SteadyScreen`: a change is
    drawn with its layout.
    """

    _dismissed = False

    @property
    def dismissed(self) -> bool:
        """:meth:`dismiss` has acted: the screen is closing or closed."""
        return self._dismissed

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Close with ``result`` (the push's callback gets it) if this screen is up, the active
        one and not dismissed yet; otherwise do nothing (a key or message that came too early
        or too late)."""
        return _dismiss_once(self, result, super().dismiss)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key of this screen acts before it is up or once it is dismissed."""
        return self.is_mounted and not self._dismissed


class AppModal(ModalScreen[ResultT]):
    """The base of the app's modal screens (dialogs, the curtain, help, the end screen, lists
    of choices): a :class:`ModalScreen` whose :meth:`dismiss` acts at most once, and only while
    it is the active screen (a second Enter in one burst, or a message that arrives after the
    dialog closed, does nothing)."""

    _dismissed = False

    @property
    def dismissed(self) -> bool:
        """:meth:`dismiss` has acted: the screen is closing or closed."""
        return self._dismissed

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Close with ``result`` (the push's callback gets it) if this screen is up, the active
        one and not dismissed yet; otherwise do nothing."""
        return _dismiss_once(self, result, super().dismiss)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key of this screen acts before it is up or once it is dismissed."""
        return self.is_mounted and not self._dismissed
