"""The Gardens screen's words at 80x24, as two new players found them cut: the scoreboard beside
the display (round, tiles, landmarks, the reserved card, the fig's species), the mat's title,
the prompt line and the info line under the mat must each fit the room they have, in a crowded
game (four players, long names, every advanced tile, landmarks, Fort Denison and the Moreton Bay
Fig in play). Driven through Textual's pilot; Ann decides, the bots never move here."""

from __future__ import annotations

from typing import Any

from conftest import position_table_of, quiet_app, settle
from rich.cells import cell_len
from textual.geometry import Region
from textual.widget import Widget

from gardens_tui.rules.the_gardens.components import LANDMARK_ID
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.table import Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.the_gardens import TheGardensScreen
from gardens_tui.ui.screens.the_gardens.texts import legend_rows, status_lines, wrapped_lines
from gardens_tui.ui.widgets.prompt import PromptLine

CROWDED: dict[str, Any] = {
    "landmarks": True,
    "layout": "l2-r1",
    "landmark-side": "mixed",
    "tree-tile": "paths",
    "fountain-tile": "column",
    "bench-tile": "trees",
    "end-tree-tile": "balance",
    "statue-tile": "lines",
}
"""Options that fill the scoreboard: every slot's advanced tile, six landmarks (with the State
Library and Fort Denison)."""

LONG = "Maximiliana Wilhelmina Fitzgerald-Smythe"
"""A name of 40 columns, the longest a name may be."""


def tg_screen(app: GardensApp) -> TheGardensScreen:
    screen = app.game_screen()
    assert isinstance(screen, TheGardensScreen)
    return screen


def crowded(first: str) -> GardensState:
    """Four players, ``first`` to move, holding the State Library's ability (``b`` is one more
    command); Bob holds Fort Denison's and reserved b3; landmarks on both sides."""
    names = (first, "Bartholomew Cooper", "Cat", "Dominique")
    state = make_position(
        names,
        CROWDED,
        seed=3,
        owners={"state-library": 0, "fort-denison": 1, "duck-pond": 1},
        reserved=[1, 2],
    )
    faces = ["points"] * len(state.faces)
    for key in ("state-library", "fort-denison", "lion-gate"):
        faces[LANDMARK_ID[key]] = "ability"
    state.faces = [face if state.faces[i] else "" for i, face in enumerate(faces)]
    return state


def table_of(state: GardensState) -> Table:
    seats = (state.players[0], *(f"{name}=greedy" for name in state.players[1:]))
    return position_table_of("the-gardens", state, seats)


def drawn(widget: Widget) -> list[str]:
    """The widget's lines as drawn, trailing blanks removed."""
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def assert_inside(inner: Widget, outer: Widget) -> None:
    """``inner`` is laid out wholly inside ``outer`` (nothing of it is clipped)."""
    a, b = inner.region, outer.region
    assert a.y >= b.y and a.bottom <= b.bottom and a.right <= b.right, (inner.id, a, b)


async def test_the_scoreboard_and_the_mat_title_fit_a_crowded_game_at_80x24() -> None:
    """The scoreboard lost its last lines (the landmark abilities, the reserved card, the fig's
    species) and the mat's title its end: every line of the scoreboard is now laid out inside
    its column, with the start player's name and the advanced tiles shortened (the legend
    ``i`` lists the tiles), before and after a card is chosen (one more command line); the mat
    title fits its width."""
    state = crowded("Annabelle Smith-Jones")
    app = quiet_app(table_of(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        for keys in ((), ("enter",)):
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            side, status = screen.query_one("#tg-side"), screen.query_one("#tg-status")
            assert_inside(status, side)
            assert_inside(screen.query_one("#tg-actions"), side)
            text = " ".join(" ".join(drawn(status)).split())
            for words in ("Round 1 of 8, start: Annabel", "Tiles: 5 advanced", "Bartholo"):
                assert words in text, text
            assert "HB 10, -dp- 3, AG 10" in text and "abilities: lg, -sl-, -fd-" in text.lower()
            lines = str(status.render()).split("\n")
            assert wrapped_lines(lines, status.size.width) == status.size.height
            title = screen.query_one("#tg-mat-title")
            shown = str(title.render())
            assert shown.startswith("Your mat (Annabelle") and shown.endswith(" points")
            assert cell_len(shown) <= title.size.width
        assert screen.chosen_card() is not None
    legend = dict(legend_rows(state, ascii_mode=False))
    assert legend["walk trees"].startswith("scoring tile: paths (")
    assert legend["end statues"].startswith("scoring tile: lines (")


async def test_a_roomy_scoreboard_stays_whole_when_it_fits() -> None:
    """Where there is room (a short tile line, two players), nothing is shortened: the
    scoreboard shows the same lines as before."""
    state = make_position(("Ann", "Bob"), seed=3)
    app = quiet_app(table_of(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = tg_screen(app).query_one("#tg-status")
        assert str(status.render()).split("\n") == status_lines(state, False)


async def test_the_prompt_leaves_the_round_to_the_scoreboard_and_fits_one_line() -> None:
    """The take prompt (``Round 1 of 8: take a card …``) wrapped at 80 columns with a longer
    name: the round is on the scoreboard, so the prompt line says only what to do and stays on
    one line; the info line under the mat keeps its two lines."""
    app = quiet_app(table_of(crowded("Annabelle Smith-Jones")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        prompt = screen.query_one(PromptLine)
        assert drawn(prompt) == [
            " Annabelle Smith-Jones: take a card from row A, B or C, place it left or right"
        ]
        info = screen.query_one("#tg-info")
        assert info.size.height == 2 and info.region.bottom <= prompt.region.y


async def test_with_a_two_line_prompt_the_info_line_is_worded_for_one_line() -> None:
    """With a 40-column name the prompt takes two lines and leaves the info line one: the info
    line is then laid out in that one line (not half hidden behind the prompt), and a placement
    still says what Enter does and what it scores."""
    app = quiet_app(table_of(crowded(LONG)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        prompt = screen.query_one(PromptLine)
        assert len(drawn(prompt)) == 2 and not drawn(prompt)[1].endswith("…")
        await pilot.press("enter")  # choose a card: the cursor goes to an end of its row
        await pilot.pause()
        info = screen.query_one("#tg-info")
        assert info.size.height == 1 and info.region.bottom <= prompt.region.y
        (line,) = drawn(info)
        assert "Enter: place" in line and "now" in line
        mat = screen.mat_board
        await pilot.press("right", "right", "right", "right")  # a8: a claimed landmark
        await pilot.pause()
        assert mat.cursor == 7
        (line,) = drawn(info)
        assert line.startswith("a8: empty; landmark Fort Denison, claimed by") and line[-1] == "…"
        assert cell_len(line) <= info.size.width


async def test_two_commands_on_one_line_are_each_clicked_apart() -> None:
    """To leave the scoreboard room, two commands share a line where both fit (``o Next mat  c
    All choices…``); a click on either runs its own command."""
    app = quiet_app(table_of(crowded("Ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        actions = screen.query_one("#tg-actions")
        first = drawn(actions)[0]
        assert first.startswith("o Next mat  c All choices")
        await pilot.click(actions, offset=(first.index("c All"), 0))
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.shown_seat() == 0
        await pilot.click(actions, offset=(0, 0))
        await pilot.pause()
        assert screen.shown_seat() == 1
