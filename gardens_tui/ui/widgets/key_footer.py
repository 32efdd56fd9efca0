"""The footer of keys, rebuilt only when the keys it shows change.

Textual's :class:`~textual.widgets.Footer` throws away and rebuilds every key it shows each time
its screen says its bindings may have changed (``refresh_bindings``). A game screen says so
after every change at the table, since a move can bring a key ("p Pass", "e Scores") or take
one away, but mostly nothing changes. The rebuild is the costliest part of drawing a move: it
mounts a widget per key and styles them all, which for a player watching a busy table over SSH
was about half the work of each move they saw.

:class:`KeyFooter` is that footer, but it first compares what it would show (each key, its
label and description, whether it is enabled, its tooltip) with what it shows, and rebuilds
only if they differ. What is drawn is Textual's footer, unchanged. Its keys are there from the
screen's first frame (Textual's footer waits for the screen to announce its bindings, then
builds every key in a frame of its own).

Each key is also made in the footer's own style (compact or not): Textual makes every key
compact and then, once it is mounted, binds it to the footer's setting, which restyles each key
of a footer that is not compact (about a millisecond a key, a dozen keys on every rebuild and
on every session's first screen).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeyFooter"]


class KeyFooter(Footer):
    """Textual's footer that is recomposed only when the keys it shows changed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[Any, ...] | None = None
        # Textual's footer shows no key until its screen first says its bindings changed, and
        # then builds them all in a frame of their own; these are built with the screen.
        self.set_reactive(Footer._bindings_ready, True)

    def shown_keys(self) -> tuple[Any, ...]:
        """What the footer shows now, as a value to compare: every shown binding with its key,
        its label, its description, its group, whether it is enabled and its tooltip, and
        whether the command palette's key is offered."""
        bindings = self.screen.active_bindings
        keys = tuple(
            (
                binding.key,
                binding.action,
                self.app.get_key_display(binding),
                binding.description,
                binding.group,
                enabled,
                tooltip,
            )
            for (_, binding, enabled, tooltip) in bindings.values()
            if binding.show
        )
        palette = self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE
        return keys, palette

    def compose(self) -> ComposeResult:
        """Textual's keys, each bound to the footer's style made in it already (the command
        palette's key is not bound: Textual leaves it compact)."""
        compact = self.compact
        self._shown = self.shown_keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        """Rebuild the keys if what the footer would show differs from what it shows."""
        if not self.is_attached:
            return
        if self.shown_keys() == self._shown:
            return
        await super().recompose()  # compose() notes what it shows
