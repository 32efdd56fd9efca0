"""Seabed Neighbours: the bookkeeping kept for speed (issue 29) agrees with its definitions.

The engine keeps derived structures up to date tile by tile instead of working them out again
(the sorted frontier, the union-finds, the feature records), shares the parts of a state a
decision does not change between copies, and answers "is this placement legal?" without
listing the placements. Each test here checks one of them against the plain definition, all
through random games of both negotiations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from seabed_helpers import GAME

from gardens_tui.rules.base import COMMON_FIELDS
from gardens_tui.rules.conformance import balanced_choice, uniform_choice
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.seabed import engine, seascape, serial, tiles
from gardens_tui.rules.seabed.state import SeabedState, written
from gardens_tui.rules.seabed.tiles import (
    KIND_CODE,
    MAX_AREAS,
    TYPES,
    fit_table,
    fitting_codes,
    shape,
    turned,
)
from gardens_tui.table import Setup, Table, parse_players

OPTIONS: tuple[dict[str, str], ...] = ({}, {"negotiation": "propose-and-veto"})


def states(seeds: range = range(3), players: int = 3) -> Iterator[SeabedState]:
    """Every position of random games (uniform and verb-balanced play, both negotiations)."""
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"][:players]
    for options in OPTIONS:
        for seed in seeds:
            for choose in (uniform_choice, balanced_choice):
                rng = Rng(seed_state(seed))
                state = GAME.new_game(names, options, seed)
                yield state
                while not state.is_over:
                    state = GAME.apply(state, choose(GAME.legal_actions(state), rng))
                    yield state


def features(s: SeabedState) -> list[tuple[object, ...]]:
    """Every feature and seaweed system by the cell and area of its root, with its record
    (node numbers are internal; roots are the smallest node of their feature)."""
    out: list[tuple[object, ...]] = []
    for root, f in sorted(s.feats.items()):
        out.append(
            (
                "feature",
                seascape.cell_of(s, root),
                root % MAX_AREAS,
                f.kind,
                f.open,
                f.counts,
                seascape.tiles_of(s, f.tiles),
                sorted((seascape.cell_of(s, n), n % MAX_AREAS) for n in f.closers),
                f.flags,
            )
        )
    for root, y in sorted(s.systems.items()):
        out.append(
            (
                "system",
                seascape.cell_of(s, root),
                root % MAX_AREAS,
                y.counts,
                seascape.tiles_of(s, y.tiles),
                y.palaces,
            )
        )
    return out


def roots(s: SeabedState) -> list[tuple[int, int]]:
    """The root of every area of every tile (feature and seaweed system)."""
    out = []
    for i, cell in enumerate(s.cells):
        for a in range(len(TYPES[s.board[cell] >> 2].areas)):
            node = i * MAX_AREAS + a
            out.append((seascape.find(s.parent, node), seascape.find(s.sparent, node)))
    return out


def test_fit_tables_match_their_definition() -> None:
    """A turned tile meets a requirement code when every side with a neighbour shows the
    neighbour's kind; the tables built from the other end agree for every tile and code."""
    for kind in range(len(TYPES)):
        table = fit_table(kind)
        for need in range(256):
            quarters = tuple(
                q
                for q in range(4)
                if all(
                    (need >> (2 * side)) & 3 in (0, turned(kind * 4 + q).side_codes[side])
                    for side in range(4)
                )
            )
            assert table[need] == quarters
            assert (need in fitting_codes(kind)) == bool(quarters)


def test_a_reef_or_seabed_side_is_one_area_on_every_turned_tile() -> None:
    """The join tables treat a reef or seabed side as one join of three segment pairs."""
    for code in range(4 * len(TYPES)):
        area_at, sides = turned(code).area_at, turned(code).side_codes
        for side in range(4):
            if sides[side] != KIND_CODE["W"]:
                assert len({area_at[p] for p in range(3 * side, 3 * side + 3)}) == 1
        joins = shape(code).joins
        assert all(len(j) == (3 if sides[s] == KIND_CODE["W"] else 1) for s, j in enumerate(joins))


def test_frontier_and_completed_features_match_their_definitions() -> None:
    """``front`` lists ``need`` as ``(code, placements)`` by row and column, ``front_keys``
    its keys; ``completed`` holds what the placement being resolved completed, and the flag
    step's kept options are the flags and palaces listed afresh."""
    for s in states(range(2)):
        if s.flag_options is not None:
            assert s.phase == "flag" and list(s.flag_options) == engine.flag_actions(s)
        by_place = sorted((y, x, code) for (x, y), code in s.need.items())
        assert s.front == [(code, seascape.placements_at(x, y)) for y, x, code in by_place]
        assert seascape.frontier(s) == by_place
        assert s.front_keys == [seascape.front_key((x, y)) for y, x, _ in by_place]
        assert s.completed == tuple(engine.pending_roots(s))


def read_cold(data: dict[str, object]) -> SeabedState:
    """``from_dict`` laying every tile (nothing read before to start from)."""
    serial._last_read = None
    return serial.from_dict(data)


def test_loading_builds_the_same_seascape_as_playing() -> None:
    """``from_dict`` lays every tile in one go, or (reading the positions of a game in order)
    only the tiles laid since the position read before; either way its feature graph,
    frontier and records equal those of the game that played the tiles one by one (and of a
    replay with ``rebuild``)."""
    for s in states(range(2)):
        data = serial.to_dict(s)
        for loaded in (serial.from_dict(data), read_cold(data)):
            assert features(loaded) == features(s)
            assert roots(loaded) == roots(s)
            assert (loaded.need, loaded.front, loaded.index) == (s.need, s.front, s.index)
            assert loaded.completed == s.completed
        replayed = s.copy()
        seascape.rebuild(replayed)
        assert features(replayed) == features(s)


def later_positions(first: int, tiles: int, seed: int = 3) -> tuple[SeabedState, SeabedState]:
    """A position with ``first`` tiles on the seascape and a later one of the same game with
    ``first + tiles`` (flags and palaces on it too)."""
    rng = Rng(seed_state(seed))
    state = GAME.new_game(["Ann", "Bob", "Cleo"], {}, seed)
    earlier = None
    while len(state.cells) < first + tiles or state.phase == "flag":
        if earlier is None and len(state.cells) == first and state.phase != "flag":
            earlier = state
        state = GAME.apply(state, uniform_choice(GAME.legal_actions(state), rng))
    assert earlier is not None and state.flags
    return earlier, state


def test_a_read_that_continues_the_last_one_checks_the_new_tiles_as_a_cold_read_does() -> None:
    """Rule: every tile of a saved seascape was a legal placement when it was laid (invariant
    2). A position read after an earlier one of its game is refused, with the same path and
    reason as when nothing was read before, when a tile laid since lies apart from the rest,
    lies on another, or is a second start tile."""
    earlier, later = later_positions(12, 6)
    for damage in ("apart", "second tile", "start"):
        data = serial.to_dict(later)
        entry = data["seascape"][15]
        if damage == "apart":
            entry[0], entry[1] = 60, 60
        elif damage == "second tile":
            entry[0], entry[1] = data["seascape"][3][:2]
        else:
            entry[2] = "start"
        with pytest.raises(ValueError) as cold:
            read_cold(data)
        serial.from_dict(serial.to_dict(earlier))
        assert serial._last_read is not None and len(serial._last_read[0]) == 12
        with pytest.raises(ValueError) as warm:
            serial.from_dict(data)
        assert str(warm.value) == str(cold.value)
        assert str(warm.value).startswith("state.seascape[15]"), damage


def test_a_read_after_a_game_of_another_table_size_lays_every_tile_again() -> None:
    """Every pair of neighbours is a team with its own flags and palaces, counted on each
    feature: a position of six seats read after the start of a game of three (the same start
    tile, so the same first tile laid) is read as if nothing had been read before."""
    rng = Rng(seed_state(9))
    state = GAME.new_game(["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"], {}, 9)
    while not any(team >= 3 for team, _, _ in state.flags):
        state = GAME.apply(state, uniform_choice(GAME.legal_actions(state), rng))
    data = serial.to_dict(state)
    cold = read_cold(data)
    serial.from_dict(serial.to_dict(GAME.new_game(["Ann", "Bob", "Cleo"], {}, 9)))
    warm = serial.from_dict(data)
    assert features(warm) == features(cold) == features(state)
    assert serial.to_dict(warm) == data


def test_what_a_read_started_from_stays_as_it_was_when_play_goes_on() -> None:
    """A position read after an earlier one shares that one's seascape, as a copy shares its
    original's: playing on from either (tiles, flags, scored features) changes neither the
    other nor what the next read starts from."""
    earlier, later = later_positions(10, 8)
    first = serial.from_dict(serial.to_dict(earlier))
    kept = (serial.to_dict(first), features(first), roots(first), list(first.front))
    second = serial.from_dict(serial.to_dict(later))
    rng = Rng(seed_state(5))
    for start in (first, second):
        state = start
        while len(state.cells) < len(start.cells) + 6 and not state.is_over:
            state = GAME.apply(state, uniform_choice(GAME.legal_actions(state), rng))
    assert (serial.to_dict(first), features(first), roots(first), list(first.front)) == kept
    for s in (later, earlier):
        again = serial.from_dict(serial.to_dict(s))
        assert features(again) == features(s)
        assert roots(again) == roots(s)
        assert (again.need, again.front, again.index) == (s.need, s.front, s.index)


def test_applying_leaves_the_state_and_its_shared_parts_untouched() -> None:
    """A copy shares the seascape and the rarely changed lists until it changes them: applying
    any legal action (twice, and the other ways in) leaves the state as it was."""
    for s in states(range(2)):
        if s.is_over:
            continue
        before = (serial.to_dict(s), features(s), roots(s), list(s.front), dict(s.need))
        legal = GAME.legal_actions(s)
        for action in legal[:: max(1, len(legal) // 4)]:
            first = GAME.apply(s, action)
            second = GAME.apply_trusted(s, action)
            assert serial.to_dict(first) == serial.to_dict(second)
            assert features(first) == features(second)
        assert (serial.to_dict(s), features(s), roots(s), list(s.front), dict(s.need)) == before


def test_a_decision_that_changes_no_feature_shares_the_feature_tables() -> None:
    """``feats`` and ``systems`` are shared by a copy until something changes them: passing a
    flag step that completes nothing keeps them; putting a flag gives the new position its
    own and leaves the old one's as they were."""
    passed = put = 0
    for s in states(range(3)):
        if s.phase != "flag" or s.over:
            continue
        before = features(s)
        after = GAME.apply(s, ("pass",))
        if not s.completed and not after.over:
            assert after.feats is s.feats and after.systems is s.systems
            passed += 1
        flag = next((a for a in GAME.legal_actions(s) if a[0] == "flag"), None)
        if flag is not None:
            assert GAME.apply(s, flag).feats is not s.feats
            put += 1
        assert features(s) == before
    assert passed and put


def seascape_of(s: SeabedState) -> tuple[object, ...]:
    """Everything a placement changes or keeps beside the records, exactly."""
    return (
        serial.to_dict(s),
        features(s),
        dict(s.board),
        list(s.cells),
        dict(s.index),
        dict(s.need),
        list(s.front),
        list(s.front_keys),
        s.parent.tolist(),
        s.sparent.tolist(),
    )


def test_a_seascape_taken_over_by_a_placement_is_given_back_as_it_was() -> None:
    """A placement applied to a position nothing else holds takes its seascape and feature
    tables over instead of copying them (``take_over``); reading that position afterwards
    gives it its own again, equal to the last container, link and record (no path halving:
    ``find`` never writes), whether play went on from the later position or not, every
    placement made from it is the one a copy makes, and the position it was copied from
    is untouched."""
    checked = played_on = 0
    for seed, position in enumerate(states(range(2))):
        if position.phase != "place" or position.over or seed % 3:
            continue
        s = position.copy()
        s.own_seascape()  # (its own containers and token: nothing else shares them)
        before = seascape_of(s)
        legal = GAME.legal_actions(s)
        for turn, action in enumerate(legal[::7]):
            expected = seascape_of(GAME.apply(position.copy(), action))
            child = GAME.apply(s, action)
            assert s.sea_lent is not None  # (taken over, not copied)
            assert seascape_of(child) == expected
            if turn % 3 == 1:  # (the first read is the engine's, or a copy's, not the test's)
                assert GAME.legal_actions(s) == legal
            elif turn % 3 == 2:
                assert serial.to_dict(GAME.view(s, 0)) == serial.to_dict(GAME.view(position, 0))
            if checked % 4 == 0:  # play on from the position holding them
                rng = Rng(seed_state(seed))
                later = child
                for _ in range(6):
                    if later.over:
                        break
                    later = GAME.apply(later, uniform_choice(GAME.legal_actions(later), rng))
                played_on += 1
            assert seascape_of(s) == before  # (read: given back)
            assert s.sea_lent is None
            assert seascape_of(child) == expected
            checked += 1
        assert seascape_of(position) == before  # (s was copied from it: untouched)
    assert checked > 20 and played_on > 5


def test_a_tables_positions_are_never_taken_over() -> None:
    """A table's positions are read by other threads (bots, hints, other sessions), so
    ``Table.apply`` holds one more reference while it applies: no position of a table is ever
    lent, though the table's list alone holds the latest (which ``apply`` would otherwise
    count as held once)."""
    game_setup = Setup("seabed-neighbours", tuple(parse_players("Ann,Bob,Cid")), {}, 1)
    table = Table(game_setup, [game_setup.new_state()], [])
    for _ in range(12):
        table.apply(GAME.legal_actions(table.state)[0])
    while table.state.phase != "place":
        table.apply(GAME.legal_actions(table.state)[0])
    assert all(type(s) is SeabedState and s.sea_lent is None for s in table.states)
    alone = table.state.copy()
    alone.own_seascape()
    latest = [alone]  # (then held by a list alone, as a table holds its latest position)
    del alone
    GAME.apply(latest[-1], GAME.legal_actions(latest[-1])[0])
    assert latest[-1].sea_lent is not None  # (what the table's own reference prevents)


def test_a_position_held_elsewhere_lends_nothing() -> None:
    """Only a position nothing but the caller holds lends its seascape: one in a list, or
    sharing its containers with a copy, is copied from as before."""
    for position in states(range(1)):
        if position.phase != "place" or position.over:
            continue
        s = position.copy()
        s.own_seascape()
        kept = [s]
        GAME.apply(s, GAME.legal_actions(s)[0])
        assert s.sea_lent is None and kept
        twin = s.copy()
        GAME.apply(s, GAME.legal_actions(s)[0])
        assert s.sea_lent is None and twin.sea_lent is None
        return


def test_quick_placement_check_agrees_with_the_list() -> None:
    """``apply`` decides whether a placement is listed without listing: the same answer as
    ``action in legal_actions`` for every listed placement and for near misses."""
    for s in states(range(1)):
        verb = engine.PLACING_VERBS.get(s.phase)
        if verb is None or s.over:
            assert engine._listed_placement(s, ("place", 1, 0, 1, 0)) is None
            continue
        legal = GAME.legal_actions(s)
        tries = set(legal)
        for _, slot, x, y, degrees in legal[:6]:
            for other in ("place", "propose"):
                tries |= {
                    (other, slot, x, y, (degrees + 90) % 360),
                    (other, 3 - slot, x, y, degrees),
                    (other, slot, x + 1, y, degrees),
                    (other, slot, x, y - 2, degrees),
                    (other, 0, x, y, degrees),
                    (other, slot, x, y, 45),
                }
        for action in tries:
            assert engine._listed_placement(s, action) == (action in legal), action


@pytest.mark.parametrize("damage", ["list", "bool", "float", "name", "turn", "far"])
def test_quick_readers_leave_refusals_to_the_field_readers(damage: str) -> None:
    """A malformed seascape entry is refused with the path and reason of the field-by-field
    reader, whichever way it is malformed."""
    s = GAME.new_game(["Ann", "Bob", "Cleo"], {}, 7)
    data = serial.to_dict(s)
    entry = data["seascape"][0]
    if damage == "list":
        data["seascape"][0] = tuple(entry)
    elif damage == "bool":
        entry[0] = False
    elif damage == "float":
        entry[1] = 0.0
    elif damage == "name":
        entry[2] = "t999"
    elif damage == "turn":
        entry[3] = 45
    else:
        entry[0] = 10_000
    with pytest.raises(ValueError, match=r"^state\.seascape\[0\]"):
        serial.from_dict(data)


def test_a_copy_has_every_field_of_the_state() -> None:
    """``SeabedState.copy`` sets every field (the common ones written out, not by
    ``copy_common_fields``): each equals the original's, the per-state caches aside (a copy
    starts without the flag step's kept options and the legal actions)."""
    for s in states(range(1)):
        copied = s.copy()
        assert copied.flag_options is None and copied.legal_cache is None
        for f in dataclasses.fields(SeabedState):
            if f.name not in (
                "legal_cache",
                "flag_options",
                "sea_shared",
                "tables_shared",
                "records_shared",
            ):
                assert getattr(copied, f.name) == getattr(s, f.name), f.name
        assert set(COMMON_FIELDS) <= {f.name for f in dataclasses.fields(SeabedState)}


def test_the_stored_tables_are_the_table_functions() -> None:
    """The tables the hot paths index (``SHAPES[code]`` and the rest) hold what the cached
    functions they were made from return, for every tile and every turn."""
    for kind in range(len(TYPES)):
        assert tiles.AREA_STARTS[kind] == tiles.area_starts(kind)
        assert tiles.SYSTEM_STARTS[kind] == tiles.system_starts(kind)
        assert tiles.FIT_DEGREES[kind] == tiles.fit_degrees(kind)
        assert tiles.FITTING_CODES[kind] == fitting_codes(kind)
        assert tiles.DESCRIPTIONS[kind] == tiles.describe(kind)
        for quarter in range(4):
            code = kind * 4 + quarter
            assert tiles.SHAPES[code] == shape(code)
            assert tiles.FLAG_SPOTS[code] == tiles.flag_spots(code)
    assert tiles.regular_pile() == sorted(i for i in tiles.REGULAR for _ in range(TYPES[i].count))


def test_placement_picks_name_the_placements_that_fit() -> None:
    """A place's shared placements are ``(verb, slot, x, y, degrees)`` at ``4 * choice +
    quarter``; the picks of a choice, tile and requirement code are the turns that fit."""
    at = seascape.placements_at(3, -2)
    assert seascape.placements_at(3, -2) is at
    for choice, (verb, slot) in enumerate(
        [("place", 1), ("place", 2), ("propose", 1), ("propose", 2)]
    ):
        for quarter in range(4):
            assert at[4 * choice + quarter] == (verb, slot, 3, -2, 90 * quarter)
        for kind in range(len(TYPES)):
            for need in range(256):
                picked = [at[i] for i in tiles.PLACEMENT_PICKS[choice][kind][need]]
                expected = [(verb, slot, 3, -2, d) for d in tiles.FIT_DEGREES[kind][need]]
                assert picked == expected


def test_log_lines_kept_as_recipes_read_as_the_same_text_and_copies_pass_them_on() -> None:
    """The log (every placement, draw and flag says what happened) is the same text whether a
    line was written at once or kept as a recipe until read: ``events`` is always a tuple of
    strings, reading it twice gives the same tuple, and a copy made before the first read
    reads the same lines as the original."""
    recipes = 0
    for s in states(range(2)):
        raw = s.event_lines
        recipes += sum(type(line) is not str for line in raw)
        twin = s.copy()
        lines = s.events
        assert isinstance(lines, tuple) and all(type(line) is str for line in lines)
        assert lines == tuple(map(written, raw)) == s.events == twin.events
        assert s.event_lines == lines  # (written out once, then kept)
    assert recipes > 100  # (the hot lines are recipes until read)
