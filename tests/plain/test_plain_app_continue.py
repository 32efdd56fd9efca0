"""The plain mode and the app share their autosaves: each continues a game the other left.

Rules (gardens_tui/plain/local.py, module docstring): the plain mode autosaves as the app does,
so the app's Continue picks a plain game up where it was quitted, and a game the app autosaved
opens with ``gardens continue --plain`` at its position (and goes on in the same autosave).
"""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest
from plain_driving import new_table, play_piped
from textual.pilot import Pilot
from textual.widgets import OptionList

from gardens_tui import cli, saves
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app

SIZE = (100, 30)


async def settle(pilot: Pilot[Any], rounds: int = 200) -> None:
    """Let the app's workers (bots, autosave) finish: pause until a round starts none."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        running = [worker for worker in app.workers if not worker.is_finished]
        if not running:
            await pilot.pause()
            if not [worker for worker in app.workers if not worker.is_finished]:
                return
            continue
        await app.workers.wait_for_complete(running)
    raise AssertionError("the app did not settle")


async def test_the_apps_continue_opens_a_game_the_plain_mode_autosaved() -> None:
    """A plain game quitted after two decisions: the app's menu offers Continue, and it opens
    that game at that position (its notation), to go on in the app."""
    table = new_table("octopus-garden", "You,bot:greedy", seed=3)
    play_piped(table, ["1", "1", "quit"])
    app = create_app(settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        assert not menu.get_option("continue").disabled
        await pilot.press("c")
        await settle(pilot)
        game = app.game_screen()
        assert game is not None
        assert game.table.notation()[:2] == table.notation()
        assert game.table.game.to_dict(game.table.states[2]) == table.game.to_dict(table.state)


async def test_a_game_the_app_autosaved_opens_with_gardens_continue_plain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two decisions played in the app, then Escape (the app autosaves): ``gardens continue
    --plain`` opens it at that position ("Continuing a game of"), the next "1" plays on from
    there, and quit autosaves into the same file."""
    table = new_table("octopus-garden", "You,bot:greedy", seed=3)
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert screen is not None
        for _ in range(2):
            assert screen.play(table.legal_actions()[0])
            await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
    path = saves.last_autosave()
    assert path is not None
    in_app = saves.load_table(path).notation()
    assert in_app == table.notation() and len(in_app) == 2
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\nquit\n")))
    assert cli.main(["continue", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Continuing a game of Octopus's Garden: You, Greedy bot 2")
    assert "Turn 1, Your turn." in out
    assert list(saves.autosaves_dir().iterdir()) == [path]
    continued = saves.load_table(path).notation()
    assert continued[:2] == in_app and len(continued) == 3
