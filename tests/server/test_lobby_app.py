"""The app in lobby mode against a real table owner on a real Unix socket (Pilot drives the app).

The app's connection is the real client; the other players are real clients of the same owner
on the test's thread. Waits are on the app's seat view's listener events (they run on the app's
loop), with a failure guard only.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from typing import Any

from owner_thread import GUARD, OwnerThread, start_owner
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from gardens_tui.bots import DEFAULT_LEVEL, LEVELS
from gardens_tui.seats import SeatView
from gardens_tui.server.lobby.client import OwnerConnection
from gardens_tui.server.lobby.remote import RemoteSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.lobby import LobbyScreen
from gardens_tui.ui.screens.lobby_dialogs import (
    ChatDialog,
    CodeDialog,
    CreateTableDialog,
    InviteDialog,
)

StartOwner = Callable[..., OwnerThread]
SIZE = (100, 34)


def lobby_app(connection: OwnerConnection, join: str | None = None) -> GardensApp:
    """The app in lobby mode with bots that do not pause and no autosave (sitting at table
    ``join`` once connected, if given)."""
    return create_app(
        lobby=connection, settings=Settings(bot_delay_ms=0, autosave=False), join=join
    )


def remote_screen(app: GardensApp) -> GameScreen:
    """The game screen on top, which must be on a remote seat."""
    screen = app.screen
    assert isinstance(screen, GameScreen) and not screen.has_table
    assert isinstance(screen.seat_view, RemoteSeatView)
    return screen


async def until(pilot: Pilot[Any], ready: Callable[[], bool], *views: SeatView) -> None:
    """Wait until ``ready()`` holds, checking again after each update any of ``views`` receives
    (the app's on its loop, the test's clients' on their reader threads); then let the screens
    catch up."""
    loop = asyncio.get_running_loop()
    event = asyncio.Event()

    def changed(_: SeatView) -> None:
        loop.call_soon_threadsafe(event.set)

    for view in views:
        view.add_listener(changed)
    try:
        while True:
            event.clear()
            if ready():
                break
            await asyncio.wait_for(event.wait(), GUARD)
    finally:
        for view in views:
            view.remove_listener(changed)
    await pilot.pause()


async def test_lobby_lists_tables_and_a_new_table_seats_its_creator(
    start_owner: StartOwner,
) -> None:
    """Behaviour: the lobby lists the owner's tables (seats free or taken, bots, spectators);
    n opens the new-table dialog (the new-game form and a time limit per decision, checked),
    and its creator sits at the seat with their name on the game's own screen, a remote seat
    (no table, no driver here)."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Bob", None), ("Cy", LEVELS[0])], seed=3)
    bob.join(code, 0)
    owner.connect("id:eve", "Eve").watch(code)
    app = lobby_app(owner.connect("id:ann", "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        rows = lobby.query_one("#lobby-tables", DataTable)
        cells = [str(cell) for cell in rows.get_row_at(0)]
        assert cells[0] == code and cells[4] == "Bob, Cy (bot)" and cells[3] == "1"
        lobby.action_create(Setup("toy", (Seat("X", None), Seat("Dee", None)), {}, 0))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CreateTableDialog)
        dialog.query_one("#turn-seconds", Input).value = "3"  # too short: refused
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        dialog.query_one("#turn-seconds", Input).value = "45"
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = remote_screen(app)
        view = screen.seat_view
        assert view.setup.game == "toy" and view.seats[0].name == "Ann"
        assert view.acts_for == frozenset({0}) and view.viewer == 0
        new_code = next(c for c in owner.owner.tables if c != code)
        assert owner.owner.tables[new_code].holders[0].identity == "id:ann"
        assert owner.owner.tables[new_code].turn_seconds == 45


async def test_moves_by_others_appear_live_the_bell_rings_and_no_curtain(
    start_owner: StartOwner,
) -> None:
    """Behaviour: on a remote seat another player's decision appears live (log, prompt), the
    bell rings when the turn comes back, and the hot-seat curtain never shows although the game
    hides hands (one person at this terminal)."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    bob_view = bob.join(code, 1)
    app = lobby_app(owner.connect("id:ann", "Ann"))
    bells: list[None] = []
    app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the highlighted table
        await pilot.press("1")  # Sit as Ann (free)
        screen = remote_screen(app)
        view = screen.seat_view
        assert view.may_act() and view.has_secrets()
        assert screen.play(view.legal_actions()[0])
        bells.clear()
        while not view.may_act() and view.decision() is not None:
            await until(pilot, lambda: view.version == bob_view.version, view, bob_view)
            if bob_view.may_act():
                bob_view.apply(bob_view.legal_actions()[0])
                await until(pilot, lambda: view.version == bob_view.version, view, bob_view)
        assert view.may_act()
        assert any(step.seat == 1 for step in view.log())
        assert bells, "the bell rang when Ann's turn came"
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)
        assert "Ann" in str(screen.prompt_text())


async def test_a_replaced_session_goes_back_to_the_lobby_saying_it_was_replaced(
    start_owner: StartOwner,
) -> None:
    """Behaviour: when the connection ends because the same person took the seat from another
    terminal, the game screen closes, the lobby says this session was replaced (not that the
    connection was lost) and only q is left."""
    owner = start_owner()
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    app = lobby_app(ann)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        view = remote_screen(app).seat_view
        owner.connect("id:ann", "Ann").join(code, 0)  # the same person, elsewhere
        await until(pilot, lambda: getattr(view, "ended", None) is not None, view)
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert lobby.lost is not None and "elsewhere" in lobby.lost
        status = str(lobby.query_one("#lobby-status").render())
        assert status.startswith("This session was replaced") and "lost" not in status
        assert lobby.check_action("create", ()) is False
        assert lobby.check_action("quit", ()) is True


async def test_no_save_load_or_replay_in_lobby_mode(start_owner: StartOwner) -> None:
    """Rule: in lobby mode nothing reads or writes a file by a typed path: ctrl+s does nothing
    on a remote seat, load and continue are refused, replay is off."""
    from gardens_tui.ui.screens.load import LoadDialog
    from gardens_tui.ui.screens.save_dialog import SaveDialog

    owner = start_owner()
    ann = owner.connect("id:ann", "Ann")
    ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    app = lobby_app(ann)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        screen = remote_screen(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not any(isinstance(s, SaveDialog) for s in app.screen_stack)
        assert screen.check_action("save", ()) is False
        assert screen.check_action("replay", ()) is False
        app.action_load_game()
        app.action_continue_game()
        await pilot.pause()
        assert not any(isinstance(s, LoadDialog) for s in app.screen_stack)
        assert app.screen is screen


async def test_join_by_code_and_watch(start_owner: StartOwner) -> None:
    """Behaviour: c asks for a table code (any case); its places include watching, and a
    spectator's screen acts for nobody."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    app = lobby_app(owner.connect("id:eve", "Eve"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, CodeDialog)
        await pilot.press(*code.lower(), "enter")
        await pilot.press("3")  # Watch as a spectator
        screen = remote_screen(app)
        assert screen.seat_view.acts_for == frozenset() and screen.seat_view.viewer is None
        assert owner.call(lambda: owner.owner.spectators(owner.owner.tables[code])) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert owner.call(lambda: owner.owner.spectators(owner.owner.tables[code])) == 0


async def test_a_spectator_is_not_offered_a_rematch_of_a_game_they_did_not_play(
    start_owner: StartOwner,
) -> None:
    """Behaviour: a spectator's end screen of a remote table offers a new game, the board and
    the menu, but no Rematch (and the r key does nothing)."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Ann", "random"), ("Bob", "random")], seed=3)
    app = lobby_app(owner.connect("id:eve", "Eve"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", *code, "enter", "1")  # the only place: watching
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        view = game.seat_view
        await until(pilot, lambda: view.decision() is None, view)
        end = app.screen
        assert isinstance(end, EndScreen)
        assert not end.offers("rematch") and end.offers("new")
        assert not end.query("#end-rematch") and end.query("#end-new")
        await pilot.press("r")
        assert app.screen is end


async def test_escape_at_a_remote_table_is_named_lobby_and_goes_back_to_it(
    start_owner: StartOwner,
) -> None:
    """Behaviour: at a remote table the footer names Escape "Lobby" (not "Menu"), also on a
    screen that binds Escape to cancel first (Octopus's Garden), and Escape goes back there;
    the help's keys leave out saving (there is none there) and add the chat key."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("octopus-garden", [("Ann", None), ("Bob", None)], seed=3)
    app = lobby_app(owner.connect("id:eve", "Eve"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", *code, "enter", "3")  # watch
        screen = remote_screen(app)
        shown = {key: active.binding.description for key, active in screen.active_bindings.items()}
        assert shown["escape"] == "Lobby"
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = dict(help_screen.keys)
        assert "ctrl+s" not in keys and "ctrl+t" in keys and "the lobby" in keys["esc"]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_the_host_gives_an_absent_seat_to_a_bot_from_the_lobby(
    start_owner: StartOwner,
) -> None:
    """Behaviour: b on a table lets its host give an absent person's seat to a bot (which then
    plays it: the table moves on), and give it back; another person is refused."""
    owner = start_owner()
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    hosted = owner.owner.tables[code]
    app = lobby_app(ann)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "2")  # Bob's seat
        await pilot.pause()
        assert owner.call(lambda: dict(hosted.stand_ins)) == {1: DEFAULT_LEVEL}
        await pilot.press("b", "2")
        await pilot.pause()
        assert owner.call(lambda: dict(hosted.stand_ins)) == {}
    app = lobby_app(owner.connect("id:eve", "Eve"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "2")
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert "host" in lobby.query_one("#lobby-status").render().plain  # type: ignore[attr-defined]
        assert owner.call(lambda: dict(hosted.stand_ins)) == {}


async def test_ctrl_t_says_a_line_and_others_lines_show_as_notices(
    start_owner: StartOwner,
) -> None:
    """Behaviour: at a remote table ctrl+t asks for a chat line and says it to the table; a
    line another player says appears as a notice on the game screen (drawn literally)."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    bob_view = bob.join(code, 1)
    heard = threading.Event()
    bob_view.add_chat_listener(lambda line: heard.set())
    app = lobby_app(owner.connect("id:ann", "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        screen = remote_screen(app)
        await pilot.press("ctrl+t")
        assert isinstance(app.screen, ChatDialog)
        await pilot.press(*"good luck", "enter")
        assert await asyncio.to_thread(heard.wait, GUARD)
        assert bob_view.chat[-1].name == "Ann" and bob_view.chat[-1].text == "good luck"
        seat_view = screen.seat_view
        assert isinstance(seat_view, RemoteSeatView)
        said = asyncio.Event()  # a chat line is no update: wait on the chat listener
        seat_view.add_chat_listener(lambda line: said.set())  # runs on the app's loop
        bob_view.say("[b]thanks[/b]")
        while len(seat_view.chat) < 2:
            await asyncio.wait_for(said.wait(), GUARD)
            said.clear()
        await pilot.pause()
        messages = [str(n.message) for n in app._notifications]
        assert any("Bob: [b]thanks[/b]" in message for message in messages)


async def test_a_remote_seat_counts_the_time_limit_down_in_the_prompt(
    start_owner: StartOwner,
) -> None:
    """Behaviour: at a table with a time limit the prompt line counts the pending decision's
    time down from the owner's deadline (tick by tick, on the seat view's clock); a refusal
    shown there stays up for a few ticks before the count replaces it."""
    from gardens_tui.ui.screens.game_base import CLOCK_HOLD_TICKS
    from gardens_tui.ui.widgets.prompt import PromptLine

    now = [50.0]
    owner = start_owner(None, lambda seconds, call: threading.Timer(1e6, call), lambda: 0.0)
    bob = owner.connect("id:bob", "Bob")
    bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3, turn_seconds=90)
    app = lobby_app(owner.connect("id:ann", "Ann", clock=lambda: now[0]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        screen = remote_screen(app)
        prompt = screen.query_one(PromptLine)
        assert prompt.prompt_text.endswith("1:30 left")
        now[0] += 29.5
        screen.tick_clock()
        assert prompt.prompt_text.endswith("1:01 left")
        screen.show_error("not now")
        now[0] += 1
        for _ in range(CLOCK_HOLD_TICKS):
            screen.tick_clock()
            assert prompt.error_text == "not now"
        screen.tick_clock()
        assert prompt.error_text is None and prompt.prompt_text.endswith("1:00 left")
        await pilot.pause()


async def test_the_chat_dialog_shows_the_latest_lines_and_lines_said_meanwhile(
    start_owner: StartOwner,
) -> None:
    """Behaviour: ctrl+t opens the chat dialog over the table's latest chat lines (drawn
    literally); a line said while it is up joins them there instead of a notice."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    bob_view = bob.join(code, 1)
    app = lobby_app(owner.connect("id:ann", "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        screen = remote_screen(app)
        view = screen.seat_view
        assert isinstance(view, RemoteSeatView)
        loop = asyncio.get_running_loop()
        heard = asyncio.Event()
        view.add_chat_listener(lambda line: loop.call_soon_threadsafe(heard.set))
        bob_view.say("[b]hello[/b]")
        await asyncio.wait_for(heard.wait(), GUARD)
        await pilot.press("ctrl+t")
        dialog = app.screen
        assert isinstance(dialog, ChatDialog)
        history = dialog.query_one("#chat-history").render()
        assert "Bob: [b]hello[/b]" in str(history)
        heard.clear()
        notices = len(app._notifications)
        bob_view.say("still there?")
        await asyncio.wait_for(heard.wait(), GUARD)
        await pilot.pause()
        assert "Bob: still there?" in str(dialog.query_one("#chat-history").render())
        assert len(app._notifications) == notices


async def test_a_rematch_starts_from_the_last_tables_game_and_time_limit(
    start_owner: StartOwner,
) -> None:
    """Behaviour: a rematch from a remote table opens the new-table dialog with that table's
    game, seats and time limit filled in; a new table from the lobby starts with no limit."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3, turn_seconds=45)
    app = lobby_app(owner.connect("id:ann", "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        remote_screen(app)
        await app.run_action("rematch")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CreateTableDialog)
        assert dialog.query_one("#turn-seconds", Input).value == "45"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CreateTableDialog)
        assert app.screen.query_one("#turn-seconds", Input).value == ""


async def test_an_unchanged_list_of_tables_is_not_redrawn(start_owner: StartOwner) -> None:
    """Behaviour: the lobby's regular refresh leaves an unchanged list as it is (no clearing
    and refilling, so an idle lobby sends nothing to its terminal); a change is shown."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    app = lobby_app(owner.connect("id:ann", "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        widget = lobby.query_one("#lobby-tables", DataTable)
        cleared: list[None] = []
        clear = widget.clear
        widget.clear = lambda *a, **k: (cleared.append(None), clear(*a, **k))[1]  # type: ignore[method-assign]
        lobby.refresh_tables()
        assert cleared == [] and widget.row_count == 1
        bob.create_table("toy", [("Cy", None), ("Bob", None)], seed=4)
        lobby.refresh_tables()
        await pilot.pause()
        assert cleared == [None] and widget.row_count == 2


class FrameCounter(HeadlessDriver):
    """Headless input, but the app renders and writes as to a terminal; counts the writes."""

    writes = 0

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        FrameCounter.writes += 1


def caught_up(view: SeatView, version: int) -> Callable[[], bool]:
    """Whether ``view`` has reached ``version``, as a check for :func:`until`."""
    return lambda: view.version == version


async def test_a_spectator_s_screen_draws_each_move_in_one_frame(
    start_owner: StartOwner,
) -> None:
    """Behaviour: a player watching a table draws each move once, with the layout it needs (a
    hand shown or hidden), not once before the layout and again after it (each frame on every
    watcher's screen costs the server's CPU; see gardens_tui/ui/screens/steady_screen.py)."""
    owner = start_owner()
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    code = ann.create_table("octopus-garden", [("Ann", None), ("Bob", None)], seed=3)
    views = [ann.join(code, 0), bob.join(code, 1)]
    app = lobby_app(owner.connect("id:eve", "Eve"))
    app.driver_class = FrameCounter
    rng = random.Random(5)
    async with app.run_test(headless=False, size=SIZE) as pilot:
        await pilot.press("c", *code, "enter", "1")  # the only place: watching
        watched = remote_screen(app).seat_view
        for _ in range(5):
            await pilot.pause()
        FrameCounter.writes = 0
        moves = 0
        while moves < 40 and views[0].decision() is not None:
            mover = next(view for view in views if view.may_act())
            mover.apply(rng.choice(mover.legal_actions()))
            moves += 1
            await until(pilot, caught_up(watched, mover.version), watched, mover)
            for _ in range(3):
                await pilot.pause()
        assert moves == 40
        assert FrameCounter.writes <= moves + 2, f"{FrameCounter.writes} frames for {moves} moves"


async def settled(pilot: Pilot[Any], ready: Callable[[], bool]) -> None:
    """Let the app handle what it has to (a lobby joins its table once it has listed the
    tables) until ``ready()`` holds; a failure guard of many idle turns, no sleeping."""
    for _ in range(100):
        if ready():
            return
        await pilot.pause()
    raise AssertionError("the app never got there")


async def test_i_shows_an_invitation_link_to_copy_and_a_refusal_as_a_notice(
    start_owner: StartOwner,
) -> None:
    """Behaviour: i on a table with a free seat opens a dialog with the invitation's link as
    plain text, how long it is good for and that it works once; c copies the link (and says
    so), Escape closes. Without a web front end i shows the owner's refusal as a notice and
    opens nothing."""
    from gardens_tui.server.lobby.owner import NO_WEB

    owner = start_owner()
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("octopus-garden", [("Ann", None), ("Bob", None)], seed=3)
    app = lobby_app(ann)
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await pilot.press("i")
        await pilot.pause()
        assert app.screen is lobby
        assert any(NO_WEB in str(n.message) for n in app._notifications)
        owner.call(lambda: setattr(owner.owner, "invite_base", "http://127.0.0.1:8080"))
        await pilot.press("i")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, InviteDialog)
        url = dialog.url
        assert url.startswith("http://127.0.0.1:8080/invite/")
        invite = owner.call(lambda: owner.owner.peek_invite(url.rsplit("/", 1)[1]))
        assert (invite.code, invite.identity) == (code, "id:ann")
        assert str(dialog.query_one("#invite-url").render()) == url
        title = str(dialog.query_one(".dialog-title").render())
        assert f"table {code} (Octopus's Garden)" in title
        terms = str(dialog.query_one("#invite-terms").render())
        assert "one person, once" in terms and "30 minutes" in terms
        await pilot.press("c")
        await pilot.pause()
        assert app.clipboard == url and dialog.copied
        assert "Copied (if your terminal allows it)" in str(
            dialog.query_one("#invite-copied").render()
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is lobby


async def test_a_lobby_started_with_a_table_to_join_sits_at_its_first_free_seat(
    start_owner: StartOwner,
) -> None:
    """Behaviour: the app started with a table code to join (a guest's invitation) sits its
    person, once connected, at the first free seat for a person there (a seat held by another
    and a bot's seat are passed over), on the game's own screen."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Bob", None), ("Cy", "random"), ("Dee", None)], seed=3)
    bob.join(code, 0)
    app = lobby_app(owner.connect("id:guest", "Zoe"), join=f" {code.lower()} ")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, lambda: isinstance(app.screen, GameScreen))
        view = remote_screen(app).seat_view
        assert view.acts_for == frozenset({2}) and view.viewer == 2
        assert owner.call(lambda: owner.owner.tables[code].holders[2].identity) == "id:guest"


async def test_a_lobby_started_with_a_full_table_to_join_watches_it_and_says_so(
    start_owner: StartOwner,
) -> None:
    """Behaviour: when every seat for a person at the table to join is held by now, the app
    watches it instead and a notice says so; an unknown table is named in the lobby's status
    line and nothing opens."""
    owner = start_owner()
    bob = owner.connect("id:bob", "Bob")
    code = bob.create_table("toy", [("Bob", None), ("Cy", "random")], seed=3)
    bob.join(code, 0)
    app = lobby_app(owner.connect("id:guest", "Zoe"), join=code)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, lambda: isinstance(app.screen, GameScreen))
        view = remote_screen(app).seat_view
        assert view.acts_for == frozenset() and view.viewer is None
        assert any(
            f"Every seat at table {code} is taken now: you watch it." in str(n.message)
            for n in app._notifications
        )
    app = lobby_app(owner.connect("id:guest2", "Yan"), join="ZZZZ")
    async with app.run_test(size=SIZE) as pilot:
        status = app.screen.query_one("#lobby-status")
        await settled(pilot, lambda: "ZZZZ" in str(status.render()))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert "There is no table 'ZZZZ' here." in str(lobby.query_one("#lobby-status").render())
