"""The door of the public server, as pure bookkeeping: the input filter, the connection guard,
the login throttle and the rate-limited log (no sockets; clocks are the tests' own)."""

from __future__ import annotations

import logging

from hypothesis import given
from hypothesis import strategies as st

from gardens_tui.server.door.guard import ConnectionGuard, Limits, LoginThrottle, address_key
from gardens_tui.server.logs import AUDIT_LOGGER, RateLimit
from gardens_tui.server.session.input_filter import (
    BURST,
    MAX_PASTE_CHARS,
    PASTE_END,
    PASTE_GAP,
    PASTE_START,
    InputFilter,
)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- the input filter ---------------------------------------------------------------------------


def test_bytes_that_are_not_utf8_become_replacement_characters() -> None:
    """Rule: a Latin-1 terminal's é (0xE9) reaches the app as U+FFFD, and the key after it
    as itself; a character split between two packets is joined."""
    keys = InputFilter(Clock())
    assert keys.feed(b"\xe9A") == "\ufffdA".encode()
    assert keys.feed(b"\xc3") == b""
    assert keys.feed(b"\xa9") == "é".encode()


@given(st.lists(st.binary(max_size=300), max_size=20))
def test_any_byte_stream_becomes_valid_utf8(packets: list[bytes]) -> None:
    """Rule: whatever bytes arrive, what the app gets is UTF-8 and never holds a paste left
    open at the end of a packet."""
    keys = InputFilter(Clock())
    for packet in packets:
        out = keys.feed(packet).decode("utf-8")  # raises if it is not UTF-8
        assert out.count(PASTE_START) == out.count(PASTE_END)
        assert out.rfind(PASTE_START) <= out.rfind(PASTE_END)


def test_a_paste_open_at_a_packet_end_is_closed_there_and_continued() -> None:
    """Rule: a bracketed paste split over packets reaches the app as whole pastes; a start
    marker never followed by its end cannot swallow later keys (after a pause, keys are keys
    again)."""
    clock = Clock()
    keys = InputFilter(clock)
    assert keys.feed(b"\x1b[200~hello ") == f"{PASTE_START}hello {PASTE_END}".encode()
    assert keys.feed(b"world\x1b[201~j") == f"{PASTE_START}world{PASTE_END}j".encode()
    assert keys.feed(b"\x1b[200~never ends") == f"{PASTE_START}never ends{PASTE_END}".encode()
    clock.now += PASTE_GAP + 0.1
    assert keys.feed(b"j") == b"j"


def test_a_marker_split_between_packets_is_held_until_whole() -> None:
    """Rule: a paste marker cut in two by the network is still read as a marker."""
    keys = InputFilter(Clock())
    assert keys.feed(b"x\x1b[20") == b"x"
    assert keys.feed(b"0~pasted\x1b[201~") == f"{PASTE_START}pasted{PASTE_END}".encode()


def test_a_long_burst_without_escapes_is_a_paste_and_is_cut() -> None:
    """Rule: an unbracketed paste (a packet of text no hand typed) reaches the app as one
    bracketed paste of at most MAX_PASTE_CHARS characters, not as thousands of keys."""
    keys = InputFilter(Clock())
    out = keys.feed(b"a" * 50_000).decode()
    assert out == PASTE_START + "a" * MAX_PASTE_CHARS + PASTE_END
    assert keys.dropped == 50_000 - MAX_PASTE_CHARS
    assert keys.feed(b"jj") == b"jj"  # typing stays typing


def test_input_beyond_the_rate_is_dropped() -> None:
    """Rule: more than a burst's worth of input at once is dropped (counted), and the rate
    comes back with time."""
    clock = Clock()
    keys = InputFilter(clock)
    chunk = b"\x1b[A" * 1000  # arrow keys: escapes, so not a paste
    passed = 0
    for _ in range(100):
        passed += len(keys.feed(chunk))
    assert passed <= BURST + len(chunk)
    assert keys.dropped > 0
    clock.now += 10
    assert keys.feed(b"\x1b[B") == b"\x1b[B"


# --- the connection guard -----------------------------------------------------------------------


def test_connections_are_capped_in_all_and_per_address() -> None:
    """Rule: at most max_connections at once; at most max_unauthenticated_per_address not
    logged in from one address; a connection that logged in no longer counts against that."""
    guard = ConnectionGuard(Limits(max_connections=5, max_unauthenticated_per_address=2))
    assert guard.arrive("a1", "10.0.0.1") == (None, [])
    assert guard.arrive("a2", "10.0.0.1") == (None, [])
    refusal, _ = guard.arrive("a3", "10.0.0.1")
    assert refusal is not None and "10.0.0.1" in refusal
    guard.authenticated("a1")
    assert guard.arrive("a3", "10.0.0.1") == (None, [])
    assert guard.arrive("b1", "10.0.0.2") == (None, [])
    assert guard.arrive("b2", "10.0.0.2") == (None, [])
    refusal, _ = guard.arrive("c1", "10.0.0.3")
    assert refusal is not None and "5 connections" in refusal
    guard.leave("b2")
    assert guard.arrive("c1", "10.0.0.3") == (None, [])


def test_a_full_waiting_room_evicts_the_most_crowded_address() -> None:
    """Rule: when the connections not logged in reach their total, a newcomer from another
    address takes the place of the oldest connection of the address holding the most; a
    newcomer from that address is refused. A flood from a few addresses cannot keep an honest
    player out."""
    guard = ConnectionGuard(Limits(max_unauthenticated=4, max_unauthenticated_per_address=3))
    for handle in ("f1", "f2", "f3"):
        assert guard.arrive(handle, "203.0.113.9") == (None, [])
    assert guard.arrive("g1", "203.0.113.10") == (None, [])
    refusal, _ = guard.arrive("f4", "203.0.113.9")
    assert refusal is not None
    assert guard.arrive("honest", "192.0.2.1") == (None, ["f1"])
    assert guard.waiting_count == 4


def test_eviction_for_descriptors_takes_the_oldest_of_the_most_crowded() -> None:
    """Rule: out of file descriptors, the server frees one held by a connection not logged
    in yet, of the address holding the most."""
    guard = ConnectionGuard(Limits())
    guard.arrive("x", "192.0.2.1")
    guard.arrive("f1", "203.0.113.9")
    guard.arrive("f2", "203.0.113.9")
    assert guard.evict_one() == "f1"
    guard.authenticated("x")
    assert guard.evict_one() == "f2"
    assert guard.evict_one() is None


def test_ipv6_addresses_count_by_their_network() -> None:
    """Rule: IPv6 addresses of one /64 count as one address; IPv4 mapped into IPv6 counts as
    the IPv4 address."""
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_key("::ffff:192.0.2.1") == "192.0.2.1"
    assert address_key("192.0.2.1") == "192.0.2.1"


# --- the login throttle -------------------------------------------------------------------------


def test_failed_logins_cost_more_and_more_then_block() -> None:
    """Rule: each failure doubles the wait before the next failed answer (up to max_delay);
    failures_before_block failures block the address for block_seconds; the failures are
    forgotten after the window."""
    clock = Clock()
    limits = Limits(failures_before_block=4, first_delay=0.5, max_delay=2.0, block_seconds=60)
    throttle = LoginThrottle(limits, clock)
    assert throttle.delay("192.0.2.1", "ann") == 0
    delays = []
    for _ in range(3):
        assert throttle.failed("192.0.2.1", "ann") == []
        delays.append(throttle.delay("192.0.2.1", "ann"))
    assert delays == [0.5, 1.0, 2.0]
    assert throttle.failed("192.0.2.1", "ann") == ["address 192.0.2.1", "password logins as ann"]
    assert throttle.address_blocked("192.0.2.1") == 60
    assert throttle.name_blocked("ANN") == 60
    assert throttle.address_blocked("192.0.2.2") == 0
    clock.now += 61
    assert throttle.address_blocked("192.0.2.1") == 0
    assert throttle.delay("192.0.2.1", "ann") == 0


def test_a_success_forgets_the_failures() -> None:
    """Rule: a successful login forgets its address's and its name's failures."""
    throttle = LoginThrottle(Limits(), Clock())
    throttle.failed("192.0.2.1", "ann")
    throttle.failed("192.0.2.1", "ann")
    throttle.succeeded("192.0.2.1", "ann")
    assert throttle.delay("192.0.2.1", "ann") == 0


def test_failures_without_a_name_count_for_the_address_only() -> None:
    """Rule: a connection that offered only unknown keys counts against its address, never
    against a name (a name cannot be locked out by someone else's keys)."""
    throttle = LoginThrottle(Limits(failures_before_block=2), Clock())
    throttle.failed("192.0.2.1", None)
    assert throttle.failed("192.0.2.1", None) == ["address 192.0.2.1"]
    assert throttle.name_blocked("ann") == 0


# --- the log ------------------------------------------------------------------------------------


def test_the_log_lets_a_few_lines_of_a_kind_through_then_counts_the_rest() -> None:
    """Rule: at most `burst` lines of one kind in `period` seconds; the first let through
    after says how many were left out; other kinds are not held back."""
    clock = Clock()
    limit = RateLimit(burst=3, period=10, clock=clock)

    def record(message: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("gardens", logging.ERROR, __file__, 1, message, args, None)

    passed = [limit.filter(record("out of descriptors %d", n)) for n in range(1000)]
    assert passed.count(True) == 3
    assert limit.filter(record("another kind"))
    clock.now += 11
    later = record("out of descriptors %d", 5)
    assert limit.filter(later)
    assert "997 more like this left out" in later.getMessage()


def test_the_audit_trail_is_never_held_back() -> None:
    """Rule: logins, failures, bans and the operator's acts (the audit logger) are all
    logged, however many; a library that formats its values into its message (as asyncio
    does) still counts as one kind."""
    limit = RateLimit(burst=2, period=10, clock=Clock())

    def record(name: str, message: str) -> logging.LogRecord:
        return logging.LogRecord(name, logging.INFO, __file__, 1, message, (), None)

    assert all(limit.filter(record(AUDIT_LOGGER, "login: %s")) for _ in range(100))
    passed = [
        limit.filter(record("asyncio", f"Exception in callback SSHConnection.connection_made({n})"))
        for n in range(50)
    ]
    assert passed.count(True) == 2
