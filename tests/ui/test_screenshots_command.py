"""The screenshots command (``python -m gardens_tui.ui.screenshots``): it writes the four
screens as valid SVG files into the folder it is given."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gardens_tui.ui import screenshots

EXPECTED = ("menu.svg", "new-game.svg", "octopus-garden.svg", "octopus-garden-end.svg")


def test_main_writes_the_four_screens_as_valid_svg(
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
    assert "Ann's garden" in texts["octopus-garden.svg"]
    assert "game over" in texts["octopus-garden-end.svg"]


def test_file_names_carry_the_size_except_at_the_main_size() -> None:
    """Rule: the 100x30 files have plain names; other sizes add ``-WxH``."""
    assert screenshots.file_name("menu", (100, 30)) == "menu.svg"
    assert screenshots.file_name("menu", (80, 24)) == "menu-80x24.svg"


def test_unknown_screenshot_is_refused(tmp_path: Path) -> None:
    """Rule: asking for a screen the command does not know names the ones it knows."""
    with pytest.raises(ValueError, match="menu, new-game"):
        screenshots.write_all(tmp_path, names=["nope"])
