"""Throw Octopus! at 80x24, as new players met it (the second players' trial).

On a seascape wider and taller than its box: every arrow key leaves the cursor's tile in view,
also after the view followed the play elsewhere and the cursor could not move (at the map's
edge); the places lit for each tile of the hand are exactly the engine's legal places for that
tile, each drawn with its mark; the info line under the hand wraps onto a second line rather
than being cut at the board's width ("...(completes the" ended there); the action card a play
draws (drawn and played by the app) is told in the prompt line, not only in the log.
"""

from __future__ import annotations

from typing import Any

from conftest import key_path, settle
from test_throw_octopus_screen import app_for, new_table, position_table, to_screen

from gardens_tui.bots.basic import GreedyBot
from gardens_tui.rules.throw_octopus.components import all_cards, tile_id
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.table import Table
from gardens_tui.ui.screens.throw_octopus.board import ToBoard
from gardens_tui.ui.screens.throw_octopus.texts import card_news
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.cell_paint import SPOT_MARKERS
from gardens_tui.ui.widgets.prompt import PromptLine

FIVE = ("Ann", "Bob=greedy", "Cleo=greedy", "Dan=greedy", "Eve=greedy")


def grown_table(seed: int = 7, decisions: int = 30) -> Table:
    """Five seats, the greedy bot playing every seat for at least ``decisions`` decisions,
    stopped at Ann's next tile to play: a seascape wider and taller than its box at 80x24."""
    table = new_table(*FIVE, seed=seed)
    bot = GreedyBot(seed)
    played = 0
    while True:
        state: Any = table.state
        if played >= decisions and state.current_player == 0 and state.phase == "play":
            return table
        assert state.current_player is not None, "the game ended before the position wanted"
        table.apply(bot.choose(table.game, state))
        played += 1


def cursor_in_view(sea: ToBoard) -> bool:
    """The whole of the cursor's tile is inside the part of the map in view."""
    assert sea.cursor is not None
    return sea.visible_region().contains_region(sea.board_layout.region(sea.cursor))


def cell_text(sea: ToBoard, cell: Cell) -> str:
    """What the board draws for ``cell`` (its lines joined), wherever the view is."""
    region = sea.board_layout.region(cell)
    rows = ("".join(s.text for s in sea._render_row(y)) for y in range(region.y, region.bottom))
    return "\n".join(row[region.x : region.right] for row in rows)


async def test_every_arrow_key_keeps_the_cursor_tile_in_view_on_a_big_seascape() -> None:
    """The map is bigger than its box both ways: walking the cursor to each edge and back,
    its tile is in view after every key."""
    app = app_for(grown_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sea = to_screen(app).sea
        assert sea.max_scroll_x > 0 and sea.max_scroll_y > 0  # it does scroll both ways
        sea.focus()
        for key in ["left"] * 8 + ["up"] * 8 + ["right"] * 14 + ["down"] * 12 + ["left"] * 14:
            await pilot.press(key)
            assert cursor_in_view(sea), (key, sea.cursor, sea.visible_region())


async def test_an_arrow_at_the_edge_brings_the_cursor_back_into_view() -> None:
    """The view followed the play to the far corner (the cursor left behind at the map's left
    edge): left, which cannot move the cursor further, still scrolls its tile into view."""
    app = app_for(grown_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sea = to_screen(app).sea
        sea.focus()
        for _ in range(12):
            await pilot.press("left")
        left_edge = sea.cursor
        sea.scroll_to(sea.max_scroll_x, sea.max_scroll_y, animate=False, immediate=True)
        await pilot.pause()
        assert not cursor_in_view(sea)
        await pilot.press("left")
        assert sea.cursor == left_edge
        assert cursor_in_view(sea)


async def test_the_lit_places_of_every_tile_are_the_engines_legal_places() -> None:
    """For each tile of the hand chosen in turn: the lit places are exactly the places of the
    engine's legal plays of that tile (either way round), and each is drawn with its mark
    (the place under the cursor shows the tile instead)."""
    table = grown_table(seed=3, decisions=20)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        sea = screen.sea
        hand = screen.hand()
        assert any(a[0] == "play" for a in table.legal_actions())
        for index, tile in enumerate(hand[:9]):
            await pilot.press(str(index + 1))
            await pilot.pause()
            engine = {(a[2], a[3]) for a in table.legal_actions() if a[:2] == ("play", tile)}
            assert set(sea.legal) == engine, tile
            for cell in engine - {sea.cursor}:
                assert SPOT_MARKERS[False]["legal"] in cell_text(sea, cell), (tile, cell)


async def test_the_info_line_shows_a_long_play_whole_at_80x24() -> None:
    """The cursor on a place where t53 completes a creature: the info line says the whole of
    the engine's words for that play (longer than the board is wide), on two lines."""
    table = grown_table(seed=7, decisions=12)
    action = ("play", tile_id("t53"), 1, 1, 180)
    assert action in table.legal_actions()
    words = table.game.describe_action(table.state, action)
    assert "(completes the yellow submarine slug at its corner)" in words
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press(str(screen.hand().index(action[1]) + 1))
        await pilot.pause()
        await pilot.press(*key_path(screen.sea, (1, 1)))
        if screen.rotation != 180:
            await pilot.press("r")
        await pilot.pause()
        line = screen.query_one("#to-info")
        rows = ["".join(s.text for s in line.render_line(y)).strip() for y in range(2)]
        assert len(words) > line.content_size.width
        assert all(rows)
        assert " ".join(rows) == f"1,1: Enter: {words}"


def inky_position() -> Any:
    """Balanced tiles, t1 alone on the seascape; Ann holds t45 (an octopus tile), t48 and t49
    (all three fit beside t1) and an Octo Shield (no dodge to play later); the deck is one
    Stinky Inky."""
    used = sorted(all_cards())
    used.remove("inky")
    used.remove("shield")
    return make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 0, "t1", 0)],
        [["t45", "t48", "t49"], ["t62", "t63"], ["t64", "t65"]],
        held=[["shield"], [], []],
        deck=["inky"],
        discard=used,
    )


async def test_the_card_a_play_draws_is_told_in_the_prompt_line() -> None:
    """Ann plays t45, whose octopus icon draws Stinky Inky (the app draws it and her two
    tiles): the prompt line says so in the engine's words, not only the log, and still does
    once the bots have played (until Ann decides again)."""
    table = position_table(inky_position())
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("1")
        await pilot.pause()
        assert screen.chosen == tile_id("t45")
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[0][:2] == ("play", tile_id("t45"))
        prompt = screen.query_one(PromptLine)
        assert "Ann drew Stinky Inky. Ann drew t84 and t85." in prompt.prompt_text
        await settle(pilot)
        assert screen.deciding()
        assert "Ann drew Stinky Inky. Ann drew t84 and t85." in prompt.prompt_text


def test_card_news_keeps_what_the_card_did_to_the_player() -> None:
    """The card's line and the lines about the player who drew it, not the others' draws
    (those are in the log), so the pending decision still fits in the prompt line."""
    events = (
        "Ann played t32 at 1,-3 r180",
        "Ann drew Ink Storm",
        "Bob drew 1 tile",
        "Cleo drew 1 tile",
    )
    assert card_news(events, "Ann") == "Ann drew Ink Storm."
    rush = ("Ann played t34 at -1,-1 r0", "Ann drew Octo Rush", "Ann takes a bonus turn")
    assert card_news(rush, "Ann") == "Ann drew Octo Rush. Ann takes a bonus turn."
    assert card_news(("Ann played t22 at 1,0 r180",), "Ann") == ""
