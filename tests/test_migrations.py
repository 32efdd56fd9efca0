"""Saves that survive new versions: golden files of every game, and per-game migrations.

Rules from issue 6 ("Saves that survive new games") and the README's Saves section:

- game ids, bot level names and the notation already written in files are frozen: every golden
  file in ``tests/golden/`` loads, replays to its stored state and writes its actions back the
  same; every game has a golden file of its current rules version;
- the envelope carries each game's ``rules_version`` beside the envelope ``version``; a file
  without it is version 1; the game's own migrations run one version at a time on load; a
  newer rules version than this gardens-tui knows is refused with the reason; a migrated file
  is written back only when it is next saved.

The migration tests use a made-up version 2 of the toy game, registered for the test only.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from toy_game import TOY, ToyGame, ToyState

from gardens_tui import saves
from gardens_tui.rules import registry
from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.registry import GameDiscoveryError, Migration
from gardens_tui.saves import SaveError
from gardens_tui.saves.replay import LOG_FIELDS
from gardens_tui.table import Seat, Setup, Table

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

from make_golden import golden_path  # noqa: E402

GOLDEN_FILES = sorted(GOLDEN.glob("*.json"))


# --------------------------------------------------------------------------------------------
# Golden files
# --------------------------------------------------------------------------------------------


def without_log(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` without its log lines (see :data:`gardens_tui.saves.replay.LOG_FIELDS`)."""
    return {key: value for key, value in state.items() if key not in LOG_FIELDS}


def test_there_are_golden_files() -> None:
    """The folder is not empty (a wrong path would make the tests below vacuous)."""
    assert GOLDEN_FILES, GOLDEN


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.name)
def test_every_golden_file_loads_and_replays(path: Path) -> None:
    """Rule: a golden file loads (its game id and bot levels are known, its options valid),
    its actions replay to the stored state, and this gardens-tui writes the same notation and
    the same state back: what was written once still means the same."""
    before = path.read_bytes()
    data = json.loads(before)
    table = saves.load_table(path)
    assert path.read_bytes() == before, "loading never writes"
    assert table.actions and len(table.actions) == len(data["actions"])
    game = table.game
    if data.get("rules_version", 1) == game.spec.rules_version:
        again = saves.snapshot(table)
        assert again["actions"] == data["actions"]
        # The log's wording may improve between versions; the position may not change.
        assert without_log(again["state"]) == without_log(data["state"])
        # Options added since the file was written come back at their defaults, which play
        # the game as it was played; nothing else of the setup changes.
        written, stored = again["setup"], data["setup"]
        added = {k: v for k, v in written["options"].items() if k not in stored["options"]}
        assert all(v == game.spec.option(k).default for k, v in added.items())
        assert written == {**stored, "options": {**stored["options"], **added}}
    assert {seat.bot for seat in table.seats} >= {None, "greedy"}


def test_every_game_has_a_golden_file_of_its_rules_version() -> None:
    """Rule: every registered game has ``tests/golden/<id>-v<rules version>.json`` (made with
    ``python tests/golden/make_golden.py GAME``)."""
    for game_id, spec in registry.game_specs().items():
        assert golden_path(game_id, spec.rules_version).exists(), (
            f"no golden file for {game_id} rules version {spec.rules_version}: run "
            f"python tests/golden/make_golden.py {game_id}"
        )


def test_the_octopus_garden_golden_game_uses_every_module_and_ends() -> None:
    """The Octopus's Garden golden file covers the modules' notation: all eight are on, three
    seats play to the end."""
    path = golden_path("octopus-garden", 1)
    data = json.loads(path.read_text())
    assert all(data["setup"]["options"].values()) and len(data["setup"]["options"]) == 8
    assert saves.load_table(path).state.is_over
    verbs = {action.split()[0] for action in data["actions"]}
    assert {"buy", "plant", "move", "refill", "treasure", "mimic", "coconut", "claim"} <= verbs


def test_the_gardens_golden_game_uses_landmark_abilities_and_ends() -> None:
    """The Gardens golden file covers the landmarks' notation (Fort Denison's reservations and
    the State Library's return, with every card ability side up) and a random advanced tile;
    three seats play the 8 rounds to the end."""
    path = golden_path("the-gardens", 1)
    data = json.loads(path.read_text())
    options = data["setup"]["options"]
    assert options["landmarks"] and options["landmark-side"] == "abilities"
    assert options["tree-tile"] == "random" and data["state"]["tiles"]["tree"] != "basic"
    assert saves.load_table(path).state.is_over
    verbs = {action.split()[0] for action in data["actions"]}
    assert {"take", "reserve", "skip", "return"} <= verbs


def test_tanuki_golden_game_uses_garden_master_cards_and_ends() -> None:
    """The Tanuki in the Garden golden file covers the notation of tiles, edges, the tanuki's
    direction, ashi-magari discards and Garden Master cards (buying, playing, the Repellant and
    Best Offense windows); three seats play to the end."""
    path = golden_path("tanuki-in-the-garden", 1)
    data = json.loads(path.read_text())
    assert data["setup"]["options"]["garden-master"]
    assert saves.load_table(path).state.is_over
    verbs = {action.split()[0] for action in data["actions"]}
    assert {"edge", "roll", "steer", "place", "enter", "discard", "buy", "play", "let"} <= verbs
    assert {"allow", "end", "pass"} <= verbs


def test_throw_octopus_golden_game_night_uses_the_cards_and_ends() -> None:
    """The Throw Octopus! golden file is a whole Game Night (three games in one save) whose
    notation covers plays with signed places, draws, passes, throws and their rolled dodges,
    Magic Touch moves, gifts and Tide Swaps; three seats play to the end."""
    path = golden_path("throw-octopus", 1)
    data = json.loads(path.read_text())
    assert data["setup"]["options"]["game-night"]
    table = saves.load_table(path)
    assert table.state.is_over and len(table.state.results) == 3
    verbs = {action.split()[0] for action in data["actions"]}
    assert {"play", "draw", "pass", "throw", "roll", "touch", "give", "swap", "keep"} <= verbs
    assert any("at -" in action for action in data["actions"])


def test_seabed_golden_game_negotiates_by_propose_and_veto_and_ends() -> None:
    """The Seabed Neighbours golden file plays propose and veto (proposals, accepts, vetoes,
    picks), flags, palaces and passes; three seats play until the regular tiles run out."""
    path = golden_path("seabed-neighbours", 1)
    data = json.loads(path.read_text())
    assert data["setup"]["options"]["negotiation"] == "propose-and-veto"
    assert saves.load_table(path).state.is_over
    verbs = {action.split()[0] for action in data["actions"]}
    assert {"propose", "accept", "veto", "choose", "flag", "palace", "pass"} <= verbs


# --------------------------------------------------------------------------------------------
# A made-up version 2 of the toy game
# --------------------------------------------------------------------------------------------


class ToyV2(ToyGame):
    """The toy game at rules version 2: ``play 4`` is written ``lay 4`` from now on (and the
    old spelling is no longer read), so version 1 files need a migration."""

    spec = dataclasses.replace(TOY.spec, rules_version=2)

    def format_action(self, action: Action) -> str:
        if action[0] == "play":
            return f"lay {action[1]}"
        return super().format_action(action)

    def parse_action(self, state: ToyState, text: str) -> Action:
        words = text.split()
        if words[:1] == ["play"]:
            raise IllegalAction("'play' is written 'lay' since rules version 2")
        if words[:1] == ["lay"]:
            return super().parse_action(state, " ".join(["play", *words[1:]]))
        return super().parse_action(state, text)


def play_to_lay(data: dict[str, Any]) -> dict[str, Any]:
    """The toy's migration from rules version 1 to 2: rename the ``play`` actions."""
    data["actions"] = [
        "lay" + text.removeprefix("play") if text.startswith("play ") else text
        for text in data["actions"]
    ]
    return data


@pytest.fixture
def v1_file(tmp_path: Path) -> Path:
    """A toy game saved by the version 1 rules (the registered toy game), seed 3, 4 actions."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob", "greedy")), {}, 3))
    for _ in range(4):
        table.apply(table.legal_actions()[0])
    path = saves.save_table(table, tmp_path / "v1.json")
    assert json.loads(path.read_text())["rules_version"] == 1
    return path


def use_game(game: ToyGame, migrations: dict[int, Migration] | None = None) -> None:
    """Register ``game`` as the toy game in place of whatever holds the id now."""
    registry.GAMES.pop("toy", None)
    registry.register(game, migrations)


@pytest.fixture
def toy_v2() -> Iterator[ToyV2]:
    """The toy game's rules version 2 registered (with its migration) instead of version 1."""
    game = ToyV2()
    use_game(game, {1: play_to_lay})
    try:
        yield game
    finally:
        registry.GAMES.pop("toy", None)


@pytest.mark.usefixtures("toy_registered")
def test_a_version_1_file_is_migrated_on_load_and_written_only_when_saved(
    v1_file: Path, toy_v2: ToyV2
) -> None:
    """Rule: a rules version 1 file of a game now at version 2 is migrated when it is loaded
    (its ``play`` actions read as ``lay``), the file itself is unchanged until the game is next
    saved, and then it is written at version 2."""
    before = v1_file.read_bytes()
    table = saves.load_table(v1_file)
    assert v1_file.read_bytes() == before
    assert table.notation()[0].startswith("lay ")
    assert saves.snapshot(table)["rules_version"] == 2
    saves.save_table(table, v1_file)
    saved = json.loads(v1_file.read_text())
    assert saved["rules_version"] == 2 and saved["actions"] == table.notation()
    assert saves.load_table(v1_file).notation() == table.notation()


@pytest.mark.usefixtures("toy_registered")
def test_a_file_without_a_rules_version_is_version_1(v1_file: Path, toy_v2: ToyV2) -> None:
    """Rule: files written before ``rules_version`` existed are rules version 1."""
    data = json.loads(v1_file.read_text())
    del data["rules_version"]
    v1_file.write_text(json.dumps(data))
    assert saves.load_table(v1_file).notation()[0].startswith("lay ")


@pytest.mark.usefixtures("toy_registered")
def test_without_its_migration_the_old_file_does_not_replay(v1_file: Path) -> None:
    """The migration is what makes the old file load: with version 2 rules and no step from 1
    the game cannot even be registered, and a version 2 file read as version 1 fails to
    replay (``play`` is no longer notation)."""
    with pytest.raises(GameDiscoveryError, match="one function for each rules version"):
        use_game(ToyV2())
    use_game(ToyV2(), {1: play_to_lay})
    data = json.loads(v1_file.read_text())
    data["rules_version"] = 2  # claims to be migrated, is not
    v1_file.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"actions\[0\] 'play .' cannot be replayed"):
        saves.load_table(v1_file)
    registry.GAMES.pop("toy", None)


@pytest.mark.usefixtures("toy_registered")
def test_migrations_run_one_version_at_a_time(v1_file: Path) -> None:
    """Rule: a version 1 file of a game at version 3 goes 1 -> 2 -> 3, each step seeing the
    file its predecessor made, with ``rules_version`` following."""
    seen: list[int] = []

    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["rules_version"])
        return play_to_lay(data)

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["rules_version"])
        assert all(not text.startswith("play ") for text in data["actions"])
        return data

    class ToyV3(ToyV2):
        spec = dataclasses.replace(TOY.spec, rules_version=3)

    use_game(ToyV3(), {1: one_to_two, 2: two_to_three})
    try:
        table = saves.load_table(v1_file)
    finally:
        registry.GAMES.pop("toy", None)
    assert seen == [1, 2]
    assert table.notation()[0].startswith("lay ")


@pytest.mark.usefixtures("toy_registered")
def test_a_newer_rules_version_is_refused_with_the_reason(v1_file: Path) -> None:
    """Rule: a file whose rules version is newer than this gardens-tui knows is refused,
    naming the game and both versions; nothing is changed."""
    data = json.loads(v1_file.read_text())
    data["rules_version"] = 2
    v1_file.write_text(json.dumps(data))
    before = v1_file.read_bytes()
    with pytest.raises(SaveError) as info:
        saves.load_table(v1_file)
    assert info.value.reason == (
        "made by a newer gardens-tui (Pearl Dive (test game) rules version 2; this gardens-tui "
        "knows up to version 1): update gardens-tui to open it"
    )
    assert v1_file.read_bytes() == before
    listed = saves.save_info(v1_file)
    assert not listed.ok and "rules version 2" in (listed.error or "")


@pytest.mark.usefixtures("toy_registered")
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("2", "rules_version: expected a whole number"),
        (True, "rules_version: expected a whole number"),
        (1.0, "rules_version: expected a whole number"),
        (0, "rules_version 0 is not a version of Pearl Dive"),
        (-3, "rules_version -3 is not a version of Pearl Dive"),
    ],
)
def test_a_rules_version_that_is_not_a_version_is_refused(
    v1_file: Path, value: Any, message: str
) -> None:
    """``rules_version`` is a whole number from 1."""
    data = json.loads(v1_file.read_text())
    data["rules_version"] = value
    v1_file.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message):
        saves.load_table(v1_file)


@pytest.mark.usefixtures("toy_registered")
def test_a_migration_meeting_a_damaged_old_file_refuses_it(v1_file: Path) -> None:
    """A game's migration that fails on an odd old file gives a SaveError naming the step,
    never a crash; the caller's data is not changed by a migration."""
    data = json.loads(v1_file.read_text())
    data["actions"] = None  # not a list: the step fails on it
    use_game(ToyV2(), {1: play_to_lay})
    try:
        original = copy.deepcopy(data)
        with pytest.raises(SaveError, match=r"cannot upgrade this rules version 1 file"):
            saves.table_from_snapshot(data)
        assert data == original
        good = json.loads(v1_file.read_text())
        kept = copy.deepcopy(good)
        saves.table_from_snapshot(good)
        assert good == kept, "migrating works on a copy"
    finally:
        registry.GAMES.pop("toy", None)
