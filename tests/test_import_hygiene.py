"""Boundaries: the pure layers never load the UI.

Each check runs in a fresh interpreter and looks at ``sys.modules`` afterwards: importing the
rules, bots, table, saves, settings and paths modules loads neither ``textual`` nor ``rich``, the
command line's rule-check commands load no ``textual`` (nor ``rich``, which they import only for a
terminal's Markdown and progress bar), and listing the games loads no game's engine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

REPORT = textwrap.dedent(
    """
    import sys
    loaded = sorted({name.split(".")[0] for name in sys.modules} & {"textual", "rich"})
    print("LOADED=" + ",".join(loaded))
    """
)


def run_fresh(code: str, tmp_path: Path) -> str:
    """Run ``code`` (dedented) in a fresh interpreter with a private data folder; its stdout.
    Fails the test if it fails."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(TESTS)])}
    env["GARDENS_TUI_HOME"] = str(tmp_path / "home")
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def loaded_ui_packages(code: str, tmp_path: Path) -> list[str]:
    """Run ``code`` in a fresh interpreter; which of textual and rich it left in sys.modules."""
    stdout = run_fresh(textwrap.dedent(code) + REPORT, tmp_path)
    line = next(x for x in stdout.splitlines() if x.startswith("LOADED="))
    return [name for name in line.removeprefix("LOADED=").split(",") if name]


@pytest.mark.parametrize(
    "module",
    [
        "gardens_tui.rules",
        "gardens_tui.bots",
        "gardens_tui.table",
        "gardens_tui.saves",
        "gardens_tui.settings",
        "gardens_tui.paths",
        "gardens_tui.seats",
        "gardens_tui.cli",
        "gardens_tui.server.lobby.owner",
        "gardens_tui.server.lobby.client",
        "gardens_tui.server.ssh.front",
    ],
)
def test_pure_modules_load_neither_textual_nor_rich(module: str, tmp_path: Path) -> None:
    """Rule: rules, bots, table, saves, settings, paths and seats never import the UI libraries
    (nor does the command line until it opens the app)."""
    assert loaded_ui_packages(f"import {module}", tmp_path) == []


def test_every_registered_game_loads_neither_textual_nor_rich(tmp_path: Path) -> None:
    """Rule: the rules package, every game in it included, stays pure."""
    code = """
    from gardens_tui.rules.registry import GAMES
    import importlib
    for game in GAMES.values():
        importlib.import_module(type(game).__module__)
    """
    assert loaded_ui_packages(code, tmp_path) == []


def test_rule_check_commands_load_no_textual(tmp_path: Path) -> None:
    """Rule: games, rules, new, show, moves, apply, score, check and simulate never import
    Textual; printed to a pipe they need no Rich either."""
    code = """
    from toy_game import TOY
    from gardens_tui.rules import registry
    registry.register(TOY)
    from gardens_tui.cli import main

    def ok(*argv):
        assert main(list(argv)) == 0, argv

    ok("games")
    ok("games", "--json")
    ok("rules", "toy")
    ok("rules", "octopus-garden")
    ok("new", "toy", "--players", "Ann,Bob", "--seed", "3", "-o", "g.json")
    ok("show", "g.json")
    ok("moves", "g.json", "--json")
    ok("apply", "g.json", "play 4")
    ok("score", "g.json")
    ok("check", "g.json")
    ok("simulate", "toy", "-n", "2")
    ok("simulate", "toy", "-n", "2", "--json")
    assert main(["apply", "g.json", "fly"]) == 2
    """
    assert loaded_ui_packages(code, tmp_path) == []


def test_the_main_menu_loads_no_game_engine(tmp_path: Path) -> None:
    """The menu imports only what it shows: the app module, the settings and the save module
    (which read the autosave folder and show text through ``rules.safe_text``) load no game's
    engine, so the first frame comes sooner; games load when a game is opened."""
    code = """
    import sys
    import gardens_tui.ui.app
    engines = sorted(name for name in sys.modules if name.startswith("gardens_tui.rules."))
    assert engines == ["gardens_tui.rules.safe_text"], engines
    """
    run_fresh(code, tmp_path)


def test_listing_the_games_loads_no_engine(tmp_path: Path) -> None:
    """Rule (issue 6): the registry lists the games from their cheap packages: importing a game
    package creates no ``GAME``, and the specs, ``gardens games`` (text and JSON) import no
    module of any game beyond what its package imported; asking for a game object loads its
    engine then. (Every game package, so a new one too.)"""
    code = """
    import importlib
    import sys
    from gardens_tui.rules.registry import game_packages, game_specs, get_game

    names = ["gardens_tui.rules." + name for name in game_packages()]
    packages = [importlib.import_module(name) for name in names]
    assert not [p.__name__ for p in packages if "GAME" in vars(p)], "GAME made at import"

    def game_modules():
        return {m for m in sys.modules for n in names if m == n or m.startswith(n + ".")}

    before = game_modules()
    from gardens_tui.cli import main

    assert main(["games"]) == 0 and main(["games", "--json"]) == 0 and game_specs()
    assert game_modules() == before, sorted(game_modules() - before)
    assert "gardens_tui.rules.octopus_garden.engine" not in before
    for spec in game_specs().values():
        get_game(spec.id)
    assert all("GAME" in vars(p) for p in packages)
    assert "gardens_tui.rules.octopus_garden.engine" in sys.modules
    """
    run_fresh(code, tmp_path)
