"""Seabed Neighbours, issue 27: the text board shows every thing on a tile, a skipped flag step
is logged, the flag step lists each feature once (rules version 2; version 1 games keep their
list), and a placement must name its turn."""

from __future__ import annotations

from collections import Counter

import pytest
from seabed_helpers import GAME, play, position

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.picture import THING_GLYPHS, area_things, raster
from gardens_tui.rules.seabed.seascape import find
from gardens_tui.rules.seabed.spec import RULES_VERSION
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.text import TILE_HEIGHT, TILE_WIDTH, tile_rows
from gardens_tui.rules.seabed.tiles import REEF, SEA, TYPE_BY_NAME, TYPES


def refusal(state: SeabedState, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.read_action(state, text))
    return str(info.value)


# --- item 4: gardens show draws every creature, bottle and fish --------------------------------


@pytest.mark.parametrize("kind", range(len(TYPES)), ids=lambda k: TYPES[k].name)
def test_text_tile_shows_every_thing_of_the_tile(kind: int) -> None:
    """Text board (issue 27): every creature, bottle, fish, clam, anemone group and clam-tile
    piece of every tile, in every turn, is drawn once in the 5x3 text tile (``.c.`` used to
    hide the bottle of a crab-and-bottle tile)."""
    want = Counter(THING_GLYPHS[thing] for _, thing in area_things(kind * 4))
    for quarter in range(4):
        rows = tile_rows(kind * 4 + quarter)
        assert len(rows) == TILE_HEIGHT and all(len(r) == TILE_WIDTH for r in rows)
        drawn = Counter(ch for row in rows for ch in row if ch in set(THING_GLYPHS.values()))
        assert drawn == want, (TYPES[kind].name, quarter, rows)


def test_show_counts_the_bottle_that_cancels_a_crab() -> None:
    """Text board (issue 27): a seabed with a crab and a bottle beside one more crab shows
    both crabs and the bottle, so a count from ``show`` gives what the seabed is worth."""
    # t58: plain seabed with a crab and a bottle, south of the start tile; t25: a straight
    # streak with a crab beside it.
    s = position([(0, 1, "t58", 0), (-1, 1, "t25", 0)], ["t23"])
    rows = tile_rows(s.board[(0, 1)])
    text = "".join(rows)
    assert text.count("c") == 1 and text.count("b") == 1
    board = GAME.render_text(s, None)
    assert "b" in board.split("\n# reef")[0]


def test_text_board_keeps_tiles_apart() -> None:
    """Text board (issue 27): tiles stand one column apart, so two tiles side by side read as
    two (the start tile's streak then ``~~~~~ ~~~~~``)."""
    s = position([(1, 0, "t23", 90)], ["t23"])
    board = GAME.render_text(s, None)
    assert "~~~~~ ~~~~~" in board


def test_two_reefs_on_one_tile_are_drawn_apart() -> None:
    """Picture (issue 27): a tile with two reef caps on adjacent sides draws the corner
    between them as seabed, at every size, so the two reefs do not read as one ``L``."""
    kind = TYPE_BY_NAME["t17"]  # RRSS: a cap north, another east
    reefs = [a for a, area in enumerate(TYPES[kind].areas) if area.kind == REEF]
    assert len(reefs) == 2
    for width, height in ((7, 3), (9, 5), (5, 3)):
        grid = raster(kind * 4, width, height)
        corner = grid[0][width - 1]  # north-east: the north cap meets the east cap
        assert TYPES[kind].areas[corner].kind == SEA
        # no character of one reef has a character of the other beside it
        cells = {(x, y): grid[y][x] for y in range(height) for x in range(width)}
        for (x, y), area in cells.items():
            if area == reefs[0]:
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    assert cells.get((x + dx, y + dy)) != reefs[1], (width, height, x, y)


# --- item 5: a skipped flag step is logged ----------------------------------------------------


def test_a_clam_tiles_skipped_flag_step_is_logged() -> None:
    """Flag step (issue 27): a clam tile on which nothing can be flagged (its one seabed joins
    a seabed another team flagged) skips the flag step with a log line saying so."""
    s = position([], ["t23"], clam="c1", extra=True, flags=[[1, 0, 0, "seabed-se", "flag"]])
    s = play(s, "place 1 at 0,1 r0")
    assert s.phase != "flag"
    assert any("no flag step" in e and "clam tile" in e for e in s.events), s.events


def test_a_skipped_flag_step_without_pieces_says_the_supply_is_empty() -> None:
    """Flag step (issue 27): a team with no flag or palace left is told so."""
    flags = [[0, 0, 0, "reef-n", "flag"]] * 5 + [[0, 0, 0, "streak-e", "palace"]] * 3
    s = position([], ["t23"], flags=flags)
    assert s.supply[0] == [0, 0]
    s = play(s, "place 1 at 1,0 r90")
    assert any("no flag or palace left: no flag step" in e for e in s.events), s.events


# --- item 6: one entry per feature ------------------------------------------------------------


def _roots(state: SeabedState, verb: str) -> list[int]:
    links = state.parent if verb == "flag" else state.sparent
    out = []
    for action in GAME.legal_actions(state):
        if action[0] == verb:
            cell = (action[1], action[2])
            area = seascape.area_named(state, cell, action[3])
            assert area is not None
            out.append(find(links, seascape.node_of(state, cell, area)))
    return out


def test_flag_step_lists_a_streak_on_both_tiles_once() -> None:
    """Flag step (issue 27): a streak running through the tile just placed and the team's
    previous tile is one flag choice (``flag -1,0 streak-e`` and ``flag 1,0 streak-e`` were
    both listed); typing the other name says which entry it is."""
    s = position([(1, 0, "t23", 90)], ["t23"], last=[[1, 0], None, None])
    s = play(s, "place 1 at -1,0 r90")
    assert s.flag_cells == ((-1, 0), (1, 0))
    streaks = [a for a in GAME.legal_actions(s) if a[0] == "flag" and "streak" in a[3]]
    assert streaks == [("flag", -1, 0, "streak-e")]
    for verb in ("flag", "palace"):
        roots = _roots(s, verb)
        assert len(roots) == len(set(roots))
    assert "listed once, as flag -1,0 streak-e" in refusal(s, "flag 1,0 streak-e")


def test_flag_step_lists_one_palace_per_seaweed_system_on_its_field() -> None:
    """Flag step (issue 27): a field tile whose three streaks and field are one seaweed system
    offers one palace move, on the field (three were offered)."""
    s = position([], ["t48"])  # three streaks to a field
    legal = [a for a in GAME.legal_actions(s) if a[0] == "place" and a[2:4] == (1, 0)]
    s = play(s, GAME.format_action(legal[0]))
    assert s.phase == "flag"
    palaces = [a for a in GAME.legal_actions(s) if a[0] == "palace"]
    assert palaces == [("palace", 1, 0, "field")]


def test_rules_version_1_games_keep_listing_every_segment() -> None:
    """Rules versions: a game played under version 1 (an old save) lists a flag for every
    segment naming a free feature, as it did, so its saved actions replay."""
    old = position([(1, 0, "t23", 90)], ["t23"], last=[[1, 0], None, None], rules=1)
    old = play(old, "place 1 at -1,0 r90")
    streaks = [a for a in GAME.legal_actions(old) if a[0] == "flag" and "streak" in a[3]]
    assert streaks == [("flag", -1, 0, "streak-e"), ("flag", 1, 0, "streak-e")]
    old = play(old, "flag 1,0 streak-e")
    assert old.rules == 1 and GAME.from_dict(GAME.to_dict(old)).rules == 1
    assert GAME.new_game(["Ann", "Bob", "Cleo"], None, 1).rules == RULES_VERSION >= 2
    assert GAME.spec.rules_version == RULES_VERSION


# --- item 7: a placement names its turn --------------------------------------------------------


def test_a_placement_without_a_turn_is_refused() -> None:
    """Notation (issue 27): ``place 1 at 1,0`` is refused with "turn missing" rather than read
    as r0; with the turn it is read."""
    s = position([], ["t23"])
    for text in ("place 1 at 1,0", "propose 2 at -1,0"):
        with pytest.raises(IllegalAction, match="turn missing"):
            GAME.parse_action(s, text)
    assert GAME.parse_action(s, "place 1 at 1,0 r0") == ("place", 1, 1, 0, 0)
    assert "r0, r90, r180 or r270" in GAME.notation_help()
