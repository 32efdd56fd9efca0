"""Whole checked games: :func:`play_checked` plays one random game to the end and runs every
check of the suite at every decision, as often as :class:`Thoroughness` says."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gardens_tui.rules._conformance.checks_actions import (
    GARBAGE_TEXT,
    check_apply,
    check_illegal_refused,
    check_legal_actions,
    check_notation,
    check_parse_refuses,
    malformed_actions,
    mutated_notation,
)
from gardens_tui.rules._conformance.checks_decisions import (
    check_pass_action,
    check_public_decision,
    check_skill,
)
from gardens_tui.rules._conformance.checks_engine import (
    check_legal_cache,
    check_trusted_apply,
    check_trusted_samples,
)
from gardens_tui.rules._conformance.checks_state import (
    check_components,
    check_copy,
    check_evaluate,
    check_invariants,
    check_roundtrip,
    check_scores,
    check_state_basics,
    check_terminal,
    check_texts,
)
from gardens_tui.rules._conformance.checks_view import (
    check_view,
    check_view_ignores_rng,
    check_views_work,
)
from gardens_tui.rules._conformance.damage import check_from_dict_refuses, damaged_copies
from gardens_tui.rules._conformance.report import ConformanceError, fail, first_difference
from gardens_tui.rules._conformance.setups import (
    PlayoutSetup,
    balanced_choice,
    check_count_refused,
    check_new_game,
    refused_counts,
    uniform_choice,
)
from gardens_tui.rules._conformance.twins import (
    Twin,
    check_determinise,
    check_indistinguishable,
    check_indistinguishable_after_apply,
)
from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.rng import Rng, seed_state

MAX_DECISIONS = 20_000
"""The default bound on decisions in one game; a game still running after it fails the check."""


@dataclass(frozen=True, slots=True)
class Thoroughness:
    """How much each decision is checked beyond the always-on checks.

    - ``illegal_from_game``: actions legal elsewhere tried per decision;
    - ``illegal_malformed``: malformed / wrong-verb tuples tried per decision;
    - ``view_seats``: seats whose view is checked per decision besides the deciding seat (they
      rotate through every seat and the spectator over the game);
    - ``twins``: how many of those seats (taking turns, the deciding seat among them) are shown
      a twin per decision, before and after the action played (:mod:`.twins`); every one of
      them at deep decisions;
    - ``deep_every``: every how many decisions (and at the first and the last) the slower checks
      run: ``copy()``, the views' round trip, idempotence and independence from the PRNG;
      ``scores``, ``render_text`` and ``evaluate`` on one seat's view, compared with the
      position's, and that seat's twin's component counts and round trip; ``render_text`` and
      ``evaluate`` of the position for the chosen seats (and the spectator's text),
      ``describe_action`` and garbage text for ``parse_action``;
    - ``damage_every`` / ``damage_count``: every how many decisions, and how many, damaged
      copies of the state are given to ``from_dict``;
    - ``trusted_samples``: legal actions besides the one played, drawn at deep decisions, for
      which ``apply_trusted`` must agree with ``apply`` (:mod:`.checks_engine`; the action
      played is checked at every decision);
    - ``max_decisions``: the termination bound.
    """

    illegal_from_game: int = 4
    illegal_malformed: int = 2
    view_seats: int = 1
    twins: int = 1
    deep_every: int = 10
    damage_every: int = 40
    damage_count: int = 4
    trusted_samples: int = 2
    max_decisions: int = MAX_DECISIONS


STANDARD = Thoroughness()
"""The thoroughness of the test suite and of the command line without ``--full``."""

FULL = Thoroughness(
    view_seats=99, twins=99, deep_every=1, damage_every=5, illegal_malformed=6, trusted_samples=4
)
"""Every seat's view, twin, texts and more damage at every decision: slower, for one-off runs."""


class ActionPool:
    """Actions seen legal somewhere, kept to try where they are not legal (bounded, ordered)."""

    def __init__(self, limit: int = 4000) -> None:
        self.limit = limit
        self._seen: set[Action] = set()
        self.actions: list[Action] = []

    def add(self, actions: Iterable[Action]) -> None:
        """Remember ``actions`` (until the pool is full)."""
        for action in actions:
            if len(self.actions) >= self.limit:
                return
            if action not in self._seen:
                self._seen.add(action)
                self.actions.append(action)

    def sample(self, rng: Rng, k: int) -> list[Action]:
        """Up to ``k`` remembered actions, drawn with ``rng``."""
        if not self.actions:
            return []
        return [self.actions[rng.randrange(len(self.actions))] for _ in range(k)]


@dataclass(slots=True)
class PlayoutResult:
    """What one checked game did: decisions made, winners, and the actions (for replays)."""

    setup: PlayoutSetup
    decisions: int
    winners: tuple[int, ...]
    actions: list[Action] = field(default_factory=list)
    illegal_tried: int = 0


def _check_unchanged(
    game: Game[Any],
    state: GameState,
    data: Mapping[str, Any],
    text: str,
    views: Sequence[int | None],
    legal: Sequence[Action],
    candidates: Sequence[Action],
) -> None:
    """One ``to_dict`` to confirm that the views and refused actions left ``state`` alone; if
    not, redo them one at a time on a fresh copy so the failure names the culprit."""
    after = game.to_dict(state)
    if after == data:
        return
    fresh = game.from_dict(json.loads(text))
    check_view(game, fresh, data, views, legal=legal, roundtrip=False)
    check_illegal_refused(game, fresh, data, legal, candidates)
    raise fail(
        "illegal action",
        "viewing the state or refusing actions on it changed it: " + first_difference(data, after),
    )


def _turns(seats: Sequence[int | None], step: int, count: int) -> list[int | None]:
    """``count`` of ``seats``, starting at ``step``'s turn, so that every seat comes up in turn."""
    return [seats[(step + k) % len(seats)] for k in range(count)]


def _where(game: Game[Any], setup: PlayoutSetup, step: int, actions: Sequence[Action]) -> str:
    tail = []
    for action in actions[-5:]:
        try:
            tail.append(game.format_action(action))
        except Exception:
            tail.append(repr(action))
    return f"{game.spec.id}: {setup.describe()}, decision {step}" + (
        f", after ... {' | '.join(tail)}" if tail else ", at the start"
    )


def play_checked(
    game: Game[Any],
    setup: PlayoutSetup,
    *,
    thoroughness: Thoroughness = STANDARD,
    pool: ActionPool | None = None,
    choose: Callable[[GameState, list[Action], Rng], Action] | None = None,
) -> PlayoutResult:
    """Play one game from ``setup`` to the end with random legal actions, checking everything.

    ``choose(state, legal, rng)`` picks the actions (default: by ``setup.policy``, from an RNG
    seeded by ``setup.seed``). ``pool`` carries actions between games for the illegal-action
    tries. The twins of :mod:`.twins` draw from a second RNG seeded by ``setup.seed``, so the
    actions played do not depend on them. Raises :class:`ConformanceError` with the game, setup
    and decision number.

    Besides the checks on each position (:mod:`.checks_state`, :mod:`.checks_actions`), every
    decision checks that the decision is public in every seat's view, that optional windows can
    be passed and skill decisions settled (:mod:`.checks_decisions`), and that one viewer (the
    deciding seat and another seat or the spectator, in turn; both at deep decisions) is shown
    the same for the position and a twin it cannot tell apart, before and after the action
    (:mod:`.twins`); deep decisions also check that the rules work on a view and that the
    position's text and scores show that viewer no more than its view (:mod:`.checks_view`).
    After all that, the position's cached legal actions must still be a fresh copy of the list
    its rebuilt twin computes, and ``apply_trusted`` must agree with ``apply`` for the action
    played (and, at deep decisions, for a sample of other legal actions drawn from a third RNG,
    so the actions played do not depend on it), and deep decisions check the twins' cached
    legal actions too (:mod:`.checks_engine`).
    Each game also tries one player count the spec does not allow.
    """
    pool = pool if pool is not None else ActionPool()
    rng = Rng(seed_state(setup.seed ^ 0xA11CE))
    twin_rng = Rng(seed_state(setup.seed ^ 0x7E1F5))
    trust_rng = Rng(seed_state(setup.seed ^ 0x7257ED))
    t = thoroughness
    actions: list[Action] = []
    dicts: list[dict[str, Any]] = []
    step = 0
    stage = "new_game"
    tried = 0
    try:
        state = check_new_game(game, setup.players, setup.options, setup.seed)
        stage = "player counts"
        refused = refused_counts(game.spec)
        if refused:
            check_count_refused(game, refused[setup.seed % len(refused)])
        baseline = game.component_counts(state)
        categories: tuple[str, ...] | None = None
        n = state.num_players
        rotation: list[int | None] = [None, *range(n)]
        # (state, twin, action): twins to be given the action just played, then compared with
        # the position it led to once that position's to_dict and views are at hand.
        pending: list[tuple[GameState, Twin, Action]] = []
        while True:
            deep = step % t.deep_every == 0
            stage = "round trip"
            data, text, restored = check_roundtrip(game, state)
            dicts.append(data)
            stage = "state"
            check_state_basics(game, state)
            stage = "invariants"
            check_invariants(game, state)
            stage = "components"
            check_components(game, state, baseline)
            stage = "scores"
            scores = game.scores(state)
            categories = check_scores(game, state, categories, scores)
            stage = "views"
            views = {seat: game.view(state, seat) for seat in rotation}
            stage = "decision is public"
            check_public_decision(game, state, views)
            stage = "indistinguishable after apply"
            for before, twin, action in pending:
                check_indistinguishable_after_apply(
                    game, before, state, twin, action, after_data=data, after_view=views[twin.seat]
                )
            pending = []
            if state.is_over:
                stage = "end"
                check_copy(game, state, data)
                view_datas = check_view(game, state, data, rotation, views=views)
                end_texts = check_texts(game, state, ())
                stage = "views work"
                check_views_work(game, state, views, categories, texts=end_texts, evaluate=range(n))
                for seat in rotation:
                    stage = "determinise"
                    twin = check_determinise(
                        game,
                        views[seat],
                        view_datas[seat],
                        seat,
                        twin_rng,
                        baseline,
                        state_data=data,
                    )
                    stage = "indistinguishable"
                    check_indistinguishable(game, state, twin, legal=())
                stage = "end"
                check_terminal(game, state, [*pool.sample(rng, t.illegal_from_game), ("pass",)])
                break
            if step >= t.max_decisions:
                raise fail("terminates", f"still not over after {step} decisions")
            stage = "legal actions"
            legal = check_legal_actions(game, state, restored)
            stage = "notation"
            check_notation(game, state, legal)
            stage = "pass action"
            check_pass_action(game, state, data, legal)
            stage = "skill"
            check_skill(game, state, data, legal)
            stage = "view"
            current = state.current_player
            others = [s for s in rotation if s != current]
            chosen: list[int | None] = [current]
            for k in range(min(t.view_seats, len(others))):
                chosen.append(others[(step + k) % len(others)])
            view_datas = check_view(
                game,
                state,
                data,
                chosen,
                legal=legal,
                roundtrip=deep,
                idempotent=deep,
                verify=False,
                views=views,
            )
            stage = "illegal actions"
            candidates = pool.sample(rng, t.illegal_from_game)
            bad = malformed_actions(legal[step % len(legal)])
            candidates += [bad[rng.randrange(len(bad))] for _ in range(t.illegal_malformed)]
            tried += check_illegal_refused(game, state, data, legal, candidates, verify_each=False)
            stage = "state unchanged"
            _check_unchanged(game, state, data, text, chosen, legal, candidates)
            texts: dict[int | None, str] = {}
            if deep:
                stage = "copy"
                check_copy(game, state, data)
                stage = "view"
                check_view_ignores_rng(game, state, chosen[-1])
                stage = "texts"
                # The chosen seats rotate, so every seat's text is checked over a game.
                texts = check_texts(game, state, legal[:5], dict.fromkeys((None, *chosen)))
                check_evaluate(game, state, [seat for seat in chosen if seat is not None])
                stage = "parse garbage"
                garbage = [*GARBAGE_TEXT, *mutated_notation(game, legal, rng)]
                parsed = check_parse_refuses(game, state, garbage)
                tried += check_illegal_refused(game, state, data, legal, parsed)
            # At deep decisions every chosen seat gets a twin, and the slower checks of views and
            # twins run for one of them in turn (for all of them when `twins` covers them all).
            many = len(chosen) if deep else min(t.twins, len(chosen))
            slow = many if t.twins >= len(chosen) else 1
            if deep:
                stage = "views work"
                check_views_work(
                    game,
                    state,
                    {seat: views[seat] for seat in _turns(chosen, step, slow)},
                    categories,
                    scores=scores,
                    texts=texts,
                    evaluate=(current,),
                )
            twins: list[Twin] = []
            for k, seat in enumerate(_turns(chosen, step, many)):
                stage = "determinise"
                twin = check_determinise(
                    game,
                    views[seat],
                    view_datas[seat],
                    seat,
                    twin_rng,
                    baseline,
                    state_data=data,
                    deep=deep and k < slow,
                )
                stage = "indistinguishable"
                check_indistinguishable(game, state, twin, legal=legal)
                if deep and k < slow:
                    # determinise copies a view, then changes the copy: no stale list.
                    stage = "legal actions cached"
                    position = twin.position
                    check_legal_cache(game, position, game.legal_actions(position))
                twins.append(twin)
            if step % t.damage_every == 0:
                stage = "damaged from_dict"
                check_from_dict_refuses(game, damaged_copies(text, rng, t.damage_count))
            pool.add(legal)
            stage = "legal actions cached"
            # After views, twins and refused actions have used it, the position's cached list is
            # still the one its rebuilt twin computes afresh.
            check_legal_cache(game, state, legal, rebuilt=restored)
            if choose is not None:
                action = choose(state, legal, rng)
            elif setup.policy == "balanced":
                action = balanced_choice(legal, rng)
            else:
                action = uniform_choice(legal, rng)
            stage = f"apply {action!r}"
            # Play on from the restored state: the replay below proves it plays identically.
            new = check_apply(game, restored, data, action)
            stage = "trusted apply"
            check_trusted_apply(game, state, action, new)
            if deep:
                check_trusted_samples(game, state, legal, action, trust_rng, t.trusted_samples)
                if game.to_dict(state) != data:
                    raise fail(
                        "trusted apply",
                        "apply or apply_trusted changed the state it was given: "
                        + first_difference(data, game.to_dict(state)),
                    )
            pending = [(state, twin, action) for twin in twins]
            state = new
            actions.append(action)
            step += 1
        stage = "replay"
        replayed = game.new_game(setup.players, setup.options, setup.seed)
        for i, action in enumerate(actions):
            if game.to_dict(replayed) != dicts[i]:
                step = i
                raise fail(
                    "replay",
                    "replaying the actions from new_game gives another state: "
                    + first_difference(dicts[i], game.to_dict(replayed)),
                )
            replayed = game.apply(replayed, action)
        if game.to_dict(replayed) != dicts[-1]:
            raise fail(
                "replay",
                "replaying the actions gives another end: "
                + first_difference(dicts[-1], game.to_dict(replayed)),
            )
    except ConformanceError as exc:
        raise exc.located(_where(game, setup, step, actions)) from exc.__cause__
    except Exception as exc:
        error = ConformanceError(
            "no exception", f"{type(exc).__name__}: {exc} (during {stage})"
        ).located(_where(game, setup, step, actions))
        raise error from exc
    return PlayoutResult(setup, step, game.winners(state).winners, actions, tried)
