"""The pace a plain session at a server reads lines at (hardening: a client sending lines
without end costs the table owner a bounded number of requests)."""

from __future__ import annotations

from gardens_tui.plain.console import LinePace


class Clock:
    """A steady clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_goes_at_once_then_lines_wait_their_turn() -> None:
    """Rule: after a quiet spell ``burst`` lines are read at once; each further line waits
    1/rate seconds more than the one before (the waits are owed, not forgotten)."""
    clock = Clock()
    pace = LinePace(rate=10.0, burst=5, clock=clock)
    assert [pace.wait() for _ in range(5)] == [0.0] * 5
    assert pace.wait() == 0.1
    assert round(pace.wait(), 9) == 0.2


def test_quiet_time_earns_lines_back_up_to_the_burst() -> None:
    """Rule: time without lines earns ``rate`` lines a second back, never more than
    ``burst``."""
    clock = Clock()
    pace = LinePace(rate=10.0, burst=5, clock=clock)
    for _ in range(5):
        pace.wait()
    clock.now += 0.25
    assert [pace.wait() for _ in range(2)] == [0.0] * 2
    assert pace.wait() > 0
    clock.now += 3600
    assert [pace.wait() for _ in range(5)] == [0.0] * 5
    assert pace.wait() > 0
