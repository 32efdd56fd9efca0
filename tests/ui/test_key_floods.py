"""Key floods: whatever keys arrive, in whatever bursts, the app never raises and stays sane.

Hypothesis makes bursts of keys (letters, digits, Enter, Escape, Tab, arrows, space, ctrl+s,
``?``...) and sends each burst at once (as a terminal's driver does) to the main menu, to each
dialog and to an Octopus's Garden game against bots. After every burst the app has caught no
exception and is running (or has quit cleanly, ``q`` being a key like any other), and its screens
are sane: the menu at the bottom, at most one game right above it, no screen twice, no screen left
on the stack after it was dismissed, and nothing on screen a terminal would act on.
"""

from __future__ import annotations

import asyncio
import random

import hypothesis.strategies as st
from conftest import settle
from fuzz import fuzz_settings
from hostile_input import FLOOD_KEYS, fresh_home, key_bursts, post_burst, unsafe_on_screen
from hypothesis import given

from gardens_tui import saves
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.replay import ReplayMixin

SIZE = (100, 30)
STARTS = ("menu", "new game", "load", "settings", "help")
"""Where a flood starts: the menu, or a dialog opened from it."""


def octopus_table(seed: int = 4) -> Table:
    seats = (Seat("[b]Ann[/b]"), Seat("[x=1=2]", "greedy"), Seat("Cleo", "random"))
    return Table(Setup("octopus-garden", seats, {}, seed))


def write_saves() -> None:
    table = octopus_table(seed=9)
    table.apply(table.legal_actions()[0])
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    saves.save_table(table, folder / "[on red]game.json")
    (folder / "\x1b[31mbroken.json").write_text('{"format": "gardens-tui/snapshot", "version": ')


def assert_sane(app: GardensApp) -> None:
    """No exception; running or quit cleanly; a sane screen stack; nothing unsafe on screen."""
    assert app._exception is None, repr(app._exception)
    if not app.is_running:
        assert app.return_code in (None, 0)
        return
    stack = app.screen_stack
    assert isinstance(stack[0], MainMenu), stack
    kinds = [type(screen) for screen in stack]
    assert len(set(kinds)) == len(kinds), kinds  # no screen twice
    games = [
        i
        for i, screen in enumerate(stack)
        if isinstance(screen, GameScreen) and not isinstance(screen, ReplayMixin)
    ]
    assert games in ([], [1]), kinds  # at most one game, right above the menu
    replays = [i for i, screen in enumerate(stack) if isinstance(screen, ReplayMixin)]
    assert replays in ([], [len(stack) - 1]), kinds  # a replay (from the load list) on top
    assert not any(getattr(screen, "dismissed", False) for screen in stack), kinds
    assert unsafe_on_screen(app) == []


async def flood(app: GardensApp, start: str, bursts: list[list[str]]) -> None:
    app.seed_chooser = lambda: 11
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        opening = {"new game": "n", "load": "l", "settings": "s", "help": "question_mark"}
        if start in opening:
            await pilot.press(opening[start])
            await settle(pilot)
        for keys in bursts:
            if not app.is_running:
                break
            post_burst(app, keys)
            await settle(pilot)
            assert_sane(app)
    assert app._exception is None, repr(app._exception)
    assert app.return_code in (None, 0)


@fuzz_settings(4)
@given(start=st.sampled_from(STARTS), bursts=key_bursts())
def test_key_floods_on_the_menu_and_every_dialog_never_crash(
    start: str, bursts: list[list[str]]
) -> None:
    with fresh_home():
        write_saves()
        asyncio.run(flood(create_app(settings=Settings(bot_delay_ms=0)), start, bursts))


@fuzz_settings(3)
@given(bursts=key_bursts(max_bursts=8, max_keys=16))
def test_key_floods_on_an_octopus_garden_game_against_bots_never_crash(
    bursts: list[list[str]],
) -> None:
    with fresh_home():
        app = create_app(octopus_table(), settings=Settings(bot_delay_ms=0))
        asyncio.run(flood(app, "game", bursts))


def test_a_flood_of_two_thousand_keys_never_crashes() -> None:
    # Without q (the app would quit) and ? (the rules' Markdown takes most of the time; the
    # floods above send it).
    keys = [key for key in FLOOD_KEYS if key not in ("q", "question_mark")]
    keys = random.Random(2000).choices(keys, k=2000)
    bursts = [keys[i : i + 250] for i in range(0, len(keys), 250)]
    with fresh_home():
        write_saves()
        app = create_app(octopus_table(), settings=Settings(bot_delay_ms=0))
        asyncio.run(flood(app, "game", bursts))
