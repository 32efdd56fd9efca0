"""The leak checks: a seat must be shown the same for two positions it cannot tell apart.

For a viewer B (a seat, or ``None`` for a spectator) and a real position ``s``, the game's own
:meth:`~gardens_tui.rules.base.Game.determinise` builds a *twin*: a full position consistent with
everything B saw in ``view(s, B)``, its hidden parts dealt at random. B cannot tell ``s`` from the
twin, so everything produced for B must be the same for both (rule 4 of
:mod:`gardens_tui.rules.base`):

- :func:`check_determinise`: the twin is a real position (``hidden`` false, valid through
  ``to_dict``/``from_dict``, the game's component counts), ``view(twin, B)`` equals ``view(s, B)``
  apart from the PRNG, and ``determinise`` is deterministic given its PRNG. A view that shows
  something *derived* from what B cannot see (a hint, a flag) fails here too, since the twin's
  hidden parts differ.
- :func:`check_indistinguishable`: the decision is the same, and when B decides, its legal
  actions (a move offered only when another seat holds some card tells B that it does).
- :func:`check_indistinguishable_after_apply`: the same public action applied to ``s`` and to the
  twin must look the same to B. If neither ``apply`` set ``chance``, nothing was revealed, so B's
  whole view of the results must be equal (a reaction window that opens only when a seat holds
  the matching card is caught here: same action, another decision). If one did, B may
  legitimately see more; but a log line that differs while everything else B sees is the same
  names something B cannot see (a drawn card announced to all).

That the texts and scores of the full position show B no more than its view is checked in
:func:`~.checks_view.check_views_work`. What only B may know is kept in B's twin, so each check
speaks for the other seats' secrets.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gardens_tui.rules._conformance.report import fail, first_difference, short, who, without
from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.rng import Rng

_NOT_SEEN = ("rng",)
"""Fields of ``to_dict`` that may differ between twins: the PRNG, which no view shows."""


@dataclass(slots=True)
class Twin:
    """A position ``seat`` cannot tell apart from the real one (made by ``determinise``)."""

    seat: int | None
    position: GameState
    data: dict[str, Any]
    """``to_dict(position)``."""
    same: bool
    """The twin equals the real position apart from the PRNG: nothing hidden came out
    differently (always so in a game whose only secret is the PRNG), so there is nothing for the
    comparisons to find."""


def same_apart_from_rng(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two ``to_dict`` forms are equal apart from the PRNG (the quick test first)."""
    return a == b or without(a, _NOT_SEEN) == without(b, _NOT_SEEN)


def _count_difference(counts: Mapping[str, int], baseline: Mapping[str, int]) -> str:
    changed = sorted(k for k in set(counts) | set(baseline) if counts.get(k) != baseline.get(k))
    return ", ".join(f"{k}: {baseline.get(k)} -> {counts.get(k)}" for k in changed)


def _check_real_position(
    game: Game[Any],
    position: GameState,
    data: Mapping[str, Any],
    seat: int | None,
    baseline: Mapping[str, int],
) -> None:
    """``position`` (a twin, ``data`` its ``to_dict``) has the game's component counts and
    survives ``to_dict``/``from_dict``: a valid position."""
    counts = game.component_counts(position)
    if counts != baseline:
        raise fail(
            "determinise",
            f"the position determinise made for {who(seat)} has other components: "
            + _count_difference(counts, baseline),
        )
    try:
        restored = game.from_dict(json.loads(json.dumps(data, allow_nan=False)))
    except (TypeError, ValueError) as exc:
        raise fail(
            "determinise",
            f"the position determinise made for {who(seat)} is not a valid position: "
            f"{type(exc).__name__}: {exc}",
        ) from exc
    again = game.to_dict(restored)
    if again != data:
        raise fail(
            "determinise",
            f"the position determinise made for {who(seat)} does not survive to_dict/from_dict: "
            + first_difference(data, again),
        )


def check_determinise(
    game: Game[Any],
    view: GameState,
    view_data: Mapping[str, Any],
    seat: int | None,
    rng: Rng,
    baseline: Mapping[str, int],
    *,
    state_data: Mapping[str, Any] | None = None,
    deep: bool = True,
) -> Twin:
    """``determinise(view, seat, rng)`` keeps its contract; returns the :class:`Twin` it made.

    ``view`` is ``game.view(s, seat)`` of a real position ``s``, ``view_data`` its ``to_dict``,
    ``baseline`` the game's component counts and ``state_data`` ``to_dict(s)`` if the caller has
    it. Always: the result is a new state of the same type with ``hidden`` false and
    ``view(result, seat)`` equal to ``view`` apart from the PRNG (taken as given when the result
    equals ``s`` apart from the PRNG: that views ignore the PRNG is
    :func:`~.checks_view.check_view_ignores_rng`'s to check). With ``deep``, also: it has the
    game's component counts and survives ``to_dict``/``from_dict`` (a valid position; when it is
    ``s`` apart from the PRNG, that its PRNG state is one), ``determinise`` left ``view`` alone,
    and it gives the same position again from the same PRNG state. Draws from ``rng``.
    """
    start = rng.state
    position = game.determinise(view, seat, rng)
    if position is view:
        raise fail("determinise", f"determinise returned the view for {who(seat)} itself")
    if type(position) is not type(view):
        raise fail(
            "determinise",
            f"determinise built a {type(position).__name__}, not a {type(view).__name__}",
        )
    if position.hidden:
        raise fail(
            "determinise",
            f"determinise(view, {seat}) left hidden=True: it must return a real, full position",
        )
    data = game.to_dict(position)
    same = state_data is not None and same_apart_from_rng(state_data, data)
    if not same:
        seen = game.to_dict(game.view(position, seat))
        if not same_apart_from_rng(view_data, seen):
            expected, seen = without(view_data, _NOT_SEEN), without(seen, _NOT_SEEN)
            raise fail(
                "determinise",
                f"{who(seat)}'s view of the position determinise made from its view differs "
                f"from that view: {first_difference(expected, seen)}. Either determinise changed "
                f"something {who(seat)} can see, or the view shows something derived from what "
                "it cannot see",
            )
    twin = Twin(seat, position, data, same)
    if not deep:
        return twin
    if same:
        # The position's own counts and round trip are checked elsewhere; only the PRNG differs.
        try:
            Rng(position.rng)
        except (TypeError, ValueError) as exc:
            raise fail(
                "determinise",
                f"determinise gave a PRNG state that is none: {short(position.rng)} ({exc})",
            ) from exc
    else:
        _check_real_position(game, position, data, seat, baseline)
    after = game.to_dict(view)
    if after != view_data:
        raise fail(
            "determinise",
            "determinise changed the view it was given: " + first_difference(view_data, after),
        )
    repeat = game.to_dict(game.determinise(view, seat, Rng(start)))
    if repeat != data:
        raise fail(
            "determinise",
            "determinise gave another position from the same PRNG state (all its randomness must "
            "come from the rng it is given): " + first_difference(data, repeat),
        )
    return twin


def check_indistinguishable(
    game: Game[Any], state: GameState, twin: Twin, *, legal: Sequence[Action]
) -> None:
    """The decision of ``state`` and of its ``twin`` is the same, and when the twin's seat
    decides, so are its legal actions (``legal``, those of ``state``)."""
    seat, position = twin.seat, twin.position
    if twin.same:
        return
    if position.decision != state.decision:
        raise fail(
            "indistinguishable",
            f"the decision differs between the position ({short(state.decision, 120)}) and a "
            f"twin {who(seat)} cannot tell apart from it ({short(position.decision, 120)})",
        )
    if seat is not None and seat == state.current_player:
        twin_legal = game.legal_actions(position)
        if twin_legal != list(legal):
            raise fail(
                "indistinguishable",
                f"seat {seat} decides, and its legal actions differ between the position and a "
                "twin it cannot tell apart from it, so they depend on what it cannot see: "
                + first_difference(list(legal), twin_legal, "actions"),
            )


def check_indistinguishable_after_apply(
    game: Game[Any],
    state: GameState,
    after: GameState,
    twin: Twin,
    action: Action,
    *,
    after_data: Mapping[str, Any] | None = None,
    after_view: GameState | None = None,
) -> bool:
    """The same ``action`` applied to ``state`` (giving ``after``) and to the ``twin`` looks the
    same to the twin's seat (see the module docstring). Returns whether it was compared: not when
    the twin is the position itself apart from the PRNG, nor when the action is not legal in the
    twin (it may depend on a hand the seat cannot see).

    The twin is given ``state``'s PRNG state first (it is hidden, so any value is consistent with
    what the seat saw), so chance drawn from the PRNG comes out the same in both; the twin's
    position is changed. ``after_data`` (``to_dict(after)``) and ``after_view`` (``view(after,
    seat)``) may be passed when the caller has them. The views are only compared when the two
    results differ apart from the PRNG.
    """
    seat, position = twin.seat, twin.position
    if twin.same or action not in game.legal_actions(position):
        return False
    position.rng = state.rng
    twin_after = game.apply(position, action)
    if after_data is None:
        after_data = game.to_dict(after)
    if same_apart_from_rng(after_data, game.to_dict(twin_after)):
        return True
    view = game.view(after, seat) if after_view is None else after_view
    shown = without(game.to_dict(view), _NOT_SEEN)
    twin_shown = without(game.to_dict(game.view(twin_after, seat)), _NOT_SEEN)
    if shown == twin_shown and after.decision == twin_after.decision:
        return True
    said = game.format_action(action)
    if not after.chance and not twin_after.chance:
        if after.decision != twin_after.decision:
            difference = (
                f"the decision {short(after.decision, 120)} vs {short(twin_after.decision, 120)}"
            )
        else:
            difference = first_difference(shown, twin_shown)
        raise fail(
            "indistinguishable after apply",
            f"{who(seat)} cannot tell the position from a twin, yet after the same {said!r} it is "
            f"shown {difference}. apply set no chance, so it revealed nothing: what {who(seat)} "
            "sees next must depend only on what it saw before (does a window open only for the "
            "holder of a secret card?)",
        )
    events = "events"
    if without(shown, (events,)) == without(twin_shown, (events,)) and shown != twin_shown:
        log = first_difference(shown.get(events), twin_shown.get(events), events)
        raise fail(
            "indistinguishable after apply",
            f"after {said!r} the log shown to {who(seat)} differs between the position and a "
            f"twin it cannot tell apart ({log}) while everything else it sees is the same: a "
            "public line names something it cannot see (a line for one seat only belongs in "
            "private_events)",
        )
    return True
