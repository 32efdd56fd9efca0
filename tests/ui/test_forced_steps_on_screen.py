"""Issue 7, "less friction": forced steps play themselves, bots keep a pace that can be followed
and ``s`` skips their pauses.

A step with one legal action (a boxer crab with one anemone to sit on, a sea star with one
shortest path, "done" with nothing left to move) is played for the person, shown in the log; the
person confirms only real choices. Bots pause before each real choice only (a whole bot turn
takes about a second at the default pace), and ``s`` lets them play on without pausing until a
person must decide.
"""

from __future__ import annotations

from conftest import settle
from test_octopus_screen import app_for, og_screen, position_table

from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.widgets.game_log import GameLog

SIZE = (80, 24)


async def test_a_forced_planting_and_star_move_play_themselves_and_show_in_the_log() -> None:
    """Ann plants her last seagrass; the star's one-way move and "done" follow by themselves."""
    state = make_position(
        gardens={0: {"a1": "star", "a3": "oyster"}}, hand=["seagrass"], phase="plant"
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.play(("plant", "seagrass", CELL_IDS["e4"]))
        await settle(pilot)
        assert table.actions == [
            ("plant", "seagrass", CELL_IDS["e4"]),
            ("move", "star", CELL_IDS["a1"], CELL_IDS["a2"]),
            ("done",),
        ]
        assert table.state.current_player == 1  # Bob's turn: Ann confirmed nothing forced
        log_text = "\n".join(line for step in screen.seat_view.log() for line in step.lines)
        assert "sea star" in log_text


async def test_a_forced_step_at_the_start_of_a_game_plays_itself() -> None:
    state = make_position(
        options={"boxer-crab": True}, gardens={0: {"c3": "anemone"}}, hand=["boxer"], phase="plant"
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table.actions[0] == ("plant", "boxer", CELL_IDS["c3"])
        assert table.state.decision is not None and table.state.decision.kind == "animals"
        assert og_screen(pilot.app).query_one(GameLog) is not None


async def test_undo_after_a_forced_step_goes_back_to_the_real_choice() -> None:
    """u after the forced boxer planting takes back the seagrass too: the screen does not replay
    the forced step in front of the player."""
    state = make_position(
        options={"boxer-crab": True},
        gardens={0: {"c3": "anemone"}},
        hand=["seagrass", "boxer"],
        phase="plant",
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.play(("plant", "seagrass", CELL_IDS["e4"]))
        await settle(pilot)
        assert len(table.actions) == 2  # the boxer crab went on the anemone by itself
        await pilot.press("u")
        await settle(pilot)
        assert table.actions == []


async def test_s_skips_the_bots_pauses_until_a_person_decides() -> None:
    """With a long pause per bot step, s lets the bot's whole turn play at once; the pace comes
    back when Ann must decide. The market board has the focus and moves its cursor on w a s d,
    yet s skips the wait (the screen's key comes first while bots play)."""
    state = make_position(active=1, phase="market")
    table = position_table(state, "Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=600_000))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = og_screen(pilot.app)
        assert screen.market_board.has_focus
        assert screen.check_action("hurry_bots", ()) is True
        assert table.actions == []  # the bot waits out its pause
        await pilot.press("s")
        await pilot.pause()
        # hurried (or already done): a ten-minute pause would still hold the bot otherwise
        assert screen.hurry_bots or table.state.current_player == 0
        await settle(pilot)
        assert table.state.current_player == 0 and table.actions
        assert screen.hurry_bots is False
        assert screen.check_action("hurry_bots", ()) is False  # not shown while Ann decides


async def test_a_bot_pauses_only_before_real_choices() -> None:
    """A bot's forced steps are played without a pause (nothing to watch it choose): with a
    5-second pause per real choice, a turn of forced steps is over at once."""
    state = make_position(gardens={1: {"a1": "star", "a3": "oyster"}}, active=1, phase="animals")
    table = position_table(state, "Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=5000))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table.actions == [("move", "star", CELL_IDS["a1"], CELL_IDS["a2"]), ("done",)]
        assert table.state.current_player == 0


async def test_s_moves_the_cursor_when_no_bot_waits() -> None:
    """With no bot to hurry, s is the board's "down" again (w a s d move the cursor)."""
    state = make_position(phase="market")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        board = screen.market_board
        assert board.has_focus and screen.check_action("hurry_bots", ()) is False
        before = board.cursor
        await pilot.press("s")
        assert board.cursor != before
        await pilot.press("w")
        assert board.cursor == before
