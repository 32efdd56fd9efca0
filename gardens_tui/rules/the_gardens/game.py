"""The The Gardens :class:`~gardens_tui.rules.base.Game`: wires the rules modules together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, Game, Outcome, Scores, redact_events
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.the_gardens import engine, invariants, notation, scoring, serial, text
from gardens_tui.rules.the_gardens.evaluate import evaluate as _evaluate
from gardens_tui.rules.the_gardens.spec import SPEC
from gardens_tui.rules.the_gardens.state import GardensState


def _safe_format(action: Any) -> str:
    try:
        return notation.format_action(action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return repr(action)


class TheGardens(Game[GardensState]):
    """The Gardens for 2-4 players with advanced tiles, varying starts and landmarks."""

    spec = SPEC

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> GardensState:
        """The starting position: the first display dealt, seat 0 holds the start token."""
        return engine.new_game(players, options, seed)

    def legal_actions(self, state: GardensState) -> list[Action]:
        """Every legal action of the pending decision, in a fixed order."""
        return engine.legal_actions(state)

    def apply(self, state: GardensState, action: Action) -> GardensState:
        """The next position; ``IllegalAction`` naming the rule (state untouched) if illegal."""
        return engine.apply(state, action, _safe_format)

    def apply_trusted(self, state: GardensState, action: Action) -> GardensState:
        """The next position for an action taken from ``legal_actions(state)``, without
        checking it again (undefined for any other action)."""
        return engine.apply_unchecked(state, action)

    def scores(self, state: GardensState) -> Scores:
        """Points by category (provisional until the game is over)."""
        return scoring.score_table(state)

    def winners(self, state: GardensState) -> Outcome:
        """Most points; tied: the later player in the final round's turn order."""
        return scoring.outcome(state)

    def view(self, state: GardensState, seat: int | None) -> GardensState:
        """Everything is public except the order of the three decks: the decks are shown sorted
        (their contents are public: every card not yet seen) and the PRNG is masked."""
        v = state.copy()
        redact_events(v, state, seat)
        v.decks = [sorted(deck) for deck in state.decks]
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: GardensState, seat: int | None, rng: Rng) -> GardensState:
        """The view with every deck shuffled from ``rng`` and a fresh PRNG."""
        position = view.copy()
        for deck in position.decks:
            rng.shuffle(deck)
        position.rng = rng.next64()
        position.hidden = False
        return position

    def to_dict(self, state: GardensState) -> dict[str, Any]:
        """The JSON-safe form of the position."""
        return serial.to_dict(state)

    def from_dict(self, data: Any) -> GardensState:
        """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
        return serial.from_dict(data)

    def check_invariants(self, state: GardensState) -> None:
        """``FieldError`` naming the field of the first invariant ``state`` breaks; ``None``
        when it keeps them all (listed in :mod:`~gardens_tui.rules.the_gardens.invariants`)."""
        invariants.check(state)

    def component_counts(self, state: GardensState) -> dict[str, int]:
        """Garden cards by deck wherever they are, Central Board cells and landmark cards."""
        return serial.component_counts(state)

    def format_action(self, action: Action) -> str:
        """The action's notation (``take b2 left``, ``return a``, ``reserve c1``)."""
        return notation.format_action(action)

    def parse_action(self, state: GardensState, text: str) -> Action:
        """The action ``text`` names (not checked for legality)."""
        return notation.parse_action(state, text)

    def describe_action(self, state: GardensState, action: Action) -> str:
        """A short sentence saying what ``action`` does here (the points its walk would score)."""
        return text.describe_action(state, action)

    def render_text(self, state: GardensState, seat: int | None = None) -> str:
        """The display, every mat with its visitors, landmarks, tiles, scores and the prompt."""
        return text.render_text(state, seat)

    def notation_help(self) -> str:
        """The action notation, one line per action."""
        return notation.HELP

    def evaluate(self, state: GardensState, seat: int) -> float:
        """Provisional score margin over the best rival (walks and end-game categories)."""
        return _evaluate(state, seat)
