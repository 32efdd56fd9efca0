"""Checks on views: what :meth:`~gardens_tui.rules.base.Game.view` hides, and that the rules
work on what it returns (rule 2 of :mod:`gardens_tui.rules.base`).

Whether two positions a seat cannot tell apart look the same to it is checked in :mod:`.twins`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from gardens_tui.rules._conformance.checks_state import check_score_table, is_finite_number
from gardens_tui.rules._conformance.report import ConformanceError, fail, first_difference, short
from gardens_tui.rules._conformance.report import who as _who
from gardens_tui.rules.base import Action, Game, GameState, Scores
from gardens_tui.rules.rng import MAX_SEED

EMPTY_SECRETS: tuple[Any, ...] = (None, [], {}, (), "", 0)
"""Secrets that reveal nothing when a view happens to show the same (an empty hand)."""


def check_view(
    game: Game[Any],
    state: GameState,
    data: Mapping[str, Any],
    seats: Iterable[int | None],
    *,
    legal: Sequence[Action] | None = None,
    roundtrip: bool = True,
    verify: bool = True,
    idempotent: bool = True,
    views: Mapping[int | None, GameState] | None = None,
) -> dict[int | None, dict[str, Any]]:
    """``view(state, seat)`` for each of ``seats`` (``None`` is a spectator) hides what it must.

    The view is a new state with ``hidden`` set and the PRNG masked; it shows the seat its own
    ``secrets`` and no other seat's; a view of the view is the same view; it round-trips through
    ``to_dict``/``from_dict``; the real state is untouched. For the deciding seat, the view
    gives the same ``legal`` actions (bots and people decide from their view).

    ``roundtrip=False`` skips the view's ``to_dict``/``from_dict`` round trip (the costliest
    part), ``idempotent=False`` the view of the view; ``verify=False`` leaves the check that
    ``state`` is unchanged to the caller. ``views`` may hold views the caller made already.
    Returns each seat's ``to_dict(view)``, for the caller to compare with.
    """
    n = state.num_players
    current = state.current_player
    datas: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        who = _who(seat)
        view = views[seat] if views is not None and seat in views else game.view(state, seat)
        if view is state:
            raise fail("view", f"view for {who} is the state itself")
        if not view.hidden:
            raise fail("view", f"view for {who} does not set hidden")
        if state.rng != 0 and view.rng == state.rng:
            raise fail("view hides the PRNG", f"view for {who} shows the PRNG state")
        view_data = game.to_dict(view)
        datas[seat] = view_data
        for other in range(n):
            secret = game.secrets(state, other)
            seen = game.secrets(view, other)
            if other == seat:
                if seen != secret:
                    raise fail(
                        "view",
                        f"{who} cannot see its own secrets: {short(seen)} != {short(secret)}",
                    )
            elif secret not in EMPTY_SECRETS and seen == secret:
                raise fail(
                    "view hides secrets",
                    f"the view for {who} shows seat {other}'s {short(secret)}",
                )
        if idempotent:
            again = game.to_dict(game.view(view, seat))
            if again != view_data:
                raise fail(
                    "view of a view",
                    f"view(view(s, {seat}), {seat}) differs: " + first_difference(view_data, again),
                )
        if roundtrip:
            restored = game.to_dict(game.from_dict(json.loads(json.dumps(view_data))))
            if restored != view_data:
                raise fail(
                    "view round trip", f"for {who}: " + first_difference(view_data, restored)
                )
        if seat is not None and seat == current and legal is not None:
            seen_legal = game.legal_actions(view)
            if seen_legal != list(legal):
                raise fail(
                    "view keeps the choices",
                    "the deciding seat's view lists other actions: "
                    + first_difference(list(legal), seen_legal, "actions"),
                )
    if verify:
        after = game.to_dict(state)
        if after != data:
            raise fail("view", "view() changed the real state: " + first_difference(data, after))
    return datas


def check_view_ignores_rng(game: Game[Any], state: GameState, seat: int | None) -> None:
    """The view does not depend on the PRNG state (so nothing about future draws leaks)."""
    twin = state.copy()
    twin.events, twin.chance = state.events, state.chance  # copy() may reset these
    twin.rng = state.rng ^ MAX_SEED  # every bit flipped
    a = game.to_dict(game.view(state, seat))
    b = game.to_dict(game.view(twin, seat))
    if a != b:
        raise fail(
            "view hides the PRNG",
            f"the view for seat {seat} changes with the PRNG state: " + first_difference(a, b),
        )


def _broke(what: str, seat: int | None, exc: Exception) -> ConformanceError:
    """The failure for ``what`` raising ``exc`` on the view for ``seat``."""
    return fail(
        "views work", f"{what} on the view for {_who(seat)} raised {type(exc).__name__}: {exc}"
    )


def check_views_work(
    game: Game[Any],
    state: GameState,
    views: Mapping[int | None, GameState],
    categories: tuple[str, ...] | None,
    *,
    scores: Scores | None = None,
    texts: Mapping[int | None, str] | None = None,
    evaluate: Collection[int | None] = (),
) -> None:
    """Rule 2: the rules work on views; and a seat is shown of the position what it is shown of
    its view.

    For each ``views[seat]`` (``game.view(state, seat)``):

    - ``scores(view)`` is a well-formed table with the game's ``categories``, as final as the
      position's; while the game runs it equals ``scores`` (``game.scores(state)``, if given):
      the player panel shows the position's provisional scores to every seat, so they must be
      what a view shows;
    - ``render_text(view, seat)`` is non-empty text (what the screens draw) and equals
      ``texts[seat]`` (``render_text(state, seat)``, where given), which the command line prints
      for that seat: the text of a position for a seat shows only that seat's view;
    - for the seats in ``evaluate``, ``evaluate(view, seat)`` is a finite number (the greedy bot
      rates its own view).

    A crash or a malformed result fails "views work", a difference "shows only the view". That
    the deciding seat's view lists the real legal actions is checked by :func:`check_view`.
    """
    for seat, view in views.items():
        try:
            table = game.scores(view)
        except Exception as exc:
            raise _broke("scores", seat, exc) from exc
        check_score_table(table, state.num_players, categories, "views work")
        if table.final != state.is_over:
            raise fail(
                "views work",
                f"scores of the view for {_who(seat)} say final={table.final} while the game's "
                f"is_over is {state.is_over}",
            )
        if scores is not None and not state.is_over and table != scores:
            raise fail(
                "shows only the view",
                f"the provisional scores of the position differ from those of the view for "
                f"{_who(seat)}, so they count something it cannot see (every seat is shown "
                f"them): {first_difference(_rows(scores), _rows(table), 'scores')}",
            )
        try:
            text = game.render_text(view, seat)
        except Exception as exc:
            raise _broke("render_text", seat, exc) from exc
        if not isinstance(text, str) or not text.strip():
            raise fail("views work", f"render_text of the view for {_who(seat)} gave {short(text)}")
        if texts is not None and seat in texts and texts[seat] != text:
            raise fail(
                "shows only the view",
                f"render_text(s, {seat}) shows {_who(seat)} more than its view does, at "
                + first_line_difference(texts[seat], text),
            )
        if seat is not None and seat in evaluate:
            try:
                value = game.evaluate(view, seat)
            except Exception as exc:
                raise _broke("evaluate", seat, exc) from exc
            if not is_finite_number(value):
                raise fail("views work", f"evaluate(view, {seat}) gave {value!r}")


def _rows(scores: Scores) -> dict[str, Any]:
    """A score table as JSON-like data, for :func:`first_difference`."""
    return {
        "categories": list(scores.categories),
        "table": [list(row) for row in scores.table],
        "teams": [[t.name, list(t.seats), t.points] for t in scores.teams],
        "notes": list(scores.notes),
    }


def first_line_difference(a: str, b: str) -> str:
    """The first line where two texts differ, both versions, for messages."""
    lines_a, lines_b = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(lines_a, lines_b, strict=False)):
        if x != y:
            return f"line {i + 1}: {short(x, 100)} vs {short(y, 100)}"
    return f"{len(lines_a)} lines vs {len(lines_b)} lines"
