"""What a legal move may cost its mover later, for warnings before it is made.

A shark claim binds its owner: on their next turn they must buy a row or column through the
claimed tile, or throw the shark back into the bag (rulebook, "Shark"). :func:`claim_warning`
says when no line through the tile is affordable with the pearls the claimer will hold after
their next harvest, as the market stands now (others may still change it: the warning says
"unless the market changes"), and when the end of the game has been triggered and the claimer
has no turn left: the shark then stays on the market and does not score (:func:`has_turn_left`).
The rules allow the claim either way; this only informs.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.board import MARKET_LINES, market_name
from gardens_tui.rules.octopus_garden.components import COST, OYSTER, PRINTED_OYSTERS
from gardens_tui.rules.octopus_garden.garden import count_base
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.words import count


def harvest_of(s: OctopusState, seat: int) -> int:
    """The pearls ``seat`` harvests at the start of a turn: one per oyster, printed ones too."""
    return PRINTED_OYSTERS + count_base(s.gardens[seat], OYSTER)


def has_turn_left(s: OctopusState, seat: int) -> bool:
    """``seat`` will play another turn after the current one (always, until the end of the
    game is triggered; then only the seats before the last one's turn, the current one
    excluded)."""
    if s.end_by < 0:
        return True
    n = len(s.players)
    last = (s.end_by - 1) % n
    ahead = (seat - s.active) % n
    return 0 < ahead <= (last - s.active) % n


def cheapest_line_through(s: OctopusState, seat: int, space: int) -> int | None:
    """The lowest price ``seat`` would pay now for a market line through ``space``, or ``None``
    when another seat's shark sits on every such line (those lines are not for sale to
    ``seat``)."""
    prices = [
        sum(COST[s.market[m]] for m in line)
        for _, _, line in MARKET_LINES
        if space in line and all(s.claims[m] < 0 or s.claims[m] == seat for m in line)
    ]
    return min(prices) if prices else None


def claim_warning(s: OctopusState, space: int) -> str:
    """Why claiming market ``space`` with the deciding seat's shark (a claim window) is likely
    to cost the claimer their shark, in words for them; ``""`` when a line through it is within
    reach of the pearls they will have after their next harvest."""
    seat = s.claim_order[0] if s.claim_order else s.active
    if not has_turn_left(s, seat):
        return (
            "the game ends before your next turn: your shark would stay on the market and not "
            "score its 2 points"
        )
    budget = s.pearls[seat] + harvest_of(s, seat)
    price = cheapest_line_through(s, seat, space)
    where = market_name(space)
    if price is None:
        return (
            f"other sharks block every row and column through {where}: you would have to "
            "release your shark"
        )
    if price <= budget:
        return ""
    return (
        f"the cheapest row or column through {where} costs {count(price, 'pearl')} and you will "
        f"have {budget} after your harvest: unless the market changes, you must release your "
        "shark"
    )
