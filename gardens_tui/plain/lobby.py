"""A server's lobby in words, for an SSH session without a pseudo-terminal (``ssh -T``).

The same lobby as the app's, through the same connection to the table owner
(:class:`~gardens_tui.server.lobby.client.OwnerConnection`) and the same words for its tables
(:mod:`gardens_tui.server.lobby.rows`): ``tables`` lists them, ``sit CODE`` takes a seat (or
takes one's own seat back), ``watch CODE`` watches, ``new GAME [PLAYERS] [KEY=VALUE ...]``
creates a table and sits its creator down, ``games`` lists the games. At a table the person
plays through :class:`~gardens_tui.plain.game.PlainGame` on the owner's seat view, exactly as
on this computer, with ``say TEXT`` to chat and ``leave`` to go back to the lobby (the seat
stays theirs). The server's notices and chat lines are printed as they come.

Every name and line from the server is another player's input: the console escapes it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.plain.console import Call, Console, Inbox, InputEnded, Typed
from gardens_tui.plain.game import Ending, PlainGame, PlainHooks
from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import game_specs, get_spec
from gardens_tui.rules.safe_text import whole_number
from gardens_tui.server.lobby.client import ConnectionLost, OwnerConnection, Refused
from gardens_tui.server.lobby.remote import ChatLine, RemoteSeatView
from gardens_tui.server.lobby.rows import chat_text, own_seat, places, table_cells
from gardens_tui.table import Setup, parse_players

HELP = (
    "Lobby commands:",
    "  tables: the tables on this server, with their codes.",
    "  sit CODE, or sit CODE SEAT: sit at a table (SEAT: a free seat's number or name).",
    "  watch CODE: watch a table.",
    "  new GAME, or new GAME PLAYERS KEY=VALUE...: a new table, you at it. PLAYERS is a comma",
    "    list: your name, other people's seats by name, bot:greedy, bot:strong (default: you",
    "    and greedy bots, the fewest seats the game takes: Throw Octopus! alone). games lists",
    "    the games and their options.",
    "  learn GAME: a guided first game of GAME, just for you (kept between sessions).",
    "  quit: end the session.",
)


class PlainLobby:
    """The lobby loop over ``connection`` (see the module docstring)."""

    def __init__(self, connection: OwnerConnection, console: Console, inbox: Inbox) -> None:
        self.connection = connection
        self.console = console
        self.inbox = inbox
        self.closed: str | None = None
        connection.on_closed = lambda reason: inbox.call_soon(lambda: self._lost(reason))
        connection.on_notice = lambda title, text, _: inbox.call_soon(
            lambda: console.say(f"{title}: {text}", "turn")
        )
        connection.on_motd = lambda text: inbox.call_soon(lambda: self._motd(text))

    def run(self, join: str | None = None) -> int:
        """The lobby until ``quit``, the end of input or a lost connection (sitting at table
        ``join`` first, if given: an invitation's); 0 after ``quit``, 1 otherwise."""
        name = self.connection.name
        self.console.say(f"Welcome to the gardens-tui server, {name}.", "heading")
        self._motd(self.connection.motd)
        self.console.say("This is the plain lobby. Type help for the commands, tables to start.")
        if join is not None:
            self.command(f"sit {join}")
        while self.closed is None:
            event = self.inbox.get()
            if isinstance(event, InputEnded):
                return 1
            if isinstance(event, Call):
                event.run()
                continue
            assert isinstance(event, Typed)
            if self.command(event.text):
                return 0
        return 1

    def _motd(self, text: str) -> None:
        if text.strip():
            self.console.say(f"Message of the day: {text}")

    def _lost(self, reason: str) -> None:
        if self.closed is None:
            self.closed = reason
            self.console.say(f"The connection to the table server ended: {reason}", "error")

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> bool:
        """Carry out one lobby line; True for ``quit``."""
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if not word:
            return False
        if word in ("quit", "exit", "bye"):
            self.console.say("Goodbye.")
            return True
        handlers: dict[str, Callable[[str], None]] = {
            "help": lambda _: self.console.lines(HELP),
            "tables": self.cmd_tables,
            "list": self.cmd_tables,
            "sit": self.cmd_sit,
            "join": self.cmd_sit,
            "watch": self.cmd_watch,
            "new": self.cmd_new,
            "games": self.cmd_games,
            "learn": self.cmd_learn,
        }
        handler = handlers.get(word)
        if handler is None:
            self.console.say(f"{word!r} is not a lobby command. Type help for the commands.")
            return False
        try:
            handler(rest)
        except Refused as refusal:
            self.console.say(f"The server said no: {refusal}", "error")
        except ConnectionLost as lost:
            self._lost(lost.reason)
        return False

    def _tables(self) -> list[dict[str, Any]]:
        return self.connection.list_tables()

    def cmd_tables(self, _: str) -> None:
        """``tables``: every table in words, one line each."""
        tables = self._tables()
        if not tables:
            self.console.say("There are no tables yet: new GAME starts one.")
            return
        self.console.say(f"{len(tables)} table{'s' if len(tables) != 1 else ''}:")
        for entry in tables:
            code, title, state, watching, seats = table_cells(entry)
            self.console.say(
                f"  Table {code}: {title}, {state}; seats: {seats}; {watching} watching."
            )

    def _find(self, code: str) -> dict[str, Any] | None:
        wanted = code.strip().upper()
        return next((t for t in self._tables() if str(t["code"]).upper() == wanted), None)

    def cmd_sit(self, rest: str) -> None:
        """``sit CODE [SEAT]``: sit at the table's free seat (or one's own), then play."""
        code, _, which = rest.partition(" ")
        entry = self._find(code) if code else None
        if entry is None:
            self.console.say("Which table? Type sit and its code (tables lists them).")
            return
        seats = [place for place in places(entry) if place.seat is not None]
        if not seats:
            self.console.say(f"Table {entry['code']} has no free seat: watch {entry['code']}?")
            return
        chosen = seats[0].seat if len(seats) == 1 and not which else self._seat(entry, which)
        if chosen is None:
            options = "; ".join(
                f"{place.seat + 1}: {place.label}" for place in seats if place.seat is not None
            )
            self.console.say(f"Which seat at table {entry['code']}? {options}.")
            self.console.say(f"Type sit {entry['code']} and the seat's number.")
            return
        view = self.connection.join(str(entry["code"]), chosen, dispatch=self.inbox.call_soon)
        self.play(view)

    def _seat(self, entry: Mapping[str, Any], which: str) -> int | None:
        which = which.strip()
        free = [place.seat for place in places(entry) if place.seat is not None]
        number = whole_number(which)
        if number is not None and number - 1 in free:
            return number - 1
        names = {str(entry["seats"][seat]["name"]).casefold(): seat for seat in free}
        return names.get(which.casefold())

    def cmd_watch(self, rest: str) -> None:
        """``watch CODE``: watch the table as a spectator."""
        entry = self._find(rest) if rest else None
        if entry is None:
            self.console.say("Which table? Type watch and its code (tables lists them).")
            return
        view = self.connection.watch(str(entry["code"]), dispatch=self.inbox.call_soon)
        self.play(view)

    def cmd_games(self, _: str) -> None:
        """``games``: the games, their player counts and options."""
        for spec in game_specs().values():
            options = ", ".join(f"{opt.key}={opt.describe_value()}" for opt in spec.options)
            self.console.say(
                f"  {spec.id}: {spec.title}, {spec.describe_counts()} players. "
                f"Options: {options or 'none'}."
            )

    def cmd_learn(self, rest: str) -> None:
        """``learn GAME``: the game's lesson, played here (not at a table of the server), kept
        in this identity's data folder; back to the lobby when it ends or on ``quit``."""
        from gardens_tui.lessons import lesson_for
        from gardens_tui.lessons.kept import lesson_path, open_run
        from gardens_tui.plain.learn import PlainLesson

        game = rest.split()[0].lower() if rest.split() else ""
        try:
            lesson = lesson_for(get_spec(game).id)
        except (KeyError, ValueError):
            self.console.say("Which game? Type learn and a game's id (games lists them).")
            return
        run, resumed = open_run(lesson, lesson_path(lesson.game_id), restart=False)
        plain = PlainLesson(run, self.console, self.inbox, lesson_path(lesson.game_id))
        plain.start(resumed)
        if plain.game.run(catch_up=not resumed) is Ending.INPUT_ENDED:
            self.inbox.put(InputEnded())
            return
        self.console.say("You are back in the lobby: type tables.")

    def cmd_new(self, rest: str) -> None:
        """``new GAME [PLAYERS] [KEY=VALUE ...]``: create a table and sit down at it."""
        words = rest.split()
        if not words:
            self.console.say("Which game? Type new and a game's id (games lists them).")
            return
        try:
            setup = self._setup(words[0], words[1:])
        except ValueError as refusal:
            self.console.say(f"No table was made: {refusal}", "error")
            return
        code = self.connection.create_table(
            setup.game, [(s.name, s.bot) for s in setup.seats], setup.options
        )
        for idle in get_spec(setup.game).idle_options(setup.options):
            self.console.say(f"Note: {idle}.")
        self.console.say(f"Your table's code is {code}: others sit down with sit {code}.")
        seat = own_seat(setup, self.connection.name)
        if seat is None:
            view = self.connection.watch(code, dispatch=self.inbox.call_soon)
        else:
            view = self.connection.join(code, seat, dispatch=self.inbox.call_soon)
        self.play(view)

    def _setup(self, game: str, words: Sequence[str]) -> Setup:
        spec = get_spec(game.lower())
        players = [word for word in words if "=" not in word or "bot:" in word]
        pairs = [word for word in words if word not in players]
        spec_text = ",".join(players) or ",".join(
            [self.connection.name, *["bot:greedy"] * (spec.counts[0] - 1)]
        )
        seats = parse_players(spec_text)
        spec.check_player_count(len(seats))
        given = {}
        for pair in pairs:
            key, _, value = pair.partition("=")
            try:
                option = spec.option(key)
            except KeyError:
                known = ", ".join(opt.key for opt in spec.options) or "none"
                raise ValueError(
                    f"{spec.title} has no option {key!r}; its options: {known}"
                ) from None
            given[option.key] = option.parse(value)
        return Setup(spec.id, tuple(seats), spec.normalise_options(given), 0)

    # --- at a table -----------------------------------------------------------------------------

    def play(self, view: RemoteSeatView) -> None:
        """Play (or watch) at ``view``'s table until the game ends or the person leaves."""
        seats = view.seats
        title = view.game.spec.title
        where = "watching" if view.seat is None else f"sitting as {seats[view.seat].name}"
        self.console.say(f"Table {view.code}, {title}: you are {where}.", "heading")
        self.console.say("Type help for the commands; say TEXT chats; leave goes back.")

        def heard(line: ChatLine) -> None:
            self.console.say(f"Chat: {chat_text(line, seats)}", "chat")

        view.add_chat_listener(heard)
        hooks = PlainHooks(
            chat=lambda text: self._say(view, text),
            quit_word="leave",
            quit_lines=lambda: [
                "You left the table; a seat you hold stays yours: sit at it again any time."
            ],
            ended=lambda: None if view.ended is None else f"The table is gone: {view.ended}",
        )
        game = PlainGame(view, self.console, self.inbox, hooks)
        if not view.may_act():
            game.cmd_board("")
        ending = game.run()
        view.remove_chat_listener(heard)
        if ending is Ending.CLOSED:
            self.closed = self.closed or str(view.ended)
            return
        if ending is Ending.INPUT_ENDED:
            self.inbox.put(InputEnded())
            return
        if ending is Ending.OVER:
            self.console.say("The game is over. You are back in the lobby: type tables.")
        else:
            self.console.say("You are back in the lobby: type tables.")
        with contextlib.suppress(Refused, ConnectionLost):
            self.connection.leave()

    def _say(self, view: RemoteSeatView, text: str) -> None:
        try:
            view.say(text)
        except IllegalAction as refusal:
            self.console.say(f"Not said: {refusal}", "error")
