"""The Gardens' invariants (issue 28): every position reached by play keeps them, and a position
written by hand that breaks one is refused by the loader and by ``gardens check``, naming the
field; log lines a file tampers with are never shown.

The positions are those of a few random games with the landmarks (their abilities too) and the
advanced tiles. Each mutation below breaks one invariant of :mod:`gardens_tui.rules.
the_gardens.invariants` in a copy of a reachable position; hypothesis picks the position and
the mutation, and one test per mutation makes sure it meets a position it applies to.
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
from gardens_tui.rules.the_gardens.components import LION
from gardens_tui.rules.the_gardens.invariants import check
from gardens_tui.rules.the_gardens.state import LANDMARK_POINTS, GardensState
from gardens_tui.storage import SaveError

GAME = get_game("the-gardens")
Data = dict[str, Any]
SETUPS = (
    (1, 2, {"landmarks": True, "landmark-side": "abilities", "layout": "l2-r2"}),
    (2, 3, {"landmarks": True, "landmark-side": "mixed", "tree-tile": "random"}),
    (3, 4, {"landmarks": True, "landmark-side": "points"}),
    (4, 3, {"landmarks": True, "landmark-side": "abilities", "layout": "l2-r1"}),
)


@cache
def positions() -> tuple[tuple[GardensState, Data], ...]:
    """Every 2nd position of four random games (2-4 players, landmarks), with its JSON."""
    out: list[tuple[GardensState, Data]] = []
    for seed, players, options in SETUPS:
        s = GAME.new_game(C.seat_names(players), options, seed)
        rng = Rng(seed_state(seed))
        step = 0
        while True:
            if step % 2 == 0 or s.is_over:
                out.append((s, json.loads(json.dumps(GAME.to_dict(s)))))
            if s.is_over:
                break
            s = GAME.apply(s, C.balanced_choice(GAME.legal_actions(s), rng))
            step += 1
    return tuple(out)


Mutation = Callable[[GardensState, Data], tuple[str, ...] | None]
"""Changes ``data`` (the position's JSON) to break one invariant; returns the paths the refusal
may name (``None``: not applicable to this position, ``data`` unchanged)."""


def card_in_two_places(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """Cards: a card placed on a mat is also the top of its deck."""
    if not d["decks"][0]:
        return None
    placed = next((name for name in d["mats"][0][0] if name not in ("", "central")), None)
    if placed is None:
        return None
    d["decks"][0][-1] = placed
    return ("state.decks[0]",)


def turn_skipped(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """The turn: one card taken a turn, so the turn number follows."""
    d["turn"] += 1
    return ("state.turn",)


def last_card_forgotten(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """The turn: cards were placed, but none is the last."""
    if not s.last:
        return None
    d["last"] = None
    return ("state.last",)


def visitor_left_the_last_card(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """Visitors: the visitor that walked to the last card is back on the Central Board."""
    if not s.last:
        return None
    seat, row, column = s.last
    if column == s.centre or s.library_used:
        return None
    d["visitors"][seat][row] = s.centre + 1
    return (f"state.visitors[{seat}][{row}]",)


def landmark_points_out_of_thin_air(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """Points: landmark points nobody claimed (the seat does not hold the Lion Gate)."""
    seat = next((p for p in range(len(s.players)) if not s.holds(p, LION)), None)
    if seat is None:
        return None
    d["points"][seat][LANDMARK_POINTS] += 1
    return (f"state.points[{seat}][{LANDMARK_POINTS}]",)


def points_before_any_card(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """Points: a player who placed no card has scored."""
    seat = next((p for p, mat in enumerate(s.mats) if all(v < 0 for v in mat)), None)
    if seat is None:
        return None
    d["points"][seat][0] = 3
    return (f"state.points[{seat}]",)


def landmark_claimed_by_nobody(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """Landmarks: a covered landmark that nobody claimed."""
    for i, item in enumerate(d["landmarks"]):
        if item["owner"] is not None:
            item["owner"] = None
            return (f"state.landmarks[{i}]",)
    return None


def landmark_listed_twice(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """Landmarks: the same landmark card twice instead of the layout's six."""
    if len(d["landmarks"]) < 2:
        return None
    d["landmarks"][1] = dict(d["landmarks"][0])
    return ("state.landmarks[1]",)


def marked_over_mid_game(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """The end: a game marked over before its rounds are played."""
    if s.over:
        return None
    d["over"], d["phase"] = True, "over"
    return ("state.phase", "state.species")


def a_private_line(s: GardensState, d: Data) -> tuple[str, ...] | None:
    """The log: a line for one player only, in a game that tells nobody a secret."""
    if not s.events:
        return None
    d["private_events"] = [[0, 0, "Ann saw the top of deck A"]]
    return ("state.private_events",)


MUTATIONS: dict[str, Mutation] = {
    m.__name__: m
    for m in (
        card_in_two_places,
        turn_skipped,
        last_card_forgotten,
        visitor_left_the_last_card,
        landmark_points_out_of_thin_air,
        points_before_any_card,
        landmark_claimed_by_nobody,
        landmark_listed_twice,
        marked_over_mid_game,
        a_private_line,
    )
}


def test_every_position_of_a_random_game_keeps_every_invariant_and_loads_by_hand() -> None:
    """Rule (invariants): positions reached by play keep them all, so a real position written
    as a hand-written file (no actions) loads."""
    for s, data in positions()[::4]:
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


@settings(max_examples=80, deadline=None)
@given(pick=st.integers(0, 10**6), name=st.sampled_from(sorted(MUTATIONS)))
def test_a_reachable_position_with_one_invariant_broken_is_refused(pick: int, name: str) -> None:
    """Property (invariants): any reachable position with any one invariant broken is refused
    with the path of the field."""
    s, data = positions()[pick % len(positions())]
    broken = copy.deepcopy(data)
    paths = MUTATIONS[name](s, broken)
    if paths is not None:
        assert refused_naming(paths, refusal(GAME, broken))


def test_gardens_check_refuses_a_skipped_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (invariants), through the command line: ``gardens check`` refuses a position whose
    turn number does not follow from the cards taken, naming the field, and changes no file."""
    s, data = positions()[5]
    broken = copy.deepcopy(data)
    turn_skipped(s, broken)
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(envelope(GAME, broken)))
    before = path.read_bytes()
    assert cli.main(["check", str(path)]) == 2
    assert "state.turn: " in capsys.readouterr().err
    assert path.read_bytes() == before


def test_log_lines_in_a_file_with_actions_are_rebuilt_never_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (saves): a stored state's log lines are the replay's; lines a file adds or changes
    are never shown to anyone, and malformed ones are refused naming the field."""
    data = saves.snapshot(
        played_table(GAME, ("Ann", "Bob", "Cleo"), 7, options={"landmarks": True})
    )
    data["state"]["events"] = ["INJECTED for everyone"]
    data["state"]["private_events"] = [[0, 1, "INJECTED for Bob"]]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    for seat in ("Ann", "Bob", "Cleo"):
        assert cli.main(["show", str(path), "--seat", seat]) == 0
        assert "INJECTED" not in capsys.readouterr().out
    data["state"]["private_events"] = [[0, "0", "x"]]
    path.write_text(json.dumps(data))
    assert cli.main(["check", str(path)]) == 2
    assert "state.private_events[0][1]: expected an integer, got '0'" in capsys.readouterr().err


def test_a_private_line_in_a_start_position_is_refused() -> None:
    """Rule (saves): the ``start`` position of a file is a position written by hand: its
    invariants are checked, so a line told to one player (which this game never has) is
    refused naming the field, and never shown."""
    position = played_table(GAME, ("Ann", "Bob", "Cleo"), 4, options={"landmarks": True})
    table = saves.table_from_snapshot(envelope(GAME, GAME.to_dict(position.state)))
    table.apply(table.legal_actions()[0])
    data = saves.snapshot(table)
    assert "start" in data
    saves.table_from_snapshot(copy.deepcopy(data))
    data["start"]["private_events"] = [[0, 2, "INJECTED for Cleo"]]
    with pytest.raises(SaveError, match=r"^start: state\.private_events: nothing in"):
        saves.table_from_snapshot(data)
