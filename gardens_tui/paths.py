"""Where gardens-tui keeps its files: the data folder and the folders inside it.

Shared by the save module (:mod:`gardens_tui.saves`) and the settings (:mod:`gardens_tui.settings`),
neither of which borrows from the other. Nothing here creates a folder: writers create what they
need (:func:`gardens_tui.storage.make_folder`).

Pure Python (standard library and ``platformdirs``).
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from pathlib import Path

import platformdirs

APP_NAME = "gardens-tui"
"""The folder name under the platform's user data folder."""

HOME_VARIABLE = "GARDENS_TUI_HOME"
"""The environment variable that, when set, is the data folder (tests and portable installs)."""

session_home: ContextVar[Path | None] = ContextVar("session_home", default=None)
"""The data folder of the code running in this context, over ``$GARDENS_TUI_HOME``: each of
the SSH server's sessions sharing one process sets its player's own (see
:mod:`gardens_tui.server.session.host`)."""


def data_dir() -> Path:
    """The folder for autosaves, saves and settings.

    :data:`session_home` when set in this context, else ``$GARDENS_TUI_HOME`` when set, else
    the platform's user data folder for ``gardens-tui`` (``~/.local/share/gardens-tui`` on
    Linux). Read anew on every call.
    """
    own = session_home.get()
    if own is not None:
        return own
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """The folder the app offers for saves a player names: ``data_dir()/saves``."""
    return data_dir() / "saves"


def autosaves_dir() -> Path:
    """The folder of automatic saves: ``data_dir()/autosaves``."""
    return data_dir() / "autosaves"


def settings_file() -> Path:
    """The settings file: ``data_dir()/settings.json``."""
    return data_dir() / "settings.json"


def server_dir(saves: str | Path | None = None) -> Path:
    """Where ``gardens serve ssh`` keeps its files: ``saves`` (its ``--saves``) when given,
    else ``data_dir()/server``."""
    return Path(saves) if saves else data_dir() / "server"
