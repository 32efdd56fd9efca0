"""Octopus's Garden save/load: exact round trips, views, component counts and refusals."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from gardens_tui.rules.octopus_garden import GAME, MODULE_KEYS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.rng import Rng

ALL = {key: True for key in MODULE_KEYS}


def random_states(seed: int, players: int = 4, options: dict[str, bool] | None = None) -> list[Any]:
    rng = Rng(seed)
    state = GAME.new_game(
        [f"P{i}" for i in range(players)], ALL if options is None else options, seed
    )
    states = [state]
    while not state.over:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


def test_every_state_of_a_game_round_trips_through_json() -> None:
    for state in random_states(1)[::3]:
        data = json.loads(json.dumps(GAME.to_dict(state)))
        again = GAME.from_dict(data)
        assert GAME.to_dict(again) == GAME.to_dict(state)
        assert GAME.legal_actions(again) == GAME.legal_actions(state)


def test_components_are_conserved_through_a_whole_game() -> None:
    states = random_states(2)
    first = GAME.component_counts(states[0])
    assert first["oyster"] == 16 and first["clownfish"] == 5 and first["seahorse"] == 5
    assert first["anemone"] == 18 and first["hammerhead"] == 1 and "reef" in first
    for state in states:
        assert GAME.component_counts(state) == first


def test_view_hides_only_the_bag_order() -> None:
    state = random_states(3)[40]
    view = GAME.view(state, 0)
    assert view.hidden and view.rng == 0
    a, b = GAME.to_dict(state), GAME.to_dict(view)
    a.pop("rng"), b.pop("rng"), a.pop("hidden"), b.pop("hidden")
    assert a == b
    assert GAME.to_dict(state)["rng"] != 0


def test_a_view_can_be_played_on_by_a_bot() -> None:
    state = random_states(4)[10]
    view = GAME.view(state, state.current_player)
    for action in GAME.legal_actions(view):
        GAME.apply(view, action)


def _base() -> dict[str, Any]:
    return GAME.to_dict(
        make_position(
            gardens={0: {"c3": "seagrass star", "c4": "crab+shell"}}, market=["coral"] * 9
        )
    )


Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        keys = path.split(".")
        target: Any = d
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value

    return edit


def _moved_missing(d: dict[str, Any]) -> None:
    d["phase"] = "animals"
    d["moved"] = [["a1", "star"]]


REFUSALS: list[tuple[str, Edit, str]] = [
    ("another game", _set("game", "tanuki"), "state.game"),
    (
        "unknown token",
        _set("gardens.0.0", ["kelp"]),
        r"state.gardens\[0\]\[0\]\[0\]: unknown token",
    ),
    ("crab home not shell or trash", _set("gardens.0.0", ["crab+relic"]), "unknown token"),
    ("a 19th anemone", _set("gardens.1.0", ["anemone"]), "19 anemone"),
    ("a 17th oyster", _set("gardens.1.0", ["oyster"]), "17 oyster"),
    ("star on coral", _set("gardens.0.0", ["coral", "star"]), "coral"),
    ("flat token on top", _set("gardens.0.0", ["star", "relic"]), "must be first"),
    ("boxer not on anemone", _set("gardens.0.0", ["seagrass", "boxer"]), "boxer"),
    ("star on an oyster", _set("gardens.0.0", ["oyster", "star"]), "eaten"),
    ("garden too short", _set("gardens.0", [[]] * 23), "expected 24 items"),
    ("negative pearls", _set("pearls.0", -1), r"state.pearls\[0\]"),
    ("pearls not a number", _set("pearls.0", "x"), "expected an integer"),
    ("bonus pile wrong", _set("clownfish_pile", [3, 4, 5]), "clownfish"),
    ("pile out of order", _set("clownfish_pile", [6, 4, 3]), "lowest"),
    ("module token with module off", _set("gardens.1.0", ["diver"]), "not in this game"),
    ("unknown phase", _set("phase", "dance"), "state.phase"),
    ("planting with no hand", _set("phase", "plant"), "state.hand"),
    ("refill without a drawn token", _set("phase", "refill"), "state.drawn"),
    ("claim window without seats", _set("phase", "claim"), "state.claim_order"),
    ("shark step without a shark", _set("phase", "shark"), "shark"),
    ("claim by a seat without a shark", _set("claims.4", 1), "no shark"),
    ("moved outside the animal phase", _set("moved", [["c3", "star"]]), "animal phase"),
    ("moved animal that is not there", _moved_missing, "no such animal"),
    ("active seat out of range", _set("active", 5), "state.active"),
    ("unknown option", _set("options.kraken", True), "state.options"),
    ("over but a decision pending", _set("over", True), "over"),
    ("bag count negative", _set("bag.coral", -3), r"state.bag.coral"),
]


@pytest.mark.parametrize(("why", "edit", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_from_dict_refuses_impossible_positions(why: str, edit: Edit, message: str) -> None:
    data = _base()
    GAME.from_dict(data)  # the base is fine
    edit(data)
    with pytest.raises(ValueError, match=message):
        GAME.from_dict(data)


def test_from_dict_refuses_non_objects() -> None:
    with pytest.raises(ValueError, match="expected an object"):
        GAME.from_dict([1, 2])


def test_shark_in_two_places_is_refused() -> None:
    data = GAME.to_dict(
        make_position(
            options={"shark": True},
            gardens={0: {"a1": "hammerhead"}},
            shark_of=["hammerhead", None],
            shark_bought=[True, False],
        )
    )
    data["gardens"][1][0] = ["hammerhead"]
    data["bag"].pop("hammerhead", None)
    with pytest.raises(ValueError, match="shark"):
        GAME.from_dict(data)


def test_garden_spaces_are_saved_as_strings_and_lists_are_read_too() -> None:
    state = make_position(gardens={0: {"a1": "seagrass star", "a2": "coral"}})
    data = GAME.to_dict(state)
    assert data["gardens"][0][:3] == ["seagrass star", "coral", ""]
    data["gardens"][0][0] = ["seagrass", "star"]
    data["gardens"][0][2] = []
    assert GAME.to_dict(GAME.from_dict(data)) == GAME.to_dict(state)
    data["gardens"][0][0] = 7
    with pytest.raises(ValueError, match=r"state.gardens\[0\]\[0\]: expected token names"):
        GAME.from_dict(data)
    data["gardens"][0][0] = "seagrass kelp"
    with pytest.raises(ValueError, match=r"state.gardens\[0\]\[0\]\[1\]: unknown token 'kelp'"):
        GAME.from_dict(data)
