"""The bots: legal actions only, decisions from their own view only, reproducible from a seed,
and the greedy level clearly stronger than the random one.

The toy game (Pearl Dive) is pure luck -- a seat's score is the sum of the cards it is dealt,
whatever it plays -- so no bot can beat another there; greedy's strength is measured on Pearl
Pick below (a small game of skill) and on every registered game.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from toy_game import HIDDEN, TOY, ToyGame, ToyState

from gardens_tui.bots import BASIC_LEVELS, LEVELS, Bot, GreedyBot, RandomBot, make_bot
from gardens_tui.rules import conformance as C
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
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import Rng, seed_state

# --------------------------------------------------------------------------------------------
# Pearl Pick: a game where one decision of look-ahead pays
# --------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False, kw_only=True)
class PickState(GameState):
    """A row of pearls (values 1-9) and what each seat has taken."""

    game_id = "pearl-pick"
    row: list[int] = field(default_factory=list)
    taken: list[list[int]] = field(default_factory=list)

    @property
    def decision(self) -> Decision | None:
        """Take a pearl from one end of the row."""
        if self.over:
            return None
        return Decision(self.active, "take", "Take the left or the right pearl")

    def copy(self) -> PickState:
        """A copy sharing nothing mutable."""
        return PickState(
            players=self.players,
            options=dict(self.options),
            rng=self.rng,
            active=self.active,
            turn=self.turn,
            events=self.events,
            chance=self.chance,
            over=self.over,
            hidden=self.hidden,
            row=list(self.row),
            taken=[list(t) for t in self.taken],
        )


class PearlPick(Game[PickState]):
    """Seats in turn take the pearl at the left or right end of a row; most points wins."""

    spec = GameSpec(
        id="pearl-pick",
        title="Pearl Pick (test game)",
        min_players=2,
        max_players=4,
        blurb="Take pearls from the ends of a row.",
        summary="On your turn take the left or right pearl. Most points wins; ties are shared.",
    )
    ROW = 16

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> PickState:
        """A random row of 16 pearls."""
        self.spec.check_player_count(len(players))
        rng = Rng(seed_state(seed))
        row = [rng.randint(1, 9) for _ in range(self.ROW)]
        return PickState(
            players=tuple(players),
            options=self.spec.normalise_options(options),
            rng=rng.state,
            row=row,
            taken=[[] for _ in players],
        )

    def legal_actions(self, state: PickState) -> list[Action]:
        """Left and right (one action when a single pearl is left)."""
        if state.over:
            return []
        return [("take", "left"), ("take", "right")] if len(state.row) > 1 else [("take", "left")]

    def apply(self, state: PickState, action: Action) -> PickState:
        """Take the pearl; the game ends with the row."""
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not legal now (rule: take an end pearl)")
        s = state.copy()
        s.chance = False
        pearl = s.row.pop(0 if action[1] == "left" else -1)
        s.taken[s.active].append(pearl)
        s.events = (f"{s.players[s.active]} took a {pearl}",)
        if s.row:
            s.active = (s.active + 1) % len(s.players)
            s.turn += 1
        else:
            s.over = True
        return s

    def scores(self, state: PickState) -> Scores:
        """Points: the sum of the pearls taken."""
        return Scores(("pearls",), tuple((sum(t),) for t in state.taken), final=state.over)

    def winners(self, state: PickState) -> Outcome:
        """Most points; a tie is shared."""
        totals = self.scores(state).totals()
        tied = tuple(i for i, t in enumerate(totals) if t == max(totals))
        return Outcome(tied, "a shared win" if len(tied) > 1 else None)

    def view(self, state: PickState, seat: int | None) -> PickState:
        """Everything is public but the PRNG."""
        v = state.copy()
        v.rng = 0
        v.hidden = True
        return v

    def determinise(self, view: PickState, seat: int | None, rng: Rng) -> PickState:
        """Nothing is hidden but the PRNG."""
        position = view.copy()
        position.rng = rng.next64()
        position.hidden = False
        return position

    def evaluate(self, state: PickState, seat: int) -> float:
        """The score margin over the best rival."""
        totals = self.scores(state).totals()
        return float(totals[seat] - max(t for i, t in enumerate(totals) if i != seat))

    def to_dict(self, state: PickState) -> dict[str, Any]:
        """JSON-safe form."""
        d = F.common_to_dict(state)
        d.update(row=list(state.row), taken=[list(t) for t in state.taken])
        return d

    def from_dict(self, data: Any) -> PickState:
        """Validated state."""
        common = F.read_common(data, self.spec)

        def pearl(x: Any, p: str) -> int:
            return F.integer(x, p, 1, 9)

        def pearls(x: Any, p: str) -> list[int]:
            return F.array(x, p, pearl, max_length=self.ROW)

        state = PickState(
            **common,
            row=pearls(data.get("row"), "state.row"),
            taken=F.array(data.get("taken"), "state.taken", pearls, length=len(common["players"])),
        )
        if len(state.row) + sum(map(len, state.taken)) != self.ROW:
            raise F.fail("state", f"the pearls do not add up to {self.ROW}")
        if state.over != (not state.row):
            raise F.fail("state.over", "the game is over exactly when the row is empty")
        return state

    def component_counts(self, state: PickState) -> dict[str, int]:
        """The 16 pearls."""
        return {"pearls": len(state.row) + sum(map(len, state.taken))}

    def format_action(self, action: Action) -> str:
        """``take left`` / ``take right``."""
        return " ".join(map(str, action))

    def parse_action(self, state: PickState, text: str) -> Action:
        """The inverse of :meth:`format_action`."""
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1] in ("left", "right"):
            return ("take", words[1])
        raise IllegalAction(f"not an action: {text!r} (try 'take left')")

    def render_text(self, state: PickState, seat: int | None = None) -> str:
        """The row and the seats' points."""
        totals = self.scores(state).totals()
        points = ", ".join(f"{n} {t}" for n, t in zip(state.players, totals, strict=True))
        return f"row: {' '.join(map(str, state.row))}\n{points}"


PICK = PearlPick()

# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------

ALL_GAME_IDS = ["toy", "pearl-pick", *GAMES]


def game_for(game_id: str) -> Game[Any]:
    """The toy, Pearl Pick or a registered game."""
    local: dict[str, Game[Any]] = {"toy": TOY, "pearl-pick": PICK}
    return local[game_id] if game_id in local else get_game(game_id)


def play(
    game: Game[Any], bots: Sequence[Bot], seed: int, *, check: bool = True
) -> tuple[GameState, list[Action]]:
    """Play one game with ``bots[seat]`` deciding for each seat; with ``check``, assert each
    choice is legal and leaves the position alone."""
    state = game.new_game(C.seat_names(len(bots)), {}, seed)
    actions: list[Action] = []
    for _ in range(C.MAX_DECISIONS):
        if state.is_over:
            return state, actions
        seat = state.current_player
        assert seat is not None
        if check:
            before = game.to_dict(state)
            legal = game.legal_actions(state)
        action = bots[seat].choose(game, state)
        if check:
            assert action in legal, f"{bots[seat].level} bot chose {action!r}, not legal"
            assert game.to_dict(state) == before, "choosing changed the position"
        state = game.apply(state, action)
        actions.append(action)
    raise AssertionError("the game did not end")


def greedy_wins(game: Game[Any], players: int, seeds: range) -> float:
    """The share of games one greedy bot wins (alone or tied) against random bots, its seat
    rotating with the seed."""
    wins = 0
    for seed in seeds:
        greedy_seat = seed % players
        bots = [
            make_bot("greedy" if i == greedy_seat else "random", seed * 10 + i)
            for i in range(players)
        ]
        state, _ = play(game, bots, seed, check=False)
        wins += greedy_seat in game.winners(state).winners
    return wins / len(seeds)


# --------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------


def test_levels_and_make_bot() -> None:
    """The levels, weakest first, and make_bot for each; an unknown level is an error."""
    assert LEVELS == ("random", "greedy", "strong", "expert")
    assert BASIC_LEVELS == ("random", "greedy")
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("level", BASIC_LEVELS)
@pytest.mark.parametrize("game_id", ALL_GAME_IDS)
def test_bots_only_choose_legal_actions(game_id: str, level: str) -> None:
    """Rule: a bot always picks one of the legal actions and never changes the position, over
    whole games at every player count."""
    game = game_for(game_id)
    spec = game.spec
    games = 24 if game_id in ("toy", "pearl-pick") else 3
    for i in range(games):
        players = spec.counts[i % len(spec.counts)]
        bots = [make_bot(level, 100 * i + seat) for seat in range(players)]
        state, actions = play(game, bots, seed=i)
        assert state.is_over and actions


@pytest.mark.parametrize("level", BASIC_LEVELS)
def test_bots_refuse_a_finished_game(level: str) -> None:
    """A bot asked to move in a finished game says so."""
    state, _ = play(PICK, [make_bot("random", 1), make_bot("random", 2)], 5)
    with pytest.raises(ValueError, match="game is over"):
        make_bot(level).choose(PICK, state)


def _reshuffle_hidden(state: ToyState, seat: int, seed: int) -> ToyState:
    """The same position as ``seat`` sees it, with other hands, the deck and the PRNG changed."""
    other = state.copy()
    shuffler = random.Random(seed)
    pool = [c for i, h in enumerate(state.hands) if i != seat for c in h] + list(state.deck)
    shuffler.shuffle(pool)
    for i, hand in enumerate(state.hands):
        if i != seat:
            other.hands[i] = sorted(pool.pop() for _ in hand)
    other.deck = pool
    other.rng = seed_state(seed)
    return other


@pytest.mark.parametrize("level", BASIC_LEVELS)
def test_bots_decide_from_their_view_only(level: str) -> None:
    """Rule: bots decide from their view -- given positions that differ only in what the
    deciding seat cannot see (other hands, deck order, the PRNG), a bot decides the same, and
    the same as when given only its view."""
    compared = 0
    for seed in range(30):
        state = TOY.new_game(C.seat_names(2 + seed % 3), {}, seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            twin = _reshuffle_hidden(state, seat, seed * 1000 + state.turn)
            assert TOY.to_dict(TOY.view(twin, seat)) == TOY.to_dict(TOY.view(state, seat))
            choice = make_bot(level, seed).choose(TOY, state)
            assert make_bot(level, seed).choose(TOY, twin) == choice
            assert make_bot(level, seed).choose(TOY, TOY.view(state, seat)) == choice
            compared += 1
            state = TOY.apply(state, choice)
    assert compared > 300


@pytest.mark.parametrize("level", BASIC_LEVELS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_bots_ignore_the_prng_in_registered_games(game_id: str, level: str) -> None:
    """Rule: in every registered game a bot decides the same whatever the (hidden) PRNG state,
    and the same when handed only its view."""
    game = get_game(game_id)
    for seed in range(2):
        state = game.new_game(
            C.seat_names(game.spec.max_players), C.all_on_options(game.spec), seed
        )
        for step in range(400):
            if state.is_over:
                break
            seat = state.current_player
            choice = make_bot(level, step).choose(game, state)
            if step % 3 == 0:
                twin = state.copy()
                twin.rng = seed_state(step + 12345)
                assert make_bot(level, step).choose(game, twin) == choice
                assert make_bot(level, step).choose(game, game.view(state, seat)) == choice
            state = game.apply(state, choice)


class SpyToy(ToyGame):
    """Records every position the greedy bot evaluates."""

    def __init__(self) -> None:
        self.evaluated: list[ToyState] = []

    def evaluate(self, state: ToyState, seat: int) -> float:
        self.evaluated.append(state)
        return super().evaluate(state, seat)


def test_greedy_only_evaluates_masked_positions() -> None:
    """Rule: the greedy bot looks ahead on its view -- every position it rates is hidden, has
    no PRNG state and shows no other seat's hand."""
    spy = SpyToy()
    for seed in range(20):
        bots = [make_bot("greedy", seed + i) for i in range(3)]
        play(spy, bots, seed)
    assert len(spy.evaluated) > 100
    for state in spy.evaluated:
        assert state.hidden and state.rng == 0
        assert set(state.deck) <= {HIDDEN}
        seen_hands = [i for i, h in enumerate(state.hands) if any(c != HIDDEN for c in h)]
        assert len(seen_hands) <= 1


class HiddenOutcomeToy(ToyGame):
    """Refuses to play a card on a masked position (its outcome needs the hidden deck)."""

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if state.hidden and action[0] == "play":
            raise IllegalAction("the outcome depends on the hidden deck (rule: play)")
        return super().apply(state, action)


def test_greedy_survives_actions_it_cannot_look_ahead_on() -> None:
    """An action the view cannot resolve is rated as the current position, not a crash."""
    game = HiddenOutcomeToy()
    for seed in range(10):
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        state, _ = play(game, bots, seed)
        assert state.is_over


def test_greedy_takes_a_forced_action_without_looking_ahead() -> None:
    """With one legal action the greedy bot plays it without evaluating anything."""
    spy = SpyToy()
    state = TOY.new_game(["A", "B"], {}, 0)
    state.hands[0] = [4]
    assert GreedyBot(1).choose(spy, state) == ("play", 4)
    assert spy.evaluated == []


@pytest.mark.parametrize("level", BASIC_LEVELS)
@pytest.mark.parametrize("game_id", ALL_GAME_IDS)
def test_bot_games_are_reproducible_from_their_seeds(game_id: str, level: str) -> None:
    """Rule: the same game seed and bot seeds give the same game, move for move; other bot
    seeds give another game (random level)."""
    game = game_for(game_id)
    players = game.spec.min_players

    def run(bot_seed: int) -> list[Action]:
        return play(game, [make_bot(level, bot_seed + i) for i in range(players)], 7, check=False)[
            1
        ]

    first = run(1)
    assert run(1) == first
    if level == "random":
        assert any(run(s) != first for s in (2, 3, 4))


def test_random_bot_spreads_its_choices() -> None:
    """The random bot picks every legal action over many decisions."""
    state = PICK.new_game(["A", "B"], {}, 3)
    bot = RandomBot(9)
    picks = {bot.choose(PICK, state) for _ in range(50)}
    assert picks == set(PICK.legal_actions(state))


def test_greedy_picks_the_best_pearl() -> None:
    """Greedy takes the bigger end pearl (one decision ahead)."""
    state = PICK.new_game(["A", "B"], {}, 0)
    state.row = [2, 5, 5, 5, 8]
    assert GreedyBot(0).choose(PICK, state) == ("take", "right")
    state.row = [9, 5, 5, 5, 1]
    assert GreedyBot(0).choose(PICK, state) == ("take", "left")


def test_toy_is_a_game_of_luck() -> None:
    """Why the toy game does not rank the bots: without snapping, every seat scores exactly the
    cards it is dealt, so a deal ends with the same scores whatever the seats play."""
    for seed in range(10):
        finals = set()
        for bot_seed in range(4):
            level = BASIC_LEVELS[bot_seed % 2]
            bots = [make_bot(level, bot_seed * 10 + i) for i in range(3)]
            state = TOY.new_game(["A", "B", "C"], {"snap": False}, seed)
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                state = TOY.apply(state, bots[seat].choose(TOY, state))
            finals.add(TOY.scores(state).totals())
        assert len(finals) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_beats_random_at_pearl_pick(players: int) -> None:
    """Rule (bot levels): one greedy bot wins a clear majority of games against random bots."""
    assert greedy_wins(PICK, players, range(60)) >= 0.65


GREEDY_GAMES = {"octopus-garden": 24, "tanuki-in-the-garden": 80}
"""Games per registered game at the smallest player count (half as many at the largest);
other games play 20. Tanuki's eight-player games are close to a lottery between eight walkers
(greedy wins 58 % of 200 against seven random bots, the chance share being 12.5 %): 40 games
keep the measure from hanging on three or four of them."""

LUCK_RACES = frozenset({"throw-octopus"})
"""Games decided mostly by the tiles dealt (a race to empty your hand where you must play when
you can): a one-move-ahead bot there is held to beating the chance rate, 1 in N (over 200 games
at the fewest players, 100 at the most)
(measured over 200: 41 % at 3 players, 22.5 % at 5; even a bot choosing the worst move wins about
30 % of 3-player games). The strong bot (issue 13) is where such games get a real opponent."""


@pytest.mark.parametrize("end", ["fewest", "most"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_greedy_beats_random_in_every_registered_game(game_id: str, end: str) -> None:
    """Rule (bot levels): in every registered game, at its fewest (but at least two) and its
    most players, one greedy bot wins a clear majority (at least 60 %, or four times its
    chance share when that is less: half the games at eight players) of a fixed set of games
    against random bots; in a game of :data:`LUCK_RACES`, more than its chance share."""
    game = get_game(game_id)
    count = 200 if game_id in LUCK_RACES else GREEDY_GAMES.get(game_id, 20)
    if end == "fewest":
        players, seeds = min(n for n in game.spec.counts if n > 1), range(count)
    else:
        players, seeds = game.spec.max_players, range(count // 2)
    share = greedy_wins(game, players, seeds)
    if game_id in LUCK_RACES:
        assert share > 1 / players, f"greedy won {share:.0%}: no better than chance"
    else:
        bar = min(0.6, 4 / players)
        assert share >= bar, f"greedy won only {share:.0%} against random at {players} players"


def test_pearl_pick_conforms() -> None:
    """The bots' test game is itself a conforming game (and shows the conformance suite is
    game-agnostic)."""
    pool = C.ActionPool()
    for setup in C.playout_setups(PICK.spec, 24):
        C.play_checked(PICK, setup, pool=pool)


def test_the_table_loads_the_level_names_but_not_the_bots(tmp_path: Path) -> None:
    """``gardens_tui.table`` checks bot levels through the bots package's tiny ``__init__``;
    the bots themselves (``gardens_tui.bots.basic``) load on first use, and every public name
    of the package still imports from it."""
    code = textwrap.dedent(
        """
        import sys
        import gardens_tui.table
        print("BASIC=" + str("gardens_tui.bots.basic" in sys.modules))
        from gardens_tui.bots import LEVELS, Bot, GreedyBot, RandomBot, make_bot
        print("LATER=" + str("gardens_tui.bots.basic" in sys.modules))
        print("KINDS=" + type(make_bot("greedy")).__name__ + "," + RandomBot.__name__)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
        timeout=120,
        check=True,
    )
    assert result.stdout.split() == ["BASIC=False", "LATER=True", "KINDS=GreedyBot,RandomBot"]
    with pytest.raises(AttributeError, match="no attribute 'SmartBot'"):
        import gardens_tui.bots as package

        package.SmartBot  # noqa: B018
