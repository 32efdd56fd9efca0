"""Keeping one front end's tables in step with a store that other front ends change too.

With a shared store (PostgreSQL) each front end runs its own
:class:`~gardens_tui.server.lobby.owner.TableOwner` on the same tables. Its
:class:`StoreFollower`:

- **reads a table back** (:meth:`StoreFollower.catch_up`) when another front end announces a
  change to it, or when a change of this front end's was refused (another changed the table
  first) or could not be stored (the store out of reach): the table takes the store's actions
  (:meth:`~gardens_tui.table.Table.follow`) and seats, and its connections get the new
  position. A table refused a change is *behind* until it has been read back: moves on it
  wait (the owner refuses them with :data:`CATCHING_UP`), and so do its bots;
- **hosts the tables** other front ends create, and those created while the store was out of
  reach;
- **leads tables** nobody leads: every :data:`LEAD_INTERVAL` seconds it tries to take the
  store's lock of each unfinished table with a bot to move or a time limit, so bots and time
  limits run on exactly one front end and carry on within about that long when it dies;
- **passes on** chat lines said at a table on another front end, and **announces** who is at
  which table here (:mod:`.presence`), so every lobby marks who is away and counts spectators;
  a player who sits down at their seat here replaces their connection at that seat on another
  front end, as on one;
- **tells the players** when the store goes out of reach (:data:`STORE_DOWN`) and comes back
  (:data:`STORE_UP`), then reads every table back.

Everything runs on the owner's event loop. Pure Python: no UI, no database driver.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Collection
from typing import Any, Protocol

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.safe_text import printable
from gardens_tui.server.lobby.presence import PRESENCE_INTERVAL, Presence, entries, split
from gardens_tui.server.store.tables import (
    Change,
    HostedTable,
    Stored,
    StoreUnavailable,
    TableStore,
    normal_code,
)
from gardens_tui.storage import SaveError

log = logging.getLogger(__name__)

STALE = "another player's move reached the table first; here is the table as it is now"
UNREACHABLE = "the server cannot reach its table store just now; try again in a moment"
CATCHING_UP = "the table is catching up with the other front ends; try again in a moment"
STORE_DOWN = (
    "The server lost its table store: moves wait until it is back (it reconnects by itself)."
)
STORE_UP = "The table store is back: play on."

LEAD_INTERVAL = 1.0
"""Seconds between a front end's tries to lead the tables nobody leads (so that bots and time
limits carry on within about this long when the front end leading them dies)."""

CATCH_UP_PAUSES = (0.2, 0.5, 1.0, 2.0, 5.0)
"""Seconds between tries to read a table back while its store cannot be reached."""


class Connection(Protocol):
    """What a :class:`StoreFollower` reads of one of the owner's connections."""

    hosted: HostedTable | None
    seat: int | None

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the client."""


class Followed(Protocol):
    """What a :class:`StoreFollower` needs of the table owner it keeps in step."""

    tables: dict[str, HostedTable]

    @property
    def sessions(self) -> Collection[Connection]:
        """The open connections."""

    def clock(self) -> float:
        """The owner's clock now."""

    def broadcast(self, text: str, *, title: str = "Server") -> int:
        """Show ``text`` to every connection."""

    def lobby_changed(self) -> None:
        """The table list changed."""

    def may_host(self) -> bool:
        """Whether one more table fits."""

    def host(self, hosted: HostedTable) -> None:
        """Host ``hosted``."""

    def resume(self, hosted: HostedTable) -> None:
        """``hosted`` was read back: time limit, bots, updates."""

    def unseat_strangers(self, hosted: HostedTable) -> None:
        """Close connections at seats another identity holds now."""

    def replace_at(
        self, hosted: HostedTable, seat: int, identity: str, *, before: float | None = None
    ) -> None:
        """Close the connection of ``identity`` at ``seat`` (that sat down ``before``): it sat
        down elsewhere."""


class StoreFollower:
    """Keeps ``owner``'s tables in step with the shared ``store`` (see the module docstring).
    :meth:`heard` is what the store calls with each :class:`Change`."""

    def __init__(self, owner: Followed, store: TableStore) -> None:
        self.owner = owner
        self.store = store
        self.presence = Presence()
        """Who is at which table on the other front ends."""
        self.behind: set[str] = set()
        """Tables known to differ from the store until they are read back (moves wait)."""
        self._catching: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._leading: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start leading tables and announcing who is here (call on the owner's loop)."""
        self._leading = asyncio.get_running_loop().create_task(self._lead_tables())

    async def stop(self) -> None:
        """Stop everything it runs."""
        tasks = [self._leading, *self._catching.values(), *self._tasks]
        for task in tasks:
            if task is not None:
                task.cancel()
        await asyncio.gather(*[t for t in tasks if t is not None], return_exceptions=True)

    # --- what other front ends did ---------------------------------------------------------------

    def heard(self, change: Change) -> None:
        """Another front end changed something in the store (see :class:`Change`)."""
        owner = self.owner
        hosted = owner.tables.get(change.code)
        if change.kind == "down":
            owner.broadcast(STORE_DOWN)
        elif change.kind == "up":
            owner.broadcast(STORE_UP)
            self._spawn(self._catch_up_all())
        elif change.kind == "chat":
            if hosted is not None and change.line is not None:
                self._hear(hosted, change.line)
        elif change.kind == "presence":
            line = change.line or {}
            if self.presence.heard(line.get("from"), line.get("tables"), owner.clock()):
                owner.lobby_changed()
        elif change.kind == "seated":
            if hosted is not None and change.line is not None:
                self._seated_elsewhere(hosted, change.line)
        elif hosted is None:
            self._spawn(self._load(change.code))
        elif (change.kind == "game" and change.version > hosted.stored_version) or (
            change.kind == "seats" and change.version > hosted.stored_seats_version
        ):
            self.catch_up(hosted)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _load(self, code: str) -> None:
        """Host table ``code``, which another front end created (or which this one missed)."""
        owner = self.owner
        if code in owner.tables or normal_code(code) != code:
            return
        try:
            hosted = await self.store.load(code)
        except (StoreUnavailable, SaveError) as exc:
            log.error("table %s from another front end not hosted: %s", code, exc)
            return
        if hosted is None:
            return
        if code in owner.tables:  # hosted meanwhile, by a load that may have read less
            self.catch_up(owner.tables[code])
        elif owner.may_host():
            owner.host(hosted)
            owner.lobby_changed()

    async def _catch_up_all(self) -> None:
        """After the store was out of reach: read every table back, and host those created
        meanwhile."""
        for hosted in list(self.owner.tables.values()):
            self.catch_up(hosted, failed=True)
        try:
            codes = await self.store.codes()
        except StoreUnavailable:
            return  # the next "up" tries again
        for code in codes:
            await self._load(code)

    def seated(self, hosted: HostedTable, seat: int, identity: str, at: float) -> None:
        """Tell the other front ends that ``identity`` sat down at ``seat`` of ``hosted`` here
        at ``at`` (``time.time()``): a connection of theirs at that seat that sat down before
        is replaced, as on one front end."""
        self.store.tell(
            "seated", {"code": hosted.code, "seat": seat, "identity": identity, "at": at}
        )

    def _seated_elsewhere(self, hosted: HostedTable, line: dict[str, Any]) -> None:
        """Someone sat down at a seat of ``hosted`` on another front end: this front end's
        connection of the same identity at that seat is replaced if it sat down earlier (the
        notice may arrive after a later sitting down here, which stays)."""
        seat, identity, at = line.get("seat"), line.get("identity"), line.get("at")
        if type(seat) is not int or not isinstance(identity, str):
            return
        if not isinstance(at, (int, float)) or isinstance(at, bool):
            return
        self.owner.replace_at(hosted, seat, identity, before=float(at))

    def _hear(self, hosted: HostedTable, line: dict[str, Any]) -> None:
        """Pass on a chat ``line`` said at ``hosted`` on another front end (checked: it comes
        from outside this process)."""
        name, text, seat = line.get("name"), line.get("text"), line.get("seat")
        if not isinstance(name, str) or not isinstance(text, str):
            return
        if not (seat is None or (type(seat) is int and 0 <= seat < len(hosted.table.seats))):
            return
        said = {
            "type": "chat",
            "name": printable(name, newlines=False),
            "seat": seat,
            "text": printable(text, newlines=False),
        }
        for session in list(self.owner.sessions):
            if session.hosted is hosted:
                session.send(said)

    # --- reading a table back --------------------------------------------------------------------

    def catch_up(self, hosted: HostedTable, *, failed: bool = False) -> None:
        """Read ``hosted`` back from the store and take what changed there (in a task: one at
        a time per table, once more if asked meanwhile). ``failed``: a change of this front
        end's was not stored, so the table is behind until it is read back."""
        code = hosted.code
        if failed:
            self.behind.add(code)
        running = self._catching.get(code)
        if running is not None and not running.done():
            self._again.add(code)
            return
        self._catching[code] = asyncio.get_running_loop().create_task(self._catch_up(hosted))

    async def caught_up(self, hosted: HostedTable) -> None:
        """Wait until ``hosted`` has been read back (if that is under way)."""
        while (running := self._catching.get(hosted.code)) is not None and not running.done():
            await asyncio.shield(running)

    async def _catch_up(self, hosted: HostedTable) -> None:
        code = hosted.code
        tries = 0
        while True:
            self._again.discard(code)
            try:
                stored = await self.store.read(hosted)
            except StoreUnavailable as exc:
                self.behind.add(code)
                log.warning("table %s cannot be read back yet: %s", code, exc)
                await asyncio.sleep(CATCH_UP_PAUSES[min(tries, len(CATCH_UP_PAUSES) - 1)])
                tries += 1
                continue
            except SaveError as exc:
                log.error("table %s: what the store holds is damaged: %s", code, exc)
                return
            if stored is not None:
                self._take(hosted, stored, force=code in self.behind)
            if code not in self._again:
                break
        self.behind.discard(code)
        self.owner.resume(hosted)

    def _take(self, hosted: HostedTable, stored: Stored, *, force: bool) -> None:
        """Make ``hosted`` what the store holds (``force``: even where this front end thinks
        it handed over something newer, because that was refused)."""
        owner = self.owner
        if force or stored.seats_version > hosted.stored_seats_version:
            hosted.stored_seats_version = stored.seats_version
            hosted.take_seats(stored.seats)
            owner.lobby_changed()
            owner.unseat_strangers(hosted)
        if not force and stored.version <= hosted.stored_version:
            return  # this front end's own changes are on their way (or it has them all)
        mine = hosted.table.notation()
        keep = 0
        for mine_action, stored_action in zip(mine, stored.actions, strict=False):
            if mine_action != stored_action:
                break
            keep += 1
        hosted.stored_version, hosted.stored_plies = stored.version, len(stored.actions)
        if keep == len(mine) == len(stored.actions):
            return
        try:
            hosted.table.follow(keep, stored.actions[keep:])
        except (IllegalAction, ValueError) as exc:
            log.error("table %s: the store's actions do not replay here: %s", hosted.code, exc)

    # --- leading tables, and who is here ------------------------------------------------------

    async def _lead_tables(self) -> None:
        """Every :data:`LEAD_INTERVAL` seconds, try to lead each unfinished table nobody leads
        that has a bot to move or a time limit (a table taken over is read back first); every
        :data:`~.presence.PRESENCE_INTERVAL` seconds, announce who is here."""
        owner, store = self.owner, self.store
        announced = -PRESENCE_INTERVAL
        while True:
            now = owner.clock()
            if now - announced >= PRESENCE_INTERVAL:
                announced = now
                self.announce()
                self.presence.forget_old(now)
            for hosted in list(owner.tables.values()):
                if hosted.table.state.is_over or store.leads(hosted.code):
                    continue
                if hosted.driver.bot_to_move() is None and hosted.turn_seconds is None:
                    continue
                if await store.lead(hosted.code):
                    log.info("table %s: this front end leads it now", hosted.code)
                    self.catch_up(hosted)
            await asyncio.sleep(LEAD_INTERVAL)

    def announce(self, code: str | None = None) -> None:
        """Tell the other front ends who is at table ``code`` here (``None``: at every table
        where anyone is)."""
        here = entries(
            (session.hosted.code, session.seat)
            for session in self.owner.sessions
            if session.hosted is not None and (code is None or session.hosted.code == code)
        )
        if code is not None:
            here.setdefault(code, {"seats": [], "watchers": 0})
        for part in split(here):
            self.store.tell("presence", {"tables": part})
