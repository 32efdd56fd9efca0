"""Tanuki in the Garden's guided first game (issue 32): :data:`LESSON`.

Two players, the person ("You", seat 1) against one gentle (random) bot, the usual target of
15 shiitake (the faster game's 12 ends before every rule came up). The deal, seed 33, was
picked among the first 120 because the suggested moves meet most rules for real within the
game's 18 decisions of the person: a tile that would close a loop, a 5 to steer, an
ashi-magari, a tanuki run off the board, a tanuki in the way, a stash, a restart from the
edge. The coach explains one idea a decision, worked out on the person's view only (the hands
are hidden):

- at the very first decision, where a monk starts (``edge``); at the first tile, the first walk
  from the edge (``first-walk``); then how a turn goes and drawing back up to 3 (``draw``), the
  tanuki dice (``tanuki-dice``);
- whenever it matters: a tanuki on the square the path needs (``blocked``), a tile that would
  walk the monk into a loop or a crash (``loop``, ``crash``), the walk suggested gathering
  shiitake or passing dens (``symbols``), crossing an ashi-magari (``magari``), running off the
  board and back (``wrap``), a stash lying in the garden (``stash``), a tanuki off the board or
  one a 5 lets you steer off (``tanuki-off``), a tanuki near the monk (``tanuki-harm``), a tile
  that would move another monk too or a discard on another's turn (``others``), someone near
  the target (``winning``);
- when nothing of that kind comes up, the next rule not taught yet, shown on the position (the
  tanuki and the monks where they stand), so that every rule is taught within the lesson.

Places a tip points at are squares (``c4``), edge spaces as the notation writes them (``edge
n3``) and the person's tiles in hand (``t17``). Suggestions are rated on the view by the
engine's own previews (:mod:`.preview`): the shiitake a walk or a steer gains and loses, a crash
or a loop, whether the person still draws, a tanuki ahead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gardens_tui.rules.base import Action, Game, GameState, OptionValue
from gardens_tui.rules.lesson import PERSON, Lesson, Rule, Tip
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine
from gardens_tui.rules.tanuki.components import (
    AROUND,
    DIRECTION_NAMES,
    EDGES,
    SIZE,
    SQUARES,
    TANUKI_NAMES,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.preview import LayOutcome, preview_lay, preview_steer
from gardens_tui.rules.tanuki.state import CHOOSE, DISTRACT_PRICE, EDGE_BASE, HAND, OFF, TanukiState
from gardens_tui.rules.words import count

RULES: tuple[Rule, ...] = (
    Rule("edge", "Starting your monk on an edge space of the garden"),
    Rule("first-walk", "The first tile from the edge: either end, and its symbols do not count"),
    Rule("draw", "A turn: the tanuki move, you lay one tile and walk, then draw back up to 3"),
    Rule(
        "tanuki-dice", "How the dice move the tanuki (direction, 5 you choose, 6 stays, distance)"
    ),
    Rule("symbols", "Shiitake (+1) and tanuki dens (-1) on the paths you walk"),
    Rule("magari", "Ashi-magari: no drawing at the end of your turn"),
    Rule("blocked", "A tanuki where your tile must go: pay 2 shiitake or pass"),
    Rule("tanuki-off", "Running a tanuki off the board (+1, both +3) and placing it back"),
    Rule("tanuki-harm", "A tanuki passing (-1) or landing on (-3) a monk, or removing a tile"),
    Rule("together", "Both tanuki on one square: everyone loses 2"),
    Rule("stash", "Stashes: shiitake left on a tile go to the next monk to enter it"),
    Rule("wrap", "Paths running off the board come straight back in"),
    Rule("crash", "Crashes: both monks lose 5 and start over"),
    Rule("loop", "Loops: lose 5 and start over; making others start over earns 2 each"),
    Rule("others", "Other monks walk too when your tile extends their path (and discard)"),
    Rule("winning", "The end: the target of shiitake, the most wins, ties play on"),
)
"""Every core rule the lesson teaches, in the order a first game usually meets them."""

FALLBACK: tuple[str, ...] = (
    "draw",
    "tanuki-dice",
    "symbols",
    "magari",
    "tanuki-harm",
    "tanuki-off",
    "together",
    "stash",
    "wrap",
    "crash",
    "loop",
    "blocked",
    "others",
    "winning",
)
"""The order in which rules not met in play are taught when nothing else comes up."""

MIN_TURNS = 37
"""The lesson may end once every rule was taught and the game reached this turn (the person's
19th turn: a few turns after the last rule, in a usual lesson)."""
MAX_TURNS = 71
"""The lesson ends at this turn (the person's 36th) whatever was taught."""


def _state(view: GameState) -> TanukiState:
    assert isinstance(view, TanukiState)
    return view


def _fmt(game: Game[Any], action: Action) -> str:
    return game.format_action(action)


def _distance(a: int, b: int) -> int:
    """Squares between ``a`` and ``b`` walking along rows and columns."""
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


def _edge_place(edge: int) -> str:
    return f"edge {edge_name(edge)}"


def _opponent(s: TanukiState) -> int:
    """The rival with the most shiitake (the lesson has one)."""
    others = [o for o in range(len(s.players)) if o != PERSON]
    return max(others, key=lambda o: (s.shiitake[o], -o))


def _tanuki_on(s: TanukiState) -> list[int]:
    return [i for i in range(2) if s.tanuki[i] >= 0]


def _nearest_tanuki(s: TanukiState, sq: int) -> tuple[int, int] | None:
    """The tanuki nearest to ``sq`` and its distance, or ``None`` with both off the board."""
    best = [(_distance(s.tanuki[i], sq), i) for i in _tanuki_on(s)]
    if not best:
        return None
    d, i = min(best)
    return i, d


# --- rating moves on the view ----------------------------------------------------------------


def _lay_value(s: TanukiState, outcome: LayOutcome) -> float:
    """What a lay is worth to the person: its shiitake, a crash or a loop, the draw, a tanuki
    waiting where the monk ends."""
    value = float(outcome.net(PERSON))
    mine = [w for w in outcome.walks if w.seat == PERSON]
    end = mine[-1].end if mine else s.monks[PERSON]
    if end == OFF:
        value -= 3.0
    elif end < EDGE_BASE:
        ahead = B.FRONT_SQUARE.get(end, -1)
        here = end >> 3
        for i in _tanuki_on(s):
            if s.tanuki[i] == ahead:
                value -= 0.6
            elif s.tanuki[i] in AROUND[here]:
                value -= 0.3
    if not outcome.draws:
        value -= 0.5
    for o in range(len(s.players)):
        if o != PERSON:
            value -= 0.3 * outcome.net(o)
    return value


def _value(s: TanukiState, action: Action) -> float:
    """The lesson's one-step rating of a legal action of the person (higher is better)."""
    verb = action[0]
    if verb in ("place", "enter"):
        return _lay_value(s, preview_lay(s, action))
    if verb == "pass":
        return -0.8
    if verb == "distract":
        return -float(DISTRACT_PRICE) + 0.5
    if verb == "steer":
        out = preview_steer(s, action)
        rivals = [out.net(o) for o in range(len(s.players)) if o != PERSON]
        return out.net(PERSON) - 0.5 * max(rivals, default=0)
    if verb == "edge":
        sq = EDGES[action[1]][0]
        near = _nearest_tanuki(s, sq)
        return float(near[1]) if near else 0.0
    return 0.0


def _best(s: TanukiState, legal: list[Action]) -> Action:
    """The best legal action by :func:`_value` (the first of equals, in legal order)."""
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = _value(s, action)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def _net(s: TanukiState, action: Action) -> int:
    """The person's change of shiitake from ``action`` as the engine previews it."""
    if action[0] in ("place", "enter"):
        return preview_lay(s, action).net(PERSON)
    if action[0] == "steer":
        return preview_steer(s, action).net(PERSON)
    if action[0] == "distract":
        return -min(DISTRACT_PRICE, s.shiitake[PERSON])
    return 0


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# --- the lesson ------------------------------------------------------------------------------


class TanukiLesson(Lesson):
    """Tanuki in the Garden's guided first game (see the module docstring)."""

    game_id: ClassVar[str] = "tanuki-in-the-garden"
    title: ClassVar[str] = "Learn Tanuki in the Garden"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    seed: ClassVar[int] = 33
    options: ClassVar[Mapping[str, OptionValue]] = {"faster-game": False, "garden-master": False}
    opponents: ClassVar[tuple[str, ...]] = ("random",)
    intro: ClassVar[tuple[str, ...]] = (
        "You are a monk strolling through a garden, gathering shiitake for dinner.",
        "Lay path tiles in front of your monk and walk along them; two tanuki prowl about.",
        "The first to hold 15 shiitake at the end of a turn ends the game: the most wins.",
    )

    # --- tips --------------------------------------------------------------------------------

    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        """One idea for the person's decision (see the module docstring)."""
        s = _state(view)
        decision = s.decision
        if decision is None or decision.seat != PERSON:
            return None
        legal = game.legal_actions(s)
        kind = decision.kind
        if kind == "edge":
            return self._edge_tip(game, s, legal, taught)
        if kind == "steer":
            return self._steer_tip(game, s, legal, taught)
        if kind == "discard":
            if "others" in taught:
                return _other_fallback(game, s, None, taught, FALLBACK)
            return self._discard_tip(s)
        if kind == "place":
            return self._place_tip(game, s, legal, taught)
        return None

    def _edge_tip(
        self, game: Game[Any], s: TanukiState, legal: list[Action], taught: frozenset[str]
    ) -> Tip:
        best = _best(s, legal)
        edge = best[1]
        sq = EDGES[edge][0]
        near = _nearest_tanuki(s, sq)
        places = [_edge_place(edge), square_name(sq)] + [
            square_name(s.tanuki[i]) for i in _tanuki_on(s)
        ]
        numbers: dict[str, int] = {}
        far = ""
        if near is not None:
            far = (
                f" Edge {edge_name(edge)} keeps you {count(near[1], 'square')} from the nearest "
                f"tanuki (on {square_name(s.tanuki[near[0]])})."
            )
            numbers["distance"] = near[1]
        if "edge" not in taught or s.turn == 1:
            text = (
                "Choose an edge space round the garden for your monk to start from (never one "
                "already taken): your first tile will go in the square beside it." + far
            )
        else:
            numbers["free"] = len(legal)
            text = (
                "Your monk left the board and starts over: choose an edge space with no tile "
                f"beside it ({len(legal)} of them now)." + far
            )
        return Tip("edge", text, tuple(dict.fromkeys(places)), best, numbers)

    def _steer_tip(
        self, game: Game[Any], s: TanukiState, legal: list[Action], taught: frozenset[str]
    ) -> Tip | None:
        best = _best(s, legal)
        i, direction = best[1], best[2]
        name = TANUKI_NAMES[i]
        places = (square_name(s.tanuki[i]),) if s.tanuki[i] >= 0 else ()
        out = preview_steer(s, best)
        runs_off = any(m.tanuki == i and m.ran_off for m in out.moves)
        if "tanuki-dice" not in taught:
            fast = ", and 1 more while Fast Tanuki lasts" if "fast" in s.effects else ""
            text = (
                f"The {name} die shows 5, so you choose where the {name} tanuki goes; it walks "
                f"{count(engine.distance(s, i), 'square')}, as the other die shows "
                f"{s.dice[1 - i]} (an odd number: 1 square, an even one: 2{fast}). Send it "
                f"{DIRECTION_NAMES[direction]}: that changes your shiitake by "
                f"{_signed(out.net(PERSON))}."
            )
            numbers = {
                "face": 5,
                "distance": engine.distance(s, i),
                "other_die": s.dice[1 - i],
                "net": out.net(PERSON),
            }
            return Tip("tanuki-dice", text, places, best, numbers)
        if "tanuki-off" not in taught and runs_off:
            text = (
                f"Send the {name} tanuki {DIRECTION_NAMES[direction]}: it runs off the board and "
                "you earn 1 shiitake (both tanuki in one roll earn 3). It comes back on a later "
                "roll, where the blue die names the column and the gold die the row."
            )
            return Tip("tanuki-off", text, places, best, {"one": 1, "both": 3})
        return _other_fallback(game, s, best, taught, TANUKI_RULES)

    def _discard_tip(self, s: TanukiState) -> Tip:
        active = s.players[s.active]
        text = (
            f"{active}'s tile extended your path too, so your monk walked on, and it crossed an "
            f"ashi-magari: on someone else's turn that costs one of your {len(s.hands[PERSON])} "
            "tiles. Discard the one you like least."
        )
        places = tuple(tile_name(t) for t in s.hands[PERSON])
        return Tip("others", text, places, None, {"tiles": len(s.hands[PERSON])})

    def _place_tip(
        self, game: Game[Any], s: TanukiState, legal: list[Action], taught: frozenset[str]
    ) -> Tip | None:
        best = _best(s, legal)
        front = B.front_square(s, PERSON)
        monk = s.monks[PERSON]
        lays = [a for a in legal if a[0] in ("place", "enter")]
        outcomes = {a: preview_lay(s, a) for a in lays}
        tips = _PlaceTips(game, s, best, front, outcomes)
        # What matters now, most urgent first.
        if front in s.tanuki and "blocked" not in taught:
            return tips.blocked()
        if monk >= EDGE_BASE and "first-walk" not in taught:
            return tips.first_walk()
        for rule in ("loop", "crash"):
            if rule not in taught:
                tip = tips.danger(rule)
                if tip is not None:
                    return tip
        if "first-walk" in taught and "draw" not in taught:
            return tips.draw()
        if "tanuki-dice" not in taught and s.dice != [0, 0]:
            return tips.dice()
        for rule in ("magari", "symbols", "wrap", "stash", "tanuki-off", "tanuki-harm",
                     "others", "winning"):  # fmt: skip
            if rule not in taught:
                tip = tips.situation(rule)
                if tip is not None:
                    return tip
        for rule in FALLBACK:
            if rule not in taught:
                return tips.fallback(rule)
        # Every rule taught: only a warning that still matters.
        for rule in ("loop", "crash"):
            tip = tips.danger(rule)
            if tip is not None:
                return tip
        return None

    # --- feedback, end -----------------------------------------------------------------------

    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        """Why the suggestion was better, by the previews' shiitake, or that theirs works too."""
        s = _state(view)
        suggested = tip.suggests
        if suggested is None:
            return "Any move is fine here."
        mine, theirs = _value(s, played), _value(s, suggested)
        net_played, net_suggested = _net(s, played), _net(s, suggested)
        said_played, said_suggested = _fmt(game, played), _fmt(game, suggested)
        if played[0] in ("discard", "edge"):
            return f"{said_played} works too."
        if mine >= theirs - 1e-9:
            return (
                f"{said_played} works too: {_signed(net_played)} shiitake for you, as good as "
                f"{said_suggested}."
            )
        if net_suggested > net_played:
            return (
                f"{said_suggested} was better: {_signed(net_suggested)} shiitake for you "
                f"against {_signed(net_played)} with {said_played}."
            )
        if played[0] in ("place", "enter"):
            outcome = preview_lay(s, played)
            if PERSON in outcome.loops or any(PERSON in c for c in outcome.crashes):
                return f"{said_played} sends your monk off the board; {said_suggested} kept it."
            if not outcome.draws:
                return (
                    f"{said_played} crosses an ashi-magari, so you draw nothing; "
                    f"{said_suggested} would have kept your hand full."
                )
        if played[0] == "pass":
            return f"Passing gains nothing; {said_suggested} would have moved your monk on."
        return (
            f"{said_played} works, though {said_suggested} left your monk safer from the tanuki "
            "and your rival."
        )

    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        """Every rule taught and the person's 19th turn reached, or the 36th turn at most."""
        s = _state(view)
        if s.turn >= MAX_TURNS:
            return True
        return s.turn >= MIN_TURNS and all(rule.id in taught for rule in RULES)

    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        """The score on the person's board: shiitake (and cards, none without Garden Master)."""
        s = _state(view)
        scores = game.scores(s)
        table = scores.by_category(PERSON)
        mine = table["shiitake"]
        rival = _opponent(s)
        lines = [f"Your score: {mine} shiitake, and {table['cards']} for Garden Master cards "
                 "(that expansion was not in play)."]  # fmt: skip
        monk = s.monk_square(PERSON)
        where = f"in {square_name(monk)}" if monk >= 0 else "off the board"
        lines.append(
            f"Your monk ended {where}: every shiitake symbol you walked over, every stash you "
            "entered and every tanuki you ran off the board counted; dens, tanuki and crashes "
            "took some back."
        )
        lines.append(f"{s.players[rival]} has {scores.total(rival)} shiitake.")
        if s.over:
            outcome = game.winners(s)
            names = " and ".join(s.players[w] for w in outcome.winners)
            lines.append(f"The game is over: {names} won with {scores.total(outcome.winners[0])}.")
        else:
            need = max(0, s.target - mine)
            lines.append(
                f"The game would go on until someone holds {s.target} at the end of a turn: "
                f"you need {need} more. Play a full game from the menu!"
            )
        return lines

    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        """Every square, every edge space (``edge n3``) and the person's tiles in hand."""
        s = _state(view)
        squares = {square_name(sq) for sq in range(SQUARES)}
        edges = {_edge_place(e) for e in range(len(EDGES))}
        tiles = {tile_name(t) for t in s.hands[PERSON] if t >= 0}
        return frozenset(squares | edges | tiles)


DIE_FACES: dict[str, int] = {
    **{name: face for face, name in DIRECTION_NAMES.items()},
    "choose": CHOOSE,
    "stays": 6,
    "odd": 1,
    "even": 2,
}
"""The die faces and distances the dice tip states: 1-4 the sides (the board's large
numbers), 5 you choose, 6 it stays; 1 square on an odd other die, 2 on an even one."""

TANUKI_RULES: tuple[str, ...] = ("tanuki-off", "tanuki-harm", "together", "blocked")
"""The rules a steer decision may teach when the steer itself shows none of them."""


def _other_fallback(
    game: Game[Any],
    s: TanukiState,
    best: Action | None,
    taught: frozenset[str],
    rules: tuple[str, ...],
) -> Tip | None:
    """At a steer or a discard: the first of ``rules`` not taught yet, shown on the position
    (the suggestion stays ``best``), else ``None``."""
    for rule in rules:
        if rule not in taught and rule not in ("draw", "tanuki-dice", "symbols"):
            tips = _PlaceTips(game, s, best, B.front_square(s, PERSON), {})
            return tips.fallback(rule)
    return None


class _PlaceTips:
    """The tips of one place decision (the person's view ``s``, the suggested ``best``)."""

    def __init__(
        self,
        game: Game[Any],
        s: TanukiState,
        best: Action | None,
        front: int,
        outcomes: dict[Action, LayOutcome],
    ) -> None:
        self.game = game
        self.s = s
        self.best = best
        self.front = front
        self.outcomes = outcomes
        self.said = _fmt(game, best) if best is not None else "any move"

    def _tile_places(self, action: Action | None) -> list[str]:
        if action is not None and action[0] == "place" and action[1] >= 0:
            return [tile_name(action[1])]
        return []

    def _places(self, *extra: str) -> tuple[str, ...]:
        places = [*extra]
        if self.front >= 0:
            places.append(square_name(self.front))
        places += self._tile_places(self.best)
        return tuple(dict.fromkeys(places))

    def _mine(self, action: Action | None) -> Any:
        if action is None:
            return None
        outcome = self.outcomes.get(action)
        if outcome is None:
            return None
        walks = [w for w in outcome.walks if w.seat == PERSON]
        return walks[0] if walks else None

    def blocked(self) -> Tip:
        s = self.s
        i = 0 if s.tanuki[0] == self.front else 1
        have = s.shiitake[PERSON]
        price = DISTRACT_PRICE
        text = (
            f"The {TANUKI_NAMES[i]} tanuki sits on {square_name(self.front)}, where your next tile "
            f"must go. Pay {price} shiitake to chase it off the board (you have {have}), or pass "
            "this turn."
        )
        return Tip("blocked", text, self._places(), self.best, {"price": price, "have": have})

    def first_walk(self) -> Tip:
        s = self.s
        edge = s.monks[PERSON] - EDGE_BASE
        walk = self._mine(self.best)
        ends = ""
        places = [_edge_place(edge)]
        if walk is not None and walk.end >= 0:
            ends = f" {self.said} takes it to {square_name(walk.end >> 3)}."
            places.append(square_name(walk.end >> 3))
        if self.best is not None and self.best[0] == "enter":
            text = (
                f"A tile already lies on {square_name(self.front)}: walk in by end 1 or end 2 of "
                f"edge {edge_name(edge)} and follow the path. The symbols of this first tile do "
                "not count." + ends
            )
        else:
            text = (
                f"Lay one of your tiles on {square_name(self.front)}, turned any way: your monk "
                f"walks in by either end of edge {edge_name(edge)} (end 1 or end 2) and follows "
                "the path. The symbols of this first tile do not count." + ends
            )
        return Tip("first-walk", text, self._places(*places), self.best, {})

    def danger(self, rule: str) -> Tip | None:
        """A tile that would loop or crash the person's monk, when the suggestion does not."""
        best_walk = self._mine(self.best)
        if best_walk is None or best_walk.end == OFF:
            return None
        for action in self.outcomes:
            walk = self._mine(action)
            if walk is None:
                continue
            hit = walk.loop if rule == "loop" else walk.crash >= 0
            if not hit:
                continue
            loss = B.LOOP_LOSS if rule == "loop" else B.CRASH_LOSS
            bad = _fmt(self.game, action)
            if rule == "loop":
                what = (
                    f"Careful: {bad} would close your path into a loop. A monk in a loop "
                    f"loses {loss} shiitake, gathers nothing from it and starts over from an "
                    "edge space."
                )
            else:
                other = self.s.players[walk.crash]
                what = (
                    f"Careful: {bad} would run your monk into {other}'s: in a crash both "
                    f"monks lose {loss} shiitake and start over from an edge space."
                )
            text = f"{what} {self.said} is safe."
            places = self._places(*self._tile_places(action))
            return Tip(rule, text, places, self.best, {"loss": loss})
        return None

    def draw(self) -> Tip:
        s = self.s
        held = len(s.hands[PERSON])
        text = (
            f"You hold {count(held, 'tile')}: after each of your walks you draw back up to "
            f"{HAND}. Every turn goes the same way: the dice move the tanuki, you lay one tile "
            f"where your path points, your monk walks, you draw. Try {self.said}."
        )
        return Tip("draw", text, self._places(), self.best, {"held": held, "hand": HAND})

    def dice(self) -> Tip:
        s = self.s
        blue, gold = s.dice
        text = (
            f"This turn's dice: blue {blue}, gold {gold}. Each tanuki heads for the side its own "
            "die names (1 north, 2 east, 3 south, 4 west; 5 you choose, 6 it stays), 1 square "
            "if the other die is odd, 2 if it is even."
        )
        places = self._places(*(square_name(s.tanuki[i]) for i in _tanuki_on(s)))
        numbers = {"blue": blue, "gold": gold, **DIE_FACES}
        return Tip("tanuki-dice", text, places, self.best, numbers)

    def situation(self, rule: str) -> Tip | None:
        """The tip of ``rule`` when the position shows it now, else ``None``."""
        s = self.s
        walk = self._mine(self.best)
        if rule == "magari":
            held = len(s.hands[PERSON])
            if held < HAND and s.turn > 2:
                text = (
                    f"You hold only {count(held, 'tile')}: your monk crossed an ashi-magari on "
                    "your last turn, and whoever crosses one on their own turn draws nothing at "
                    "its end."
                )
                return Tip(rule, text, self._places(), self.best, {"held": held})
            trips = [a for a in self.outcomes if (w := self._mine(a)) is not None and w.magari]
            if walk is not None and walk.magari:
                text = (
                    f"{self.said} crosses an ashi-magari, and every other tile you could lay "
                    "here either crosses one too or does worse. Crossing one means you draw no "
                    f"tile at the end of this turn ({held - 1} left in your hand)."
                )
                return Tip(rule, text, self._places(), self.best, {"left": held - 1})
            if trips:
                bad = _fmt(self.game, trips[0])
                text = (
                    f"{bad} would cross an ashi-magari: then you draw no tile at the end of this "
                    f"turn. {self.said} avoids it."
                )
                return Tip(rule, text, self._places(*self._tile_places(trips[0])), self.best, {})
            return None
        if rule == "symbols":
            if walk is None or (walk.symbols == 0 and walk.dens == 0) or walk.end == OFF:
                return None
            gather = walk.symbols
            dens = walk.dens
            text = (
                f"{self.said} walks your monk over {gather} shiitake and {dens} tanuki den"
                f"{'s' if dens != 1 else ''}: +1 for each shiitake, -1 for each den, "
                f"{_signed(gather - dens)} in all."
            )
            places = self._places(*(square_name(q) for q in walk.squares))
            numbers = {"shiitake": gather, "dens": dens, "net": gather - dens, "each": 1}
            return Tip(rule, text, places, self.best, numbers)
        if rule == "wrap":
            if walk is None or not walk.edges:
                return None
            edge = walk.edges[0]
            sq = EDGES[edge][0]
            text = (
                f"{self.said} leads your path off the board at edge {edge_name(edge)}, and it "
                f"comes straight back into {square_name(sq)}: paths that run off the garden "
                "turn back in."
            )
            return Tip(rule, text, self._places(_edge_place(edge), square_name(sq)), self.best, {})
        if rule == "stash":
            piles = [q for q in range(SQUARES) if s.stash[q] > 0]
            if not piles:
                return None
            q = piles[0]
            verb = "lies" if s.stash[q] == 1 else "lie"
            text = (
                f"{count(s.stash[q], 'shiitake', 'shiitake')} {verb} on {square_name(q)}, "
                "dropped by a robbed monk: the next monk to enter that tile takes them all."
            )
            return Tip(rule, text, self._places(square_name(q)), self.best, {"stash": s.stash[q]})
        if rule == "tanuki-off":
            off = [i for i in range(2) if s.tanuki[i] < 0]
            if not off or s.turn < 3:
                return None
            name = TANUKI_NAMES[off[0]]
            text = (
                f"The {name} tanuki is off the board. Whoever sends a tanuki off earns 1 "
                "shiitake (both in one roll: 3); it comes back on the next roll, where the blue "
                "die names the column and the gold die the row."
            )
            return Tip(rule, text, self._places(), self.best, {"one": 1, "both": 3})
        if rule == "tanuki-harm":
            here = s.monk_square(PERSON)
            near = _nearest_tanuki(s, here) if here >= 0 else None
            if near is None or near[1] > 2:
                return None
            return self._harm(near)
        if rule == "others":
            fronts = [
                o
                for o in range(len(s.players))
                if o != PERSON
                and 0 <= s.monks[o] < EDGE_BASE
                and B.front_square(s, o) == self.front
            ]
            if not fronts:
                return None
            other = s.players[fronts[0]]
            text = (
                f"{other}'s path also points into {square_name(self.front)}: your tile there "
                f"makes {other}'s monk walk too, after yours, gathering and paying as it goes."
            )
            return Tip(rule, text, self._places(), self.best, {})
        if rule == "winning":
            top = max(s.shiitake)
            if top < s.target - 5:
                return None
            return self._winning()
        return None

    def _harm(self, near: tuple[int, int]) -> Tip:
        s = self.s
        i, d = near
        text = (
            f"The {TANUKI_NAMES[i]} tanuki on {square_name(s.tanuki[i])} is "
            f"{count(d, 'square')} from your monk. A tanuki walking through your square takes "
            f"{B.PASS_LOSS} shiitake, landing on it takes {B.LAND_LOSS} (left there as a stash); "
            "crossing a square with no monk, it removes the tile."
        )
        numbers = {"distance": d, "pass": B.PASS_LOSS, "land": B.LAND_LOSS}
        return Tip("tanuki-harm", text, self._places(square_name(s.tanuki[i])), self.best, numbers)

    def _winning(self) -> Tip:
        s = self.s
        mine = s.shiitake[PERSON]
        rival = _opponent(s)
        theirs = s.shiitake[rival]
        text = (
            f"You have {mine} shiitake, {s.players[rival]} {theirs}. When a turn ends with "
            f"someone holding {s.target}, the game ends and the most shiitake wins; tied leaders "
            "each play one more turn."
        )
        numbers = {"mine": mine, "theirs": theirs, "target": s.target}
        return Tip("winning", text, self._places(), self.best, numbers)

    def fallback(self, rule: str) -> Tip:
        """``rule`` shown on the position as it is (nothing of it is happening right now)."""
        s = self.s
        if rule == "draw":
            return self.draw()
        if rule == "tanuki-dice":
            return self.dice()
        if rule == "winning":
            return self._winning()
        if rule == "tanuki-harm":
            here = s.monk_square(PERSON)
            near = _nearest_tanuki(s, here) if here >= 0 else None
            if near is not None:
                return self._harm(near)
            text = (
                f"A tanuki walking through a monk's square takes {B.PASS_LOSS} shiitake, landing "
                f"on it takes {B.LAND_LOSS} (left there as a stash); crossing a square with no "
                "monk, it removes the tile."
            )
            numbers = {"pass": B.PASS_LOSS, "land": B.LAND_LOSS}
            return Tip(rule, text, self._places(), self.best, numbers)
        if rule == "symbols":
            net = (
                _net(s, self.best)
                if self.best is not None and self.best[0] in ("place", "enter")
                else 0
            )
            text = (
                "Every path on a tile carries one symbol: a shiitake (+1 when you walk over it), "
                f"a tanuki den (-1) or an ashi-magari. {self.said} is your best walk now: "
                f"{_signed(net)} shiitake."
            )
            return Tip(rule, text, self._places(), self.best, {"net": net, "each": 1})
        if rule == "magari":
            held = len(s.hands[PERSON])
            text = (
                "An ashi-magari trips your monk: cross one on your own turn and you draw no tile "
                f"at its end; cross one on another's turn and you discard a tile. You hold {held}."
            )
            return Tip(rule, text, self._places(), self.best, {"held": held})
        if rule == "together":
            on = _tanuki_on(s)
            where = " and ".join(f"{TANUKI_NAMES[i]} on {square_name(s.tanuki[i])}" for i in on)
            now = f" Now: {where}." if where else ""
            text = (
                f"If a roll leaves both tanuki on one square, every player loses "
                f"{B.TOGETHER_LOSS} shiitake.{now}"
            )
            places = self._places(*(square_name(s.tanuki[i]) for i in on))
            return Tip(rule, text, places, self.best, {"loss": B.TOGETHER_LOSS})
        if rule == "stash":
            text = (
                "Shiitake a tanuki takes from a monk stay on that tile as a stash, and the next "
                "monk to enter the tile takes them all, whatever symbol its path carries."
            )
            return Tip(rule, text, self._places(), self.best, {})
        if rule == "wrap":
            text = (
                "A path that runs off the edge of the garden is not lost: it comes straight back "
                "into the same square by the other end of that edge space."
            )
            return Tip(rule, text, self._places(), self.best, {})
        if rule == "crash":
            rival = _opponent(s)
            there = s.monk_square(rival)
            where = f" ({s.players[rival]}'s monk is in {square_name(there)})" if there >= 0 else ""
            text = (
                "If two monks' paths meet head-on or end at the same spot, they crash: both lose "
                f"{B.CRASH_LOSS} shiitake and start over from an edge space{where}."
            )
            places = self._places(*([square_name(there)] if there >= 0 else []))
            return Tip(rule, text, places, self.best, {"loss": B.CRASH_LOSS})
        if rule == "loop":
            text = (
                f"A path that closes into a circle is a loop: a monk caught in one loses "
                f"{B.LOOP_LOSS} shiitake and starts over. If your tile sends another monk into "
                f"a loop or a crash, you earn {B.CAUSE_BONUS} for each."
            )
            numbers = {"loss": B.LOOP_LOSS, "bonus": B.CAUSE_BONUS}
            return Tip(rule, text, self._places(), self.best, numbers)
        if rule == "blocked":
            text = (
                "If a tanuki sits on the square your next tile must go on, you either pay "
                f"{DISTRACT_PRICE} shiitake to chase it off or pass your turn."
            )
            places = self._places(*(square_name(s.tanuki[i]) for i in _tanuki_on(s)))
            return Tip(rule, text, places, self.best, {"price": DISTRACT_PRICE})
        if rule == "others":
            rival = _opponent(s)
            ahead = B.front_square(s, rival)
            where = (
                f" {s.players[rival]}'s path points into {square_name(ahead)}."
                if ahead >= 0
                else ""
            )
            text = (
                "A tile you lay may extend another monk's path too: that monk walks on after "
                "yours, and if it crosses an ashi-magari it discards a tile." + where
            )
            places = self._places(*([square_name(ahead)] if ahead >= 0 else []))
            return Tip(rule, text, places, self.best, {})
        text = (
            "Whoever sends a tanuki off the board earns 1 shiitake (both in one roll: 3). It "
            "comes back on the next roll, where the blue die names the column and the gold die "
            "the row."
        )
        return Tip("tanuki-off", text, self._places(), self.best, {"one": 1, "both": 3})


LESSON = TanukiLesson()
"""The lesson :func:`gardens_tui.lessons.lesson_for` finds."""

__all__ = ["LESSON", "RULES", "TanukiLesson"]
