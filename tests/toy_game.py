"""A tiny game used only by the tests: it exercises every corner of the rules contract.

"Pearl Dive": a deck of cards 1-6 (two of each) is shuffled; each player holds 2 hidden cards. On
your turn you play a card face up (its value is added to your score), then draw. After a play, the
next seat (if it holds any card) may react out of turn: if it holds a card of the same value it
may ``snap`` (discarding it, and scoring it too); it may always ``pass``. The window opens whether
or not that seat can snap, so that it tells nobody what the seat holds. Playing a 6 is a deep
dive: the player must ``surface`` (1 bonus point) or ``sink`` (none), a skill event the app may
settle itself; ``roll`` settles it by a coin flip. The game ends when nobody holds a card. Highest
score wins; ties go to the later seat (a tie-break, so that :class:`Outcome.tiebreak` is
exercised).

It has hidden hands, a hidden deck order, chance, redacted events ("Ann drew a card"; Ann reads
which), a decision owned by a seat other than the active one, an optional reaction window held by
a secret card and a skill decision -- the things the five real games need.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gardens_tui.rules import fields as F
from gardens_tui.rules.base import (
    ROLL,
    Action,
    Decision,
    Game,
    GameSpec,
    GameState,
    IllegalAction,
    Option,
    Outcome,
    Scores,
    redact_events,
)
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.safe_text import whole_number

CARDS = tuple(sorted([v for v in range(1, 7)] * 2))
HIDDEN = 0


@dataclass(slots=True, eq=False, kw_only=True)
class ToyState(GameState):
    """Hands, deck (top last), face-up score piles, and a pending snap window."""

    game_id = "toy"
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    scored: list[list[int]] = field(default_factory=list)
    snap_value: int = 0  # >0: the next seat may snap this value
    diving: bool = False  # the active seat must settle a deep dive
    bonus: list[int] = field(default_factory=list)

    @property
    def decision(self) -> Decision | None:
        if self.over:
            return None
        if self.diving:
            return Decision(self.active, "dive", "Deep dive: surface or sink?", skill="dive")
        if self.snap_value:
            seat = (self.active + 1) % len(self.players)
            prompt = f"Snap the {self.snap_value}?"
            return Decision(seat, "snap", prompt, optional=True, pass_action=("pass",))
        return Decision(self.active, "play", "Play a card")

    def copy(self) -> ToyState:
        return ToyState(
            players=self.players,
            options=self.options,
            rng=self.rng,
            active=self.active,
            turn=self.turn,
            events=self.events,
            private_events=self.private_events,
            chance=self.chance,
            over=self.over,
            hidden=self.hidden,
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            scored=[list(s) for s in self.scored],
            snap_value=self.snap_value,
            diving=self.diving,
            bonus=list(self.bonus),
        )


class ToyGame(Game[ToyState]):
    """The Pearl Dive test game."""

    spec = GameSpec(
        id="toy",
        title="Pearl Dive (test game)",
        min_players=2,
        max_players=4,
        blurb="A tiny test game.",
        summary="Play a card, draw a card; the next seat may snap a matching card.",
        options=(Option("snap", True, "allow snapping out of turn"),),
    )

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        self.spec.check_player_count(len(players))
        opts = self.spec.normalise_options(options)
        rng = Rng(seed_state(seed))
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in players]
        return ToyState(
            players=tuple(players),
            options=opts,
            rng=rng.state,
            hands=[sorted(h) for h in hands],
            deck=deck,
            scored=[[] for _ in players],
            bonus=[0 for _ in players],
        )

    def legal_actions(self, state: ToyState) -> list[Action]:
        d = state.decision
        if d is None:
            return []
        if d.kind == "dive":
            return [("surface",), ("sink",), ROLL]
        if d.kind == "snap":
            acts: list[Action] = [("pass",)]
            if state.snap_value in state.hands[d.seat]:
                acts.insert(0, ("snap",))
            return acts
        return [("play", v) for v in sorted(set(state.hands[state.active]))]

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{self.format_action(action)} is not legal now (rule: play)")
        s = state.copy()
        s.chance = False
        s.private_events = ()
        seat = state.current_player
        assert seat is not None
        name = s.players[seat]
        if action[0] == "play":
            value = action[1]
            s.hands[seat].remove(value)
            s.scored[seat].append(value)
            events = [f"{name} played a {value}"]
            if s.deck:
                drawn = s.deck.pop()
                s.hands[seat].append(drawn)
                s.hands[seat].sort()
                s.private_events = ((len(events), seat, f"{name} drew the {drawn}"),)
                events.append(f"{name} drew a card")
                s.chance = True
            s.events = tuple(events)
            if value == 6:
                s.diving = True
            else:
                self._open_window_or_end(s, value)
            return s
        if action[0] in ("surface", "sink", "roll"):
            outcome = action[0]
            if outcome == "roll":
                rng = Rng(s.rng)
                outcome = "surface" if rng.randrange(2) else "sink"
                s.rng = rng.state
            s.bonus[seat] += outcome == "surface"
            s.diving = False
            s.chance = True
            s.events = (f"{name} came up for air" if outcome == "surface" else f"{name} sank",)
            self._open_window_or_end(s, 6)
            return s
        if action[0] == "snap":
            s.hands[seat].remove(s.snap_value)
            s.scored[seat].append(s.snap_value)
            s.events = (f"{name} snapped the {s.snap_value}",)
        else:
            s.events = (f"{name} let it go",)
        s.snap_value = 0
        self._end_turn(s)
        return s

    def _open_window_or_end(self, s: ToyState, value: int) -> None:
        """Open the snap window for the next seat if it holds any card (a public fact)."""
        if s.options["snap"] and s.hands[(s.active + 1) % len(s.players)]:
            s.snap_value = value
        else:
            self._end_turn(s)

    def _end_turn(self, s: ToyState) -> None:
        if not any(s.hands):
            s.over = True
            return
        s.turn += 1
        s.active = (s.active + 1) % len(s.players)
        while not s.hands[s.active]:
            s.active = (s.active + 1) % len(s.players)

    def scores(self, state: ToyState) -> Scores:
        table = tuple((sum(p), b) for p, b in zip(state.scored, state.bonus, strict=True))
        return Scores(("cards", "dives"), table, final=state.over)

    def winners(self, state: ToyState) -> Outcome:
        totals = self.scores(state).totals()
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return Outcome((tied[0],))
        return Outcome((tied[-1],), "the later seat wins a tie")

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = state.copy()
        v.hidden = True
        v.rng = 0
        v.deck = [HIDDEN] * len(state.deck)
        v.hands = [h if i == seat else [HIDDEN] * len(h) for i, h in enumerate(state.hands)]
        redact_events(v, state, seat)
        return v

    def determinise(self, view: ToyState, seat: int | None, rng: Rng) -> ToyState:
        s = view.copy()
        unseen = list(CARDS)
        for card in [c for h in view.hands for c in h if c != HIDDEN]:
            unseen.remove(card)
        for pile in view.scored:
            for card in pile:
                unseen.remove(card)
        rng.shuffle(unseen)
        s.hands = [[c if c != HIDDEN else unseen.pop() for c in h] for h in view.hands]
        s.hands = [sorted(h) for h in s.hands]
        s.deck = [unseen.pop() for _ in view.deck]
        s.rng = rng.next64()
        s.hidden = False
        return s

    def evaluate(self, state: ToyState, seat: int) -> float:
        totals = self.scores(state).totals()
        best_other = max((t for i, t in enumerate(totals) if i != seat), default=0)
        return float(totals[seat] - best_other)

    def secrets(self, state: ToyState, seat: int) -> Any:
        return list(state.hands[seat])

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        d = F.common_to_dict(state)
        d.update(
            hands=[list(h) for h in state.hands],
            deck=list(state.deck),
            scored=[list(s) for s in state.scored],
            snap_value=state.snap_value,
            diving=state.diving,
            bonus=list(state.bonus),
        )
        return d

    def from_dict(self, data: Any) -> ToyState:
        common = F.read_common(data, self.spec)
        n = len(common["players"])

        def card(x: Any, p: str) -> int:
            return F.integer(x, p, 0, 6)

        def cards(x: Any, p: str) -> list[int]:
            return F.array(x, p, card)

        def bonus(x: Any, p: str) -> int:
            return F.integer(x, p, 0, 12)

        state = ToyState(
            **common,
            hands=F.array(data.get("hands"), "state.hands", cards, length=n),
            deck=F.array(data.get("deck"), "state.deck", card),
            scored=F.array(data.get("scored"), "state.scored", cards, length=n),
            snap_value=F.integer(data.get("snap_value", 0), "state.snap_value", 0, 6),
            diving=F.boolean(data.get("diving", False), "state.diving"),
            bonus=F.array(data.get("bonus", [0] * n), "state.bonus", bonus, length=n),
        )
        if not state.hidden:
            counts = sorted([*state.deck, *(c for h in state.hands for c in h)])
            counts += [c for s in state.scored for c in s]
            if sorted(counts) != sorted(CARDS):
                raise F.fail("state", "the cards do not add up to the deck (two each of 1-6)")
        return state

    def component_counts(self, state: ToyState) -> dict[str, int]:
        total = len(state.deck) + sum(map(len, state.hands)) + sum(map(len, state.scored))
        return {"cards": total}

    def format_action(self, action: Action) -> str:
        return " ".join(str(part) for part in action)

    def parse_action(self, state: ToyState, text: str) -> Action:
        words = text.split()
        if len(words) == 1 and words[0] in ("snap", "pass", "surface", "sink", "roll"):
            return (words[0],)
        value = whole_number(words[1]) if len(words) == 2 and words[0] == "play" else None
        if value is not None:
            return ("play", value)
        raise IllegalAction(
            f"not an action: {text!r} (try 'play 3', 'snap', 'pass', 'surface', 'sink' or 'roll')"
        )

    def render_text(self, state: ToyState, seat: int | None = None) -> str:
        v = self.view(state, seat)
        lines = [f"deck: {len(v.deck)} cards"]
        for i, name in enumerate(v.players):
            hand = " ".join("?" if c == HIDDEN else str(c) for c in v.hands[i])
            lines.append(f"{name}: hand [{hand}] scored {sum(v.scored[i])}")
        return "\n".join(lines)


TOY = ToyGame()
