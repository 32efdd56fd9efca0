"""Throw Octopus!'s guided first game ("Learn Throw Octopus!"): see
:mod:`gardens_tui.rules.lesson`.

Three seats (the person and two gentle random bots), so the octopus can fly between players;
the ordinary options (balanced tile list, hit chance 2/3). The target's dodge is a skill
decision: the app plays its dodge game there (the tests settle it with ``ROLL``), and a lesson
gives no tip at a skill decision, so the throw is explained where the person throws, or at the
next decision after somebody threw.

Places a tip points at, in the game's notation: seascape cells ``x,y`` (placed tiles and the
free places beside them, as the moves write them: ``play t42 at -1,2``) and the tiles in the
person's hand (``t42``).

Tips come one at a time, each when its moment comes: placing next to the seascape, matching
corners, turning a tile, completing a creature (bonus turn), an octopus tile (action card), the
tile that fits nowhere (drawing), the action cards once one was used or kept, the throw, and the
end. An idea whose moment never comes is explained in words once the game has run a while. The
lesson ends with the game, or once every rule was taught and the seascape holds
:data:`ENOUGH_TILES` tiles (about ten of the person's turns), so it keeps within 5-10 minutes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gardens_tui.rules.base import Action, Game, GameState, IllegalAction
from gardens_tui.rules.lesson import PERSON, Lesson, Rule, Tip
from gardens_tui.rules.throw_octopus.components import (
    CARD_COUNTS,
    CARD_TITLES,
    LARGE,
    OCTOPUS,
    SPECIES,
    WATER,
    corners,
    tile_name,
)
from gardens_tui.rules.throw_octopus.engine import HAND
from gardens_tui.rules.throw_octopus.state import ThrowState

RULES: tuple[Rule, ...] = (
    Rule("place", "Playing a tile: next to the seascape, sharing a side"),
    Rule("match", "Matching: shared corners agree, a creature part must join"),
    Rule("turn", "Tiles stand upright: turn one half way round (r180), never a quarter"),
    Rule("complete", "Completing a creature: a bonus turn at once"),
    Rule("octopus", "Octopus icon: playing the tile draws an action card"),
    Rule("draw", "No tile fits: draw one, your turn ends"),
    Rule("cards", "The action cards: what each one does"),
    Rule("throw", "Throw Octopus: a hit draws 2 tiles and loses a turn; Octo Shield stops it"),
    Rule("end", "The end: the first to empty their hand wins; else the fewest tiles"),
)

LATE_TURN = 18
"""The turn (every seat's turns counted) from which an idea whose moment never came is told in
words (about six of the person's turns)."""

GAMES = 3
"""Games in a Game Night."""

NEAR_END = 3
"""Tiles in somebody's hand from which the end of the game is near."""

CARD_WORDS: dict[str, str] = {
    "throw-any": "you throw at a player of your choice",
    "throw-next": "you throw at the next player",
    "shield": "kept face up, it stops the next throw at you",
    "touch": "kept, on a later turn it moves one placed tile",
    "inky": "you draw 2 tiles",
    "swap": "you may swap a tile with the top of the pile",
    "rush": "you take another turn",
    "storm": "every other player draws 1 tile",
    "gift": "you give one of your tiles to another player",
}

HIT_DRAW = 2
"""Tiles a hit makes the target draw (the rulebook's "they have to draw 2 tiles")."""


def cell_name(x: int, y: int) -> str:
    """A seascape cell as the moves write it: ``-1,2``."""
    return f"{x},{y}"


def _plays(game: Game[Any], view: GameState) -> list[Action]:
    return [a for a in game.legal_actions(view) if a[0] == "play"]


def _value(game: Game[Any], view: GameState, action: Action) -> float:
    """The game's own rating of ``action`` (its evaluate heuristic one decision ahead, as the
    greedy bot rates it; an outcome hidden from the view is rated as the position now)."""
    try:
        return game.evaluate(game.apply(view, action), PERSON)
    except IllegalAction:
        return game.evaluate(view, PERSON)


def _best(game: Game[Any], view: GameState, actions: list[Action]) -> Action | None:
    if not actions:
        return None
    return max(actions, key=lambda a: _value(game, view, a))


def completed(view: ThrowState, action: Action) -> list[int]:
    """The species of the creatures the play ``action`` completes (its creature corners whose
    four tiles are then all placed)."""
    _, tile, x, y, rotation = action
    board = view.board
    done = []
    for (px, py), species in zip(
        ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)), corners(tile, rotation), strict=True
    ):
        if species == WATER:
            continue
        around = ((px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py))
        if all(c in board or c == (x, y) for c in around):
            done.append(species)
    return done


def _joined(view: ThrowState, action: Action) -> list[int]:
    """The species a play joins to creature parts already on a tile beside it."""
    _, tile, x, y, rotation = action
    board = view.board
    points = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
    joined = []
    for (px, py), species in zip(points, corners(tile, rotation), strict=True):
        if species == WATER:
            continue
        around = ((px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py))
        beside = {(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)}
        if any(c in board and c in beside for c in around):
            joined.append(species)
    return joined


def _species(species: int) -> str:
    """``"an orange peel slug (small)"``."""
    size = "large" if species in LARGE else "small"
    name = SPECIES[species]
    article = "an" if name[0] in "aeiou" else "a"
    return f"{article} {name} ({size})"


def _play_words(action: Action) -> str:
    _, tile, x, y, rotation = action
    turned = " r180" if rotation else ""
    return f"play {tile_name(tile)} at {cell_name(x, y)}{turned}"


def _tiles(count: int) -> str:
    return f"{count} tile" if count == 1 else f"{count} tiles"


class ThrowOctopusLesson(Lesson):
    """Learn Throw Octopus! (see the module docstring)."""

    game_id = "throw-octopus"
    title = "Learn Throw Octopus!"
    rules = RULES
    seed = 130
    options = {"game-night": True}
    opponents = ("random", "random")
    intro = (
        f"Everyone starts with {HAND} secret tiles; the first to play them all wins.",
        "Tiles join into one seascape, creature part to creature part.",
        "Finish a creature for a bonus turn; play an octopus tile for an action card.",
    )

    # --- the tips --------------------------------------------------------------------------

    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        assert isinstance(view, ThrowState)
        if view.phase == "throw":
            return None if "throw" in taught else self._throw(game, view)
        if view.phase in ("swap", "gift"):
            return None if "cards" in taught else self._cards(game, view)
        if view.phase != "play" or not _plays(game, view):
            return None
        order: tuple[tuple[str, Callable[[Game[Any], ThrowState], Tip | None]], ...] = (
            ("place", self._place),
            ("match", self._match),
            ("end", self._end),
            ("complete", self._complete),
            ("octopus", self._octopus),
            ("throw", self._thrown),
            ("cards", self._cards_seen),
            ("turn", self._turn),
            ("draw", self._draw),
        )
        for rule, make in order:
            if rule not in taught:
                if rule == "end" and not self._end_near(view, taught):
                    continue
                tip = make(game, view)
                if tip is not None:
                    return tip
        return None

    def _end_near(self, view: ThrowState, taught: frozenset[str]) -> bool:
        """The end is worth telling: somebody is close to emptying their hand, a game of the
        night already ended, or everything else was told."""
        close = min(len(hand) for hand in view.hands) <= NEAR_END
        return len(taught) == len(RULES) - 1 or close or bool(view.results)

    def _late(self, view: ThrowState) -> bool:
        return view.turn >= LATE_TURN or bool(view.results)

    def _place(self, game: Game[Any], view: ThrowState) -> Tip | None:
        best = _best(game, view, _plays(game, view))
        assert best is not None
        free = sorted({(a[2], a[3]) for a in _plays(game, view)})
        text = (
            "Play one tile from your hand beside the seascape: it must share a side with a "
            "placed tile, a corner alone is not enough. Places are x,y from the start tile "
            f"(x to the right, y down). Try: {_play_words(best)}."
        )
        places = (tile_name(best[1]), *(cell_name(x, y) for x, y in free))
        return Tip("place", text, places, best, {"x": best[2], "y": best[3]})

    def _match(self, game: Game[Any], view: ThrowState) -> Tip | None:
        best = _best(game, view, _plays(game, view))
        assert best is not None
        joined = _joined(view, best)
        text = (
            "Every corner your tile shares must agree: the same creature, or water with "
            "water, and at least one creature part must join (water alone is no join). "
            f"{_play_words(best).capitalize()} joins {_species(joined[0])}."
        )
        places = (tile_name(best[1]), cell_name(best[2], best[3]))
        return Tip("match", text, places, best, {"x": best[2], "y": best[3]})

    def _complete(self, game: Game[Any], view: ThrowState) -> Tip | None:
        plays = [a for a in _plays(game, view) if completed(view, a)]
        best = _best(game, view, plays)
        if best is None:
            if not self._late(view):
                return None
            text = (
                "A creature is complete when all 4 tiles around it are placed. Whoever "
                "completes one takes a bonus turn at once; unable to play then, you pass "
                "without drawing."
            )
            return Tip("complete", text, (), None, {"four": 4})
        species = completed(view, best)[0]
        text = (
            f"{_play_words(best).capitalize()} places the last of the 4 tiles around "
            f"{_species(species)}: a completed creature gives you a bonus turn at once. "
            "Unable to play on a bonus turn, you pass without drawing."
        )
        places = (tile_name(best[1]), cell_name(best[2], best[3]))
        numbers = {"four": 4, "x": best[2], "y": best[3]}
        return Tip("complete", text, places, best, numbers)

    def _octopus(self, game: Game[Any], view: ThrowState) -> Tip | None:
        plays = [a for a in _plays(game, view) if OCTOPUS[a[1]]]
        best = _best(game, view, plays)
        left = len(view.deck)
        if best is None:
            if not self._late(view):
                return None
            text = (
                "A tile with the octopus icon (@ on the board) draws an action card when it "
                f"is played: {left} cards wait in the deck."
            )
            return Tip("octopus", text, (), None, {"deck": left})
        text = (
            f"{tile_name(best[1])} shows the octopus icon (@): playing it draws one of the "
            f"{left} action cards left in the deck. Try: {_play_words(best)}."
        )
        places = (tile_name(best[1]), cell_name(best[2], best[3]))
        return Tip("octopus", text, places, best, {"deck": left, "x": best[2], "y": best[3]})

    def _turn(self, game: Game[Any], view: ThrowState) -> Tip | None:
        plays = [a for a in _plays(game, view) if a[4] == 180]
        best = _best(game, view, plays)
        rule = (
            "Tiles always stand upright: you may turn one half way round (r180), never a "
            "quarter turn."
        )
        if best is None:
            if not self._late(view):
                return None
            return Tip("turn", rule, (), None, {"r180": 180})
        text = f"{rule} Turned, {tile_name(best[1])} fits at {cell_name(best[2], best[3])}."
        places = (tile_name(best[1]), cell_name(best[2], best[3]))
        return Tip("turn", text, places, best, {"r180": 180, "x": best[2], "y": best[3]})

    def _draw(self, game: Game[Any], view: ThrowState) -> Tip | None:
        plays = _plays(game, view)
        playable = {a[1] for a in plays}
        stuck = [t for t in view.hands[PERSON] if t not in playable]
        rule = (
            "When none of your tiles fits, you draw one from the pile and your turn ends: "
            "you may not play it until your next turn."
        )
        if not stuck:
            if not self._late(view):
                return None
            return Tip("draw", rule, (), None, {})
        best = _best(game, view, plays)
        assert best is not None
        text = (
            f"{tile_name(stuck[0])} fits nowhere now. {rule} This turn another tile fits: "
            f"{_play_words(best)}."
        )
        places = (tile_name(stuck[0]), tile_name(best[1]), cell_name(best[2], best[3]))
        return Tip("draw", text, places, best, {"x": best[2], "y": best[3]})

    def _card_line(self, kinds: list[str]) -> str:
        return "; ".join(f"{CARD_TITLES[k]}: {CARD_WORDS[k]}" for k in kinds)

    def _cards_seen(self, game: Game[Any], view: ThrowState) -> Tip | None:
        seen = sorted({*view.discard, *(c for held in view.held for c in held)} - {"throw-any"})
        seen = [k for k in seen if k != "throw-next"]
        if not seen:
            if not self._late(view):
                return None
            total = sum(CARD_COUNTS.values())
            kinds = ["shield", "inky", "storm"]
            text = f"The {total} action cards do many things. For example {self._card_line(kinds)}."
            return Tip("cards", text, (), None, {"cards": total, "one": 1, "two": 2})
        kinds = seen[:3]
        text = f"Action cards met so far: {self._card_line(kinds)}."
        numbers = {}
        if "inky" in kinds:
            numbers["two"] = 2
        if "storm" in kinds:
            numbers["one"] = 1
        best = _best(game, view, _plays(game, view))
        return Tip("cards", text, (), best, numbers)

    def _cards(self, game: Game[Any], view: ThrowState) -> Tip | None:
        best = _best(game, view, game.legal_actions(view))
        kind = "swap" if view.phase == "swap" else "gift"
        text = (
            f"Your octopus tile drew {CARD_TITLES[kind]}: {CARD_WORDS[kind]}. Each action card "
            "acts at once, except Octo Shield and Magic Touch, which you keep face up."
        )
        return Tip("cards", text, (), best, {})

    def _throw_text(self) -> str:
        return (
            f"A hit makes the target draw {HIT_DRAW} tiles and lose their next turn; a "
            "face-up Octo Shield stops one throw, and the target may dodge."
        )

    def _throw(self, game: Game[Any], view: ThrowState) -> Tip | None:
        best = _best(game, view, game.legal_actions(view))
        assert best is not None
        rivals = [seat for seat in range(len(view.players)) if seat != PERSON]
        holds = ", ".join(
            f"{view.players[seat]} holds {_tiles(len(view.hands[seat]))}" for seat in rivals
        )
        text = (
            "You drew Throw Octopus: choose a player to throw at. "
            f"{self._throw_text()} {holds}: aim at whoever is closest to winning."
        )
        numbers = {"draw": HIT_DRAW}
        numbers.update({f"seat {seat + 1}": len(view.hands[seat]) for seat in rivals})
        return Tip("throw", text, (), best, numbers)

    def _thrown(self, game: Game[Any], view: ThrowState) -> Tip | None:
        thrown = any(card in ("throw-any", "throw-next") for card in view.discard)
        if not self._late(view):
            return None  # a throw of the person's own is the better moment: wait for it
        lead = "Somebody threw the octopus." if thrown else "Some action cards throw the octopus."
        best = _best(game, view, _plays(game, view))
        text = f"{lead} {self._throw_text()}"
        return Tip("throw", text, (), best, {"draw": HIT_DRAW})

    def _end(self, game: Game[Any], view: ThrowState) -> Tip | None:
        counts = [len(hand) for hand in view.hands]
        best = _best(game, view, _plays(game, view))
        others = ", ".join(
            f"{view.players[s]} {counts[s]}" for s in range(len(counts)) if s != PERSON
        )
        text = (
            f"The first to play every tile wins the game: you hold {counts[PERSON]}, {others}. "
            "If the pile runs out and nobody can play, the fewest tiles wins. Tonight is Game "
            f"Night: over {GAMES} games the tiles left in hand add up, lowest total wins."
        )
        numbers = {f"seat {s + 1}": c for s, c in enumerate(counts)}
        numbers["games"] = GAMES
        return Tip("end", text, (), best, numbers)

    # --- feedback, end, places -------------------------------------------------------------

    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        assert isinstance(view, ThrowState)
        assert tip.suggests is not None
        if played[0] == "play" and completed(view, played):
            return f"{game.format_action(played)} completes a creature too: a bonus turn."
        mine = _value(game, view, played)
        theirs = _value(game, view, tip.suggests)
        if mine >= theirs:
            return f"{game.format_action(played)} is as good by the game's own count."
        return (
            f"{game.format_action(tip.suggests)} rates better by the game's own count: it keeps "
            "more of your tiles playable or earns more turns and cards."
        )

    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        assert isinstance(view, ThrowState)
        # at the start of the next game of the night (seat 1 starts it: a fresh seascape)
        return len(taught) == len(RULES) and bool(view.results) and len(view.board) == 1

    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        assert isinstance(view, ThrowState)
        scores = game.scores(view)
        played = len(view.results)
        lines = []
        for g in range(played):
            left = scores.table[PERSON][g]
            others = ", ".join(
                f"{view.players[seat]} {_tiles(scores.table[seat][g])}"
                for seat in range(len(view.players))
                if seat != PERSON
            )
            lines.append(f"Game {g + 1}: you kept {_tiles(left)} in hand; {others}.")
        totals = [sum(scores.table[seat][:played]) for seat in range(len(view.players))]
        lines.append(
            f"Game Night totals, lowest best: you {totals[PERSON]}, "
            + ", ".join(
                f"{view.players[seat]} {totals[seat]}"
                for seat in range(len(totals))
                if seat != PERSON
            )
            + "."
        )
        if view.is_over:
            winner = game.winners(view).winners[0]
            lines.append(f"{view.players[winner]} won the night with {totals[winner]}.")
        else:
            lines.append(
                f"The lesson ends after game {played}; play the rest of the {GAMES} games as "
                "a normal game."
            )
        return lines

    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        assert isinstance(view, ThrowState)
        cells = set(view.board) | view.frontier
        names = {cell_name(x, y) for x, y in cells}
        names |= {tile_name(t) for t in view.hands[PERSON] if t >= 0}
        return frozenset(names)


LESSON = ThrowOctopusLesson()
"""Throw Octopus!'s lesson, found by :mod:`gardens_tui.lessons`."""
