"""Throw Octopus!'s invariants (:mod:`gardens_tui.rules.throw_octopus.invariants`, issue 28).

1. Every position of random games (solo and 3-5 players, Game Night, both tile lists, so rules
   versions 1 and 2), its views and its round trip keep every invariant, and so does every
   position of the golden files of both rules versions.
2. Property: a reachable position broken in one invariant at a time is refused by ``check`` with
   a :class:`FieldError` whose path names the field. Most breaks are made on the saved form
   (``to_dict`` → edit → ``from_dict``, which must accept them: only the invariants catch them);
   those ``from_dict`` refuses by itself are made on a copy of the position, to show the
   invariants catch them too.
3. The examples of issue 28: an empty hand while the game goes on, ``lost[0] = 99``, one tile
   named twice in ``start.revealed``; and ``gardens check`` refusing such a file with the reason.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gardens_tui import cli, saves
from gardens_tui.rules.fields import FieldError
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.throw_octopus import GAME, seascape
from gardens_tui.rules.throw_octopus.components import OCTOPUS, tile_name
from gardens_tui.rules.throw_octopus.invariants import check
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.saves import SaveError

GOLDEN = Path(__file__).resolve().parent.parent / "golden"

SEATS = {1: ["Ann"], 3: ["Ann", "Bob", "Cleo"], 4: ["Ann", "Bob", "Cleo", "Dan"]}
SEATS[5] = [*SEATS[4], "Eve"]
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"game-night": True},
    {"tile-list": "sparse"},
    {"tile-list": "sparse", "game-night": True, "hit-chance": "9/10"},
)


def playout(players: int, options: dict[str, Any], seed: int) -> Iterator[ThrowState]:
    """Every position of one game of uniformly random legal actions, the first to the last."""
    state = GAME.new_game(SEATS[players], options, seed)
    rng = Rng(seed_state(seed * 7919 + players))
    yield state
    while not state.over:
        legal = GAME.legal_actions(state)
        state = GAME.apply_trusted(state, legal[rng.randrange(len(legal))])
        yield state


# --- 1. reachable positions keep every invariant ---------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("players", sorted(SEATS))
def test_every_position_of_random_games_keeps_every_invariant(
    players: int, options: dict[str, Any]
) -> None:
    """Invariants: every position of random games keeps them all (several seeds), and so do
    every seat's view and the spectator's (masked tiles count as unknown) and the round trip."""
    for seed in range(3):
        for step, state in enumerate(playout(players, options, seed)):
            check(state)
            if step % 5 == 0 or state.over:
                for seat in (None, *range(players)):
                    check(GAME.view(state, seat))
                check(GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))))


@pytest.mark.parametrize("name", ["throw-octopus-v1.json", "throw-octopus-v2.json"])
def test_every_position_of_the_golden_games_keeps_every_invariant(name: str) -> None:
    """Invariants hold under every rules version the game still loads: the golden Game Nights of
    rules version 1 (migrated to the sparse tile list) and 2, position by position."""
    table = saves.load_table(GOLDEN / name)
    assert table.state.over and len(table.states) > 50
    for state in table.states:
        assert isinstance(state, ThrowState)
        check(state)


def test_a_position_reached_with_the_pile_empty_keeps_every_invariant() -> None:
    """Invariants: passes, lost turns, bonus turns waiting and the end by a locked seascape with
    the pile empty are reached by these games (so the tests above are not vacuous about them;
    random games on the balanced list rarely empty the pile, on the sparse list they do)."""
    seen = {"passed": False, "lost": False, "locked end": False, "bonus waiting": False}
    for seed in range(12):
        for state in playout(4, {"tile-list": "sparse"}, seed):
            check(state)
            seen["passed"] |= bool(state.passed)
            seen["lost"] |= any(state.lost)
            seen["bonus waiting"] |= "bonus" in state.extra
            if state.over and all(state.hands):
                seen["locked end"] = True
    assert all(seen.values()), seen


# --- 2. a broken invariant is refused with the field's path ----------------------------------


@cache
def reachable() -> tuple[ThrowState, ...]:
    """Positions of a few random games of every kind, for the property test to break."""
    states: list[ThrowState] = []
    for players in sorted(SEATS):
        for options in OPTIONS:
            for seed in range(2):
                states.extend(playout(players, options, seed))
    return tuple(states)


Edit = Callable[[Any, ThrowState], str | None]
"""Breaks one invariant in the saved form (or, ``on_state``, in a copy of the position) of the
reachable position given second; returns the path ``check`` must name, ``None`` when the break
does not apply to that position."""


@dataclass(frozen=True)
class Break:
    """One way to break one invariant."""

    invariant: str
    edit: Edit
    on_state: bool = False
    """``from_dict`` already refuses this break: it is made on a copy of the position."""


def _multi(s: ThrowState) -> bool:
    return not s.solo and not s.over


def _duplicate_tile(p: ThrowState, s: ThrowState) -> str | None:
    if not s.pile or not s.hands[0]:
        return None
    p.pile[0] = p.hands[0][0]
    return "state.pile[0]"


def _unsorted_hand(p: ThrowState, s: ThrowState) -> str | None:
    seat = next((i for i, h in enumerate(s.hands) if len(set(h)) > 1), None)
    if seat is None:
        return None
    p.hands[seat] = sorted(p.hands[seat], reverse=True)
    return f"state.hands[{seat}]"


def _revealed_twice(d: Any, s: ThrowState) -> str | None:
    seat = next((i for i, h in enumerate(s.revealed) if h), None)
    if seat is None:
        return None
    d["revealed"][seat].insert(0, d["revealed"][seat][0])
    return f"state.revealed[{seat}][1]"


def _extra_shield(p: ThrowState, s: ThrowState) -> str | None:
    if s.solo:
        return None
    p.held[0].append("shield")
    return "state.held"


def _fresh_touch(d: Any, s: ThrowState) -> str | None:
    if s.solo:
        return None
    for pile in ("deck", "discard"):
        if "touch" in d[pile]:
            d[pile].remove("touch")
            d["held"][s.active].append("touch")
            d["fresh_touch"] = 1
            return "state.fresh_touch"
    return None


def _two_pieces(d: Any, s: ThrowState) -> str | None:
    board = s.board
    if len(board) < 4:
        return None
    for x, y in sorted(board):
        pair = [(x, y), (x + 1, y)]
        if pair[1] not in board:
            continue
        rest = set(board) - set(pair)
        if all(any((a + dx, b + dy) in rest for dx, dy in seascape.SIDES) for a, b in rest):
            for cell in d["seascape"]:
                if (cell[0], cell[1]) in pair:
                    cell[0] += 40
            return "state.seascape"
    return None


def _early_seascape(d: Any, s: ThrowState) -> str | None:
    if len(s.board) < 3:
        return None
    d["turn"] = 1
    return "state.seascape"


def _uncounted_creatures(d: Any, s: ThrowState) -> str | None:
    points = seascape.complete_points(s)
    if not points or s.solo:
        return None
    d["creatures"] = [[0, 0] for _ in s.players]
    return "state.creatures"


def _solo_creature(d: Any, s: ThrowState) -> str | None:
    if not s.solo:
        return None
    d["creatures"][0][0] += 1
    return "state.creatures[0][0]"


def _solo_card_phase(p: ThrowState, s: ThrowState) -> str | None:
    if not s.solo or s.phase != "play":
        return None
    p.phase = "gift"
    return "state.phase"


def _solo_lost_turn(d: Any, s: ThrowState) -> str | None:
    if not s.solo:
        return None
    d["lost"][0] = 1
    return "state.lost[0]"


def _gift_without_card(d: Any, s: ThrowState) -> str | None:
    if not _multi(s) or s.phase != "play" or s.discard[-1:] == ["gift"]:
        return None
    d["phase"] = "gift"
    return "state.discard"


def _shielded_target(d: Any, s: ThrowState) -> str | None:
    if s.phase != "dodge":
        return None
    for pile in ("deck", "discard"):
        if "shield" in d[pile]:
            d[pile].remove("shield")
            d["held"][s.target].append("shield")
            return f"state.held[{s.target}]"
    return None


def _active_loses_a_turn(d: Any, s: ThrowState) -> str | None:
    if not _multi(s):
        return None
    d["lost"][s.active] = 1
    return f"state.lost[{s.active}]"


def _lost_99(d: Any, s: ThrowState) -> str | None:
    if not _multi(s):
        return None
    seat = (s.active + 1) % len(s.players)
    d["lost"][seat] = 99
    return f"state.lost[{seat}]"


def _unearned_bonus(d: Any, s: ThrowState) -> str | None:
    if not _multi(s):
        return None
    d["extra"] = ["bonus"] * (sum(s.creatures[s.active]) + 1)
    return "state.extra"


def _pass_with_pile(d: Any, s: ThrowState) -> str | None:
    if not _multi(s) or not s.pile:
        return None
    d["passed"] = 1
    return "state.passed"


def _everyone_passed(d: Any, s: ThrowState) -> str | None:
    if not _multi(s) or s.pile:
        return None
    d["passed"] = (1 << len(s.players)) - 1
    return "state.passed"


def _empty_hand(d: Any, s: ThrowState) -> str | None:
    if not _multi(s):
        return None
    n = len(s.players)
    seat = next((i for i in range(n) if not s.lost[i] and i != s.target), None)
    if seat is None:
        return None
    other = (seat + 1) % n
    d["hands"][seat] = []
    d["hands"][other] = [tile_name(t) for t in sorted(s.hands[other] + s.hands[seat])]
    return f"state.hands[{seat}]"


def _short_solo_hand(d: Any, s: ThrowState) -> str | None:
    if not s.solo or s.phase != "play" or not s.pile or s.over:
        return None
    d["pile"].append(d["hands"][0].pop())
    return "state.hands[0]"


def _early_result(d: Any, s: ThrowState) -> str | None:
    if s.over or s.options["game-night"]:
        return None
    d["results"] = [[len(h) for h in s.hands]]
    d["revealed"] = copy.deepcopy(d["hands"])
    return "state.results"


def _revealed_against_result(d: Any, s: ThrowState) -> str | None:
    if s.solo or not s.results:
        return None
    seat = next((i for i, h in enumerate(s.revealed) if h), None)
    if seat is None:
        return None
    other = (seat + 1) % len(s.players)
    d["revealed"][seat].pop()
    d["revealed"][other] = [
        tile_name(t) for t in sorted([*s.revealed[other], s.revealed[seat][-1]])
    ]
    return f"state.revealed[{min(seat, other)}]"


def _over_too_soon(d: Any, s: ThrowState) -> str | None:
    if s.over or s.options["game-night"] or s.phase != "play" or not s.pile:
        return None
    if not s.solo and not all(s.hands):
        return None
    d.update(over=True, phase="over", extra=[], bonus_turn=False, target=-1)
    small, large = s.creatures[0]
    d["results"] = [[small + 2 * large]] if s.solo else [[len(h) for h in s.hands]]
    d["revealed"] = copy.deepcopy(d["hands"])
    return "state.over"


def _revealed_not_the_hands(d: Any, s: ThrowState) -> str | None:
    if not s.over or not s.board:
        return None
    seat = next((i for i, h in enumerate(s.revealed) if h), None)
    if seat is None:
        return None
    stranger = min(code >> 1 for code in s.board.values())
    hand = [t for t in s.revealed[seat] if t != s.revealed[seat][0]] + [stranger]
    d["revealed"][seat] = [tile_name(t) for t in sorted(hand)]
    return "state.revealed"


def _private_line_readdressed(d: Any, s: ThrowState) -> str | None:
    """Issue 28: one seat's secret line (``Bob drew t40``) addressed to another seat."""
    taken = {(index, seat) for index, seat, _ in s.private_events}
    for i, (index, _, line) in enumerate(s.private_events):
        for other, name in enumerate(s.players):
            if name not in line and (index, other) not in taken:
                d["private_events"][i][1] = other
                return f"state.private_events[{i}][1]"
    return None


BREAKS: tuple[Break, ...] = (
    Break("1 a tile in two places", _duplicate_tile, on_state=True),
    Break("2 a hand out of tile order", _unsorted_hand, on_state=True),
    Break("2 a tile shown twice at the end", _revealed_twice),
    Break("3 the action cards do not add up", _extra_shield, on_state=True),
    Break("3 a fresh Magic Touch between decisions", _fresh_touch),
    Break("4 a seascape in two pieces", _two_pieces),
    Break("4 more tiles than turns", _early_seascape),
    Break("5 complete creatures nobody completed", _uncounted_creatures),
    Break("5 solo creatures not on the seascape", _solo_creature),
    Break("6 an action card decision in solo play", _solo_card_phase, on_state=True),
    Break("7 a gift without its card", _gift_without_card),
    Break("7 a shield holder dodging", _shielded_target),
    Break("8 a lost turn in solo play", _solo_lost_turn),
    Break("8 the active seat has a turn to lose", _active_loses_a_turn),
    Break("8 a bonus turn nobody earned", _unearned_bonus),
    Break("8 a pass with tiles in the pile", _pass_with_pile),
    Break("8 everyone passed and the game goes on", _everyone_passed),
    Break("9 99 turns to lose", _lost_99),
    Break("10 an empty hand while the game goes on", _empty_hand),
    Break("10 a short solo hand while the pile lasts", _short_solo_hand),
    Break("11 a result before the end", _early_result),
    Break("11 hands shown against the result", _revealed_against_result),
    Break("12 over before the end", _over_too_soon),
    Break("12 hands shown at the end not as they are", _revealed_not_the_hands),
    Break("13 a private line addressed to another seat", _private_line_readdressed),
)


def names(path: str, expected: str) -> bool:
    """Whether the error's ``path`` names the field ``expected`` (or a part of it)."""
    return path == expected or path.startswith((expected + "[", expected + " "))


def broken_positions(rule: Break) -> list[tuple[ThrowState, ThrowState, str]]:
    """Up to 4 reachable positions the break applies to, spread over the games, as
    ``(original, broken, expected path)``."""
    found: list[tuple[ThrowState, ThrowState, str]] = []
    states = reachable()
    for i in range(0, len(states), 7):
        state = states[i]
        if rule.on_state:
            broken = state.copy()
            path = rule.edit(broken, state)
        else:
            data = json.loads(json.dumps(GAME.to_dict(state)))
            path = rule.edit(data, state)
            if path is not None:
                broken = GAME.from_dict(data)  # from_dict accepts it: only check refuses it
        if path is not None:
            found.append((state, broken, path))
            if len(found) == 4:
                break
    return found


@pytest.mark.parametrize("rule", BREAKS, ids=lambda b: b.invariant)
def test_a_position_breaking_one_invariant_is_refused_naming_the_field(rule: Break) -> None:
    """Property (issue 28): reachable positions broken in one invariant are refused by
    ``check`` with a FieldError naming the field; the unbroken positions pass."""
    found = broken_positions(rule)
    assert found, f"no reachable position to break for {rule.invariant!r}"
    for state, broken, path in found:
        check(state)
        if rule.on_state:
            with pytest.raises(FieldError):
                GAME.from_dict(GAME.to_dict(broken))
        with pytest.raises(FieldError) as refused:
            check(broken)
        assert names(refused.value.path, path), (rule.invariant, str(refused.value))
        assert refused.value.problem and "\n" not in refused.value.problem


def test_check_changes_nothing() -> None:
    """``check`` reads the position only (it must not change a state it refuses or accepts)."""
    for state in reachable()[::50]:
        before = GAME.to_dict(state)
        check(state)
        assert GAME.to_dict(state) == before


# --- 3. the examples of issue 28 -------------------------------------------------------------


def a_position(players: int = 3, moves: int = 30, **options: Any) -> ThrowState:
    """A reachable position ``moves`` decisions into a random game of ``players``."""
    for i, state in enumerate(playout(players, options, 5)):
        if i == moves:
            return state
    raise AssertionError("the game ended too soon")


def test_issue_example_an_empty_hand_while_the_game_goes_on_is_refused() -> None:
    """Rule: the first player to empty their hand wins at once, so an empty hand in a game that
    goes on is unreachable."""
    state = a_position()
    data = GAME.to_dict(state)
    data["pile"] += data["hands"][1]
    data["hands"][1] = []
    with pytest.raises(FieldError) as refused:
        check(GAME.from_dict(data))
    assert refused.value.path == "state.hands[1]"
    assert "empty hand wins" in refused.value.problem


def test_issue_example_99_turns_to_lose_is_refused() -> None:
    """Rule: a hit costs one turn, and only so many hits can be waiting (``lost[0] = 99``)."""
    state = a_position()
    data = GAME.to_dict(state)
    seat = 1 if state.active == 0 else 0
    data["lost"][seat] = 99
    with pytest.raises(FieldError) as refused:
        check(GAME.from_dict(data))
    assert refused.value.path == f"state.lost[{seat}]"
    assert "99 turns to lose" in refused.value.problem


def finished_game_night_game() -> ThrowState:
    """A reachable Game Night position just after its first game ended (``revealed`` set)."""
    for state in playout(3, {"game-night": True}, 1):
        if state.results:
            return state
    raise AssertionError("no game of the night ended")


def test_issue_example_a_tile_named_twice_in_start_revealed_is_refused() -> None:
    """Rule: each tile is in one hand at the end of a game: a ``start`` position (the loader
    checks it like a hand-written one) naming a tile twice in ``revealed`` is refused."""
    state = finished_game_night_game()
    start = GAME.to_dict(state)
    first = start["revealed"][0][0]
    start["revealed"][1] = sorted([*start["revealed"][1], first], key=lambda t: int(t[1:]))
    envelope = {
        "format": "gardens-tui/snapshot",
        "version": 1,
        "game": "throw-octopus",
        "rules_version": GAME.spec.rules_version,
        "setup": {"players": [{"name": n} for n in state.players], "options": state.options},
        "start": start,
        "actions": [],
    }
    with pytest.raises(SaveError) as refused:
        saves.table_from_snapshot(envelope)
    assert "start" in str(refused.value) and "state.revealed[1]" in str(refused.value)
    assert f"{first} is shown twice" in str(refused.value)
    good = dict(envelope, start=GAME.to_dict(state))
    loaded = saves.table_from_snapshot(good).states[0]
    assert isinstance(loaded, ThrowState) and GAME.states_equal(loaded, state)


def test_gardens_check_refuses_a_hand_written_position_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens check`` on a position written by hand (no actions) whose second player holds
    no tile while the game goes on: exit 2, the field and the reason on stderr, file unchanged."""
    path = tmp_path / "octopus.json"
    assert cli.main(["new", "throw-octopus", "--players", "Ann,Bob,Cleo", "-o", str(path)]) == 0
    data = json.loads(path.read_text())
    del data["actions"]
    data["state"]["pile"] += data["state"]["hands"][1]
    data["state"]["hands"][1] = []
    path.write_text(json.dumps(data))
    written = path.read_bytes()
    capsys.readouterr()
    assert cli.main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "state.hands[1]" in err and "empty hand wins" in err
    assert path.read_bytes() == written
    assert cli.main(["score", str(path)]) == 2


def test_the_lost_turn_bound_counts_the_octopus_tiles_on_the_seascape() -> None:
    """Rule (invariant 9): with the pile empty a hit draws nothing, so a seat may have more lost
    turns than half its hand, up to one per octopus tile on the seascape."""
    sparse = {"tile-list": "sparse"}
    state = next(
        s for seed in range(12) for s in playout(4, sparse, seed) if not s.pile and not s.over
    )
    octopus = sum(1 for code in state.board.values() if OCTOPUS[code >> 1])
    seat = (state.active + 1) % 4
    data = GAME.to_dict(state)
    data["lost"][seat] = len(state.hands[seat]) // 2 + octopus
    check(GAME.from_dict(data))
    data["lost"][seat] += 1
    with pytest.raises(FieldError) as refused:
        check(GAME.from_dict(data))
    assert refused.value.path == f"state.lost[{seat}]"
