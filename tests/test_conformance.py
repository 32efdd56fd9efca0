"""The conformance suite: every registered game, and the toy game, honours the rules contract.

Each game plays ``GAMES_PER_GAME`` random games to the end from different seeds, over its whole
player range, with default options, all options on and random combinations, and every check of
:mod:`gardens_tui.rules.conformance` runs at every decision. The games are split into chunks so
``pytest -n auto`` spreads them over the cores.

The second half proves the checks themselves: each broken variant of the toy game must be caught
by the check named for the rule it breaks.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import leaky_games as L
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toy_game import TOY, ToyGame, ToyState

from gardens_tui.rules import conformance as C
from gardens_tui.rules import fields as F
from gardens_tui.rules.base import Game, GameSpec, GameState, IllegalAction, Option, Scores
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import Rng, seed_state

GAMES_PER_GAME = 200
CHUNKS = 10
GAME_IDS = ["toy", *GAMES]


def game_for(game_id: str) -> Game[Any]:
    """The toy game or a registered one."""
    return TOY if game_id == "toy" else get_game(game_id)


def _run_chunk(game: Game[Any], setups: Sequence[C.PlayoutSetup], **kwargs: Any) -> int:
    """Play every setup checked; fail listing every failing seed (not just the first)."""
    pool = C.ActionPool()
    failures: list[str] = []
    decisions = 0
    for setup in setups:
        try:
            decisions += C.play_checked(game, setup, pool=pool, **kwargs).decisions
        except C.ConformanceError as exc:
            failures.append(str(exc))
    if failures:
        shown = "\n".join(failures[:6])
        pytest.fail(f"{len(failures)} of {len(setups)} games break the contract:\n{shown}")
    return decisions


# --------------------------------------------------------------------------------------------
# Every game
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_conform_at_every_decision(game_id: str, chunk: int) -> None:
    """Rule: the whole contract (round trip, replay, illegal actions refused, views hide secrets,
    public decisions, views that work, nothing shown that a twin would not show, determinise,
    pass and skill decisions, components conserved, notation, determinism, scores, winners,
    termination) holds at every decision of 200 random games per game."""
    game = game_for(game_id)
    setups = C.playout_setups(game.spec, GAMES_PER_GAME)[chunk::CHUNKS]
    assert _run_chunk(game, setups) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setups_cover_player_range_and_options(game_id: str) -> None:
    """The 200 games cover every allowed player count (``spec.counts``) with default options and
    with all options on, each played both uniformly at random and verb-balanced."""
    spec = game_for(game_id).spec
    setups = C.playout_setups(spec, GAMES_PER_GAME)
    covered = {(len(s.players), s.label, s.policy) for s in setups}
    for count in spec.counts:
        for policy in C.POLICIES:
            assert (count, "default", policy) in covered
            assert (count, "all-on", policy) in covered
    assert len({s.seed for s in setups}) == GAMES_PER_GAME


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_and_text_at_every_decision(game_id: str) -> None:
    """Rule: with the FULL thoroughness (every seat's view, twin, texts and damaged loads at every
    decision) a few games at the fewest and the most players still conform."""
    game = game_for(game_id)
    spec = game.spec
    setups = [
        C.PlayoutSetup(tuple(C.seat_names(n)), options, 9000 + i, label)
        for i, (n, options, label) in enumerate(
            (n, options, label)
            for n in sorted({spec.counts[0], spec.counts[-1]})
            for options, label in (
                (C.default_options(spec), "default"),
                (C.all_on_options(spec), "all-on"),
            )
        )
    ]
    _run_chunk(game, setups, thoroughness=C.FULL)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_refuses_bad_setups(game_id: str) -> None:
    """Rule: new_game takes every count in spec.counts and raises ValueError for a count outside
    them or in a gap, an unknown option or a bad value."""
    C.check_new_game_refuses(game_for(game_id))


@st.composite
def setups(draw: st.DrawFn, spec: GameSpec) -> C.PlayoutSetup:
    """A random player count, option combination and seed for ``spec``."""
    count = draw(st.sampled_from(spec.counts))
    options: dict[str, Any] = {}
    for opt in spec.options:
        if isinstance(opt.default, bool):
            options[opt.key] = draw(st.booleans())
        elif isinstance(opt.default, int):
            low = opt.default if opt.minimum is None else opt.minimum
            high = opt.default if opt.maximum is None else opt.maximum
            options[opt.key] = draw(st.integers(low, high))
        elif opt.choices:
            options[opt.key] = draw(st.sampled_from(opt.choices))
    seed = draw(st.integers(0, 2**63))
    return C.PlayoutSetup(
        tuple(C.seat_names(count)), spec.normalise_options(options), seed, "drawn"
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_option_combinations_conform(game_id: str) -> None:
    """Rule: any valid combination of options and players gives a conforming game (hypothesis
    draws the combinations; derandomised so the run is the same every time)."""
    game = game_for(game_id)
    pool = C.ActionPool()

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(setup=setups(game.spec))
    def check(setup: C.PlayoutSetup) -> None:
        C.play_checked(game, setup, pool=pool)

    check()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_from_dict_refuses_damaged_states(game_id: str) -> None:
    """Rule: from_dict raises ValueError (and nothing else) on any damaged field, or accepts a
    position the rules can then work with; hypothesis picks the position, field and value."""
    game = game_for(game_id)
    spec = game.spec

    @settings(max_examples=60, deadline=None, derandomize=True, database=None)
    @given(
        seed=st.integers(0, 10_000),
        players=st.sampled_from(spec.counts),
        steps=st.integers(0, 60),
        pick=st.integers(0, 10**6),
        value=json_values,
        delete=st.booleans(),
    )
    def check(seed: int, players: int, steps: int, pick: int, value: Any, delete: bool) -> None:
        state = game.new_game(C.seat_names(players), C.all_on_options(spec), seed)
        rng = Rng(seed_state(seed))
        for _ in range(steps):
            if state.is_over:
                break
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        data = json.loads(json.dumps(game.to_dict(state)))
        paths = C._json_paths(data)
        path = paths[pick % len(paths)]
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if delete and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
        C.check_from_dict_refuses(game, [(f"changed {path}", data)])

    check()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_from_dict_refuses_non_objects_and_other_games(game_id: str) -> None:
    """Rule: from_dict names the problem for data that is not a state of this game."""
    game = game_for(game_id)
    state = game.new_game(C.seat_names(game.spec.counts[0]), {}, 3)
    data = game.to_dict(state)
    bads: list[Any] = [None, [], "state", 7, {}, {**data, "game": "no-such-game"}]
    for bad in bads:
        with pytest.raises(ValueError):
            game.from_dict(bad)


# --------------------------------------------------------------------------------------------
# The helpers
# --------------------------------------------------------------------------------------------


def test_first_difference_names_the_path() -> None:
    """Failure messages point at the first differing field."""
    a = {"x": [1, {"y": 2}], "z": 1}
    assert C.first_difference(a, {"x": [1, {"y": 3}], "z": 1}).startswith("state.x[1].y: 2")
    assert "missing on the right" in C.first_difference(a, {"x": [1, {"y": 2}]})
    assert "missing on the left" in C.first_difference({"x": 1}, {"x": 1, "q": 2})
    assert "3 items on the left, 2 on the right" in C.first_difference([1, 2, 3], [1, 2])
    assert "(a tuple)" in C.first_difference((1,), [1])


def test_malformed_actions_cover_every_argument() -> None:
    """Malformed variants: empty, unknown verb, missing, extra and wrongly typed arguments."""
    bad = C.malformed_actions(("buy", "row", 2))
    assert () in bad
    assert (C.BOGUS_VERB,) in bad
    assert ("buy", "row") in bad
    assert ("buy", "row", 2, "extra") in bad
    assert ("buy", None, 2) in bad and ("buy", "row", None) in bad
    assert ("buy", "row", 10**9) in bad
    assert ("buy", "row", 2) not in bad
    assert C.malformed_actions(()) == [(), (C.BOGUS_VERB,), (C.BOGUS_VERB,)]


def test_option_sets_are_valid() -> None:
    """Default, all-on and random option sets are valid and differ where they should."""
    spec = GameSpec(
        "t",
        "T",
        2,
        3,
        "b",
        "s",
        (
            Option("a", False, "switch"),
            Option("n", 3, "number", minimum=1, maximum=5),
            Option("c", "x", "choice", choices=("x", "y")),
            Option("free", 7, "unbounded number"),
        ),
    )
    assert C.default_options(spec) == {"a": False, "n": 3, "c": "x", "free": 7}
    assert C.all_on_options(spec) == {"a": True, "n": 3, "c": "x", "free": 7}
    rng = Rng(seed_state(1))
    drawn = [C.random_options(spec, rng) for _ in range(50)]
    assert {d["a"] for d in drawn} == {True, False}
    assert {d["n"] for d in drawn} == {1, 2, 3, 4, 5}
    assert {d["c"] for d in drawn} == {"x", "y"}
    assert {d["free"] for d in drawn} == {7}


def test_balanced_choice_picks_each_verb_evenly() -> None:
    """Balanced play gives a lone ``buy`` the same chance as nine ``pass`` actions."""
    legal = [("buy", "row", 1)] + [("pass", i) for i in range(9)]
    rng = Rng(seed_state(2))
    picks = [C.balanced_choice(legal, rng)[0] for _ in range(2000)]
    assert 900 < picks.count("buy") < 1100
    uniform = [C.uniform_choice(legal, rng)[0] for _ in range(2000)]
    assert uniform.count("buy") < 300


def test_action_pool_is_bounded_and_ordered() -> None:
    """The pool keeps each action once, in the order seen, up to its limit."""
    pool = C.ActionPool(limit=3)
    assert pool.sample(Rng(1), 2) == []
    pool.add([("a",), ("b",), ("a",)])
    pool.add([("c",), ("d",)])
    assert pool.actions == [("a",), ("b",), ("c",)]
    assert set(pool.sample(Rng(5), 10)) <= {("a",), ("b",), ("c",)}


def test_damaged_copies_change_exactly_one_thing() -> None:
    """Each damaged copy differs from the original."""
    text = json.dumps({"a": [1, 2], "b": {"c": "x"}})
    for description, data in C.damaged_copies(text, Rng(seed_state(4)), 40):
        assert data != json.loads(text), description
    assert C.damaged_copies("{}", Rng(1), 5) == []


def test_script_entry_point_reports(
    capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    """``python -m gardens_tui.rules.conformance toy`` checks and prints a summary line."""
    assert C.main(["toy", "--games", "6", "--seed", "3"]) == 0
    assert "toy: 6 games" in capsys.readouterr().out


def test_script_entry_point_fails_on_a_broken_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The script lists each failing game with its seed and returns a failure status."""
    failures = C.run(L.LeakyView(), 3, out=print)
    assert len(failures) == 3
    out = capsys.readouterr().out
    assert "FAIL [view hides secrets]" in out and "seed 1" in out and "3 failing" in out


def test_module_runs_as_a_script() -> None:
    """``python -m gardens_tui.rules.conformance`` is the command line (here: its help)."""
    done = subprocess.run(
        [sys.executable, "-m", "gardens_tui.rules.conformance", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "--full" in done.stdout and "python -m gardens_tui.rules.conformance" in done.stdout


def test_every_public_name_is_importable() -> None:
    """Every name the suite exports (and the old private ``_json_paths``) is importable from
    gardens_tui.rules.conformance, wherever it lives in gardens_tui.rules._conformance."""
    for name in C.__all__:
        assert getattr(C, name) is not None, name
    assert C._json_paths is C.json_paths


# --------------------------------------------------------------------------------------------
# Player counts
# --------------------------------------------------------------------------------------------

SPARSE = GameSpec("sparse", "Sparse", 1, 5, "b", "s", player_counts=(1, 3, 4, 5))


def test_refused_counts_are_the_neighbours_and_the_gaps() -> None:
    """Rule: the counts new_game must refuse are one below the fewest (down to 0), the gaps and
    one above the most."""
    assert C.refused_counts(SPARSE) == [0, 2, 6]
    assert C.refused_counts(TOY.spec) == [1, 5]
    assert C.refused_counts(GameSpec("solo", "Solo", 1, 1, "b", "s")) == [0, 2]


def test_playouts_use_only_the_allowed_counts() -> None:
    """Rule: checked games are played with every count of spec.counts and no other."""
    setups = C.playout_setups(SPARSE, 16)
    assert {len(s.players) for s in setups} == {1, 3, 4, 5}


def test_player_count_check_names_an_allowed_count_that_is_refused() -> None:
    """Rule: new_game must accept every count in spec.counts."""

    class TooFewSeats(ToyGame):
        spec = dataclasses.replace(ToyGame.spec, max_players=5)

        def new_game(
            self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
        ) -> ToyState:
            return TOY.new_game(players, options, seed)  # 2-4 players

    with pytest.raises(C.ConformanceError, match="new_game refused 5 players"):
        C.check_player_counts(TooFewSeats())


def test_player_count_check_names_a_gap_that_is_accepted() -> None:
    """Rule: new_game must refuse a count in a gap of spec.counts (3 for ``(2, 4)``)."""
    with pytest.raises(C.ConformanceError, match="new_game accepted 3 players") as info:
        C.check_new_game_refuses(L.CountsNotHonoured())
    assert info.value.check == "player counts"


# --------------------------------------------------------------------------------------------
# Twins on positions built by hand
# --------------------------------------------------------------------------------------------


def _late_position() -> ToyState:
    """Three players, the deck used up: Ann holds a 3, Bob a 3, Cleo a 5; Ann to play."""
    return ToyState(
        players=("Ann", "Bob", "Cleo"),
        options={"snap": True},
        rng=seed_state(5),
        hands=[[3], [3], [5]],
        deck=[],
        scored=[[1, 1, 2], [2, 4, 4], [5, 6, 6]],
        bonus=[0, 0, 0],
        turn=10,
    )


def _twin_where(
    game: Game[Any], state: ToyState, seat: int | None, wanted: Callable[[ToyState], bool]
) -> C.Twin:
    """The first twin (over PRNG seeds 0, 1, ...) of ``state`` for ``seat`` that is ``wanted``."""
    view = game.view(state, seat)
    view_data = game.to_dict(view)
    baseline = game.component_counts(state)
    for seed in range(200):
        twin = C.check_determinise(game, view, view_data, seat, Rng(seed_state(seed)), baseline)
        if wanted(twin.position):
            return twin
    raise AssertionError("no such twin")


@pytest.mark.parametrize("seat", [None, 0])
def test_a_window_held_by_a_secret_card_is_caught_after_apply(seat: int | None) -> None:
    """Rule 1 (decisions are public): with the old toy rule, Ann playing her 3 opens Bob's snap
    window only because Bob holds a 3. A twin in which Cleo holds the 3 is the same to Ann and
    to a spectator, yet the same play opens no window there."""
    state = _late_position()
    twin = _twin_where(L.SecretWindow(), state, seat, lambda p: p.hands[1] == [5])
    assert not twin.same
    leaky = L.SecretWindow()
    after = leaky.apply(state, ("play", 3))
    assert after.decision is not None and after.decision.kind == "snap" and not after.chance
    with pytest.raises(C.ConformanceError, match="the decision") as info:
        C.check_indistinguishable_after_apply(leaky, state, after, twin, ("play", 3))
    assert info.value.check == "indistinguishable after apply"
    # The real toy opens the window whatever Bob holds: nothing to tell.
    twin = _twin_where(TOY, state, seat, lambda p: p.hands[1] == [5])
    after = TOY.apply(state, ("play", 3))
    assert C.check_indistinguishable_after_apply(TOY, state, after, twin, ("play", 3))


def test_a_drawn_card_named_to_everyone_is_caught_after_apply() -> None:
    """Rule 3 (events are redacted): "Ann drew the 6" in the public log tells Bob a card he
    cannot see; in a twin with another card on top of the deck the line differs while all else
    Bob sees is the same."""
    state = _late_position()
    state.hands, state.deck = [[3], [4], [5]], [3, 6]
    state.scored = [[1, 1, 2], [2, 4], [5, 6]]

    def wanted(p: ToyState) -> bool:
        return p.hands[0] == [3] and p.deck[-1] != 6  # Ann may play her 3, but draws another

    twin = _twin_where(TOY, state, 1, wanted)
    leaky = L.PublicDraw()
    after = leaky.apply(state, ("play", 3))
    assert "Ann drew the 6" in after.events and after.chance
    with pytest.raises(C.ConformanceError, match="public line names something"):
        C.check_indistinguishable_after_apply(leaky, state, after, twin, ("play", 3))
    twin = _twin_where(TOY, state, 1, wanted)
    after = TOY.apply(state, ("play", 3))
    assert C.check_indistinguishable_after_apply(TOY, state, after, twin, ("play", 3))


def test_toy_twins_keep_what_the_seat_saw() -> None:
    """determinise of the toy game: a real, valid position with the seat's own hand, the public
    piles and the deck size, other hands dealt afresh (so not the position itself)."""
    state = _late_position()
    for seat in (None, 0, 1, 2):
        twin = _twin_where(TOY, state, seat, lambda p: True)
        assert not twin.position.hidden
        if seat is not None:
            assert twin.position.hands[seat] == state.hands[seat]
        assert twin.position.scored == state.scored
    assert not _twin_where(TOY, state, None, lambda p: p.hands != state.hands).same


def test_twin_of_a_game_without_secrets_is_the_position() -> None:
    """In Octopus's Garden only the PRNG is hidden: every twin is the position itself, so the
    comparisons have nothing to find (and are skipped)."""
    game = get_game("octopus-garden")
    state = game.new_game(C.seat_names(3), C.all_on_options(game.spec), 4)
    view = game.view(state, 1)
    twin = C.check_determinise(
        game,
        view,
        game.to_dict(view),
        1,
        Rng(seed_state(1)),
        game.component_counts(state),
        state_data=game.to_dict(state),
    )
    assert twin.same and twin.position.rng != state.rng


def twin_for_seat_1(game: Game[Any], state: GameState) -> Any:
    """A position seat 1 cannot tell from ``state`` (``determinise`` of its view, checked by the
    conformance suite's own check), which differs from ``state``."""
    view = game.view(state, 1)
    twin = C.check_determinise(
        game,
        view,
        game.to_dict(view),
        1,
        Rng(seed_state(1)),
        game.component_counts(state),
        state_data=game.to_dict(state),
    )
    assert not twin.same
    return twin


def assert_hands_redealt_for_seat_1(state: Any, position: Any) -> None:
    """``position`` keeps every hand's size and deals the other seats' tiles and the pile anew
    from the same tiles as ``state`` (seat 1's own hand is the view's)."""
    assert [len(h) for h in position.hands] == [len(h) for h in state.hands]
    hidden = sorted(state.pile + [t for s, h in enumerate(state.hands) if s != 1 for t in h])
    twin_hidden = [t for s, h in enumerate(position.hands) if s != 1 for t in h]
    assert sorted(position.pile + twin_hidden) == hidden


def test_twin_of_the_gardens_reshuffles_only_the_decks() -> None:
    """In The Gardens only the decks' order is hidden: a twin keeps the display, every mat and
    the points, and holds the same cards in each deck in another order."""
    game = get_game("the-gardens")
    state = game.new_game(C.seat_names(3), C.all_on_options(game.spec), 4)
    twin = twin_for_seat_1(game, state)
    assert twin.position.display == state.display and twin.position.mats == state.mats
    assert [sorted(d) for d in twin.position.decks] == [sorted(d) for d in state.decks]


def test_twin_of_tanuki_redeals_other_hands_the_pile_and_cards() -> None:
    """In Tanuki in the Garden the other seats' tiles and Garden Master cards and the order of
    the pile and the deck are hidden: a twin keeps the board, the seat's own hand and every hand
    size, and deals the rest anew from the same tiles."""
    game = get_game("tanuki-in-the-garden")
    state = game.new_game(C.seat_names(4), C.all_on_options(game.spec), 4)
    twin = twin_for_seat_1(game, state)
    position = twin.position
    assert position.board == state.board and position.hands[1] == state.hands[1]
    assert_hands_redealt_for_seat_1(state, position)


def test_twin_of_throw_octopus_redeals_other_hands_and_the_pile() -> None:
    """In Throw Octopus! the other seats' tiles and the pile are hidden (the action deck's
    contents are public): a twin keeps the seascape, the cards, the seat's own hand and every
    hand size, and deals the rest anew from the same tiles."""
    game = get_game("throw-octopus")
    state = game.new_game(C.seat_names(4), C.all_on_options(game.spec), 4)
    twin = twin_for_seat_1(game, state)
    position = twin.position
    assert position.board == state.board and position.hands[1] == state.hands[1]
    assert position.deck == state.deck
    assert_hands_redealt_for_seat_1(state, position)


# --------------------------------------------------------------------------------------------
# The checks catch what they claim: broken variants of the toy game
# --------------------------------------------------------------------------------------------


BROKEN: list[tuple[type[ToyGame], set[str]]] = [
    (L.LeakyView, {"view hides secrets"}),
    (L.RngView, {"view hides the PRNG"}),
    (L.RngDependentView, {"view hides the PRNG"}),
    (L.ViewNotIdempotent, {"view of a view"}),
    (L.BlindView, {"view"}),
    (L.MutatingApply, {"apply leaves its input alone"}),
    (L.LenientApply, {"illegal action"}),
    (L.CrashingApply, {"illegal action"}),
    (L.SilentlyMutatingRefusal, {"illegal action"}),
    (L.TupleDict, {"round trip"}),
    (L.ForgetfulDict, {"legal actions deterministic", "replay", "view keeps the choices"}),
    (L.LossyRestore, {"round trip", "determinise"}),  # a twin is restored wrongly too
    (L.CrashingFromDict, {"from_dict validates"}),
    (L.CardsVanish, {"components conserved"}),
    (L.AmbiguousNotation, {"notation"}),
    (L.WrongParse, {"notation"}),
    (L.CrashingParse, {"notation"}),
    (L.CarelessDigits, {"notation"}),
    (L.ShuffledLegal, {"legal actions deterministic"}),
    (L.DuplicateLegal, {"legal actions"}),
    (L.SilentChance, {"chance"}),
    # It also deals the deck's top card into hands without setting chance.
    (L.EndlessGame, {"terminates", "indistinguishable after apply"}),
    (L.NoWinner, {"winners"}),
    (L.ShiftingCategories, {"scores"}),
    (L.WrongRows, {"scores"}),
    (L.NumberEvents, {"events"}),
    # A twin given the same move logs another line, too; and apply_trusted, which is apply
    # again, logs another line than apply did for the same move.
    (L.HistoryDependent, {"replay", "indistinguishable after apply", "trusted apply"}),
    (L.NoisyNewGame, {"new game"}),
    (L.StuckDecision, {"legal actions"}),
    (L.BadEvaluate, {"evaluate"}),
    (L.EmptyRender, {"render_text"}),
    # Rule 1: decisions are public.
    (L.SecretPrompt, {"decision is public", "indistinguishable"}),
    # Rule 2: views work.
    (L.ScoresFailOnViews, {"views work"}),
    (L.EvaluateFailsOnViews, {"views work"}),
    # Rules 3 and 4: nothing leaks.
    (L.SecretWindow, {"indistinguishable after apply"}),
    (L.PublicDraw, {"indistinguishable after apply"}),
    (L.RenderShowsHands, {"shows only the view"}),
    (L.ScoresRevealHands, {"shows only the view"}),
    (L.PeekingLegalActions, {"view keeps the choices", "indistinguishable"}),
    # determinise keeps its contract.
    (L.DeterminiseIgnoresView, {"determinise"}),
    (L.DeterminiseLosesCard, {"determinise"}),
    (L.DeterminiseStaysHidden, {"determinise"}),
    # Optional windows can be passed; skill decisions rolled.
    (L.NoPassAction, {"pass action"}),
    (L.WrongPassAction, {"pass action"}),
    (L.SkillWithoutRoll, {"skill"}),
    (L.SkillOutcomeNoChance, {"skill"}),
    # The allowed player counts.
    (L.CountsNotHonoured, {"player counts"}),
    (L.AcceptsAnyPlayers, {"player counts"}),
]


PROVES: dict[type[ToyGame], str] = {
    L.SecretPrompt: "decision is public",
    L.ScoresFailOnViews: "views work",
    L.EvaluateFailsOnViews: "views work",
    L.SecretWindow: "indistinguishable after apply",
    L.PublicDraw: "indistinguishable after apply",
    L.RenderShowsHands: "shows only the view",
    L.ScoresRevealHands: "shows only the view",
    L.PeekingLegalActions: "view keeps the choices",
    L.DeterminiseIgnoresView: "determinise",
    L.DeterminiseLosesCard: "determinise",
    L.DeterminiseStaysHidden: "determinise",
    L.NoPassAction: "pass action",
    L.WrongPassAction: "pass action",
    L.SkillWithoutRoll: "skill",
    L.SkillOutcomeNoChance: "skill",
    L.CountsNotHonoured: "player counts",
}
"""The check each variant of the secrets group is written to prove: it must be among the
failures, not merely allowed."""


def test_every_broken_game_is_checked() -> None:
    """Every broken variant in leaky_games is listed with the checks that may catch it."""
    assert {cls for cls, _ in BROKEN} == set(L.ALL_GAMES)
    assert all(check in dict(BROKEN)[cls] for cls, check in PROVES.items())


@pytest.mark.parametrize(("broken", "checks"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_each_check_catches_its_rule_being_broken(broken: type[ToyGame], checks: set[str]) -> None:
    """A toy game that breaks one rule of the contract fails the check named for that rule (and
    no other); for the rules of games with secrets, the check written for it fires."""
    game = broken()
    thorough = C.Thoroughness(
        illegal_from_game=6,
        illegal_malformed=12,
        deep_every=1,
        damage_every=1,
        damage_count=8,
        max_decisions=80,
    )
    failures: list[C.ConformanceError] = []
    for setup in C.playout_setups(game.spec, 8):
        try:
            C.play_checked(game, setup, thoroughness=thorough)
        except C.ConformanceError as exc:
            failures.append(exc)
    assert failures, f"{broken.__name__} passed every check"
    assert {f.check for f in failures} <= checks, [str(f) for f in failures]
    if broken in PROVES:
        assert PROVES[broken] in {f.check for f in failures}, [str(f) for f in failures]
    assert all("toy: " in f.where and "seed" in f.where for f in failures)


class _RefusesItsOwnPositions(ToyGame):
    """Its invariants refuse a position play reaches: turn 4 and later."""

    def check_invariants(self, state: ToyState) -> None:
        if state.turn > 3:
            raise F.fail("state.turn", "the game is over by turn 3")


class _InvariantsCrash(ToyGame):
    """Its invariants crash instead of naming a field."""

    def check_invariants(self, state: ToyState) -> None:
        raise KeyError("hands")


class _InvariantsNameNoField(ToyGame):
    """Its invariants refuse with a path that is no field of the state."""

    def check_invariants(self, state: ToyState) -> None:
        raise F.fail("somewhere", "wrong")


def test_invariants_that_refuse_a_position_reached_by_play_are_caught() -> None:
    """Rule (invariants): every position of a random game keeps the game's invariants, so the
    save loader never refuses a real game; a game whose invariants refuse one fails the check
    named "invariants", with the reason."""
    setup = C.playout_setups(TOY.spec, 1)[0]
    with pytest.raises(C.ConformanceError) as info:
        C.play_checked(_RefusesItsOwnPositions(), setup)
    assert info.value.check == "invariants"
    assert "state.turn: the game is over by turn 3" in info.value.detail


@pytest.mark.parametrize("broken", [_InvariantsCrash, _InvariantsNameNoField])
def test_invariants_on_a_damaged_position_name_a_field_or_hold(broken: type[ToyGame]) -> None:
    """Rule (invariants): on a damaged position that from_dict accepts, check_invariants holds
    or refuses with a FieldError naming a field of the state (``state....``), never a crash."""
    game = broken()
    data = json.loads(json.dumps(game.to_dict(game.new_game(["A", "B"], {}, 3))))
    with pytest.raises(C.ConformanceError) as info:
        C.check_from_dict_refuses(game, [("unchanged", data)])
    assert info.value.check == "invariants"


def test_the_registered_games_state_their_invariants() -> None:
    """Every registered game implements check_invariants in its own invariants module, whose
    docstring lists the invariants in words (issue 28)."""
    import importlib

    for game_id in GAMES:
        game = get_game(game_id)
        assert type(game).check_invariants is not Game.check_invariants, game_id
        package = type(game).__module__.rsplit(".", 1)[0]
        module = importlib.import_module(f"{package}.invariants")
        assert callable(module.check) and (module.__doc__ or "").strip(), game_id


def test_new_game_validation_catches_missing_player_check() -> None:
    """A game that accepts any number of players fails the new-game validation check."""
    with pytest.raises(C.ConformanceError, match="new_game accepted 5 players"):
        C.check_new_game_refuses(L.AcceptsAnyPlayers())


def test_crash_outside_a_check_is_reported_with_its_stage() -> None:
    """An unexpected exception is reported as such, with the stage and the seed."""

    class CrashingScores(ToyGame):
        def scores(self, state: ToyState) -> Scores:
            raise KeyError("boom")

    setup = C.playout_setups(TOY.spec, 1)[0]
    with pytest.raises(C.ConformanceError) as info:
        C.play_checked(CrashingScores(), setup)
    assert info.value.check == "no exception"
    assert "KeyError" in info.value.detail and "scores" in info.value.detail
    assert "seed 0" in info.value.where
    assert isinstance(info.value.__cause__, KeyError)


def test_toy_refuses_an_illegal_action_with_illegal_action() -> None:
    """Sanity: the reference game raises IllegalAction, a ValueError."""
    state = TOY.new_game(["A", "B"], {}, 1)
    with pytest.raises(IllegalAction):
        TOY.apply(state, (C.BOGUS_VERB,))
    assert issubclass(IllegalAction, ValueError)


# --------------------------------------------------------------------------------------------
# The speed slots: trusted apply and cached legal actions
# --------------------------------------------------------------------------------------------


class _WrongTrustedApply(ToyGame):
    """Its apply_trusted forgets the log: the state differs from apply's."""

    def apply_trusted(self, state: ToyState, action: Any) -> ToyState:
        s = super().apply(state, action)
        s.events = ()
        s.private_events = ()
        return s


class _WrongTrustedOnOne(ToyGame):
    """Its apply_trusted is wrong only for the action :attr:`wrong` (so only the sampled
    actions catch it when that action is not the one played)."""

    wrong: Any = None

    def apply_trusted(self, state: ToyState, action: Any) -> ToyState:
        s = super().apply(state, action)
        if action == self.wrong:
            s.turn += 1
        return s


class _IdCachedLegal(ToyGame):
    """Caches legal actions by state identity (keeping the state alive, so ids are not reused)."""

    def __init__(self) -> None:
        self.cache: dict[int, tuple[ToyState, list[Any]]] = {}

    def legal_actions(self, state: ToyState) -> list[Any]:
        hit = self.cache.get(id(state))
        if hit is None:
            hit = self.cache[id(state)] = (state, super().legal_actions(state))
        return hit[1]


class _HandsOutItsCache(_IdCachedLegal):
    """Returns its cached list itself, which a caller may change."""


class _StaleViewCache(_IdCachedLegal):
    """A view starts with the position's cached list (a copy that forgot to reset the cache)."""

    def legal_actions(self, state: ToyState) -> list[Any]:
        return list(super().legal_actions(state))

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        self.cache[id(v)] = (v, list(self.legal_actions(state)))
        return v


def test_a_trusted_apply_that_disagrees_with_apply_is_caught() -> None:
    """Rule (speed slots): apply_trusted must give the state apply gives for the action played."""
    setup = C.playout_setups(TOY.spec, 1)[0]
    with pytest.raises(C.ConformanceError) as info:
        C.play_checked(_WrongTrustedApply(), setup)
    assert info.value.check == "trusted apply"
    assert "apply_trusted" in info.value.detail and "decision 0" in info.value.where


def test_a_trusted_apply_wrong_for_another_legal_action_is_caught_by_sampling() -> None:
    """Rule (speed slots): apply_trusted is also compared with apply for legal actions that
    were not played (a sample drawn at deep decisions)."""
    game = _WrongTrustedOnOne()
    state = game.new_game(["A", "B"], {}, 3)
    legal = game.legal_actions(state)
    assert len(legal) > 1
    played, game.wrong = legal[0], legal[-1]
    C.check_trusted_apply(game, state, played, game.apply(state, played))  # the played one agrees
    with pytest.raises(C.ConformanceError, match="apply_trusted") as info:
        C.check_trusted_samples(game, state, legal, played, Rng(seed_state(1)), 50)
    assert info.value.check == "trusted apply"


def test_legal_actions_must_be_a_fresh_list_each_call() -> None:
    """Rule (speed slots): legal_actions returns a fresh list; a game that hands out its cached
    list (which a caller may change) is caught."""
    game = _HandsOutItsCache()
    state = game.new_game(["A", "B"], {}, 3)
    with pytest.raises(C.ConformanceError, match="fresh list") as info:
        C.check_legal_cache(game, state, game.legal_actions(state))
    assert info.value.check == "legal actions cached"


def test_a_stale_cached_list_is_caught_against_the_rebuilt_position() -> None:
    """Rule (speed slots): a copy that keeps the cache and is then changed (here a view, whose
    hidden hands offer other actions) gives other legal actions than the same position rebuilt
    by from_dict(to_dict(s))."""
    game = _StaleViewCache()
    state = game.new_game(["A", "B"], {}, 3)
    other = 1 - state.active
    view = game.view(state, other)
    stale = game.legal_actions(view)
    assert stale == game.legal_actions(state)
    with pytest.raises(C.ConformanceError, match="rebuilt") as info:
        C.check_legal_cache(game, view, stale)
    assert info.value.check == "legal actions cached"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_trusted_apply_and_the_legal_cache_agree_on_every_action_of_a_few_positions(
    game_id: str,
) -> None:
    """Rule (speed slots), exhaustively on the first 30 positions of a game: apply_trusted
    equals apply for every legal action, and the cached legal actions equal a fresh computation
    on the rebuilt state, before and after the views and a copy have been made."""
    game = game_for(game_id)
    setup = C.playout_setups(game.spec, 1)[0]
    state = game.new_game(setup.players, setup.options, setup.seed)
    rng = Rng(seed_state(11))
    for _ in range(30):
        if state.is_over:
            break
        legal = game.legal_actions(state)
        for action in legal:
            C.check_trusted_apply(game, state, action, game.apply(state, action))
        for seat in [None, *range(state.num_players)]:
            game.view(state, seat)
        state.copy()
        C.check_legal_cache(game, state, legal)
        state = game.apply_trusted(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_caches_legal_actions_and_its_copies_start_without_the_cache(
    game_id: str,
) -> None:
    """Rule (speed slots): each game keeps its legal actions on the state (``legal_cache``), and
    copy(), view(), determinise() and apply() all return states without it, so a copy changed
    afterwards never sees a stale list. (Seabed Neighbours lists placements afresh at each
    call and keeps them only when ``apply`` needed the list: to explain a refusal, say.)"""
    game = get_game(game_id)
    setup = C.playout_setups(game.spec, 1)[0]
    state = game.new_game(setup.players, setup.options, setup.seed)
    legal = game.legal_actions(state)
    if game_id == "seabed-neighbours":
        assert state.legal_cache is None
        with pytest.raises(IllegalAction):
            game.apply(state, ("no such verb",))
    assert state.legal_cache == legal
    seat = state.current_player
    view = game.view(state, seat)
    assert view.legal_cache is None
    game.legal_actions(view)
    made = (
        state.copy(),
        game.determinise(view, seat, Rng(seed_state(2))),
        game.apply(state, legal[0]),
        game.apply_trusted(state, legal[-1]),
    )
    assert all(s.legal_cache is None for s in made)
