"""Octopus's Garden texts agree in number: 1 pearl / 2 pearls, 1 token / 2 tokens."""

from __future__ import annotations

import pytest

from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.text import count


@pytest.mark.parametrize(
    ("number", "expected"), [(0, "0 pearls"), (1, "1 pearl"), (2, "2 pearls"), (11, "11 pearls")]
)
def test_count_is_singular_only_for_one(number: int, expected: str) -> None:
    assert count(number, "pearl") == expected


def test_treasure_chest_description_says_one_pearl_and_one_token() -> None:
    state = make_position(options={"treasure-chest": True})
    assert (
        GAME.describe_action(state, ("treasure", 1, "keep"))
        == "Pay 1 pearl to draw 1 token and keep it"
    )
    assert (
        GAME.describe_action(state, ("treasure", 2, "sell"))
        == "Pay 2 pearls to draw 2 tokens and sell them"
    )


def test_render_counts_one_pearl_and_one_token_in_the_singular() -> None:
    state = make_position(pearls=[1, 2])
    state.bag = [0] * len(state.bag)
    state.bag[1] = 1
    text = GAME.render_text(state, 0)
    assert "Ann (you): 1 pearl, oyster costs" in text
    assert "Bob: 2 pearls, oyster costs" in text
    assert "Bag: 1 token" in text and "1 tokens" not in text
    state.bag[1] = 2
    assert "Bag: 2 tokens" in GAME.render_text(state, 0)


def test_oyster_description_counts_its_price_in_pearls() -> None:
    state = make_position(pearls=[5, 2])
    assert GAME.describe_action(state, ("oyster",)) == "Attract an oyster for 3 pearls"
