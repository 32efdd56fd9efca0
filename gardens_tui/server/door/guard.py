"""The door of a public server: how many may connect, and what failing to log in costs.

Two pieces of bookkeeping, both pure (a clock is passed in, nothing here touches a socket):

- :class:`ConnectionGuard` admits connections: at most :attr:`Limits.max_connections` at once;
  of those, at most :attr:`Limits.max_unauthenticated` that have not logged in yet and at most
  :attr:`Limits.max_unauthenticated_per_address` from one address. When the total of those not
  logged in is reached, a newcomer from another address takes the place of the oldest
  connection of the address holding the most (so a flood from a few addresses cannot keep an
  honest player out); a newcomer from the address holding the most is refused.
- :class:`LoginThrottle` makes failed logins expensive: each failure within
  :attr:`Limits.failure_window` seconds, counted per address and per login name, delays the
  answer to the next failed attempt (:attr:`Limits.first_delay` doubling up to
  :attr:`Limits.max_delay`), and :attr:`Limits.failures_before_block` of them block the address,
  or password logins to the name, for :attr:`Limits.block_seconds`. A successful login forgets
  its address's and name's failures.

Addresses are counted by :func:`address_key`: an IPv6 address by its /64 network (one
customer's network), an IPv4 address (also IPv4 mapped into IPv6) as itself.
"""

from __future__ import annotations

import ipaddress
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

MAX_TRACKED = 100_000
"""Addresses and names a throttle remembers at most (the oldest are forgotten first)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The door's limits, with the defaults ``gardens serve ssh`` documents."""

    max_connections: int = 200
    """TCP connections at once, logged in or not."""
    max_unauthenticated: int = 64
    """Connections that have not logged in yet, at once."""
    max_unauthenticated_per_address: int = 16
    """Of those, from one address (see :func:`address_key`)."""
    login_timeout: float = 30.0
    """Seconds a connection has to log in."""
    max_auth_tries: int = 6
    """Failed attempts (keys refused, wrong passwords) one connection may make."""
    failures_before_block: int = 10
    """Failures within :attr:`failure_window` that block an address or a name."""
    failure_window: float = 900.0
    """Seconds a failure counts for."""
    block_seconds: float = 900.0
    """Seconds a block lasts."""
    first_delay: float = 0.5
    """Seconds the answer to a failed password waits after the first failure."""
    max_delay: float = 8.0
    """The longest such wait."""
    max_password_checks: int = 2
    """Password hashes computed at once (each takes tens of milliseconds of a core)."""


def address_key(address: str) -> str:
    """The key an address is counted under: IPv4 as itself, IPv6 as its /64 network."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass(eq=False)
class Entry:
    """One connection the guard counts: its address key, and whether it has logged in."""

    handle: Hashable
    address: str
    authenticated: bool = False


class ConnectionGuard:
    """Admits connections within :class:`Limits` (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._entries: dict[Hashable, Entry] = {}
        self._waiting: dict[str, OrderedDict[Hashable, Entry]] = {}
        """Connections not logged in yet, by address, oldest first."""
        self.waiting_count = 0
        self.waiting_cap = limits.max_unauthenticated
        """The most connections not logged in yet admitted now: the limit, or less while the
        process is short of file descriptors (:meth:`squeeze`, :meth:`relax`)."""

    @property
    def count(self) -> int:
        """Connections counted now."""
        return len(self._entries)

    def arrive(self, handle: Hashable, address: str) -> tuple[str | None, list[Hashable]]:
        """Count a new connection from ``address``: ``(None, evicted)`` if it is admitted,
        where ``evicted`` lists the connections to close to make room for it, or
        ``(reason, [])`` if it is refused (the reason is for the log)."""
        limits = self.limits
        key = address_key(address)
        if len(self._entries) >= limits.max_connections:
            return f"the server holds {limits.max_connections} connections", []
        mine = self._waiting.get(key)
        if mine is not None and len(mine) >= limits.max_unauthenticated_per_address:
            return f"{len(mine)} connections from {key} have not logged in yet", []
        evicted: list[Hashable] = []
        if self.waiting_count >= self.waiting_cap:
            crowded = max(self._waiting, key=lambda k: len(self._waiting[k]))
            if mine is not None and len(mine) >= len(self._waiting[crowded]):
                return f"{self.waiting_cap} connections have not logged in yet", []
            oldest = next(iter(self._waiting[crowded].values()))
            self._forget(oldest)
            evicted.append(oldest.handle)
        entry = Entry(handle, key)
        self._entries[handle] = entry
        self._waiting.setdefault(key, OrderedDict())[handle] = entry
        self.waiting_count += 1
        return None, evicted

    def authenticated(self, handle: Hashable) -> None:
        """``handle`` logged in: it no longer counts against the limits of those waiting."""
        entry = self._entries.get(handle)
        if entry is None or entry.authenticated:
            return
        self._unwait(entry)
        entry.authenticated = True

    def leave(self, handle: Hashable) -> None:
        """``handle`` closed (idempotent)."""
        entry = self._entries.get(handle)
        if entry is not None:
            self._forget(entry)

    def evict_one(self) -> Hashable | None:
        """A connection not logged in yet to close to free its resources (the oldest of the
        address holding the most), no longer counted; ``None`` when none waits."""
        if not self._waiting:
            return None
        crowded = max(self._waiting, key=lambda k: len(self._waiting[k]))
        oldest = next(iter(self._waiting[crowded].values()))
        self._forget(oldest)
        return oldest.handle

    def squeeze(self, room: int) -> list[Hashable]:
        """The process ran out of file descriptors: up to ``room`` connections not logged in
        yet to close (see :meth:`evict_one`), and the waiting room shrinks to those left (at
        least one place), so that what is freed stays free for sessions to start."""
        evicted = []
        for _ in range(room):
            handle = self.evict_one()
            if handle is None:
                break
            evicted.append(handle)
        self.waiting_cap = max(1, self.waiting_count)
        return evicted

    def relax(self, step: int = 8) -> None:
        """Let the waiting room grow back towards its limit by ``step`` places (call it now
        and then while descriptors are no longer short)."""
        self.waiting_cap = min(self.limits.max_unauthenticated, self.waiting_cap + step)

    def _forget(self, entry: Entry) -> None:
        self._entries.pop(entry.handle, None)
        if not entry.authenticated:
            self._unwait(entry)

    def _unwait(self, entry: Entry) -> None:
        waiting = self._waiting.get(entry.address)
        if waiting is not None and waiting.pop(entry.handle, None) is not None:
            self.waiting_count -= 1
            if not waiting:
                del self._waiting[entry.address]


@dataclass
class _Record:
    failures: deque[float] = field(default_factory=deque)
    blocked_until: float = 0.0


class _Counter:
    """Failures of one kind of key (addresses, or names), oldest records forgotten first."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self._limits = limits
        self._clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()

    def _record(self, key: str) -> _Record | None:
        record = self._records.get(key)
        if record is None:
            return None
        now = self._clock()
        while record.failures and now - record.failures[0] > self._limits.failure_window:
            record.failures.popleft()
        if not record.failures and record.blocked_until <= now:
            del self._records[key]
            return None
        return record

    def blocked_for(self, key: str) -> float:
        """Seconds ``key`` stays blocked (0: not blocked)."""
        record = self._record(key)
        return 0.0 if record is None else max(0.0, record.blocked_until - self._clock())

    def recent(self, key: str) -> int:
        """Failures of ``key`` within the window."""
        record = self._record(key)
        return 0 if record is None else len(record.failures)

    def fail(self, key: str) -> bool:
        """Count a failure of ``key``; True if it is blocked by it."""
        now = self._clock()
        record = self._record(key) or _Record()
        self._records[key] = record
        self._records.move_to_end(key)
        record.failures.append(now)
        if len(self._records) > MAX_TRACKED:
            self._records.popitem(last=False)
        if len(record.failures) >= self._limits.failures_before_block:
            record.failures.clear()
            record.blocked_until = now + self._limits.block_seconds
            return True
        return False

    def forget(self, key: str) -> None:
        """Forget ``key``'s failures (not a block already in force)."""
        record = self._records.get(key)
        if record is not None:
            record.failures.clear()


class LoginThrottle:
    """Counts failed logins and says what they cost (see the module docstring). ``clock``
    gives seconds on a steady clock."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self._addresses = _Counter(limits, clock)
        self._names = _Counter(limits, clock)

    def address_blocked(self, address: str) -> float:
        """Seconds logins from ``address`` stay refused (0: they are not)."""
        return self._addresses.blocked_for(address_key(address))

    def name_blocked(self, name: str) -> float:
        """Seconds password logins as ``name`` stay refused (0: they are not)."""
        return self._names.blocked_for(name.casefold())

    def delay(self, address: str, name: str) -> float:
        """Seconds to wait before answering a failed attempt from ``address`` as ``name``."""
        failures = max(
            self._addresses.recent(address_key(address)), self._names.recent(name.casefold())
        )
        if failures == 0:
            return 0.0
        return min(self.limits.max_delay, self.limits.first_delay * 2.0 ** (failures - 1))

    def failed(self, address: str, name: str | None) -> list[str]:
        """Count a failed login from ``address`` (as ``name``, when a name was tried with a
        password); what it blocked, in words for the log (``[]``: nothing)."""
        blocked = []
        key = address_key(address)
        if self._addresses.fail(key):
            blocked.append(f"address {key}")
        if name is not None and self._names.fail(name.casefold()):
            blocked.append(f"password logins as {name}")
        return blocked

    def succeeded(self, address: str, name: str) -> None:
        """A login from ``address`` as ``name`` succeeded: forget their failures."""
        self._addresses.forget(address_key(address))
        self._names.forget(name.casefold())


def minutes(seconds: float) -> str:
    """``seconds`` in words for a player ("3 minutes", "1 minute", "40 seconds")."""
    if seconds < 60:
        whole = max(1, round(seconds))
        return f"{whole} second{'s' if whole != 1 else ''}"
    whole = round(seconds / 60)
    return f"{whole} minute{'s' if whole != 1 else ''}"
