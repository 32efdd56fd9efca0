"""Setting up, listing legal actions and applying them: the rules of a turn.

``legal_actions`` lists every action of the pending decision in a fixed order; ``apply`` checks
the action against that list (an :class:`IllegalAction` then says why, see :mod:`.refusals`) and
carries it out on a copy. See the package docstring for every decision kind and action shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, IllegalAction, cached_legal
from gardens_tui.rules.octopus_garden import animals, flow, refusals, treasure
from gardens_tui.rules.octopus_garden.board import (
    CELL_NAMES,
    MARKET_LINES,
    NUM_CELLS,
    cell_name,
    market_line,
    market_name,
)
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    BOXER,
    CHEST,
    CODES,
    COST,
    CRAB,
    CRAB_TRASH,
    DIVER,
    MIMIC,
    MIMIC_ANEMONE,
    MIMIC_SEAGRASS,
    MODULE_TILE_COUNT,
    NAMES,
    NUM_KINDS,
    OYSTER,
    OYSTER_TOKENS,
    RELIC,
    SEAGRASS,
    SHARKS,
    START_PEARLS,
    TRASH,
    bag_counts,
    bonus_values,
)
from gardens_tui.rules.octopus_garden.flow import Log, a, listing
from gardens_tui.rules.octopus_garden.garden import free_anemones
from gardens_tui.rules.octopus_garden.spec import SPEC
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.words import count, possessive

LINES = MARKET_LINES
"""Every market line: (axis, number, spaces)."""


# --- setting up -------------------------------------------------------------------------------


def new_game(players: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> OctopusState:
    """The starting position: empty gardens, 2 pearls each, a random market, seat 0 to play."""
    SPEC.check_player_count(len(players))
    opts = SPEC.normalise_options(options)
    n = len(players)
    pile = list(bonus_values(n))
    s = OctopusState(
        players=tuple(players),
        options=opts,
        rng=seed_state(seed),
        gardens=[[()] * NUM_CELLS for _ in range(n)],
        pearls=[START_PEARLS] * n,
        bed=OYSTER_TOKENS,
        clown_pile=list(pile),
        horse_pile=list(pile),
        clowns=[[] for _ in range(n)],
        horses=[[] for _ in range(n)],
        market=[0] * 9,
        claims=[-1] * 9,
        bag=bag_counts(opts, n),
        out=[0] * NUM_KINDS,
        shark_of=[0] * n,
        shark_bought=[False] * n,
    )
    rng = Rng(s.rng)
    for m in range(9):
        kind = rng.weighted_index(s.bag)
        s.bag[kind] -= 1
        s.market[m] = kind
    s.rng = rng.state
    log: Log = ["The market is set out: " + listing(list(s.market))]
    flow.start_turn(s, log)
    s.events = tuple(log)
    s.chance = False
    return s


# --- legal actions ----------------------------------------------------------------------------


def line_cost(s: OctopusState, seat: int, spaces: Sequence[int]) -> int:
    """What ``seat`` pays for a line: every tile in it (a shark claiming a tile is not paid)."""
    return sum(COST[s.market[m]] for m in spaces)


def _buy_actions(s: OctopusState, seat: int, must_include: int) -> list[Action]:
    acts: list[Action] = []
    pearls = s.pearls[seat]
    market = s.market
    cost = [COST[t] for t in market]
    # Spaces another seat's shark claims make their lines unbuyable for this seat.
    barred = [owner >= 0 and owner != seat for owner in s.claims]
    for axis, number, (i, j, k) in LINES:
        if must_include >= 0 and must_include not in (i, j, k):
            continue
        if not (market[i] or market[j] or market[k]) or barred[i] or barred[j] or barred[k]:
            continue
        if cost[i] + cost[j] + cost[k] <= pearls:
            acts.append(("buy", axis, number))
    return acts


def _market_actions(s: OctopusState) -> list[Action]:
    seat = s.active
    acts = _buy_actions(s, seat, -1)
    garden = s.gardens[seat]
    if s.bed > 0 and s.pearls[seat] >= flow.oyster_price(s, seat) and not all(garden):
        acts.append(("oyster",))
    spaces = flow.discardable_spaces(s)
    if spaces:
        acts.extend(("pass", m) for m in spaces)
    else:
        acts.append(("pass",))
    return acts


def _plant_actions(s: OctopusState) -> list[Action]:
    garden = s.gardens[s.active]
    empty = [c for c in range(NUM_CELLS) if not garden[c]]
    acts: list[Action] = []
    kinds = sorted(set(s.hand))
    for kind in kinds:
        name = NAMES[kind]
        if kind == DIVER:
            acts.append(("plant", name))
        elif kind == BOXER:
            hosts = free_anemones(garden)
            if hosts:
                acts.extend(("plant", name, c) for c in hosts)
            elif not (s.rules >= 2 and ANEMONE in s.hand and empty):
                # (rules version 2: an anemone still to plant will host it; it waits)
                acts.append(("return", name))
        else:
            acts.extend(("plant", name, c) for c in empty)
    need = sum(1 for t in s.hand if flow.needs_space(t))
    if need > len(empty):
        acts.extend(("discard", NAMES[k]) for k in kinds if flow.needs_space(k))
    return acts


def _mimic_actions(s: OctopusState, seat: int) -> list[Action]:
    # Quick rejection: every mimic octopus is accounted for outside the gardens.
    elsewhere = s.bag[MIMIC] + s.out[MIMIC] + s.market.count(MIMIC) + s.hand.count(MIMIC)
    if elsewhere + (s.drawn == MIMIC) == MODULE_TILE_COUNT:
        return []
    cells = [c for c, st in enumerate(s.gardens[seat]) if st and st[0] == MIMIC]
    if not cells:
        return []
    return [("mimic", c, kind) for c in cells for kind in ("anemone", "seagrass")]


def legal_actions(s: OctopusState) -> list[Action]:
    """Every legal action of the pending decision, in a fixed order ([] once the game is over).

    The list is computed once per state and cached on it (states are immutable once handed
    out), so ``legal_actions`` followed by ``apply`` costs one computation.
    """
    cached = cached_legal(s, _compute_legal)
    return list(cached)


def star_must_move(s: OctopusState) -> bool:
    """In the animal phase, whether a sea star still has to move: ``done`` is then absent from
    the legal actions (read from the cached list, so asking costs nothing extra)."""
    return s.phase == "animals" and ("done",) not in cached_legal(s, _compute_legal)


def _compute_legal(s: OctopusState) -> list[Action]:
    if s.over:
        return []
    phase = s.phase
    seat = s.active
    acts: list[Action]
    if phase == "plant":
        acts = _plant_actions(s)
    elif phase == "animals":
        acts = animals.animal_actions(s)
    elif phase == "market":
        acts = _market_actions(s)
    elif phase == "refill":
        acts = [("refill", m) for m in range(9) if not s.market[m]]
    elif phase == "claim":
        seat = s.claim_order[0]
        acts = [("claim", m) for m in flow.claimable_spaces(s)]
        acts.append(("skip",))
    elif phase == "push":
        acts = animals.push_actions(s)
    elif phase == "treasure":
        acts = treasure.treasure_actions(s)
    elif phase == "lionfish":
        acts = [("lionfish", m) for m in flow.discardable_spaces(s)]
        acts.append(("skip",))
    elif phase == "shark":
        acts = _buy_actions(s, seat, s.claimed_space(seat))
        acts.append(("release",))
    else:  # pragma: no cover - from_dict refuses unknown phases
        raise AssertionError(f"unknown phase {phase!r}")
    if s.options.get("mimic-octopus"):
        acts.extend(_mimic_actions(s, seat))
    return acts


# --- applying ---------------------------------------------------------------------------------


def illegal(s: OctopusState, action: Action, text: str) -> IllegalAction:
    """The error for ``action`` (written ``text``) not being legal now: the reason for this very
    position, then the rule's short name (see :mod:`.refusals`)."""
    del text  # the reason stands on its own; the caller already shows what was tried
    return IllegalAction(refusals.reason(s, action))


def apply(s0: OctopusState, action: Action, name: Callable[[Action], str]) -> OctopusState:
    """The state after a legal ``action``; ``IllegalAction`` otherwise, naming the action with
    ``name(action)`` (only called then: formatting is not free on the hot path)."""
    legal = cached_legal(s0, _compute_legal)
    if action not in legal:
        raise illegal(s0, action, name(action))
    return apply_unchecked(s0, action)


def apply_unchecked(s0: OctopusState, action: Action) -> OctopusState:
    """The state after ``action``, which must be one of ``legal_actions(s0)`` (not checked:
    anything else gives an undefined result). ``s0`` is left untouched."""
    s = s0.derive(s0.claim_order[0] if s0.phase == "claim" else s0.active)
    s.chance = False
    s.hidden = s0.hidden
    log: Log = []
    verb = action[0]
    if verb == "plant" or verb == "discard" or verb == "return":
        _apply_plant(s, action, log)
    elif verb == "move":
        animals.apply_move(s, action, log)
    elif verb == "done":
        if s.phase == "push":
            log.append(f"{possessive(s.players[s.active])} coconut octopus finished pushing")
            animals.end_push(s)
        else:
            log.append(f"{s.players[s.active]} finished moving animals")
            flow.after_animals(s, log)
    elif verb == "refill":
        m = action[1]
        s.market[m] = s.drawn
        log.append(f"{s.players[s.active]} put {a(s.drawn)} on {market_name(m)}")
        s.drawn = 0
        flow.refill(s, log)
    elif verb == "buy":
        _apply_buy(s, action[1], action[2], log)
    elif verb == "oyster":
        _apply_oyster(s, log)
    elif verb == "pass":
        _apply_pass(s, action, log)
    elif verb == "mimic":
        _apply_mimic(s, action[1], action[2], log)
    elif verb == "coconut":
        animals.apply_coconut(s, action[1], log)
    elif verb == "push":
        animals.apply_push(s, action[1], action[2], log)
    elif verb == "treasure":
        treasure.open_chest(s, action[1], action[2] if len(action) == 3 else "keep", log)
        if s.chests == 0:
            flow.settle_hand(s, log)
    elif verb == "claim":
        _apply_claim(s, action[1], log)
    elif verb == "skip":
        if s.phase == "claim":
            seat = s.claim_order.pop(0)
            log.append(f"{s.players[seat]} left the {NAMES[s.shark_of[seat]]} shark at home")
            flow.next_claim(s, log)
        else:
            log.append(f"{s.players[s.active]} let the lionfish rest")
            flow.after_lionfish(s)
    elif verb == "lionfish":
        _apply_lionfish(s, action[1], log)
    elif verb == "release":
        _apply_release(s, log)
    else:  # pragma: no cover - every legal verb is handled above
        raise AssertionError(f"unhandled action {action!r}")
    s.events = tuple(log)
    return s


def _apply_buy(s: OctopusState, axis: str, number: int, log: Log) -> None:
    seat = s.active
    name = s.players[seat]
    spaces = market_line(axis, number)
    cost = line_cost(s, seat, spaces)
    s.pearls[seat] -= cost
    taken: list[int] = []
    stays: list[int] = []
    own = s.claimed_space(seat)
    if own in spaces:
        s.claims[own] = -1
        taken.append(s.shark_of[seat])
        log.append(
            f"{possessive(name)} {NAMES[s.shark_of[seat]]} shark came home with the tile it claimed"
        )
    for m in spaces:
        token = s.market[m]
        if not token:
            continue
        if token in SHARKS:
            if s.shark_bought[seat]:
                stays.append(token)
                continue
            s.shark_bought[seat] = True
            s.shark_of[seat] = token
        taken.append(token)
        s.market[m] = 0
    s.hand = taken
    s.chests = taken.count(CHEST)
    s.idle_turns = 0
    label = "row" if axis == "row" else "column"
    log.append(f"{name} bought {label} {number} for {count(cost, 'pearl')}: {listing(taken)}")
    for token in stays:
        log.append(f"Only one shark per player: {a(token)} is paid for but stays on the market")
    if s.chests:
        s.phase = "treasure"
    else:
        flow.settle_hand(s, log)


def _apply_oyster(s: OctopusState, log: Log) -> None:
    seat = s.active
    price = flow.oyster_price(s, seat)
    s.pearls[seat] -= price
    s.bed -= 1
    s.hand = [OYSTER]
    log.append(f"{s.players[seat]} attracted an oyster for {count(price, 'pearl')}")
    flow.count_idle_turn(s, log)
    flow.settle_hand(s, log)


def _apply_pass(s: OctopusState, action: Action, log: Log) -> None:
    seat = s.active
    name = s.players[seat]
    if len(action) == 2:
        m = action[1]
        token = s.market[m]
        s.bag[token] += 1
        new = flow.draw(s)
        s.market[m] = new
        log.append(
            f"{name} passed, returning {a(token)} from {market_name(m)} to the bag; "
            f"{a(new)} was drawn in its place"
        )
    else:
        log.append(f"{name} passed (no market tile to return)")
    flow.count_idle_turn(s, log)
    flow.enter_animals(s, log)


def _apply_plant(s: OctopusState, action: Action, log: Log) -> None:
    seat = s.active
    name = s.players[seat]
    garden = s.gardens[seat]
    verb = action[0]
    kind = CODES[action[1]]
    s.hand.remove(kind)
    if verb == "discard":
        s.out[kind] += 1
        if kind in SHARKS:
            s.shark_of[seat] = 0
        log.append(f"{name} had no room for {a(kind)}: it left the game")
    elif verb == "return":
        s.bag[kind] += 1
        log.append(f"{name} returned the boxer crab to the bag (no anemone to ride)")
    elif kind == DIVER:
        _dive(s, log)
    else:
        cell = action[2]
        if kind == BOXER:
            garden[cell] = (garden[cell][0], BOXER)
            log.append(f"{name} put a boxer crab on the anemone at {cell_name(cell)}")
        else:
            garden[cell] = (kind,)
            log.append(f"{name} planted {a(kind)} at {cell_name(cell)}")
            if kind in (ANEMONE, SEAGRASS):
                flow.award(s, seat, log)
        flow.check_full(s, log)
    flow.settle_hand(s, log)


def _dive(s: OctopusState, log: Log) -> None:
    seat = s.active
    garden = s.gardens[seat]
    s.out[DIVER] += 1
    removed = {TRASH: 0, RELIC: 0}
    for c in range(NUM_CELLS):
        st = garden[c]
        if not st:
            continue
        if st[0] == TRASH or st[0] == RELIC:
            removed[st[0]] += 1
            s.out[st[0]] += 1
            st = st[1:]
        if CRAB_TRASH in st:
            n = st.count(CRAB_TRASH)
            removed[TRASH] += n
            s.out[TRASH] += n
            st = tuple(CRAB if p == CRAB_TRASH else p for p in st)
        garden[c] = st
    log.append(
        f"{possessive(s.players[seat])} diver cleared {removed[TRASH]} trash and "
        f"{count(removed[RELIC], 'relic')}, then swam away"
    )


def _apply_mimic(s: OctopusState, cell: int, as_kind: str, log: Log) -> None:
    seat = s.active if s.phase != "claim" else s.claim_order[0]
    garden = s.gardens[seat]
    code = MIMIC_ANEMONE if as_kind == "anemone" else MIMIC_SEAGRASS
    garden[cell] = (code, *garden[cell][1:])
    log.append(f"{possessive(s.players[seat])} mimic octopus at {cell_name(cell)} became {as_kind}")
    flow.award(s, seat, log)


def _apply_claim(s: OctopusState, m: int, log: Log) -> None:
    seat = s.claim_order.pop(0)
    shark = s.shark_of[seat]
    garden = s.gardens[seat]
    for c in range(NUM_CELLS):
        if garden[c] and garden[c][0] == shark:
            garden[c] = garden[c][1:]
            break
    s.claims[m] = seat
    log.append(
        f"{possessive(s.players[seat])} {NAMES[shark]} shark claimed {a(s.market[m])} on "
        f"{market_name(m)}"
    )
    flow.next_claim(s, log)


def _apply_lionfish(s: OctopusState, m: int, log: Log) -> None:
    seat = s.active
    s.pearls[seat] -= 1
    token = s.market[m]
    s.out[token] += 1
    s.market[m] = 0
    log.append(
        f"{s.players[seat]} paid 1 pearl and the lionfish chased {a(token)} off "
        f"{market_name(m)}: it leaves the game"
    )
    flow.after_lionfish(s)


def _apply_release(s: OctopusState, log: Log) -> None:
    seat = s.active
    m = s.claimed_space(seat)
    shark = s.shark_of[seat]
    s.claims[m] = -1
    s.bag[shark] += 1
    s.shark_of[seat] = 0
    log.append(f"{s.players[seat]} threw the {NAMES[shark]} shark back into the bag")
    s.phase = "market"


__all__ = ["CELL_NAMES", "LINES", "apply", "legal_actions", "line_cost", "new_game"]
