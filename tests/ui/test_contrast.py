"""Readable colours in every theme (issue 7, "Look": trash and relic letters on the light
theme's tiles were hard to read).

For every theme the settings offer and every way Octopus's Garden paints a token (each colour
role on its tile, in each board state: legal target, last move, cursor with and without the
focus; the handles and moving animal; empty spaces and the board's frame; the small gardens'
letters and their info line), the WCAG contrast ratio of the text against its background, as
Textual resolves them in that theme, is at least 4.5 (AA for normal text: a terminal cell is
never "large text"). ANSI themes draw with the terminal's own palette, which the app cannot
know: they are only checked to load.
"""

from __future__ import annotations

from test_octopus_screen import app_for, position_table
from textual.color import Color

from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.ui.contrast import AA_NORMAL, contrast_ratio, legible, style_contrast
from gardens_tui.ui.screens.octopus_garden.board import OgBoard
from gardens_tui.ui.screens.octopus_garden.mini_garden import OgMiniGarden
from gardens_tui.ui.screens.octopus_garden.paint import ROLES

BOARD_ROLES = (*ROLES, "accent", "empty", "cell")
STATES: tuple[tuple[str, ...], ...] = (
    (),
    ("legal",),
    ("last-move",),
    ("cursor",),
    ("cursor-blurred",),
    ("legal", "last-move"),
    ("legal", "cursor"),
)
MINI_PARTS = (*ROLES, "empty", "info", "title")


def test_the_contrast_ratio_is_wcag_s() -> None:
    assert round(contrast_ratio(Color(0, 0, 0), Color(255, 255, 255)), 1) == 21.0
    assert contrast_ratio(Color(10, 20, 30), Color(10, 20, 30)) == 1.0


def test_legible_keeps_a_readable_colour_and_fixes_an_unreadable_one() -> None:
    white = Color(255, 255, 255)
    dark = Color(20, 20, 20)
    assert legible(dark, [white]) == dark
    pale = Color(230, 200, 120)
    fixed = legible(pale, [white])
    assert contrast_ratio(fixed, white) >= AA_NORMAL
    assert fixed.hsl.h == pale.hsl.h or abs(fixed.hsl.h - pale.hsl.h) < 0.02


async def test_every_token_reads_on_its_tile_in_every_theme() -> None:
    state = make_position(gardens={0: {"a1": "trash"}}, phase="plant", hand=["seagrass"])
    app = app_for(position_table(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query(OgBoard).first()
        mini = app.screen.query(OgMiniGarden).first()
        failures: list[str] = []
        checked = 0
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            assert app.theme == theme
            for role in BOARD_ROLES:
                for states in STATES:
                    names = [f"board-grid--{role}", *(f"board-grid--{s}" for s in states)]
                    ratio = style_contrast(board.get_component_rich_style(*names))
                    if ratio is None:
                        continue
                    checked += 1
                    if ratio < AA_NORMAL:
                        failures.append(f"{theme}: {'+'.join([role, *states])} {ratio:.2f}")
            for part in MINI_PARTS:
                ratio = style_contrast(mini.get_component_rich_style(f"og-mini--{part}"))
                if ratio is None:
                    continue
                checked += 1
                if ratio < AA_NORMAL:
                    failures.append(f"{theme}: mini {part} {ratio:.2f}")
        assert checked > 1000
        assert failures == []


async def test_trash_and_relic_letters_read_in_the_light_theme() -> None:
    """The case the issue names, on its own."""
    state = make_position(gardens={0: {"a1": "trash"}}, phase="plant", hand=["seagrass"])
    app = app_for(position_table(state), theme="textual-light")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query(OgBoard).first()
        for role in ("og-trash", "og-relic"):
            ratio = style_contrast(board.get_component_rich_style(f"board-grid--{role}"))
            assert ratio is not None and ratio >= AA_NORMAL, role
