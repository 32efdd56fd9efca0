"""Tanuki in the Garden screen, issue 26: previews that tell the outcome, and what happened
since your last turn, at 80x24.

- Laying a tile: the info line under the garden says, before Enter, where every walk ends and
  each seat's net shiitake (and who must discard), worked out by the rules' ``preview_lay`` on
  the deciding seat's view (never the table's full state), once per position and action; at
  80x24 it takes two lines.
- Steering a tanuki: each direction listed says what it does (``preview_steer`` through the
  rules' description).
- A person's turn that starts after bots played opens "Since your last turn" with the log lines
  since their last decision; any key closes it (and does nothing else), ``o`` shows it again.

Bots play with no delay and the tests await Textual (``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

from conftest import settle
from rich.console import Console
from rich.text import Text
from test_tanuki_screen import app_for, new_table, position_table, start_on_edge, tk_screen
from textual.pilot import Pilot
from textual.widgets import Static

from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine as E
from gardens_tui.rules.tanuki.components import tile_name
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.tanuki import screen as screen_module
from gardens_tui.ui.screens.tanuki.news import NewsScreen


def bob_walks_and_discards() -> tuple[TanukiState, tuple[str, int, int, int]]:
    """Ann lays a tile that extends Bob's path too: Bob walks over an ashi-magari on her turn
    and must discard a tile (the rules' own preview test position)."""
    used: list[int] = []

    def pick(joins: dict[int, int], symbols: dict[int, str] | None = None) -> int:
        value = tile_joining(joins, symbols, avoid=used)
        used.append(value >> 2)
        return value

    bob_base = pick({0: 4})
    d4 = pick({7: 2}, {7: "a"})
    ann_base = pick({2: 6})
    tile = pick({1: 2, 7: 5}, {1: "a"})
    state = make_position(
        board={"c3": bob_base, "d4": d4, "b4": ann_base},
        monks={0: "b4 end 2", 1: "c3 end 4"},
        hands={0: [tile_name(tile >> 2)]},
    )
    return state, ("place", tile >> 2, tile & 3, 0)


async def turn_to(pilot: Pilot[Any], action: tuple[str, int, int, int]) -> None:
    """Press ``r`` until the previewed tile is turned as ``action`` lays it."""
    screen = tk_screen(pilot.app)  # type: ignore[arg-type]
    for _ in range(8):
        if ("place", screen.picker.selection.item, *screen.picker.selection.variant) == action:
            return
        await pilot.press("r")
        await pilot.pause()
    raise AssertionError(f"{action} never previewed")


def info_rows(pilot: Pilot[Any]) -> list[str]:
    """The info line as wrapped on screen (its width)."""
    info = pilot.app.screen.query_one("#tk-info", Static)
    text = Text(tk_screen(pilot.app)._info_text)  # type: ignore[arg-type]
    lines = text.wrap(Console(width=info.region.width), info.region.width)
    return [line.plain for line in lines]


async def test_the_info_line_tells_what_laying_the_tile_does(monkeypatch: Any) -> None:
    """Before Enter: Ann's walk, Bob's walk (his path grows too), the net shiitake and Bob's
    discard; all of it on two lines at 80x24; worked out on Ann's view, once per action."""
    state, action = bob_walks_and_discards()
    table = position_table(state, "Ann", "Bob=greedy")
    seen: list[object] = []
    real = screen_module.preview_lay

    def spy(view: TanukiState, act: Any) -> Any:
        seen.append((view, act))
        return real(view, act)

    monkeypatch.setattr(screen_module, "preview_lay", spy)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await turn_to(pilot, action)
        text = screen._info_text
        assert "Enter lays" in text
        assert "Ann to " in text and "Bob to " in text, text
        assert "Bob discards" in text, text
        rows = info_rows(pilot)
        info = screen.query_one("#tk-info", Static)
        assert info.region.height == 2 and len(rows) <= 2, rows
        assert info.region.bottom <= screen.query_one("PromptLine").region.y
        # on the seat's view, never the table's full state; once per action
        views = [view for view, act in seen if act == action]
        assert views and all(view is screen.state for view in views)
        assert all(view is not table.state for view in views)
        count = len(seen)
        for key in ("left", "right", "right", "left"):
            await pilot.press(key)
        await pilot.pause()
        assert screen._info_text == text
        assert len(seen) == count  # the cursor went away and back: no new preview


async def test_the_info_line_warns_of_a_crash() -> None:
    """A tile whose walks end in a crash says so, with what both pay."""
    ann = tile_joining({1: 0})
    bob = tile_joining({6: 2}, avoid=[ann >> 2])
    tile = tile_joining({2: 6, 3: 4}, avoid=[ann >> 2, bob >> 2])
    # Ann on b1 facing c1 (end 2 of b1 leads east); Bob on d1 facing c1 from the east
    state = make_position(
        board={"b1": tile_joining({0: 2}, avoid=[ann >> 2, bob >> 2, tile >> 2]), "d1": bob},
        monks={0: "b1 end 2", 1: "d1 end 6"},
        shiitake=[6, 6],
        hands={0: [tile_name(tile >> 2)]},
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        crash = None
        for _ in range(8):
            if "CRASHES" in screen._info_text:
                crash = screen._info_text
                break
            await pilot.press("r")
            await pilot.pause()
        assert crash is not None, screen._info_text
        assert "Bob CRASHES into Ann" in crash, crash
        assert "net Ann -6, Bob -4" in crash, crash  # a den and the crash; 5 paid, 1 gained
        # (Bob crossed an ashi-magari before the crash: it counts, rules version 3)
        assert crash.endswith("Bob discards"), crash
        assert len(info_rows(pilot)) <= 2


async def test_the_steer_list_says_what_each_direction_does() -> None:
    """``t`` with a 5 on the blue die: each direction in the list says where the tanuki goes and
    what it costs or earns (running off the board earns Ann 1); readable at 80x24."""
    start = make_position(("Ann", "Bob"), tanuki=("a1", None), monks={1: "edge s6"})
    start.phase = "before"
    E.use_dice(start, 5, 3, Rng(1), B.Log())  # blue: a 5, moving 1; gold placed
    assert start.phase == "steer"
    table = position_table(start, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        labels = dialog.labels
        assert len(labels) == 4
        north, west = labels[0], labels[3]
        assert "runs off the board" in north and "Ann +1" in north, north
        assert "runs off the board" in west and "Ann +1" in west, west
        assert "moves to" in labels[1] and "moves to" in labels[2]
        box = dialog.query_one("#choice-box").region
        assert box.right <= 80 and box.bottom <= 24


async def test_since_your_last_turn_pops_up_after_the_bots_played() -> None:
    """At 80x24: Ann starts on an edge; once Bob has played, "Since your last turn" lists what
    he did and what Ann must decide now; any key closes it without acting; ``o`` shows it
    again."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert not isinstance(app.screen, NewsScreen)  # nothing new at the start
        await start_on_edge(pilot, screen, table, 1)
        await settle(pilot)
        news = app.screen
        assert isinstance(news, NewsScreen), app.screen
        text = "\n".join(news.lines)
        assert "Bob started from edge" in text, text
        assert news.now == screen.prompt_text()
        box = news.query_one("#news-box").region
        assert box.right <= 80 and box.bottom <= 24
        lines = news.query_one("#news-lines").region
        assert lines.height >= len(news.lines)  # every line in sight, no scrolling
        actions = list(table.actions)
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen and table.actions == actions
        await pilot.press("r")  # the tile turns: the pop-up does not come back by itself
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, NewsScreen) and app.screen.lines == news.lines
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_no_pop_up_for_news_there_when_the_game_opened() -> None:
    """A game continued at Ann's turn opens on the garden, not on the pop-up (``o`` shows it)."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    table.apply_text("edge n2")
    while table.state.current_player == 1:
        table.apply_text(table.game.format_action(table.game.legal_actions(table.state)[0]))
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert app.screen is screen
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, NewsScreen)
