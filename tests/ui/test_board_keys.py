"""Configurable cursor keys: the default sets, dropping letters a game needs, per board and per
class, and a class's own binding of a letter winning over the cursor."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_keys import (
    ARROWS_HJKL,
    ARROWS_ONLY,
    ARROWS_WASD,
    DEFAULT_MOVEMENT_KEYS,
    MovementKeys,
)
from gardens_tui.ui.widgets.board_layout import BoardLayout


def test_the_default_is_arrows_hjkl_and_wasd() -> None:
    keys = DEFAULT_MOVEMENT_KEYS
    assert keys.right == ("right", "l", "d")
    assert keys.keys == {"up", "down", "left", "right", *"hjkl", *"wasd"}
    assert keys.describe() == "arrows, h j k l, w a s d"
    assert ARROWS_HJKL.describe() == "arrows, h j k l"
    assert ARROWS_WASD.describe() == "arrows, w a s d"
    assert ARROWS_ONLY.describe() == "arrows"
    assert "d" not in ARROWS_HJKL.keys and "k" not in ARROWS_WASD.keys


def test_without_drops_single_letters_and_keys_are_checked() -> None:
    keys = DEFAULT_MOVEMENT_KEYS.without("d", "a")
    assert keys.right == ("right", "l") and keys.left == ("left", "h")
    assert keys.up == ("up", "k", "w")
    with pytest.raises(ValueError, match="moves both"):
        MovementKeys(up=("up", "x"), down=("down", "x"))
    with pytest.raises(ValueError, match="not a key name"):
        MovementKeys(up=("up,k",))


def test_bindings_are_hidden_cursor_moves() -> None:
    [up, _down, left, right] = DEFAULT_MOVEMENT_KEYS.bindings()
    assert (up.key, up.action, up.show) == ("up,k,w", "move_cursor(0, -1)", False)
    assert right.action == "move_cursor(1, 0)" and left.key == "left,h,a"
    assert len(MovementKeys(up=(), down=("down",), left=(), right=()).bindings()) == 1


class KeysApp(App[None]):
    def __init__(self, board: BoardGrid) -> None:
        super().__init__()
        self.board = board
        self.drawn = 0

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        self.board.focus()


def layout() -> BoardLayout:
    return BoardLayout.square(3, 3)


async def test_a_board_without_wasd_does_not_move_on_d() -> None:
    app = KeysApp(BoardGrid(layout(), cursor=(1, 1), movement_keys=ARROWS_HJKL))
    async with app.run_test(size=(60, 20)) as pilot:
        board = app.board
        assert board.movement_keys == ARROWS_HJKL
        await pilot.press("d", "a", "w", "s")
        assert board.cursor == (1, 1)
        await pilot.press("l")
        assert board.cursor == (2, 1)
        await pilot.press("left", "k")
        assert board.cursor == (1, 0)


async def test_the_default_board_still_moves_on_every_key() -> None:
    app = KeysApp(BoardGrid(layout(), cursor=(0, 0)))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("d", "s")
        assert app.board.cursor == (1, 1)
        await pilot.press("l", "j", "a", "k", "h", "w")
        assert app.board.cursor == (0, 0)


async def test_a_class_sets_the_keys_of_all_its_boards_and_keeps_its_own_letters() -> None:
    class DrawBoard(BoardGrid):
        MOVEMENT_KEYS = ARROWS_ONLY
        BINDINGS: ClassVar[list[BindingType]] = [Binding("d", "draw", "Draw")]

        def action_draw(self) -> None:
            assert isinstance(self.app, KeysApp)
            self.app.drawn += 1

    app = KeysApp(DrawBoard(layout(), cursor=(1, 1)))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("d", "l", "k", "w")
        assert app.board.cursor == (1, 1)
        assert app.drawn == 1
        await pilot.press("right", "enter")
        assert app.board.cursor == (2, 1)


async def test_a_letter_the_class_binds_wins_over_the_default_cursor_keys() -> None:
    class DealBoard(BoardGrid):
        BINDINGS: ClassVar[list[BindingType]] = [Binding("d", "deal", "Deal")]
        dealt: ClassVar[list[Any]] = []

        def action_deal(self) -> None:
            self.dealt.append(self.cursor)

    app = KeysApp(DealBoard(layout(), cursor=(0, 0)))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("d", "l")
        assert DealBoard.dealt == [(0, 0)]
        assert app.board.cursor == (1, 0)
