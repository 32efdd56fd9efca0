"""The speed-ups of Tanuki's engine (issue 29) keep its games: states that share lists never
change one another, and the inlined die draws what ``Rng.randint(1, 6)`` draws."""

from __future__ import annotations

import pytest

from gardens_tui.rules.conformance import seat_names
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.tanuki import GAME
from gardens_tui.rules.tanuki.engine import die


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
