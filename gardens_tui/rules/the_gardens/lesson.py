"""The Gardens' guided first game ("Learn The Gardens"): see :mod:`gardens_tui.rules.lesson`.

A basic game (no landmarks, basic scoring tiles, the Central Board in column 5) for three
players: the person and two gentle (random) bots, so the ordinary rule "one card from each row
per round" holds (two players take two per row). Eight rounds of three cards: 24 decisions.

Places a tip points at: display cards as the moves name them (``a1``..``c3``: row letter and
place) and the person's mat cells as the text board labels them (``A5``: row letter A, B or
C in capitals, then the column 1..9).

Tips come one at a time, each when its moment comes: the first take (choosing), the first
placement (design), the first walk, each walk-scoring feature when a card with it is in reach
(its best take suggested), the new round, each end-game category when a card for it is in reach,
and the last round. A feature that never comes within reach is still explained, without a
suggested move, once the game nears its end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.lesson import PERSON, Lesson, Rule, Tip
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS,
    COLUMNS,
    DECKS,
    SPECIES_TITLES,
    triangle,
)
from gardens_tui.rules.the_gardens.mat import AROUND, placement
from gardens_tui.rules.the_gardens.state import EMPTY, GardensState
from gardens_tui.rules.the_gardens.walk import SPECIES_PLURALS

RULES: tuple[Rule, ...] = (
    Rule("choose", "Choosing a card: one from each display row A, B and C per round"),
    Rule("design", "Designing: a card goes to its own row, next to the Central Board or the end"),
    Rule("walk", "The walk: the row's visitor walks to the new card and sees all on the way"),
    Rule("walk-trees", "Stopping on a focal tree: 1/3/6/10 for the matching trees seen"),
    Rule("walk-fountains", "Stopping on a fountain: 1 point per stream seen"),
    Rule("walk-benches", "Stopping on a bench: 1 point per card around it"),
    Rule("round", "A new round: a fresh display, the start token passes on"),
    Rule("end-trees", "End: tree species in each row, 1/3/6/10"),
    Rule("end-streams", "End: streams down a column, 2 for two cards, 5 for three"),
    Rule("end-pathways", "End: 1 point per card of your largest pathway network"),
    Rule("end-statues", "End: 10 points per player with fewer statues than you"),
    Rule("end", "The end: after the last round, most points wins"),
)

CATEGORY_WORDS: dict[str, str] = {
    "walk trees": "from walks stopping on focal trees",
    "walk fountains": "from walks stopping on fountains (streams seen)",
    "walk benches": "from walks stopping on benches (cards around)",
    "landmarks": "from landmarks",
    "trees": "for the tree species in your rows",
    "streams": "for your streams down the columns",
    "pathways": "for your largest pathway network",
    "statues": "for having more statues than other players",
}


def cell_name(row: int, column: int) -> str:
    """A mat cell's place name: ``A5`` (row letter, column 1..9 as the text board shows)."""
    return f"{DECKS[row]}{column + 1}"


def display_name(row: int, slot: int) -> str:
    """A display card's place name, as the moves write it: ``b2``."""
    return f"{DECKS[row].lower()}{slot + 1}"


def _takes(game: Game[Any], view: GameState) -> list[Action]:
    return [a for a in game.legal_actions(view) if a[0] == "take"]


def _value(game: Game[Any], view: GameState, action: Action) -> float:
    """The game's own rating of ``action``: the evaluate heuristic one decision ahead (the
    person's provisional total minus the best rival's)."""
    return game.evaluate(game.apply(view, action), PERSON)


def _best(game: Game[Any], view: GameState, actions: list[Action]) -> Action | None:
    if not actions:
        return None
    return max(actions, key=lambda a: _value(game, view, a))


def _card(view: GardensState, action: Action) -> int:
    return view.display[action[1]][action[2]]


def _target(view: GardensState, action: Action) -> tuple[int, int]:
    """(row, column) where ``action`` places its card on the person's mat."""
    row = action[1]
    return row, placement(view.mats[PERSON], row, action[3])


def _gained(game: Game[Any], view: GardensState, action: Action, index: int) -> int:
    after = game.apply(view, action)
    return int(after.points[PERSON][index] - view.points[PERSON][index])


def _move_words(view: GardensState, action: Action, verb: str = "take") -> str:
    _row, column = _target(view, action)
    card = _card(view, action)
    return (
        f"{verb} {display_name(action[1], action[2])} ({CARD_NAMES[card]}) to the {action[3]}, "
        f"column {column + 1}"
    )


class GardensLesson(Lesson):
    """Learn The Gardens (see the module docstring)."""

    game_id = "the-gardens"
    title = "Learn The Gardens"
    rules = RULES
    seed = 7
    options = {}
    opponents = ("random", "random")
    intro = (
        "Build your own part of the Gardens: three rows of cards, A at the top, C at the bottom.",
        "Each turn you take a card, add it to your mat and a visitor walks to it.",
        "Walks score at once; trees, streams, pathways and statues score at the end.",
        "The scores beside the board count those end points as they stand now (statues: 10 for "
        "each player with fewer), so a card can move them more than its walk scores.",
        "Most points after the last round wins.",
    )

    # --- the tips --------------------------------------------------------------------------

    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        assert isinstance(view, GardensState)
        if view.phase != "take" or not _takes(game, view):
            return None
        order: tuple[tuple[str, Callable[[Game[Any], GardensState], Tip | None]], ...] = (
            ("choose", self._choose),
            ("design", self._design),
            ("walk", self._walk),
            ("round", self._round),
            ("end", self._end),
            ("walk-trees", self._walk_trees),
            ("walk-fountains", self._walk_fountains),
            ("walk-benches", self._walk_benches),
            ("end-streams", self._end_streams),
            ("end-pathways", self._end_pathways),
            ("end-statues", self._end_statues),
            ("end-trees", self._end_trees),
        )
        for rule, make in order:
            if rule not in taught:
                tip = make(game, view)
                if tip is not None:
                    return tip
        return None

    def _late(self, view: GardensState) -> bool:
        """Near the end: a feature not yet met is explained without a move."""
        return view.round >= view.rounds - 3

    def _choose(self, game: Game[Any], view: GardensState) -> Tip | None:
        best = _best(game, view, _takes(game, view))
        assert best is not None
        rows = [r for r in range(3) if view.walked[PERSON][r] < view.per_row]
        places = tuple(
            display_name(r, s) for r in rows for s, c in enumerate(view.display[r]) if c >= 0
        )
        text = (
            "Pick a card from the display. Each round you take one card from row A, one "
            f"from row B and one from row C, in any order. Try: {_move_words(view, best)}."
        )
        _row, column = _target(view, best)
        return Tip("choose", text, places, best, {"column": column + 1})

    def _design(self, game: Game[Any], view: GardensState) -> Tip | None:
        best = _best(game, view, _takes(game, view))
        assert best is not None
        row = best[1]
        mat = view.mats[PERSON]
        left, right = placement(mat, row, "left"), placement(mat, row, "right")
        ends = [c for c in (left, right) if c >= 0]
        if len(ends) < 2:
            return None
        text = (
            f"A row {DECKS[row]} card goes into row {DECKS[row]} of your mat, at its left or "
            f"right end: column {left + 1} or column {right + 1} now, never leaving a gap. "
            f"Try: {_move_words(view, best)}."
        )
        places = (*tuple(cell_name(row, c) for c in ends), display_name(best[1], best[2]))
        _, column = _target(view, best)
        return Tip(
            "design",
            text,
            places,
            best,
            {"left": left + 1, "right": right + 1, "column": column + 1},
        )

    def _walk(self, game: Game[Any], view: GardensState) -> Tip | None:
        best = _best(game, view, _takes(game, view))
        assert best is not None
        row, column = _target(view, best)
        start = view.visitors[PERSON][row]
        seen = abs(column - start) + 1
        points = _gained(game, view, best, 0) + _gained(game, view, best, 1)
        points += _gained(game, view, best, 2)
        text = (
            f"Then your row {DECKS[row]} visitor walks from column {start + 1} to the new card "
            f"in column {column + 1}, seeing all {seen} places on the way. What the new card "
            f"shows decides what the walk scores: {_points(points)} here."
        )
        places = (display_name(best[1], best[2]), cell_name(row, start), cell_name(row, column))
        return Tip(
            "walk",
            text,
            places,
            best,
            {"start": start + 1, "column": column + 1, "seen": seen, "points": points},
        )

    def _round(self, game: Game[Any], view: GardensState) -> Tip | None:
        if view.round < 1:
            return None
        starter = view.players[view.start]
        text = (
            f"Round {view.round + 1} of {view.rounds}: a fresh display, the start token moved "
            f"on to {starter}, and your visitors stand up again. Each walks on from the card "
            "it last reached."
        )
        places = tuple(cell_name(r, view.visitors[PERSON][r]) for r in range(3))
        return Tip("round", text, places, None, {"round": view.round + 1, "rounds": view.rounds})

    def _end(self, game: Game[Any], view: GardensState) -> Tip | None:
        if view.round < view.rounds - 1:
            return None
        text = (
            f"This is the last round, round {view.rounds}: once every mat is full the game "
            "ends, the end-game points are added and the most points wins. On a tie, the "
            "tied player later in this round's turn order wins."
        )
        return Tip("end", text, (), None, {"rounds": view.rounds})

    def _feature_takes(
        self, game: Game[Any], view: GardensState, has: Callable[[int], bool]
    ) -> list[Action]:
        return [a for a in _takes(game, view) if has(_card(view, a))]

    def _walk_trees(self, game: Game[Any], view: GardensState) -> Tip | None:
        takes = self._feature_takes(game, view, lambda c: CARDS[c].tree_count == 1)
        scale = [triangle(n) for n in (1, 2, 3, 4)]
        numbers = {f"scale {n}": v for n, v in zip((1, 2, 3, 4), scale, strict=True)}
        rule_text = (
            "A walk that stops on a focal tree counts the trees of that kind the visitor saw, "
            f"the new card's too: {scale[0]}, {scale[1]}, {scale[2]}, {scale[3]} points for "
            "1, 2, 3, 4 of them."
        )
        numbers.update({"one": 1, "two": 2, "three": 3, "four": 4})
        if not takes:
            if not self._late(view):
                return None
            return Tip("walk-trees", rule_text, (), None, numbers)
        best = _best(game, view, takes)
        assert best is not None
        row, column = _target(view, best)
        start = view.visitors[PERSON][row]
        card = _card(view, best)
        species = next(s for s in range(4) if CARDS[card].trees[s])
        seen = _seen_trees(view, row, start, column, card, species)
        points = _gained(game, view, best, 0)
        text = (
            f"{rule_text} {_move_words(view, best, 'Take')}: your visitor sees "
            f"{seen} {SPECIES_PLURALS[species] if seen != 1 else SPECIES_TITLES[species].lower()}"
            f", {_points(points)} from trees."
        )
        numbers.update({"column": column + 1, "seen": seen, "points": points})
        places = (display_name(best[1], best[2]), cell_name(row, start), cell_name(row, column))
        return Tip("walk-trees", text, places, best, numbers)

    def _walk_fountains(self, game: Game[Any], view: GardensState) -> Tip | None:
        takes = self._feature_takes(game, view, lambda c: CARDS[c].fountain)
        rule_text = (
            "A walk that stops on a fountain scores 1 point for each stream card the "
            "visitor saw on the way, the new card's own stream too."
        )
        if not takes:
            if not self._late(view):
                return None
            return Tip("walk-fountains", rule_text, (), None, {"point": 1})
        best = _best(game, view, takes)
        assert best is not None
        row, column = _target(view, best)
        points = _gained(game, view, best, 1)
        text = f"{rule_text} {_move_words(view, best, 'Take')}: {_points(points)}."
        places = (display_name(best[1], best[2]), cell_name(row, column))
        return Tip(
            "walk-fountains",
            text,
            places,
            best,
            {"point": 1, "column": column + 1, "points": points},
        )

    def _walk_benches(self, game: Game[Any], view: GardensState) -> Tip | None:
        takes = self._feature_takes(game, view, lambda c: CARDS[c].bench)
        rule_text = (
            "A walk that stops on a bench scores 1 point for each card around it, diagonals "
            "too; each Central Board place counts as a card."
        )
        if not takes:
            if not self._late(view):
                return None
            return Tip("walk-benches", rule_text, (), None, {"point": 1})
        best = _best(game, view, takes)
        assert best is not None
        row, column = _target(view, best)
        points = _gained(game, view, best, 2)
        text = f"{rule_text} {_move_words(view, best, 'Take')}: {_points(points)}."
        cell = row * COLUMNS + column
        around = tuple(
            cell_name(n // COLUMNS, n % COLUMNS)
            for n in AROUND[cell]
            if view.mats[PERSON][n] != EMPTY
        )
        places = (display_name(best[1], best[2]), cell_name(row, column), *around)
        return Tip(
            "walk-benches", text, places, best, {"point": 1, "column": column + 1, "points": points}
        )

    def _end_tip(
        self,
        rule: str,
        game: Game[Any],
        view: GardensState,
        takes: list[Action],
        rule_text: str,
        numbers: dict[str, int],
    ) -> Tip | None:
        """An end-game rule's tip: ``rule_text`` and a card of ``takes`` (cards that show the
        feature) to try, with where it would go; without such a card, the words alone, and only
        late in the game (before that the feature may still come)."""
        if not takes:
            if not self._late(view):
                return None
            return Tip(rule, rule_text, (), None, numbers)
        best = _best(game, view, takes)
        assert best is not None
        row, column = _target(view, best)
        text = f"{rule_text} Try: {_move_words(view, best)}."
        numbers["column"] = column + 1
        places = (display_name(best[1], best[2]), cell_name(row, column))
        return Tip(rule, text, places, best, numbers)

    def _end_streams(self, game: Game[Any], view: GardensState) -> Tip | None:
        takes = self._feature_takes(game, view, lambda c: CARDS[c].stream)
        two, three = 2, 5
        rule_text = (
            "Streams run down a column: at the end a stream of 2 stream cards one above the "
            f"other scores {two}, one of all 3 rows scores {three}; a lone stream card scores 0."
        )
        numbers = {"two cards": 2, "three cards": 3, "points two": two, "points three": three}
        numbers["lone"] = 0
        return self._end_tip("end-streams", game, view, takes, rule_text, numbers)

    def _end_pathways(self, game: Game[Any], view: GardensState) -> Tip | None:
        takes = self._feature_takes(game, view, lambda c: CARDS[c].paths != 0)
        now = game.scores(view).by_category(PERSON)["pathways"]
        rule_text = (
            "Pathways join where two path ends meet; the Central Board joins all four ways. At "
            f"the end your largest network scores 1 point per card in it: {now} now."
        )
        numbers = {"point": 1, "now": now}
        return self._end_tip("end-pathways", game, view, takes, rule_text, numbers)

    def _end_statues(self, game: Game[Any], view: GardensState) -> Tip | None:
        takes = self._feature_takes(game, view, lambda c: CARDS[c].statue)
        mine = _statues(view, PERSON)
        rule_text = (
            "Statues score at the end: 10 points for each other player with fewer statues "
            f"than you. You have {mine} now."
        )
        numbers = {"points": 10, "mine": mine}
        return self._end_tip("end-statues", game, view, takes, rule_text, numbers)

    def _end_trees(self, game: Game[Any], view: GardensState) -> Tip | None:
        if view.round < 1 and not self._late(view):
            return None
        now = game.scores(view).by_category(PERSON)["trees"]
        scale = [triangle(n) for n in (1, 2, 3, 4)]
        text = (
            "At the end each row scores for the different kinds of focal tree in it: "
            f"{scale[0]}, {scale[1]}, {scale[2]}, {scale[3]} points for 1, 2, 3, 4 kinds. "
            f"Your rows are worth {now} now."
        )
        numbers = {f"scale {n}": v for n, v in zip((1, 2, 3, 4), scale, strict=True)}
        numbers.update({"one": 1, "two": 2, "three": 3, "four": 4, "now": now})
        takes = self._feature_takes(game, view, lambda c: CARDS[c].tree_count > 0)
        best = _best(game, view, takes)
        places: tuple[str, ...] = ()
        if best is not None:
            row, column = _target(view, best)
            places = (display_name(best[1], best[2]), cell_name(row, column))
            text += f" Try: {_move_words(view, best)}."
            numbers["column"] = column + 1
        return Tip("end-trees", text, places, best, numbers)

    # --- feedback, end, places -------------------------------------------------------------

    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        assert isinstance(view, GardensState)
        if tip.suggests is None:
            return "Any card will do here."
        mine = _value(game, view, played)
        theirs = _value(game, view, tip.suggests)
        if mine >= theirs:
            return (
                f"{game.format_action(played)} is as good by the game's own count: you end up "
                f"{_signed(mine)} against the best rival either way."
            )
        return (
            f"{game.format_action(tip.suggests)} would leave you {_signed(theirs)} against the "
            f"best rival (walks so far plus the end scoring as it stands); yours leaves "
            f"{_signed(mine)}."
        )

    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        return view.is_over

    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        scores = game.scores(view)
        mine = scores.by_category(PERSON)
        lines = [f"Your garden scores {scores.total(PERSON)} points:"]
        for category, points in mine.items():
            if category == "landmarks" and not points:
                continue
            lines.append(f"  {points} {CATEGORY_WORDS.get(category, category)}")
        winners = game.winners(view).winners
        names = " and ".join(view.players[w] for w in winners)
        best = max(scores.totals())
        lines.append(f"{names} won with {best} points.")
        lines.append(
            "In a game of two players (this lesson had three), each of you takes exactly 2 "
            "cards from each row in a round, so your visitor walks twice in every row, and the "
            "game ends after 4 rounds instead of 8."
        )
        return lines

    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        assert isinstance(view, GardensState)
        names = {cell_name(r, c) for r in range(3) for c in range(COLUMNS)}
        names |= {display_name(r, s) for r in range(3) for s in range(len(view.display[r]))}
        return frozenset(names)


def _seen_trees(
    view: GardensState, row: int, start: int, column: int, card: int, species: int
) -> int:
    """Trees of ``species`` a walk from ``start`` to ``column`` sees with ``card`` placed."""
    mat = view.mats[PERSON]
    lo, hi = min(start, column), max(start, column)
    total = CARDS[card].trees[species]
    for c in range(lo, hi + 1):
        v = mat[row * COLUMNS + c]
        if c != column and v >= 0:
            total += CARDS[v].trees[species]
    return total


def _statues(view: GardensState, seat: int) -> int:
    return sum(1 for v in view.mats[seat] if v >= 0 and CARDS[v].statue)


def _points(number: int) -> str:
    return f"{number} point" if number == 1 else f"{number} points"


def _signed(value: float) -> str:
    number = round(value)
    return f"+{number}" if number > 0 else str(number)


LESSON = GardensLesson()
"""The Gardens' lesson, found by :mod:`gardens_tui.lessons`."""
