"""Seabed Neighbours audit against the rulebook: refusals a new player meets at the command
line name the rule for this very position."""

from __future__ import annotations

import pytest
from seabed_helpers import GAME, play, position

from gardens_tui.rules.base import IllegalAction

# The start tile with a three-sided reef south of it: only reef or seaweed is asked for on
# every free place, so a plain seabed tile (t54) fits nowhere.
WALLED = [(0, 1, "t15", 90)]


def refusal(state: object, text: str) -> str:
    before = GAME.to_dict(state)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as info:
        play(state, text)  # type: ignore[arg-type]
    assert GAME.to_dict(state) == before  # type: ignore[arg-type]
    return str(info.value)


def test_unplaceable_drawn_tile_is_refused_as_fitting_nowhere() -> None:
    """Rule (Summary, 1. Place a seabed tile: "In case you are unable to place either of the
    tiles you drew..."): of the two tiles drawn only one that fits may be chosen; choosing the
    other says it fits nowhere and which tile to place, not a side mismatch at one place."""
    s = position(WALLED, ["t54", "t23"])
    assert ("place", 1, 1, 0, 90) not in GAME.legal_actions(s)
    text = refusal(s, "place 1 at 1,0 r0")
    assert "t54 fits nowhere on the seascape: place tile 2" in text
    text = refusal(s, "place 1 at 0,-1 r0")
    assert "fits nowhere" in text
    # a tile that fits somewhere still gets the side-by-side reason
    assert "does not fit at 1,0 r0" in refusal(s, "place 2 at 1,0 r0")


def test_flag_refused_outside_the_flag_step_names_the_flag_step() -> None:
    """Rule (Playing the game, step 2 "Place a flag or a palace" follows only the first tile;
    components.md: tile 2 "without a flag step"): a flag typed after the second tile is
    refused saying when flags and palaces may go down."""
    s = position([], ["t23", "t24"])
    s = play(s, "place 1 at 1,0 r90", "pass", "place 1 at -1,0 r90")
    assert s.phase == "place" and s.step == 1
    text = refusal(s, "flag -1,0 streak-e")
    assert "only in the flag step" in text and "never after the second tile" in text
    assert "palace" in refusal(s, "palace -1,0 streak-e")


def test_second_veto_is_refused_as_one_veto_each() -> None:
    """Rule (components.md, propose and veto: "the partner accepts or vetoes once"): after a
    veto the partner cannot veto or accept again; the refusal says so."""
    s = position([], ["t23", "t24"], options={"negotiation": "propose-and-veto"}, phase="propose")
    s = play(s, "propose 1 at 1,0 r90", "veto")
    assert s.phase == "counter"
    text = refusal(s, "veto")
    assert "already vetoed" in text and "one veto each" in text
    assert "already vetoed" in refusal(s, "accept")
    s = play(s, "propose 1 at -1,0 r90")
    assert s.phase == "pick"
    assert "already vetoed" in refusal(s, "veto")
