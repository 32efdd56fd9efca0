"""Seabed Neighbours and The Gardens as a new player finds them at 80x24 (issue 27's full
games, played again): what they stumbled on that issue 27 did not list, each checked through
Textual's pilot or the command line.

- Seabed: the info line under the hand keeps what Enter does whole at 80 columns (it was cut
  at ``(completes a``), wrapping onto a second line as The Gardens' does.
- Seabed: the end screen fits six players with longer names at 80x24 (the teams' totals and
  the last players were cut off on the right).
- The Gardens: the player panel lists every landmark a player claimed (``landmarks HB MF L…``
  was cut at 80 columns), the legend explains the marks the boards draw, and the rules say
  that only trees and fountains depend on the walk's direction (the sentence sat inside the
  bench's bullet).
"""

from __future__ import annotations

import re

import pytest
from conftest import position_table_of, quiet_app, seats_of, settle
from markdown_it import MarkdownIt
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widget import Widget

from gardens_tui import cli
from gardens_tui.bots import make_bot
from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.rules.seabed.scoring import team_totals
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.the_gardens.components import LANDMARK_ID
from gardens_tui.rules.the_gardens.positions import make_position as gardens_position
from gardens_tui.rules.the_gardens.text import LANDMARK_CODES
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.seabed import SeabedScreen
from gardens_tui.ui.screens.seabed.end import SeabedEndScreen
from gardens_tui.ui.screens.the_gardens import TheGardensScreen
from gardens_tui.ui.widgets.cell_paint import SPOT_MARKERS
from gardens_tui.ui.widgets.player_panel import PlayerPanel

SEABED = "seabed-neighbours"


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def drawn_lines(widget: Widget) -> list[str]:
    """The widget's text as drawn, one string per terminal line."""
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def on_screen(app: GardensApp, region: Region) -> list[str]:
    """The lines of the terminal inside ``region``, as the app draws them now."""
    strips = app.screen._compositor.render_strips()
    lines = ["".join(segment.text for segment in strip) for strip in strips]
    return [line[region.x : region.right] for line in lines[region.y : region.bottom]]


def seabed_screen(app: GardensApp) -> SeabedScreen:
    screen = app.game_screen()
    assert isinstance(screen, SeabedScreen)
    return screen


# --- Seabed: the info line ----------------------------------------------------------------------


async def test_seabed_info_line_says_all_that_enter_does_at_80x24() -> None:
    """Seabed at 80x24: on the free place north of the start tile the reef cap closes the
    start tile's reef; the info line says so whole (``0,-1: Enter: place 1 at 0,-1 r180
    (completes a reef)``), on two lines, where one line cut it at ``(completes a``."""
    state = make_position(["Ann", "Bob", "Cleo"], [], ["t1", "t23"])
    table = position_table_of(SEABED, state, ("Ann", "Bob=greedy", "Cleo=greedy"))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = seabed_screen(app)
        screen.sea.move_cursor_to((0, -1))
        await pilot.pause()
        text = screen.describe_place()
        assert text.startswith("0,-1: Enter:") and text.endswith("(completes a reef)")
        info = screen.query_one("#sb-info")
        lines = drawn_lines(info)
        assert len(lines) == 2
        assert words(" ".join(lines)) == words(text), f"the info line is cut: {lines!r}"
        assert table.actions == []


# --- Seabed: the end screen with longer names ----------------------------------------------------

LONG_NAMES = ("Alexandra", "Bartholomew", "Cleopatra", "Dmitri", "Evangeline", "Fitzgerald")


def finished_seabed(names: tuple[str, ...], seed: int = 3) -> Table:
    """A table of random bots played to the end (without the app)."""
    table = Table(Setup(SEABED, seats_of(tuple(f"{n}=random" for n in names)), {}, seed))
    bots = [make_bot("random", seed * 10 + seat) for seat in range(len(names))]
    while table.state.decision is not None:
        seat = table.state.current_player
        assert seat is not None
        table.apply(bots[seat].choose(table.game, table.state))
    return table


async def test_seabed_end_screen_fits_six_longer_names_at_80x24() -> None:
    """End screen at 80x24, six players named with 6 to 11 letters: every team's total and
    every player's sum is in view, nothing runs off the dialog's right edge (the teams'
    ``Total`` column and the sixth player were cut off), and nothing needs scrolling."""
    table = finished_seabed(LONG_NAMES)
    state = table.state
    assert isinstance(state, SeabedState)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        end = app.screen
        assert isinstance(end, SeabedEndScreen)
        body = end.query_one("#end-body", VerticalScroll)
        teams = end.query_one("#sb-end-teams")
        players = end.query_one("#sb-end-players")
        assert body.max_scroll_x == 0 and body.max_scroll_y == 0
        for widget in (teams, players):
            assert body.region.contains_region(widget.region), widget
        totals = team_totals(state)
        team_rows = drawn_lines(teams)
        assert team_rows[0].split()[-1] == "Total"
        for team, total in enumerate(totals):
            row = next(line for line in team_rows if re.search(rf"\bT{team + 1} ", line))
            assert row.split()[-1] == str(total), row
        player_rows = drawn_lines(players)
        sums = [totals[a] + totals[b] for a, b in map(state.teams_of, range(len(LONG_NAMES)))]
        assert player_rows[-1].split()[1:] == [str(s) for s in sums]
        header = player_rows[0]
        for name in LONG_NAMES:  # each player's column names them, shortened if need be
            assert name[:4] in header, (name, header)


# --- The Gardens: the rules text ---------------------------------------------------------------


def test_gardens_rules_text_says_the_walks_direction_matters_for_trees_and_fountains(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rules text (``gardens rules the-gardens``, scoring a walk): trees and fountains count
    what the visitor saw on this walk, a bench the cards around it. The sentence saying the
    direction matters is a paragraph of its own naming trees and fountains; it sat inside the
    bench's bullet (Markdown continues a list item on the next line), so it read as a bench
    rule."""
    assert cli.main(["rules", "the-gardens"]) == 0
    printed, _ = capsys.readouterr()
    items: list[str] = []
    paragraphs: list[str] = []
    depth = 0
    for token in MarkdownIt().parse(printed):
        if token.type == "list_item_open":
            depth += 1
        elif token.type == "list_item_close":
            depth -= 1
        elif token.type == "inline":
            (items if depth else paragraphs).append(token.content)
    bench = next(item for item in items if item.startswith("**Bench**"))
    assert "direction" not in bench
    direction = next(p for p in paragraphs if "direction" in p)
    assert "tree" in direction.lower() and "fountain" in direction.lower()


# --- The Gardens: the legend explains the marks --------------------------------------------------


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_gardens_legend_explains_the_marks_the_boards_draw(ascii_mode: bool) -> None:
    """Legend (``i``, The Gardens): the display shows the cursor as ``▶`` and every card to
    take as ``·`` (ASCII ``>`` and ``.``), a walk's cards as ``•`` (``*``); the legend listed
    none of these marks, so a new player could not tell what ``▶`` or ``•`` meant."""
    table = Table(Setup("the-gardens", seats_of(("Ann", "Bob=greedy")), {}, 5))
    app = quiet_app(table, ascii_mode=ascii_mode)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, TheGardensScreen)
        marks = SPOT_MARKERS[ascii_mode]
        drawn = "\n".join(drawn_lines(screen.display_board))
        assert marks["cursor-legal"] in drawn and marks["legal"] in drawn
        await pilot.press("i")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        shown = {row[0]: row[1] for row in help_screen.legend}
        for state in ("cursor-legal", "cursor", "legal", "last-move"):
            assert any(marks[state] in key.split() for key in shown), (state, list(shown))


# --- The Gardens: every landmark claimed shows in the player panel ------------------------------


async def test_gardens_panel_lists_every_landmark_claimed_at_80x24() -> None:
    """Player panel at 80x24 (The Gardens): Ann claimed five landmarks (a 2-player game often
    gives one player that many); every code is in view under her name, where one line was
    cut at ``landmarks HB MF L…``."""
    keys = [
        "harbour-bridge",
        "lion-gate",
        "state-library",
        "moreton-bay-fig",
        "governor-phillip-fountain",
    ]
    state = gardens_position(
        options={"landmarks": True, "layout": "l2-r2", "landmark-side": "mixed"},
        owners=dict.fromkeys(keys, 0),
    )
    table = position_table_of("the-gardens", state, ("Ann", "Bob=greedy"))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen().query_one(PlayerPanel)
        text = "\n".join(on_screen(app, panel.region))
        assert "…" not in text, text
        for key in keys:
            assert LANDMARK_CODES[LANDMARK_ID[key]] in text.split(), (key, text)
