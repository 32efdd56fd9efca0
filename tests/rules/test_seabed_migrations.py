"""Seabed Neighbours' rules version 2 (issue 27: one flag-step entry per feature) and the
migration that keeps version 1 saves replaying as they were played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gardens_tui import saves
from gardens_tui.rules.registry import game_migrations, get_game
from gardens_tui.rules.seabed.migrations import to_version_2
from gardens_tui.saves import SaveError

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
V1 = GOLDEN / "seabed-neighbours-v1.json"
V2 = GOLDEN / "seabed-neighbours-v2.json"


def test_rules_version_3_with_a_migration_from_each_older_one() -> None:
    """Rules versions: Seabed Neighbours is at version 3 (the whirlpool first), with a step
    from version 1 and one from version 2."""
    game = get_game("seabed-neighbours")
    assert game.spec.rules_version == 3
    assert set(game_migrations("seabed-neighbours")) == {1, 2}


def test_a_version_1_save_replays_under_version_1_rules() -> None:
    """Migration: the version 1 golden game (a palace on a streak whose system version 2 lists
    once, on the field) loads, replays to its stored state under version 1 rules, and the
    file is not written."""
    before = V1.read_bytes()
    table = saves.load_table(V1)
    assert V1.read_bytes() == before
    assert table.state.is_over
    assert all(state.rules == 1 for state in table.states)
    assert "palace 4,3 streak-n" in table.notation()


def test_without_the_migration_the_version_1_save_does_not_replay() -> None:
    """Migration: read as a version 2 file, the version 1 game stops at the palace version 2
    lists under another segment, and says which entry it is."""
    data = json.loads(V1.read_text())
    data["rules_version"] = 2  # claims to be migrated, is not
    with pytest.raises(SaveError, match="listed once, as palace 4,3 field"):
        saves.table_from_snapshot(data)


def test_a_migrated_game_saved_again_keeps_playing_by_version_1(tmp_path: Path) -> None:
    """Migration: saving a migrated game writes the current rules version with a version 1
    start, which loads again to the same game."""
    table = saves.load_table(V1)
    path = saves.save_table(table, tmp_path / "again.json")
    data = json.loads(path.read_text())
    assert data["rules_version"] == 3 and data["start"]["rules"] == 1
    assert data["state"]["rules"] == 1
    again = saves.load_table(path)
    assert again.notation() == table.notation()


def test_the_migration_leaves_a_broken_setup_for_the_loader() -> None:
    """Migration: a setup no game can be made from gets no start (the loader refuses it)."""
    data = {"actions": ["pass"], "setup": {"players": "nobody"}, "state": {}}
    out = to_version_2(data)
    assert "start" not in out and out["state"] == {"rules": 1}


def test_the_version_2_golden_game_plays_by_version_2() -> None:
    """Rules versions: the version 2 golden game (written before the whirlpool came first) is
    played under version 2 from its setup; new games are version 3 games."""
    table = saves.load_table(V2)
    assert table.state.is_over and all(state.rules == 2 for state in table.states)
    assert get_game("seabed-neighbours").new_game(["A", "B", "C"], None, 1).rules == 3
