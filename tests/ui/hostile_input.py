"""Helpers for the hostile-input tests of the app: key bursts, what is on the screen, a fresh
data folder per example. Hostile text and the fuzz budget are in ``tests/fuzz.py``."""

from __future__ import annotations

import os
import shutil
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
from rich.segment import Segment
from textual import events
from textual.app import App, _character_to_key, _get_unicode_name_from_key
from textual.keys import REPLACED_KEYS
from textual.pilot import Pilot

from gardens_tui.rules.safe_text import is_unsafe

# --- key bursts ---------------------------------------------------------------------------------


def key_event(key: str) -> events.Key:
    """The ``Key`` event a terminal's driver makes for ``key`` (as ``Pilot.press`` builds it)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def post_burst(app: App[Any], keys: Iterable[str]) -> None:
    """Queue every key for ``app`` at once, as a driver does with one read from the terminal:
    none is handled before the last is queued (``Pilot.press`` waits for the app to be idle
    after each key, which no terminal does)."""
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)


async def burst(pilot: Pilot[Any], *keys: str, rounds: int = 3) -> None:
    """Send ``keys`` in one burst, then let the app handle them and what they cause."""
    post_burst(pilot.app, keys)
    for _ in range(rounds):
        await pilot.pause()


FLOOD_KEYS: tuple[str, ...] = (
    *"abcdefghijklmnopqrstuvwxyz",
    *"0123456789",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "space",
    "ctrl+s",
    "question_mark",
    "backspace",
    "home",
    "end",
    "pageup",
    "pagedown",
)
"""The keys a key flood is made of."""


def key_bursts(max_bursts: int = 6, max_keys: int = 12) -> st.SearchStrategy[list[list[str]]]:
    """Several bursts of keys from :data:`FLOOD_KEYS`."""
    burst_keys = st.lists(st.sampled_from(FLOOD_KEYS), min_size=1, max_size=max_keys)
    return st.lists(burst_keys, min_size=1, max_size=max_bursts)


# --- what is on the screen ----------------------------------------------------------------------


def screen_lines(app: App[Any]) -> list[list[Segment]]:
    """The segments of every line of the screen as it would be written now (the active screen
    and what shows through under a modal)."""
    update: Any = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens
    )
    return [[segment for strip in line for segment in strip] for line in update.strips]


def screen_text(app: App[Any]) -> str:
    """The characters on the screen, line by line."""
    return "\n".join("".join(seg.text for seg in line) for line in screen_lines(app))


def unsafe_on_screen(app: App[Any]) -> list[str]:
    """Every character a terminal could act on that the screen would write as text (not as a
    style or cursor control of Textual's own): there must be none."""
    found = []
    for number, line in enumerate(screen_lines(app)):
        for segment in line:
            if segment.control:
                continue
            found.extend(f"line {number}: {ch!r}" for ch in segment.text if is_unsafe(ch))
    return found


def assert_app_healthy(app: App[Any]) -> None:
    """The app has not crashed: no exception was caught and it is still running."""
    assert app._exception is None, repr(app._exception)
    assert app.is_running
    assert app.return_code in (None, 0)
    assert app.screen_stack, "no screen"


# --- a data folder per example ------------------------------------------------------------------


@contextmanager
def fresh_home(name: str = "home") -> Iterator[Path]:
    """A new empty data folder (``$GARDENS_TUI_HOME``) for one hypothesis example, removed after.

    ``name`` is the folder's own name (it may be hostile: markup, escapes...).
    """
    old = os.environ.get("GARDENS_TUI_HOME")
    parent = Path(tempfile.mkdtemp(prefix="gardens-hostile-"))
    home = parent / name
    home.mkdir(parents=True)
    os.environ["GARDENS_TUI_HOME"] = str(home)
    try:
        yield home
    finally:
        if old is None:
            os.environ.pop("GARDENS_TUI_HOME", None)
        else:
            os.environ["GARDENS_TUI_HOME"] = old
        shutil.rmtree(parent, ignore_errors=True)


def static_text(widget: Any) -> str:
    """The plain text a ``Static`` draws (its content, not parsed again)."""
    return str(widget.render())


def notifications(app: App[Any]) -> list[Any]:
    """The app's notifications, oldest first."""
    return list(app._notifications)
