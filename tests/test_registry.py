"""One place to plug a game in: the registry finds every rules package by itself.

Rules from issue 6 and README "Adding a game": a game is its package ``gardens_tui/rules/<pkg>/``
exporting a cheap ``SPEC`` and a lazily loaded ``GAME`` (and optionally ``migrations.py``), and
optionally a screen package ``gardens_tui/ui/screens/<pkg>/``. Nothing else is edited: ``gardens
games``, the new-game dialog, the screenshots and the conformance tests follow the registry.

The discovery tests drop a small game package (the toy game under another id) into a temporary
folder added to the packages' search paths, and use a fresh registry.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from toy_game import TOY

import gardens_tui.rules
import gardens_tui.ui.screens
from gardens_tui import cli
from gardens_tui.rules import registry
from gardens_tui.rules.base import GameSpec
from gardens_tui.rules.registry import GameDiscoveryError, GameRegistry, game_packages

ROOT = Path(__file__).resolve().parent.parent

GAME_PACKAGE = {
    "__init__.py": '''
        """Pearl Dive as a game package: the spec at once, the engine on first use."""
        from gardens_tui.rules.pearl_dive.spec import SPEC

        def __getattr__(name):
            if name == "GAME":
                from gardens_tui.rules.pearl_dive.game import GAME

                globals()["GAME"] = GAME
                return GAME
            raise AttributeError(name)
        ''',
    "spec.py": """
        import dataclasses
        from toy_game import TOY

        SPEC = dataclasses.replace(TOY.spec, id="pearl-dive", title="Pearl Dive", rules_version=2)
        """,
    "game.py": """
        from toy_game import ToyGame
        from gardens_tui.rules.pearl_dive.spec import SPEC

        class PearlDive(ToyGame):
            spec = SPEC

            def to_dict(self, state):
                return {**super().to_dict(state), "game": SPEC.id}

        GAME = PearlDive()
        """,
    "migrations.py": """
        def one_to_two(data):
            data["setup"]["options"]["snap"] = data["setup"]["options"].pop("snapping")
            data["state"]["options"]["snap"] = data["state"]["options"].pop("snapping")
            return data

        MIGRATIONS = {1: one_to_two}
        """,
}

SCREEN_PACKAGE = {
    "__init__.py": """
        from gardens_tui.ui.screens import register_screen
        from gardens_tui.ui.screens.text_game import TextGameScreen

        @register_screen("pearl-dive")
        class PearlDiveScreen(TextGameScreen):
            pass
        """,
}


def write_package(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text))


@pytest.fixture
def pearl_dive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameRegistry]:
    """A game package ``pearl_dive`` (id ``pearl-dive``, rules version 2 with a migration) and
    its screen package, found by a fresh registry that replaces :data:`registry.GAMES`."""
    write_package(tmp_path / "rules" / "pearl_dive", GAME_PACKAGE)
    write_package(tmp_path / "screens" / "pearl_dive", SCREEN_PACKAGE)
    rules_path = [*gardens_tui.rules.__path__, str(tmp_path / "rules")]
    screens_path = [*gardens_tui.ui.screens.__path__, str(tmp_path / "screens")]
    monkeypatch.setattr(gardens_tui.rules, "__path__", rules_path)
    monkeypatch.setattr(gardens_tui.ui.screens, "__path__", screens_path)
    fresh = GameRegistry()
    monkeypatch.setattr(registry, "GAMES", fresh)
    try:
        yield fresh
    finally:
        for name in [n for n in sys.modules if ".pearl_dive" in n]:
            del sys.modules[name]
        gardens_tui.ui.screens.GAME_SCREENS.pop("pearl-dive", None)


# --------------------------------------------------------------------------------------------
# The built-in games
# --------------------------------------------------------------------------------------------


def test_every_rules_subpackage_is_a_registered_game() -> None:
    """Rule: the games are exactly the subpackages of ``gardens_tui/rules/`` (in package-name
    order); nothing else lists them."""
    packages = game_packages()
    assert "octopus_garden" in packages
    builtin = [gid for gid in registry.GAMES if registry.game_package(gid) is not None]
    assert [registry.game_package(gid) for gid in builtin] == [
        f"gardens_tui.rules.{name}" for name in packages
    ]
    assert builtin[0] == "octopus-garden"


@pytest.mark.parametrize("name", game_packages())
def test_every_game_package_keeps_the_contract(name: str) -> None:
    """Each package exports ``SPEC`` (a GameSpec) and ``GAME`` (whose spec is ``SPEC``); its
    migrations, if any, cover every rules version below the current one."""
    package = sys.modules.get(f"gardens_tui.rules.{name}") or __import__(
        f"gardens_tui.rules.{name}", fromlist=["SPEC"]
    )
    spec = package.SPEC
    assert isinstance(spec, GameSpec)
    assert registry.get_spec(spec.id) == spec
    assert registry.get_game(spec.id) is package.GAME and package.GAME.spec == spec
    assert set(registry.game_migrations(spec.id)) == set(range(1, spec.rules_version))


def test_game_specs_follow_the_registry(toy_registered: None) -> None:
    """``game_specs()`` lists every game, built-ins first, then games registered by hand, and
    the spec a game object carries now (a test may change it)."""
    specs = registry.game_specs()
    assert list(specs) == list(registry.GAMES)
    assert list(specs)[-1] == "toy" and specs["toy"] is TOY.spec


def test_unknown_games_are_refused_naming_the_known_ones() -> None:
    """``get_game`` and ``get_spec`` say which games exist."""
    for lookup in (registry.get_game, registry.get_spec, registry.game_migrations):
        with pytest.raises(ValueError, match="unknown game 'chess'; the games are: octopus"):
            lookup("chess")
    assert registry.game_package("chess") is None


def test_an_id_cannot_be_taken_twice(toy_registered: None) -> None:
    """Registering another game under a registered id is refused; the same object again is
    fine."""
    assert registry.register(TOY) is TOY
    other = type(TOY)()
    with pytest.raises(ValueError, match="already registered"):
        registry.register(other)
    clash = type("Clash", (type(TOY),), {"spec": registry.get_spec("octopus-garden")})()
    with pytest.raises(ValueError, match="already registered"):
        registry.register(clash)


# --------------------------------------------------------------------------------------------
# A new game package is picked up without editing anything
# --------------------------------------------------------------------------------------------


def test_a_new_game_package_is_found_without_loading_its_engine(
    pearl_dive: GameRegistry,
) -> None:
    """Rule: a package dropped into the rules folder is a game: its spec is listed without
    importing its engine, which loads on first use; its migrations are found beside it."""
    assert list(pearl_dive)[:2] == ["octopus-garden", "pearl-dive"]  # then later packages
    assert pearl_dive.spec("pearl-dive").title == "Pearl Dive"
    assert "gardens_tui.rules.pearl_dive.game" not in sys.modules
    game = registry.get_game("pearl-dive")
    assert "gardens_tui.rules.pearl_dive.game" in sys.modules
    assert game.spec.id == "pearl-dive" and registry.get_game("pearl-dive") is game
    assert list(registry.game_migrations("pearl-dive")) == [1]


def test_a_new_game_package_is_on_the_command_line_and_has_its_screen(
    pearl_dive: GameRegistry, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens games`` lists it, ``new``/``apply``/``check`` play it, an old save of it is
    migrated by its own ``migrations.py``, and the app opens it on its own screen."""
    from gardens_tui.ui.screens import screen_for

    assert cli.main(["games"]) == 0
    assert "pearl-dive: Pearl Dive, 2-4 players" in capsys.readouterr().out
    path = tmp_path / "p.json"
    new = ["new", "pearl-dive", "--players", "Ann,Bob", "--seed", "3", "-o", str(path)]
    assert cli.main(new) == 0
    assert cli.main(["apply", str(path), "play 4"]) == 0
    assert cli.main(["check", str(path)]) == 0
    old = json.loads(path.read_text())
    old["rules_version"] = 1
    for part in (old["setup"], old["state"]):
        part["options"] = {"snapping": part["options"]["snap"]}
    path.write_text(json.dumps(old))
    capsys.readouterr()
    assert cli.main(["check", str(path)]) == 0, capsys.readouterr().err
    assert screen_for("pearl-dive").__name__ == "PearlDiveScreen"


def test_a_game_package_without_a_spec_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A subpackage of the rules that is not a game (no ``SPEC``) fails loudly, naming it."""
    write_package(tmp_path / "rules" / "not_a_game", {"__init__.py": "X = 1\n"})
    monkeypatch.setattr(
        gardens_tui.rules, "__path__", [*gardens_tui.rules.__path__, str(tmp_path / "rules")]
    )
    try:
        with pytest.raises(GameDiscoveryError, match=r"rules\.not_a_game .* exports no SPEC"):
            list(GameRegistry())
    finally:
        sys.modules.pop("gardens_tui.rules.not_a_game", None)


def test_a_game_whose_migrations_do_not_cover_its_versions_is_refused() -> None:
    """A game at rules version 3 needs steps from 1 and from 2."""
    spec = dataclasses.replace(TOY.spec, id="toy-three", rules_version=3)
    game: Any = type("Three", (type(TOY),), {"spec": spec})()
    fresh = GameRegistry()
    with pytest.raises(GameDiscoveryError, match=r"from 1 to 2 .* found \[1\]"):
        fresh.register(game, {1: lambda data: data})
    fresh.register(game, {1: lambda data: data, 2: lambda data: data})
    assert set(fresh.migrations("toy-three")) == {1, 2}
