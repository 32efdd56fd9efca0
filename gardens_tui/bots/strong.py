"""The ``strong`` and ``expert`` bot levels: information-set Monte Carlo tree search.

One search works for every game through the rules contract alone
(:class:`~gardens_tui.rules.base.Game`): nothing here knows any game. Besides the moves it uses
only :meth:`~gardens_tui.rules.base.Game.evaluate` (the game's heuristic, which the greedy bot
maximises one decision ahead) and :meth:`~gardens_tui.rules.base.Game.determinise`.

How it searches (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012, steered by the
game's heuristic as AlphaZero-style searches are steered by a network):

- The bot starts from its seat's :meth:`~gardens_tui.rules.base.Game.view` only. Each iteration
  deals one **determinisation** of that view (:meth:`~gardens_tui.rules.base.Game.determinise`:
  the other seats' hidden cards, the deck order and a fresh PRNG for chance, drawn from the
  search's own generator), then walks one tree shared by all determinisations. A tree node is a
  sequence of actions, so the tree's statistics are over the bot's *information set*, never one
  guessed deal.
- At a node, the seat deciding in this determinisation picks among the actions legal here by
  **PUCT**: a child's mean reward for that seat plus an exploration term proportional to its
  **prior** and shrinking with its visits (an unvisited child counts as the node's own mean).
  The prior is the greedy bot's opinion: each action is tried once on the determinisation the
  node is first searched in and rated by ``evaluate`` for the deciding seat, and the ratings
  become a softmax whose temperature is :attr:`SearchBudget.prior_temperature` times their
  spread. So the search first checks the moves the heuristic likes, for every seat (opponents
  are expected to play sensibly), and turns to the others as their values earn it. Every seat
  maximises its own reward.
- Forced steps (one legal action) and skill decisions (settled by
  :data:`~gardens_tui.rules.base.ROLL`, as every bot settles them) are played through without a
  node, so long chains of sub-decisions do not dilute the tree.
- **Outcomes of chance** (``SearchBudget.chance_nodes``, off in the shipped levels until a
  benchmark shows it helps; README "Bots" has the measurements so far): a tree node is
  an action sequence, so without them every determinisation's draw after an action leads to
  the same node, and "buy column 2" or "place tile 1 there" at the next decision means
  whatever that determinisation drew; the node's priors were rated on the first one. With
  them, an action whose result chance decided (``state.chance``: a draw, a roll, a refill)
  leads on to one node per outcome the searching seat would see (the apply's event lines,
  with its own private lines), and the decisions after it are searched for that outcome.
- From a node reached for the first time a **rollout** plays on until the game ends or
  :attr:`SearchBudget.rollout_turns` turns have begun (by default one per seat: it finishes the
  turn in progress and plays every other seat's whole turn, so what a move leaves to the
  players who act before the bot again counts), then the position is scored by ``evaluate``
  for every seat. (Expert's rollouts in Octopus's Garden play on to the end of the game,
  :data:`TO_THE_END`, and score who won: there the heuristic's cut-offs, not the number of
  iterations, bounded the search.) The rollout policy is
  greedy: each step takes the action ``evaluate`` rates best one decision ahead (ties at
  random), among at most :attr:`SearchBudget.rollout_sample` actions drawn at random when a
  decision has more. A ``random`` policy is kept for comparison (see bench/bots.py).
- Rewards per seat lie in ``0..1``: a finished game gives 1 to every winner and 0 to the rest; a
  cut-off gives ``sigmoid((e_seat - max e_other) / scale)``, where ``scale`` is the running mean
  absolute margin the search has seen so far (each game's evaluation has its own units).
- The chosen action is the root's most visited legal action (ties: higher value, then the
  deterministic order of ``legal_actions``). ``SearchBudget.final="lcb"`` (expert's in Seabed
  Neighbours, with softer priors: :data:`EXPERT`; README "Bots") takes instead the highest
  lower confidence bound of the value: sharp priors keep most visits on the heuristic's
  favourite even when another action has measured better. ``SearchBudget.paired`` (off in
  the shipped levels; bench/bots.py ``--expert-paired``) searches instead only the
  heuristic's best few root actions, each once on every deal, so that their differences are
  measured without the luck of the draws between them.

Why steered and greedy rather than uniform and random (measured in two-player Octopus's Garden
against the greedy bot; README "Bots" has the figures): random rollouts and uniform expansion
spread a second's iterations over every planting of every purchase, so a purchase was valued by
random plantings and the search did little better than the heuristic it was scored by. Steering
the tree by the heuristic and rolling out with it costs more per iteration but spends the
iterations on the lines a sensible player would follow, and the next seat's reply in the
rollout shows what a purchase leaves on the market.

Budget and reproducibility: :class:`SearchBudget` caps iterations and/or seconds. Limited by
iterations only, a search is a pure function of the view and the bot's seed and call history;
the time limit makes it depend on the machine. Seconds are wall-clock time by default (what a
player waits); ``clock="cpu"`` counts the searching thread's CPU time instead, so benchmarks on
a busy machine give every search the thinking it would get alone. :data:`STRONG` thinks about
a second per decision, :data:`EXPERT` four times as long, each less when its choice settles
first (:attr:`SearchBudget.settle`: the most visited root action is ahead of every other by
more visits than the iterations left could give one, so the rest of the budget could not
change the answer; under an iteration cap the answer is exactly the whole budget's).

Tree reuse: when the bot decides again in the same turn (the next step of a multi-step turn),
the search starts from the subtree under the action it played last, keeping its statistics.

Cancellation: :meth:`StrongBot.cancel` (from any thread) or a ``cancel`` event given to
:meth:`StrongBot.search` stops the search between two iterations; it then answers with the best
action found so far (always a legal one).

Pure Python, standard library only; no UI imports.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gardens_tui.rules.base import ROLL, Action, Game, GameState, IllegalAction
from gardens_tui.rules.rng import Rng, seed_state

__all__ = [
    "EXPERT",
    "LEVEL_BUDGETS",
    "STRONG",
    "TO_THE_END",
    "ActionStats",
    "SearchBudget",
    "SearchResult",
    "StrongBot",
]


ROLLOUT_POLICIES = ("greedy", "random")
"""How a rollout picks its actions: the heuristic's best one decision ahead, or any."""

FINAL_CHOICES = ("visits", "lcb")
"""How the root's action is chosen after the search: the most visited, or the highest lower
confidence bound of its value (``value - LCB_WIDTH / sqrt(visits)``)."""

LCB_WIDTH = 1.0
"""The lower confidence bound's width at one visit: rewards lie in 0..1, so their standard
deviation is at most a half and this is two standard errors at worst (an action tried a few
times is never chosen on a lucky rollout)."""

CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What a budget's seconds count: wall-clock time, or the searching thread's CPU time."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How long one decision may be thought about, and the search's knobs.

    ``iterations`` caps the number of iterations (``None``: no cap) and ``seconds`` the time
    (``None``: no limit); at least one must be set; ``clock`` says what the seconds count (one
    of :data:`CLOCKS`). ``rollout_turns`` is how many turns a rollout may begin before its
    position is scored by ``evaluate`` (``0``: score the new node directly; ``None``: as many
    as there are seats, so every seat plays before the score); ``max_rollout_steps`` bounds a
    rollout's decisions whatever the turns do.
    ``rollout`` is the rollout policy (one of :data:`ROLLOUT_POLICIES`) and ``rollout_sample``
    the most actions a greedy rollout step rates (``0``: all of them). ``exploration`` is the
    PUCT constant (rewards lie in 0..1) and ``prior_temperature`` how sharply the priors follow
    the heuristic (in units of the spread of its ratings at the node; smaller is sharper).
    ``chance_nodes`` tells apart the outcomes of chance (a draw, a roll) in the tree (see
    :class:`_Node`); without it the decisions after a draw share one node whatever was drawn.
    ``final`` is how the root's action is chosen when the search ends (:data:`FINAL_CHOICES`).
    ``settle`` ends the search as soon as the root's most visited action is settled: ahead of
    every other by more visits than the iterations left could give one (under a time limit,
    the iterations left at the rate so far). It then answers what the whole budget would
    have (exactly so under an iteration cap), sooner; only with ``final="visits"`` and a
    search of every legal action (not a review's ``among``).
    ``paired`` (``0``: off) compares at the root only the ``paired`` actions the heuristic
    rates best (all of them when there are no more), on **common determinisations**: the
    iterations go in rounds, each dealing one determinisation and one rollout generator on
    which every one of those actions is played once, so the luck of the draws is the same for
    all of them and their differences are measured without it. The choice is the best value
    (its lower bound, as ``final="lcb"``; the rounds give every action the same visits).
    ``per_game`` holds the knobs that differ in some games, ``(game id, ((field, value), ...))``:
    the search of such a game thinks with :meth:`for_game` of this budget (a knob is kept for
    one game only when the benchmark shows it helps there; README "Bots").
    """

    iterations: int | None = None
    seconds: float | None = 1.0
    clock: str = "wall"
    rollout_turns: int | None = None
    max_rollout_steps: int = 200
    rollout: str = "greedy"
    rollout_sample: int = 10
    exploration: float = 1.0
    prior_temperature: float = 0.5
    chance_nodes: bool = False
    final: str = "visits"
    settle: bool = False
    paired: int = 0
    per_game: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs an iteration cap or a time limit")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a search budget's iterations must be at least 1")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a search budget's seconds must be positive")
        if self.clock not in CLOCKS:
            raise ValueError(f"a search clock is one of {', '.join(CLOCKS)}")
        if self.rollout_turns is not None and self.rollout_turns < 0:
            raise ValueError("a search budget's rollout turns are at least 0")
        if self.rollout not in ROLLOUT_POLICIES:
            raise ValueError(f"a rollout policy is one of {', '.join(ROLLOUT_POLICIES)}")
        if self.final not in FINAL_CHOICES:
            raise ValueError(f"a final choice is one of {', '.join(FINAL_CHOICES)}")
        if self.paired < 0 or self.paired == 1:
            raise ValueError("a paired root compares 0 (off) or at least 2 actions")
        if self.rollout_sample < 0 or self.prior_temperature <= 0:
            raise ValueError("a rollout sample is at least 0 and a prior temperature positive")
        for game_id, _ in self.per_game:
            self.for_game(game_id)  # (each game's budget checked as this one was)

    def for_game(self, game_id: str) -> SearchBudget:
        """This budget as a search of ``game_id`` uses it: with that game's knobs of
        ``per_game`` (``ValueError`` for a knob that is no field or a bad value)."""
        for tuned, knobs in self.per_game:
            if tuned == game_id:
                fields = dict(knobs)
                unknown = sorted(fields.keys() - _KNOBS)
                if unknown:
                    raise ValueError(f"not a search knob: {', '.join(unknown)}")
                return replace(self, per_game=(), **fields)
        return self

    def with_iterations(self, iterations: int) -> SearchBudget:
        """This budget limited by ``iterations`` only (reproducible from the seed)."""
        return replace(self, iterations=iterations, seconds=None)


_KNOBS = frozenset(SearchBudget.__dataclass_fields__) - {"per_game"}

STRONG = SearchBudget(seconds=1.0, settle=True)
"""The ``strong`` level: about one second per decision, less when the choice settles sooner
(``settle``)."""

TO_THE_END = 100
"""Rollout turns that carry a rollout to the end of the game (random two-seat games of
Octopus's Garden last 34-57 turns, three-seat ones 52-75; ``max_rollout_steps`` still bounds
a rollout and cuts the longest four-seat ones short): expert's in Octopus's Garden."""

EXPERT = SearchBudget(
    seconds=4.0,
    settle=True,
    per_game=(
        ("octopus-garden", (("rollout_turns", TO_THE_END),)),
        ("seabed-neighbours", (("final", "lcb"), ("prior_temperature", 1.0))),
    ),
)
"""The ``expert`` level: the same search with four times the time, and in two games knobs of
its own (README "Bots"). In Octopus's Garden its rollouts play on to the end of the game
(:data:`TO_THE_END`) instead of stopping after a round: four times the time alone, softer
priors, a final choice by value and common deals all left expert even with strong there (the
search refined values the heuristic's cut-offs had biased), while rollouts to the end won 28 of
40 games at a quarter of the budgets and 30 of 40 at these. In Seabed Neighbours with softer
priors (temperature 1) and the final choice by measured value (``final="lcb"``): there the most
visited action was the heuristic's favourite whatever the search measured, and four times the
time alone did not beat strong; with both, expert beat strong 24 of 40 games at three seats.
Each knob is kept for its game only: in Octopus's Garden the final choice by value did not help
(1 of 4 at the shipped budgets)."""

LEVEL_BUDGETS: dict[str, SearchBudget] = {"strong": STRONG, "expert": EXPERT}
"""Each search level's own budget: what a plain ``strong`` or ``expert`` seat thinks with."""


SETTLE_EVERY = 8
"""How often (in iterations) a search with :attr:`SearchBudget.settle` looks whether its
choice has settled."""


def _lead(root: _Node, actions: Sequence[Action]) -> int:
    """How many more visits the most visited of ``actions`` at ``root`` has than the next."""
    best = second = 0
    children = root.children
    for action in actions:
        child = children.get(action)
        if child is not None:
            visits = child.visits
            if visits > best:
                best, second = visits, best
            elif visits > second:
                second = visits
    return best - second


@dataclass(frozen=True, slots=True)
class ActionStats:
    """One root action after a search: its mean reward for the deciding seat (0..1) and how
    many iterations went through it."""

    action: Action
    value: float
    visits: int


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found: the chosen action, every root action's statistics (most visited
    first), how many iterations ran, how long they took, whether it was cancelled, how many
    iterations it inherited from the bot's previous step of the same turn (tree reuse), and how
    many actions it applied on its determinisations (in the tree, to rate priors and in
    rollouts: the engine's work, comparable with a chess engine's plies), and whether it ended
    because the choice had settled before the budget ran out (:attr:`SearchBudget.settle`)."""

    action: Action
    stats: tuple[ActionStats, ...]
    iterations: int
    seconds: float
    cancelled: bool = False
    reused: int = 0
    plies: int = 0
    settled: bool = False


class _Node:
    """A node of the information-set tree: the action sequence leading here, its statistics
    per seat, its children by action, and the priors of the actions tried from it.

    A child reached by an action whose result chance decided (a draw, a roll) holds, besides
    the action's statistics, one node per outcome seen (``after``, by
    :func:`_outcome` of the events): the decisions after a draw are searched for what was
    drawn, not for whatever each determinisation happened to draw."""

    __slots__ = ("after", "children", "prior", "prior_base", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.after: dict[tuple[str, ...], _Node] | None = None
        self.visits = 0
        self.totals = [0.0] * seats
        self.prior: dict[Action, float] = {}
        self.prior_base = (0.0, 1.0)


def _outcome(state: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat`` saw happen in the ``apply`` that made ``state``: its event lines, with
    the private lines meant for ``seat`` (its own draw) in place of the public ones. Two
    determinisations with the same outcome lead to the same information set."""
    private = state.private_events
    if not private:
        return state.events
    lines = list(state.events)
    for index, owner, line in private:
        if owner == seat and 0 <= index < len(lines):
            lines[index] = line
    return tuple(lines)


def _is_skill(state: GameState) -> bool:
    decision = state.decision
    return decision is not None and decision.skill is not None


class StrongBot:
    """A bot that chooses by information-set MCTS within ``budget`` (see the module docstring).

    ``level`` names it (``strong``, ``expert``); ``seed`` makes its choices reproducible when the
    budget has no time limit. ``reuse`` keeps the subtree of its last action for its next step
    of the same turn. The bot may be asked from a worker thread; :meth:`cancel` may be called
    from any other thread.
    """

    def __init__(
        self,
        seed: int = 0,
        budget: SearchBudget = STRONG,
        *,
        level: str = "strong",
        reuse: bool = True,
    ) -> None:
        self.level = level
        self.budget = budget
        self.reuse = reuse
        self._rng = Rng(seed_state(seed))
        self._lock = threading.Lock()
        self._running: threading.Event | None = None
        self._kept: tuple[tuple[Any, ...], _Node] | None = None
        self._scale_sum = 0.0
        self._scale_count = 0
        self._plies = 0
        self._among: tuple[tuple[Action, ...], bool] | None = None
        self._seat = 0
        self._tuned = budget  # (the budget for the game being searched: SearchBudget.for_game)

    # --- the Bot protocol -------------------------------------------------------------------

    def choose(self, game: Game[Any], state: GameState) -> Action:
        """The action the search rates best for ``state.current_player``, from that seat's view
        only. Raises ``ValueError`` when no decision is pending."""
        return self.search(game, state).action

    def cancel(self) -> None:
        """Stop the search running now (if any) after its current iteration; it answers with
        the best action found so far. Safe to call from any thread."""
        with self._lock:
            if self._running is not None:
                self._running.set()

    # --- the search -------------------------------------------------------------------------

    def search(
        self,
        game: Game[Any],
        state: GameState,
        *,
        cancel: threading.Event | None = None,
        among: Sequence[Action] | None = None,
        evenly: bool = False,
    ) -> SearchResult:
        """Search ``state`` (a full state is viewed first) for its deciding seat and return the
        chosen action with the root statistics. ``cancel``, when set (from any thread), stops
        the search between iterations as :meth:`cancel` does. ``among`` limits the first step
        to those of the legal actions; with ``evenly`` each of them in turn (every one gets the
        same share of the iterations, from one tree: a game review compares the move played
        with the best one this way). Raises ``ValueError`` when no decision is pending, or when
        none of ``among`` is legal."""
        seat = state.current_player
        if seat is None:
            raise ValueError("no decision is pending: the game is over")
        view = state if state.hidden else game.view(state, seat)
        actions = game.legal_actions(view)
        if among is not None:
            actions = [action for action in actions if action in among]
            if not actions:
                raise ValueError("none of the actions asked about is legal here")
        if not actions:
            raise ValueError("no decision is pending: the game is over")
        if _is_skill(view):
            return SearchResult(ROLL, (ActionStats(ROLL, 0.0, 0),), 0, 0.0)
        if len(actions) == 1:
            return SearchResult(actions[0], (ActionStats(actions[0], 0.0, 0),), 0, 0.0)
        stop = threading.Event()
        with self._lock:
            self._running = stop
        self._among = None if among is None else (tuple(actions), evenly)
        self._seat = seat
        self._tuned = self.budget.for_game(game.spec.id)
        try:
            return self._search(game, view, seat, actions, stop, cancel)
        finally:
            self._among = None
            with self._lock:
                self._running = None

    def _reuse_key(self, game: Game[Any], view: GameState, seat: int) -> tuple[Any, ...]:
        return (game.spec.id, view.num_players, view.turn, view.active, seat)

    def _search(
        self,
        game: Game[Any],
        view: GameState,
        seat: int,
        actions: list[Action],
        stop: threading.Event,
        cancel: threading.Event | None,
    ) -> SearchResult:
        budget = self._tuned
        seats = view.num_players
        key = self._reuse_key(game, view, seat)
        root = _Node(seats)
        if self.reuse and self._kept is not None and self._kept[0] == key:
            root = self._kept[1]
        reused = root.visits
        self._kept = None
        self._scale_sum, self._scale_count = 0.0, 0
        self._plies = 0
        clock = CLOCKS[budget.clock]
        started = clock()
        deadline = None if budget.seconds is None else started + budget.seconds
        cap = budget.iterations
        iterations = 0
        cancelled = settled = False
        rng = self._rng
        paired = 0
        det: GameState | None = None
        if budget.paired and self._among is None:
            det = game.determinise(view, seat, rng)
            self._among = (self._best_rated(game, det, root, actions, budget.paired), True)
            paired = len(self._among[0])
        final = "lcb" if paired else budget.final
        settle = budget.settle and final == "visits" and self._among is None
        round_state = 0
        while True:
            if cap is not None and iterations >= cap:
                break
            if deadline is not None and iterations and clock() >= deadline:
                break
            if stop.is_set() or (cancel is not None and cancel.is_set()):
                cancelled = True
                break
            if settle and iterations and not iterations % SETTLE_EVERY:
                left = math.inf if cap is None else cap - iterations
                if deadline is not None:
                    now = clock()
                    left = min(left, iterations * (deadline - now) / max(now - started, 1e-9))
                if _lead(root, actions) > left:
                    settled = True
                    break
            if not paired:
                self._iterate(game, game.determinise(view, seat, rng), root, rng)
            else:  # (one deal and one rollout generator for every action of a round)
                if det is None or not iterations % paired:
                    det = game.determinise(view, seat, rng)
                    round_state = rng.next64()
                self._iterate(game, det, root, Rng(round_state))
            iterations += 1
        elapsed = clock() - started
        stats = self._root_stats(root, actions, seat, final)
        action = stats[0].action
        if self.reuse:
            child = root.children.get(action)
            if child is not None and child.after is None:  # (after a draw: which outcome?)
                self._kept = (key, child)
        return SearchResult(
            action, stats, iterations, elapsed, cancelled, reused, self._plies, settled
        )

    def _best_rated(
        self, game: Game[Any], state: GameState, root: _Node, actions: list[Action], count: int
    ) -> tuple[Action, ...]:
        """The ``count`` root ``actions`` of the highest prior (rated on ``state`` for the
        root's seat; ties in the order of ``legal_actions``): a paired root's actions."""
        prior = self._priors(game, state, root, actions, self._seat)
        ranked = sorted(range(len(actions)), key=lambda i: (-prior[actions[i]], i))
        return tuple(actions[i] for i in ranked[:count])

    @staticmethod
    def _root_stats(
        root: _Node, actions: Sequence[Action], seat: int, final: str = "visits"
    ) -> tuple[ActionStats, ...]:
        """Every legal root action's statistics, best first: most visits (``final="lcb"``: the
        highest lower confidence bound of the value), then higher value, then the order of
        ``legal_actions``."""
        rows: list[tuple[float, float, int, ActionStats]] = []
        for index, action in enumerate(actions):
            child = root.children.get(action)
            visits = 0 if child is None else child.visits
            value = child.totals[seat] / visits if child is not None and visits else 0.0
            if final == "lcb":
                first = -(value - LCB_WIDTH / math.sqrt(visits)) if visits else math.inf
            else:
                first = -visits
            rows.append((first, -value, index, ActionStats(action, value, visits)))
        rows.sort(key=lambda row: row[:3])
        return tuple(row[3] for row in rows)

    def _iterate(self, game: Game[Any], state: GameState, root: _Node, rng: Rng) -> None:
        """One iteration on the determinisation ``state``: select down to a node not searched
        yet (or the end of the game), roll out from there, back the rewards up the path.

        After each chosen action the forced steps that follow are played at once; when
        chance took part (``state.chance``) and the budget has ``chance_nodes``, the path goes
        on through the node of that outcome (:attr:`_Node.after`)."""
        node = root
        path = [root]
        seats = len(root.totals)
        state, _, listed = self._forced(game, state)
        while not state.over:
            decision = state.decision
            if decision is None:
                break
            if not node.visits and node is not root:
                break
            legal = game.legal_actions(state) if listed is None else listed
            if len(legal) < 2 or decision.skill is not None:  # (a forced step refused)
                break
            if node is root and self._among is not None:
                only, evenly = self._among
                legal = [a for a in legal if a in only] or legal
            if node is root and self._among is not None and evenly:
                action = only[root.visits % len(only)]
            else:
                action = self._select(game, state, node, legal, decision.seat)
            next_state = self._apply(game, state, action)
            if next_state is None:
                # the rules refused an action they listed: forget it, score what we have
                node.children.pop(action, None)
                node.prior[action] = 0.0
                break
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(seats)
            path.append(child)
            state, outcome, listed = self._forced(game, next_state)
            if outcome is not None:
                after = child.after
                if after is None:
                    after = child.after = {}
                node = after.get(outcome) or after.setdefault(outcome, _Node(seats))
                path.append(node)
            else:
                node = child
        rewards = self._rollout(game, state, rng)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i, r in enumerate(rewards):
                totals[i] += r

    def _forced(
        self, game: Game[Any], state: GameState
    ) -> tuple[GameState, tuple[str, ...] | None, list[Action] | None]:
        """Play the forced steps from ``state`` (one legal action, or a skill roll) until a
        real decision or the end; that position, the outcome chance decided on the way
        (:func:`_outcome` of every position that drew, or ``None`` when none drew or the
        budget does not tell outcomes apart), and that position's legal actions when they
        were listed here (``None`` when not: the caller lists them, once)."""
        tell = self._tuned.chance_nodes
        outcome: tuple[str, ...] | None = None
        legal: list[Action] | None = None
        if tell and state.chance:
            outcome = _outcome(state, self._seat)
        while not state.over:
            decision = state.decision
            if decision is None:
                break
            if decision.skill is not None:
                action = ROLL
            else:
                legal = game.legal_actions(state)
                if len(legal) != 1:
                    break
                action = legal[0]
            after = self._apply(game, state, action)
            if after is None:
                break
            state, legal = after, None
            if tell and state.chance:
                seen = _outcome(state, self._seat)
                outcome = seen if outcome is None else outcome + seen
        return state, outcome, legal

    def _select(
        self, game: Game[Any], state: GameState, node: _Node, legal: list[Action], mover: int
    ) -> Action:
        """The action of ``legal`` with the highest PUCT score for ``mover`` at ``node``."""
        prior = self._priors(game, state, node, legal, mover)
        total = sum(prior[a] for a in legal) or 1.0
        children = node.children
        visits = node.visits
        fpu = node.totals[mover] / visits if visits else 0.5
        weight = self._tuned.exploration * math.sqrt(visits + 1) / total
        best_score = -math.inf
        action = legal[0]
        for a in legal:
            child = children.get(a)
            n = 0 if child is None else child.visits
            q = child.totals[mover] / n if child is not None and n else fpu
            score = q + weight * prior[a] / (1 + n)
            if score > best_score:
                best_score, action = score, a
        return action

    def _priors(
        self, game: Game[Any], state: GameState, node: _Node, legal: list[Action], mover: int
    ) -> dict[Action, float]:
        """``node``'s prior weights, with one for every action of ``legal`` (those not rated
        yet are rated now: the action tried on ``state`` and its result scored for ``mover``)."""
        prior = node.prior
        missing = [a for a in legal if a not in prior]
        if not missing:
            return prior
        ratings: list[float | None] = []
        for a in missing:
            after = self._apply(game, state, a)
            ratings.append(None if after is None else game.evaluate(after, mover))
        if not prior:
            rated = [r for r in ratings if r is not None] or [0.0]
            mean = sum(rated) / len(rated)
            spread = math.sqrt(sum((r - mean) ** 2 for r in rated) / len(rated))
            node.prior_base = (max(rated), self._tuned.prior_temperature * max(spread, 1e-9))
        top, temperature = node.prior_base
        for a, r in zip(missing, ratings, strict=True):
            prior[a] = 0.0 if r is None else math.exp(max(min(r - top, 0.0) / temperature, -50.0))
        return prior

    def _apply(self, game: Game[Any], state: GameState, action: Action) -> GameState | None:
        """``action`` played on a determinisation, counted in the search's plies. Every caller
        took it from ``legal_actions`` of this very state (a tree child is only chosen when
        listed legal here), so the trusted apply skips the legality check; ``None`` when the
        game refuses it anyway."""
        self._plies += 1
        try:
            after: GameState = game.apply_trusted(state, action)
        except IllegalAction:
            return None
        return after

    def _rollout(self, game: Game[Any], state: GameState, rng: Rng) -> list[float]:
        """Play on from ``state`` by the budget's rollout policy until the game ends or the
        budget's turns have begun; the rewards per seat (see the module docstring)."""
        budget = self._tuned
        turns = budget.rollout_turns
        last_turn = state.turn + (state.num_players if turns is None else turns)
        steps = budget.max_rollout_steps
        greedy = budget.rollout == "greedy"
        sample = budget.rollout_sample
        while not state.over and state.turn < last_turn and steps > 0:
            decision = state.decision
            if decision is None:
                break
            after: GameState | None = None
            if decision.skill is not None:
                action = ROLL
            else:
                legal = game.legal_actions(state)
                if not legal:
                    break
                if len(legal) == 1:
                    action = legal[0]
                elif greedy:
                    if sample and len(legal) > sample:
                        legal = _sample(rng, legal, sample)
                    action, after = self._greedy_step(game, state, legal, decision.seat, rng)
                else:
                    action = legal[rng.randrange(len(legal))]
            if after is None:
                after = self._apply(game, state, action)  # listed legal just above
            if after is None:
                break
            state = after
            steps -= 1
        return self._rewards(game, state)

    def _greedy_step(
        self, game: Game[Any], state: GameState, legal: list[Action], mover: int, rng: Rng
    ) -> tuple[Action, GameState | None]:
        """The action of ``legal`` whose result ``evaluate`` rates best for ``mover`` (ties at
        random), as the greedy bot chooses, with that result (already applied to rate it;
        ``None`` when the game refused every action)."""
        best: list[tuple[Action, GameState]] = []
        best_value = -math.inf
        for a in legal:
            after = self._apply(game, state, a)
            if after is None:
                continue
            value = game.evaluate(after, mover)
            if value > best_value:
                best, best_value = [(a, after)], value
            elif value == best_value:
                best.append((a, after))
        if not best:
            return legal[0], None
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _rewards(self, game: Game[Any], state: GameState) -> list[float]:
        seats = state.num_players
        if state.over:
            winners = set(game.winners(state).winners)
            return [1.0 if i in winners else 0.0 for i in range(seats)]
        values = [game.evaluate(state, i) for i in range(seats)]
        if seats == 1:
            margins = values
        else:
            margins = []
            for i, value in enumerate(values):
                best_other = max(v for j, v in enumerate(values) if j != i)
                margins.append(value - best_other)
        for m in margins:
            self._scale_sum += abs(m)
            self._scale_count += 1
        scale = max(self._scale_sum / self._scale_count, 1e-6)
        return [_sigmoid(m / scale) for m in margins]


def _sample(rng: Rng, items: list[Action], k: int) -> list[Action]:
    """``k`` distinct items of ``items`` (a list the caller owns: it is shuffled in part)."""
    n = len(items)
    for i in range(k):
        j = i + rng.randrange(n - i)
        items[i], items[j] = items[j], items[i]
    return items[:k]


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-min(x, 50.0)))
    z = math.exp(max(x, -50.0))
    return z / (1.0 + z)
