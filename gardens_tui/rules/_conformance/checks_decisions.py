"""Checks on what a pending decision promises: that it is public, that an optional window can be
passed, and that a skill decision can be settled by the game's odds and stops undo.

These are rules 1 and 2 of :mod:`gardens_tui.rules.base` as far as the decision itself goes, and
the contracts of :attr:`~gardens_tui.rules.base.Decision.pass_action` and
:attr:`~gardens_tui.rules.base.Decision.skill`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules._conformance.checks_actions import check_apply
from gardens_tui.rules._conformance.report import fail, short, who
from gardens_tui.rules.base import ROLL, Action, Game, GameState, IllegalAction


def check_public_decision(
    game: Game[Any], state: GameState, views: Mapping[int | None, GameState]
) -> None:
    """Rule 1: ``view(state, seat).decision == state.decision`` for every view in ``views``.

    ``views`` maps seats (``None``: a spectator) to ``game.view(state, seat)``. A decision's
    seat, kind, prompt, ``optional``, ``pass_action`` and ``skill`` depend only on public
    information, so every seat's view must compute the very same decision; a prompt or window
    that differs in some view was computed from something that view does not show.
    """
    decision = state.decision
    for seat, view in views.items():
        seen = view.decision
        if seen != decision:
            raise fail(
                "decision is public",
                f"the view for {who(seat)} has the decision {short(seen, 160)} but the position "
                f"has {short(decision, 160)}: whether a decision or window is pending, whose it "
                "is and what it says must depend only on public information",
            )


def check_pass_action(
    game: Game[Any], state: GameState, data: Mapping[str, Any], legal: Sequence[Action]
) -> None:
    """An optional decision names a ``pass_action`` that is legal and that ``apply`` accepts; a
    required decision names none.

    ``data`` is ``to_dict(state)`` and ``legal`` its legal actions. Passing is applied through
    :func:`~.checks_actions.check_apply`, so it must also leave ``state`` alone.
    """
    decision = state.decision
    if decision is None:
        return
    if not isinstance(decision.optional, bool):
        raise fail("pass action", f"decision.optional must be true or false: {decision.optional!r}")
    kind = decision.kind
    if not decision.optional:
        if decision.pass_action is not None:
            raise fail(
                "pass action",
                f"the required decision {kind!r} names the pass_action "
                f"{short(decision.pass_action)}: only an optional window may be passed",
            )
        return
    passing = decision.pass_action
    if passing is None:
        raise fail(
            "pass action",
            f"the optional decision {kind!r} names no pass_action (the action meaning 'I do not "
            "react', which the app, the bots and a server timeout play to pass)",
        )
    if passing not in legal:
        raise fail(
            "pass action",
            f"the pass_action {short(passing)} of the optional decision {kind!r} is not among "
            f"its legal actions {short(legal, 160)}",
        )
    try:
        check_apply(game, state, data, passing)
    except IllegalAction as exc:
        raise fail(
            "pass action", f"apply refuses the pass_action {short(passing)} of {kind!r}: {exc}"
        ) from exc


def check_skill(
    game: Game[Any], state: GameState, data: Mapping[str, Any], legal: Sequence[Action]
) -> None:
    """A skill decision lists :data:`~gardens_tui.rules.base.ROLL`, and every one of its legal
    actions (each an outcome, ROLL included) gives a state with ``chance`` set.

    ``data`` is ``to_dict(state)`` and ``legal`` its legal actions. Each outcome is applied
    through :func:`~.checks_actions.check_apply`, so it must also leave ``state`` alone.
    """
    decision = state.decision
    if decision is None or decision.skill is None:
        return
    skill = decision.skill
    if not isinstance(skill, str) or not skill.strip():
        raise fail("skill", f"decision.skill must be a name or None: {skill!r}")
    if ROLL not in legal:
        raise fail(
            "skill",
            f"the skill decision {skill!r} does not list ROLL {ROLL!r}, which settles it by the "
            "game's own odds (what bots, the command line and a server timeout play)",
        )
    for action in legal:
        try:
            after = check_apply(game, state, data, action)
        except IllegalAction as exc:
            raise fail("skill", f"apply refuses the listed outcome {short(action)}: {exc}") from exc
        if not after.chance:
            raise fail(
                "skill",
                f"the outcome {game.format_action(action)!r} of the skill decision {skill!r} does "
                "not set chance on the next state (undo must stop where a skill event was "
                "settled)",
            )
