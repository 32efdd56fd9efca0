"""Save files: the JSON snapshot envelope, loading by replay, named saves and autosaves.

One envelope serves every game (:mod:`.envelope` describes it)::

    {"format": "gardens-tui/snapshot", "version": 1, "app_version": "0.1.0",
     "game": "octopus-garden", "rules_version": 1, "saved_at": "2025-01-31T20:15:00+00:00",
     "setup": {...}, "actions": ["buy row 2", ...], "state": {...}}

The modules, each depending only on those above it:

- :mod:`.envelope`: the fields, the envelope's and each game's versions and migrations,
  :func:`snapshot`, recognising our files, reading ``setup`` and positions;
- :mod:`.replay`: :func:`table_from_snapshot` (replay the actions, compare the stored state),
  :func:`first_difference`;
- :mod:`.files`: named saves, :func:`read_save` / :func:`write_save` (checked to read back whole);
- :mod:`.listing`: :class:`SaveInfo` for the load dialog, :func:`list_saves`;
- :mod:`.autosaves`: :func:`autosave` (never over progress it does not hold, at a flat cost per
  turn), pruning and "continue" (:func:`autosave_candidates`).

Reading files safely, locks and atomic writes are :mod:`gardens_tui.storage`'s; the folders are
:mod:`gardens_tui.paths`'s (re-exported here). Every refusal is a :class:`SaveError` whose
message a person understands; nothing here crashes on hostile input and nothing changes a file
while reading it.

Pure Python (standard library and ``platformdirs``): it never imports the UI, and importing it
imports no game's engine (the main menu reads the autosave folder through it).
"""

from __future__ import annotations

from gardens_tui.paths import autosaves_dir, data_dir, saves_dir
from gardens_tui.saves.autosaves import (
    MAX_AUTOSAVES,
    MAX_BRANCHES,
    autosave,
    autosave_candidates,
    autosave_path,
    last_autosave,
    stored_time,
)
from gardens_tui.saves.envelope import (
    FORMAT,
    MAX_ACTIONS,
    MIGRATIONS,
    VERSION,
    Migration,
    is_our_file,
    setup_to_dict,
    snapshot,
    starts_from_setup,
)
from gardens_tui.saves.files import load_table, read_save, save_table, write_save
from gardens_tui.saves.listing import SaveInfo, list_saves, save_info
from gardens_tui.saves.replay import first_difference, table_from_snapshot
from gardens_tui.storage import FileChangedError, FileVersion, SaveError, dumps

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_AUTOSAVES",
    "MAX_BRANCHES",
    "MIGRATIONS",
    "VERSION",
    "FileChangedError",
    "FileVersion",
    "Migration",
    "SaveError",
    "SaveInfo",
    "autosave",
    "autosave_candidates",
    "autosave_path",
    "autosaves_dir",
    "data_dir",
    "dumps",
    "first_difference",
    "is_our_file",
    "last_autosave",
    "list_saves",
    "load_table",
    "read_save",
    "save_info",
    "save_table",
    "saves_dir",
    "setup_to_dict",
    "snapshot",
    "starts_from_setup",
    "stored_time",
    "table_from_snapshot",
    "write_save",
]
