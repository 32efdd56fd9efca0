"""The player's preferences, kept in ``data_dir()/settings.json`` (:mod:`gardens_tui.paths`).

Pure Python: the UI reads a :class:`Settings` at start-up and writes it back when the settings
screen changes something. A missing, damaged or hand-edited file never stops the app: every value
that is missing or wrong (of the wrong type, out of range, a theme name holding markup or escape
sequences) falls back to its default, and unknown keys are ignored (a newer gardens-tui may have
written them). A theme name that is well formed but unknown to this Textual is kept in the file
and the default theme is shown.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gardens_tui.paths import settings_file
from gardens_tui.storage import SaveError, atomic_write_text, dumps, read_json_file

MAX_SETTINGS_BYTES = 64 * 1024
"""The largest settings file read; a real one is a few hundred bytes."""

BOT_DELAY_RANGE = (0, 5000)
"""Accepted ``bot_delay_ms`` values, in milliseconds."""

THEME_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")
"""What a theme name looks like (``textual-dark``, ``catppuccin-mocha``): anything else in the
file (markup, escape sequences, a sentence) is not a theme and gives the default."""


@dataclass(slots=True)
class Settings:
    """The player's preferences. Every field has a default, and its type is the default's type."""

    theme: str = "textual-dark"
    """The Textual theme by name."""
    ascii_mode: bool = False
    """Draw boards with ASCII only, for terminals without good Unicode."""
    bot_delay_ms: int = 150
    """How long a bot pauses before each step that is a real choice (0-5000 ms): at 150 a
    whole bot turn of Octopus's Garden takes about a second, and each step can be seen."""
    free_undo: bool = False
    """With only humans at the table, allow undo past your own turn and chance."""
    curtain: bool = True
    """Between two human seats, show a "pass to ..." curtain so hands stay hidden."""
    show_legal: bool = True
    """Highlight the legal targets of the pending decision on the board."""
    autosave: bool = True
    """Autosave after every turn."""

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from a JSON object: each valid value is taken, every other field defaults.

        Never raises: a value of the wrong type or out of range is ignored, as are unknown keys.
        """
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in dataclasses.fields(cls):
            if f.name in data and _valid(f.name, getattr(settings, f.name), data[f.name]):
                setattr(settings, f.name, data[f.name])
        return settings

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON object, in field order."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


def _valid(name: str, default: Any, value: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if name == "bot_delay_ms":
            return BOT_DELAY_RANGE[0] <= value <= BOT_DELAY_RANGE[1]
        return True
    if name == "theme":
        return isinstance(value, str) and THEME_NAME.fullmatch(value) is not None
    return False


def settings_path() -> Path:
    """Where the settings live: ``data_dir()/settings.json``."""
    return settings_file()


def load_settings() -> Settings:
    """The saved settings, or the defaults when there is no file or it cannot be read."""
    try:
        data = read_json_file(settings_path(), MAX_SETTINGS_BYTES)
    except SaveError:
        return Settings()
    return Settings.from_dict(data)


def save_settings(settings: Settings) -> None:
    """Write ``settings`` atomically, creating the data folder if needed.

    Raises :class:`~gardens_tui.storage.SaveError` when the file cannot be written (the old file,
    if any, is then unchanged).
    """
    atomic_write_text(settings_path(), dumps(settings.to_dict()), make_parents=True)
