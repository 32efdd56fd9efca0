"""Octopus's Garden plain-text rendering, action descriptions and the rules summary."""

from __future__ import annotations

from gardens_tui.rules.octopus_garden import GAME, MODULE_KEYS
from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.components import CODES
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.text import garden_picture, stack_glyph


def test_render_shows_market_costs_piles_gardens_pearls_not_the_prompt() -> None:
    """The text is the position; the pending decision is said once by whoever shows it
    (issue 7: `gardens show` printed it twice)."""
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={1: {"c3": "seagrass star"}},
        market=["relic", "coral", "seagrass"] + ["anemone"] * 6,
        pearls=[4, 7, 2],
    )
    text = GAME.render_text(state, 1)
    assert "m1 relic(3)" in text and "row 1: 5" in text and "col 1: 7" in text
    assert "Oyster bed: 16" in text and "Clownfish (top first): 7 6 5 4 3" in text
    assert "Bob (you): 7 pearls" in text and "oyster costs 3" in text
    assert "c3 GS" in text
    assert "Buy a row or column" not in text
    assert "Legend:" in text


def test_garden_picture_is_a_centred_hex() -> None:
    lines = garden_picture([()] * 24)
    assert len(lines) == 5
    assert lines[0].lstrip().startswith("a1") and lines[2].startswith("c1")
    indents = [len(line) - len(line.lstrip()) for line in lines]
    assert indents[0] == indents[4] > indents[1] == indents[3] > indents[2] == 0


def test_stack_glyphs_show_every_piece_bottom_first() -> None:
    assert stack_glyph(()) == "."
    assert stack_glyph((CODES["seagrass"], CODES["star"])) == "GS"
    assert stack_glyph((CODES["relic"], CODES["star"], CODES["star"], CODES["crab"])) == "RS+"


def test_describe_action_says_what_happens() -> None:
    state = make_position(gardens={0: {"c2": "star", "c3": "oyster"}}, phase="animals")
    move = ("move", "star", CELL_IDS["c2"], CELL_IDS["c3"])
    assert (
        GAME.describe_action(state, move) == "Move the sea star from c2 to c3 (it eats the oyster)"
    )
    market = make_position(market=["relic", "coral", "coral"] + ["anemone"] * 6, pearls=[5, 2])
    assert GAME.describe_action(market, ("buy", "row", 1)).endswith("for 5 pearls")
    assert GAME.describe_action(market, ("oyster",)) == "Attract an oyster for 3 pearls"


def test_summary_covers_every_module_and_our_decisions() -> None:
    summary = GAME.spec.summary
    for title in (
        "Mimic octopus",
        "Coconut octopus",
        "Shark",
        "Parrot fish",
        "Diver",
        "Lionfish",
        "Treasure chest",
        "Boxer crab",
    ):
        assert title in summary
    assert len(MODULE_KEYS) == 8
    assert "Our decisions" in summary and "Endless games" in summary
    assert "Stall stop (option `stall-stop`, on by default" in summary
    assert "2 players" in summary or "2 to 4 players" in summary
