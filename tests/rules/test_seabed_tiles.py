"""Seabed Neighbours' components: the tile list's counts and each tile's areas."""

from __future__ import annotations

from gardens_tui.rules.seabed.tiles import (
    CLAM_TILES,
    FIELD,
    NUM_REGULAR,
    REEF,
    REGULAR,
    SEA,
    STREAK,
    TYPES,
    mirror,
    turned,
)


def _regular_count(test: object) -> int:
    return sum(TYPES[i].count for i in REGULAR if test(TYPES[i]))  # type: ignore[operator]


def _regular_total(attr: str) -> int:
    return sum(TYPES[i].count * sum(getattr(a, attr) for a in TYPES[i].areas) for i in REGULAR)


def test_component_counts_match_components_md() -> None:
    """components.md: 78 regular tiles (30 with a reef, 7 clams, 46 with a streak, 14 fields,
    6 plain seabed), mantas 6, starfish 12, crabs 18, bottles 8, fish 22, and 16 clam tiles."""
    assert NUM_REGULAR == 78
    assert _regular_count(lambda t: any(a.kind == REEF for a in t.areas)) == 30
    assert _regular_total("clams") == 7
    assert _regular_count(lambda t: any(a.kind == STREAK for a in t.areas)) == 46
    assert _regular_count(lambda t: any(a.kind == FIELD for a in t.areas)) == 14
    assert _regular_count(lambda t: all(a.kind == SEA for a in t.areas)) == 6
    totals = {k: _regular_total(k) for k in ("manta", "star", "crab", "bottle", "fish")}
    assert totals == {"manta": 6, "star": 12, "crab": 18, "bottle": 8, "fish": 22}
    assert len(CLAM_TILES) == 16


def test_clam_tiles_are_the_sixteen_of_components_md() -> None:
    """4 bonus, 3 anemone reefs, 2 party gramophones, 1 music gramophone, 2 whirlpools,
    2 divers, 1 harvester, 1 sushi set."""
    effects = [TYPES[k].effect for k in CLAM_TILES]
    assert {e: effects.count(e) for e in set(effects)} == {
        "bonus": 4,
        "anemone": 3,
        "party": 2,
        "music": 1,
        "whirlpool": 2,
        "diver": 2,
        "harvester": 1,
        "sushi": 1,
    }


def test_every_edge_segment_belongs_to_one_area_of_its_kind() -> None:
    """Every tile in every turn: each of the 12 segments is in exactly one area whose kind
    matches its side (reef sides reef, a seaweed side's centre a streak), and segment names
    are unique on the tile."""
    for kind, tile in enumerate(TYPES):
        for quarter in range(4):
            t = turned(kind * 4 + quarter)
            assert -1 not in t.area_at
            assert len(set(t.names)) == len(t.names)
            for p in range(12):
                area = tile.areas[t.area_at[p]]
                side = t.side_codes[p // 3]
                if side == 1:
                    assert area.kind == REEF
                elif side == 2 and p % 3 == 1:
                    assert area.kind == STREAK
                else:
                    assert area.kind == SEA


def test_touching_segments_mirror_each_other() -> None:
    """Segment 0 (north, west end) touches the northern tile's segment 8 (south, west end)."""
    assert mirror(0) == 8 and mirror(1) == 7 and mirror(3) == 11 and mirror(5) == 9
    assert all(mirror(mirror(p)) == p for p in range(12))


def test_a_curve_splits_the_seabed_into_inside_and_outside() -> None:
    """Seabed areas are worked out from the walls: a curved streak leaves two areas, a field
    with four streaks four, a reef cap one."""

    def seabeds(name: str) -> int:
        tile = next(t for t in TYPES if t.name == name)
        return sum(1 for a in tile.areas if a.kind == SEA)

    assert seabeds("t32") == 2
    assert seabeds("t51") == 4
    assert seabeds("t1") == 1
    assert seabeds("t13") == 2  # a reef band across the tile
    assert seabeds("t11") == 1  # two separate caps
