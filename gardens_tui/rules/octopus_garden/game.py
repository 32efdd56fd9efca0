"""The Octopus's Garden :class:`~gardens_tui.rules.base.Game` (being built; methods follow)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, Game, GameState, Outcome, Scores
from gardens_tui.rules.octopus_garden.spec import SPEC


class OctopusGarden(Game[GameState]):
    """Octopus's Garden for 2-4 players with the eight optional expert modules."""

    spec = SPEC

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> GameState:
        """Not ready yet."""
        raise NotImplementedError

    def legal_actions(self, state: GameState) -> list[Action]:
        """Not ready yet."""
        raise NotImplementedError

    def apply(self, state: GameState, action: Action) -> GameState:
        """Not ready yet."""
        raise NotImplementedError

    def scores(self, state: GameState) -> Scores:
        """Not ready yet."""
        raise NotImplementedError

    def winners(self, state: GameState) -> Outcome:
        """Not ready yet."""
        raise NotImplementedError

    def view(self, state: GameState, seat: int | None) -> GameState:
        """Not ready yet."""
        raise NotImplementedError

    def to_dict(self, state: GameState) -> dict[str, Any]:
        """Not ready yet."""
        raise NotImplementedError

    def from_dict(self, data: Any) -> GameState:
        """Not ready yet."""
        raise NotImplementedError

    def format_action(self, action: Action) -> str:
        """Not ready yet."""
        raise NotImplementedError

    def parse_action(self, state: GameState, text: str) -> Action:
        """Not ready yet."""
        raise NotImplementedError

    def render_text(self, state: GameState, seat: int | None = None) -> str:
        """Not ready yet."""
        raise NotImplementedError
