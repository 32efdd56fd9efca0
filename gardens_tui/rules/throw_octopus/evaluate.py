"""The greedy bot's heuristic for Throw Octopus!: fewest tiles, plus what helps shed them.

Works on a view: only the seat's own hand is read tile by tile. Higher is better for ``seat``:

- each tile in hand costs 10 (and a finished Game Night game's tiles count too); a won game is
  worth 1000;
- each own tile that has a legal place now is worth 3, each such place 0.2 more: the bot keeps
  its hand playable and sheds hard-to-place tiles first (tiles with two creature quarters left
  in hand cost 1 more each: on the sparse list they are the hard ones; on the balanced list
  every tile has two, so it changes no choice);
- a pending bonus or extra turn is worth 9 (completions are preferred);
- a pending card choice of the seat (throw, swap, gift) is worth 4 and kept cards 3 each (octopus
  tiles are preferred); a throw in the air at another seat is worth more the fewer tiles the
  target holds (throw at the leader);
- each own lost turn costs 8; the leading rival's tiles (a lost turn counting 2) are worth 1
  each (give a Gift to the leader);
- solo: 10 per point plus the playable tiles as above.
"""

from __future__ import annotations

from gardens_tui.rules.throw_octopus.components import QUARTERS
from gardens_tui.rules.throw_octopus.seascape import placements
from gardens_tui.rules.throw_octopus.state import HIDDEN, ThrowState


def _playable(s: ThrowState, hand: list[int]) -> float:
    """3 per own tile with a legal place and 0.2 per place."""
    if not s.board or s.over or not hand:
        return 0.0
    plays = placements(s, hand)
    return 3.0 * len({p[0] for p in plays}) + 0.2 * len(plays)


def evaluate(s: ThrowState, seat: int) -> float:
    """How good ``s`` looks for ``seat`` (see the module docstring)."""
    hand = [tile for tile in s.hands[seat] if tile != HIDDEN]
    hard = sum(1 for tile in hand if QUARTERS[tile] == 2)
    value = _playable(s, hand) - hard
    if s.solo:
        small, large = s.creatures[0]
        points = small + 2 * large + sum(row[0] for row in s.results)
        return value + 10.0 * points
    earlier = sum(row[seat] for row in s.results)
    value -= 10.0 * (len(s.hands[seat]) + earlier)
    if s.over:
        totals = [sum(row[i] for row in s.results) for i in range(len(s.players))]
        return value + (1000.0 if min(totals) == totals[seat] else -1000.0)
    if s.active == seat:
        value += 9.0 * len(s.extra)
        if s.phase in ("throw", "swap", "gift"):
            value += 4.0
        if s.phase == "dodge" and s.target != seat:
            value += 4.0 + max(0.0, 12.0 - len(s.hands[s.target]))
    others = [len(h) + 2 * s.lost[i] for i, h in enumerate(s.hands) if i != seat]
    value += 1.0 * min(others, default=0)
    value += 3.0 * len(s.held[seat]) - 8.0 * s.lost[seat]
    return value
