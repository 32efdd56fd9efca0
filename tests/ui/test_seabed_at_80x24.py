"""Seabed Neighbours at 80x24, as new players met it (the second players' trial).

With long player names the status line and the hand's title still fit the board's width
(shorter forms, never cut). The arrow keys move the cursor one place at a time, open water
between the tiles included (it used to skip silently to a cell further on). The list of
every choice says what each placement completes.
"""

from __future__ import annotations

from conftest import quiet_app, settle
from test_seabed_screen import new_table, position_table, sstate, to_screen
from textual.widgets import Static

from gardens_tui.bots.basic import GreedyBot
from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.table import Table
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.seabed import SeabedScreen

LONG = ("Annabelle Longname", "Bartholomew Greedy=greedy", "Cleopatra Random=random")


def shown_rows(screen: SeabedScreen, selector: str, lines: int = 1) -> list[str]:
    """The text a line widget draws, row by row (trailing blanks dropped)."""
    line = screen.query_one(selector, Static)
    return ["".join(s.text for s in line.render_line(y)).rstrip() for y in range(lines)]


async def test_status_and_title_fit_with_long_names_at_80x24() -> None:
    """Annabelle Longname lays tile 1 for T1 (with Cleopatra Random): the status line keeps
    the tile and the team, the pile and the clams (the panel and the prompt say whose turn);
    the title keeps its team's number; neither is cut."""
    state = make_position([name.split("=")[0] for name in LONG], [], ["t1", "t23"])
    app = quiet_app(position_table(state, *LONG))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        width = screen.line_width()
        assert len(f"Annabelle Longname's turn, tile 1 with T1 · pile {len(state.pile)}") > width
        (status,) = shown_rows(screen, "#sb-status")
        counts = f"pile {len(state.pile)} · clams {len(state.clams)}"
        assert status.strip() == f"Tile 1 with T1 · {counts}"
        (title,) = shown_rows(screen, "#sb-hand-title")
        assert title.strip() == "Tiles 1, 2 for T1 · tile 1 chosen"
        assert len(screen.hand_title()) > width  # the long form names the players


def grown_table(seed: int = 5, decisions: int = 12) -> Table:
    """Ann and two greedy bots, the greedy bot deciding for every seat for at least
    ``decisions`` decisions, stopped when Ann lays a tile: a seascape with open water between
    its tiles and free places."""
    table = new_table("Ann", "Bob=greedy", "Cleo=greedy", seed=seed)
    bot = GreedyBot(seed)
    played = 0
    while True:
        state = sstate(table)
        if played >= decisions and state.current_player == 0 and state.phase == "place":
            return table
        assert state.current_player is not None, "the game ended before the position wanted"
        table.apply(bot.choose(table.game, state))
        played += 1


async def test_the_arrows_move_the_cursor_one_place_at_a_time() -> None:
    """Open water lies between the tiles and the free places: every arrow key moves the cursor
    to the next place that way (open water included, where the info line says so), or leaves
    it at the map's edge; it never jumps over a place."""
    table = grown_table()
    state = sstate(table)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        sea = screen.sea
        cells = set(sea.board_layout.cells)
        water = cells - set(state.board) - set(state.need)
        assert water  # the map has gaps to move over
        steps = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
        keys = ["left"] * 6 + ["up"] * 6 + ["right"] * 8 + ["down"] * 8 + ["left"] * 8
        seen_water = False
        for key in keys:
            before = sea.cursor
            assert isinstance(before, tuple)
            await pilot.press(key)
            dx, dy = steps[key]
            step = (before[0] + dx, before[1] + dy)
            assert sea.cursor == (step if step in cells else before), (key, before)
            if sea.cursor in water:
                seen_water = True
                assert "open water" in screen.describe_place()
        assert seen_water


async def test_the_list_of_placements_says_what_each_completes() -> None:
    """``c`` lists every placement in the engine's words, with what it completes ("(completes
    a reef)")."""
    table = grown_table()
    state = sstate(table)
    legal = table.legal_actions()
    words = [table.game.describe_action(state, action) for action in legal]
    assert any("(completes a " in text for text in words)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert list(choice.labels) == words
