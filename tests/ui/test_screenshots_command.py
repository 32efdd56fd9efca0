"""The screenshots command (``python -m gardens_tui.ui.screenshots``): it writes the menu, the
new-game dialog and a mid-game and an end screenshot of every registered game as valid SVG files
into the folder it is given."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gardens_tui.ui import screenshots

EXPECTED = (
    "menu.svg",
    "new-game.svg",
    "octopus-garden.svg",
    "octopus-garden-end.svg",
    "seabed-neighbours.svg",
    "seabed-neighbours-end.svg",
    "tanuki-in-the-garden.svg",
    "tanuki-in-the-garden-end.svg",
    "the-gardens.svg",
    "the-gardens-end.svg",
    "throw-octopus.svg",
    "throw-octopus-end.svg",
    "review.svg",
    "lesson.svg",
)


def test_main_writes_every_screen_as_valid_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: one command writes the menu, the new-game dialog, the game mid-game and its end
    screen; each file parses as XML with an <svg> root and shows the app's text."""
    out = tmp_path / "shots"
    assert screenshots.main(["--out", str(out), "--main-size-only"]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(EXPECTED)
    listed = capsys.readouterr().out.split()
    assert [Path(line).name for line in listed] == list(EXPECTED)
    texts = {}
    for name in EXPECTED:
        root = ET.parse(out / name).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        texts[name] = "".join(root.itertext()).replace("\xa0", " ")
    assert "New game" in texts["menu.svg"]
    assert "Seat 1" in texts["new-game.svg"]
    assert "Ann" in texts["octopus-garden.svg"] and "pearls" in texts["octopus-garden.svg"]
    assert "game over" in texts["octopus-garden-end.svg"]
    assert "Idea 2 of " in texts["lesson.svg"]


def test_file_names_carry_the_size_except_at_the_main_size() -> None:
    """Rule: the 100x30 files have plain names; other sizes add ``-WxH``."""
    assert screenshots.file_name("menu", (100, 30)) == "menu.svg"
    assert screenshots.file_name("menu", (80, 24)) == "menu-80x24.svg"


def test_unknown_screenshot_is_refused(tmp_path: Path) -> None:
    """Rule: asking for a screen the command does not know names the ones it knows."""
    with pytest.raises(
        ValueError,
        match="menu, new-game, octopus-garden, octopus-garden-end, seabed-neighbours, ",
    ):
        screenshots.write_all(tmp_path, names=["nope"])


def test_every_registered_game_gets_a_mid_game_and_an_end_screenshot(
    toy_registered: None,
) -> None:
    """Rule (issue 6: one place to plug a game in): the screenshots follow the registry; a game
    added to it needs no line in the screenshots command."""
    assert screenshots.screen_names() == (
        "menu",
        "new-game",
        "octopus-garden",
        "octopus-garden-end",
        "seabed-neighbours",
        "seabed-neighbours-end",
        "tanuki-in-the-garden",
        "tanuki-in-the-garden-end",
        "the-gardens",
        "the-gardens-end",
        "throw-octopus",
        "throw-octopus-end",
        "toy",
        "toy-end",
        "review",
        "lesson",
    )


def test_the_octopus_garden_screenshot_is_where_the_ui_benchmark_measures() -> None:
    """``bench/ui.py`` measures the mid-game position of the screenshot: decision 119, where Ann
    decides."""
    assert screenshots.midgame_decisions("octopus-garden") == screenshots.MIDGAME_DECISIONS
    table = screenshots.octopus_table(screenshots.MIDGAME_DECISIONS)
    assert table.state.current_player == 0 and len(table.actions) == 119


def test_a_game_without_a_screen_of_its_own_is_shot_on_the_text_screen(
    tmp_path: Path, toy_registered: None
) -> None:
    """The toy game has no screen package: its screenshots show the text screen (the game's
    text rendering as Ann sees it) mid-game at Ann's decision, and the end screen."""
    paths = screenshots.write_all(tmp_path, sizes=[(100, 30)], names=["toy", "toy-end"])
    assert [p.name for p in paths] == ["toy.svg", "toy-end.svg"]
    mid = "".join(ET.parse(paths[0]).getroot().itertext()).replace("\xa0", " ")
    assert "Ann: hand [" in mid and "Bob: hand [?" in mid
    end = "".join(ET.parse(paths[1]).getroot().itertext()).replace("\xa0", " ")
    assert "game over" in end
