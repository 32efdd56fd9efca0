"""Shared test set-up: a private data folder for every test, the toy game, repeatable hypothesis.

``GARDENS_TUI_HOME`` points the save module (autosaves, settings) at a temporary folder so tests
never read or write the user's real files.
"""

from __future__ import annotations

import os
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


@pytest.hookimpl(optionalhook=True)  # (an xdist hook: without xdist, plain pytest still runs)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` starts two workers a core (up to four more than the cores).

    About a third of the suite's time is waiting, not computing: a Textual app under test
    waits for its next frame and its timers, an SSH or browser test for the other process. With
    one worker a core that time is lost; with two a core the other worker computes meanwhile
    (on two cores the UI tests took 217 s instead of 328 s, README "What CI costs")."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return cores + min(cores, 4)


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
