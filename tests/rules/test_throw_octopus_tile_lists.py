"""The balanced tile list (rules version 2), Magic Touch's loose tiles, and version 1 saves.

Issue 26: the game must flow as the rulebook says (a locked game "has never happened" in about
50 tests); the tile list is ours (components.md section 4). The simulation targets are checked
by ``python -m gardens_tui.rules.throw_octopus.balance``, not here; these tests check the list's
counts, that every creature can be finished, Magic Touch's rule, and that rules version 1 saves
keep their sparse tile list.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from gardens_tui import saves
from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.throw_octopus import GAME, seascape
from gardens_tui.rules.throw_octopus.balance import play_game
from gardens_tui.rules.throw_octopus.components import (
    BALANCED_TEXT,
    OCTOPUS,
    ORIENTED,
    QUARTERS,
    SPARSE_TEXT,
    TILES,
    all_cards,
    tile_range,
)
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.saves import SaveError

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
NAMES = ["Ann", "Bob", "Cleo"]
BALANCED = tile_range("balanced")


def test_the_balanced_list_has_85_tiles_8_species_and_20_octopus_icons() -> None:
    """Rulebook: 85 tiles; components.md section 4: 8 species, 20 octopus icons, every
    species' quarters in every corner position. Our decision: two quarters on opposite
    corners of every tile."""
    assert len(BALANCED_TEXT) == 85 and len(BALANCED) == 85
    assert sum(OCTOPUS[t] for t in BALANCED) == 20
    assert all(QUARTERS[t] == 2 for t in BALANCED)
    for t in BALANCED:
        tl, tr, bl, br = TILES[t]
        assert (tl and br and not tr and not bl) or (tr and bl and not tl and not br)
    for species in range(1, 9):
        for corner in range(4):
            assert sum(TILES[t][corner] == species for t in BALANCED) >= 4
    assert set(BALANCED_TEXT).isdisjoint({"....", "....*"}) and SPARSE_TEXT != BALANCED_TEXT


@pytest.mark.parametrize("species", range(1, 9))
def test_every_creature_of_the_balanced_list_can_be_finished(species: int) -> None:
    """components.md section 4: every creature can be finished: four different tiles (each
    upright or turned 180 degrees) show the species in the four corners around one point."""
    # The tile up-left of the point shows its bottom-right corner there, and so on.
    roles = (3, 2, 1, 0)
    fitting = [
        {t for t in BALANCED for turned in (0, 1) if ORIENTED[t * 2 + turned][role] == species}
        for role in roles
    ]
    assert any(len(set(choice)) == 4 for choice in itertools.product(*(sorted(f) for f in fitting)))


def test_a_new_game_deals_the_balanced_list_and_the_rules_version_is_2() -> None:
    """Rules version 2 deals the balanced list unless the ``tile-list`` option says sparse."""
    assert GAME.spec.rules_version == 2
    s = GAME.new_game(NAMES, None, 5)
    assert s.tile_list == "balanced"
    assert all(t in BALANCED for h in s.hands for t in h)
    old = GAME.new_game(NAMES, {"tile-list": "sparse"}, 5)
    assert all(t in tile_range("sparse") for h in old.hands for t in h)
    # The same seed deals the same names from either list.
    assert GAME.to_dict(old)["hands"] == GAME.to_dict(s)["hands"]


def test_a_short_run_of_greedy_games_ends_with_an_empty_hand() -> None:
    """The rulebook's end: the first to empty their hand wins; with the balanced list a few
    greedy games end that way with no locked seascape (the full figures are the balance
    script's)."""
    for seed in range(3):
        figures = play_game(4, seed)
        assert figures.finished and figures.emptied and not figures.locked


# --- Magic Touch -------------------------------------------------------------------------------

BLOCK = [
    (0, 0, "t1", 0),
    (1, 0, "t44", 0),
    (0, 1, "t51", 0),
    (1, 1, "t8", 0),
    (2, 1, "t57", 180),
    (2, 0, "t3", 0),
]
"""A 3 by 2 block of balanced tiles: the yellow submarine slug at point 1,1 is complete."""


def touch_position(seascape_tiles: list[tuple[int, int, str, int]]) -> ThrowState:
    """Ann to play, holding a Magic Touch she may use now."""
    cards = all_cards()
    cards.remove("touch")
    return make_position(
        NAMES,
        seascape_tiles,
        [["t2", "t4"], ["t5", "t6"], ["t7", "t9"]],
        held=[["touch"], [], []],
        deck=sorted(cards),
    )


def test_magic_touch_moves_a_loose_tile_with_two_neighbours() -> None:
    """Magic Touch (rulebook: a card that lets you move a played tile): any tile that is no
    part of a complete creature and whose lifting leaves the seascape in one piece may move,
    not only a tile at the end of a line. t3 at 2,0 has two neighbours beside it."""
    s = touch_position(BLOCK)
    assert (2, 0) in seascape.movable(s)
    after = GAME.apply(s, GAME.parse_action(s, "touch t3 to 3,1 r180"))
    assert (2, 0) not in after.board and after.board[(3, 1)] >> 1 == s.board[(2, 0)] >> 1
    assert "touch" not in after.held[0]


def test_magic_touch_never_moves_a_tile_of_a_complete_creature() -> None:
    """Magic Touch: the four tiles around the complete creature at 1,1 stay."""
    s = touch_position(BLOCK)
    assert seascape.movable(s) == [(2, 0), (2, 1)]
    with pytest.raises(IllegalAction, match="complete creature"):
        GAME.apply(s, GAME.parse_action(s, "touch t44 to 3,0 r0"))


def test_magic_touch_never_splits_the_seascape() -> None:
    """Magic Touch: the middle tile of a line holds the two ends together and stays."""
    s = touch_position([(0, 0, "t1", 0), (1, 0, "t44", 0), (2, 0, "t3", 0)])
    assert seascape.movable(s) == [(0, 0), (2, 0)]
    assert all(a[1] != s.board[(1, 0)] >> 1 for a in GAME.legal_actions(s) if a[0] == "touch")


# --- rules version 1 saves ---------------------------------------------------------------------


def test_a_version_1_save_replays_with_the_sparse_list_to_the_same_positions() -> None:
    """Old saves keep the tile list they were played with: the rules version 1 golden game
    loads, replays move by move to the very positions it stored, and plays on with the sparse
    list."""
    path = GOLDEN / "throw-octopus-v1.json"
    data = json.loads(path.read_text())
    assert data.get("rules_version", 1) == 1
    table = saves.load_table(path)
    state = table.state
    assert state.tile_list == "sparse"
    assert all(code >> 1 in tile_range("sparse") for code in state.board.values())
    written = GAME.to_dict(state)
    stored = data["state"]
    for key in ("hands", "pile", "seascape", "results", "revealed", "creatures", "rng"):
        assert written[key] == stored[key], key
    assert written["options"] == {**stored["options"], "tile-list": "sparse"}
    # Replaying the stored actions one by one from the setup gives the same positions.
    replay = GAME.new_game(
        [seat["name"] for seat in data["setup"]["players"]],
        {**data["setup"]["options"], "tile-list": "sparse"},
        data["setup"]["seed"],
    )
    for text in data["actions"]:
        replay = GAME.apply(replay, GAME.parse_action(replay, text))
    assert GAME.to_dict(replay)["seascape"] == stored["seascape"]


def test_without_the_migration_a_version_1_save_would_not_replay(tmp_path: Path) -> None:
    """The migration is what keeps the old save: read as version 2 (the balanced list) the
    same actions do not replay."""
    data = json.loads((GOLDEN / "throw-octopus-v1.json").read_text())
    data["rules_version"] = 2
    path = tmp_path / "claims-v2.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        saves.load_table(path)


def test_a_version_1_position_without_actions_keeps_the_sparse_list() -> None:
    """A hand-written rules version 1 position (state only) is read with the sparse list."""
    data = json.loads((GOLDEN / "throw-octopus-v1.json").read_text())
    del data["actions"]
    table = saves.table_from_snapshot(data)
    assert table.state.tile_list == "sparse"
