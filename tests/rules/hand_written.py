"""Hand-written positions for the invariant tests of the games (issue 28): the save file that
holds only a position, the loader's reason for refusing one, whether that reason names the
field, and a table played at random to tamper with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gardens_tui import saves
from gardens_tui.rules import conformance as C
from gardens_tui.rules.base import Game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.storage import SaveError
from gardens_tui.table import Seat, Setup, Table

Data = dict[str, Any]


def envelope(game: Game[Any], state: Data) -> Data:
    """A save file of ``game`` holding only the position (written by hand), of this rules
    version."""
    return {
        "format": saves.FORMAT,
        "version": saves.VERSION,
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "state": state,
    }


def refusal(game: Game[Any], state: Data) -> str:
    """The loader's reason for refusing the hand-written position ``state``."""
    with pytest.raises(SaveError) as info:
        saves.table_from_snapshot(envelope(game, state))
    return info.value.reason


def refused_naming(paths: tuple[str, ...], reason: str) -> bool:
    """The refusal starts with one of ``paths`` (the field, then ``:`` or an index)."""
    return any(reason.startswith(p) and reason[len(p)] in ":[." for p in paths)


def played_table(
    game: Game[Any], names: Sequence[str], moves: int, seed: int = 5, options: Data | None = None
) -> Table:
    """A table of ``game`` for people named ``names`` after ``moves`` random decisions."""
    table = Table(Setup(game.spec.id, tuple(Seat(name) for name in names), options or {}, seed))
    rng = Rng(seed_state(seed))
    for _ in range(moves):
        table.apply(C.uniform_choice(table.legal_actions(), rng))
    return table
