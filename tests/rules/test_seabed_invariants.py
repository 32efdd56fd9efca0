"""Seabed Neighbours' invariants (issue 28): every position reached by play keeps them, and a
position written by hand that breaks one is refused by the loader and by ``gardens check``,
naming the field; log lines a file tampers with are never shown.

The positions are those of a few random games (three to six players, both ways of negotiating).
Each mutation below breaks one invariant of :mod:`gardens_tui.rules.seabed.invariants` in a
copy of a reachable position; hypothesis picks the position and the mutation, and one test per
mutation makes sure it meets a position it applies to.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hand_written import envelope, played_table, refusal, refused_naming
from hypothesis import given, settings
from hypothesis import strategies as st

from gardens_tui import cli, saves
from gardens_tui.rules import conformance as C
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.invariants import check
from gardens_tui.rules.seabed.state import CATEGORIES, SeabedState
from gardens_tui.rules.seabed.tiles import TYPE_BY_NAME, TYPES, fits
from gardens_tui.storage import SaveError

GAME = get_game("seabed-neighbours")
Data = dict[str, Any]
SETUPS = (
    (1, 3, {}),
    (2, 4, {"negotiation": "propose-and-veto"}),
    (3, 6, {}),
)


@cache
def positions() -> tuple[tuple[SeabedState, Data], ...]:
    """Every 4th position of three random games, and their last, with their JSON."""
    out: list[tuple[SeabedState, Data]] = []
    for seed, players, options in SETUPS:
        s = GAME.new_game(C.seat_names(players), options, seed)
        rng = Rng(seed_state(seed))
        step = 0
        while True:
            if step % 4 == 0 or s.is_over:
                out.append((s, json.loads(json.dumps(GAME.to_dict(s)))))
            if s.is_over:
                break
            s = GAME.apply(s, C.balanced_choice(GAME.legal_actions(s), rng))
            step += 1
    return tuple(out)


Mutation = Callable[[SeabedState, Data], tuple[str, ...] | None]
"""Changes ``data`` (the position's JSON) to break one invariant; returns the paths the refusal
may name (``None``: not applicable to this position, ``data`` unchanged)."""


def a_tile_lost(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """Tiles: one regular tile fewer than the game has."""
    if not d["pile"]:
        return None
    d["pile"].pop()
    return ("state",)


def a_tile_that_does_not_fit(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """Tiles: a tile of the seascape turned so that it no longer fits where it lies."""
    for i, (x, y, name, _) in enumerate(d["seascape"][1:], start=1):
        kind = TYPE_BY_NAME[name]
        laid = {(c[0], c[1]): TYPE_BY_NAME[c[2]] * 4 + c[3] // 90 for c in d["seascape"][:i]}
        allowed = fits(kind, seascape.need_code(laid, (x, y)))
        wrong = next((q for q in range(4) if q not in allowed), None)
        if wrong is not None:
            d["seascape"][i][3] = wrong * 90
            return (f"state.seascape[{i}]",)
    return None


def turn_skipped(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """The turn: the turn number does not belong to the seat whose turn it is."""
    d["turn"] += 1
    return ("state.turn",)


def tiles_set_aside_mid_game(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """Tiles: tiles set aside while the game goes on (they are set aside only at the end)."""
    if s.over or not d["pile"]:
        return None
    d["removed"] = sorted([*d["removed"], d["pile"].pop()])
    return ("state.removed",)


def a_flag_lost(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """Pieces: a team with four flags in all."""
    d["supply"][0][0] -= 1
    if d["supply"][0][0] < 0:
        return None
    return ("state.supply[0]",)


def seabed_points_mid_game(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """Points: seabed areas scored before the end."""
    if s.over:
        return None
    d["piles"][1][CATEGORIES.index("seabed")] = 4
    return ("state.piles[1]",)


def clam_points_without_a_clam(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """Points: clam-tile points with no party gramophone or harvester on the seascape."""
    if any(TYPES[s.board[c] >> 2].effect in ("party", "harvester") for c in s.cells):
        return None
    d["piles"][0][CATEGORIES.index("clam tiles")] = 2
    return ("state.piles[0]",)


def a_flag_left_on_a_streak_at_the_end(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """The end: a finished game still has a flag on an unfinished streak."""
    if not s.over:
        return None
    team = next((t for t in range(len(s.players)) if d["supply"][t][0]), None)
    if team is None:
        return None
    for x, y, _, _ in d["seascape"]:
        for segment in ("streak-n", "streak-e", "streak-s", "streak-w"):
            area = seascape.area_named(s, (x, y), segment)
            if area is None:
                continue
            f = s.feats[seascape.find(s.parent, seascape.node_of(s, (x, y), area))]
            if not seascape.complete(f) and not any(f.flags):
                d["flags"].append([team, x, y, segment, "flag"])
                d["supply"][team][0] -= 1
                return ("state.flags",)
    return None


def flag_step_for_another_tile(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """The decision: the tile being resolved is not the placing team's last."""
    if s.phase not in ("flag", "whirlpool") or s.just == (0, 0):
        return None
    d["last"][s.team] = [0, 0]
    return (f"state.last[{s.team}]",)


def a_private_line(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """The log: a line for one player only, in a game where everything is public."""
    if not s.events:
        return None
    d["private_events"] = [[0, 2, "Cleo drew t12"]]
    return ("state.private_events",)


def marked_over_mid_game(s: SeabedState, d: Data) -> tuple[str, ...] | None:
    """The end: a game marked over with tiles still to place. The loader names the first of the
    end's invariants it meets broken: tiles still in hand, fewer tiles laid than a finished
    game's turns lay, or a flag still on a completed feature (scored features give theirs
    back)."""
    if s.over:
        return None
    d["over"], d["phase"] = True, "over"
    return ("state.hand", "state.seascape", "state.flags")


MUTATIONS: dict[str, Mutation] = {
    m.__name__: m
    for m in (
        a_tile_lost,
        a_tile_that_does_not_fit,
        turn_skipped,
        tiles_set_aside_mid_game,
        a_flag_lost,
        seabed_points_mid_game,
        clam_points_without_a_clam,
        a_flag_left_on_a_streak_at_the_end,
        flag_step_for_another_tile,
        a_private_line,
        marked_over_mid_game,
    )
}


def test_every_position_of_a_random_game_keeps_every_invariant_and_loads_by_hand() -> None:
    """Rule (invariants): positions reached by play keep them all, so a real position written
    as a hand-written file (no actions) loads."""
    for s, data in positions()[::6]:
        check(s)
        table = saves.table_from_snapshot(envelope(GAME, copy.deepcopy(data)))
        assert GAME.to_dict(table.state) == data


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_each_mutation_meets_a_position_and_is_refused_naming_the_field(name: str) -> None:
    """Rule (invariants): each broken invariant is refused by the loader, naming the field."""
    mutate = MUTATIONS[name]
    for s, data in positions():
        broken = copy.deepcopy(data)
        paths = mutate(s, broken)
        if paths is None:
            continue
        reason = refusal(GAME, broken)
        assert refused_naming(paths, reason), reason
        return
    pytest.fail(f"{name} applies to none of the positions")


@settings(max_examples=60, deadline=None)
@given(pick=st.integers(0, 10**6), name=st.sampled_from(sorted(MUTATIONS)))
def test_a_reachable_position_with_one_invariant_broken_is_refused(pick: int, name: str) -> None:
    """Property (invariants): any reachable position with any one invariant broken is refused
    with the path of the field."""
    s, data = positions()[pick % len(positions())]
    broken = copy.deepcopy(data)
    paths = MUTATIONS[name](s, broken)
    if paths is not None:
        assert refused_naming(paths, refusal(GAME, broken))


def test_gardens_check_refuses_tiles_set_aside_mid_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (invariants), through the command line: ``gardens check`` refuses a position with
    tiles set aside while the game goes on, naming the field, and changes no file."""
    s, data = positions()[2]
    broken = copy.deepcopy(data)
    assert tiles_set_aside_mid_game(s, broken) is not None
    path = tmp_path / "removed.json"
    path.write_text(json.dumps(envelope(GAME, broken)))
    before = path.read_bytes()
    assert cli.main(["check", str(path)]) == 2
    assert "state.removed: tiles are set aside only when none fits" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_log_lines_in_a_file_with_actions_are_rebuilt_never_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (saves): a stored state's log lines are the replay's; lines a file adds or changes
    are never shown to anyone, and malformed ones are refused naming the field."""
    data = saves.snapshot(played_table(GAME, ("Ann", "Bob", "Cleo", "Dan"), 10))
    data["state"]["events"] = ["INJECTED for everyone", "and more"]
    data["state"]["private_events"] = [[1, 3, "INJECTED for Dan"]]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    for seat in ("Ann", "Bob", "Cleo", "Dan"):
        assert cli.main(["show", str(path), "--seat", seat]) == 0
        assert "INJECTED" not in capsys.readouterr().out
    data["state"]["private_events"] = [[1, {"a": 1}, "x"]]
    path.write_text(json.dumps(data))
    assert cli.main(["check", str(path)]) == 2
    assert "state.private_events[0][1]: expected an integer" in capsys.readouterr().err


def test_a_private_line_in_a_start_position_is_refused() -> None:
    """Rule (saves): the ``start`` position of a file is a position written by hand: its
    invariants are checked, so a line told to one player (which this game never has) is
    refused naming the field, and never shown."""
    position = played_table(GAME, ("Ann", "Bob", "Cleo", "Dan"), 6)
    table = saves.table_from_snapshot(envelope(GAME, GAME.to_dict(position.state)))
    table.apply(table.legal_actions()[0])
    data = saves.snapshot(table)
    assert "start" in data
    saves.table_from_snapshot(copy.deepcopy(data))
    data["start"]["private_events"] = [[0, 3, "INJECTED for Dan"]]
    with pytest.raises(SaveError, match=r"^start: state\.private_events: nothing in"):
        saves.table_from_snapshot(data)
