"""How the players panel and the new-game dialog word a bot's level and thinking time.

Found playing: the panel showed a search level's budget raw (``⚙ strong@2s``), and at 80x24
The Gardens' panel cut ``strong@1.5s`` to ``Bob ⚙`` (the label was too long to leave the names
room, so it shrank straight to its glyph). A budget now reads ``⚙ strong 1.5s``; where that
does not fit the label drops the budget first (``⚙ strong``) and only then the level. In the
new-game dialog the thinking select's ``usual`` choice says how long the level thinks
(``usual 1 s`` for strong, ``usual 4 s`` for expert: the figures of the bots' own budgets).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import quiet_app, seats_of
from rich.text import Text
from textual.geometry import Region
from textual.widgets import Select, Static

from gardens_tui.bots.strong import EXPERT, STRONG
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.new_game import NewGameDialog, SeatRow, think_label, usual_label
from gardens_tui.ui.widgets.player_panel import PlayerPanel, bot_label, layout_rows, shorter_labels
from gardens_tui.ui.widgets.player_panel import SeatRow as PanelRow

GAMES = (
    "octopus-garden",
    "the-gardens",
    "throw-octopus",
    "tanuki-in-the-garden",
    "seabed-neighbours",
)


@pytest.mark.parametrize(
    ("level", "label"),
    [
        ("greedy", "⚙ greedy"),
        ("strong", "⚙ strong"),
        ("strong@2s", "⚙ strong 2s"),
        ("expert@1.5s", "⚙ expert 1.5s"),
        ("strong@5000", "⚙ strong 5000it"),
        ("expert@0.1s", "⚙ expert 0.1s"),
    ],
)
def test_a_bot_label_words_the_budget_without_the_at_sign(level: str, label: str) -> None:
    """Label text: the level, then its own budget after a space (``s`` seconds, ``it``
    iterations), never the stored ``@`` form."""
    assert bot_label(level) == label


def test_bot_labels_in_ascii_mode_and_for_people() -> None:
    """ASCII mode marks a bot with ``#``; a person has no label."""
    assert bot_label("strong@2s", ascii_mode=True) == "# strong 2s"
    assert bot_label(None) == ""


def test_a_label_this_version_cannot_read_is_shown_as_stored() -> None:
    """A level string ``parse_bot`` refuses (a newer version's level) is shown unchanged."""
    assert bot_label("genius") == "⚙ genius"


def test_shorter_labels_drop_the_budget_before_the_level() -> None:
    """The forms a crowded panel tries: whole labels, then without the budget, then glyphs."""
    labels = ["", "⚙ strong 1.5s", "⚙ greedy"]
    assert shorter_labels(labels) == [
        labels,
        ["", "⚙ strong", "⚙ greedy"],
        ["", "⚙", "⚙"],
    ]
    assert shorter_labels(["", "⚙ greedy"]) == [["", "⚙ greedy"], ["", "⚙"]]


def panel_rows(*seats: tuple[str, str]) -> list[PanelRow]:
    """Panel rows for ``(name, level)`` seats (``""``: a person) with one-digit scores."""
    return [PanelRow(" ", Text(name), bot_label(level or None), "3") for name, level in seats]


def test_a_narrow_panel_keeps_the_level_and_drops_the_budget() -> None:
    """Layout: at The Gardens' 80x24 panel width (20 cells) ``Bob ⚙ strong`` stays readable
    (it was ``Bob ⚙``); at 100x34 (30 cells) the budget is shown too."""
    rows = panel_rows(("Ann", ""), ("Bob", "strong@1.5s"))
    narrow = [line.plain for line in layout_rows(rows, 20)]
    assert narrow[1] == "  Bob ⚙ strong     3"
    wide = [line.plain for line in layout_rows(rows, 30)]
    assert wide[1].startswith("  Bob ⚙ strong 1.5s ")
    assert all(len(line) == 30 for line in wide)


def test_a_very_narrow_panel_still_shrinks_to_the_glyph() -> None:
    """Layout: where even ``⚙ strong`` leaves the names too little room, the glyph alone."""
    rows = panel_rows(("Annabel", ""), ("Bobby", "strong@1.5s"))
    lines = [line.plain for line in layout_rows(rows, 12)]
    assert lines[1].rstrip().endswith("⚙ 3")
    assert all(len(line) == 12 for line in lines)


def test_a_name_that_says_its_level_drops_the_level_before_it_is_cut() -> None:
    """Layout: found playing Tanuki at 80x24 (21 cells): generated names were cut beside the
    level they repeat (``Gree…t 2 ⚙ greedy``). Where a name would be cut, a label whose level
    the name says as a word keeps its glyph (and budget) only; a name that merely contains the
    word (``Armstrong``) keeps its level, and nothing changes where every name fits."""
    rows = panel_rows(("Ann", ""), ("Greedy bot 2", "greedy"), ("Strong bot 3", "strong"))
    assert [line.plain for line in layout_rows(rows, 21)] == [
        "  Ann               3",
        "  Greedy bot 2 ⚙    3",
        "  Strong bot 3 ⚙    3",
    ]
    wide = [line.plain for line in layout_rows(rows, 30)]
    assert wide[1].startswith("  Greedy bot 2 ⚙ greedy ")
    timed = panel_rows(("Strong bot 2", "strong@2s"), ("Ann", ""))
    assert layout_rows(timed, 21)[0].plain == "  Strong bot 2 ⚙ 2s 3"
    armstrong = panel_rows(("Armstrong the Bold", "strong"), ("Ann", ""))
    assert "⚙ strong" in layout_rows(armstrong, 24)[0].plain


def panel_text(panel: PlayerPanel) -> list[str]:
    """The panel's lines as drawn on the screen."""
    width, height = panel.size
    return [strip.text for strip in panel.render_lines(Region(0, 0, width, height))]


@pytest.mark.parametrize("size", [(100, 34), (80, 24)])
@pytest.mark.parametrize("game_id", GAMES)
async def test_every_game_panel_shows_a_budget_bot_by_its_level(
    game_id: str, size: tuple[int, int]
) -> None:
    """In all five games' panels, at 100x34 and 80x24, Bob (``strong@1.5s``) is shown as
    ``⚙ strong`` (with ``1.5s`` at 100x34) and never as ``strong@1.5s``; every line fits."""
    players = ("Ann", "Bob=strong@1.5s", "Cleo=greedy")
    table = Table(Setup(game_id, seats_of(players), {}, 3))
    assert table.state.current_player == 0  # Ann decides: no bot is asked to think
    async with quiet_app(table).run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(PlayerPanel)
        lines = panel_text(panel)
        text = "\n".join(lines)
        assert "@" not in text
        (bob,) = [line for line in lines if "Bob" in line]
        assert "⚙ strong" in bob, text
        if size == (100, 34):
            assert "⚙ strong 1.5s" in bob, text
        assert all(len(line) <= panel.size.width for line in lines)


def test_the_usual_choice_says_the_levels_own_time() -> None:
    """The ``usual`` label carries the level's own seconds, taken from the bots' budgets."""
    assert STRONG.seconds is not None and EXPERT.seconds is not None
    assert usual_label("strong") == f"usual {STRONG.seconds:g} s" == "usual 1 s"
    assert usual_label("expert") == f"usual {EXPERT.seconds:g} s" == "usual 4 s"
    assert think_label("", "expert") == "usual 4 s"
    assert think_label("2s", "expert") == "2 s"


def think_text(row: SeatRow) -> str:
    """The label the seat's thinking select shows (asserted to fit the select whole)."""
    label = row.query_one(".seat-think", Select).query_one("SelectCurrent #label", Static)
    text = str(label.render())
    assert label.region.width >= len(text), text
    return text


async def test_the_thinking_select_relabels_usual_when_the_level_changes() -> None:
    """At 80x24 with six seats: a strong seat's select shows ``usual 1 s``; made expert it shows
    ``usual 4 s``, still the usual choice; a chosen ``2 s`` stays chosen across a change."""
    seats = (Seat("Ann"), *(Seat(n, "strong") for n in ("Bob", "Cleo", "Dev", "Eve", "Finn")))
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    app.last_setup = Setup("tanuki-in-the-garden", seats, {}, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog: Any = app.screen
        assert isinstance(dialog, NewGameDialog)
        rows = list(dialog.query(SeatRow))
        assert think_text(rows[1]) == "usual 1 s"
        rows[1].query_one(".seat-kind", Select).value = "expert"
        await pilot.pause()
        assert think_text(rows[1]) == "usual 4 s"
        assert rows[1].read() == Seat("Bob", "expert")
        think = rows[2].query_one(".seat-think", Select)
        think.value = "2s"
        rows[2].query_one(".seat-kind", Select).value = "expert"
        await pilot.pause()
        assert think.value == "2s" and rows[2].read() == Seat("Cleo", "expert@2s")
        box = dialog.query_one("#new-game-box").region
        for row in rows[1:]:
            assert row.query_one(".seat-think", Select).region.right < box.right
