"""The driver: bots decide from their seat's view only (on a snapshot, safe in a thread), a skill
decision is rolled, an optional window is the bot's own choice, a failing bot is reported and
recoverable, a choice made for an old position is dropped, and autosave comes after each turn and
at the end."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from toy_game import HIDDEN, TOY, ToyState

from gardens_tui import saves
from gardens_tui.bots import Bot, make_bot
from gardens_tui.driver import Autosaver, BotError, Driver, bot_seed, step_pause
from gardens_tui.rules.base import ROLL, Action, Game, GameState, IllegalAction
from gardens_tui.rules.rng import seed_state
from gardens_tui.table import Seat, Setup, Table

pytestmark = pytest.mark.usefixtures("toy_registered")


def table_of(*players: str, seed: int = 7, **options: Any) -> Table:
    seats = []
    for spec in players:
        name, _, bot = spec.partition("=")
        seats.append(Seat(name, bot or None))
    return Table(Setup("toy", tuple(seats), options, seed))


class SpyBot:
    """Records what it is handed, then lets a real bot decide."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.level = inner.level
        self.seen: list[GameState] = []

    def choose(self, game: Game[Any], state: GameState) -> Action:
        self.seen.append(state)
        return self.inner.choose(game, state)


class BrokenBot:
    """Raises until ``fixed`` (then plays the first legal action)."""

    level = "broken"

    def __init__(self) -> None:
        self.fixed = False
        self.asked = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        self.asked += 1
        if not self.fixed:
            raise RuntimeError("out of ideas")
        return game.legal_actions(state)[0]


def test_bots_decide_from_their_view_only() -> None:
    """Rule: what a bot is handed is its seat's view -- hidden, no PRNG state, no deck order,
    no other seat's hand -- and the game is the same as bots deciding on the full state."""
    table = table_of("Ann=greedy", "Bob=random", "Cleo=greedy", seed=3)
    spies = {
        seat: SpyBot(make_bot(table.seats[seat].bot or "", bot_seed(3, seat))) for seat in (0, 1, 2)
    }
    Driver(table, spies).run()
    assert table.state.is_over
    seen = [(seat, state) for seat, spy in spies.items() for state in spy.seen]
    assert len(seen) > 20
    for seat, state in seen:
        view: Any = state
        assert view.hidden and view.rng == 0 and set(view.deck) <= {HIDDEN}
        assert all(set(hand) <= {HIDDEN} for i, hand in enumerate(view.hands) if i != seat)
    # The same bots on full states play the same game: a view loses a bot nothing it may use.
    state = TOY.new_game(["Ann", "Bob", "Cleo"], {}, 3)
    bots = [make_bot(table.seats[seat].bot or "", bot_seed(3, seat)) for seat in (0, 1, 2)]
    actions = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = ROLL if state.decision and state.decision.skill else bots[seat].choose(TOY, state)
        actions.append(action)
        state = TOY.apply(state, action)
    assert actions == table.actions


def test_run_stops_when_a_person_must_decide_and_plays_only_bot_seats() -> None:
    table = table_of("Ann", "Bob=greedy")
    driver = Driver(table)
    assert driver.bot_to_move() is None and driver.run() == 0
    table.apply(table.legal_actions()[0], seat=0)
    made = driver.run()
    assert made >= 1 and table.state.current_player == 0
    assert all(table.states[i].current_player == 1 for i in range(1, 1 + made))
    with pytest.raises(ValueError, match="Ann is a person"):
        driver.bot_for(0)


def test_run_until_and_max_decisions() -> None:
    """Bots given for human seats play them too (a script's game), until a condition holds or
    a number of decisions is made."""
    table = table_of("Ann", "Bob")
    bots = {seat: make_bot("greedy", seat) for seat in (0, 1)}
    assert Driver(table, bots).run(until=lambda t: len(t.actions) >= 3) == 3
    assert len(table.actions) == 3
    assert Driver(table, bots).run(max_decisions=2) == 2 and len(table.actions) == 5
    Driver(table, bots).run()
    assert table.state.is_over


class NeverAskMe:
    """Fails the test if asked about a dive; always snaps when it can."""

    level = "snappy"

    def choose(self, game: Game[Any], state: GameState) -> Action:
        decision = state.decision
        assert decision is not None and decision.skill is None, "asked to settle a dive"
        legal = game.legal_actions(state)
        return ("snap",) if ("snap",) in legal else legal[-1]


def test_a_skill_decision_is_rolled_and_a_window_is_the_bots_own_choice() -> None:
    dove = snapped = 0
    for seed in range(30):
        table = table_of("Ann=random", "Bob=random", seed=seed)
        driver = Driver(table, {0: NeverAskMe(), 1: NeverAskMe()})
        driver.run()
        for before, action in zip(table.states, table.actions, strict=False):
            decision = before.decision
            assert decision is not None
            if decision.skill is not None:
                assert action == ROLL
                dove += 1
            if decision.optional and ("snap",) in TOY.legal_actions(before):  # type: ignore[arg-type]
                assert action == ("snap",)
                snapped += 1
    assert dove and snapped


def test_a_failing_bot_is_reported_and_can_try_again() -> None:
    table = table_of("Ann", "Bob=random")
    table.apply(table.legal_actions()[0], seat=0)
    broken = BrokenBot()
    driver = Driver(table, {1: broken})
    before = TOY.to_dict(table.state)
    turn = driver.bot_turn()
    assert turn is not None and turn.seat == 1
    with pytest.raises(BotError) as failed:
        driver.choose(turn)
    error = failed.value
    assert str(error) == "Bob (broken bot) could not decide: out of ideas"
    assert (error.seat, error.name, error.level) == (1, "Bob", "broken")
    assert isinstance(error.__cause__, RuntimeError)
    with pytest.raises(BotError):
        driver.run()
    assert TOY.to_dict(table.state) == before and len(table.actions) == 1
    broken.fixed = True  # try again
    assert driver.run() >= 1 and table.state.current_player == 0


def test_a_stand_in_plays_any_legal_move_for_a_failed_bot() -> None:
    table = table_of("Ann", "Bob=random")
    table.apply(table.legal_actions()[0], seat=0)
    driver = Driver(table, {1: BrokenBot()})
    turn = driver.bot_turn(stand_in=True)
    assert turn is not None and turn.bot.level == "random"
    action = driver.choose(turn)
    assert action in TOY.legal_actions(table.state)
    assert driver.play(turn.seat, action, turn.version)


def test_an_illegal_choice_is_a_bot_error_and_changes_nothing() -> None:
    class Cheat:
        level = "cheat"

        def choose(self, game: Game[Any], state: GameState) -> Action:
            return ("play", 99)

    table = table_of("Ann=random", "Bob")
    driver = Driver(table, {0: Cheat()})
    with pytest.raises(BotError, match=r"Ann \(cheat bot\) could not decide: it chose"):
        driver.step()
    assert table.actions == []
    # The table's own refusal is a bot error too (a seat that is not deciding).
    with pytest.raises(BotError, match="not Bob's"):
        driver.play(1, ("play", 1), table.version)
    assert table.actions == []


def test_a_choice_for_a_position_that_changed_meanwhile_is_dropped() -> None:
    """A bot thinking in a thread works on its turn's own view; an undo, a load or another
    decision meanwhile makes its choice stale, and playing it does nothing."""
    table = table_of("Ann", "Bob=random", snap=True)
    table.apply(table.legal_actions()[0], seat=0)  # Bob's snap window
    driver = Driver(table)
    turn = driver.bot_turn()
    assert turn is not None
    view_before = TOY.to_dict(turn.view)  # type: ignore[arg-type]
    table.apply(("pass",), seat=1)  # decided elsewhere meanwhile
    chosen: list[Action] = []
    worker = threading.Thread(target=lambda: chosen.append(driver.choose(turn)))
    worker.start()
    worker.join(timeout=30)
    assert TOY.to_dict(turn.view) == view_before  # type: ignore[arg-type]
    assert not driver.play(turn.seat, chosen[0], turn.version)
    assert len(table.actions) == 2
    # The same length of history after an undo and another decision is still another version.
    table.free_undo = True
    version = table.version
    table.undo()
    table.apply(("pass",), seat=1)
    assert len(table.actions) == 2 and table.version != version


def test_autosave_after_each_turn_and_at_the_end() -> None:
    table = table_of("Ann=greedy", "Bob=random")
    saved: list[tuple[int, int, bool]] = []

    def hook(t: Table) -> Path | None:
        saved.append((len(t.actions), t.state.turn, t.state.is_over))
        return None

    driver = Driver(table, autosave=hook)
    assert driver.autosave_if_due() is None and saved == []
    driver.run()
    assert table.state.is_over
    marks = [(turn, over) for _, turn, over in saved]
    assert marks == sorted(set(marks))  # once per turn, in order
    assert [turn for turn, _ in marks[:-1]] == list(range(2, table.state.turn + 1))
    assert saved[-1] == (len(table.actions), table.state.turn, True)  # and at the end


def test_a_failing_autosave_is_raised_and_not_retried_within_the_turn() -> None:
    table = table_of("Ann", "Bob")
    calls: list[int] = []

    def failing(t: Table) -> Path | None:
        calls.append(t.state.turn)
        raise OSError("disk full")

    driver = Driver(table, autosave=failing)
    while table.state.turn == 1:
        table.apply(table.legal_actions()[0])
    with pytest.raises(OSError, match="disk full"):
        driver.autosave_if_due()
    assert driver.autosave_if_due() is None and calls == [2]


def test_autosaver_writes_the_autosave_and_then_replaces_its_own() -> None:
    table = table_of("Ann", "Bob")
    autosaver = Autosaver()
    first = autosaver(table)
    assert first.parent == saves.autosaves_dir()
    table.apply(table.legal_actions()[0])
    assert autosaver(table) == first
    assert saves.load_table(first).notation() == table.notation()
    assert Driver(table).autosave() is None  # no hook: nothing written


def test_the_turns_view_is_a_private_copy() -> None:
    state = ToyState(
        players=("Ann", "Bob"),
        options={"snap": True},
        rng=seed_state(1),
        hands=[[3, 5], [3, 6]],
        deck=[],
        scored=[[], []],
        bonus=[0, 0],
    )
    table = Table(Setup("toy", (Seat("Ann", "random"), Seat("Bob")), {}, 1), [state], [])
    turn = Driver(table).bot_turn()
    assert turn is not None and turn.view is not table.state
    view: Any = turn.view
    view.hands[0].append(9)
    assert table.state.hands[0] == [3, 5]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        table.apply(("play", 9), seat=0)


def test_a_bot_pauses_before_a_real_choice_and_never_before_a_forced_step() -> None:
    """People follow a bot's turn step by step (the app's and the server's bots pause alike):
    a decision with more than one choice, an optional window and a skill decision get the
    pause; a step with one legal action and nothing to choose gets none."""
    table = table_of("Ann=random", "Bob=random", "Cleo=random")
    driver = Driver(table)
    paused = forced = 0
    while (turn := driver.bot_turn()) is not None:
        legal = turn.game.legal_actions(turn.view)
        chooses = len(legal) > 1 or turn.decision.optional or turn.decision.skill is not None
        assert step_pause(turn, 0.2) == (0.2 if chooses else 0.0)
        assert step_pause(turn, 0.0) == 0.0
        paused, forced = paused + chooses, forced + (not chooses)
        driver.play(turn.seat, driver.choose(turn), turn.version)
    assert paused and forced
