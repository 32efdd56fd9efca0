"""The Seabed Neighbours :class:`~gardens_tui.rules.base.Game`: wires the rules modules together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from sys import getrefcount
from typing import Any

from gardens_tui.rules.base import Action, Game, Outcome, Scores, redact_events
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.seabed import engine, invariants, notation, scoring, serial, text
from gardens_tui.rules.seabed.evaluate import evaluate as _evaluate
from gardens_tui.rules.seabed.spec import SPEC
from gardens_tui.rules.seabed.state import SeabedState


def _safe_format(action: Any) -> str:
    try:
        return notation.format_action(action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return repr(action)


LONE = 3
"""The references to a position passed to ``apply`` when its caller holds it once: in one
variable (or one list, one attribute: the count cannot tell which), the parameter and
``getrefcount``'s argument. Then a placement may take its seascape over instead of copying
it (:func:`.seascape.take_over`): the old position gives it back when read, so the caller
sees no difference. A caller that keeps positions where another thread can read them must
hold one more reference while it applies (:meth:`~gardens_tui.table.Table.apply` does), so
that no other thread ever reads a position while it is taken over."""


class SeabedNeighbours(Game[SeabedState]):
    """Seabed Neighbours for 3-6 players, with its two negotiation options."""

    spec = SPEC

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> SeabedState:
        """The starting position (the start tile laid, seat 1's single tile drawn)."""
        return engine.new_game(players, options, seed)

    def legal_actions(self, state: SeabedState) -> list[Action]:
        """Every legal action of the pending decision, in a fixed order."""
        return engine.legal_actions(state)

    def apply(self, state: SeabedState, action: Action) -> SeabedState:
        """The next position; ``IllegalAction`` naming the rule (state untouched) if illegal."""
        lone = getrefcount(state) <= LONE  # (before ``state`` is pushed for the call below)
        return engine.apply(state, action, _safe_format, lone)

    def apply_trusted(self, state: SeabedState, action: Action) -> SeabedState:
        """The next position for an action taken from ``legal_actions(state)``, without
        checking it again (undefined for any other action)."""
        lone = getrefcount(state) <= LONE
        return engine.apply_unchecked(state, action, lone)

    def scores(self, state: SeabedState) -> Scores:
        """Per seat the sum of its two teams' piles, by category, and a row per team."""
        return scoring.score_table(state)

    def winners(self, state: SeabedState) -> Outcome:
        """The best team's player whose other team scored more (see :mod:`.scoring`)."""
        return scoring.outcome(state)

    def view(self, state: SeabedState, seat: int | None) -> SeabedState:
        """Everything is public but the PRNG (the piles are kept sorted and drawn from at
        random, so their order is nobody's to know)."""
        v = state.copy()
        redact_events(v, state, seat)
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: SeabedState, seat: int | None, rng: Rng) -> SeabedState:
        """The view with a fresh PRNG: nothing else is hidden."""
        s = view.copy()
        s.rng = rng.next64()
        s.hidden = False
        return s

    def to_dict(self, state: SeabedState) -> dict[str, Any]:
        """The JSON-safe form of the position."""
        return serial.to_dict(state)

    def from_dict(self, data: Any) -> SeabedState:
        """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
        return serial.from_dict(data)

    def check_invariants(self, state: SeabedState) -> None:
        """``FieldError`` naming the field of the first invariant ``state`` breaks; ``None``
        when it keeps them all (they are listed in :mod:`~gardens_tui.rules.seabed.invariants`)."""
        invariants.check(state)

    def component_counts(self, state: SeabedState) -> dict[str, int]:
        """Regular and clam tiles wherever they are; flags and palaces."""
        return serial.component_counts(state)

    def format_action(self, action: Action) -> str:
        """The action's notation (``place 1 at 3,-2 r90``, ``flag 3,-2 seabed-ne``)."""
        return notation.format_action(action)

    def parse_action(self, state: SeabedState, text: str) -> Action:
        """The action ``text`` names (not checked for legality)."""
        return notation.parse_action(state, text)

    def describe_action(self, state: SeabedState, action: Action) -> str:
        """The action with what it completes."""
        return text.describe_action(state, action)

    def render_text(self, state: SeabedState, seat: int | None = None) -> str:
        """The seascape with coordinates, the teams and their pieces, the tiles to place."""
        return text.render_text(self.view(state, seat), seat)

    def notation_help(self) -> str:
        """The action notation, one line per action."""
        return notation.HELP

    def evaluate(self, state: SeabedState, seat: int) -> float:
        """Both of the seat's teams against the best rival (see :mod:`.evaluate`)."""
        return _evaluate(state, seat)
