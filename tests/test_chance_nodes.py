"""The search tells the outcomes of chance apart (``SearchBudget.chance_nodes``): the decisions
after a draw are searched for what was drawn, not averaged over whatever each determinisation
drew.

Coin Peek, a game made for this: the first seat either stops (and a hidden coin with three
chances in four gives it the win) or draws a card, 0 or 1, for everyone to see, and then names
it: naming the card wins, the other name loses. A player who sees the card always names it, so
drawing wins every time and is the better move; a search that lumps both cards into one node
finds each name right half the time and rates drawing at a half, below stopping's three
quarters. Every search here is limited by iterations, so the tests are deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gardens_tui.bots.strong import SearchBudget, StrongBot
from gardens_tui.rules import fields as F
from gardens_tui.rules.base import (
    Action,
    Decision,
    Game,
    GameSpec,
    GameState,
    IllegalAction,
    Outcome,
    Scores,
)
from gardens_tui.rules.rng import Rng, seed_state


@dataclass(slots=True, eq=False, kw_only=True)
class PeekState(GameState):
    """The card drawn (-1: none yet) and who won (-1: nobody yet)."""

    game_id = "coin-peek"
    card: int = -1
    winner: int = -1

    @property
    def decision(self) -> Decision | None:
        """Stop or draw, then name the card drawn."""
        if self.over:
            return None
        if self.card < 0:
            return Decision(0, "choose", "Stop, or draw a card")
        return Decision(0, "name", "Name the card drawn")

    def copy(self) -> PeekState:
        """A copy (nothing mutable is shared)."""
        return PeekState(
            players=self.players,
            options=dict(self.options),
            rng=self.rng,
            active=self.active,
            turn=self.turn,
            events=self.events,
            chance=self.chance,
            over=self.over,
            hidden=self.hidden,
            card=self.card,
            winner=self.winner,
        )


class CoinPeek(Game[PeekState]):
    """The game of the module docstring."""

    spec = GameSpec(
        id="coin-peek",
        title="Coin Peek (test game)",
        min_players=2,
        max_players=2,
        blurb="Stop, or draw and name the card.",
        summary="Stop for a three-in-four win, or draw a card everyone sees and name it.",
    )

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> PeekState:
        """Nothing drawn yet."""
        return PeekState(
            players=tuple(players),
            options=self.spec.normalise_options(options),
            rng=Rng(seed_state(seed)).state,
        )

    def legal_actions(self, state: PeekState) -> list[Action]:
        """``stop`` and ``draw``, then ``name 0`` and ``name 1``."""
        if state.over:
            return []
        if state.card < 0:
            return [("stop",), ("draw",)]
        return [("name", 0), ("name", 1)]

    def apply(self, state: PeekState, action: Action) -> PeekState:
        """Stop (the coin decides), draw (public), or name the card (right wins)."""
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not legal now")
        s = state.copy()
        rng = Rng(s.rng)
        s.chance = action[0] != "name"
        if action[0] == "stop":
            s.winner = 0 if rng.randrange(4) else 1
            s.over = True
            s.events = (f"the coin gave the win to {s.players[s.winner]}",)
        elif action[0] == "draw":
            s.card = rng.randrange(2)
            s.events = (f"drew a {s.card}",)
        else:
            s.winner = 0 if action[1] == s.card else 1
            s.over = True
            s.events = (f"named {action[1]}",)
        s.rng = rng.state
        return s

    def scores(self, state: PeekState) -> Scores:
        """One point for the winner."""
        return Scores(
            ("win",), tuple((int(i == state.winner),) for i in range(2)), final=state.over
        )

    def winners(self, state: PeekState) -> Outcome:
        """The winner."""
        return Outcome((state.winner,) if state.winner >= 0 else ())

    def view(self, state: PeekState, seat: int | None) -> PeekState:
        """Everything but the PRNG."""
        v = state.copy()
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: PeekState, seat: int | None, rng: Rng) -> PeekState:
        """A fresh PRNG."""
        s = view.copy()
        s.rng = rng.next64()
        s.hidden = False
        return s

    def evaluate(self, state: PeekState, seat: int) -> float:
        """No opinion before the end (so the priors favour nothing)."""
        return 0.0 if state.winner < 0 else float(state.winner == seat)

    def to_dict(self, state: PeekState) -> dict[str, Any]:
        """JSON-safe form."""
        d = F.common_to_dict(state)
        d.update(card=state.card, winner=state.winner)
        return d

    def from_dict(self, data: Any) -> PeekState:
        """Validated state."""
        common = F.read_common(data, self.spec)
        return PeekState(
            **common,
            card=F.integer(data.get("card"), "state.card", -1, 1),
            winner=F.integer(data.get("winner"), "state.winner", -1, 1),
        )

    def component_counts(self, state: PeekState) -> dict[str, int]:
        """One card."""
        return {"card": 1}

    def format_action(self, action: Action) -> str:
        """``stop``, ``draw``, ``name 1``."""
        return " ".join(map(str, action))

    def parse_action(self, state: PeekState, text: str) -> Action:
        """The inverse of :meth:`format_action`."""
        words = text.split()
        if words in (["stop"], ["draw"]):
            return (words[0],)
        if len(words) == 2 and words[0] == "name" and words[1] in ("0", "1"):
            return ("name", int(words[1]))
        raise IllegalAction(f"not an action: {text!r}")

    def render_text(self, state: PeekState, seat: int | None = None) -> str:
        """The card, if drawn."""
        return "no card yet" if state.card < 0 else f"the card is a {state.card}"


PEEK = CoinPeek()
BUDGET = SearchBudget(iterations=400, seconds=None, chance_nodes=True)


def _choice(chance_nodes: bool, seed: int) -> tuple[Action, dict[Action, float]]:
    """The search's choice at the start and each first action's value, for the first seat."""
    bot = StrongBot(seed, replace(BUDGET, chance_nodes=chance_nodes))
    result = bot.search(PEEK, PEEK.new_game(["Ann", "Bob"], seed=seed))
    return result.action, {s.action: s.value for s in result.stats}


def test_with_chance_nodes_the_search_names_what_was_drawn() -> None:
    """Drawing wins for a player who names the card seen: with chance nodes the search knows
    which card each of its determinisations drew, rates drawing near 1 and draws."""
    for seed in range(5):
        action, values = _choice(True, seed)
        assert action == ("draw",)
        assert values[("draw",)] > 0.9


def test_without_chance_nodes_the_drawn_cards_share_a_node() -> None:
    """The contrast that shows what chance nodes are for: when both cards share the node of
    the naming decision, each name is right half the time, drawing rates below stopping and the
    search stops instead (the three-in-four coin)."""
    for seed in range(5):
        action, values = _choice(False, seed)
        assert action == ("stop",)
        assert values[("draw",)] < values[("stop",)]


def test_a_search_after_a_draw_does_not_reuse_a_subtree_of_another_card() -> None:
    """Tree reuse keeps the subtree of the action played only when chance did not follow it:
    after a draw the kept subtree would mix the cards, so the next search starts afresh."""
    bot = StrongBot(1, BUDGET)
    state = PEEK.new_game(["Ann", "Bob"], seed=1)
    first = bot.search(PEEK, state)
    assert first.action == ("draw",)
    after = PEEK.apply(state, first.action)
    second = bot.search(PEEK, after)
    assert second.reused == 0
    assert second.action == ("name", after.card)
