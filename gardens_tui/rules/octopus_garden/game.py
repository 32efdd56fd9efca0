"""The Octopus's Garden :class:`~gardens_tui.rules.base.Game`: wires the rules modules together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, Game, Outcome, Scores, redact_events
from gardens_tui.rules.octopus_garden import engine, invariants, notation, scoring, serial, text
from gardens_tui.rules.octopus_garden.evaluate import evaluate as _evaluate
from gardens_tui.rules.octopus_garden.spec import SPEC
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.rng import Rng


def _safe_format(action: Any) -> str:
    try:
        return notation.format_action(action)
    except (IndexError, KeyError, TypeError, ValueError):
        return repr(action)


class OctopusGarden(Game[OctopusState]):
    """Octopus's Garden for 2-4 players with the eight optional expert modules."""

    spec = SPEC

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> OctopusState:
        """The starting position: seat 0 has harvested and faces the market."""
        return engine.new_game(players, options, seed)

    def legal_actions(self, state: OctopusState) -> list[Action]:
        """Every legal action of the pending decision, in a fixed order."""
        return engine.legal_actions(state)

    def is_legal(self, state: OctopusState, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return action in engine.legal_actions(state)

    def apply(self, state: OctopusState, action: Action) -> OctopusState:
        """The next position; ``IllegalAction`` naming the rule (state untouched) if illegal."""
        return engine.apply(state, action, _safe_format)

    def apply_trusted(self, state: OctopusState, action: Action) -> OctopusState:
        """The next position for an action taken from ``legal_actions(state)``, without
        checking it again (undefined for any other action)."""
        return engine.apply_unchecked(state, action)

    def scores(self, state: OctopusState) -> Scores:
        """Points by category (provisional until the game is over)."""
        return scoring.score_table(state)

    def winners(self, state: OctopusState) -> Outcome:
        """Most points; ties: fewest negative-scoring tiles, then most pearls, then joint."""
        return scoring.outcome(state)

    def view(self, state: OctopusState, seat: int | None) -> OctopusState:
        """Everything is public except the bag's draw order: the PRNG is masked.

        The bag is public as counts of each kind (players may count what has come out), so the
        PRNG state is the only secret.
        """
        v = state.copy()
        redact_events(v, state, seat)
        v.chance = state.chance
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: OctopusState, seat: int | None, rng: Rng) -> OctopusState:
        """The view with a fresh PRNG: the bag's contents are public, only its order is not."""
        position = view.copy()
        position.rng = rng.next64()
        position.hidden = False
        return position

    def to_dict(self, state: OctopusState) -> dict[str, Any]:
        """The JSON-safe form of the position."""
        return serial.to_dict(state)

    def from_dict(self, data: Any) -> OctopusState:
        """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
        return serial.from_dict(data)

    def check_invariants(self, state: OctopusState) -> None:
        """``FieldError`` naming the field of the first invariant ``state`` breaks; ``None``
        when it keeps them all (listed in :mod:`~gardens_tui.rules.octopus_garden.invariants`)."""
        invariants.check(state)

    def component_counts(self, state: OctopusState) -> dict[str, int]:
        """Every component by name wherever it is (bag, market, gardens, hand, out, piles)."""
        return serial.component_counts(state)

    def format_action(self, action: Action) -> str:
        """The action's notation (``buy row 2``, ``plant coral c3``, ``move star c3 c4``)."""
        return notation.format_action(action)

    def parse_action(self, state: OctopusState, text: str) -> Action:
        """The action ``text`` names (not checked for legality)."""
        return notation.parse_action(state, text)

    def describe_action(self, state: OctopusState, action: Action) -> str:
        """A short sentence saying what ``action`` does here."""
        return text.describe_action(state, action)

    def render_text(self, state: OctopusState, seat: int | None = None) -> str:
        """Market, piles, every garden as a hex picture, pearls, scores and the prompt."""
        return text.render_text(state, seat)

    def notation_help(self) -> str:
        """The action notation, one line per action."""
        return notation.HELP

    def evaluate(self, state: OctopusState, seat: int) -> float:
        """Provisional score plus pearls, oysters and tokens in hand, against the best rival."""
        return _evaluate(state, seat)
