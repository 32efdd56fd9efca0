"""Tanuki in the Garden's invariants (:mod:`gardens_tui.rules.tanuki.invariants`, issue 28).

1. Every position of random games (2-8 players, the faster game, Garden Master, rules versions 1
   and 2), its views and its round trip keep every invariant, and so do a tie-break, the turn
   limit and every position of the golden files of both rules versions.
2. Property: a reachable position broken in one invariant at a time is refused by ``check`` with
   a :class:`FieldError` whose path names the field. Most breaks are made on the saved form
   (``to_dict`` → edit → ``from_dict``, which must accept them: only the invariants catch them);
   those ``from_dict`` refuses by itself are made on a copy of the position, to show the
   invariants catch them too.
3. The examples of issue 28: a game marked over with shiitake at 4/0/1 of 15 and 37 tiles in
   the pile; a monk's trail that jumps across the board (a3 → f6 → b3); and ``gardens check``
   refusing such a file with the reason.
"""

from __future__ import annotations

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
from gardens_tui.rules.tanuki import GAME
from gardens_tui.rules.tanuki.board import front_square
from gardens_tui.rules.tanuki.components import AROUND, EDGES, SQUARES, parse_square, square_name
from gardens_tui.rules.tanuki.engine import MAX_TURNS
from gardens_tui.rules.tanuki.invariants import check
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import EDGE_BASE, EMPTY, ROCK, TanukiState

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")
MASTER = {"garden-master": True}
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    MASTER,
    {"faster-game": True},
    {"faster-game": True, "garden-master": True},
)


def playout(
    players: int, options: dict[str, Any], seed: int, rules: int = 2
) -> Iterator[TanukiState]:
    """Every position of one game of uniformly random legal actions, the first to the last,
    played under rules version ``rules`` (as a migrated version 1 file plays)."""
    state = GAME.new_game(NAMES[:players], options, seed)
    state.rules = rules
    rng = Rng(seed_state(seed * 7919 + players))
    yield state
    while not state.over:
        legal = GAME.legal_actions(state)
        state = GAME.apply_trusted(state, legal[rng.randrange(len(legal))])
        yield state


def play_on(state: TanukiState, seed: int) -> Iterator[TanukiState]:
    """The positions of random play from ``state`` to the end of the game."""
    rng = Rng(seed_state(seed))
    while not state.over:
        legal = GAME.legal_actions(state)
        state = GAME.apply_trusted(state, legal[rng.randrange(len(legal))])
        yield state


# --- 1. reachable positions keep every invariant ---------------------------------------------


@pytest.mark.parametrize("rules", [1, 2])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_every_position_of_random_games_keeps_every_invariant(
    players: int, options: dict[str, Any], rules: int
) -> None:
    """Invariants: every position of random games keeps them all (several seeds, every option
    and both rules versions), and so do every seat's view and the spectator's (masked tiles and
    cards count as unknown) and the round trip."""
    for seed in range(2):
        for step, state in enumerate(playout(players, options, seed, rules)):
            check(state)
            if step % 6 == 0 or state.over:
                for seat in (None, *range(players)):
                    check(GAME.view(state, seat))
                check(GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))))


@pytest.mark.parametrize("name", ["tanuki-in-the-garden-v1.json", "tanuki-in-the-garden-v2.json"])
def test_every_position_of_the_golden_games_keeps_every_invariant(name: str) -> None:
    """Invariants hold under every rules version the game still loads: the golden Garden
    Master games of rules version 1 (migrated, ``rules: 1``) and 2, position by position."""
    table = saves.load_table(GOLDEN / name)
    assert table.state.over and len(table.states) > 50
    for state in table.states:
        assert isinstance(state, TanukiState)
        check(state)


def placing(players: int = 3, options: dict[str, Any] | None = None) -> TanukiState:
    """A reachable position where the active seat places a tile, a few turns into a game."""
    for state in playout(players, options or {}, 4):
        if state.phase == "place" and state.turn >= 4:
            return state
    raise AssertionError("no place decision")


def test_a_tie_break_keeps_every_invariant() -> None:
    """Rule: leaders tied at the target take extra turns; every position of the tie-break and
    its end keep the invariants."""
    state = placing()
    target = state.target
    state.shiitake = [target, target, target - 5]
    seen = set()
    for after in play_on(GAME.apply(state, ("pass",)), 3):
        check(after)
        seen.add(after.extra)
    assert max(seen) >= 1


def test_the_turn_limit_keeps_every_invariant() -> None:
    """Rule: the game stops at turn 600 with nobody at the target; that end keeps them."""
    state = placing()
    state.turn = MAX_TURNS
    after = GAME.apply(state, ("pass",))
    assert after.over and max(after.shiitake) < after.target
    check(after)


# --- 2. a broken invariant is refused with the field's path ----------------------------------


@cache
def reachable() -> tuple[TanukiState, ...]:
    """Positions of a few random games of every kind, for the property test to break."""
    states: list[TanukiState] = []
    for players in (2, 4, 6):
        for options in OPTIONS:
            states.extend(playout(players, options, 1))
            states.extend(playout(players, options, 2, rules=1))
    return tuple(states)


Edit = Callable[[Any, TanukiState], str | None]
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


def cell(sq: int) -> tuple[int, int]:
    """The row and column of a square in the saved board."""
    return sq // 6, sq % 6


def path_end_monks(s: TanukiState) -> list[int]:
    """Seats whose monks stand at the end of their paths (not off, not on an edge space)."""
    return [seat for seat, m in enumerate(s.monks) if 0 <= m < EDGE_BASE]


def _duplicate_tile(p: TanukiState, s: TanukiState) -> str | None:
    if not s.pile or not s.hands[0]:
        return None
    p.pile[0] = p.hands[0][0]
    return "state.pile[0]"


def _four_tiles(p: TanukiState, s: TanukiState) -> str | None:
    seat = next((i for i, h in enumerate(s.hands) if len(h) == 3), None)
    if seat is None or not s.pile:
        return None
    p.hands[seat].append(p.pile.pop())
    return f"state.hands[{seat}]"


def _card_used_without_master(d: Any, s: TanukiState) -> str | None:
    if s.master:
        return None
    d["card_used"] = True
    return "state.card_used"


def _duplicate_card(p: TanukiState, s: TanukiState) -> str | None:
    if not s.master or not s.deck:
        return None
    p.spent.append(p.deck[0])
    return "state.spent"


def _take_cards_out(d: Any, names: list[str]) -> None:
    """Remove the cards ``names`` from wherever they are in the saved form."""
    for name in names:
        for place in (d["deck"], d["spent"], *d["cards"]):
            if name in place:
                place.remove(name)
                break
        else:
            raise AssertionError(f"{name} not found")


def _free_traps(s: TanukiState) -> bool:
    return s.master and all(t < 0 for t in s.traps) and s.phase != "offense"


def _two_traps_one_square(d: Any, s: TanukiState) -> str | None:
    if not _free_traps(s):
        return None
    sq = next(q for q in range(SQUARES) if q not in s.tanuki)
    _take_cards_out(d, ["trap-a", "trap-b"])
    d["traps"] = [square_name(sq), square_name(sq), None]
    d["trap_owner"] = [0, 0, -1]
    return "state.traps[1]"


def _tanuki_on_trap(d: Any, s: TanukiState) -> str | None:
    if not _free_traps(s) or s.tanuki[0] < 0:
        return None
    _take_cards_out(d, ["trap-a"])
    d["traps"][0] = square_name(s.tanuki[0])
    d["trap_owner"][0] = 0
    return "state.traps[0]"


def _rock_with_stash(d: Any, s: TanukiState) -> str | None:
    if not s.master or s.board.count(ROCK) >= 4:
        return None
    taken = {s.monk_square(seat) for seat in range(len(s.players))}
    sq = next((q for q in range(SQUARES) if s.board[q] == EMPTY and q not in taken), None)
    if sq is None:
        return None
    r, c = cell(sq)
    d["board"][r][c] = "rock"
    d["stash"][r][c] = 2
    return f"state.stash[{r}][{c}]"


def _monk_beside_rock(d: Any, s: TanukiState) -> str | None:
    if not s.master or s.board.count(ROCK) >= 4:
        return None
    for seat, m in enumerate(s.monks):
        if m >= EDGE_BASE and s.board[EDGES[m - EDGE_BASE][0]] == EMPTY:
            r, c = cell(EDGES[m - EDGE_BASE][0])
            d["board"][r][c] = "rock"
            d["stash"][r][c] = 0
            return f"state.monks[{seat}]"
    return None


def _path_goes_on(d: Any, s: TanukiState) -> str | None:
    if not s.pile:
        return None
    for seat in path_end_monks(s):
        ahead = front_square(s, seat)
        if s.board[ahead] == EMPTY:
            r, c = cell(ahead)
            d["board"][r][c] = f"{d['pile'].pop()} r0"
            first = min(o for o in path_end_monks(s) if front_square(s, o) == ahead)
            return f"state.monks[{first}]"
    return None


def _monk_on_no_tile(d: Any, s: TanukiState) -> str | None:
    seats = path_end_monks(s)
    empty = next((q for q in range(SQUARES) if s.board[q] == EMPTY), None)
    if not seats or empty is None:
        return None
    d["monks"][seats[0]] = f"{square_name(empty)} end 2"
    return f"state.monks[{seats[0]}]"


def _two_monks_one_end(d: Any, s: TanukiState) -> str | None:
    seats = path_end_monks(s)
    if not seats or seats[0] == len(s.players) - 1:
        return None
    other = len(s.players) - 1
    d["monks"][other] = d["monks"][seats[0]]
    d["trail"][other] = d["trail"][seats[0]]
    return f"state.monks[{other}]"


def _trail_jumps(d: Any, s: TanukiState) -> str | None:
    for seat in path_end_monks(s):
        walked = set(s.trail[seat])
        near = {q for sq in walked for q in AROUND[sq]}
        far = next((q for q in range(SQUARES) if q not in near), None)
        if far is not None:
            d["trail"][seat].append(square_name(far))
            return f"state.trail[{seat}][{len(s.trail[seat])}]"
    return None


def _trail_on_edge(d: Any, s: TanukiState) -> str | None:
    seat = next((i for i, m in enumerate(s.monks) if m >= EDGE_BASE), None)
    if seat is None:
        return None
    d["trail"][seat] = [square_name(s.monk_square(seat))]
    return f"state.trail[{seat}]"


def _trail_starts_inside(d: Any, s: TanukiState) -> str | None:
    seats = path_end_monks(s)
    if not seats:
        return None
    d["trail"][seats[0]].insert(0, "c3")
    return f"state.trail[{seats[0]}][0]"


def _trail_misses_the_monk(d: Any, s: TanukiState) -> str | None:
    seats = path_end_monks(s)
    if not seats:
        return None
    here = square_name(s.monk_square(seats[0]))
    d["trail"][seats[0]].remove(here)
    return f"state.trail[{seats[0]}]"


def _one_die(d: Any, s: TanukiState) -> str | None:
    if 0 in s.dice:
        return None
    d["dice"][1] = 0
    return "state.dice"


def _dice_at_zero(d: Any, s: TanukiState) -> str | None:
    if s.turn == 1:
        return None
    d["dice"] = [0, 0]
    return "state.dice"


def _direction_against_die(d: Any, s: TanukiState) -> str | None:
    if s.phase == "steer" or not 1 <= s.dice[0] <= 4:
        return None
    d["dirs"][0] = s.dice[0] % 4 + 1
    return "state.dirs[0]"


def _five_outside_steering(d: Any, s: TanukiState) -> str | None:
    if s.phase in ("steer", "over") or 0 in s.dice:
        return None
    d["dice"][0] = 5
    d["dirs"][0] = 5
    return "state.dirs"


def _tanuki_left_to_move(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place":
        return None
    d["moving"] = 1
    return "state.moving"


def _queue_while_placing(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place":
        return None
    d["queue"] = [s.active]
    return "state.queue"


def _active_discards(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place" or not s.hands[s.active]:
        return None
    d.update(phase="discard", queue=[s.active])
    d["magari"][s.active] = True
    return "state.queue[0]"


def _edge_out_of_turn(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place" or s.turn == 1:
        return None
    other = (s.active + 1) % len(s.players)
    d["monks"][other] = "off"
    d["trail"][other] = []
    d.update(phase="edge", queue=[other])
    return "state.queue"


def _buy_without_shiitake(d: Any, s: TanukiState) -> str | None:
    if not s.master or s.phase != "place":
        return None
    d["phase"] = "buy"
    d["shiitake"][s.active] = 0
    return "state.phase"


def _two_effects(d: Any, s: TanukiState) -> str | None:
    if not s.master or s.phase != "place":
        return None
    d.update(effects=["dens", "escape"], card_used=True)
    return "state.effects"


def _effect_without_card(d: Any, s: TanukiState) -> str | None:
    if not s.master or s.phase != "place":
        return None
    d.update(effects=["dens"], card_used=False)
    return "state.card_used"


def _play_outside_window(d: Any, s: TanukiState) -> str | None:
    if not s.master or s.phase != "place":
        return None
    d["play"] = [1]
    return "state.play"


def before_the_tanuki(s: TanukiState) -> bool:
    """Nothing of the turn has happened yet (a plain case of it)."""
    return s.phase in ("before", "steer") or (s.phase == "edge" and s.turn > 1)


def _placed_before_roll(d: Any, s: TanukiState) -> str | None:
    if not before_the_tanuki(s):
        return None
    d["placed"] = 1
    return "state.placed"


def _magari_before_walk(d: Any, s: TanukiState) -> str | None:
    if not before_the_tanuki(s):
        return None
    d["magari"][0] = True
    return "state.magari[0]"


def _had_tiles_wrong(d: Any, s: TanukiState) -> str | None:
    if not before_the_tanuki(s):
        return None
    d["had_tiles"] = not s.had_tiles
    return "state.had_tiles"


def _other_crossed_before_any_tile(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place" or s.placed:
        return None
    other = (s.active + 1) % len(s.players)
    d["magari"][other] = True
    return f"state.magari[{other}]"


def _no_last_tile(d: Any, s: TanukiState) -> str | None:
    if not s.placed:
        return None
    d["last"] = None
    return "state.last"


def _placing_off_the_board(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place":
        return None
    d["monks"][s.active] = "off"
    d["trail"][s.active] = []
    return f"state.monks[{s.active}]"


def _second_tile_without_stroll(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place" or "stroll" in s.effects:
        return None
    d.update(placed=2, last=d["last"] or "a1")
    return "state.placed"


def _tiebreak_outside_extra_round(d: Any, s: TanukiState) -> str | None:
    if s.extra or s.over:
        return None
    d["tiebreak"] = [(s.active + 1) % len(s.players)]
    return "state.tiebreak"


def _beyond_turn_limit(d: Any, s: TanukiState) -> str | None:
    if s.extra or 0 in s.dice:
        return None
    d["turn"] = MAX_TURNS + 1
    return "state.turn"


def _target_at_turn_start(d: Any, s: TanukiState) -> str | None:
    start = s.phase == "edge" or (s.phase == "before" and not s.card_used)
    if not start or s.extra:
        return None
    d["shiitake"][0] = s.target
    return "state.shiitake[0]"


def _over_too_soon(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place" or s.extra:
        return None
    d.update(over=True, phase="over", queue=[])
    below = [s.target - 1 - 3 * len(cards) for cards in s.cards]  # a card counts 3 at most
    d["shiitake"] = [max(0, min(x, most)) for x, most in zip(s.shiitake, below, strict=True)]
    return "state.over"


def _over_tied(d: Any, s: TanukiState) -> str | None:
    if s.phase != "place" or s.extra or s.master:
        return None
    d.update(over=True, phase="over", queue=[])
    d["shiitake"] = [s.target, s.target] + [0] * (len(s.players) - 2)
    return "state.over"


def _private_line_readdressed(d: Any, s: TanukiState) -> str | None:
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
    Break("1 a hand of four tiles", _four_tiles, on_state=True),
    Break("2 a card used without the expansion", _card_used_without_master),
    Break("3 a card in two places", _duplicate_card, on_state=True),
    Break("4 two traps on one square", _two_traps_one_square),
    Break("4 a tanuki on a trap", _tanuki_on_trap),
    Break("4 a stash on a rock garden", _rock_with_stash),
    Break("4 a monk beside a rock garden", _monk_beside_rock),
    Break("5 a monk whose path goes on", _path_goes_on),
    Break("5 a monk on no tile", _monk_on_no_tile),
    Break("5 two monks at one path end", _two_monks_one_end),
    Break("6 a trail that jumps", _trail_jumps),
    Break("6 a trail while on an edge space", _trail_on_edge),
    Break("6 a trail starting inside the garden", _trail_starts_inside),
    Break("6 a trail without the monk's square", _trail_misses_the_monk),
    Break("7 one die rolled", _one_die),
    Break("7 dice at 0 after the first roll", _dice_at_zero),
    Break("7 a direction against its die", _direction_against_die),
    Break("7 a 5 waiting outside steering", _five_outside_steering),
    Break("8 a tanuki left to move", _tanuki_left_to_move),
    Break("9 a seat in line to place", _queue_while_placing),
    Break("9 the active seat discarding", _active_discards),
    Break("9 an edge chosen out of turn", _edge_out_of_turn),
    Break("10 a card bought without 2 shiitake", _buy_without_shiitake),
    Break("10 two lasting effects", _two_effects),
    Break("10 an effect with no card played", _effect_without_card),
    Break("10 a card played outside the window", _play_outside_window),
    Break("11 a tile placed before the tanuki move", _placed_before_roll),
    Break("11 an ashi-magari before any walk", _magari_before_walk),
    Break("11 tiles at the start of the turn misremembered", _had_tiles_wrong),
    Break("11 another monk walked before any tile", _other_crossed_before_any_tile),
    Break("11 the active monk off the board while placing", _placing_off_the_board),
    Break("11 a second tile without Speed Stroll", _second_tile_without_stroll),
    Break("11 a tile placed this turn but no last tile", _no_last_tile),
    Break("12 a tie-break seat outside an extra round", _tiebreak_outside_extra_round),
    Break("12 beyond the turn limit", _beyond_turn_limit),
    Break("13 the target reached at the start of a turn", _target_at_turn_start),
    Break("14 over before anyone reached the target", _over_too_soon),
    Break("14 over with the leaders tied", _over_tied),
    Break("15 a private line addressed to another seat", _private_line_readdressed),
)


def names(path: str, expected: str) -> bool:
    """Whether the error's ``path`` names the field ``expected`` (or a part of it)."""
    return path == expected or path.startswith((expected + "[", expected + " "))


def broken_positions(rule: Break) -> list[tuple[TanukiState, TanukiState, str]]:
    """Up to 4 reachable positions the break applies to, spread over the games, as
    ``(original, broken, expected path)``."""
    found: list[tuple[TanukiState, TanukiState, str]] = []
    states = reachable()
    for i in range(0, len(states), 5):
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
    for state in reachable()[::40]:
        before = GAME.to_dict(state)
        check(state)
        assert GAME.to_dict(state) == before


# --- 3. the examples of issue 28 -------------------------------------------------------------


def over_too_soon() -> dict[str, Any]:
    """The issue's example: three players, marked over with shiitake at 4/0/1 of 15 while 37
    tiles are still in the pile (a reachable position, marked over by hand)."""
    state = next(s for s in playout(3, {}, 7) if len(s.pile) == 37 and s.phase == "place")
    data = GAME.to_dict(state)
    data.update(over=True, phase="over", queue=[], shiitake=[4, 0, 1])
    return data


def test_issue_example_over_with_shiitake_at_4_0_1_of_15_is_refused() -> None:
    """Rule: the game ends when a seat reaches the target (15 for three players), not before."""
    with pytest.raises(FieldError) as refused:
        check(GAME.from_dict(over_too_soon()))
    assert refused.value.path == "state.over"
    assert (
        "reaches 15 shiitake" in refused.value.problem
        and "anyone has is 4" in refused.value.problem
    )


def monk_on_b3(trail: list[str]) -> TanukiState:
    """Ann's monk at the north end of a tile on b3 (its path ends facing the empty b2), with
    ``trail`` as the squares it walked."""
    tile = tile_joining({7: 0})
    state = make_position(
        ("Ann", "Bob"),
        board={"b3": tile},
        monks={0: "b3 end 0", 1: "edge e4"},
        dice=[3, 4],
        dirs=[3, 0],
        moving=4,
    )
    state.trail = [[square(q) for q in trail], []]
    return state


def square(name: str) -> int:
    """The square ``name`` names (``"b3"``)."""
    sq = parse_square(name)
    assert sq is not None, name
    return sq


def test_issue_example_a_trail_that_jumps_across_the_board_is_refused() -> None:
    """Rule: a monk walks square by square, so its trail never jumps (a3 → f6 → b3)."""
    check(monk_on_b3(["a3", "b3"]))
    data = GAME.to_dict(monk_on_b3(["a3", "f6", "b3"]))
    with pytest.raises(FieldError) as refused:
        check(GAME.from_dict(data))
    assert refused.value.path == "state.trail[0][1]"
    assert "f6 is not beside any square walked before it" in refused.value.problem


def test_gardens_check_refuses_a_game_over_too_soon_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens check`` (and ``score``, which printed "Game over. Winner: Ann") on the issue's
    hand-written position marked over at 4/0/1 of 15: exit 2, the field and the reason on
    stderr, the file unchanged."""
    path = tmp_path / "tanuki.json"
    names_ = ",".join(NAMES[:3])
    assert cli.main(["new", "tanuki-in-the-garden", "--players", names_, "-o", str(path)]) == 0
    data = json.loads(path.read_text())
    del data["actions"], data["setup"]
    data["state"] = over_too_soon()
    path.write_text(json.dumps(data))
    written = path.read_bytes()
    capsys.readouterr()
    for command in ("check", "score"):
        assert cli.main([command, str(path)]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert "state.over" in err and "reaches 15 shiitake" in err
    assert path.read_bytes() == written


def test_two_monks_share_a_square_on_two_paths_but_never_one_path() -> None:
    """Rule (invariant 5): two monks may stand in one square at the ends of two paths; two monks
    at the two ends of one path would have crashed (a head-on meeting)."""
    tile = tile_joining({7: 0, 1: 2})
    state = make_position(
        ("Ann", "Bob"),
        board={"b3": tile},
        monks={0: "b3 end 0", 1: "b3 end 2"},
        dice=[3, 4],
        dirs=[3, 0],
        moving=4,
    )
    state.trail = [[square("a3"), square("b3")], [square("b1"), square("b2"), square("b3")]]
    check(state)
    state.monks[1] = square("b3") * 8 + 7
    state.trail[1] = state.trail[0][:]
    with pytest.raises(FieldError) as refused:
        check(state)
    assert refused.value.path == "state.monks[1]" and "crashed" in refused.value.problem
