"""Shared test set-up: a private data folder for every test, the toy game, repeatable hypothesis.

``GARDENS_TUI_HOME`` points the save module (autosaves, settings) at a temporary folder so tests
never read or write the user's real files.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fuzz import fuzz_factor
from hypothesis import settings
from toy_game import TOY

from gardens_tui.rules import registry

# Every property test is the same on every run (no database, no random seed), unless a long fuzz
# run (GARDENS_FUZZ=N, see tests/fuzz.py) asks for fresh examples.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("fuzz", derandomize=False)
settings.load_profile("fuzz" if fuzz_factor() > 1 else "repeatable")


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
