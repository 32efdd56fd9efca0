"""Seabed Neighbours' guided first game (issue 32): :data:`LESSON`.

Three players (the fewest the game allows): the person ("You", seat 1) and two gentle (random)
bots, negotiating by table talk (the player whose turn it is decides; propose and veto is an
option, not a core rule). With three seats the person belongs to two teams: "Bot 3 & You" (with
the right-hand neighbour: the turn's first tile and its flag step) and "You & Bot 2" (the
second tile). A whole game is 35 to 40 of the person's decisions (39 on the lesson's deal,
seed 4: a magic clam reef is completed at the very first flag step, with a whirlpool clam
tile, and two teams share a seabed early on), so the lesson plays it to its end and the
closing explains the final score; it stops earlier only at :data:`MAX_TURNS`.

One idea a decision, on the person's view: placing a tile (``place``) at the first one, the
flag step (``flag``) at the first flag step, then how a turn goes (``turn``) and the teams
(``teams``) at the first tile of each kind; whenever the position shows them, a placement that
completes a streak or a reef (``streak``, ``reef``; a clam reef: ``clam``), a seabed flag, a
palace or a flag on an open streak or reef offered at the flag step (``seabed``, ``palace``,
``streak``, ``reef``), a clam tile or a whirlpool (``clam``), a feature held by several teams
(``majority``), the last tiles (``end``, ``winner``); when nothing of that kind comes up, the
next rule not taught yet, shown on the position.

Suggestions are the move the game's own evaluation (:mod:`.evaluate`, the greedy bot's) rates
best one step ahead; every number a tip states is computed from the view with the engine
(:mod:`.seascape`'s features and points). Places a tip points at are cells ``x,y`` (placed
tiles and free places, as the notation writes them) and the hand's tiles ``tile 1`` /
``tile 2``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gardens_tui.rules.base import Action, Game, GameState, OptionValue
from gardens_tui.rules.lesson import PERSON, Lesson, Rule, Tip
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.engine import FLAGS, PALACES
from gardens_tui.rules.seabed.evaluate import evaluate, team_estimates
from gardens_tui.rules.seabed.seascape import (
    FeatureInfo,
    area_named,
    feature_at,
    find,
    majority,
    reef_points,
    seabed_value,
    streak_points,
    tile_count,
    tiles_of,
)
from gardens_tui.rules.seabed.state import CATEGORIES, Cell, SeabedState
from gardens_tui.rules.seabed.tiles import REEF, SEA, STREAK, TYPES
from gardens_tui.rules.words import count

RULES: tuple[Rule, ...] = (
    Rule("place", "Placing a tile: touch the seascape, continue every side, any turn"),
    Rule("flag", "The flag step: one flag or palace on a feature nobody holds"),
    Rule("turn", "A turn: two tiles, one with each neighbour (first and last turns: one)"),
    Rule("teams", "Teams: each pair of neighbours shares pieces and points; you add both"),
    Rule("streak", "A completed seaweed streak: 1 per tile and 1 per fish; flags go home"),
    Rule("reef", "A completed coral reef: 2 per tile (3 per anemone group); flags go home"),
    Rule("seabed", "Seabed flags stay: manta 3, starfish 2, crab 1 at the end; bottles cancel"),
    Rule("palace", "Palaces: 1 per fish of their seaweed system at the end"),
    Rule("majority", "Several teams on one feature: the most flags score, ties all score"),
    Rule("clam", "Magic clams: a completed clam reef gives an extra clam tile placement"),
    Rule("end", "The end: the regular tiles run out; unfinished streaks and reefs pay nothing"),
    Rule("winner", "The winner: the best team's player whose other team scored more"),
)
"""Every core rule the lesson teaches, in the order a first game usually meets them."""

FALLBACK: tuple[str, ...] = (
    "turn",
    "teams",
    "streak",
    "reef",
    "seabed",
    "palace",
    "majority",
    "clam",
    "flag",
)
"""The order in which rules not met in play are taught when nothing else comes up (``end``
and ``winner`` wait for the last tiles: :data:`END_TILES`)."""

LATER_RULES = frozenset({"streak", "reef", "seabed", "palace", "majority", "clam", "flag"})
"""The rules whose fallback tip is about pieces or features the suggested move does not touch
(when it did, a tip of its own came first): such a tip says the idea is for later."""

END_TILES = 15
"""With this many regular tiles left (or fewer) the end is near: the ``end`` tip comes up."""
MAX_TURNS = 45
"""The lesson stops at this turn if the game has not ended (a whole game is 40 turns, so this
is only a safety stop)."""


def _state(view: GameState) -> SeabedState:
    assert isinstance(view, SeabedState)
    return view


def cell_name(cell: Cell) -> str:
    """A cell as the notation writes it: ``3,-2``."""
    return f"{cell[0]},{cell[1]}"


def _my_teams(s: SeabedState) -> tuple[int, int]:
    return s.teams_of(PERSON)


def _my_points(s: SeabedState) -> int:
    a, b = _my_teams(s)
    return sum(s.piles[a]) + sum(s.piles[b])


def _value(game: Game[Any], s: SeabedState, action: Action) -> float:
    """The game's own rating (the greedy bot's) of ``action`` for the person."""
    return evaluate(_state(game.apply(s, action)), PERSON)


def _best(game: Game[Any], s: SeabedState, legal: list[Action]) -> Action:
    """The best legal action by :func:`_value` (the first of equals, in legal order)."""
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = _value(game, s, action)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


class Completion:
    """A streak or reef a placement would complete, worked out on a copy by the engine."""

    def __init__(self, s: SeabedState, root: int) -> None:
        f = s.feats[root]
        self.kind = f.kind
        self.tiles = tile_count(f)
        self.cells = tuple(tiles_of(s, f.tiles))
        if f.kind == STREAK:
            self.points = streak_points(s, f)
        else:
            self.points = reef_points(f)
        self.fish = self.points - self.tiles if f.kind == STREAK else 0
        self.anemones = f.anemones if f.kind == REEF else 0
        self.clams = f.clams if f.kind == REEF else 0
        self.winners = tuple(majority(f.flags))


def completions(s: SeabedState, action: Action) -> list[Completion]:
    """The streaks and reefs placement ``action`` (``place``) would complete."""
    if action[0] != "place":
        return []
    trial = s.copy()
    tiles = trial.choosable()
    kind = tiles[action[1] - 1]
    done = seascape.place(trial, (action[2], action[3]), kind * 4 + action[4] // 90)
    return [Completion(trial, root) for root in done]


def _place_cell(action: Action) -> Cell | None:
    if action[0] == "place":
        return (action[2], action[3])
    if action[0] in ("flag", "palace", "return"):
        return (action[1], action[2])
    return None


class SeabedLesson(Lesson):
    """Seabed Neighbours' guided first game (see the module docstring)."""

    game_id: ClassVar[str] = "seabed-neighbours"
    title: ClassVar[str] = "Learn Seabed Neighbours"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    seed: ClassVar[int] = 4
    options: ClassVar[Mapping[str, OptionValue]] = {"negotiation": "table-talk"}
    opponents: ClassVar[tuple[str, ...]] = ("random", "random")
    intro: ClassVar[tuple[str, ...]] = (
        "Build a seabed together, tile by tile, with your two neighbours.",
        "Each pair of neighbours is a team with its own flags, palaces and points.",
        "Your score is the sum of your two teams: help both of them.",
    )

    # --- tips --------------------------------------------------------------------------------

    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        """One idea for the person's decision (see the module docstring)."""
        s = _state(view)
        decision = s.decision
        if decision is None or decision.seat != PERSON:
            return None
        legal = game.legal_actions(s)
        if not legal:
            return None
        best = _best(game, s, legal)
        tips = _Tips(game, s, best, legal, taught)
        if decision.kind == "place":
            return tips.place()
        if decision.kind == "flag":
            return tips.flag()
        if decision.kind == "whirlpool":
            return tips.whirlpool()
        return None

    # --- feedback, end -----------------------------------------------------------------------

    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        """Why the suggestion was better (points it completes, the game's estimate), or that
        the other move works too."""
        s = _state(view)
        suggested = tip.suggests
        if suggested is None:
            return "Any move is fine here."
        said_played = game.format_action(played)
        said_suggested = game.format_action(suggested)
        mine, theirs = _value(game, s, played), _value(game, s, suggested)
        if mine >= theirs - 0.05:
            return f"{said_played} works too: the game rates it as well as {said_suggested}."
        gain_s = _completed_for_me(s, suggested)
        gain_p = _completed_for_me(s, played)
        if gain_s > gain_p:
            return (
                f"{said_suggested} was better: it completes features worth {gain_s} for your "
                f"teams now, {said_played} {gain_p}."
            )
        est_s = _estimate(game, s, suggested)
        est_p = _estimate(game, s, played)
        if est_s > est_p:
            return (
                f"{said_suggested} was better: your teams' points and likely points come to "
                f"about {est_s} after it, {est_p} after {said_played}."
            )
        return (
            f"{said_played} works, though {said_suggested} helped your teams more against the "
            "best rival."
        )

    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        """The game is played to its end; the lesson stops at :data:`MAX_TURNS` at most."""
        return _state(view).turn >= MAX_TURNS

    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        """The score on the person's two teams, category by category, and the winner."""
        s = _state(view)
        scores = game.scores(s)
        row = scores.by_category(PERSON)
        a, b = _my_teams(s)
        parts = ", ".join(f"{name} {row[name]}" for name in CATEGORIES)
        lines = [
            f"Your score: {scores.total(PERSON)} ({parts}).",
            f"That is your two teams added: {s.team_name(a)} {sum(s.piles[a])} and "
            f"{s.team_name(b)} {sum(s.piles[b])}.",
        ]
        flags = [(team, node) for team, node, what in s.flags if what == "flag" and team in (a, b)]
        if flags:
            team, node = flags[0]
            cell = seascape.cell_of(s, node)
            value = seabed_value(s, find(s.parent, node))
            lines.append(
                f"Your seabed flag at {cell_name(cell)} ({s.team_name(team)}) counts the "
                f"animals of its area: {value}."
            )
        if s.over:
            outcome = game.winners(s)
            names = " and ".join(s.players[w] for w in outcome.winners)
            teams = [sum(p) for p in s.piles]
            best = max(teams)
            top = " and ".join(s.team_name(t) for t in range(len(teams)) if teams[t] == best)
            lines.append(
                f"The game is over: {names} won. {top} scored most ({best}); of a best team's "
                "two players, the one whose other team scored more wins."
            )
        else:
            lines.append(
                f"{len(s.pile)} regular tiles were left: the game would go on until they run "
                "out. Play a whole game from the menu!"
            )
        return lines

    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        """Every placed tile's cell and free place (``x,y``) and the hand's ``tile 1`` /
        ``tile 2``."""
        s = _state(view)
        cells = {cell_name(c) for c in s.board} | {cell_name(c) for c in s.need}
        hand = {f"tile {i + 1}" for i in range(len(s.choosable()))}
        return frozenset(cells | hand)


def _completed_for_me(s: SeabedState, action: Action) -> int:
    """Points the features ``action`` completes bring the person's teams (placements)."""
    mine = _my_teams(s)
    total = 0
    for done in completions(s, action):
        total += done.points * sum(1 for team in done.winners if team in mine)
    return total


def _estimate(game: Game[Any], s: SeabedState, action: Action) -> int:
    """The evaluation's estimate of the person's two teams after ``action``, rounded."""
    after = _state(game.apply(s, action))
    est = team_estimates(after)
    a, b = _my_teams(after)
    return round(est[a] + est[b])


class _Tips:
    """The tips of one decision (the person's view ``s``, the suggested ``best``)."""

    def __init__(
        self,
        game: Game[Any],
        s: SeabedState,
        best: Action,
        legal: list[Action],
        taught: frozenset[str],
    ) -> None:
        self.game = game
        self.s = s
        self.best = best
        self.legal = legal
        self.taught = taught
        self.said = game.format_action(best)

    def _places(self, *cells: Cell) -> tuple[str, ...]:
        names: list[str] = []
        where = _place_cell(self.best)
        if self.best[0] == "place":
            names.append(f"tile {self.best[1]}")
        if where is not None:
            names.append(cell_name(where))
        names += [cell_name(c) for c in cells]
        return tuple(dict.fromkeys(names))

    def _tip(self, rule: str, text: str, numbers: Mapping[str, int] | None = None,
             cells: tuple[Cell, ...] = ()) -> Tip:  # fmt: skip
        return Tip(rule, text, self._places(*cells), self.best, dict(numbers or {}))

    def _example(self, action: Action, rule: str, text: str, numbers: Mapping[str, int],
                 cell: Cell) -> Tip:  # fmt: skip
        """A tip about ``action`` at the flag step: suggested when it is the best, else the
        tip says plainly that the idea is for later and names the game's suggestion (the
        panel's "Suggested:" line would otherwise seem to contradict the idea)."""
        if action != self.best:
            text += f" Not this time, though: the game rates {self.said} higher here."
        return self._tip(rule, text, numbers, (cell,))

    def _new(self, rule: str) -> bool:
        return rule not in self.taught

    # --- the place decision ------------------------------------------------------------------

    def place(self) -> Tip | None:
        s = self.s
        if self._new("place"):
            return self._placing()
        if s.extra and self._new("clam"):
            return self._clam_tile()
        if s.step == 1 and self._new("turn") and len(s.hand) == 2:
            return self._turn()
        if s.step == 2 and self._new("teams"):
            return self._teams()
        for done in completions(s, self.best):
            if done.kind == STREAK and self._new("streak"):
                return self._completes(done)
            if done.kind == REEF and done.clams and self._new("clam"):
                return self._completes(done, clam=True)
            if done.kind == REEF and self._new("reef"):
                return self._completes(done)
        for rule in ("majority", "end", "winner"):
            if self._new(rule):
                tip = self.situation(rule)
                if tip is not None:
                    return tip
        for rule in FALLBACK:
            if self._new(rule):
                return self.fallback(rule)
        # Everything taught: a reminder only when the suggestion scores for your teams.
        mine = _my_teams(s)
        for done in completions(s, self.best):
            if done.points and any(team in mine for team in done.winners):
                return self._completes(done)
        return None

    def _placing(self) -> Tip:
        cells = sorted({(a[2], a[3]) for a in self.legal if a[0] == "place"})
        slot = self.best[1]
        text = (
            f"Lay tile {slot} so that it touches the seascape and every side "
            "it touches goes on: reef to reef, seaweed to seaweed, seabed to seabed, in any of "
            f"4 turns. It fits in {count(len(cells), 'free place')} (marked +); try {self.said}."
        )
        return self._tip("place", text, {"places": len(cells), "turns": 4})

    def _clam_tile(self) -> Tip:
        s = self.s
        tile = TYPES[s.clam]
        text = (
            f"A magic clam! Completing its reef gives {s.team_name(s.team)} an extra placement "
            f"with clam tile {tile.name}."
        )
        extra, numbers = _CLAM_EFFECTS.get(tile.effect, ("", {}))
        return self._tip("clam", text + (" " + extra if extra else ""), numbers)

    def _turn(self) -> Tip:
        s = self.s
        right = s.members(s.team)[0]
        left = (PERSON + 1) % len(s.players)
        text = (
            f"You drew {len(s.hand)} tiles. Place one now with {s.players[right]}, your right-hand "
            f"neighbour (your team may then put a flag or palace), then the other with "
            f"{s.players[left]}. The game's first turn and its last place 1 tile only."
        )
        return self._tip("turn", text, {"drawn": len(s.hand), "last": 1})

    def _teams(self) -> Tip:
        s = self.s
        a, b = _my_teams(s)
        pa, pb = sum(s.piles[a]), sum(s.piles[b])
        text = (
            f"This tile is for {s.team_name(s.team)}, your other team. Each team owns {FLAGS} "
            f"flags, {PALACES} palaces and its own points; your score adds both of yours: {pa} "
            f"+ {pb} = {pa + pb}."
        )
        numbers = {"flags": FLAGS, "palaces": PALACES, "first": pa, "second": pb, "total": pa + pb}
        return self._tip("teams", text, numbers)

    def _completes(self, done: Completion, clam: bool = False) -> Tip:
        s = self.s
        winners = " and ".join(s.team_name(t) for t in done.winners)
        if done.kind == STREAK:
            what = (
                f"{self.said} completes a seaweed streak of {count(done.tiles, 'tile')} with "
                f"{done.fish} fish (its closing fields' too): {done.points} points"
            )
            numbers = {"tiles": done.tiles, "fish": done.fish, "points": done.points}
            rule = "streak"
        else:
            what = (
                f"{self.said} completes a coral reef of {count(done.tiles, 'tile')}: "
                f"{done.points} points (2 a tile"
                + (
                    ""
                    if not done.anemones
                    else ", 3 for its anemone group"
                    if done.anemones == 1
                    else f", 3 for each of its {done.anemones} anemone groups"
                )
                + ")"
            )
            numbers = {"tiles": done.tiles, "points": done.points, "per_tile": 2}
            if done.anemones:
                numbers |= {"anemones": done.anemones, "per_anemone": 3}
            rule = "reef"
        if winners:
            text = f"{what}, for {winners}; the flags on it go home."
        else:
            text = f"{what}, but nobody scores it: no flag is on it."
        if clam:
            text = (
                f"{self.said} completes a reef with a magic clam: an extra placement with a "
                f"clam tile follows, and the reef pays {done.points} to "
                f"{winners or 'nobody (no flag is on it)'}."
            )
            numbers = {"points": done.points}
            rule = "clam"
        return self._tip(rule, text, numbers, done.cells)

    # --- the flag step -----------------------------------------------------------------------

    def _pieces(self) -> list[tuple[Action, FeatureInfo]]:
        """The flag step's actions with the feature (or system) each names."""
        s = self.s
        out = []
        for action in self.legal:
            if action[0] in ("flag", "palace"):
                cell = (action[1], action[2])
                area = area_named(s, cell, action[3])
                assert area is not None
                out.append((action, feature_at(s, cell, area)))
        return out

    def flag(self) -> Tip | None:
        s = self.s
        pieces = self._pieces()
        if self._new("flag"):
            flags, palaces = s.supply[s.team]
            cells = list(s.flag_cells)
            where = f"the tile just placed at {cell_name(cells[0])}"
            if len(cells) > 1:
                where += f" or the tile it placed last at {cell_name(cells[1])}"
            text = (
                f"{s.team_name(s.team)} may now put 1 flag or 1 palace on {where}: a flag on "
                "a feature nobody has flagged, a palace on seaweed whose system has none "
                f"({flags} flags and {palaces} palaces at hand). Or pass; the game suggests "
                f"{self.said}."
            )
            numbers = {"one": 1, "flags": flags, "palaces": palaces}
            return self._tip("flag", text, numbers, tuple(cells))
        # The suggested piece first, then the others by what they hold: the first that shows
        # a rule not taught.
        pieces.sort(key=lambda piece: (piece[0] != self.best, -_worth(s, piece[1])))
        for action, info in pieces:
            cell = (action[1], action[2])
            if action[0] == "flag" and info.kind == SEA and self._new("seabed"):
                return self._seabed(action, info, cell)
            if action[0] == "palace" and self._new("palace"):
                return self._palace(action, info, cell)
            if action[0] == "flag" and info.kind in (STREAK, REEF) and self._new(info.kind):
                return self._open_feature(action, info, cell)
        for rule in FALLBACK:
            if self._new(rule):
                return self.fallback(rule)
        return None

    def _seabed(self, action: Action, info: FeatureInfo, cell: Cell) -> Tip:
        s = self.s
        value = seabed_value(s, info.id)
        said = self.game.format_action(action)
        text = (
            f"{said} would lie on the seabed to the end: then its area's animals score, manta "
            f"3, starfish 2, crab 1, one crab less per bottle. That area is worth {value} now "
            f"({count(info.manta, 'manta')}, {count(info.star, 'starfish', 'starfish')}, "
            f"{count(info.crab, 'crab')}, {count(info.bottle, 'bottle')})."
        )
        numbers = {
            "manta_points": 3,
            "star_points": 2,
            "crab_points": 1,
            "value": value,
            "manta": info.manta,
            "star": info.star,
            "crab": info.crab,
            "bottle": info.bottle,
        }
        return self._example(action, "seabed", text, numbers, cell)

    def _palace(self, action: Action, info: FeatureInfo, cell: Cell) -> Tip:
        said = self.game.format_action(action)
        fish = info.system_fish
        text = (
            f"{said} would stand in a seaweed system (streaks joined through fields) to the "
            f"end, and then score 1 per fish in the whole system, finished or not: "
            f"{count(fish, 'fish', 'fish')} now."
        )
        return self._example(action, "palace", text, {"per_fish": 1, "fish": fish}, cell)

    def _open_feature(self, action: Action, info: FeatureInfo, cell: Cell) -> Tip:
        said = self.game.format_action(action)
        tiles = len(info.tiles)
        if info.kind == STREAK:
            points = tiles + info.fish
            text = (
                f"{said} would score when the streak is completed (both ends closed by a field "
                f"or reef): 1 per tile and 1 per fish, {points} with its "
                f"{count(tiles, 'tile')} and {info.fish} fish so far."
            )
            numbers = {"points": points, "tiles": tiles, "fish": info.fish, "per_tile": 1}
        else:
            points = 2 * tiles + 3 * info.anemones
            groups = f" and {count(info.anemones, 'anemone group')}" if info.anemones else ""
            text = (
                f"{said} would score when the reef is completed (no reef edge left open): 2 per "
                + ("tile and 3 per anemone group" if info.anemones else "tile")
                + f", {points} with its {count(tiles, 'tile')}{groups} so far."
            )
            numbers = {"per_tile": 2, "points": points, "tiles": tiles}
            if info.anemones:
                numbers |= {"anemones": info.anemones, "per_anemone": 3}
        return self._example(action, info.kind, text, numbers, cell)

    def whirlpool(self) -> Tip:
        s = self.s
        flags = len(self.legal)
        text = (
            f"The whirlpool: {s.team_name(s.team)} must take one of its "
            f"{count(flags, 'flag')} on the seascape back home, unscored. {self.said} loses "
            "the least."
        )
        cells = tuple(c for a in self.legal if (c := _place_cell(a)) is not None)
        return self._tip("clam", text, {"flags": flags}, cells)

    # --- rules the position shows, and the rest ----------------------------------------------

    def _shared(self) -> tuple[Any, Cell] | None:
        """A feature holding flags of two teams or more, with a cell of it."""
        s = self.s
        for root, f in s.feats.items():
            if sum(1 for c in f.flags if c) >= 2:
                return f, seascape.cell_of(s, root)
        return None

    def situation(self, rule: str) -> Tip | None:
        s = self.s
        if rule == "majority":
            shared = self._shared()
            if shared is None:
                return None
            f, cell = shared
            teams = [t for t, c in enumerate(f.flags) if c]
            best = max(f.flags)
            leaders = " and ".join(s.team_name(t) for t in majority(f.flags))
            text = (
                f"The {f.kind} at {cell_name(cell)} holds flags of {len(teams)} teams (two "
                f"features joined): only the most flags score, {best} here, so {leaders} would "
                "get the points; a tie pays every tied team in full."
            )
            return self._tip(rule, text, {"teams": len(teams), "most": best}, (cell,))
        if rule == "end" and len(s.pile) <= END_TILES:
            return self._end()
        if rule == "winner" and len(s.pile) <= END_TILES:
            return self._winner()
        return None

    def _end(self) -> Tip:
        s = self.s
        mine = _my_teams(s)
        stuck = [
            (team, node)
            for team, node, what in s.flags
            if what == "flag" and team in mine and s.feats[find(s.parent, node)].kind != SEA
        ]
        text = (
            f"{count(len(s.pile), 'regular tile')} left: when they run out the game ends. "
            "Palaces and seabed flags score then; flags on streaks and reefs not completed by "
            f"then go home with nothing ({len(stuck)} of your teams' now)."
        )
        cells = tuple(seascape.cell_of(s, node) for _, node in stuck)
        return self._tip("end", text, {"left": len(s.pile), "open": len(stuck)}, cells)

    def _winner(self) -> Tip:
        s = self.s
        teams = [sum(p) for p in s.piles]
        best = max(teams)
        leader = teams.index(best)
        text = (
            f"The team with the most points wins for one of its two players: the one whose "
            f"other team scored more. {s.team_name(leader)} lead with {best} now."
        )
        return self._tip("winner", text, {"best": best})

    def fallback(self, rule: str) -> Tip:
        """``rule`` shown on the position as it is; an idea about pieces or features the
        suggestion does not touch says it is for later (the panel's "Suggested:" line would
        otherwise seem to be about it)."""
        tip = self._fallback(rule)
        if rule in LATER_RULES:
            later = f" Keep it in mind for later; here the game suggests {self.said}."
            tip = Tip(tip.rule, tip.text + later, tip.places, tip.suggests, tip.numbers)
        return tip

    def _fallback(self, rule: str) -> Tip:
        s = self.s
        if rule == "turn":
            return self._turn()
        if rule == "teams":
            return self._teams()
        if rule == "end":
            return self._end()
        if rule == "winner":
            return self._winner()
        if rule == "streak":
            text = (
                "A seaweed streak is completed when both its ends stop at a field or a reef (or "
                "it closes a loop): the team with the most flags on it scores 1 per tile and 1 "
                "per fish, and its flags go home."
            )
            return self._tip(rule, text, {"per_tile": 1, "per_fish": 1})
        if rule == "reef":
            text = (
                "A coral reef is completed when no reef edge is left open: the team with the "
                "most flags on it scores 2 per tile and 3 per anemone group, and its flags go "
                "home."
            )
            return self._tip(rule, text, {"per_tile": 2, "per_anemone": 3})
        if rule == "seabed":
            text = (
                "A flag on the seabed stays to the end: then its area's animals score, manta "
                "3, starfish 2, crab 1, and each plastic bottle there cancels one crab."
            )
            return self._tip(rule, text, {"manta": 3, "star": 2, "crab": 1})
        if rule == "palace":
            text = (
                "A palace stands on a streak or field to the end, one per seaweed system "
                "(streaks joined through fields); then it scores 1 per fish of the whole system, "
                "finished or not."
            )
            return self._tip(rule, text, {"per_fish": 1})
        if rule == "majority":
            text = (
                "When two features join, flags of several teams can end up on one: only the "
                "team with the most flags scores it, and a tie pays every tied team in full."
            )
            return self._tip(rule, text)
        if rule == "clam":
            clams = sum(1 for cell, code in s.board.items() if _has_clam(code))
            text = (
                "Some reefs hold a magic clam: the team that completes such a reef places an "
                f"extra clam tile at once, with a special power. {count(clams, 'tile')} with a "
                "clam lie in the seascape now."
            )
            return self._tip(rule, text, {"clams": clams})
        # flag
        text = (
            "After the turn's first tile, your team with your right-hand neighbour may put 1 "
            "flag or palace on that tile or on the one it placed last, on a feature nobody "
            "holds."
        )
        return self._tip("flag", text, {"one": 1})


def _worth(s: SeabedState, info: FeatureInfo) -> int:
    """What a feature offered at the flag step holds now (seabed: its animals' value; a
    streak or reef: its tiles and fish; a seaweed system: its fish)."""
    if info.kind == SEA:
        return seabed_value(s, info.id)
    return len(info.tiles) + info.fish + info.system_fish


def _has_clam(code: int) -> bool:
    return any(area.clams for area in TYPES[code >> 2].areas)


_CLAM_EFFECTS: dict[str, tuple[str, dict[str, int]]] = {
    "bonus": ("It brings more animals or fish.", {}),
    "anemone": ("Its anemones are worth 3 each when its reef is completed.", {"per_group": 3}),
    "party": (
        "The party gramophone scores at once the animals on the 8 tiles around it in its "
        "seabed area.",
        {"around": 8},
    ),
    "music": (
        "At the end, the music gramophone doubles the animals on the 8 tiles around it in its "
        "seabed area.",
        {"around": 8},
    ),
    "whirlpool": ("The whirlpool sends one of the team's flags home unscored.", {}),
    "diver": ("The diver clears the bottles of its seabed area.", {}),
    "harvester": (
        "The harvester scores 2 at once per field of its seaweed system.",
        {"per_field": 2},
    ),
    "sushi": (
        "The sushi set makes its seaweed system's palace score 1 per field too.",
        {"per_field": 1},
    ),
}
"""A clam tile's power in a sentence (the clam tile tip's second sentence)."""


LESSON = SeabedLesson()
"""The lesson :func:`gardens_tui.lessons.lesson_for` finds."""

__all__ = ["LESSON", "RULES", "SeabedLesson", "cell_name", "completions"]
