"""The lobby: the table owner's tables, for a person logged in over SSH.

The app's bottom screen when it runs for the SSH server (``create_app(lobby=connection)``, see
:mod:`gardens_tui.server.session.app_child`). It lists the owner's open tables (game, seats free or
taken, spectators, the turn) and offers:

- ``n``: create a table (the new-game dialog's form: game, options, seats for people and bots,
  and the host's time limit for each decision of a person, off when blank);
  its creator then sits at the seat with their name (or the first person's seat) and a notice
  gives the table's code to share;
- ``Enter`` (or ``j``) on a table: sit at a free seat, take one's own seat back, or watch;
- ``w``: watch the highlighted table as a spectator; ``c``: join a table by its code;
- ``i``: invite a browser player to the highlighted table: a one-time link (good for one
  person, once, for half an hour) to pass on, which ``c`` in its dialog copies to the
  terminal's clipboard (refused, as a notice, when the server serves no browsers or the
  table has no free seat for a person);
- ``b``: the host of the highlighted table lets a bot play a person's seat while they are away
  (or gives it back to its holder, who also takes it back by sitting down again);
- ``s``: the settings (kept in this person's own data folder on the server);
- ``r``: refresh the list now (the owner also sends it whenever it changes: an idle lobby
  does no work);
- ``q``: quit.

Started with a table code to join (``join``: a guest who followed an invitation, see
:mod:`gardens_tui.server.session.app_child`), the lobby sits its person at that table as soon as
it is connected, as "join by code" would: at the seat they hold there, else at the first free
seat for a person; when none is free any more they watch the table, and a notice says so.

At a table ``ctrl+t`` shows the table's latest chat lines and says a line to everyone there;
each line said also appears as a notice (:meth:`LobbyScreen.open_chat`).

The server's message of the day shows under the player's name (it changes live when the
operator sets a new one), and the operator's announcements and the server's own warnings (a
session idle for long is about to be closed) show as notices over whatever screen is up.

A seat opens the game's ordinary screen over a
:class:`~gardens_tui.server.lobby.remote.RemoteSeatView`
(:meth:`GardensApp.open_seat <gardens_tui.ui.app.GardensApp.open_seat>`); leaving it comes
back here (the seat stays held). The seat view's updates reach the app's event loop through
``loop.call_soon_threadsafe``: the UI thread waits inside ``apply`` for the owner's reply, so
nothing may wait for the UI thread on the connection's reader thread.

When the connection to the table owner ends (the server stopped, or the same person took the
seat from another terminal), whatever is open closes, the lobby says why in plain words and
only ``q`` remains.

Nothing here reads or writes a file: there is no load or save in the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from gardens_tui.bots import DEFAULT_LEVEL
from gardens_tui.rules.base import IllegalAction
from gardens_tui.server.lobby.client import ConnectionLost, Refused
from gardens_tui.server.lobby.rows import (
    COLUMNS,
    Place,
    chat_text,
    own_seat,
    places,
    seat_pairs,
    seat_text,
    table_cells,
)
from gardens_tui.server.store.tables import normal_code
from gardens_tui.table import Setup
from gardens_tui.ui.literal import literal, notify_plain
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.lobby_dialogs import (
    ChatDialog,
    CodeDialog,
    CreateTableDialog,
    InviteDialog,
    lobby_setup,
)
from gardens_tui.ui.screens.steady_screen import SteadyScreen
from gardens_tui.ui.widgets.key_footer import KeyFooter
from gardens_tui.ui.widgets.steady import SteadyStatic

if TYPE_CHECKING:
    from gardens_tui.seats import SeatView
    from gardens_tui.server.lobby.client import OwnerConnection
    from gardens_tui.server.lobby.remote import ChatLine, RemoteSeatView

NO_TABLES = "No tables yet: press n to start one."

HINT = (
    "Enter: sit down or watch  ·  n: new table  ·  c: join by code\n"
    "w: watch  ·  b: a bot for an absent seat  ·  i: invite a browser player"
)
"""The keys under the list, on two lines that fit 80 columns (never wrapped mid-phrase)."""

MAX_JOIN_TRIES = 3
"""Free seats a lobby started with a table to join tries before it watches instead."""


class LobbyScreen(SteadyScreen[None]):
    """The lobby of the table owner's tables (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "create", "New table"),
        Binding("j", "join", "Join", show=False),
        Binding("c", "code", "Join by code"),
        Binding("w", "watch", "Watch"),
        Binding("i", "invite", "Invite a browser player", show=False),
        Binding("b", "stand_in", "Bot for an absent seat", show=False),
        Binding("r", "refresh", "Refresh"),
        Binding("s", "settings", "Settings", show=False),
        Binding("q", "quit", "Quit"),
    ]

    DEFAULT_CSS = """
    LobbyScreen #lobby-box { padding: 1 2; height: 1fr; }
    LobbyScreen #lobby-title { text-style: bold; height: auto; }
    LobbyScreen #lobby-who { color: $foreground-muted; height: auto; margin-bottom: 1; }
    LobbyScreen #lobby-motd { height: auto; max-height: 4; margin-bottom: 1; }
    LobbyScreen #lobby-tables { height: 1fr; }
    LobbyScreen #lobby-hint { color: $foreground-muted; height: auto; }
    LobbyScreen #lobby-status { height: auto; }
    """

    def __init__(self, connection: OwnerConnection, join: str | None = None) -> None:
        super().__init__(id="lobby")
        self.connection = connection
        self.join_code = join
        """The table to sit at once connected (a guest's invitation), if any; ``None`` once
        done."""
        self.tables: list[dict[str, Any]] = []
        """The owner's tables as last listed."""
        self.lost: str | None = None
        """Why the connection to the table owner ended (``None`` while it is open)."""
        self.seat_view: RemoteSeatView | None = None
        """The seat (or spectator's) view of the table open now, if any."""
        self._status_text = ""
        self._listed = False
        self.last_turn_seconds: int | None = None
        """The time limit of the table last sat at or watched (a rematch starts from it)."""

    # --- composing ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Title, who is logged in, the tables, a hint, a status line and the footer."""
        with Vertical(id="lobby-box"):
            yield SteadyStatic("gardens-tui: tables on this server", id="lobby-title")
            yield SteadyStatic(
                literal(f"Logged in as {self.connection.name}", newlines=False), id="lobby-who"
            )
            yield SteadyStatic(id="lobby-motd")
            yield DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
            yield SteadyStatic(HINT, id="lobby-hint")
            yield SteadyStatic("", id="lobby-status")
        yield KeyFooter()

    def on_mount(self) -> None:
        """List the tables, refresh them regularly and hear when the connection ends."""
        table = self.query_one("#lobby-tables", DataTable)
        table.add_columns(*(literal(column) for column in COLUMNS))
        dispatch = self.dispatcher()
        self.connection.on_closed = lambda reason: dispatch(lambda: self.connection_lost(reason))
        self.connection.on_motd = lambda text: dispatch(lambda: self.show_motd(text))
        self.connection.on_tables = lambda tables: dispatch(lambda: self.show_tables(tables))
        self.connection.on_notice = lambda title, text, severity: dispatch(
            lambda: self.notice(title, text, severity)
        )
        self.show_motd(self.connection.motd)
        if self.connection.closed_reason is not None:
            self.connection_lost(self.connection.closed_reason)
            return
        self.refresh_tables()
        table.focus()
        if self.join_code is not None:
            code, self.join_code = self.join_code, None
            self.call_after_refresh(self.join_invited, code)

    def on_screen_resume(self) -> None:
        """Back from a table: list the tables again."""
        self.refresh_tables()

    # --- the connection ------------------------------------------------------------------------

    def dispatcher(self) -> Callable[[Callable[[], None]], None]:
        """What runs the seat view's listener calls: on this app's event loop, soon (never
        waiting: the UI thread may itself be waiting for the owner's reply)."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()

        def dispatch(call: Callable[[], None]) -> None:
            with contextlib.suppress(RuntimeError):  # the app has ended: nobody to tell
                loop.call_soon_threadsafe(call, context=context)

        return dispatch

    def show_motd(self, text: str) -> None:
        """Show the server's message of the day (``text``, the operator's words; empty: none)."""
        widget = self.query_one("#lobby-motd", Static)
        widget.update(literal(text))
        widget.display = bool(text.strip())

    def notice(self, title: str, text: str, severity: str) -> None:
        """A notice from the server (the operator's announcement, or a warning about this
        session) over whatever screen is up, with the bell for a warning."""
        if severity == "warning":
            self.app.bell()
            notify_plain(self.app, text, title=title, severity="warning", timeout=30)
        else:
            notify_plain(self.app, text, title=title, timeout=30)

    def connection_lost(self, reason: str) -> None:
        """The connection to the table owner ended: close whatever is open over the lobby,
        say why, and leave only ``q`` (once; later calls do nothing)."""
        if self.lost is not None or not self.is_attached:
            return
        self.lost = reason
        self.seat_view = None
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        if self.connection.replaced:
            title = "Session replaced"
            message = f"This session was replaced: {reason}. Press q to leave."
        else:
            title = "Connection lost"
            message = (
                f"The connection to the table server was lost: {reason}. "
                "Press q to leave (connecting again takes your seat back)."
            )
        self._status(message)
        self.app.bell()
        notify_plain(self, message, title=title, severity="error", timeout=20)
        self.refresh_bindings()

    def _status(self, text: str) -> None:
        self._status_text = text
        self.query_one("#lobby-status", Static).update(literal(text))

    def _call(self, what: Callable[[], Any]) -> Any:
        """Run a request; a refusal goes to the status line (``None`` returned), a lost
        connection to :meth:`connection_lost`."""
        try:
            return what()
        except Refused as refused:
            self._status(f"Refused: {refused}")
            self.app.bell()
        except ConnectionLost as lost:
            self.connection_lost(lost.reason)
        return None

    # --- the list -------------------------------------------------------------------------------

    def refresh_tables(self) -> None:
        """Ask the owner for its tables and show them (see :meth:`show_tables`)."""
        if self.lost is not None:
            return
        tables = self._call(self.connection.list_tables)
        if tables is not None:
            self.show_tables(tables)

    def show_tables(self, tables: list[dict[str, Any]]) -> None:
        """Show ``tables`` (the highlighted one stays highlighted); an unchanged list is left
        as it is."""
        if self.lost is not None or not self.is_attached:
            return
        widget = self.query_one("#lobby-tables", DataTable)
        if self._listed and tables == self.tables and widget.row_count == len(tables):
            return  # nothing changed: no redraw
        self.tables, self._listed = tables, True
        highlighted = self.highlighted()
        widget.clear()
        for entry in tables:
            widget.add_row(*(literal(cell, newlines=False) for cell in table_cells(entry)))
        codes = [str(entry["code"]) for entry in tables]
        if highlighted is not None and highlighted["code"] in codes:
            widget.move_cursor(row=codes.index(highlighted["code"]))
        if not tables:
            self._status(NO_TABLES)
        elif self._status_text == NO_TABLES:
            self._status("")

    def highlighted(self) -> dict[str, Any] | None:
        """The table under the list's cursor, if any."""
        widget = self.query_one("#lobby-tables", DataTable)
        row = widget.cursor_row
        if not self.tables or not 0 <= row < len(self.tables) or widget.row_count == 0:
            return None
        return self.tables[row]

    def find(self, code: str) -> dict[str, Any] | None:
        """The listed table of ``code`` (any case, spaces around forgiven), if there is one."""
        key = normal_code(code)
        return next((entry for entry in self.tables if entry["code"] == key), None)

    # --- actions --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the connection is lost only quitting is left."""
        if self.lost is not None:
            return action == "quit"
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a table: the places there."""
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        """Offer the highlighted table's places (a seat, or watching)."""
        entry = self.highlighted()
        if entry is not None:
            self.offer(entry)

    def action_watch(self) -> None:
        """Watch the highlighted table as a spectator."""
        entry = self.highlighted()
        if entry is not None:
            self.enter(str(entry["code"]), None)

    async def action_settings(self) -> None:
        """The app's settings dialog."""
        await self.app.run_action("settings")

    def action_stand_in(self) -> None:
        """As the highlighted table's host: choose a person's seat to give to a bot while its
        holder is away, or to give back (the owner refuses anyone but the host)."""
        entry = self.highlighted()
        if entry is None:
            return
        code = str(entry["code"])
        seats = [(i, seat) for i, seat in enumerate(entry["seats"]) if not seat.get("bot")]
        level = DEFAULT_LEVEL
        labels = [
            f"{seat_text(seat)}: back to its holder"
            if seat.get("stand_in")
            else f"{seat_text(seat)}: a bot ({level}) plays it while they are away"
            for _, seat in seats
        ]

        def chosen(index: int | None) -> None:
            if index is None or not 0 <= index < len(seats):
                return
            seat, data = seats[index]
            self.give_to_bot(code, seat, None if data.get("stand_in") else level)

        title = f"Table {code}: a bot for an absent seat (host only)"
        self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def give_to_bot(self, code: str, seat: int, level: str | None) -> None:
        """Let a bot of ``level`` play ``seat`` of table ``code`` (``None``: stop), as its
        host; a refusal shows in the status line."""
        if self._call(lambda: self.connection.watch(code)) is None:
            return

        def ask() -> bool:
            self.connection.seat_bot(seat, level)
            return True

        done = self._call(ask)
        self._call(self.connection.leave)
        if done:
            self._status(
                "A bot plays that seat now." if level else "The seat waits for its holder."
            )
        self.refresh_tables()

    def action_refresh(self) -> None:
        """List the tables again now."""
        self.refresh_tables()

    async def action_quit(self) -> None:
        """Leave the app."""
        self.app.exit()

    def action_code(self) -> None:
        """Ask for a table code, then offer that table's places."""

        def chosen(code: str | None) -> None:
            if not code:
                return
            self.refresh_tables()
            entry = self.find(code)
            if entry is None:
                self._status(f"There is no table {code[:12]!r} here.")
                self.app.bell()
                return
            self.offer(entry)

        self.app.push_screen(CodeDialog(), chosen)

    def action_invite(self) -> None:
        """A one-time link for a browser player to the highlighted table, in a dialog; a
        refusal shows as a notice."""
        entry = self.highlighted()
        if entry is None:
            return
        code = str(entry["code"])
        try:
            url, seconds = self.connection.invite(code)
        except Refused as refused:
            self.app.bell()
            notify_plain(self.app, f"{refused}.", title="No invitation", severity="warning")
            return
        except ConnectionLost as lost:
            self.connection_lost(lost.reason)
            return
        self.app.push_screen(InviteDialog(code, str(entry["title"]), url, seconds))

    def join_invited(self, code: str) -> None:
        """Sit at table ``code`` as "join by code" would, without asking: at the seat this
        person holds there, else the first free seat for a person; with none free, watch it
        and say so (see the module docstring)."""
        if self.lost is not None:
            return
        for _ in range(MAX_JOIN_TRIES):  # a seat may be taken between the list and the join
            self.refresh_tables()
            entry = self.find(code)
            if entry is None:
                text = f"There is no table {code.strip()[:12]!r} here."
                self._status(text)
                notify_plain(self.app, text, title="Not joined", severity="warning")
                return
            code = str(entry["code"])
            seats = [place.seat for place in places(entry) if place.seat is not None]
            if not seats:
                break
            if self.enter(code, seats[0]) or self.lost is not None:
                return
        if self.enter(code, None):
            notify_plain(
                self.app,
                f"Every seat at table {code} is taken now: you watch it.",
                title=f"Table {code}",
                timeout=15,
            )

    def offer(self, entry: dict[str, Any]) -> None:
        """The places at ``entry``'s table as a list of choices; the chosen one is entered."""
        options: list[Place] = places(entry)
        code = str(entry["code"])

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(options):
                self.enter(code, options[index].seat)

        title = f"Table {code}: {entry['title']}"
        self.app.push_screen(ChoiceScreen(title, [place.label for place in options]), chosen)

    def action_create(self, previous: Setup | None = None) -> None:
        """The new-table dialog (from ``previous``, a rematch, with the last table's time
        limit); the table is created, its code given and its creator seated."""
        initial = lobby_setup(self.connection.name, previous)
        seed_chooser = getattr(self.app, "seed_chooser", None)
        limit = None if previous is None else self.last_turn_seconds
        dialog = CreateTableDialog(initial, seed_chooser=seed_chooser, turn_seconds=limit)
        self.app.push_screen(dialog, lambda setup: self._created(setup, dialog.turn_seconds))

    def _created(self, setup: Setup | None, turn_seconds: int | None = None) -> None:
        if setup is None or self.lost is not None:
            return
        code = self._call(
            lambda: self.connection.create_table(
                setup.game, seat_pairs(setup.seats), setup.options, setup.seed, turn_seconds
            )
        )
        if code is None:
            return
        self.refresh_tables()
        notify_plain(
            self,
            f"Your table's code is {code}: the others join it from the lobby (c, then the code).",
            title=f"Table {code}",
            timeout=15,
        )
        self.enter(str(code), own_seat(setup, self.connection.name))

    # --- at a table -----------------------------------------------------------------------------

    def enter(self, code: str, seat: int | None) -> bool:
        """Sit at ``seat`` of table ``code`` (``None``: watch) and open its game screen;
        whether it did (a refusal shows in the status line)."""
        if self.lost is not None:
            return False
        dispatch = self.dispatcher()
        if seat is None:
            view = self._call(lambda: self.connection.watch(code, dispatch=dispatch))
        else:
            view = self._call(lambda: self.connection.join(code, seat, dispatch=dispatch))
        if view is None:
            return False
        entry = self.find(code)
        limit = None if entry is None else entry.get("turn_seconds")
        self.last_turn_seconds = limit if isinstance(limit, int) else None
        self.seat_view = view
        view.add_listener(self._seat_changed)
        view.add_chat_listener(self._chat_line)
        self._status("")
        open_seat = getattr(self.app, "open_seat", None)
        if open_seat is not None:
            open_seat(view, self._left)
        return True

    def _seat_changed(self, view: SeatView) -> None:
        ended = getattr(view, "ended", None)
        if ended is not None:
            self.connection_lost(str(ended))

    def _chat_line(self, line: ChatLine) -> None:
        """A chat line at the table: added to an open chat dialog, else shown as a notice over
        whatever screen is up."""
        dialogs = [s for s in self.app.screen_stack if isinstance(s, ChatDialog)]
        for dialog in dialogs:
            dialog.add_line(line)
        if not dialogs:
            seats = self.seat_view.seats if self.seat_view is not None else ()
            notify_plain(self.app, chat_text(line, seats), title="Chat", timeout=10)

    def open_chat(self) -> None:
        """Ask for a line and say it to the table open now (nothing without one)."""
        view = self.seat_view
        if view is None or self.lost is not None or self.app.dialog_open(ChatDialog):  # type: ignore[attr-defined]
            return

        def said(text: str | None) -> None:
            if not text or view is not self.seat_view:
                return
            try:
                view.say(text)
            except IllegalAction as refused:
                notify_plain(self.app, str(refused), title="Not said", severity="warning")

        self.app.push_screen(ChatDialog(view.chat, view.seats), said)

    def _left(self, _: object = None) -> None:
        """The game screen closed: stop playing or watching (the seat stays held)."""
        view, self.seat_view = self.seat_view, None
        if view is not None:
            view.remove_listener(self._seat_changed)
            view.remove_chat_listener(self._chat_line)
        if self.lost is None:
            self._call(self.connection.leave)
            self.refresh_tables()
