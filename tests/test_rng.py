"""The seeded PRNG: SplitMix64 to the reference values, its whole state one JSON-safe integer,
unbiased draws, and no rules module touching the global ``random``."""

from __future__ import annotations

import ast
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gardens_tui.rules.rng import MAX_SEED, Rng, mix64, seed_state

RULES_DIR = Path(__file__).resolve().parent.parent / "gardens_tui" / "rules"
states = st.integers(0, MAX_SEED)


def chi_square(counts: Counter[int], buckets: int, draws: int) -> float:
    """Pearson's statistic against a uniform spread over ``buckets``."""
    expected = draws / buckets
    return sum((counts.get(b, 0) - expected) ** 2 / expected for b in range(buckets))


# A fixed seed makes every run identical; the bound only guards against a broken generator or a
# biased reduction.
CHI2_999 = {2: 10.83, 3: 13.82, 5: 18.47, 6: 20.52, 7: 22.46}
"""Chi-square critical values at p = 0.001 by number of buckets (buckets - 1 degrees of freedom)."""


def test_splitmix64_reference_outputs() -> None:
    """Rule: the generator is SplitMix64 -- the reference implementation's first five outputs
    for state 1234567 (Vigna's splitmix64.c; Rosetta Code 'Pseudo-random numbers/Splitmix64')."""
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_mix64_is_the_splitmix_finaliser() -> None:
    """mix64 maps 0 to 0, stays in 64 bits and scatters neighbouring inputs."""
    assert mix64(0) == 0
    outputs = {mix64(i) for i in range(1000)}
    assert len(outputs) == 1000
    assert all(0 <= x <= MAX_SEED for x in outputs)


def test_seed_state_is_deterministic_and_in_range() -> None:
    """Any integer seed (negative, huge) maps to one valid state; nearby seeds differ."""
    assert seed_state(42) == seed_state(42)
    assert seed_state(-1) == seed_state(MAX_SEED)
    assert seed_state(2**64 + 5) == seed_state(5)
    assert len({seed_state(s) for s in range(500)}) == 500
    for seed in (-(2**80), -1, 0, 1, 2**63, 2**100):
        assert 0 <= seed_state(seed) <= MAX_SEED


@pytest.mark.parametrize("bad", [-1, MAX_SEED + 1, 2**80])
def test_state_out_of_range_is_refused(bad: int) -> None:
    """Rule: a PRNG state must be in 0..MAX_SEED (a save file with another is refused)."""
    with pytest.raises(ValueError, match="PRNG state"):
        Rng(bad)


@settings(max_examples=200, derandomize=True, database=None)
@given(state=states, skip=st.integers(0, 20))
def test_stored_state_continues_exactly(state: int, skip: int) -> None:
    """Rule: the whole generator is its integer state -- a copy made from ``rng.state`` (even
    through JSON) continues with exactly the same draws."""
    rng = Rng(state)
    for _ in range(skip):
        rng.next64()
    saved = json.loads(json.dumps({"rng": rng.state}))["rng"]
    twin = Rng(saved)
    assert [rng.randrange(1000) for _ in range(10)] == [twin.randrange(1000) for _ in range(10)]
    assert rng.state == twin.state


@settings(max_examples=300, derandomize=True, database=None)
@given(state=states, n=st.integers(1, 2**64))
def test_randrange_stays_in_range(state: int, n: int) -> None:
    """randrange(n) is in 0..n-1 for every n up to 2**64 (rejection keeps it unbiased)."""
    assert 0 <= Rng(state).randrange(n) < n


def test_randrange_one_draws_nothing() -> None:
    """randrange(1) is 0 and leaves the state alone (no chance was involved)."""
    rng = Rng(99)
    assert rng.randrange(1) == 0
    assert rng.state == 99


@pytest.mark.parametrize("n", [0, -3])
def test_randrange_refuses_empty_ranges(n: int) -> None:
    """randrange needs n >= 1."""
    with pytest.raises(ValueError):
        Rng(1).randrange(n)


@pytest.mark.parametrize("n", [2, 5, 6, 7])
def test_randrange_is_uniform(n: int) -> None:
    """Every value of randrange(n) comes up about equally often (chi-square, fixed seed)."""
    rng = Rng(seed_state(n))
    draws = 30_000
    counts = Counter(rng.randrange(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    assert chi_square(counts, n, draws) < CHI2_999[n]


def test_randrange_rejects_the_biased_tail() -> None:
    """For n = 3 * 2**62 a plain modulo would favour the low third two to one; rejection
    sampling keeps the three thirds even."""
    n = 3 * 2**62
    rng = Rng(seed_state(3))
    draws = 9000
    thirds = Counter(rng.randrange(n) // 2**62 for _ in range(draws))
    assert chi_square(thirds, 3, draws) < CHI2_999[3]


def test_randint_is_inclusive_like_a_die() -> None:
    """randint(1, 6) rolls every face 1-6 and nothing else, evenly."""
    rng = Rng(seed_state(6))
    draws = 30_000
    rolls = Counter(rng.randint(1, 6) for _ in range(draws))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert chi_square(Counter({k - 1: v for k, v in rolls.items()}), 6, draws) < CHI2_999[6]
    assert Rng(5).randint(4, 4) == 4


def test_random_is_a_unit_float() -> None:
    """random() lies in [0, 1) and averages one half."""
    rng = Rng(seed_state(11))
    values = [rng.random() for _ in range(20_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert abs(sum(values) / len(values) - 0.5) < 0.01
    assert len(set(values)) == len(values)


def test_choice_picks_every_item_and_refuses_empty() -> None:
    """choice() draws each item of a sequence; an empty one is an error."""
    rng = Rng(seed_state(12))
    items = ["coral", "anemone", "seagrass", "trash", "relic"]
    draws = 20_000
    counts = Counter(items.index(rng.choice(items)) for _ in range(draws))
    assert chi_square(counts, 5, draws) < CHI2_999[5]
    with pytest.raises(ValueError):
        rng.choice([])


def test_shuffle_is_a_uniform_permutation() -> None:
    """Rule (bag and deck order): shuffle keeps the items and gives each ordering of three
    items about equally often."""
    rng = Rng(seed_state(13))
    orders = list(itertools.permutations("abc"))
    draws = 18_000
    counts: Counter[int] = Counter()
    for _ in range(draws):
        items = list("abc")
        rng.shuffle(items)
        counts[orders.index(tuple(items))] += 1
    assert chi_square(counts, 6, draws) < CHI2_999[6]
    deck = list(range(50))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(50)) and deck != list(range(50))


def test_shuffle_is_reproducible_from_the_seed() -> None:
    """Rule: the same seed gives the same deck order."""
    a, b = list(range(30)), list(range(30))
    Rng(seed_state(7)).shuffle(a)
    Rng(seed_state(7)).shuffle(b)
    assert a == b
    c = list(range(30))
    Rng(seed_state(8)).shuffle(c)
    assert c != a


def test_weighted_index_draws_from_a_bag() -> None:
    """Rule (bag draws): a kind is drawn in proportion to how many are left; none left, never."""
    rng = Rng(seed_state(14))
    weights = [18, 0, 6, 10]
    draws = 34_000
    counts = Counter(rng.weighted_index(weights) for _ in range(draws))
    assert counts[1] == 0
    total = sum(weights)
    for kind, w in enumerate(weights):
        if w:
            assert abs(counts[kind] / draws - w / total) < 0.012


@pytest.mark.parametrize("weights", [[], [0, 0], [0]])
def test_weighted_index_refuses_an_empty_bag(weights: list[int]) -> None:
    """Drawing from an empty bag is an error, not a silent pick."""
    with pytest.raises(ValueError):
        Rng(1).weighted_index(weights)


def test_draw_sequences_differ_between_seeds_and_repeat_within_one() -> None:
    """Rule: the same seed always gives the same game; another seed another one."""

    def draws(seed: int) -> list[int]:
        rng = Rng(seed_state(seed))
        return [rng.randint(1, 6) for _ in range(40)]

    assert draws(2026) == draws(2026)
    assert draws(2026) != draws(2027)


def test_rules_never_use_the_global_random_module() -> None:
    """Rule: chance in the rules comes only from the state's PRNG; no module under
    gardens_tui/rules imports :mod:`random` (or ``secrets``, ``uuid``, ``time``)."""
    forbidden = {"random", "secrets", "uuid", "time"}
    offenders = []
    for path in sorted(RULES_DIR.rglob("*.py")):
        if path.name == "conformance.py":  # times its own run for the summary line
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module.split(".")[0]]
            offenders += [f"{path.relative_to(RULES_DIR)}: {n}" for n in names if n in forbidden]
    assert not offenders, offenders
