"""The treasure chest module: pay pearls, draw that many tokens, keep them or sell them.

Procedure for each chest in a bought row or column, before anything is planted:

- ``treasure 0``: pay nothing, draw nothing; the empty chest is planted.
- ``treasure K keep``: pay K pearls, draw K tokens. All of them are planted with the chest.
- ``treasure K sell``: pay K pearls, draw K tokens; a chest drawn while selling goes straight back
  and is replaced. The chest leaves the game, the player takes pearls equal to the drawn tokens'
  costs, and the drawn tokens go back into the bag.
- Either way, two tokens of the same kind (any two sharks count as the same kind) end the drawing
  at once: every token drawn leaves the game and the empty chest is planted; selling pays nothing.

Decisions of ours: K is at most the pearls held and the tokens in the bag (when selling, the
tokens other than chests, so the redraw always ends). A chest drawn while keeping is planted as an
empty chest and is not opened. A shark drawn while keeping becomes the player's shark if they have
never had one, otherwise it goes back into the bag. Several chests in one purchase are opened one
after the other.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.components import CHEST, COST, SHARKS
from gardens_tui.rules.octopus_garden.flow import Log, a, draw, listing
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.words import count

_SHARK_KIND = -1


def max_draws(s: OctopusState, mode: str) -> int:
    """The most pearls the active seat may pay to ``mode`` (``"keep"`` or ``"sell"``)."""
    in_bag = sum(s.bag)
    if mode == "sell":
        in_bag -= s.bag[CHEST]
    return max(0, min(s.pearls[s.active], in_bag))


def treasure_actions(s: OctopusState) -> list[Action]:
    """``treasure 0``, then ``treasure K keep`` / ``treasure K sell`` for every allowed K."""
    keep = max_draws(s, "keep")
    sell = max_draws(s, "sell")
    acts: list[Action] = [("treasure", 0)]
    for k in range(1, max(keep, sell) + 1):
        if k <= keep:
            acts.append(("treasure", k, "keep"))
        if k <= sell:
            acts.append(("treasure", k, "sell"))
    return acts


def open_chest(s: OctopusState, k: int, mode: str, log: Log) -> None:
    """Carry out one legal ``treasure`` action for the active seat."""
    seat = s.active
    name = s.players[seat]
    s.chests -= 1
    if k == 0:
        log.append(f"{name} opened a treasure chest without paying: it will be planted empty")
        return
    s.pearls[seat] -= k
    drawn: list[int] = []
    seen: set[int] = set()
    duplicate = False
    for _ in range(k):
        token = draw(s)
        while mode == "sell" and token == CHEST:
            s.bag[CHEST] += 1
            token = draw(s)
        drawn.append(token)
        kind = _SHARK_KIND if token in SHARKS else token
        if kind in seen:
            duplicate = True
            break
        seen.add(kind)
    paid = f"{name} paid {count(k, 'pearl')} to open a treasure chest"
    if duplicate:
        for token in drawn:
            s.out[token] += 1
        log.append(
            f"{paid} and drew {listing(drawn)}: two of a kind, so everything drawn leaves the "
            "game and the empty chest will be planted"
        )
        return
    if mode == "sell":
        gain = sum(COST[t] for t in drawn)
        s.pearls[seat] += gain
        for token in drawn:
            s.bag[token] += 1
        s.hand.remove(CHEST)
        s.out[CHEST] += 1
        log.append(
            f"{paid} and sold {listing(drawn)} for {count(gain, 'pearl')}; the chest left the game"
        )
        return
    kept: list[int] = []
    for token in drawn:
        if token in SHARKS:
            if s.shark_bought[seat]:
                s.bag[token] += 1
                log.append(f"Only one shark per player: {a(token)} went back to the bag")
                continue
            s.shark_bought[seat] = True
            s.shark_of[seat] = token
        kept.append(token)
    s.hand.extend(kept)
    log.append(f"{paid} and kept {listing(kept)}")
