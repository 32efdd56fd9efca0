"""The conformance suite: every registered game, and the toy game, honours the rules contract.

Each game plays ``GAMES_PER_GAME`` random games to the end from different seeds, over its whole
player range, with default options, all options on and random combinations, and every check of
:mod:`gardens_tui.rules.conformance` runs at every decision. The games are split into chunks so
``pytest -n auto`` spreads them over the cores.

The second half proves the checks themselves: each broken variant of the toy game must be caught
by the check named for the rule it breaks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toy_game import HIDDEN, TOY, ToyGame, ToyState

from gardens_tui.rules import conformance as C
from gardens_tui.rules.base import Action, Game, GameSpec, IllegalAction, Option, Outcome, Scores
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
    components conserved, notation, determinism, scores, winners, termination) holds at every
    decision of 200 random games per game."""
    game = game_for(game_id)
    setups = C.playout_setups(game.spec, GAMES_PER_GAME)[chunk::CHUNKS]
    assert _run_chunk(game, setups) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setups_cover_player_range_and_options(game_id: str) -> None:
    """The 200 games cover every player count with default options and with all options on,
    each played both uniformly at random and verb-balanced."""
    spec = game_for(game_id).spec
    setups = C.playout_setups(spec, GAMES_PER_GAME)
    covered = {(len(s.players), s.label, s.policy) for s in setups}
    for count in range(spec.min_players, spec.max_players + 1):
        for policy in C.POLICIES:
            assert (count, "default", policy) in covered
            assert (count, "all-on", policy) in covered
    assert len({s.seed for s in setups}) == GAMES_PER_GAME


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_and_text_at_every_decision(game_id: str) -> None:
    """Rule: with the FULL thoroughness (every seat's view, texts and damaged loads at every
    decision) a few games at the ends of the player range still conform."""
    game = game_for(game_id)
    spec = game.spec
    setups = [
        C.PlayoutSetup(tuple(C.seat_names(n)), options, 9000 + i, label)
        for i, (n, options, label) in enumerate(
            (n, options, label)
            for n in sorted({spec.min_players, spec.max_players})
            for options, label in (
                (C.default_options(spec), "default"),
                (C.all_on_options(spec), "all-on"),
            )
        )
    ]
    _run_chunk(game, setups, thoroughness=C.FULL)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_refuses_bad_setups(game_id: str) -> None:
    """Rule: new_game raises ValueError for a bad player count, unknown option or bad value."""
    C.check_new_game_refuses(game_for(game_id))


@st.composite
def setups(draw: st.DrawFn, spec: GameSpec) -> C.PlayoutSetup:
    """A random player count, option combination and seed for ``spec``."""
    count = draw(st.integers(spec.min_players, spec.max_players))
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
        players=st.integers(spec.min_players, spec.max_players),
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
    state = game.new_game(C.seat_names(game.spec.min_players), {}, 3)
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
    failures = C.run(LeakyView(), 3, out=print)
    assert len(failures) == 3
    out = capsys.readouterr().out
    assert "FAIL [view hides secrets]" in out and "seed 1" in out and "3 failing" in out


# --------------------------------------------------------------------------------------------
# The checks catch what they claim: broken variants of the toy game
# --------------------------------------------------------------------------------------------


class LeakyView(ToyGame):
    """Shows every hand in every view."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.hands = [list(h) for h in state.hands]
        return v


class RngView(ToyGame):
    """Leaves the PRNG state in the view."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.rng = state.rng
        return v


class RngDependentView(ToyGame):
    """Masks the PRNG but shows a hint derived from it (its parity)."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.rng = state.rng if state.hidden else state.rng % 2 + 7
        return v


class ViewNotIdempotent(ToyGame):
    """Every view adds a log line, so a view of a view differs."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.turn = state.turn + 1
        return v


class BlindView(ToyGame):
    """Hides a seat's own hand from itself."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.hands = [[HIDDEN] * len(h) for h in state.hands]
        return v


class MutatingApply(ToyGame):
    """Scores the played card on the state it was given as well."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        new = super().apply(state, action)
        if action[0] == "play":
            state.scored[state.active].append(0)
        return new


class LenientApply(ToyGame):
    """Lets a seat play a card it does not hold (scored, without leaving its hand)."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if (
            len(action) == 2
            and action[0] == "play"
            and action[1] in range(1, 7)
            and not state.snap_value
            and action[1] not in state.hands[state.active]
        ):
            s = state.copy()
            s.events = ("cheat",)
            return s
        return super().apply(state, action)


class CrashingApply(ToyGame):
    """Reads the card from the action before checking it is legal."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if action and action[0] == "play":
            _ = CARD_NAMES[action[1]]
        return super().apply(state, action)


CARD_NAMES = {v: str(v) for v in range(7)}


class SilentlyMutatingRefusal(ToyGame):
    """Changes the state, then refuses."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if action not in self.legal_actions(state):
            state.turn += 1
        return super().apply(state, action)


class TupleDict(ToyGame):
    """Writes tuples into to_dict (not JSON-safe as such)."""

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        d = super().to_dict(state)
        d["deck"] = tuple(d["deck"])
        return d


class ForgetfulDict(ToyGame):
    """Does not save the pending snap window."""

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        d = super().to_dict(state)
        d.pop("snap_value")
        return d


class LossyRestore(ToyGame):
    """Restores every deck card as a 1."""

    def from_dict(self, data: Any) -> ToyState:
        s = super().from_dict(data)
        if not s.hidden:
            s.deck = sorted(s.deck)
        return s


class CrashingFromDict(ToyGame):
    """Indexes the data without validating it."""

    def from_dict(self, data: Any) -> ToyState:
        _ = len(data["hands"][0])
        return super().from_dict(data)


class CardsVanish(ToyGame):
    """Counts only cards still in play."""

    def component_counts(self, state: ToyState) -> dict[str, int]:
        return {"cards": len(state.deck) + sum(map(len, state.hands))}


class AmbiguousNotation(ToyGame):
    """Writes every play the same way."""

    def format_action(self, action: Action) -> str:
        return "play" if action[0] == "play" else super().format_action(action)


class WrongParse(ToyGame):
    """Parses ``play N`` as the string ``'N'``."""

    def parse_action(self, state: ToyState, text: str) -> Action:
        action = super().parse_action(state, text)
        return (action[0], str(action[1])) if action[0] == "play" else action


class CrashingParse(ToyGame):
    """Crashes on empty text."""

    def parse_action(self, state: ToyState, text: str) -> Action:
        return super().parse_action(state, text.split()[0] + text)


class ShuffledLegal(ToyGame):
    """Lists actions in an order that changes between calls."""

    calls = 0

    def legal_actions(self, state: ToyState) -> list[Action]:
        acts = super().legal_actions(state)
        ShuffledLegal.calls += 1
        return acts[::-1] if ShuffledLegal.calls % 2 and len(acts) > 1 else acts


class DuplicateLegal(ToyGame):
    """Lists every action twice."""

    def legal_actions(self, state: ToyState) -> list[Action]:
        return super().legal_actions(state) * 2


class SilentChance(ToyGame):
    """Draws from the PRNG on every play without saying so."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        rng = Rng(s.rng)
        rng.next64()
        s.rng = rng.state
        s.chance = False
        return s


class EndlessGame(ToyGame):
    """Played cards go back under the deck, so nobody ever runs out."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        for seat, pile in enumerate(s.scored):
            while pile:
                s.deck.insert(0, pile.pop())
                s.hands[seat].append(s.deck.pop())
                s.hands[seat].sort()
        s.over = False
        return s

    def scores(self, state: ToyState) -> Scores:
        return Scores(("cards",), tuple((0,) for _ in state.players), final=state.over)


class NoWinner(ToyGame):
    """Names nobody as the winner."""

    def winners(self, state: ToyState) -> Outcome:
        return Outcome(())


class ShiftingCategories(ToyGame):
    """Adds a score category when the deck runs out."""

    def scores(self, state: ToyState) -> Scores:
        base = super().scores(state)
        if state.deck:
            return base
        return Scores(("cards", "bonus"), tuple((*r, 0) for r in base.table), base.final)


class WrongRows(ToyGame):
    """Gives one score row too few."""

    def scores(self, state: ToyState) -> Scores:
        base = super().scores(state)
        return Scores(base.categories, base.table[1:], base.final)


class NumberEvents(ToyGame):
    """Logs numbers instead of sentences."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        s.events = (1,)  # type: ignore[assignment]
        return s


class HistoryDependent(ToyGame):
    """Logs how many moves this game object has seen: a replay gives other events."""

    seen = 0

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        HistoryDependent.seen += 1
        s.events = (f"move {HistoryDependent.seen}",)
        return s


class NoisyNewGame(ToyGame):
    """Ignores the seed: every new game is shuffled differently."""

    games = 0

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        NoisyNewGame.games += 1
        return super().new_game(players, options, seed + NoisyNewGame.games)


class AcceptsAnyPlayers(ToyGame):
    """Does not check the player count."""

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        return super().new_game(list(players)[:4] or ["A", "B"], options, seed)


class StuckDecision(ToyGame):
    """Offers nothing to a snap window."""

    def legal_actions(self, state: ToyState) -> list[Action]:
        return [] if state.snap_value else super().legal_actions(state)


class BadEvaluate(ToyGame):
    """Rates positions with NaN."""

    def evaluate(self, state: ToyState, seat: int) -> float:
        return float("nan")


class EmptyRender(ToyGame):
    """Renders nothing."""

    def render_text(self, state: ToyState, seat: int | None = None) -> str:
        return ""


class CarelessDigits(ToyGame):
    """Reads numbers with ``isdigit`` and ``int``: ``play ²`` raises ValueError, not
    IllegalAction (the shape of Octopus's Garden's ``treasure ²`` crash)."""

    def parse_action(self, state: ToyState, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            return ("play", int(words[1]))
        return super().parse_action(state, text)


BROKEN: list[tuple[type[ToyGame], set[str]]] = [
    (LeakyView, {"view hides secrets"}),
    (RngView, {"view hides the PRNG"}),
    (RngDependentView, {"view hides the PRNG"}),
    (ViewNotIdempotent, {"view of a view"}),
    (BlindView, {"view"}),
    (MutatingApply, {"apply leaves its input alone"}),
    (LenientApply, {"illegal action"}),
    (CrashingApply, {"illegal action"}),
    (SilentlyMutatingRefusal, {"illegal action"}),
    (TupleDict, {"round trip"}),
    (ForgetfulDict, {"legal actions deterministic", "replay", "view keeps the choices"}),
    (LossyRestore, {"round trip"}),
    (CrashingFromDict, {"from_dict validates"}),
    (CardsVanish, {"components conserved"}),
    (AmbiguousNotation, {"notation"}),
    (WrongParse, {"notation"}),
    (CrashingParse, {"notation"}),
    (CarelessDigits, {"notation"}),
    (ShuffledLegal, {"legal actions deterministic"}),
    (DuplicateLegal, {"legal actions"}),
    (SilentChance, {"chance"}),
    (EndlessGame, {"terminates"}),
    (NoWinner, {"winners"}),
    (ShiftingCategories, {"scores"}),
    (WrongRows, {"scores"}),
    (NumberEvents, {"events"}),
    (HistoryDependent, {"replay"}),
    (NoisyNewGame, {"new game"}),
    (StuckDecision, {"legal actions"}),
    (BadEvaluate, {"evaluate"}),
    (EmptyRender, {"render_text"}),
]


@pytest.mark.parametrize(("broken", "checks"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_each_check_catches_its_rule_being_broken(broken: type[ToyGame], checks: set[str]) -> None:
    """A toy game that breaks one rule of the contract fails the check named for that rule."""
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
    assert all("toy: " in f.where and "seed" in f.where for f in failures)


def test_new_game_validation_catches_missing_player_check() -> None:
    """A game that accepts any number of players fails the new-game validation check."""
    with pytest.raises(C.ConformanceError, match="new_game accepted 5 players"):
        C.check_new_game_refuses(AcceptsAnyPlayers())


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
