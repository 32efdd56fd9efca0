"""Issue 7: a legend of every letter on the board, reachable at 80x24 (``i`` and ``?``), for the
modules in play only; shark claims (``C1@A`` on the market) read as words; ``gardens show``
lists only the tokens of the modules in play."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import settle
from test_octopus_screen import app_for, og_screen, position_table

from gardens_tui import cli
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.text import legend
from gardens_tui.ui.screens.help import HelpScreen, help_markdown
from gardens_tui.ui.screens.octopus_garden.keys import KEY_HELP
from gardens_tui.ui.screens.octopus_garden.legend import LegendScreen, legend_rows

SIZE = (80, 24)


def claimed_position():  # type: ignore[no-untyped-def]
    """Modules shark and mimic octopus; Bob's tiger shark claims m5."""
    return make_position(
        options={"shark": True, "mimic-octopus": True},
        market=["coral"] * 9,
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        claims=[None, None, None, None, 1, None, None, None, None],
    )


def test_the_legend_lists_only_the_modules_in_play() -> None:
    """Modules (rulebook, "Modules"): their tokens go into the bag only when chosen."""
    rows = dict(legend_rows(claimed_position(), ascii_mode=False))
    assert rows["M"] == "mimic octopus" and rows["a"] == "mimic octopus (as anemone)"
    assert rows["K"] == "shark"
    assert "L" not in rows and "B" not in rows and "N" not in rows  # lionfish, boxer, coconut
    base = dict(legend_rows(make_position(), ascii_mode=False))
    assert "K" not in base and "M" not in base and "C1@A" not in base
    assert base["S"] == "sea star"


def test_a_shark_claim_reads_as_words() -> None:
    """Shark: the tile under a shark is reserved for its owner."""
    rows = dict(legend_rows(claimed_position(), ascii_mode=False))
    assert rows["m5"] == "coral (1 pearl), claimed by Bob's tiger shark"
    assert "first letter of the name of the shark's owner" in rows["C1@A"]


def test_the_help_puts_the_board_and_the_keys_before_the_rules() -> None:
    """At 80x24 the legend and keys must be reachable without scrolling through the rules."""
    from gardens_tui.rules import get_game

    spec = get_game("octopus-garden").spec
    text = help_markdown([spec], KEY_HELP, legend_rows(make_position(), ascii_mode=False))
    assert text.index("# On the board") < text.index("# Keys") < text.index("Setting up")
    assert "| `S` | sea star |" in text


async def test_i_opens_the_legend_and_it_fits_80x24() -> None:
    table = position_table(claimed_position())
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("i")
        await pilot.pause()
        legend_screen = pilot.app.screen
        assert isinstance(legend_screen, LegendScreen)
        box = legend_screen.query_one("#legend-box").region
        assert box.bottom <= SIZE[1] and box.right <= SIZE[0]
        assert ("K", "shark") in legend_screen.letters
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert ("M", "mimic octopus") in help_screen.legend


def test_show_lists_only_the_tokens_of_the_modules_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens show``'s legend follows the game's modules."""
    path = tmp_path / "g.json"
    assert cli.main(["new", "octopus-garden", "--players", "Ann,Bob", "-o", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("Legend:"))
    assert "sea star" in line and "shark" not in line and "lionfish" not in line
    assert "mimic" not in line
    assert "lionfish" in legend({"lionfish": True})
