"""The speed-ups of Tanuki's engine (issue 29) keep its games: states that share lists never
change one another, and the inlined die draws what ``Rng.randint(1, 6)`` draws."""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.conformance import seat_names
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.tanuki import GAME
from gardens_tui.rules.tanuki.engine import die, shuffle


def test_die_draws_what_randint_draws() -> None:
    for seed in range(200):
        fast, slow = Rng(seed_state(seed)), Rng(seed_state(seed))
        for _ in range(50):
            assert die(fast) == slow.randint(1, 6)
            assert fast.state == slow.state


@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("master", [False, True])
def test_apply_never_changes_an_earlier_state(players: int, master: bool) -> None:
    """``apply`` shares unchanged lists between a state and the next (``derive``): every state
    of a game still reads as it did when it was made, once the game is over."""
    options = {"garden-master": master}
    for seed in range(6):
        rng = Rng(seed_state(seed))
        state = GAME.new_game(seat_names(players), options, seed)
        played = [(state, GAME.to_dict(state))]
        while not state.is_over:
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))])
            played.append((state, GAME.to_dict(state)))
        for old, saved in played:
            assert GAME.to_dict(old) == saved


def test_shuffle_gives_the_order_of_rng_shuffle() -> None:
    for seed in range(100):
        for size in (0, 1, 2, 5, 48, 64):
            fast, slow = list(range(size)), list(range(size))
            fast_rng, slow_rng = Rng(seed_state(seed)), Rng(seed_state(seed))
            shuffle(fast_rng, fast)
            slow_rng.shuffle(slow)
            assert fast == slow
            assert fast_rng.state == slow_rng.state


def _saved(players: int = 3) -> dict[str, Any]:
    state = GAME.new_game(seat_names(players), {"garden-master": True}, 4)
    rng = Rng(seed_state(4))
    for _ in range(40):
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))])
    return GAME.to_dict(state)


def test_from_dict_reads_names_it_does_not_write_as_before() -> None:
    """The quick table lookups of ``from_dict`` fall back to the checked readers, which also
    take names written by hand in other ways (``t01`` for ``t1``)."""
    data = _saved()
    tile = data["pile"][0]
    data["pile"][0] = f"t{int(tile[1:]):02d}"
    assert GAME.to_dict(GAME.from_dict(data)) == _saved()


@pytest.mark.parametrize(
    ("field", "index", "value", "message"),
    [
        ("pile", 5, "t99", "state.pile[5]: unknown tile 't99'"),
        ("pile", 2, 17, "state.pile[2]: expected a string, got 17"),
        ("monks", 1, "z9 end 2", "state.monks[1]: not a square: 'z9'"),
        ("shiitake", 2, True, "state.shiitake[2]: expected an integer, got True"),
        ("shiitake", 0, -1, "state.shiitake[0]: must be at least 0, got -1"),
    ],
)
def test_from_dict_names_the_damaged_item(field: str, index: int, value: Any, message: str) -> None:
    data = _saved()
    data[field][index] = value
    with pytest.raises(ValueError) as refused:
        GAME.from_dict(data)
    assert str(refused.value) == message


def test_from_dict_names_a_tile_in_two_places() -> None:
    data = _saved()
    data["pile"][-1] = data["hands"][0][0]
    with pytest.raises(ValueError, match=r"is in two places"):
        GAME.from_dict(data)
