"""The Throw Octopus! :class:`~gardens_tui.rules.base.Game`: wires the rules modules together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, Game, Outcome, Scores, redact_events
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.throw_octopus import engine, invariants, notation, scoring, serial, text
from gardens_tui.rules.throw_octopus.components import tile_name
from gardens_tui.rules.throw_octopus.evaluate import evaluate as _evaluate
from gardens_tui.rules.throw_octopus.spec import SPEC
from gardens_tui.rules.throw_octopus.state import HIDDEN, ThrowState


def _safe_format(action: Any) -> str:
    try:
        return notation.format_action(action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return repr(action)


class ThrowOctopus(Game[ThrowState]):
    """Throw Octopus! for 3-5 players, or solo, with the Game Night option."""

    spec = SPEC

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ThrowState:
        """The starting position (tiles dealt, the start tile turned; solo: 6 tiles to choose
        the start tile from)."""
        return engine.new_game(players, options, seed)

    def legal_actions(self, state: ThrowState) -> list[Action]:
        """Every legal action of the pending decision, in a fixed order."""
        return engine.legal_actions(state)

    def apply(self, state: ThrowState, action: Action) -> ThrowState:
        """The next position; ``IllegalAction`` naming the rule (state untouched) if illegal."""
        return engine.apply(state, action, _safe_format)

    def apply_trusted(self, state: ThrowState, action: Action) -> ThrowState:
        """The next position for an action taken from ``legal_actions(state)``, without
        checking it again (undefined for any other action)."""
        return engine.apply_unchecked(state, action)

    def scores(self, state: ThrowState) -> Scores:
        """Tiles left in hand (fewest wins), per game on a Game Night; solo: creature points."""
        return scoring.score_table(state)

    def winners(self, state: ThrowState) -> Outcome:
        """Fewest tiles (total); a tie goes to the earliest seat. Solo: the one seat."""
        return scoring.outcome(state)

    def view(self, state: ThrowState, seat: int | None) -> ThrowState:
        """Other seats' hands and the pile are masked (counts stay), the PRNG is masked and
        events are redacted for ``seat``."""
        v = state.copy()
        redact_events(v, state, seat)
        v.hands = [h[:] if i == seat else [HIDDEN] * len(h) for i, h in enumerate(state.hands)]
        v.pile = [HIDDEN] * len(state.pile)
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: ThrowState, seat: int | None, rng: Rng) -> ThrowState:
        """Unseen tiles dealt at random into the masked hands and the pile, and a fresh PRNG
        (the action deck needs nothing: it is drawn at random and its contents are public)."""
        s = view.copy()
        seen = {code >> 1 for code in view.board.values()} | set(view.discarded)
        seen |= {t for h in view.hands for t in h if t != HIDDEN}
        seen |= {t for t in view.pile if t != HIDDEN}
        unseen = [t for t in view.tiles if t not in seen]
        rng.shuffle(unseen)
        s.hands = [sorted(t if t != HIDDEN else unseen.pop() for t in h) for h in view.hands]
        s.pile = [t if t != HIDDEN else unseen.pop() for t in view.pile]
        s.rng = rng.next64()
        s.hidden = False
        return s

    def secrets(self, state: ThrowState, seat: int) -> Any:
        """The seat's hand by tile name."""
        return [tile_name(t) for t in state.hands[seat]]

    def to_dict(self, state: ThrowState) -> dict[str, Any]:
        """The JSON-safe form of the position."""
        return serial.to_dict(state)

    def from_dict(self, data: Any) -> ThrowState:
        """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
        return serial.from_dict(data)

    def check_invariants(self, state: ThrowState) -> None:
        """``FieldError`` naming the field of the first invariant ``state`` breaks; ``None``
        when it keeps them all (listed in :mod:`~gardens_tui.rules.throw_octopus.invariants`)."""
        invariants.check(state)

    def component_counts(self, state: ThrowState) -> dict[str, int]:
        """Tiles wherever they are and action cards."""
        return serial.component_counts(state)

    def format_action(self, action: Action) -> str:
        """The action's notation (``play t42 at -1,2 r180``, ``throw 2``, ``give t7 to 3``)."""
        return notation.format_action(action)

    def parse_action(self, state: ThrowState, text: str) -> Action:
        """The action ``text`` names (not checked for legality)."""
        return notation.parse_action(state, text)

    def describe_action(self, state: ThrowState, action: Action) -> str:
        """The action with what it completes and whether it draws a card."""
        return text.describe_action(state, action)

    def render_text(self, state: ThrowState, seat: int | None = None) -> str:
        """The seascape with coordinates, pile, cards, players and ``seat``'s own hand."""
        return text.render_text(self.view(state, seat), seat)

    def notation_help(self) -> str:
        """The action notation, one line per action."""
        return notation.HELP

    def evaluate(self, state: ThrowState, seat: int) -> float:
        """Fewest tiles, plus bonus turns, cards and easy tiles (see :mod:`.evaluate`)."""
        return _evaluate(state, seat)
