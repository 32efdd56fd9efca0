"""Learn Octopus's Garden: a guided first game (issue 32; :mod:`gardens_tui.rules.lesson`).

A two-player game on a fixed deal (seed 73: the first market offers a column of three
seagrass) against the random bot. The coach explains one rule at a time when it first
matters: the first purchase, the first planting, the first refill, the harvest, each token kind
as the person is about to buy it (a purchase showing an untaught token is suggested when the
game's own rating puts it within :data:`STEER` points of the best move) or to plant it
(anemones and clownfish, seagrass and seahorses, sea stars and coral, hermit crabs and shells,
relics, trash, printed points), the oyster, passing and the end of the game. A rule whose token
never comes the person's way is explained anyway at the start of a turn from their
:data:`FALLBACK_TURN` th turn on (and at the first planting of a purchase from the
:data:`LATE_TURN` th), so a learner who plays other moves still meets every rule. The lesson
stops at the start of a turn once every rule was taught and at least :data:`MIN_TURNS` turns
were played (:data:`MAX_TURNS` at most): a full game is about twice as long. One reminder
comes back when it matters: a sea star about to eat an oyster (the animal phase). The closing
explains the score the person's garden would have if the game ended there, category by
category, with the engine's numbers.

Place names are the game's notation: ``a1``..``e4`` are the person's garden spaces, ``m1``..
``m9`` the market's. Every number a tip states is computed from the position (or the
component data) and listed in :attr:`Tip.numbers`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from gardens_tui.rules.base import Action, Game, GameState, IllegalAction
from gardens_tui.rules.lesson import PERSON, Lesson, Rule, Tip
from gardens_tui.rules.octopus_garden.board import (
    CELL_NAMES,
    DISTANCE,
    MARKET_LINES,
    MARKET_NAMES,
    NEIGHBOURS,
    NUM_CELLS,
    cell_name,
    market_line,
    market_name,
)
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    CODES,
    CORAL,
    COST,
    CRAB,
    CRAB_SHELL,
    CRAB_TRASH,
    OYSTER,
    PRINTED_OYSTERS,
    RELIC,
    SEAGRASS,
    SHELL,
    STAR,
    TOKENS,
    TRASH,
    describe,
)
from gardens_tui.rules.octopus_garden.evaluate import HAND_VALUE
from gardens_tui.rules.octopus_garden.flow import oyster_price
from gardens_tui.rules.octopus_garden.garden import count_base, oyster_distances
from gardens_tui.rules.octopus_garden.outlook import harvest_of
from gardens_tui.rules.octopus_garden.scoring import (
    garden_counts,
    garden_row,
    relic_points,
    trash_points,
)
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.octopus_garden.text import describe_action
from gardens_tui.rules.words import count, join_and

MIN_TURNS = 7
"""The lesson ends at the start of the person's turn after this many turns (all rules taught)."""
MAX_TURNS = 12
"""... and at the start of the turn after this many in any case."""
FALLBACK_TURN = 3
"""From this turn on, a rule whose token never came the person's way is explained anyway."""

LATE_TURN = 6
"""... and from this turn on also at the first planting of a purchase."""
FULL_HAND = 3
"""A hand this big is the first planting of a purchase (a market line holds 3 tokens)."""
STEER = 3.0
"""A purchase showing an untaught token may be suggested when rated this close to the best."""
END_TURN = 5
"""From this turn on the end of the game is explained."""
OYSTER_PENALTY = 2
"""Points each oyster token costs at the end (see :mod:`.scoring`: ``-2 * oysters``)."""

_TOKEN_RULES: tuple[tuple[str, int], ...] = (
    ("clownfish", ANEMONE),
    ("seahorse", SEAGRASS),
    ("sea_star", STAR),
    ("hermit_crab", CRAB),
    ("relic", RELIC),
    ("trash", TRASH),
)
"""The rules about one token kind, with that kind (a shell also calls up the hermit crab)."""

_PRINTED_KINDS = (CORAL, SEAGRASS, ANEMONE, STAR)


def person_turn(view: OctopusState) -> int:
    """The person's turn number (1 for their first turn): seat 0 plays first."""
    return (view.turn - 1) // len(view.players) + 1


def _garden(view: OctopusState) -> list[tuple[int, ...]]:
    return view.gardens[PERSON]


def _crab_points(piece: int) -> int:
    """What one ``piece`` alone in a garden scores (crab, shell and trash categories)."""
    row = garden_row([(piece,)] + [()] * (NUM_CELLS - 1), False)
    return row[1] + row[2]


def _rule_kinds(kind: int) -> frozenset[int]:
    """The token kinds that call up a token rule (a shell too for the hermit crab)."""
    if not kind:
        return frozenset()
    return frozenset({kind, SHELL}) if kind == CRAB else frozenset({kind})


def _line_name(axis: str, number: int) -> str:
    return f"{'row' if axis == 'row' else 'column'} {number}"


def _group(garden: list[tuple[int, ...]], cell: int, kind: int) -> list[int]:
    """The connected group of ``kind`` flat tokens ``cell`` belongs to (``cell`` counted as one
    even while empty: where a token of that kind would be planted)."""
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        for n in NEIGHBOURS[c]:
            if n not in seen and garden[n] and garden[n][0] == kind:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def _same_neighbours(garden: list[tuple[int, ...]], cell: int, kind: int) -> list[int]:
    return [n for n in NEIGHBOURS[cell] if garden[n] and garden[n][0] == kind]


def _cells_with(garden: list[tuple[int, ...]], kinds: Iterable[int]) -> list[int]:
    wanted = set(kinds)
    return [c for c in range(NUM_CELLS) if garden[c] and wanted & set(garden[c])]


def _after(game: Game[Any], view: OctopusState, action: Action) -> float:
    """The game's own rating of the position after ``action`` (the greedy bot's count)."""
    try:
        return float(game.evaluate(game.apply(view, action), PERSON))
    except IllegalAction:
        return float(game.evaluate(view, PERSON))


def _placement_bonus(view: OctopusState, action: Action) -> float:
    """What the game's rating misses about where a token goes: groups grow by touching, oysters
    want to be far from sea stars (and next to coral), hermit crabs near a home."""
    garden = _garden(view)
    verb = action[0]
    if verb == "plant" and len(action) == 3:
        kind, cell = CODES[action[1]], action[2]
        stars = _cells_with(garden, (STAR,))
        oysters = [c for c in range(NUM_CELLS) if garden[c] and garden[c][0] == OYSTER]
        if kind in (ANEMONE, SEAGRASS):
            return 0.6 * len(_same_neighbours(garden, cell, kind))
        if kind == OYSTER:
            far = min((DISTANCE[cell][s] for s in stars), default=6)
            return 0.3 * far + 0.2 * len(_same_neighbours(garden, cell, CORAL))
        if kind == STAR:
            return 0.3 * min((DISTANCE[cell][o] for o in oysters), default=6)
        if kind == CORAL:
            return 0.4 * sum(1 for n in NEIGHBOURS[cell] if garden[n] and garden[n][0] == OYSTER)
        if kind == CRAB:
            homes = sum(1 for n in NEIGHBOURS[cell] if garden[n] and garden[n][0] in (SHELL,))
            return 0.5 * homes
        if kind == SHELL:
            return 0.5 * sum(1 for n in NEIGHBOURS[cell] if garden[n] and CRAB in garden[n])
        return 0.0
    if verb == "move" and action[1] == "crab":
        dest = garden[action[3]]
        return 6.0 if dest and dest[0] == SHELL else 0.0
    return 0.0


def _refill_rating(view: OctopusState, space: int) -> float:
    """How little the drawn token on ``space`` helps the rival, who plays next: minus the best
    line they could then afford (tokens valued as the game's rating values them in hand)."""
    market = list(view.market)
    market[space] = view.drawn
    rival = (PERSON + 1) % len(view.players)
    budget = view.pearls[rival] + harvest_of(view, rival)
    best = 0.0
    for _, _, line in MARKET_LINES:
        tokens = [market[m] for m in line if market[m]]
        if tokens and sum(COST[t] for t in tokens) <= budget:
            best = max(best, sum(HAND_VALUE.get(t, 0.0) for t in tokens))
    return -best


def _return_worth(view: OctopusState, action: Action) -> float:
    """How good it is to send this market tile back when passing: trash first (it spoils the
    lines it sits in), then the tile the rival would value most."""
    if len(action) < 2:
        return 0.0
    token = view.market[action[1]]
    return 100.0 if token == TRASH else HAND_VALUE.get(token, 0.0)


def rate(game: Game[Any], view: OctopusState, action: Action) -> float:
    """The lesson's rating of a move for the person: the game's own count one decision ahead
    plus what it misses about placement; a pass is rated as the position before it, less a
    pearl's worth of lost time (what it draws is hidden)."""
    if view.phase == "refill":
        return _refill_rating(view, action[1])
    if action[0] == "pass":
        return float(game.evaluate(view, PERSON)) - 1.0 + 0.01 * _return_worth(view, action)
    return _after(game, view, action) + _placement_bonus(view, action)


def best(game: Game[Any], view: OctopusState, actions: Iterable[Action]) -> Action | None:
    """The highest rated of ``actions`` (the first on a tie), ``None`` if there are none."""
    found: Action | None = None
    top = float("-inf")
    for action in actions:
        value = rate(game, view, action)
        if value > top:
            found, top = action, value
    return found


def _buys(legal: list[Action]) -> list[Action]:
    return [act for act in legal if act[0] == "buy"]


def _line_spaces(action: Action) -> tuple[str, ...]:
    return tuple(market_name(m) for m in market_line(action[1], action[2]))


def _plant_sentence(view: OctopusState, action: Action) -> tuple[str, tuple[str, ...]]:
    """Where the suggested plant goes and why, and the places it names."""
    kind, cell = CODES[action[1]], action[2]
    garden = _garden(view)
    name = cell_name(cell)
    if kind in (ANEMONE, SEAGRASS):
        near = _same_neighbours(garden, cell, kind)
        if near:
            where = join_and([cell_name(n) for n in near])
            return (
                f"Plant the {describe(kind)} on {name}, touching your {describe(kind)} on {where}.",
                (name, *(cell_name(n) for n in near)),
            )
        return (
            f"Plant the {describe(kind)} on {name}, with room around it for the group to grow.",
            (name,),
        )
    return f"Try the {describe(kind)} on {name}.", (name,)


def _group_words(
    tokens: str, group: int, animal: str, pile: Sequence[int]
) -> tuple[str, dict[str, int]]:
    """The words and numbers of a group rule: every ``group`` touching ``tokens`` attract an
    ``animal``, worth the top of its ``pile`` (or none are left)."""
    text = f"{tokens} that touch form a group: every {group} in a group attract a {animal}"
    numbers = {"group": group}
    if pile:
        text += f" (the next is worth {pile[-1]} points)."
        numbers[animal] = pile[-1]
    else:
        text += ", but none are left."
    return text, numbers


class OctopusGardenLesson(Lesson):
    """The guided first game of Octopus's Garden (see the module docstring)."""

    game_id = "octopus-garden"
    title = "Learn Octopus's Garden"
    rules: ClassVar[tuple[Rule, ...]] = (
        Rule("buy", "Buying a whole market row or column"),
        Rule("plant", "Planting every token you bought on an empty space"),
        Rule("refill", "Refilling the market: you choose each drawn token's space"),
        Rule("harvest", "The harvest: 1 pearl per oyster at the start of your turn"),
        Rule("points", "Beauty points printed on coral, seagrass, anemones and sea stars"),
        Rule("clownfish", "3 anemones in a group attract a clownfish"),
        Rule("seahorse", "5 seagrass in a group attract a seahorse"),
        Rule("oyster", "Attracting an oyster: dearer each time, -2 points at the end"),
        Rule("sea_star", "Sea stars hunt your oyster tokens; coral blocks animals"),
        Rule("hermit_crab", "Hermit crabs move and carry a shell or trash home"),
        Rule("relic", "Relics score as a set: 0, 2 or 5 each"),
        Rule("trash", "Trash scores minus the number of trash, each"),
        Rule("pass", "Passing: send one market tile back to the bag"),
        Rule("end", "The end: a full garden, then one more turn for the others"),
    )
    seed = 73
    options: ClassVar[dict[str, bool]] = {}
    opponents: ClassVar[tuple[str, ...]] = ("random",)
    intro: ClassVar[tuple[str, ...]] = (
        "Grow the most beautiful undersea garden: 24 spaces to fill with tokens.",
        "Each turn you spend pearls on a row or column of the market and plant what you bought.",
        "Groups of anemones and seagrass attract bonus fish; hungry sea stars eat oysters.",
        "Most points at the end wins. Bot 2 is a gentle opponent.",
    )

    # --- the tips ---------------------------------------------------------------------------

    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        """One idea for the person's decision now (see the module docstring)."""
        assert isinstance(view, OctopusState)
        legal = game.legal_actions(view)
        phase = view.phase
        if phase == "market":
            return self._market_tip(game, view, legal, taught)
        if phase == "plant":
            return self._plant_tip(game, view, legal, taught)
        if phase == "animals":
            return self._animal_tip(game, view, legal, taught)
        if phase == "refill" and "refill" not in taught:
            return self._refill_tip(game, view, legal)
        return None

    def _market_tip(
        self, game: Game[Any], view: OctopusState, legal: list[Action], taught: frozenset[str]
    ) -> Tip | None:
        pearls = view.pearls[PERSON]
        move = best(game, view, [act for act in legal if act[0] != "pass"]) or best(
            game, view, legal
        )
        if "buy" not in taught:
            return self._buy_tip(game, view, legal, move)
        turn = person_turn(view)
        if "oyster" not in taught and move == ("oyster",):
            return self._oyster_tip(view)
        if "pass" not in taught and not _buys(legal) and ("oyster",) not in legal:
            return self._pass_tip(game, view, legal, move)
        if "harvest" not in taught:
            gain = harvest_of(view, PERSON)
            return Tip(
                "harvest",
                f"Your turn began with the harvest: 1 pearl per oyster, the {PRINTED_OYSTERS} "
                f"printed on your board included. You took {gain}, so you hold {pearls} now.",
                tuple(cell_name(c) for c in range(NUM_CELLS) if _garden(view)[c][:1] == (OYSTER,)),
                move,
                {"per oyster": 1, "printed": PRINTED_OYSTERS, "harvest": gain, "pearls": pearls},
            )
        shown = self._showing_buy(game, view, legal, move, taught)
        if shown is not None:
            rule, buy, spaces = shown
            return self._token_tip(game, view, rule, legal, spaces, buy)
        if "oyster" not in taught and ("oyster",) in legal and turn >= 2:
            return self._oyster_tip(view)
        if turn >= FALLBACK_TURN:
            for rule in ("points", *(r for r, _ in _TOKEN_RULES)):
                if rule not in taught:
                    kinds = _rule_kinds(dict(_TOKEN_RULES).get(rule, 0))
                    spaces = [m for m in range(9) if view.market[m] in kinds]
                    return self._token_tip(game, view, rule, legal, spaces, move)
            if "oyster" not in taught:
                return self._oyster_tip(view, move)
            if "pass" not in taught:
                return self._pass_tip(game, view, legal, move)
            if "end" not in taught:
                return self._end_tip(view, move)
        return None

    def _showing_buy(
        self,
        game: Game[Any],
        view: OctopusState,
        legal: list[Action],
        move: Action | None,
        taught: frozenset[str],
    ) -> tuple[str, Action, list[int]] | None:
        """A purchase that shows an untaught token rule (its rule, the buy, the token's spaces),
        rated within :data:`STEER` points of the best move; ``None`` if there is none."""
        if move is None:
            return None
        top = rate(game, view, move)
        for rule, kind in _TOKEN_RULES:
            if rule in taught:
                continue
            kinds = _rule_kinds(kind)
            showing = [
                buy
                for buy in _buys(legal)
                if any(view.market[m] in kinds for m in market_line(buy[1], buy[2]))
            ]
            pick = best(game, view, showing)
            if pick is not None and rate(game, view, pick) >= top - STEER:
                spaces = [m for m in market_line(pick[1], pick[2]) if view.market[m] in kinds]
                return rule, pick, spaces
        return None

    def _buy_tip(
        self, game: Game[Any], view: OctopusState, legal: list[Action], move: Action | None
    ) -> Tip:
        pearls = view.pearls[PERSON]
        buy = best(game, view, _buys(legal))
        if buy is None:
            cheapest = min(sum(COST[view.market[m]] for m in line) for _, _, line in MARKET_LINES)
            return Tip(
                "buy",
                "On your turn you may buy a whole row or column of the market, paying for all "
                f"its tokens. The cheapest costs {cheapest} pearls and you have {pearls}: not "
                "this time.",
                (),
                move,
                {"cheapest": cheapest, "pearls": pearls},
            )
        spaces = market_line(buy[1], buy[2])
        tokens = [view.market[m] for m in spaces if view.market[m]]
        cost = sum(COST[t] for t in tokens)
        what = join_and([describe(t) for t in tokens])
        return Tip(
            "buy",
            "On your turn you buy a whole row or column of the market and pay for all its "
            f"tokens. {_line_name(buy[1], buy[2]).capitalize()} ({what}) costs {cost} pearls "
            f"and you have {pearls}.",
            _line_spaces(buy),
            buy,
            {"line": buy[2], "cost": cost, "pearls": pearls},
        )

    def _oyster_tip(self, view: OctopusState, move: Action | None = None) -> Tip:
        price = oyster_price(view, PERSON)
        owned = price - 1
        can = view.bed > 0 and view.pearls[PERSON] >= price
        return Tip(
            "oyster",
            f"Instead of buying you may attract an oyster: {price} pearls now, 1 more than the "
            f"{owned} you own ({PRINTED_OYSTERS} of them printed beside your garden from the "
            "start, the others tokens in it). It adds a pearl to every harvest, but each oyster "
            f"token scores -{OYSTER_PENALTY} at the end and sea stars hunt it.",
            (),
            ("oyster",) if can and move is None else move,
            {
                "price": price,
                "one more": 1,
                "owned": owned,
                "printed": PRINTED_OYSTERS,
                "penalty": OYSTER_PENALTY,
            },
        )

    def _pass_tip(
        self, game: Game[Any], view: OctopusState, legal: list[Action], move: Action | None
    ) -> Tip:
        passes = [act for act in legal if act[0] == "pass"]
        if not _buys(legal) and not any(act[0] == "oyster" for act in legal):
            back = max(passes, key=lambda act: _return_worth(view, act))
            where = ""
            if len(back) == 2:
                token = view.market[back[1]]
                why = (
                    "it spoils the lines it sits in"
                    if token == TRASH
                    else "your rival buys next and would like it"
                )
                where = f" Send back the {describe(token)} on {market_name(back[1])}: {why}."
            return Tip(
                "pass",
                "You cannot pay for any row or column now, so you pass: one market tile goes "
                f"back to the bag and a new one is drawn in its place.{where}",
                (market_name(back[1]),) if len(back) == 2 else (),
                back,
                {},
            )
        return Tip(
            "pass",
            "When nothing on the market suits you, you may pass instead of buying: you then "
            "send one market tile back to the bag and a new one is drawn. Buying is better "
            "this time.",
            (),
            move,
            {},
        )

    def _end_tip(self, view: OctopusState, move: Action | None) -> Tip:
        empty = sum(1 for st in _garden(view) if not st)
        return Tip(
            "end",
            f"The game ends when a garden is full: yours has {empty} empty spaces of "
            f"{NUM_CELLS}. Whoever fills theirs finishes the turn, then everyone else plays "
            "once more; the most points wins.",
            (),
            move,
            {"empty": empty, "spaces": NUM_CELLS},
        )

    def _token_tip(
        self,
        game: Game[Any],
        view: OctopusState,
        rule: str,
        legal: list[Action],
        spaces: list[int],
        move: Action | None,
    ) -> Tip:
        """A token rule explained at a market decision (the token on the market, or none)."""
        text, numbers = self._token_words(view, rule)
        places = tuple(market_name(m) for m in spaces)
        if spaces:
            text += f" There is one on {join_and(list(places))}."
        return Tip(rule, text, places, move, numbers)

    def _token_words(self, view: OctopusState, rule: str) -> tuple[str, dict[str, int]]:
        """The core sentences of a token rule and their numbers."""
        garden = _garden(view)
        counts = garden_counts(garden)
        if rule == "points":
            pts = {k: TOKENS[k].points or 0 for k in _PRINTED_KINDS}
            return (
                f"Some tokens show beauty points: coral and seagrass score {pts[CORAL]}, "
                f"anemones {pts[ANEMONE]} and sea stars {pts[STAR]} at the end.",
                {"coral": pts[CORAL], "anemone": pts[ANEMONE], "star": pts[STAR]},
            )
        if rule == "clownfish":
            return _group_words("Anemones", 3, "clownfish", view.clown_pile)
        if rule == "seahorse":
            return _group_words("Seagrass", 5, "seahorse", view.horse_pile)
        if rule == "sea_star":
            star = TOKENS[STAR].points or 0
            return (
                f"A sea star scores {star}, but while it can reach an oyster token it must step 1 "
                "space a turn towards the nearest and eats it on arrival. No animal may enter "
                "coral, so coral can wall an oyster off; printed oysters are always safe.",
                {"star": star, "step": 1},
            )
        if rule == "hermit_crab":
            lone, pair, in_trash = (
                _crab_points(CRAB),
                _crab_points(CRAB_SHELL),
                _crab_points(CRAB_TRASH),
            )
            return (
                "A hermit crab may step 1 space a turn (never onto coral); stepping onto a "
                f"shell or trash makes it its home. A lone crab or shell scores {lone}, a crab in "
                f"its shell {pair} together, a crab in trash {in_trash}.",
                {"step": 1, "lone": lone, "pair": pair, "in trash": in_trash},
            )
        if rule == "relic":
            one, two, three = relic_points(1), relic_points(2) // 2, relic_points(3) // 3
            have = counts[RELIC]
            return (
                f"Relics score as a set: a single relic scores {one}, two score {two} each, three "
                f"or more {three} each. You have {have}.",
                {"one": one, "two each": two, "three each": three, "have": have},
            )
        # trash
        have = counts[TRASH]
        each2 = -trash_points(2) // 2
        return (
            f"Trash costs {COST[TRASH]} pearls but each one scores minus the number you have: "
            f"with 2 trash, each scores -{each2}. You have {have}; a hermit crab living in trash "
            "cancels it.",
            {"cost": COST[TRASH], "trash": 2, "each": each2, "have": have},
        )

    def _plant_tip(
        self, game: Game[Any], view: OctopusState, legal: list[Action], taught: frozenset[str]
    ) -> Tip | None:
        plants = [act for act in legal if act[0] == "plant" and len(act) == 3]
        if not plants:
            return None
        move = best(game, view, plants)
        assert move is not None
        garden = _garden(view)
        if "plant" not in taught:
            empty = sum(1 for st in garden if not st)
            sentence, places = _plant_sentence(view, move)
            return Tip(
                "plant",
                "Every token you bought must be planted on an empty space of your garden "
                f"({empty} are empty). {sentence}",
                places,
                move,
                {"empty": empty},
            )
        hand = set(view.hand)
        for rule, kind in _TOKEN_RULES:
            kinds = _rule_kinds(kind)
            if rule in taught or not hand & kinds:
                continue
            options = [act for act in plants if CODES[act[1]] in kinds]
            choice = best(game, view, options) or move
            text, numbers = self._token_words(view, rule)
            sentence, places = _plant_sentence(view, choice)
            return Tip(rule, f"{text} {sentence}", places, choice, numbers)
        if "points" not in taught and hand & set(_PRINTED_KINDS):
            text, numbers = self._token_words(view, "points")
            sentence, places = _plant_sentence(view, move)
            return Tip("points", f"{text} {sentence}", places, move, numbers)
        empty = sum(1 for st in garden if not st)
        if "end" not in taught and (empty <= NUM_CELLS // 2 or person_turn(view) >= END_TURN):
            return self._end_tip(view, move)
        if person_turn(view) >= LATE_TURN and len(view.hand) >= FULL_HAND:
            for rule, _ in _TOKEN_RULES:
                if rule not in taught:  # a token not in hand: said apart from the planting
                    text, numbers = self._token_words(view, rule)
                    sentence, places = _plant_sentence(view, move)
                    text = f"{text} (For later: none is in your hand.) Now: {sentence}"
                    return Tip(rule, text, places, move, numbers)
        return None

    def _animal_tip(
        self, game: Game[Any], view: OctopusState, legal: list[Action], taught: frozenset[str]
    ) -> Tip | None:
        garden = _garden(view)
        stars = [act for act in legal if act[0] == "move" and act[1] == "star"]
        if stars:
            move = best(game, view, stars)
            assert move is not None
            src, dst = move[2], move[3]
            steps = oyster_distances(garden)[src]
            choice = sum(1 for act in stars if act[2] == src) > 1
            # Taught once; it comes back when it matters most: an oyster about to be eaten.
            if "sea_star" in taught and steps > 1:
                return None
            eats = " and eat it" if steps == 1 else ""
            pick = " (equally short ways: you choose)" if choice else ""
            return Tip(
                "sea_star",
                f"Your sea star on {cell_name(src)} is {count(steps, 'step')} from an oyster "
                f"token: it must move 1 space closer, to {cell_name(dst)}{eats}{pick}. No "
                "animal may enter coral, so coral can wall an oyster off; printed oysters are "
                "always safe.",
                (cell_name(src), cell_name(dst)),
                move,
                {"steps": steps, "space": 1},
            )
        crabs = [act for act in legal if act[0] == "move" and act[1] != "star"]
        if crabs and "hermit_crab" not in taught:
            move = best(game, view, [*crabs, *(act for act in legal if act == ("done",))])
            text, numbers = self._token_words(view, "hermit_crab")
            places: tuple[str, ...] = ()
            if move is not None and move[0] == "move":
                places = (cell_name(move[2]), cell_name(move[3]))
            return Tip("hermit_crab", text, places, move, numbers)
        return None

    def _refill_tip(self, game: Game[Any], view: OctopusState, legal: list[Action]) -> Tip:
        empty = sum(1 for t in view.market if not t)
        move = best(game, view, legal)
        assert move is not None
        return Tip(
            "refill",
            f"{empty} market spaces are empty: a token is drawn for each and you choose its "
            f"space. Your rival buys next, so put the {describe(view.drawn)} where it helps them "
            f"least: {market_name(move[1])}.",
            (market_name(move[1]),),
            move,
            {"empty": empty},
        )

    # --- feedback, end, closing ---------------------------------------------------------------

    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        """Why the suggestion was better, by the lesson's rating, or that the move is fine."""
        assert isinstance(view, OctopusState)
        if tip.suggests is None:
            return "Fine: any move goes here."
        ours = rate(game, view, tip.suggests)
        theirs = rate(game, view, played)
        suggested = describe_action(view, tip.suggests)
        if played[0] == "pass" and tip.suggests[0] != "pass":
            return (
                "Passing is allowed, but your garden did not grow this turn; the suggestion "
                f"({suggested}) would have added to it."
            )
        if theirs >= ours - 0.5:
            return f"That works too: it rates about as well as the suggestion ({suggested})."
        gap = ours - theirs
        return (
            f"The suggestion ({suggested}) rated about {gap:.1f} points better by the game's "
            "own count and the lesson's eye for groups: keep it in mind."
        )

    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        """At the start of the person's turn, once every rule was taught and
        :data:`MIN_TURNS` turns were played (or :data:`MAX_TURNS` in any case)."""
        assert isinstance(view, OctopusState)
        if view.phase != "market" or view.active != PERSON:
            return False
        played = person_turn(view) - 1
        everything = all(rule.id in taught for rule in self.rules)
        return played >= MAX_TURNS or (everything and played >= MIN_TURNS)

    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        """The person's score, category by category, as if the game ended now."""
        assert isinstance(view, OctopusState)
        scores = game.scores(view)
        mine = scores.by_category(PERSON)
        total = scores.total(PERSON)
        garden = _garden(view)
        k = garden_counts(garden)
        when = "at the end" if view.over else "if the game ended now"
        lines = [f"Your garden would score {total} points {when}:"]
        bonus = view.clowns[PERSON] + view.horses[PERSON]
        lines.append(
            f"- bonus animals: {mine['bonus animals']} "
            f"({count(len(view.clowns[PERSON]), 'clownfish', 'clownfish')} and "
            f"{count(len(view.horses[PERSON]), 'seahorse')}"
            + (f", worth {join_and([str(v) for v in bonus])})" if bonus else ")")
        )
        lines.append(f"- relics: {mine['relics']} ({count(k[RELIC], 'relic')})")
        lines.append(
            f"- hermit crabs and shells: {mine['crabs & shells']} ({count(k[CRAB], 'lone crab')}, "
            f"{count(k[SHELL], 'empty shell')}, {count(k[CRAB_SHELL], 'crab')} in a shell, "
            f"{k[CRAB_TRASH]} in trash)"
        )
        lines.append(f"- trash: {mine['trash']} ({k[TRASH]} loose trash)")
        printed = (
            f"{k[CORAL]} coral, {k[SEAGRASS]} seagrass, {count(k[ANEMONE], 'anemone')}, "
            f"{count(k[STAR], 'sea star')}"
        )
        lines.append(f"- printed points: {mine['printed points']} ({printed})")
        lines.append(
            f"- oysters: {mine['oysters']} ({count(count_base(garden, OYSTER), 'oyster token')})"
        )
        rival = scores.total(1)
        lines.append(
            f"Bot 2 would score {rival}. In a full game you play on until a garden is full; a "
            "tie goes to fewer trash and oyster tokens, then more pearls."
        )
        return lines

    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        """The person's garden spaces and the market's spaces."""
        return frozenset(CELL_NAMES) | frozenset(MARKET_NAMES)


LESSON = OctopusGardenLesson()
"""The lesson :func:`gardens_tui.lessons.lesson_for` finds."""
