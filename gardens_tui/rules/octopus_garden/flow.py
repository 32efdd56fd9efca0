"""Turn flow: what happens between decisions, and which decision comes next.

Each function takes a state copy being built by ``apply`` (mutated in place) and the list of log
lines for this apply. They move the game forward through the automatic steps (harvest, bonus
animals, the end trigger, bag draws, skipping steps with nothing to decide) until a seat must
decide again.

Turn order: harvest → lionfish (if owned) → shark due (if claimed) → market → treasure (per chest
bought) → plant → animals → refill → shark claim windows → next player. On the final turn of the
game the refill and claim windows are skipped: the game ends after the animals move.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.board import NEIGHBOURS, NUM_CELLS, market_name
from gardens_tui.rules.octopus_garden.components import (
    BOXER,
    CHEST,
    COCONUT,
    CRABS,
    DIVER,
    LIONFISH,
    MIMIC,
    OYSTER,
    PRINTED_OYSTERS,
    SHARKS,
    STAR,
    describe,
)
from gardens_tui.rules.octopus_garden.garden import (
    count_base,
    entitlement,
    free_anemones,
    is_blocked,
    is_full,
    oyster_distances,
)
from gardens_tui.rules.octopus_garden.outlook import harvest_of
from gardens_tui.rules.octopus_garden.scoring import outcome, score_table
from gardens_tui.rules.octopus_garden.spec import STALL_STOP
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.words import count, join_and, possessive

Log = list[str]

_VOWELS = "aeiou"


def a(code: int) -> str:
    """A kind's name with its article: ``"an anemone"``, ``"a sea star"``."""
    title = describe(code)
    return ("an " if title[0] in _VOWELS else "a ") + title


def listing(codes: list[int]) -> str:
    """``"an anemone, a coral and a relic"``."""
    return join_and([a(c) for c in codes])


def draw(s: OctopusState) -> int:
    """Draw one random token from the (non-empty) bag; marks the apply as chance."""
    rng = Rng(s.rng)
    kind = rng.weighted_index(s.bag)
    s.rng = rng.state
    s.bag[kind] -= 1
    s.chance = True
    return kind


def award(s: OctopusState, seat: int, log: Log) -> None:
    """Give ``seat`` the top clownfish / seahorse for every bonus its groups now earn."""
    clown, horse = entitlement(s.gardens[seat])
    name = s.players[seat]
    while len(s.clowns[seat]) < clown and s.clown_pile:
        value = s.clown_pile.pop()
        s.clowns[seat].append(value)
        log.append(f"{name} attracted a clownfish worth {value}")
    while len(s.horses[seat]) < horse and s.horse_pile:
        value = s.horse_pile.pop()
        s.horses[seat].append(value)
        log.append(f"{name} attracted a seahorse worth {value}")


def check_full(s: OctopusState, log: Log) -> None:
    """Trigger the end of the game if the active seat's garden is now full."""
    if s.end_by < 0 and is_full(s.gardens[s.active]):
        s.end_by = s.active
        log.append(
            f"{possessive(s.players[s.active])} garden is full: everyone else gets one more turn"
        )


def trigger_end(s: OctopusState, reason: str, log: Log) -> None:
    """Trigger the end of the game for ``reason`` (the active seat finishes its turn first)."""
    if s.end_by < 0:
        s.end_by = s.active
        log.append(f"{reason}: everyone else gets one more turn")


IDLE_ROUNDS_EMPTY_BAG = 2
"""Full rounds without a market purchase that end a game whose bag is empty."""
IDLE_ROUNDS = 10
"""Full rounds without a market purchase that end any game."""


def count_idle_turn(s: OctopusState, log: Log) -> None:
    """Count a turn without a market purchase (a pass or an oyster); trigger the end on a stall.

    The stall stop (option ``stall-stop``, on by default; not in the rulebook): two full rounds
    in a row without anyone buying from the market trigger the end once the bag is empty (passing
    can no longer change the market; the rounds are counted whether or not the bag was already
    empty, e.g. when a lionfish's gap took the last token); ten full rounds do so in any case.
    The seat whose pass or oyster first meets either count is the one who triggered the end.
    With the option off nothing is counted: the game ends by the book (a full garden), or when
    the bag and the market are both empty (see :func:`refill`).
    """
    if not s.options.get(STALL_STOP, True):
        return
    s.idle_turns += 1
    n = len(s.players)
    if s.idle_turns >= IDLE_ROUNDS * n:
        trigger_end(s, f"Nobody bought from the market for {IDLE_ROUNDS} rounds", log)
    elif s.idle_turns >= IDLE_ROUNDS_EMPTY_BAG * n and not any(s.bag):
        trigger_end(
            s, f"The bag is empty and nobody bought for {IDLE_ROUNDS_EMPTY_BAG} rounds", log
        )


def is_final_turn(s: OctopusState) -> bool:
    """This is the last turn of the game (the seat before the one who triggered the end)."""
    return s.end_by >= 0 and s.active == (s.end_by - 1) % len(s.players)


def oyster_price(s: OctopusState, seat: int) -> int:
    """1 pearl plus every oyster the seat owns (the two printed ones included)."""
    return 1 + PRINTED_OYSTERS + count_base(s.gardens[seat], OYSTER)


# --- the start of a turn ----------------------------------------------------------------------


def harvest(s: OctopusState, log: Log) -> None:
    """The active seat takes 1 pearl per oyster, printed ones included."""
    seat = s.active
    gain = harvest_of(s, seat)
    s.pearls[seat] += gain
    log.append(f"{s.players[seat]} harvested {count(gain, 'pearl')}")


def discardable_spaces(s: OctopusState) -> list[int]:
    """Market spaces a lionfish may discard or a pass may return: a tile without a shark on it."""
    return [m for m in range(9) if s.market[m] and s.claims[m] < 0]


def lionfish_ready(s: OctopusState) -> bool:
    """The active seat may use its lionfish now (owns one, has a pearl, a tile to discard)."""
    seat = s.active
    return (
        bool(s.options.get("lionfish"))
        and s.pearls[seat] >= 1
        and count_base(s.gardens[seat], LIONFISH) > 0
        and bool(discardable_spaces(s))
    )


def start_turn(s: OctopusState, log: Log) -> None:
    """Harvest, then the first decision of the active seat's turn."""
    harvest(s, log)
    if lionfish_ready(s):
        s.phase = "lionfish"
    else:
        after_lionfish(s)


def after_lionfish(s: OctopusState) -> None:
    """Go to the shark-due decision if the active seat's shark claims a tile, else the market."""
    s.phase = "shark" if s.active in s.claims else "market"


# --- planting ---------------------------------------------------------------------------------

NO_SPACE_NEEDED = frozenset({DIVER, BOXER})
"""Hand tokens that never take an empty space: the diver swims away, the boxer rides an anemone."""


def needs_space(code: int) -> bool:
    """The token must be planted on an empty space."""
    return code not in NO_SPACE_NEEDED


def settle_hand(s: OctopusState, log: Log) -> None:
    """Resolve forced planting steps, then ask to plant or move on to the animals.

    Forced steps: with no empty space left (and no diver in hand to clear one), the tokens that
    need a space leave the game; boxer crabs with no anemone to ride (and no mimic octopus that
    could become one) go back to the bag.
    """
    seat = s.active
    garden = s.gardens[seat]
    hand = s.hand
    name = s.players[seat]
    if hand and DIVER not in hand and all(garden):
        lost = [t for t in hand if needs_space(t)]
        if lost:
            for t in lost:
                hand.remove(t)
                s.out[t] += 1
                if t in SHARKS:
                    s.shark_of[seat] = 0
            log.append(f"No room left in {possessive(name)} garden: {listing(lost)} left the game")
    if hand and all(t == BOXER for t in hand):
        mimic_spaces = any(len(st) == 1 and st[0] == MIMIC for st in garden)
        if not free_anemones(garden) and not mimic_spaces:
            n = len(hand)
            s.bag[BOXER] += n
            hand.clear()
            word = "the boxer crab goes" if n == 1 else f"the {n} boxer crabs go"
            log.append(
                f"No anemone in {possessive(name)} garden to host it: {word} back to the bag"
            )
    if hand:
        s.phase = "plant"
    else:
        enter_animals(s, log)


# --- the animals ------------------------------------------------------------------------------


def has_movers(s: OctopusState) -> bool:
    """The active garden has something that may move this phase (so the phase is offered)."""
    garden = s.gardens[s.active]
    coconut = bool(s.options.get("coconut-octopus"))
    dist: list[int] | None = None
    for c in range(NUM_CELLS):
        st = garden[c]
        if not st:
            continue
        top = st[-1]
        if top == BOXER:
            if any(not garden[n] for n in NEIGHBOURS[c]):
                return True
            continue
        for piece in st:
            if piece in CRABS and any(not is_blocked(garden[n]) for n in NEIGHBOURS[c]):
                return True
            if piece == STAR:
                if dist is None:
                    dist = oyster_distances(garden)
                if dist[c] > 0:
                    return True
        if coconut and st[0] == COCONUT and any(garden[n] for n in NEIGHBOURS[c]):
            return True
    return False


def enter_animals(s: OctopusState, log: Log) -> None:
    """Start the animal phase, or skip it when nothing in the garden can move."""
    s.moved = []
    s.pushes = []
    if has_movers(s):
        s.phase = "animals"
    else:
        after_animals(s, log)


def after_animals(s: OctopusState, log: Log) -> None:
    """End the animal phase: the game ends after the final turn, else the market is refilled."""
    s.moved = []
    s.pushes = []
    if is_final_turn(s):
        finish(s, log)
        return
    refill(s, log)


# --- refill and shark claims ------------------------------------------------------------------


def refill(s: OctopusState, log: Log) -> None:
    """Draw for the empty market spaces one at a time; the player places each.

    The last empty space is filled without asking (one choice, nothing to decide). With the bag
    empty, spaces stay empty; if the whole market is then empty the end is triggered.
    """
    market = s.market
    while True:
        if all(market):
            break
        empties = [m for m in range(9) if not market[m]]
        if not any(s.bag):
            break
        token = draw(s)
        if len(empties) == 1:
            s.market[empties[0]] = token
            log.append(f"{a(token).capitalize()} was drawn for {market_name(empties[0])}")
            continue
        s.drawn = token
        s.phase = "refill"
        log.append(f"{a(token).capitalize()} was drawn for the market")
        return
    s.drawn = 0
    if not any(s.market) and not any(s.bag):
        trigger_end(s, "The bag and the market are empty", log)
    start_claims(s, log)


def claimable_spaces(s: OctopusState) -> list[int]:
    """Market tiles a shark may claim: a tile that is not a shark and has no shark on it."""
    return [m for m in range(9) if s.market[m] and s.claims[m] < 0 and s.market[m] not in SHARKS]


def may_claim(s: OctopusState, seat: int) -> bool:
    """``seat`` has its shark in its garden and there is a tile to claim."""
    shark = s.shark_of[seat]
    if not shark or seat in s.claims:
        return False
    if not any(st and st[0] == shark for st in s.gardens[seat]):
        return False
    return bool(claimable_spaces(s))


def start_claims(s: OctopusState, log: Log) -> None:
    """Offer the shark claim window to each shark owner, the active seat first."""
    if s.options.get("shark"):
        n = len(s.players)
        s.claim_order = [(s.active + i) % n for i in range(n)]
        next_claim(s, log)
    else:
        s.claim_order = []
        next_turn(s, log)


def next_claim(s: OctopusState, log: Log) -> None:
    """Ask the next seat that may claim, or go to the next turn when none is left."""
    while s.claim_order:
        if may_claim(s, s.claim_order[0]):
            s.phase = "claim"
            return
        s.claim_order.pop(0)
    next_turn(s, log)


def next_turn(s: OctopusState, log: Log) -> None:
    """Pass play to the next seat and start its turn."""
    s.active = (s.active + 1) % len(s.players)
    s.turn += 1
    start_turn(s, log)


def finish(s: OctopusState, log: Log) -> None:
    """End the game and log the result."""
    s.over = True
    s.phase = "over"
    s.claim_order = []
    s.drawn = 0
    result = outcome(s)
    totals = score_table(s).totals()
    names = join_and([s.players[w] for w in result.winners])
    best = totals[result.winners[0]]
    who = "the winner is" if len(result.winners) == 1 else "the win is shared by"
    line = f"The game is over: {who} {names} with {count(best, 'point')}"
    if result.tiebreak:
        line += f" ({result.tiebreak})"
    log.append(line)


def count_chests(hand: list[int]) -> int:
    """How many treasure chests are in a freshly bought hand."""
    return hand.count(CHEST)
