"""Save files: the snapshot envelope, validation, migration, atomic writes, autosaves, settings.

The toy game (tests/toy_game.py) stands in for a real game here: everything in the save module is
game-agnostic. Tests on real Octopus's Garden files live at the end and skip until its engine runs.
"""

from __future__ import annotations

import codecs
import contextlib
import copy
import dataclasses
import json
import os
import pwd
import shutil
import tempfile
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from fuzz import fuzz_settings, hostile_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toy_game import TOY

from gardens_tui import saves, storage
from gardens_tui.rules.registry import get_game
from gardens_tui.saves import SaveError
from gardens_tui.settings import (
    THEME_NAME,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from gardens_tui.table import Setup, Table, parse_players

pytestmark = pytest.mark.usefixtures("toy_registered")


def new_table(players: str = "Ann,Bob", seed: int = 1, moves: int = 0, **kw: Any) -> Table:
    """A toy table after ``moves`` decisions (always the first legal action)."""
    table = Table(Setup("toy", tuple(parse_players(players)), {}, seed), **kw)
    for _ in range(moves):
        table.apply(table.legal_actions()[0])
    return table


def finished_table(seed: int = 1) -> Table:
    """A toy table played to the end."""
    table = new_table(seed=seed)
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    return table


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def same_position(a: Table, b: Table) -> bool:
    return TOY.states_equal(a.state, b.state)


# --------------------------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------------------------


def test_save_and_load_round_trip_keeps_setup_history_and_position(tmp_path: Path) -> None:
    """A saved table loads with the same seats, options, seed, every state and every action."""
    table = new_table("Ann,Cleo=bot:greedy,bot:random", seed=42, moves=7)
    path = saves.save_table(table, tmp_path / "game.json")
    loaded = saves.load_table(path)
    assert loaded.setup.seats == table.setup.seats
    assert loaded.setup.seed == 42
    assert dict(loaded.setup.options) == {"snap": True}
    assert loaded.actions == table.actions
    assert len(loaded.states) == len(table.states)
    for a, b in zip(loaded.states, table.states, strict=True):
        assert TOY.states_equal(a, b)


def test_snapshot_envelope_has_the_documented_fields() -> None:
    """The envelope: format, version, app_version, game, rules_version, saved_at, setup, actions,
    state."""
    data = saves.snapshot(new_table(moves=2))
    assert list(data) == [
        "format",
        "version",
        "app_version",
        "game",
        "rules_version",
        "saved_at",
        "setup",
        "actions",
        "state",
    ]
    assert data["format"] == "gardens-tui/snapshot"
    assert data["version"] == saves.VERSION == 1
    assert data["game"] == "toy" and data["rules_version"] == TOY.spec.rules_version == 1
    assert data["setup"]["players"] == [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": None}]
    assert data["setup"]["seed"] == 1
    assert len(data["actions"]) == 2 and all(isinstance(a, str) for a in data["actions"])
    assert "T" in data["saved_at"] and data["saved_at"].endswith("+00:00")
    json.dumps(data, allow_nan=False)


def test_a_new_game_is_saved_with_an_empty_action_list() -> None:
    """A table at its setup's start stores ``actions: []`` and no ``start``."""
    data = saves.snapshot(new_table())
    assert data["actions"] == []
    assert "start" not in data


def test_saved_text_is_indented_json_that_people_can_edit(tmp_path: Path) -> None:
    """The file is UTF-8 JSON, one field per line at the top level."""
    path = saves.save_table(new_table(moves=1), tmp_path / "game.json")
    text = path.read_text(encoding="utf-8")
    assert text.startswith('{\n  "format": "gardens-tui/snapshot",\n')
    assert json.loads(text)["game"] == "toy"


def test_dumps_packs_long_lists_of_plain_values_and_round_trips() -> None:
    """``dumps`` output parses back to the same value, with lines no longer than the width."""
    data = {"a": list(range(200)), "b": [{"x": [1, 2]}, []], "c": {}, "d": "é"}
    text = storage.dumps(data, width=60)
    assert json.loads(text) == data
    assert max(len(line) for line in text.splitlines()) <= 60


# --------------------------------------------------------------------------------------------
# Hand-written positions (state only) and the start position
# --------------------------------------------------------------------------------------------


def state_only(table: Table) -> dict[str, Any]:
    data = saves.snapshot(table)
    del data["actions"], data["setup"]
    return data


def test_state_only_file_loads_as_the_only_state_with_nothing_to_undo(tmp_path: Path) -> None:
    """Rule: a file without ``actions`` is a hand-written position; undo history is empty."""
    table = new_table(moves=3)
    loaded = saves.load_table(write(tmp_path / "pos.json", state_only(table)))
    assert len(loaded.states) == 1 and loaded.actions == []
    assert same_position(loaded, table)
    assert [seat.name for seat in loaded.seats] == ["Ann", "Bob"]
    assert not any(seat.is_bot for seat in loaded.seats)
    assert not loaded.can_undo(0) and not loaded.can_undo(1)


def test_state_only_file_with_setup_keeps_its_bots(tmp_path: Path) -> None:
    """A state-only file may name bot seats in ``setup``; the names must match the position."""
    data = saves.snapshot(new_table("Ann,Bob=bot:greedy", moves=1))
    del data["actions"]
    loaded = saves.load_table(write(tmp_path / "pos.json", data))
    assert loaded.seats[1].bot == "greedy"


def test_state_only_file_whose_setup_names_differ_is_refused(tmp_path: Path) -> None:
    """``setup.players`` and ``state.players`` must agree."""
    data = saves.snapshot(new_table(moves=1))
    del data["actions"]
    data["setup"]["players"][1]["name"] = "Zed"
    with pytest.raises(SaveError, match=r"setup\.players: the names .* differ"):
        saves.load_table(write(tmp_path / "pos.json", data))


def test_state_only_file_whose_setup_options_differ_is_refused(tmp_path: Path) -> None:
    """``setup.options`` and ``state.options`` must agree."""
    data = saves.snapshot(new_table(moves=1))
    del data["actions"]
    data["setup"]["options"] = {"snap": False}
    with pytest.raises(SaveError, match=r"setup\.options"):
        saves.load_table(write(tmp_path / "pos.json", data))


def refusing_invariants(monkeypatch: pytest.MonkeyPatch, seen: list[int]) -> None:
    """Give the toy game invariants that note every position checked (its turn, in ``seen``)
    and refuse a position at turn 3 (``state.turn``)."""
    from gardens_tui.rules import fields as F

    def check(state: Any) -> None:
        seen.append(state.turn)
        if state.turn == 3:
            raise F.fail("state.turn", "no game of this kind reaches turn 3")

    monkeypatch.setattr(TOY, "check_invariants", check)


def test_a_hand_written_position_must_keep_the_games_invariants(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (saves, issue 28): the loader checks the game's invariants on a position without
    actions, and a broken one is refused naming the field; nothing else is checked for it."""
    seen: list[int] = []
    refusing_invariants(monkeypatch, seen)
    data = state_only(new_table(moves=2))
    data["state"]["turn"] = 3
    with pytest.raises(SaveError, match=r"^.*pos\.json: state\.turn: no game of this kind"):
        saves.load_table(write(tmp_path / "pos.json", data))
    data["state"]["turn"] = 2
    saves.load_table(write(tmp_path / "pos.json", data))
    assert seen == [3, 2]


def test_a_start_position_must_keep_the_games_invariants_but_replayed_ones_are_not_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (saves, issue 28): a file's ``start`` is a position written by hand (its invariants
    are checked, a refusal names ``start``); the positions its actions lead to are reachable by
    construction and are not checked again."""
    seen: list[int] = []
    table = saves.load_table(write(tmp_path / "pos.json", state_only(new_table(moves=1))))
    for _ in range(4):
        table.apply(table.legal_actions()[0])
    data = saves.snapshot(table)
    refusing_invariants(monkeypatch, seen)
    loaded = saves.table_from_snapshot(copy.deepcopy(data))
    assert len(loaded.states) == 5 and seen == [table.states[0].turn]
    data["start"]["turn"] = 3
    with pytest.raises(SaveError, match=r"^start: state\.turn: no game of this kind"):
        saves.table_from_snapshot(data)


def test_the_load_dialog_lists_a_position_that_breaks_an_invariant_as_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (saves, issue 28): the load dialog checks a hand-written position as loading does."""
    refusing_invariants(monkeypatch, [])
    data = state_only(new_table(moves=2))
    data["state"]["turn"] = 3
    info = saves.save_info(write(tmp_path / "pos.json", data))
    assert not info.ok and info.error is not None and "state.turn" in info.error


def test_a_players_view_is_not_a_position(tmp_path: Path) -> None:
    """A masked view (``hidden: true``) is refused: it is not a real position."""
    table = new_table(moves=1)
    data = state_only(table)
    data["state"] = TOY.to_dict(TOY.view(table.state, 0))
    with pytest.raises(SaveError, match="one player's view"):
        saves.load_table(write(tmp_path / "view.json", data))


def test_a_game_continued_from_a_hand_written_position_saves_its_start(tmp_path: Path) -> None:
    """Actions played after a hand-written position are kept, replayed from ``start``."""
    source = new_table(moves=2)
    table = saves.load_table(write(tmp_path / "pos.json", state_only(source)))
    table.apply(table.legal_actions()[0])
    data = saves.snapshot(table)
    assert "start" in data and len(data["actions"]) == 1
    reloaded = saves.load_table(saves.save_table(table, tmp_path / "cont.json"))
    assert len(reloaded.states) == 2
    assert TOY.states_equal(reloaded.states[0], source.state)
    assert same_position(reloaded, table)


def test_an_unplayed_hand_written_position_saves_as_state_only(tmp_path: Path) -> None:
    """With no actions and a position that is not the setup's start, only the state is stored."""
    table = saves.load_table(write(tmp_path / "pos.json", state_only(new_table(moves=2))))
    data = saves.snapshot(table)
    assert "actions" not in data and "start" not in data


def test_actions_without_state_replay_to_the_position(tmp_path: Path) -> None:
    """A file with ``setup`` and ``actions`` but no ``state`` is the replay's position."""
    table = new_table(moves=5)
    data = saves.snapshot(table)
    del data["state"]
    loaded = saves.load_table(write(tmp_path / "replay.json", data))
    assert same_position(loaded, table)


def test_actions_without_setup_are_refused(tmp_path: Path) -> None:
    """Actions are replayed from ``setup``, so it must be there."""
    data = saves.snapshot(new_table(moves=1))
    del data["setup"]
    with pytest.raises(SaveError, match="setup: missing"):
        saves.load_table(write(tmp_path / "f.json", data))


def test_a_file_with_no_position_is_refused(tmp_path: Path) -> None:
    """Neither ``actions`` nor ``state``: nothing to load."""
    data = saves.snapshot(new_table())
    del data["actions"], data["state"]
    with pytest.raises(SaveError, match="neither"):
        saves.load_table(write(tmp_path / "f.json", data))


# --------------------------------------------------------------------------------------------
# Replay and tampering
# --------------------------------------------------------------------------------------------


def test_tampered_state_is_refused_naming_the_first_differing_path(tmp_path: Path) -> None:
    """Rule: the stored state must be what the actions lead to; the message says where not."""
    data = saves.snapshot(new_table(moves=3))
    data["state"]["scored"][1].append(6)
    data["state"]["deck"].remove(6)
    path = write(tmp_path / "f.json", data)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        saves.load_table(path)
    message = str(info.value)
    assert "not what the actions lead to" in message
    assert "state.deck" in message
    assert path.read_bytes() == before


def test_tampered_value_reports_both_values(tmp_path: Path) -> None:
    """The difference names the path and both the replayed and the stored value."""
    data = saves.snapshot(new_table(moves=3))
    data["state"]["turn"] = 99
    with pytest.raises(SaveError, match=r"state\.turn: replaying the actions gives \d+, the file"):
        saves.load_table(write(tmp_path / "f.json", data))


def test_unreplayable_action_is_refused_with_its_index(tmp_path: Path) -> None:
    """An action that is illegal (or not notation) on replay names its position in the list."""
    data = saves.snapshot(new_table(moves=2))
    data["actions"].append("play 99")
    with pytest.raises(SaveError, match=r"actions\[2\] 'play 99' cannot be replayed"):
        saves.load_table(write(tmp_path / "f.json", data))
    data["actions"][-1] = "dance"
    with pytest.raises(SaveError, match=r"actions\[2\] 'dance'.*not an action"):
        saves.load_table(write(tmp_path / "g.json", data))


@pytest.mark.parametrize(
    ("expected", "actual", "where"),
    [
        ({"a": True}, {"a": 1}, "x.a"),
        ({"a": [1, 2]}, {"a": [1, 2, 3]}, "x.a: replaying the actions gives 2 items"),
        ({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}, "x.a[1].b"),
        ({"a": 1}, {}, "x.a: replaying the actions gives 1, the file has nothing"),
        ({}, {"z": 1}, "x.z: not part of this game's state"),
    ],
)
def test_first_difference_is_strict_about_types_and_names_the_path(
    expected: Any, actual: Any, where: str
) -> None:
    """``first_difference`` finds the first path that differs; ``true`` is not ``1``."""
    found = saves.first_difference(expected, actual, "x")
    assert found is not None and found.startswith(where)
    assert saves.first_difference(expected, copy.deepcopy(expected), "x") is None


# --------------------------------------------------------------------------------------------
# Versions and migrations
# --------------------------------------------------------------------------------------------


def test_newer_version_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    """Rule: a file from a newer gardens-tui is refused, saying so."""
    data = saves.snapshot(new_table())
    data["version"] = saves.VERSION + 1
    with pytest.raises(SaveError, match="made by a newer gardens-tui"):
        saves.load_table(write(tmp_path / "f.json", data))


def test_old_version_is_migrated_one_step_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Migrations run in order v1 -> v2 -> v3; the migrated envelope loads."""
    calls: list[int] = []

    def v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
        calls.append(data["version"])
        data["setup"] = data.pop("table_setup")  # a made-up rename in the fake version 2
        return data

    def v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
        calls.append(data["version"])
        assert "setup" in data
        return data

    table = new_table(moves=2)
    old = saves.snapshot(table)
    old["table_setup"] = old.pop("setup")
    monkeypatch.setattr(saves.envelope, "VERSION", 3)
    monkeypatch.setattr(saves.envelope, "MIGRATIONS", {1: v1_to_v2, 2: v2_to_v3})
    path = write(tmp_path / "old.json", old)
    loaded = saves.load_table(path)
    assert calls == [1, 2]
    assert same_position(loaded, table)
    assert json.loads(path.read_text())["version"] == 1, "a migrated file is not written back"
    assert saves.snapshot(loaded)["version"] == 3


def test_a_migration_that_meets_a_damaged_old_file_refuses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration failing on an odd old file gives a SaveError, not a crash."""

    def v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
        data["setup"] = data.pop("table_setup")
        return data

    monkeypatch.setattr(saves.envelope, "VERSION", 2)
    monkeypatch.setattr(saves.envelope, "MIGRATIONS", {1: v1_to_v2})
    path = write(tmp_path / "old.json", saves.snapshot(new_table()) | {"version": 1})
    with pytest.raises(SaveError, match="cannot upgrade this save-file version 1 file \\(KeyError"):
        saves.load_table(path)


def test_a_version_without_a_migration_is_refused(tmp_path: Path) -> None:
    """Version 0 has no migration: refused as unknown."""
    data = saves.snapshot(new_table())
    data["version"] = 0
    with pytest.raises(SaveError, match="version 0 is not a save-file version"):
        saves.load_table(write(tmp_path / "f.json", data))


@pytest.mark.parametrize("version", ["1", 1.0, True, None])
def test_a_version_that_is_not_a_whole_number_is_refused(tmp_path: Path, version: Any) -> None:
    """``version`` must be an integer."""
    data = saves.snapshot(new_table())
    data["version"] = version
    with pytest.raises(SaveError, match="version: expected a whole number"):
        saves.load_table(write(tmp_path / "f.json", data))


# --------------------------------------------------------------------------------------------
# Refusals: format, game, types, positions
# --------------------------------------------------------------------------------------------


def mutate(change: Any) -> dict[str, Any]:
    data = saves.snapshot(new_table(moves=2))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("format"), 'no "format" field'),
        (lambda d: d.update(format="other/thing"), "unknown format 'other/thing'"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(game=7), "game: expected a game id"),
        (lambda d: d.update(saved_at=5), "saved_at: expected a string"),
        (lambda d: d.update(setup=[]), "setup: expected an object"),
        (lambda d: d["setup"].pop("players"), r"setup\.players: missing"),
        (lambda d: d["setup"].update(players="Ann"), r"setup\.players: expected a list"),
        (lambda d: d["setup"]["players"].pop(), r"setup\.players: .*2-4 players, not 1"),
        (lambda d: d["setup"]["players"][0].update(name=3), r"players\[0\]\.name: expected a str"),
        (lambda d: d["setup"]["players"][1].update(name="ann"), "used twice"),
        (lambda d: d["setup"]["players"][1].update(bot="genius"), "unknown bot level 'genius'"),
        (lambda d: d["setup"].update(options={"fly": True}), r"setup\.options: .*no option 'fly'"),
        (lambda d: d["setup"].update(options={"snap": 1}), r"setup\.options: .*on/off"),
        (lambda d: d["setup"].update(seed="7"), r"setup\.seed: expected an integer"),
        (lambda d: d["setup"].update(seed=-1), r"setup\.seed: must be at least 0"),
        (lambda d: d["setup"].update(seed=2**64), r"setup\.seed: must be at most"),
        (lambda d: d.update(actions="play 1"), "actions: expected a list"),
        (lambda d: d["actions"].append(3), r"actions\[2\]: expected a string"),
        (lambda d: d.update(start=[]), r"start: .*expected an object"),
    ],
)
def test_wrong_fields_are_refused_with_a_message_naming_them(
    tmp_path: Path, change: Any, message: str
) -> None:
    """Wrong types and unknown values anywhere in the envelope: a clear refusal, no crash."""
    path = write(tmp_path / "f.json", mutate(change))
    before = path.read_bytes()
    with pytest.raises(SaveError, match=message):
        saves.load_table(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["deck"].append(6), "the cards do not add up"),
        (lambda s: s["hands"][0].append("x"), r"state\.hands\[0\]\[2\]: expected an integer"),
        (lambda s: s.update(active=5), r"state\.active: must be at most 1"),
        (lambda s: s.update(game="other"), r"state\.game: expected 'toy'"),
        (lambda s: s.pop("rng"), r"state\.rng: missing"),
        (lambda s: s.update(players=["Ann"]), r"state\.players: .*not 1"),
    ],
)
def test_impossible_positions_are_refused_by_the_games_own_checks(
    tmp_path: Path, change: Any, message: str
) -> None:
    """A hand-written position the game's ``from_dict`` refuses (component counts, ranges)."""
    data = state_only(new_table(moves=2))
    change(data["state"])
    with pytest.raises(SaveError, match=message):
        saves.load_table(write(tmp_path / "f.json", data))


def test_a_non_object_file_is_not_a_save(tmp_path: Path) -> None:
    """A JSON list, string or number is not a save file."""
    for i, value in enumerate([[1, 2], "save", 3]):
        with pytest.raises(SaveError, match="holds no JSON object"):
            saves.load_table(write(tmp_path / f"f{i}.json", value))


def test_refusal_messages_name_the_file(tmp_path: Path) -> None:
    """``str(SaveError)`` starts with the file; ``reason`` is the reason alone."""
    path = write(tmp_path / "named.json", {"format": "x"})
    with pytest.raises(SaveError) as info:
        saves.load_table(path)
    assert str(info.value).startswith(str(path) + ": ")
    assert info.value.path == path
    assert info.value.reason.startswith("unknown format")


# --------------------------------------------------------------------------------------------
# Refusals: the file itself, and hostile JSON
# --------------------------------------------------------------------------------------------


def test_truncated_file_is_refused_as_invalid_json(tmp_path: Path) -> None:
    """A half-written file: not valid JSON, with line and column."""
    path = saves.save_table(new_table(moves=2), tmp_path / "f.json")
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(SaveError, match=r"not valid JSON \(line \d+, column \d+"):
        saves.load_table(path)


def test_oversize_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    """Rule: files over 5 MB are refused."""
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(storage.MAX_BYTES + 1)
    with pytest.raises(SaveError, match="too large"):
        saves.load_table(path)


def test_missing_file_folder_and_fifo_are_refused(tmp_path: Path) -> None:
    """No such file, a folder, and a non-regular file each get their own message."""
    with pytest.raises(SaveError, match="no such file"):
        saves.load_table(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="is a folder"):
        saves.load_table(tmp_path)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load_table(fifo)


def test_a_file_the_system_will_not_open_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Permission denied when opening (as for any user, root included, here simulated)."""
    path = saves.save_table(new_table(), tmp_path / "f.json")

    real_open = os.open

    def denied(file: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(file) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(storage.os, "open", denied)
    with pytest.raises(SaveError, match="cannot read: Permission denied"):
        saves.load_table(path)


def refusal_as(uid: int, gid: int, path: Path) -> str:
    """Why ``load_table(path)`` refuses, worked out in a forked child running as ``uid`` and
    ``gid`` (nothing but the load runs there; ``OK`` if it did not refuse)."""
    codecs.lookup("utf-8-sig")  # imported here: the child may not read Python's own files
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            try:
                saves.load_table(path)
                answer = "OK"
            except SaveError as error:
                answer = str(error)
            except BaseException as error:  # reported to the test, which fails on it
                answer = f"unexpected: {error!r}"
            os.write(write_end, answer.encode("utf-8", "replace"))
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as answer_file:
        answer = answer_file.read().decode("utf-8")
    os.waitpid(pid, 0)
    return answer


@pytest.mark.skipif(os.name != "posix", reason="POSIX file permissions")
def test_unreadable_file_is_refused(tmp_path: Path) -> None:
    """A file without read permission: refused, not a crash. Root reads any file, so under
    root (as in CI) the load runs as the unprivileged user ``nobody`` (in a forked child), on
    a file that user owns."""
    if os.geteuid() != 0:
        path = saves.save_table(new_table(), tmp_path / "f.json")
        path.chmod(0)
        try:
            with pytest.raises(SaveError, match="cannot read"):
                saves.load_table(path)
        finally:
            path.chmod(0o644)
        return
    nobody = pwd.getpwnam("nobody")
    folder = Path(tempfile.mkdtemp(prefix="gardens-nobody-"))  # in /tmp, which anyone may enter
    try:
        path = saves.save_table(new_table(), folder / "f.json")
        for owned in (folder, path):
            os.chown(owned, nobody.pw_uid, nobody.pw_gid)
        assert refusal_as(nobody.pw_uid, nobody.pw_gid, path) == "OK"  # readable: it loads
        path.chmod(0)
        assert "cannot read" in refusal_as(nobody.pw_uid, nobody.pw_gid, path)
    finally:
        shutil.rmtree(folder)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than"),
        (b"[" * 70 + b"]" * 70, "nested more than 64"),
        (b'{"format": ' + b"1" * 5000 + b"}", "too large"),
        (b'{"a": NaN}', "NaN is not a number JSON allows"),
        (b'{"a": -Infinity}', "-Infinity is not a number"),
        (b'{"a": 1e999}', "out of range"),
        (b'{"a": 1, "a": 2}', "appears twice"),
        (b'{"a": 1,}', "not valid JSON"),
    ],
)
def test_hostile_json_is_refused_never_a_crash_or_hang(
    tmp_path: Path, raw: bytes, message: str
) -> None:
    """Deep nesting, huge numbers, NaN, duplicate keys, bad encodings: refused with a reason."""
    path = tmp_path / "evil.json"
    path.write_bytes(raw)
    with pytest.raises(SaveError, match=message):
        saves.load_table(path)
    assert path.read_bytes() == raw


def test_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    """Editors on some systems write a BOM; it is not an error."""
    path = saves.save_table(new_table(moves=1), tmp_path / "f.json")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert saves.load_table(path).actions


def test_deeply_nested_data_handed_in_directly_is_refused() -> None:
    """``table_from_snapshot`` on a Python object nested past the recursion limit: refused."""
    data = saves.snapshot(new_table())
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    data["state"]["hands"] = deep
    del data["actions"]
    with pytest.raises(SaveError):
        saves.table_from_snapshot(data)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=json_values)
def test_arbitrary_json_is_loaded_or_refused_never_a_crash(value: Any) -> None:
    """Any JSON value, as a whole file or in place of a field: a table or a SaveError."""
    base = saves.snapshot(new_table(moves=2))
    for key in ("format", "version", "game", "setup", "actions", "state", "start"):
        data = copy.deepcopy(base)
        data[key] = value
        with contextlib.suppress(SaveError):
            saves.table_from_snapshot(data)
    with pytest.raises(SaveError):
        saves.table_from_snapshot(value)


leaf_paths = st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(path=leaf_paths, value=json_values)
def test_any_field_of_a_state_replaced_is_loaded_or_refused(path: list[int], value: Any) -> None:
    """Replace one field deep inside a stored position: a table or a SaveError, never a crash."""
    data = state_only(new_table(moves=3))
    replace_somewhere(data["state"], path, value)
    with contextlib.suppress(SaveError):
        saves.table_from_snapshot(data)


def replace_somewhere(node: Any, path: list[int], value: Any) -> None:
    """Walk down ``node`` (a non-empty object) by the indices in ``path`` and replace one item."""
    for step in path[:-1]:
        children = list(node) if isinstance(node, dict) else node
        key = children[step % len(children)] if isinstance(node, dict) else step % len(node)
        if not isinstance(node[key], dict | list) or not node[key]:
            break
        node = node[key]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    node[keys[path[-1] % len(keys)]] = value


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def test_save_refuses_to_overwrite_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    """A typo never clobbers a document: only gardens-tui saves (or empty files) are replaced."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list")
    with pytest.raises(SaveError, match="not a gardens-tui save; not overwritten"):
        saves.save_table(new_table(), notes)
    assert notes.read_text() == "my shopping list"
    empty = tmp_path / "empty.json"
    empty.touch()
    assert saves.load_table(saves.save_table(new_table(), empty)).actions == []


def test_save_overwrites_its_own_files_even_damaged_ones(tmp_path: Path) -> None:
    """An older save, or a truncated one, of gardens-tui may be replaced."""
    path = saves.save_table(new_table(), tmp_path / "g.json")
    path.write_text(path.read_text()[:40])
    saves.save_table(new_table(moves=3), path)
    assert len(saves.load_table(path).actions) == 3


def test_save_overwrites_a_hand_written_save_whatever_its_key_order(tmp_path: Path) -> None:
    """A file people wrote by hand, with ``format`` not first, is still recognised as a save."""
    data = state_only(new_table(moves=1))
    path = write(tmp_path / "pos.json", {"state": data["state"], **data})
    assert not path.read_text().startswith('{"format"')
    saves.save_table(saves.load_table(path), path)
    assert path.read_text().startswith('{\n  "format"')


def test_save_into_a_missing_folder_or_onto_a_folder_is_refused(tmp_path: Path) -> None:
    """Saving does not create folders for a file the user named, nor write over a folder."""
    with pytest.raises(SaveError, match="the folder does not exist"):
        saves.save_table(new_table(), tmp_path / "no" / "such" / "g.json")
    with pytest.raises(SaveError, match="is a folder"):
        saves.save_table(new_table(), tmp_path)


def test_failed_write_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Atomic write: if the final rename fails, the old file is intact and no temp file stays."""
    path = saves.save_table(new_table(moves=1), tmp_path / "g.json")
    before = path.read_bytes()

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", broken_replace)
    with pytest.raises(SaveError, match="cannot write: No space left on device"):
        saves.save_table(new_table(moves=4), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_atomic_write_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    """Replacing a file does not change who may read it."""
    path = tmp_path / "f.txt"
    path.write_text("old")
    path.chmod(0o640)
    storage.atomic_write_text(path, "new")
    assert path.read_text() == "new"
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_position_that_does_not_read_back_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a damaged save never replaces a good one: a named save reads its whole file back
    before the rename."""
    table = new_table(moves=2)
    path = saves.save_table(table, tmp_path / "g.json")
    before = path.read_bytes()
    monkeypatch.setattr(type(TOY), "states_equal", lambda self, a, b: False)
    table.apply(table.legal_actions()[0])
    with pytest.raises(SaveError, match="does not read back the same"):
        saves.save_table(table, path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("broken", ["format", "parse"])
def test_an_autosave_whose_new_action_does_not_read_back_is_never_written(
    monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    """Rule: a damaged autosave never replaces a good one. An autosave checks what is new: the
    notation of each action played since the last autosave must read back to that action (the
    file replays); the autosave before stays as it was."""
    table = new_table(moves=2)
    path = saves.autosave(table).path
    before = path.read_bytes()
    if broken == "format":
        monkeypatch.setattr(type(TOY), "format_action", lambda self, action: "dance")
    else:
        monkeypatch.setattr(type(TOY), "parse_action", lambda self, state, text: ("play", 6))
    table.apply(table.legal_actions()[0])
    with pytest.raises(SaveError, match=r"actions\[2\] .* does not read back"):
        saves.autosave(table)
    assert path.read_bytes() == before


def test_an_autosave_of_a_hand_written_start_that_does_not_read_back_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game continued from a hand-written position stores that position: the first autosave
    of the table reads it back once."""
    table = saves.load_table(write(tmp_path / "pos.json", state_only(new_table(moves=2))))
    monkeypatch.setattr(type(TOY), "states_equal", lambda self, a, b: False)
    with pytest.raises(SaveError, match="does not read back the same"):
        saves.autosave(table)
    assert not saves.autosaves_dir().exists() or not list(saves.autosaves_dir().iterdir())


def test_a_position_the_game_cannot_read_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the game's own ``from_dict`` refuses what ``to_dict`` wrote, nothing is replaced."""
    path = saves.save_table(new_table(), tmp_path / "g.json")
    before = path.read_bytes()

    def refuse(self: Any, data: Any) -> Any:
        raise ValueError("state.deck: broken")

    monkeypatch.setattr(type(TOY), "from_dict", refuse)
    with pytest.raises(SaveError, match=r"state\.deck: broken"):
        saves.save_table(new_table(moves=1), path)
    assert path.read_bytes() == before


# --------------------------------------------------------------------------------------------
# Data folder, autosaves, listing
# --------------------------------------------------------------------------------------------


def test_data_dir_follows_the_environment(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``GARDENS_TUI_HOME`` wins; without it the platform's user data folder is used."""
    assert saves.data_dir() == private_home
    monkeypatch.delenv("GARDENS_TUI_HOME")
    assert saves.data_dir() == Path(platformdirs.user_data_dir("gardens-tui", appauthor=False))


def test_autosave_writes_one_file_per_game(private_home: Path) -> None:
    """The same game overwrites its own autosave; another game gets another file."""
    table = new_table(seed=1)
    first = saves.autosave(table).path
    assert first.parent == private_home / "autosaves"
    table.apply(table.legal_actions()[0])
    assert saves.autosave(table).path == first
    assert len(saves.load_table(first).actions) == 1
    other = saves.autosave(new_table(seed=2)).path
    assert other != first
    assert len(list((private_home / "autosaves").iterdir())) == 2


def restamp(path: Path, saved_at: str, mtime: int = 1_000_000) -> Path:
    """Rewrite the ``saved_at`` stored in the save at ``path`` (and set its file time)."""
    data = json.loads(path.read_text())
    data["saved_at"] = saved_at
    path.write_text(json.dumps(data))
    os.utime(path, (mtime, mtime))
    return path


def test_last_autosave_is_the_newest_game_in_progress(private_home: Path) -> None:
    """ "Continue" skips finished games and damaged files and picks the one saved last, by the
    time stored in the file (a copied or touched file keeps its place)."""
    assert saves.last_autosave() is None
    older = restamp(saves.autosave(new_table(seed=1)).path, "2026-01-01T10:00:00+00:00", 9)
    newer = restamp(saves.autosave(new_table(seed=2, moves=1)).path, "2026-01-02T10:00:00+00:00")
    restamp(saves.autosave(finished_table(seed=3)).path, "2026-01-03T10:00:00+00:00")
    broken = private_home / "autosaves" / "toy-broken.json"
    broken.write_text("{")
    os.utime(broken, (2_000_000, 2_000_000))
    assert saves.last_autosave() == newer
    assert list(saves.autosave_candidates()) == [newer, older, broken]  # continue names it if tried
    os.utime(older, (3_000_000, 3_000_000))  # touched, not saved: still older
    assert saves.last_autosave() == newer
    restamp(older, "2026-01-05T10:00:00+01:00", 9)
    assert saves.last_autosave() == older


def test_autosaves_beyond_the_limit_are_pruned_oldest_first(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the newest ``MAX_AUTOSAVES`` autosaves are kept."""
    monkeypatch.setattr(saves.autosaves, "MAX_AUTOSAVES", 2)
    restamp(saves.autosave(new_table(seed=1)).path, "2026-01-01T10:00:00+00:00", 3000)
    b = restamp(saves.autosave(new_table(seed=2)).path, "2026-01-02T10:00:00+00:00", 1000)
    c = saves.autosave(new_table(seed=3)).path
    assert sorted(p.name for p in (private_home / "autosaves").iterdir()) == sorted(
        [b.name, c.name]
    )


def test_list_saves_describes_each_file_and_why_a_bad_one_cannot_load(
    private_home: Path, tmp_path: Path
) -> None:
    """SaveInfo: game, title, players, turn, saved_at, over; an error string for bad files."""
    folder = tmp_path / "mine"
    folder.mkdir()
    good = saves.save_table(new_table("Ann,Bob,Cleo", moves=4), folder / "good.json")
    done = saves.save_table(finished_table(), folder / "done.json")
    bad = folder / "bad.json"
    bad.write_text('{"format": "gardens-tui/snapshot", "version": 9}')
    (folder / "notes.txt").write_text("not listed")
    (folder / ".hidden.json").write_text("{}")
    for age, path in enumerate([bad, done, good]):
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    infos = saves.list_saves(folder)
    assert [i.path for i in infos] == [bad, done, good]
    bad_info, done_info, good_info = infos
    assert not bad_info.ok and "newer gardens-tui" in (bad_info.error or "")
    assert done_info.ok and done_info.over
    assert good_info.game == "toy" and good_info.title == "Pearl Dive (test game)"
    assert good_info.players == ("Ann", "Bob", "Cleo")
    assert good_info.turn == saves.load_table(good).state.turn
    assert not good_info.over and good_info.error is None
    assert good_info.saved_at == json.loads(good.read_text())["saved_at"]
    assert not good_info.is_autosave


def test_list_saves_without_a_folder_lists_saves_and_autosaves(private_home: Path) -> None:
    """The default listing: ``data_dir()/saves`` and ``data_dir()/autosaves`` together."""
    assert saves.list_saves() == []
    auto = saves.autosave(new_table()).path
    saves.saves_dir().mkdir()
    mine = saves.save_table(new_table(seed=9), saves.saves_dir() / "mine.json")
    infos = {info.path: info for info in saves.list_saves()}
    assert set(infos) == {auto, mine}
    assert infos[auto].is_autosave and not infos[mine].is_autosave


# --------------------------------------------------------------------------------------------
# Settings
# --------------------------------------------------------------------------------------------


def test_settings_default_when_there_is_no_file() -> None:
    """No settings file: the defaults."""
    assert load_settings() == Settings()
    assert Settings().theme == "textual-dark" and Settings().bot_delay_ms == 150


def test_settings_round_trip(private_home: Path) -> None:
    """What is saved is what loads, in ``data_dir()/settings.json``."""
    mine = Settings(theme="nord", ascii_mode=True, bot_delay_ms=0, free_undo=True, curtain=False)
    save_settings(mine)
    assert settings_path() == private_home / "settings.json"
    assert load_settings() == mine


@pytest.mark.parametrize(
    "text", ["{", "[]", "null", '"x"', "\xff", "{" * 1000, '{"theme": NaN}', ""]
)
def test_a_broken_settings_file_gives_defaults(text: str) -> None:
    """A damaged settings file never stops the app."""
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(text, encoding="utf-8", errors="surrogateescape")
    assert load_settings() == Settings()


def test_settings_keep_good_values_and_drop_bad_ones() -> None:
    """Each wrong value falls back to its default alone; unknown keys are ignored."""
    data = {
        "theme": "gruvbox",
        "ascii_mode": "yes",
        "bot_delay_ms": 99_999,
        "free_undo": True,
        "curtain": 0,
        "from_the_future": 1,
    }
    loaded = Settings.from_dict(data)
    assert loaded == Settings(theme="gruvbox", free_undo=True)
    assert Settings.from_dict({"bot_delay_ms": True}).bot_delay_ms == 150
    assert Settings.from_dict({"theme": ""}).theme == "textual-dark"


@pytest.mark.parametrize(
    "theme", ["[x=1=2]", "[b]nord[/b]", "\x1b[31m", "nord\x1b]0;x\x07", "Nord", "a b", "x" * 65, 7]
)
def test_a_theme_name_with_markup_or_escapes_gives_the_default(theme: Any) -> None:
    """Rule: a damaged ``settings.json`` (a theme name with markup or escapes, wrong types) gives
    the default for the bad value; the good values are kept."""
    loaded = Settings.from_dict({"theme": theme, "ascii_mode": True})
    assert loaded == Settings(ascii_mode=True)


@fuzz_settings(150)
@given(
    data=st.dictionaries(
        st.sampled_from([f.name for f in dataclasses.fields(Settings)] + ["other"]),
        json_values | hostile_text(),
        max_size=8,
    )
)
def test_any_settings_file_gives_valid_settings(data: dict[str, Any]) -> None:
    """Whatever a settings file holds, every setting comes out valid: of its default's type,
    in range, a theme that is a plain theme name; nothing raises."""
    loaded = Settings.from_dict(data)
    for field in dataclasses.fields(Settings):
        value = getattr(loaded, field.name)
        assert type(value) is type(getattr(Settings(), field.name))
    assert THEME_NAME.fullmatch(loaded.theme)
    assert 0 <= loaded.bot_delay_ms <= 5000


def test_an_oversize_settings_file_gives_defaults() -> None:
    """The settings reader has its own small size limit."""
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"theme": "nord"}' + " " * 100_000)
    assert load_settings() == Settings()


# --------------------------------------------------------------------------------------------
# Real games (skipped until the engine runs)
# --------------------------------------------------------------------------------------------


def octopus_ready() -> bool:
    try:
        get_game("octopus-garden").new_game(["Ann", "Bob"], None, 1)
    except (NotImplementedError, ValueError):
        return False
    return True


needs_octopus = pytest.mark.skipif(not octopus_ready(), reason="Octopus's Garden not ready yet")


@needs_octopus
def test_octopus_garden_bot_game_saves_and_loads_at_every_turn(tmp_path: Path) -> None:
    """A whole bot game of Octopus's Garden round-trips through a save file as it goes."""
    from gardens_tui.bots import make_bot

    game = get_game("octopus-garden")
    table = Table(Setup("octopus-garden", tuple(parse_players("Ann,Bob,Cleo")), {}, 7))
    bot = make_bot("random", 7)
    path = tmp_path / "og.json"
    turn = 0
    while not table.state.is_over and len(table.actions) < 5000:
        table.apply(bot.choose(game, table.state))
        if table.state.turn != turn:
            turn = table.state.turn
            if turn % 5 == 0:
                saves.save_table(table, path)
                loaded = saves.load_table(path)
                assert game.states_equal(loaded.state, table.state)
    saves.save_table(table, path)
    assert game.states_equal(saves.load_table(path).state, table.state)


def octopus_table(*actions: str) -> Table:
    table = Table(Setup("octopus-garden", tuple(parse_players("Ann,Bob")), {}, 7))
    for text in actions:
        table.apply_text(text)
    return table


@needs_octopus
def test_octopus_garden_hand_written_position_loads_without_setup(tmp_path: Path) -> None:
    """A hand-written Octopus's Garden position (state only, no setup) is a table of humans."""
    table = octopus_table("buy row 3", "plant coral c3")
    data = saves.snapshot(table)
    del data["actions"], data["setup"]
    loaded = saves.load_table(write(tmp_path / "pos.json", data))
    assert [seat.spec() for seat in loaded.seats] == ["Ann", "Bob"]
    assert len(loaded.states) == 1
    assert get_game("octopus-garden").states_equal(loaded.state, table.state)


@needs_octopus
def test_octopus_garden_impossible_token_counts_are_refused(tmp_path: Path) -> None:
    """A position with more corals than the game has (20) is refused by the engine's checks."""
    data = saves.snapshot(octopus_table("buy row 3", "plant coral c3"))
    del data["actions"]
    data["state"]["gardens"][0][0] = ["coral"]
    with pytest.raises(SaveError, match=r"21 coral token.* the game has 20"):
        saves.load_table(write(tmp_path / "pos.json", data))


@needs_octopus
def test_octopus_garden_tampered_file_names_the_difference(tmp_path: Path) -> None:
    """Changing a saved Octopus's Garden game's pearls is caught on load, with the path."""
    data = saves.snapshot(octopus_table("buy row 3", "plant coral c3"))
    data["state"]["pearls"][0] += 5
    with pytest.raises(SaveError, match=r"state\.pearls\[0\]: replaying the actions gives"):
        saves.load_table(write(tmp_path / "f.json", data))


@needs_octopus
@settings(max_examples=100, deadline=None)
@given(path=leaf_paths, value=json_values)
def test_octopus_garden_state_with_any_field_replaced_is_loaded_or_refused(
    path: list[int], value: Any
) -> None:
    """Replace one field deep inside an Octopus's Garden position: a table or a SaveError."""
    data = saves.snapshot(octopus_table("buy row 3", "plant coral c3"))
    del data["actions"]
    replace_somewhere(data["state"], path, value)
    with contextlib.suppress(SaveError):
        saves.table_from_snapshot(data)
