"""Octopus's Garden component data and garden geometry (components.md section 1)."""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.board import (
    CELL_NAMES,
    DISTANCE,
    MARKET_COLS,
    MARKET_ROWS,
    NEIGHBOURS,
    NUM_CELLS,
    ROWS,
    parse_cell,
    parse_market,
)
from gardens_tui.rules.octopus_garden.components import (
    BASE_COUNTS,
    CHEST,
    CODES,
    COST,
    NAMES,
    SHARKS,
    TOKENS,
    bag_counts,
    bonus_values,
)
from gardens_tui.rules.octopus_garden.spec import MODULE_KEYS, SPEC


def test_garden_has_24_cells_in_rows_of_4_5_6_5_4() -> None:
    assert NUM_CELLS == 24
    assert [len(r) for r in ROWS] == [4, 5, 6, 5, 4]
    assert CELL_NAMES[:4] == ("a1", "a2", "a3", "a4")
    assert CELL_NAMES[-1] == "e4"
    assert parse_cell("C3") == CELL_NAMES.index("c3")
    assert parse_cell("f1") is None and parse_cell("m1") is None


def test_hex_neighbours_are_symmetric_and_at_most_six() -> None:
    for c in range(NUM_CELLS):
        assert 2 <= len(NEIGHBOURS[c]) <= 6
        for n in NEIGHBOURS[c]:
            assert c in NEIGHBOURS[n]
            assert DISTANCE[c][n] == 1
    names = {CELL_NAMES[n] for n in NEIGHBOURS[CELL_NAMES.index("c3")]}
    assert names == {"b2", "b3", "c2", "c4", "d2", "d3"}
    # Interior cells have six neighbours: b2-b4, c2-c5, d2-d4.
    assert sum(1 for c in range(NUM_CELLS) if len(NEIGHBOURS[c]) == 6) == 10


def test_market_spaces_rows_and_columns() -> None:
    assert MARKET_ROWS[1] == (3, 4, 5)
    assert MARKET_COLS[2] == (2, 5, 8)
    assert parse_market("m9") == 8 and parse_market("c3") is None


def test_base_game_has_106_garden_tokens_with_printed_costs() -> None:
    assert sum(BASE_COUNTS.values()) == 106
    expected = {
        "anemone": (18, 2),
        "coral": (20, 1),
        "crab": (6, 2),
        "shell": (6, 2),
        "relic": (10, 3),
        "seagrass": (26, 1),
        "star": (10, 3),
        "trash": (10, 0),
    }
    for name, (count, cost) in expected.items():
        assert BASE_COUNTS[CODES[name]] == count
        assert COST[CODES[name]] == cost


def test_module_tiles_four_each_and_one_shark_per_player() -> None:
    counts = bag_counts({key: True for key in MODULE_KEYS}, 3)
    assert sum(counts) == 106 + 7 * 4 + 3
    assert [counts[s] for s in SHARKS] == [1, 1, 1, 0]
    assert COST[CHEST] == 0  # the printed 3 is a misprint
    assert COST[CODES["parrot"]] == 2 and COST[CODES["boxer"]] == 1
    assert sum(bag_counts({}, 4)) == 106


def test_bonus_piles_use_6_4_3_with_two_players() -> None:
    assert bonus_values(2) == (3, 4, 6)
    assert bonus_values(3) == bonus_values(4) == (3, 4, 5, 6, 7)


def test_every_kind_has_a_distinct_name_and_shared_letters_only_for_sharks() -> None:
    assert len(set(NAMES)) == len(NAMES)
    letters: dict[str, set[int]] = {}
    for info in TOKENS:
        letters.setdefault(info.letter, set()).add(info.code)
    shared = [codes for codes in letters.values() if len(codes) > 1]
    assert shared == [set(SHARKS)]


def test_spec_options_are_the_eight_modules_off_by_default_then_the_stall_stop_on() -> None:
    assert SPEC.id == "octopus-garden" and SPEC.title == "Octopus's Garden"
    assert (SPEC.min_players, SPEC.max_players) == (2, 4)
    assert [o.key for o in SPEC.options] == [*MODULE_KEYS, "stall-stop"]
    assert [o.default for o in SPEC.options] == [False] * 8 + [True]
    assert MODULE_KEYS == (
        "mimic-octopus",
        "coconut-octopus",
        "shark",
        "parrot-fish",
        "diver",
        "lionfish",
        "treasure-chest",
        "boxer-crab",
    )
