"""Shared test set-up: a private data folder for every test, and the toy game.

``GARDENS_TUI_HOME`` points the save module (autosaves, settings) at a temporary folder so tests
never read or write the user's real files.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from toy_game import TOY

from gardens_tui.rules import registry


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty data folder."""
    home = tmp_path_factory.mktemp("gardens-home")
    monkeypatch.setenv("GARDENS_TUI_HOME", str(home))
    return home


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """Register the toy test game for the duration of one test."""
    registry.register(TOY)
    try:
        yield
    finally:
        registry.GAMES.pop(TOY.spec.id, None)
