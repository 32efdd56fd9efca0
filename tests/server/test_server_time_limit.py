"""A table's time limit for each decision of a person's seat, with the owner's clock replaced:
the test decides when a limit runs out (no waiting on a real clock)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from owner_thread import GUARD, OwnerThread, start_owner

from gardens_tui.server.lobby.protocol import ProtocolError, check_request

StartOwner = Callable[..., OwnerThread]


class FakeTimer:
    """One scheduled call; :attr:`cancelled` once cancelled."""

    def __init__(self, seconds: float, call: Callable[[], None]) -> None:
        self.seconds = seconds
        self.call = call
        self.cancelled = False

    def cancel(self) -> None:
        """Do not call it after all."""
        self.cancelled = True


class FakeClock:
    """A :data:`~gardens_tui.server.lobby.owner.Schedule` that only records what is scheduled."""

    def __init__(self) -> None:
        self.timers: list[FakeTimer] = []

    def __call__(self, seconds: float, call: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(seconds, call)
        self.timers.append(timer)
        return timer

    def live(self) -> list[FakeTimer]:
        """The timers not cancelled."""
        return [timer for timer in self.timers if not timer.cancelled]


def run_out(owner: OwnerThread, clock: FakeClock) -> None:
    """Let the one live time limit run out (on the owner's loop); it is done then."""
    live = owner.call(clock.live)
    assert len(live) == 1, "exactly one decision's time is running"
    live[0].cancelled = True
    owner.call(live[0].call)


def test_time_limit_passes_an_optional_window_or_plays_for_the_seat(
    start_owner: StartOwner,
) -> None:
    """Rule: with a time limit, each decision of a person's seat gets that long; when it runs
    out an optional window is passed, and any other decision is played for the seat by a bot
    (one decision only: the next one is the person's again, with a new limit)."""
    clock = FakeClock()
    owner = start_owner(None, clock)
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3, turn_seconds=30)
    table = owner.owner.tables[code].table
    assert [t.seconds for t in owner.call(clock.live)] == [30]
    assert ann.list_tables()[0]["turn_seconds"] == 30
    view = ann.join(code, 0)
    played = threading.Event()
    view.add_listener(lambda _: played.set())
    run_out(owner, clock)  # Ann's play: a stand-in plays one card for her
    assert played.wait(GUARD)
    assert owner.call(lambda: table.state.current_player) == 1
    window = owner.call(lambda: table.state.decision)
    assert window is not None and window.optional and window.pass_action is not None
    length = owner.call(lambda: len(table.actions))
    run_out(owner, clock)  # Bob's reaction window: passed
    assert owner.call(lambda: table.actions[length]) == window.pass_action


def test_a_decision_in_time_cancels_the_limit_and_an_old_limit_does_nothing(
    start_owner: StartOwner,
) -> None:
    """Rule: deciding in time cancels that decision's limit; a limit that runs out after the
    table moved on changes nothing. Without a limit nothing is ever scheduled."""
    clock = FakeClock()
    owner = start_owner(None, clock)
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3, turn_seconds=5)
    first = owner.call(clock.live)[0]
    view = ann.join(code, 0)
    view.apply(view.legal_actions()[0])
    assert first.cancelled
    version = owner.call(lambda: owner.owner.tables[code].table.version)
    owner.call(first.call)  # too late: the decision it timed is made
    assert owner.call(lambda: owner.owner.tables[code].table.version) == version
    untimed = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    listed = {entry["code"]: entry["turn_seconds"] for entry in ann.list_tables()}
    assert listed == {code: 5, untimed: None}
    assert len(owner.call(clock.live)) == 1  # only the timed table's decision


def test_time_limit_is_kept_across_a_restart(start_owner: StartOwner, tmp_path: Path) -> None:
    """Behaviour: the table's time limit is saved with its seats and restored."""
    owner = start_owner(tmp_path)
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3, turn_seconds=60)
    owner.stop()
    clock = FakeClock()
    again = start_owner(tmp_path, clock)
    assert again.owner.tables[code].turn_seconds == 60
    assert [t.seconds for t in again.call(clock.live)] == [60]


@pytest.mark.parametrize("seconds", [0, 4, 10**6, True])
def test_time_limit_out_of_range_is_refused(seconds: object) -> None:
    """Rule: a time limit is a whole number of seconds from 5 to a day, or none."""
    message = {
        "type": "create",
        "id": 1,
        "game": "toy",
        "seats": [{"name": "A", "bot": None}],
        "options": {},
        "seed": None,
        "turn_seconds": seconds,
    }
    with pytest.raises(ProtocolError, match="turn_seconds"):
        check_request(message)


def test_create_without_the_limit_field_is_a_protocol_error() -> None:
    """Rule: ``create`` must say ``turn_seconds`` (null for none): the field is not optional."""
    with pytest.raises(ProtocolError, match="missing field 'turn_seconds'"):
        check_request(
            {
                "type": "create",
                "id": 1,
                "game": "toy",
                "seats": [{"name": "A", "bot": None}],
                "options": {},
                "seed": None,
            }
        )


class Ticker:
    """A steady clock the test moves by hand."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_updates_say_the_seconds_left_and_seat_views_count_them_down(
    start_owner: StartOwner,
) -> None:
    """Behaviour: every update carries the pending decision's seconds left on the owner's
    clock (``turn_left``); a seat view counts down from it on its own clock, stops at 0, and a
    new decision starts again from the whole limit. No limit, no count."""
    schedule, owner_clock, view_clock = FakeClock(), Ticker(), Ticker(5.0)
    owner = start_owner(None, schedule, owner_clock)
    ann = owner.connect("id:ann", "Ann", clock=view_clock)
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3, turn_seconds=30)
    owner_clock.now += 4  # four seconds pass on the owner before Ann sits down
    view = ann.join(code, 0)
    assert view.seconds_left() == 26
    view_clock.now += 12.25
    assert view.seconds_left() == 13.75
    view_clock.now += 20
    assert view.seconds_left() == 0
    played = threading.Event()
    view.add_listener(lambda _: played.set())
    view.apply(view.legal_actions()[0])  # Bob's window comes: his own 30 seconds
    assert played.is_set() and not view.may_act()
    assert view.seconds_left() == 30
    untimed = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    assert ann.join(untimed, 0).seconds_left() is None
