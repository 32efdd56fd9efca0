"""Tanuki in the Garden saves across rules versions (issue 26).

Rules version 2 changed what some actions lead to (rock gardens, the second tanuki's own
roll, Pilfer Shiitake's choice), so a version 1 save must still load and replay exactly as it
was played: its migration (``gardens_tui.rules.tanuki.migrations``) marks its positions as
version 1 games, whose engine keeps the old behaviour, and writes the set-up's new game as the
file's ``start``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from gardens_tui import saves
from gardens_tui.rules.registry import game_migrations, get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki.migrations import to_version_2
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.saves import SaveError

GAME = get_game("tanuki-in-the-garden")
GOLDEN = Path(__file__).resolve().parent / "golden"
V1 = GOLDEN / "tanuki-in-the-garden-v1.json"
V2 = GOLDEN / "tanuki-in-the-garden-v2.json"


def v1_file(seed: int, options: dict[str, Any]) -> tuple[dict[str, Any], list[TanukiState]]:
    """A save file as rules version 1 wrote it: a game played under the version 1 rules by
    random legal actions, until both tanuki were put back on the board in one roll (where the
    versions differ) and a few actions more; and the states it went through."""
    players = ["Ann", "Bob", "Cleo"]
    state = GAME.new_game(players, options, seed)
    state.rules = 1
    states = [state]
    actions: list[str] = []
    rng = Rng(seed)
    after_double = -1
    while not state.is_over and len(actions) < 400:
        legal = GAME.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        before = state.tanuki[:]
        state = GAME.apply(state, action)
        actions.append(GAME.format_action(action))
        states.append(state)
        placed = sum("was placed on" in line for line in state.events)
        if after_double < 0 and before == [-1, -1] and placed == 2:
            after_double = len(actions)
        if after_double >= 0 and len(actions) >= after_double + 6:
            break
    assert after_double >= 0, "the game never placed both tanuki in one roll"
    final = GAME.to_dict(state)
    del final["rules"]  # version 1 did not write it
    data = {
        "format": "gardens-tui/snapshot",
        "version": 1,
        "app_version": "0.1.0",
        "game": GAME.spec.id,
        "rules_version": 1,
        "saved_at": "2025-06-01T12:00:00+00:00",
        "setup": {
            "players": [{"name": name, "bot": None} for name in players],
            "options": GAME.spec.normalise_options(options),
            "seed": seed,
        },
        "actions": actions,
        "state": final,
    }
    return json.loads(json.dumps(data)), states


def test_the_rules_version_is_3_with_a_migration_step_from_each_older_one() -> None:
    """Saves: issue 26 raised the rules version to 2, the once-a-turn ashi-magari discard to 3,
    each with a step from the version before."""
    assert GAME.spec.rules_version == 3
    assert set(game_migrations(GAME.spec.id)) == {1, 2}


def test_the_version_1_golden_game_loads_and_replays_by_its_own_rules() -> None:
    """Saves: the version 1 golden file (written before issue 26) loads, replays to its stored
    state under the version 1 rules, and nothing is written by loading."""
    before = V1.read_bytes()
    table = saves.load_table(V1)
    assert V1.read_bytes() == before
    assert table.state.is_over
    assert all(state.rules == 1 for state in table.states)


def test_without_the_migration_the_version_1_golden_game_does_not_replay() -> None:
    """The rules changed: the same actions played by the version 2 rules go elsewhere, so the
    file replays only because of its migration."""
    data = json.loads(V1.read_text())
    data["rules_version"] = 2  # claims to be migrated, is not
    with pytest.raises(SaveError, match=r"cannot be replayed|not what the actions lead to"):
        saves.table_from_snapshot(data)


@pytest.mark.parametrize("options", [{}, {"garden-master": True}])
def test_a_version_1_save_with_both_tanuki_placed_in_one_roll_replays_as_played(
    options: dict[str, Any],
) -> None:
    """Saves: a version 1 game in which both tanuki were put back by one roll (the same square,
    everyone -2) replays to that very position, and goes on under the version 1 rules."""
    data, states = v1_file(4, options)
    table = saves.table_from_snapshot(data)
    assert len(table.states) == len(states)
    for replayed, played in zip(table.states, states, strict=True):
        assert GAME.states_equal(replayed, played)
    assert table.state.rules == 1
    as_version_2 = copy.deepcopy(data)
    as_version_2["rules_version"] = 2
    with pytest.raises(SaveError):
        saves.table_from_snapshot(as_version_2)


def test_a_migrated_save_is_written_at_the_current_version_and_loads_again(
    tmp_path: Path,
) -> None:
    """Saves: a migrated version 1 game is written at rules version 3 on its next save, with
    its start position (a version 1 new game) and ``"rules": 1`` in its state, and that file
    loads to the same game."""
    data, _ = v1_file(5, {"garden-master": True})
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    table = saves.load_table(path)
    saves.save_table(table, path)
    written = json.loads(path.read_text())
    assert written["rules_version"] == 3
    assert written["start"]["rules"] == 1 and written["state"]["rules"] == 1
    again = saves.load_table(path)
    assert again.notation() == table.notation()
    assert GAME.states_equal(again.state, table.state)


def test_the_migration_marks_positions_and_adds_the_start() -> None:
    """The step from version 1: ``state`` and ``start`` get ``"rules": 1``; a file replayed
    from its setup gets the setup's new game as ``start``; a position without actions only its
    mark; a setup it cannot build a game from is left for the loader to refuse."""
    data, _ = v1_file(7, {})
    migrated = to_version_2(copy.deepcopy(data))
    assert migrated["state"]["rules"] == 1
    start = GAME.from_dict(migrated["start"])
    fresh = GAME.new_game(["Ann", "Bob", "Cleo"], {}, 7)
    assert start.rules == 1
    fresh.rules = 1
    assert GAME.states_equal(start, fresh)
    position = {"state": copy.deepcopy(data["state"])}
    assert to_version_2(position) == {"state": {**data["state"], "rules": 1}}
    broken = copy.deepcopy(data)
    broken["setup"]["players"] = "nobody"
    assert "start" not in to_version_2(broken)
    with pytest.raises(SaveError, match=r"setup\.players"):
        saves.table_from_snapshot(broken)


def test_the_version_2_golden_game_plays_by_the_new_rules() -> None:
    """Saves: the version 2 golden file replays under rules version 2 and uses Tanuki Bait's
    notation (blue tanuki's square first)."""
    table = saves.load_table(V2)
    assert table.state.is_over and table.state.rules == 2
    assert any(text.startswith("play bait") for text in table.notation())


def test_a_hand_written_position_without_a_version_plays_by_the_current_rules() -> None:
    """Save format: a position written by hand without ``rules`` is a current game."""
    data = GAME.to_dict(GAME.new_game(["Ann", "Bob"], {}, 1))
    del data["rules"]
    assert GAME.from_dict(data).rules == GAME.spec.rules_version
    data["rules"] = GAME.spec.rules_version + 1
    with pytest.raises(ValueError, match=r"state\.rules"):
        GAME.from_dict(data)
