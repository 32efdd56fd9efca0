"""Continue opens the newest autosave that loads: damaged ones are skipped with a notice naming
them (file names shown literally), and when none loads the notice says so; never a dead end."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
from conftest import settle
from fuzz import fuzz_settings, hostile_file_name
from hostile_input import assert_app_healthy, fresh_home, notifications, unsafe_on_screen
from hypothesis import example, given
from textual.widgets import OptionList

from gardens_tui import saves
from gardens_tui.rules.safe_text import printable
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.menu import MainMenu

SIZE = (100, 30)
DAMAGES = ("garbage actions", "changed state")
"""Damage the cheap checks of the listing do not see: only replaying the actions finds it."""


def autosaved(seed: int, moves: int, hour: int, damage: str | None = None, name: str = "") -> Path:
    """An autosave of a toy game (``moves`` decisions in) stored as saved at ``hour``:00,
    optionally damaged and renamed to ``name``.json."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, seed))
    for _ in range(moves):
        table.apply(table.legal_actions()[0])
    path = Path(saves.autosave(table))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["saved_at"] = f"2026-01-02T{hour:02d}:00:00+00:00"
    if damage == "garbage actions":
        data["actions"] = ["[x=1=2] \x1b[31m"] * max(1, moves)
    elif damage == "changed state":
        data["state"]["turn"] += 5
    path.write_text(json.dumps(data), encoding="utf-8")
    if name:
        path = path.rename(path.with_name(f"{name}.json"))
    return path


@dataclass
class Outcome:
    """What Continue did: the game opened (its notation), the screens, the notifications."""

    game: list[str] | None
    screens: list[type]
    notices: list[Any]

    @property
    def messages(self) -> str:
        return "\n".join(notice.message for notice in self.notices)


async def press_continue(app: GardensApp) -> Outcome:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        assert not menu.get_option("continue").disabled
        await pilot.press("c")
        await settle(pilot)
        assert_app_healthy(app)
        assert unsafe_on_screen(app) == []
        game = app.game_screen()
        return Outcome(
            game.table.notation() if game is not None else None,
            [type(screen) for screen in app.screen_stack],
            notifications(app),
        )


def run_continue() -> Outcome:
    app = create_app(settings=Settings(bot_delay_ms=0, curtain=False))
    return asyncio.run(press_continue(app))


def notation_of(path: Path) -> list[str]:
    return saves.load_table(path).notation()


def test_continue_skips_a_newest_autosave_that_cannot_be_replayed_and_names_it(
    toy_registered: None,
) -> None:
    with fresh_home():
        good = autosaved(seed=1, moves=2, hour=9)
        bad = autosaved(seed=2, moves=3, hour=10, damage="garbage actions", name="[x=1=2]\x1b[31m")
        outcome = run_continue()
        assert outcome.game is not None
        # The good game is open (a forced step of its may have played itself since).
        assert outcome.game[: len(notation_of(good))] == notation_of(good)
        notice = outcome.notices[-1]
        assert notice.markup is False and notice.severity == "warning"
        assert printable(bad.name) in notice.message
        assert "cannot be replayed" in notice.message or "action" in notice.message


def test_continue_says_so_when_no_autosave_loads(toy_registered: None) -> None:
    with fresh_home():
        first = autosaved(seed=1, moves=2, hour=9, damage="changed state")
        second = autosaved(seed=2, moves=1, hour=10, damage="garbage actions", name="[x][on red]")
        outcome = run_continue()
        assert outcome.game is None
        assert outcome.screens == [MainMenu]
        notice = outcome.notices[-1]
        assert notice.markup is False and notice.severity == "error"
        assert "No unfinished game could be opened" in notice.message
        assert printable(first.name) in notice.message
        assert printable(second.name) in notice.message


Autosave = tuple[str | None, str]
"""``(damage or None, file name or "")`` of one autosave."""


@fuzz_settings(3)
@given(
    autosaves=st.lists(
        st.tuples(st.sampled_from((None, *DAMAGES)), st.just("") | hostile_file_name()),
        min_size=1,
        max_size=4,
        unique_by=lambda entry: entry[1] or object(),
    )
)
@example(autosaves=[(None, ""), ("garbage actions", "[b]x[b]"), ("changed state", "\x1b]0;t\x07")])
def test_continue_opens_the_newest_autosave_that_loads(
    toy_registered: None, autosaves: list[Autosave]
) -> None:
    with fresh_home():
        paths = [
            autosaved(seed=index + 1, moves=1 + index % 3, hour=index, damage=damage, name=name)
            for index, (damage, name) in enumerate(autosaves)
        ]
        loadable = [path for path, (damage, _) in zip(paths, autosaves, strict=True) if not damage]
        skipped = [path for path, (damage, _) in zip(paths, autosaves, strict=True) if damage]
        outcome = run_continue()
        messages = outcome.messages
        if loadable:
            newest = loadable[-1]  # saved at the latest hour
            assert outcome.game is not None  # (then perhaps a forced step of its own)
            assert outcome.game[: len(notation_of(newest))] == notation_of(newest)
            newer_damaged = [path for path in skipped if paths.index(path) > paths.index(newest)]
            assert all(printable(path.name) in messages for path in newer_damaged)
        else:
            assert outcome.game is None
            assert all(printable(path.name) in messages for path in skipped)
        assert all(notice.markup is False for notice in outcome.notices)
