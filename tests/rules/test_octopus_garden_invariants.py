"""Octopus's Garden's invariants (issue 28): every position reached by play keeps them, and a
position written by hand that breaks one is refused by the loader and by ``gardens check``,
naming the field; log lines a file tampers with are never shown.

The positions are those of a few random games with every module on (sharks, lionfish, treasure
chests, ...). Each mutation below breaks one invariant of :mod:`gardens_tui.rules.
octopus_garden.invariants` in a copy of a reachable position; hypothesis picks the position
and the mutation, and one test per mutation makes sure it meets a position it applies to.
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
from gardens_tui.rules.octopus_garden.garden import entitlement
from gardens_tui.rules.octopus_garden.invariants import check
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.storage import SaveError

GAME = get_game("octopus-garden")
Data = dict[str, Any]


@cache
def positions() -> tuple[tuple[OctopusState, Data], ...]:
    """Every 3rd position of four random games (2-4 players, every module on), with its JSON."""
    out: list[tuple[OctopusState, Data]] = []
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 3)):
        options = C.all_on_options(GAME.spec)
        s = GAME.new_game(C.seat_names(players), options, seed)
        rng = Rng(seed_state(seed))
        step = 0
        while True:
            if step % 3 == 0 or s.is_over:
                out.append((s, json.loads(json.dumps(GAME.to_dict(s)))))
            if s.is_over:
                break
            legal = GAME.legal_actions(s)
            s = GAME.apply(s, C.balanced_choice(legal, rng))
            step += 1
    return tuple(out)


# --- the mutations: each breaks one invariant, or returns None where it does not apply --------

Mutation = Callable[[OctopusState, Data], tuple[str, ...] | None]
"""Changes ``data`` (the position's JSON) to break one invariant; returns the paths the refusal
may name (``None``: not applicable to this position, ``data`` unchanged)."""


def one_more_anemone(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """Components: a 19th anemone in the bag."""
    d["bag"]["anemone"] = d["bag"].get("anemone", 0) + 1
    return ("state",)


def pile_out_of_order(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """Bonus animals: the seahorse pile's top is not its highest value."""
    pile = d["seahorse_pile"]
    if len(pile) < 2:
        return None
    pile[-1], pile[-2] = pile[-2], pile[-1]
    return ("state.seahorse_pile",)


def earned_clownfish_back_on_the_pile(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """Bonus animals: a clownfish its groups earn goes back onto the pile (the last one taken)."""
    taken = [v for held in s.clowns for v in held]
    if not taken:
        return None
    lowest = min(taken)
    seat = next(p for p, held in enumerate(s.clowns) if lowest in held)
    if s.clowns[seat][-1] != lowest or entitlement(s.gardens[seat])[0] < len(s.clowns[seat]):
        return None
    d["clownfish"][seat].pop()
    d["clownfish_pile"].append(lowest)
    return (f"state.clownfish[{seat}]",)


def shark_not_bought(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """Sharks: a player owns a shark it never bought."""
    owners = [seat for seat, shark in enumerate(s.shark_of) if shark]
    if not owners:
        return None
    d["shark_bought"][owners[0]] = False
    return (f"state.shark_bought[{owners[0]}]",)


def turn_skipped(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The turn: the turn number does not belong to the seat whose turn it is."""
    d["turn"] += 1
    return ("state.turn",)


def planting_with_empty_hands(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The decision: the plant step with nothing to plant."""
    if s.over or s.hand or s.phase in ("plant", "treasure"):
        return None
    d["phase"] = "plant"
    return ("state.hand",)


def market_not_refilled(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The market: a space left empty after the refill while the bag still has tokens."""
    if s.phase not in ("lionfish", "claim") or not any(s.bag):
        return None
    spaces = [m for m, token in enumerate(s.market) if token and s.claims[m] < 0]
    if not spaces:
        return None
    m = spaces[0]
    name = d["market"][m]
    d["market"][m] = None
    d["bag"][name] = d["bag"].get(name, 0) + 1
    return (f"state.market[{m}]",)


def more_idle_turns_than_turns(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The stall stop: more turns without a purchase than turns begun."""
    d["idle_turns"] = s.turn + 1
    return ("state.idle_turns",)


def marked_over_mid_game(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The end: a game marked over although its end never came (the issue's example)."""
    if s.over or s.end_by >= 0 or s.hand or s.drawn or s.claim_order or s.moved:
        return None
    d["over"], d["phase"] = True, "over"
    return ("state.over",)


def over_on_the_wrong_turn(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The end: the game ended on a turn that was not the last one."""
    if not s.over:
        return None
    d["end_by"] = (s.active + 2) % len(s.players)
    return ("state.over",)


def over_without_a_trigger(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The end: a finished game whose end was never triggered."""
    if not s.over:
        return None
    d["end_by"] = None
    return ("state.over", "state.end_by")


def a_private_line(s: OctopusState, d: Data) -> tuple[str, ...] | None:
    """The log: a line for one player only, in a game that has no secrets."""
    if not s.events:
        return None
    d["private_events"] = [[0, 1, "Bob drew a relic"]]
    return ("state.private_events",)


MUTATIONS: dict[str, Mutation] = {
    m.__name__: m
    for m in (
        one_more_anemone,
        pile_out_of_order,
        earned_clownfish_back_on_the_pile,
        shark_not_bought,
        turn_skipped,
        planting_with_empty_hands,
        market_not_refilled,
        more_idle_turns_than_turns,
        marked_over_mid_game,
        over_on_the_wrong_turn,
        over_without_a_trigger,
        a_private_line,
    )
}


# --- the tests --------------------------------------------------------------------------------


def test_every_position_of_a_random_game_keeps_every_invariant_and_loads_by_hand() -> None:
    """Rule (invariants): positions reached by play keep them all, so a real position written
    as a hand-written file (no actions) loads."""
    for s, data in positions()[::5]:
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


def test_gardens_check_refuses_a_game_marked_over_mid_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (invariants), through the command line: ``gardens check`` refuses a position
    marked over before its end came, naming the field, and changes no file."""
    s, data = positions()[3]
    broken = copy.deepcopy(data)
    assert marked_over_mid_game(s, broken) is not None
    path = tmp_path / "over.json"
    path.write_text(json.dumps(envelope(GAME, broken)))
    before = path.read_bytes()
    assert cli.main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "state.over: the game ends only after its end was triggered" in err
    assert path.read_bytes() == before


def test_log_lines_in_a_file_with_actions_are_rebuilt_never_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (saves): a stored state's log lines are the replay's; lines a file adds or changes
    are never shown to anyone, and malformed ones are refused naming the field."""
    data = saves.snapshot(played_table(GAME, ("Ann", "Bob", "Cleo"), 12))
    data["state"]["events"] = ["INJECTED for everyone"]
    data["state"]["private_events"] = [[0, 2, "INJECTED for Cleo"]]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    for seat in ("Ann", "Bob", "Cleo"):
        assert cli.main(["show", str(path), "--seat", seat]) == 0
        assert "INJECTED" not in capsys.readouterr().out
    data["state"]["private_events"] = [[0, 2**40, "x"]]
    path.write_text(json.dumps(data))
    assert cli.main(["check", str(path)]) == 2
    assert "state.private_events[0][1]: must be at most 2" in capsys.readouterr().err


def test_a_private_line_in_a_start_position_is_refused(tmp_path: Path) -> None:
    """Rule (saves): the ``start`` position of a file is a position written by hand: its
    invariants are checked, so a line told to one player (which this game never has) is
    refused naming the field, and never shown."""
    position = played_table(GAME, ("Ann", "Bob", "Cleo"), 9)
    table = saves.table_from_snapshot(envelope(GAME, GAME.to_dict(position.state)))
    table.apply(table.legal_actions()[0])
    data = saves.snapshot(table)
    assert "start" in data
    saves.table_from_snapshot(copy.deepcopy(data))
    data["start"]["private_events"] = [[0, 1, "INJECTED for Bob"]]
    with pytest.raises(SaveError, match=r"^start: state\.private_events: nothing in"):
        saves.table_from_snapshot(data)
