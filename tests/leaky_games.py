"""Broken variants of the toy game ("Pearl Dive", :mod:`toy_game`), one rule broken in each.

``tests/test_conformance.py`` plays each with the conformance suite and requires that the check
named for the broken rule, and no other, catches it. The first group breaks the older rules
(serialisation, notation, illegal actions, views); the second group the rules a game with
secrets keeps (:mod:`gardens_tui.rules.base`): public decisions, views that work, nothing leaked
in texts, scores, logs or windows, an honest ``determinise``, a pass for every optional window, a
roll for every skill decision, and the allowed player counts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from toy_game import CARDS, HIDDEN, TOY, ToyGame, ToyState

from gardens_tui.rules.base import ROLL, Action, Decision, Outcome, Scores
from gardens_tui.rules.rng import Rng

# --------------------------------------------------------------------------------------------
# Serialisation, notation, illegal actions, views, scores, termination
# --------------------------------------------------------------------------------------------


class LeakyView(ToyGame):
    """Shows every hand in every view."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.hands = [list(h) for h in state.hands]
        return v


class RngView(ToyGame):
    """Leaves the PRNG state in the view."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.rng = state.rng
        return v


class RngDependentView(ToyGame):
    """Masks the PRNG but shows a hint derived from it (its parity)."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.rng = state.rng if state.hidden else state.rng % 2 + 7
        return v


class ViewNotIdempotent(ToyGame):
    """Every view moves the turn on, so a view of a view differs."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.turn = state.turn + 1
        return v


class BlindView(ToyGame):
    """Hides a seat's own hand from itself."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        v = super().view(state, seat)
        v.hands = [[HIDDEN] * len(h) for h in state.hands]
        return v


class MutatingApply(ToyGame):
    """Scores the played card on the state it was given as well."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        new = super().apply(state, action)
        if action[0] == "play":
            state.scored[state.active].append(0)
        return new


class LenientApply(ToyGame):
    """Lets a seat play a card it does not hold (scored, without leaving its hand)."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if (
            len(action) == 2
            and action[0] == "play"
            and action[1] in range(1, 7)
            and not state.snap_value
            and action[1] not in state.hands[state.active]
        ):
            s = state.copy()
            s.events = ("cheat",)
            return s
        return super().apply(state, action)


CARD_NAMES = {v: str(v) for v in range(7)}


class CrashingApply(ToyGame):
    """Reads the card from the action before checking it is legal."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if action and action[0] == "play":
            _ = CARD_NAMES[action[1]]
        return super().apply(state, action)


class SilentlyMutatingRefusal(ToyGame):
    """Changes the state, then refuses."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if action not in self.legal_actions(state):
            state.turn += 1
        return super().apply(state, action)


class TupleDict(ToyGame):
    """Writes tuples into to_dict (not JSON-safe as such)."""

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        d = super().to_dict(state)
        d["deck"] = tuple(d["deck"])
        return d


class ForgetfulDict(ToyGame):
    """Does not save the pending snap window."""

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        d = super().to_dict(state)
        d.pop("snap_value")
        return d


class LossyRestore(ToyGame):
    """Restores the deck in sorted order."""

    def from_dict(self, data: Any) -> ToyState:
        s = super().from_dict(data)
        if not s.hidden:
            s.deck = sorted(s.deck)
        return s


class CrashingFromDict(ToyGame):
    """Indexes the data without validating it."""

    def from_dict(self, data: Any) -> ToyState:
        _ = len(data["hands"][0])
        return super().from_dict(data)


class CardsVanish(ToyGame):
    """Counts only cards still in play."""

    def component_counts(self, state: ToyState) -> dict[str, int]:
        return {"cards": len(state.deck) + sum(map(len, state.hands))}


class AmbiguousNotation(ToyGame):
    """Writes every play the same way."""

    def format_action(self, action: Action) -> str:
        return "play" if action[0] == "play" else super().format_action(action)


class WrongParse(ToyGame):
    """Parses ``play N`` as the string ``'N'``."""

    def parse_action(self, state: ToyState, text: str) -> Action:
        action = super().parse_action(state, text)
        return (action[0], str(action[1])) if action[0] == "play" else action


class CrashingParse(ToyGame):
    """Crashes on empty text."""

    def parse_action(self, state: ToyState, text: str) -> Action:
        return super().parse_action(state, text.split()[0] + text)


class CarelessDigits(ToyGame):
    """Reads numbers with ``isdigit`` and ``int``: ``play ²`` raises ValueError, not
    IllegalAction (the shape of Octopus's Garden's ``treasure ²`` crash)."""

    def parse_action(self, state: ToyState, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            return ("play", int(words[1]))
        return super().parse_action(state, text)


class ShuffledLegal(ToyGame):
    """Lists actions in an order that changes between calls."""

    calls = 0

    def legal_actions(self, state: ToyState) -> list[Action]:
        acts = super().legal_actions(state)
        ShuffledLegal.calls += 1
        return acts[::-1] if ShuffledLegal.calls % 2 and len(acts) > 1 else acts


class DuplicateLegal(ToyGame):
    """Lists every action twice."""

    def legal_actions(self, state: ToyState) -> list[Action]:
        return super().legal_actions(state) * 2


class SilentChance(ToyGame):
    """Draws from the PRNG on every play without saying so."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        rng = Rng(s.rng)
        rng.next64()
        s.rng = rng.state
        s.chance = False
        return s


class EndlessGame(ToyGame):
    """Played cards go back under the deck, so nobody ever runs out."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        for seat, pile in enumerate(s.scored):
            while pile:
                s.deck.insert(0, pile.pop())
                s.hands[seat].append(s.deck.pop())
                s.hands[seat].sort()
        s.over = False
        return s

    def scores(self, state: ToyState) -> Scores:
        return Scores(("cards",), tuple((0,) for _ in state.players), final=state.over)


class NoWinner(ToyGame):
    """Names nobody as the winner."""

    def winners(self, state: ToyState) -> Outcome:
        return Outcome(())


class ShiftingCategories(ToyGame):
    """Adds a score category when the deck runs out."""

    def scores(self, state: ToyState) -> Scores:
        base = super().scores(state)
        if state.deck:
            return base
        return Scores((*base.categories, "bonus"), tuple((*r, 0) for r in base.table), base.final)


class WrongRows(ToyGame):
    """Gives one score row too few."""

    def scores(self, state: ToyState) -> Scores:
        base = super().scores(state)
        return Scores(base.categories, base.table[1:], base.final)


class NumberEvents(ToyGame):
    """Logs numbers instead of sentences."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        s.events = (1,)  # type: ignore[assignment]
        s.private_events = ()
        return s


class HistoryDependent(ToyGame):
    """Logs how many moves this game object has seen: a replay gives other events."""

    seen = 0

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        HistoryDependent.seen += 1
        s.events = (f"move {HistoryDependent.seen}",)
        s.private_events = ()
        return s


class NoisyNewGame(ToyGame):
    """Ignores the seed: every new game is shuffled differently."""

    games = 0

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        NoisyNewGame.games += 1
        return super().new_game(players, options, seed + NoisyNewGame.games)


class AcceptsAnyPlayers(ToyGame):
    """Does not check the player count."""

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        return super().new_game(list(players)[:4] or ["A", "B"], options, seed)


class StuckDecision(ToyGame):
    """Offers nothing to a snap window."""

    def legal_actions(self, state: ToyState) -> list[Action]:
        return [] if state.snap_value else super().legal_actions(state)


class BadEvaluate(ToyGame):
    """Rates positions with NaN."""

    def evaluate(self, state: ToyState, seat: int) -> float:
        return float("nan")


class EmptyRender(ToyGame):
    """Renders nothing."""

    def render_text(self, state: ToyState, seat: int | None = None) -> str:
        return ""


# --------------------------------------------------------------------------------------------
# Secrets: public decisions, views that work, no leaks, determinise, pass, skill, player counts
# --------------------------------------------------------------------------------------------


class _VariantState(ToyState):
    """A toy state whose class a variant replaces, to change its ``decision`` (same slots, so
    :func:`_recast` can switch a state's class in place)."""

    __slots__ = ()

    def copy(self) -> ToyState:
        return _recast(ToyState.copy(self), type(self))


def _recast(state: ToyState, cls: type[ToyState]) -> ToyState:
    """``state`` as an instance of ``cls`` (a subclass of ToyState without fields of its own)."""
    state.__class__ = cls
    return state


class _VariantDecisions(ToyGame):
    """A toy game whose states are of :attr:`state_class`: every state it hands out is recast."""

    state_class: ClassVar[type[ToyState]] = _VariantState

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        return _recast(super().new_game(players, options, seed), self.state_class)

    def apply(self, state: ToyState, action: Action) -> ToyState:
        return _recast(super().apply(state, action), self.state_class)

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        return _recast(super().view(state, seat), self.state_class)

    def determinise(self, view: ToyState, seat: int | None, rng: Rng) -> ToyState:
        return _recast(super().determinise(view, seat, rng), self.state_class)

    def from_dict(self, data: Any) -> ToyState:
        return _recast(super().from_dict(data), self.state_class)


class SecretWindow(ToyGame):
    """The old toy rule: the snap window opens only when the next seat holds the matching card,
    which tells everyone that it does (rule 1: a window held by a secret card)."""

    def _open_window_or_end(self, s: ToyState, value: int) -> None:
        nxt = s.hands[(s.active + 1) % len(s.players)]
        if s.options["snap"] and value in nxt:
            s.snap_value = value
        else:
            self._end_turn(s)


class PublicDraw(ToyGame):
    """Announces the drawn card to everyone ("Ann drew the 5") instead of in a private line."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        if s.private_events:
            events = list(s.events)
            for index, _seat, line in s.private_events:
                events[index] = line
            s.events = tuple(events)
            s.private_events = ()
        return s


class RenderShowsHands(ToyGame):
    """Draws every hand from the full position, whoever the text is for."""

    def render_text(self, state: ToyState, seat: int | None = None) -> str:
        lines = [f"deck: {len(state.deck)} cards"]
        for i, name in enumerate(state.players):
            hand = " ".join("?" if c == HIDDEN else str(c) for c in state.hands[i])
            lines.append(f"{name}: hand [{hand}] scored {sum(state.scored[i])}")
        return "\n".join(lines)


class ScoresRevealHands(ToyGame):
    """Counts the cards in hand as a provisional score category, which every seat is shown."""

    def scores(self, state: ToyState) -> Scores:
        base = super().scores(state)
        table = tuple((*row, sum(h)) for row, h in zip(base.table, state.hands, strict=True))
        return Scores((*base.categories, "in hand"), table, base.final)


class PeekingLegalActions(ToyGame):
    """Does not offer a play the next seat could snap: the choices reveal the next hand."""

    def legal_actions(self, state: ToyState) -> list[Action]:
        acts = super().legal_actions(state)
        decision = state.decision
        if decision is None or decision.kind != "play":
            return acts
        nxt = state.hands[(state.active + 1) % len(state.players)]
        safe = [a for a in acts if a[1] not in nxt]
        return safe or acts


class _SecretPromptState(_VariantState):
    __slots__ = ()

    @property
    def decision(self) -> Decision | None:
        d = ToyState.decision.fget(self)  # type: ignore[attr-defined]
        if d is None or d.kind != "snap":
            return d
        can = "you can" if self.snap_value in self.hands[d.seat] else "you cannot"
        return dataclasses.replace(d, prompt=f"Snap the {self.snap_value}? ({can})")


class SecretPrompt(_VariantDecisions):
    """The snap prompt says whether the seat holds the card (rule 1: prompts are public)."""

    state_class = _SecretPromptState


class ScoresFailOnViews(ToyGame):
    """Looks the hands' cards up by name when scoring, which fails on a masked card (rule 2)."""

    def scores(self, state: ToyState) -> Scores:
        names = {v: f"card {v}" for v in range(1, 7)}
        _ = [names[c] for h in state.hands for c in h]
        return super().scores(state)


class EvaluateFailsOnViews(ToyGame):
    """Refuses to rate a view (rule 2: the greedy bot rates its own view)."""

    def evaluate(self, state: ToyState, seat: int) -> float:
        if state.hidden:
            raise ValueError("cannot rate a view")
        return super().evaluate(state, seat)


class DeterminiseIgnoresView(ToyGame):
    """Deals a fresh game's cards instead of keeping what the seat saw."""

    def determinise(self, view: ToyState, seat: int | None, rng: Rng) -> ToyState:
        s = view.copy()
        unseen = list(CARDS)
        for pile in view.scored:
            for card in pile:
                unseen.remove(card)
        rng.shuffle(unseen)
        s.hands = [sorted(unseen.pop() for _ in h) for h in view.hands]
        s.deck = [unseen.pop() for _ in view.deck]
        s.rng = rng.next64()
        s.hidden = False
        return s


class DeterminiseLosesCard(ToyGame):
    """Leaves the bottom card of the deck out."""

    def determinise(self, view: ToyState, seat: int | None, rng: Rng) -> ToyState:
        s = super().determinise(view, seat, rng)
        if s.deck:
            s.deck.pop(0)
        return s


class DeterminiseStaysHidden(ToyGame):
    """Returns its position marked as a view."""

    def determinise(self, view: ToyState, seat: int | None, rng: Rng) -> ToyState:
        s = super().determinise(view, seat, rng)
        s.hidden = True
        return s


class _NoPassState(_VariantState):
    __slots__ = ()

    @property
    def decision(self) -> Decision | None:
        d = ToyState.decision.fget(self)  # type: ignore[attr-defined]
        return dataclasses.replace(d, pass_action=None) if d is not None else None


class NoPassAction(_VariantDecisions):
    """The snap window is optional but names no pass_action."""

    state_class = _NoPassState


class _WrongPassState(_VariantState):
    __slots__ = ()

    @property
    def decision(self) -> Decision | None:
        d = ToyState.decision.fget(self)  # type: ignore[attr-defined]
        if d is not None and d.optional:
            return dataclasses.replace(d, pass_action=("skip",))
        return d


class WrongPassAction(_VariantDecisions):
    """The snap window's pass_action is ``skip``, which is no legal action."""

    state_class = _WrongPassState


class SkillWithoutRoll(ToyGame):
    """Does not offer ROLL for the deep dive."""

    def legal_actions(self, state: ToyState) -> list[Action]:
        return [a for a in super().legal_actions(state) if a != ROLL]


class SkillOutcomeNoChance(ToyGame):
    """Surfacing or sinking by choice does not set chance, so undo would not stop there."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        s = super().apply(state, action)
        if action in (("surface",), ("sink",)):
            s.chance = False
        return s


class CountsNotHonoured(ToyGame):
    """Its spec allows 2 or 4 players, but new_game takes any count from 2 to 4."""

    spec = dataclasses.replace(ToyGame.spec, player_counts=(2, 4))

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ToyState:
        return TOY.new_game(players, options, seed)


ALL_GAMES: tuple[type[ToyGame], ...] = tuple(
    cls
    for cls in list(globals().values())
    if isinstance(cls, type)
    and issubclass(cls, ToyGame)
    and not cls.__name__.startswith("_")
    and cls is not ToyGame
)
"""Every broken variant in this module (for the test that each is listed with its checks)."""

__all__ = [cls.__name__ for cls in ALL_GAMES] + ["ALL_GAMES"]
