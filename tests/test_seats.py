"""Seat views: nothing reaches a seat that it may not see, and a seat acts only for itself.

Two :class:`LocalSeatView` s sit at one toy table (Pearl Dive: hidden hands, "Ann drew the 5"
private log lines), each acting for its own seat, and play whole games through the seat interface
only. After every decision, everything each one hands out -- its view as JSON, its log, its text
rendering, its scores, its legal actions -- is searched for the other seat's secrets.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from typing import Any

import pytest
from toy_game import HIDDEN, TOY, ToyState

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.rng import seed_state
from gardens_tui.seats import LocalSeatView, LogStep, SeatView, hot_seat
from gardens_tui.table import Seat, Setup, Table

pytestmark = pytest.mark.usefixtures("toy_registered")

NAMES = ("Ann", "Bob")


def toy_table(seed: int, *players: str, **options: Any) -> Table:
    seats = tuple(Seat(name) for name in (players or NAMES))
    return Table(Setup("toy", seats, options, seed))


def secrets_of(table: Table, seat: int) -> list[str]:
    """What only ``seat`` may know now, as text that must not appear in another seat's output:
    its private log lines so far, and its hand as the text rendering would show it."""
    name = table.seats[seat].name
    lines = [
        line for state in table.states for _, owner, line in state.private_events if owner == seat
    ]
    state: Any = table.state
    hand = " ".join(str(card) for card in state.hands[seat])
    if hand:
        lines.append(f"{name}: hand [{hand}]")
    return lines


def everything_shown(seat_view: SeatView) -> str:
    """All a seat view hands out, as one text."""
    game = seat_view.game
    view = seat_view.view()
    parts = [
        json.dumps(game.to_dict(view)),
        game.render_text(view, seat_view.viewer),
        *(line for step in seat_view.log() for line in step.lines),
        *(step.notation or "" for step in seat_view.log()),
        repr(seat_view.scores()),
        repr(seat_view.legal_actions()),
        repr(seat_view.decision()),
    ]
    return "\n".join(parts)


def assert_nothing_leaks(table: Table, views: dict[int, LocalSeatView]) -> None:
    state: Any = table.state
    for seat, seat_view in views.items():
        shown = everything_shown(seat_view)
        view: Any = seat_view.view()
        for other in views:
            if other == seat:
                continue
            for secret in secrets_of(table, other):
                assert secret not in shown, f"seat {seat} was shown {secret!r}"
            assert set(view.hands[other]) <= {HIDDEN}
            assert len(view.hands[other]) == len(state.hands[other])  # the count is public
        assert view.hands[seat] == state.hands[seat]  # its own hand, in full
        assert set(view.deck) <= {HIDDEN} and view.rng == 0


@pytest.mark.parametrize("seed", range(12))
def test_two_seats_play_a_whole_game_and_never_see_each_others_hands(seed: int) -> None:
    table = toy_table(seed)
    views = {seat: LocalSeatView(table, (seat,), seat) for seat in (0, 1)}
    chooser = random.Random(seed)
    private_lines = 0
    assert_nothing_leaks(table, views)
    while not table.state.is_over:
        deciding = table.state.current_player
        assert deciding is not None
        me, other = views[deciding], views[1 - deciding]
        assert me.may_act() and not other.may_act()
        assert other.legal_actions() == []
        legal = me.legal_actions()
        assert legal == TOY.legal_actions(table.state)  # the view's actions are the real ones
        me.apply(chooser.choice(legal))
        private_lines += bool(table.state.private_events)
        assert_nothing_leaks(table, views)
    assert private_lines > 3  # the game did draw secretly
    # Once the game is over every seat sees the final scores and the outcome.
    for seat_view in views.values():
        assert seat_view.decision() is None and seat_view.legal_actions() == []
        assert seat_view.scores() == TOY.scores(table.state)
        assert seat_view.outcome() == TOY.winners(table.state)


def test_each_seat_reads_its_own_draws_in_the_log() -> None:
    table = toy_table(3, snap=False)
    ann, bob = LocalSeatView(table, (0,), 0), LocalSeatView(table, (1,), 1)
    spectator = LocalSeatView(table)
    ann.apply(ann.legal_actions()[0])
    bob.apply(bob.legal_actions()[0])
    drawn = [line for state in table.states for _, _, line in state.private_events]
    assert drawn[0].startswith("Ann drew the ") and drawn[1].startswith("Bob drew the ")
    assert ann.log()[0].lines[1] == drawn[0] and ann.log()[1].lines[1] == "Bob drew a card"
    assert bob.log()[0].lines[1] == "Ann drew a card" and bob.log()[1].lines[1] == drawn[1]
    assert [step.lines[1] for step in spectator.log()] == ["Ann drew a card", "Bob drew a card"]
    # Each seat reads the notation of its own decisions only.
    assert ann.log()[0].notation is not None and ann.log()[1].notation is None
    assert spectator.log()[0].notation is None
    assert ann.log(since=1) == ann.log()[1:]


def test_a_seat_may_not_act_for_another_and_nothing_changes() -> None:
    """Rule (seat-checked apply): a seat view refuses to act when the decision is another
    seat's, by action or by text; the table is untouched and nobody is told of a change."""
    table = toy_table(5)
    bob = LocalSeatView(table, (1,), 1)
    seen: list[SeatView] = []
    bob.add_listener(seen.append)
    before = TOY.to_dict(table.state)
    action = TOY.legal_actions(table.state)[0]
    with pytest.raises(IllegalAction, match="it is Ann's decision, not yours"):
        bob.apply(action)
    with pytest.raises(IllegalAction, match="not yours"):
        bob.apply_text(TOY.format_action(action))
    assert TOY.to_dict(table.state) == before and table.actions == [] and seen == []
    assert not bob.can_undo() and not bob.undo()
    assert bob.undo_refusal() == "it is Ann's decision, not yours"
    spectator = LocalSeatView(table)
    with pytest.raises(IllegalAction):
        spectator.apply(action)


def test_undo_through_a_seat_view_and_listeners() -> None:
    """The seat that decided may take back its own decision of the turn (nothing revealed);
    listeners hear of every change, and stop when removed."""
    state = ToyState(
        players=NAMES,
        options={"snap": True},
        rng=seed_state(1),
        hands=[[3, 5], [3, 6]],
        deck=[],
        scored=[[], []],
        bonus=[0, 0],
    )
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 1), [state], [])
    hot = hot_seat(table)
    assert hot.acts_for == {0, 1} and hot.viewer is None
    seen: list[int] = []

    def listener(seat_view: SeatView) -> None:
        seen.append(seat_view.length)

    hot.add_listener(listener)
    version = hot.version
    hot.apply(("play", 5))  # Bob's snap window opens; the deck is empty: nothing revealed
    assert hot.version == version + 1
    assert not hot.can_undo()  # Bob decides now, and it was Ann's play
    hot.apply(("pass",))
    assert not hot.can_undo()  # the pass ended the turn
    hot.remove_listener(listener)
    hot.remove_listener(listener)
    hot.apply(hot.legal_actions()[0])
    assert seen == [1, 2]
    assert table._listeners == []  # the seat view let go of the table too


def test_views_and_logs_follow_the_viewer_and_the_history() -> None:
    table = toy_table(9, snap=False)
    seat_view = LocalSeatView(table, (0, 1), 0)
    first = seat_view.view()
    assert seat_view.view() is first  # cached while nothing changed
    seat_view.apply(seat_view.legal_actions()[0])
    steps = seat_view.log()
    assert [step.index for step in steps] == [1] and steps[0].seat == 0 and steps[0].turn == 1
    seat_view.look_as(1)
    assert seat_view.log()[0].lines[1] == "Ann drew a card"
    assert seat_view.view_at(0).hands[0] == [HIDDEN, HIDDEN]  # type: ignore[attr-defined]
    assert seat_view.view_at(1) is seat_view.view()
    # Free undo, then another decision: the log is redone for the new history.
    table.free_undo = True
    assert seat_view.undo()
    assert seat_view.log() == []
    seat_view.look_as(0)
    seat_view.apply(seat_view.legal_actions()[-1])
    assert seat_view.log()[0].lines[0] == table.state.events[0]


def test_has_secrets_follows_the_hands() -> None:
    table = toy_table(2)
    assert LocalSeatView(table).has_secrets()
    empty = ToyState(
        players=NAMES,
        options={"snap": True},
        rng=seed_state(1),
        hands=[[], []],
        deck=[],
        scored=[[1, 1, 2, 2, 3, 3], [4, 4, 5, 5, 6, 6]],
        bonus=[0, 0],
        over=True,
    )
    over = Table(table.setup, [empty], [])
    assert not LocalSeatView(over).has_secrets()


def test_log_steps_are_json_friendly() -> None:
    """A remote table sends log steps as JSON."""
    step = LogStep(1, 1, 0, ("Ann played a 3",), "play 3")
    assert json.loads(json.dumps(asdict(step))) == {
        "index": 1,
        "turn": 1,
        "seat": 0,
        "lines": ["Ann played a 3"],
        "notation": "play 3",
    }
