"""Every modal screen of the app is dismissed at most once, and only while it is on top.

Textual's ``dismiss`` pops whatever screen is on top: a second dismissal (a second Enter, a
second click, a message that arrives after the first) would close the game under a dialog, or
fail with ``ScreenStackError`` when only the menu is left. Keys arriving in one burst do exactly
that in a real terminal (Enter three times in the settings dialog's delay field crashed the app),
so here each screen's own way of closing is called twice, as two queued messages would.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest
from conftest import settle
from hostile_input import assert_app_healthy
from test_throw_octopus_issue26 import DIALOGS as THROW_OCTOPUS_DIALOGS
from textual.screen import ModalScreen, Screen

import gardens_tui.ui
from gardens_tui.bots.strong import SearchBudget
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.registry import GAMES
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.hint import HintScreen
from gardens_tui.ui.screens.load import LoadDialog
from gardens_tui.ui.screens.lobby_dialogs import (
    ChatDialog,
    CodeDialog,
    CreateTableDialog,
    InviteDialog,
    LineDialog,
    lobby_setup,
)
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.octopus_garden.legend import LegendScreen
from gardens_tui.ui.screens.review import ReviewScreen
from gardens_tui.ui.screens.save_dialog import SaveDialog
from gardens_tui.ui.screens.seabed.end import SeabedEndScreen
from gardens_tui.ui.screens.seabed.flag_list import FlagChoiceScreen
from gardens_tui.ui.screens.settings import SettingsScreen
from gardens_tui.ui.screens.tanuki.news import NewsScreen
from gardens_tui.ui.screens.throw_octopus.dodge import DodgeModal
from gardens_tui.ui.screens.throw_octopus.night import NightResultScreen
from gardens_tui.ui.screens.throw_octopus.solo_end import SoloEndScreen
from gardens_tui.ui.screens.timed_modal import TimedChoice, TimedModal

SIZE = (100, 30)
TINY = SearchBudget().with_iterations(4)
"""The review's searches here: a few iterations (the review is done when the test closes it)."""


def finished_table() -> Table:
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob", "greedy")), {}, 7))
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    return table


def running_table() -> Table:
    return Table(Setup("toy", (Seat("Ann"), Seat("Bob", "greedy")), {}, 7))


MODALS: dict[type, tuple[Callable[[GardensApp], Screen[Any]], str]] = {
    LoadDialog: (lambda app: LoadDialog(lambda: []), "cancel"),
    SettingsScreen: (lambda app: SettingsScreen(Settings(), list(app.available_themes)), "save"),
    NewGameDialog: (lambda app: NewGameDialog(seed_chooser=lambda: 1), "start"),
    EndScreen: (lambda app: EndScreen(finished_table()), "choose('board')"),
    CurtainScreen: (lambda app: CurtainScreen("[b]Bob[/b]"), "ready"),
    HelpScreen: (lambda app: HelpScreen([GAMES["toy"].spec]), "close"),
    ChoiceScreen: (lambda app: ChoiceScreen("[x=1=2]", ["a", "b"]), "pick(1)"),
    SaveDialog: (lambda app: SaveDialog(finished_table()), "cancel"),
    LegendScreen: (lambda app: LegendScreen(make_position()), "close"),
    TimedModal: (
        lambda app: TimedModal(
            "[b]Dodge[/b]", [TimedChoice("j", "Dodge", "dodge")], "pass", time_ms=1000, clock=False
        ),
        "choose(0)",
    ),
    CreateTableDialog: (lambda app: CreateTableDialog(lobby_setup("Ann")), "cancel"),
    HintScreen: (lambda app: HintScreen(["Hint for [b]Ann[/b]: x"]), "close"),
    LineDialog: (lambda app: CodeDialog(), "cancel"),
    CodeDialog: (lambda app: CodeDialog(), "cancel"),
    ChatDialog: (lambda app: ChatDialog(), "cancel"),
    InviteDialog: (
        lambda app: InviteDialog("K7QM", "[b]Toy[/b]", "http://x/invite/[b]t[/b]", 1800),
        "close",
    ),
    FlagChoiceScreen: (lambda app: FlagChoiceScreen("[b]Flag?[/b]", ["flag"]), "pass_step"),
    SeabedEndScreen: (lambda app: SeabedEndScreen(finished_table()), "choose('board')"),
    NewsScreen: (lambda app: NewsScreen(["[b]Bob[/b] placed t29"], "now"), "close"),
    ReviewScreen: (
        lambda app: ReviewScreen(finished_table(), 0, find=TINY, compare=TINY),
        "back",
    ),
}
"""How to open each modal screen, and the action its key runs to close it."""

for _cls in (DodgeModal, NightResultScreen, SoloEndScreen):
    _make, _action = THROW_OCTOPUS_DIALOGS[_cls.__name__]
    MODALS[_cls] = (lambda app, make=_make: make(), _action)


def app_modal_classes() -> set[type]:
    """Every modal screen class defined in gardens_tui.ui (all its modules imported)."""
    for module in pkgutil.walk_packages(gardens_tui.ui.__path__, "gardens_tui.ui."):
        if module.name != "gardens_tui.ui.screenshots":
            importlib.import_module(module.name)
    found: set[type] = set()
    todo: list[type] = [ModalScreen]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("gardens_tui.ui.") and sub is not AppModal:
                found.add(sub)
    return found


def test_every_modal_screen_of_the_app_is_an_app_modal_and_is_checked_here() -> None:
    modals = app_modal_classes()
    assert modals, "no modal screens found"
    assert {cls for cls in modals if not issubclass(cls, AppModal)} == set()
    assert modals <= set(MODALS), modals - set(MODALS)


@pytest.mark.parametrize("modal", list(MODALS), ids=lambda cls: cls.__name__)
async def test_closing_a_modal_twice_closes_it_once(toy_registered: None, modal: type) -> None:
    app = create_app(running_table(), settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.game_screen()
        assert isinstance(game, GameScreen)
        make, action = MODALS[modal]
        screen = make(app)
        results: list[Any] = []
        app.push_screen(screen, results.append)
        await settle(pilot)
        assert app.screen is screen
        # The action twice, as two queued keys would run it, then a stray dismissal.
        await app.run_action(action, screen)
        await app.run_action(action, screen)
        screen.dismiss(None)
        await settle(pilot)
        assert_app_healthy(app)
        assert app.screen is game  # the game under the dialog is still there
        assert len(results) == 1  # one result, from the first way of closing


async def test_a_dialog_under_another_screen_does_not_close_the_one_on_top(
    toy_registered: None,
) -> None:
    app = create_app(running_table(), settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = SettingsScreen(Settings(), list(app.available_themes))
        app.push_screen(dialog)
        await settle(pilot)
        help_screen = HelpScreen([GAMES["toy"].spec])
        app.push_screen(help_screen)
        await settle(pilot)
        dialog.action_save()  # a late message for the covered dialog
        await settle(pilot)
        assert_app_healthy(app)
        assert app.screen is help_screen
        assert app.screen_stack[-2] is dialog


async def test_a_game_left_twice_goes_back_to_the_menu_once(toy_registered: None) -> None:
    app = create_app(running_table(), settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.game_screen()
        assert game is not None
        game.action_leave()
        game.action_leave()
        await settle(pilot)
        assert_app_healthy(app)
        assert len(app.screen_stack) == 1


@pytest.mark.parametrize("modal", list(MODALS), ids=lambda cls: cls.__name__)
async def test_a_modal_closed_before_it_is_up_stays_open_and_works(
    toy_registered: None, modal: type
) -> None:
    app = create_app(running_table(), settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        make, action = MODALS[modal]
        screen = make(app)
        results: list[Any] = []
        app.push_screen(screen, results.append)
        # A key typed ahead: the screen is not composed yet.
        assert not await app.run_action(action, screen)
        screen.dismiss(None)
        await settle(pilot)
        assert_app_healthy(app)
        assert app.screen is screen and results == []
        await app.run_action(action, screen)  # once it is up, its key works
        await settle(pilot)
        assert_app_healthy(app)
        assert len(results) == 1 and app.screen is app.game_screen()
