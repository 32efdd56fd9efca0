"""A hint from the strong search, put into words: shared by ``gardens hint`` and the app's hint key.

:func:`advise` asks :class:`~gardens_tui.bots.strong.StrongBot` about one seat's **view** (never a
full position, so a hint reveals nothing that seat could not see); :func:`advice_lines` and
:func:`advice_json` say what it found in the game's notation: the recommended action, and for the
top :data:`TOP` actions the mean value (the search's estimate of the seat's chance to win, 0..1)
and the visits. Pure Python, no UI imports; every text comes from the game's ``format_action``
and the seat's name, which the caller shows literally.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from gardens_tui.bots.strong import STRONG, SearchBudget, SearchResult, StrongBot
from gardens_tui.rules.base import Action, Game, GameState

__all__ = ["HINT_BUDGET", "TOP", "advice_json", "advice_lines", "advise"]

TOP = 3
"""How many actions a hint explains."""

HINT_BUDGET = STRONG
"""The budget of a hint unless one is given: the ``strong`` level's time."""

FormatAction = Callable[[Action], str]
"""A game's ``format_action``: an action in the game's notation."""


def advise(
    game: Game[Any],
    view: GameState,
    budget: SearchBudget = HINT_BUDGET,
    *,
    seed: int = 0,
    cancel: threading.Event | None = None,
) -> SearchResult:
    """The strong search's result for the seat deciding in ``view`` (that seat's view: a full
    state is viewed first by the search). Limited by iterations it is reproducible from
    ``seed``; ``cancel`` (set from any thread) stops it early with the best action so far.
    ``ValueError`` when no decision is pending."""
    return StrongBot(seed, budget, reuse=False).search(game, view, cancel=cancel)


def advice_lines(result: SearchResult, format_action: FormatAction, name: str) -> list[str]:
    """The hint in words: ``Hint for NAME: ACTION``, then one line per top action with its value
    and visits (aligned), then how long the search ran; ``(the only choice here)`` when nothing
    needed searching."""
    lines = [f"Hint for {name}: {format_action(result.action)}"]
    if result.iterations == 0:
        lines.append("  (the only choice here)")
        return lines
    rows = [(format_action(s.action), s) for s in result.stats[:TOP]]
    width = max(len(text) for text, _ in rows)
    for text, stats in rows:
        value = f"{stats.value:.2f}" if stats.visits else "  - "  # (never tried: no estimate)
        lines.append(f"  {text:<{width}}  value {value}  visits {stats.visits}")
    stopped = ", stopped early" if result.cancelled else ""
    if result.settled:
        stopped = ", ended early: no other action could catch up"
    lines.append(
        f"({result.iterations} iterations in {result.seconds:.1f} s{stopped}, from {name}'s "
        "view; value: the search's estimate of the chance to win, 0-1)"
    )
    return lines


def advice_json(
    result: SearchResult, format_action: FormatAction, seat: int, name: str
) -> dict[str, Any]:
    """The hint as a JSON object: the seat, the best action, the iterations (``settled``: ended
    before the budget, no other action could catch up) and the top actions' statistics (values
    rounded to four places)."""
    return {
        "seat": seat,
        "name": name,
        "action": format_action(result.action),
        "iterations": result.iterations,
        "settled": result.settled,
        "top": [
            {"action": format_action(s.action), "value": round(s.value, 4), "visits": s.visits}
            for s in result.stats[:TOP]
        ],
    }
