"""The read-only replay seat view (issue 7: a finished or loaded game replayed move by move).

A :class:`ReplaySeatView` of a toy table (Pearl Dive: hidden hands, private draws) shows the game
as it stood after move ``k``: the view, the log up to ``k``, the decision then, the scores then.
It never acts, never changes the table it was made from, is not moved by that table going on,
redraws its listeners when ``k`` moves, and never shows a hand its viewer could not see.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from toy_game import HIDDEN

from gardens_tui.driver import Driver
from gardens_tui.replay_view import REPLAY_REFUSAL, ReplaySeatView, replay_viewer
from gardens_tui.rules.base import IllegalAction
from gardens_tui.seats import LocalSeatView, SeatView
from gardens_tui.table import Seat, Setup, Table

pytestmark = pytest.mark.usefixtures("toy_registered")


def played_table(*players: str, seed: int = 5, moves: int | None = None) -> Table:
    """A toy table played by random choices (seeded) for ``moves`` decisions (or to the end)."""
    seats = []
    for spec in players or ("Ann", "Bob"):
        name, _, bot = spec.partition("=")
        seats.append(Seat(name, bot or None))
    table = Table(Setup("toy", tuple(seats), {}, seed))
    rng = random.Random(seed)
    while not table.state.is_over and (moves is None or len(table.actions) < moves):
        table.apply(rng.choice(table.legal_actions()))
    return table


def hands(view: Any) -> list[list[int]]:
    return [list(hand) for hand in view.hands]


def test_the_replay_shows_each_position_its_log_and_its_decision() -> None:
    """Issue 7: view() is view_at(k), log() stops at move k, decision() is the one pending at k,
    length is k."""
    table = played_table()
    total = len(table.actions)
    replay = ReplaySeatView(table)
    full = LocalSeatView(table, (), None)
    assert (replay.total, replay.position, replay.length) == (total, 0, 0)
    for k in range(total + 1):
        replay.go_to(k)
        game = replay.game
        assert replay.length == k
        assert game.to_dict(replay.view()) == game.to_dict(full.view_at(k))
        assert replay.view() is replay.view_at(k)  # one object per position: screens cache on it
        assert replay.log() == full.log()[:k]
        assert [step.index for step in replay.log(max(k - 2, 0))] == list(
            range(max(k - 2, 0) + 1, k + 1)
        )
        assert replay.decision() == table.states[k].decision
        assert replay.outcome() == (game.winners(table.states[k]) if k == total else None)
        assert replay.scores() == game.scores(
            table.states[k] if table.states[k].is_over else full.view_at(k)
        )
    assert replay.step_at(0) is None
    assert replay.step_at(total) == full.log()[-1]


def test_nothing_can_be_played_or_undone_and_the_table_never_changes() -> None:
    """Issue 7: a replay is read-only: may_act is False, apply/undo are refused "this is a
    replay", and the table it was made from is left exactly as it was."""
    table = played_table("Ann", "Bob=greedy", moves=7)
    before = (list(table.states), list(table.actions), table.version)
    replay = ReplaySeatView(table, 3)
    assert not replay.may_act()
    assert replay.legal_actions() == []
    with pytest.raises(IllegalAction, match=REPLAY_REFUSAL):
        replay.apply(("play", 1))
    with pytest.raises(IllegalAction, match=REPLAY_REFUSAL):
        replay.apply_text("play 1")
    assert not replay.can_undo()
    assert replay.undo_refusal() == REPLAY_REFUSAL
    assert replay.undo() is False
    replay.go_to(replay.total)
    replay.step(-2)
    assert (list(table.states), list(table.actions), table.version) == before


def test_the_replay_is_a_copy_the_game_going_on_does_not_move_it() -> None:
    """The replay holds the history as it was when made: later moves at the table (or an undo)
    do not change what it shows, and its table is its own."""
    table = played_table("Ann", "Bob", moves=4)
    replay = ReplaySeatView(table, 4)
    shown = replay.game.to_dict(replay.view())
    rng = random.Random(1)
    table.apply(rng.choice(table.legal_actions()))
    assert replay.total == 4
    assert replay.table is not table
    assert replay.game.to_dict(replay.view()) == shown
    assert not replay.go_to(5)  # clamped to the copy's length


def test_moving_changes_the_version_and_tells_the_listeners() -> None:
    """Screens redraw when the replay moves: the version changes and every listener is called
    once per move (not for a move that goes nowhere, nor after it was removed)."""
    table = played_table(moves=5)
    replay = ReplaySeatView(table)
    heard: list[int] = []

    def listener(view: SeatView) -> None:
        heard.append(view.length)

    replay.add_listener(listener)
    versions = {replay.version}
    assert replay.step(1) and replay.step(2) and replay.go_to(0)
    versions |= {replay.version}
    assert not replay.step(-1)  # already at the start
    assert not replay.go_to(0)
    assert replay.go_to(99) and replay.position == 5  # clamped to the end
    assert heard == [1, 3, 0, 5]
    assert replay.version != 0 and len(versions) == 2
    replay.remove_listener(listener)
    replay.remove_listener(listener)  # no error the second time
    replay.step(-1)
    assert heard == [1, 3, 0, 5]


def test_one_human_sees_only_their_own_hand_and_several_humans_see_none() -> None:
    """Never reveal a hand the person watching could not see: with one human the replay is drawn
    for that seat (their cards, their own draws in the log); with several humans (or only bots)
    for a spectator."""
    solo = played_table("Ann", "Bob=greedy", moves=8)
    assert replay_viewer(solo) == 0
    replay = ReplaySeatView(solo, 8)
    assert replay.viewer == 0
    for k in range(9):
        replay.go_to(k)
        view_hands = hands(replay.view())
        assert view_hands[0] == list(solo.states[k].hands[0])  # type: ignore[attr-defined]
        assert all(card == HIDDEN for card in view_hands[1])
    assert replay.log() == LocalSeatView(solo, (), 0).log()

    pair = played_table("Ann", "Bob", moves=8)
    assert replay_viewer(pair) is None
    spectator = ReplaySeatView(pair, 8)
    assert spectator.viewer is None
    assert all(card == HIDDEN for hand in hands(spectator.view()) for card in hand)
    assert all(step.notation is None for step in spectator.log())
    spectator.look_as(1)  # the viewer is fixed
    assert spectator.viewer is None

    bots = played_table("Ann=greedy", "Bob=random", moves=3)
    assert replay_viewer(bots) is None


def test_a_viewer_may_be_chosen_and_must_be_a_seat() -> None:
    """``viewer`` overrides the automatic choice; a seat that is not at the table is refused."""
    table = played_table(moves=2)
    assert ReplaySeatView(table, viewer=1).viewer == 1
    assert ReplaySeatView(table, viewer=None).viewer is None
    with pytest.raises(ValueError):
        ReplaySeatView(table, viewer=2)


def test_a_bot_game_replays_from_its_save_to_the_same_positions() -> None:
    """A whole bot game at a table, replayed: every position is the table's own."""
    table = Table(Setup("toy", (Seat("Ann", "greedy"), Seat("Bob", "random")), {}, 3))
    Driver(table, autosave=lambda _: None).run()
    assert table.state.is_over
    replay = ReplaySeatView(table, len(table.actions))
    assert replay.decision() is None and replay.outcome() is not None
    replay.go_to(0)
    assert replay.outcome() is None and replay.decision() == table.states[0].decision


def test_every_table_reading_method_of_a_local_seat_view_is_replaced() -> None:
    """A ReplaySeatView is a LocalSeatView (what game screens take), so every public member that
    reads the table's current state or acts on it must be its own: an inherited one would show
    the end of the game, or play. Only the static ones (the rules, the setup, the seats, whom it
    acts for: nobody, whose eyes: fixed) may be inherited."""
    static = {"game", "setup", "seats", "acts_for", "viewer"}
    public = {name for name in dir(LocalSeatView) if not name.startswith("_")}
    missing = sorted(name for name in public - static if name not in vars(ReplaySeatView))
    assert missing == []
    assert ReplaySeatView(played_table(moves=1)).acts_for == frozenset()
