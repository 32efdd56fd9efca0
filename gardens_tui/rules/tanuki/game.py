"""The Tanuki in the Garden :class:`~gardens_tui.rules.base.Game`: wires the rules modules
together, and hides and re-deals what a seat cannot see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, Game, Outcome, Scores, redact_events
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import engine, invariants, notation, scoring, serial, text
from gardens_tui.rules.tanuki.components import NUM_CARDS, NUM_TILES
from gardens_tui.rules.tanuki.evaluate import evaluate as _evaluate
from gardens_tui.rules.tanuki.spec import SPEC
from gardens_tui.rules.tanuki.state import TanukiState

HIDDEN = -1


def _safe_format(action: Any) -> str:
    try:
        return notation.format_action(action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return repr(action)


class TanukiGame(Game[TanukiState]):
    """Tanuki in the Garden for 2-8 players, with the faster game and Garden Master options."""

    spec = SPEC

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> TanukiState:
        """The starting position: tiles dealt, tanuki placed, the first seat to choose an edge."""
        return engine.new_game(players, options, seed)

    def legal_actions(self, state: TanukiState) -> list[Action]:
        """Every legal action of the pending decision, in a fixed order."""
        return engine.legal_actions(state)

    def apply(self, state: TanukiState, action: Action) -> TanukiState:
        """The next position; ``IllegalAction`` naming the rule (state untouched) if illegal."""
        return engine.apply(state, action, _safe_format)

    def apply_trusted(self, state: TanukiState, action: Action) -> TanukiState:
        """The next position for an action taken from ``legal_actions(state)``, without
        checking it again (undefined for any other action)."""
        return engine.apply_unchecked(state, action)

    def scores(self, state: TanukiState) -> Scores:
        """Shiitake and cards (1 each until the end, then a Shiitake Basket counts 3)."""
        return scoring.score_table(state)

    def winners(self, state: TanukiState) -> Outcome:
        """Most shiitake toward victory; ties were played off with extra turns."""
        return scoring.outcome(state)

    def view(self, state: TanukiState, seat: int | None) -> TanukiState:
        """Other seats' tiles and cards become -1 (only how many shows), the pile and the card
        deck are all -1, the PRNG is masked; once the game is over the cards are shown."""
        v = state.copy()
        redact_events(v, state, seat)
        for other in range(len(state.players)):
            if other != seat:
                v.hands[other] = [HIDDEN] * len(state.hands[other])
                if not state.over:
                    v.cards[other] = [HIDDEN] * len(state.cards[other])
        v.pile = [HIDDEN] * len(state.pile)
        v.deck = [HIDDEN] * len(state.deck)
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: TanukiState, seat: int | None, rng: Rng) -> TanukiState:
        """Deal the tiles and cards ``seat`` cannot see at random into the hidden places."""
        p = view.copy()
        seen_tiles = {v >> 2 for v in p.board if v >= 0} | set(p.discard)
        seen_tiles |= {t for h in p.hands for t in h if t >= 0} | {t for t in p.pile if t >= 0}
        tiles = [t for t in range(NUM_TILES) if t not in seen_tiles]
        rng.shuffle(tiles)
        for h in p.hands:
            for i, t in enumerate(h):
                if t < 0:
                    h[i] = tiles.pop()
        p.pile = [t if t >= 0 else tiles.pop() for t in p.pile]
        if p.master:
            seen = set(p.spent) | {c for h in p.cards for c in h if c >= 0}
            seen |= {c for c in p.deck if c >= 0}
            seen |= {21 + letter for letter in range(3) if p.traps[letter] >= 0}
            if p.phase == "offense" and len(p.play) >= 2:
                seen.add(p.play[1])
            cards = [c for c in range(NUM_CARDS) if c not in seen]
            rng.shuffle(cards)
            for h in p.cards:
                for i, c in enumerate(h):
                    if c < 0:
                        h[i] = cards.pop()
            p.deck = [c if c >= 0 else cards.pop() for c in p.deck]
        p.rng = rng.next64()
        p.hidden = False
        return p

    def secrets(self, state: TanukiState, seat: int) -> Any:
        """``seat``'s path tiles and Garden Master cards."""
        tiles = sorted(state.hands[seat])
        cards = sorted(state.cards[seat]) if not state.over else []
        if not tiles and not cards:
            return None
        return {"tiles": tiles, "cards": cards}

    def to_dict(self, state: TanukiState) -> dict[str, Any]:
        """The JSON-safe form of the position."""
        return serial.to_dict(state)

    def from_dict(self, data: Any) -> TanukiState:
        """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
        return serial.from_dict(data)

    def check_invariants(self, state: TanukiState) -> None:
        """``FieldError`` naming the field of the first invariant ``state`` breaks; ``None``
        when it keeps them all (they are listed in :mod:`~gardens_tui.rules.tanuki.invariants`)."""
        invariants.check(state)

    def component_counts(self, state: TanukiState) -> dict[str, int]:
        """Tiles and cards wherever they are."""
        return serial.component_counts(state)

    def format_action(self, action: Action) -> str:
        """The action's notation (``place t17 r90``, ``steer blue west``, ``play trap c4``)."""
        return notation.format_action(action)

    def parse_action(self, state: TanukiState, text: str) -> Action:
        """The action ``text`` names (not checked for legality)."""
        return notation.parse_action(state, text)

    def describe_action(self, state: TanukiState, action: Action) -> str:
        """The notation, with a placed tile's paths and symbols spelled out."""
        return text.describe_action(state, action, _safe_format(action))

    def render_text(self, state: TanukiState, seat: int | None = None) -> str:
        """The garden, the tanuki, every player and the prompt, as ``seat`` may see them."""
        return text.render_text(self.view(state, seat) if not state.hidden else state, seat)

    def notation_help(self) -> str:
        """The action notation, one line per action."""
        return notation.HELP

    def evaluate(self, state: TanukiState, seat: int) -> float:
        """Victory margin plus monk safety, tanuki nearby and tiles in hand."""
        return _evaluate(state, seat)
