"""The help text built for the `?` screen."""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec
from gardens_tui.rules.registry import game_specs, get_game
from gardens_tui.ui.screens.help import help_markdown


def _spec(summary: str) -> GameSpec:
    return GameSpec("reef", "Reef", 2, 4, "A test reef.", summary)


def test_a_summary_with_its_own_title_is_shown_under_one_title() -> None:
    text = help_markdown([_spec("# Reef\n\nPlace coral.")], [])
    assert text.count("# Reef") == 1
    assert text.startswith("# Reef\n\n*2-4 players.* A test reef.\n\nPlace coral.")


def test_a_summary_without_a_title_gets_the_game_title() -> None:
    text = help_markdown([_spec("Place coral.")], [])
    assert text.startswith("# Reef\n\n*2-4 players.* A test reef.\n\nPlace coral.")


def test_octopus_garden_help_names_the_game_once_and_lists_the_keys() -> None:
    spec = get_game("octopus-garden").spec
    text = help_markdown([spec], [("u", "undo")])
    assert text.count(f"# {spec.title}\n") == 1
    assert "| `u` | undo |" in text


def test_the_help_gives_the_player_counts_the_game_allows() -> None:
    """Issue 26: the `?` help said "1-5 players" for Throw Octopus!, which `gardens games`
    rightly gives as "1 or 3-5" (two players is not a count the game allows)."""
    spec = get_game("throw-octopus").spec
    text = help_markdown([spec], [])
    assert f"*{spec.describe_counts()} players.*" in text
    assert "1 or 3-5" in spec.describe_counts() and "*1-5 players.*" not in text


def test_every_option_row_keeps_its_values_and_what_it_does_in_their_own_cells() -> None:
    """A choice option's values were written with ``|`` between them, which split the Markdown
    row: at 80 columns "layout" showed two of its values and no description. Each row of every
    game's options table has its three cells, the values separated by commas."""
    import re

    for spec in game_specs().values():
        if not spec.options:
            continue
        text = help_markdown([spec], [])
        table = text[text.index("## Options") :].splitlines()[4:]
        rows = [line for line in table if line.startswith("| `")]
        assert len(rows) == len(spec.options)
        for option, row in zip(spec.options, rows, strict=True):
            cells = re.split(r"(?<!\\)\|", row)[1:-1]
            assert len(cells) == 3, row
            assert option.description.replace("|", "\\|") in cells[2]
