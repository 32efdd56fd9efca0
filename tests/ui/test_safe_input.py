"""Pastes into one-line text fields (SafeInput): kept up to the field's size with a notice, made
one line, refused whole for an unsafe character, and cut before any work on the rest.

Before: Textual's ``Input`` kept only the first line of a paste and refused a line longer than
the room left in the field whole (the bell, no word), so 300 characters pasted into the chat
field (200) did nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import hypothesis.strategies as st
import pytest
from conftest import settle
from fuzz import fuzz_settings, hostile_text
from hypothesis import given
from textual import events
from textual.pilot import Pilot

from gardens_tui.rules import safe_text
from gardens_tui.rules.safe_text import is_unsafe
from gardens_tui.server.lobby.protocol import MAX_TEXT
from gardens_tui.settings import Settings
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.lobby_dialogs import ChatDialog
from gardens_tui.ui.screens.save_dialog import MAX_NAME_LENGTH, SaveDialog
from gardens_tui.ui.screens.settings import SettingsScreen
from gardens_tui.ui.widgets import safe_input
from gardens_tui.ui.widgets.safe_input import DEFAULT_MAX_LENGTH, SafeInput, one_line

SIZE = (100, 30)
MEGABYTE = 1024 * 1024


def messages(app: GardensApp) -> list[str]:
    """The text of every notice the app has shown, oldest first."""
    return [str(note.message) for note in app._notifications]


def count_bells(app: GardensApp) -> list[None]:
    """A list that grows by one each time the app rings the bell."""
    rung: list[None] = []
    app.bell = lambda: rung.append(None)  # type: ignore[method-assign]
    return rung


async def chat_field(app: GardensApp, pilot: Pilot[Any]) -> SafeInput:
    """Open the chat dialog on ``app`` (no server needed) and return its focused field."""
    dialog = ChatDialog()
    app.push_screen(dialog)
    await settle(pilot)
    assert app.screen is dialog
    field = dialog.query_one("#line", SafeInput)
    assert field.has_focus and field.max_length == MAX_TEXT == 200
    return field


async def paste(pilot: Pilot[Any], field: SafeInput, text: str) -> None:
    """Paste ``text`` into ``field`` as a terminal's bracketed paste arrives."""
    field.post_message(events.Paste(text))
    await pilot.pause()


def reference(text: str, room: int) -> tuple[str, bool]:
    """What the rule keeps of a paste, written plainly (at any cost)."""
    pieces = [piece for piece in re.split("[\r\n\t\u2028\u2029]+", text) if piece]
    line = " ".join(pieces)
    return line[:room], len(line) > room


async def test_300_characters_pasted_into_the_chat_field_keep_200_with_a_notice() -> None:
    """Rule: a paste keeps what fits the field's max_length, and a notice says it was cut."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        text = "".join(chr(ord("a") + i % 26) for i in range(300))
        await paste(pilot, field, text)
        assert field.value == text[:200]
        assert field.cursor_position == 200
        assert "Pasted the first 200 characters: the field holds 200." in messages(app)


async def test_a_paste_is_cut_at_the_room_left_at_the_cursor_and_replaces_a_selection() -> None:
    """Rule: the cut is at the cursor's room (max_length less what the field already holds
    outside the selection); a selection is replaced by the paste."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        field.value = "hello world"
        field.cursor_position = 5
        await paste(pilot, field, "x" * 300)
        assert field.value == "hello" + "x" * 189 + " world"
        assert "Pasted the first 189 characters: the field holds 200." in messages(app)

        field.value = "abc"
        field.selection = (0, 3)  # type: ignore[assignment]
        await paste(pilot, field, "y" * 250)
        assert field.value == "y" * 200


async def test_a_paste_into_a_full_field_is_refused_with_a_reason() -> None:
    """Rule: a full field takes nothing of a paste, and says so with the bell."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        field.value = "z" * 200
        bells = count_bells(app)
        await paste(pilot, field, "more")
        assert field.value == "z" * 200
        assert bells
        assert "Not pasted: the field is full (it holds 200 characters)." in messages(app)


async def test_a_multi_line_paste_becomes_one_line() -> None:
    """Rule: line breaks, carriage returns and tabs in a paste become single spaces (a run of
    them one space; at the paste's ends none), and a paste that fits gets no notice."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        await paste(pilot, field, "\r\nfirst line\r\n\r\nsecond\tline\n\n\tthird\u2028fourth\n")
        assert field.value == "first line second line third fourth"
        assert messages(app) == []


async def test_a_paste_with_an_escape_sequence_is_refused_whole() -> None:
    """Rule: a paste holding an unsafe character (here ESC, on its second line) is refused
    whole, with the bell and a notice naming the character."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        field.value = "kept"
        bells = count_bells(app)
        await paste(pilot, field, "hello\n\x1b[31mred\x1b[0m")
        assert field.value == "kept"
        assert bells
        assert any(
            message.startswith("Not pasted: character 7 is a control character (U+001B)")
            for message in messages(app)
        )


async def test_a_megabyte_paste_is_cut_to_the_field_before_any_work_on_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule: a huge paste is cut to the field's room before anything looks at its characters
    (the unsafe-character check sees at most the room), and keeps what fits."""
    checked: list[int] = []
    real_first_unsafe = safe_text.first_unsafe

    def spy(text: str, **kwargs: Any) -> str | None:
        checked.append(len(text))
        return real_first_unsafe(text, **kwargs)

    monkeypatch.setattr(safe_input, "first_unsafe", spy)
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        await paste(pilot, field, ("0123456789\n" * (MEGABYTE // 11 + 1))[:MEGABYTE])
        assert field.value == "0123456789 " * 18 + "01"
        assert checked and max(checked) <= 200
        assert "Pasted the first 200 characters: the field holds 200." in messages(app)


async def test_ctrl_v_pastes_the_app_clipboard_by_the_same_rule() -> None:
    """Rule: ctrl+v (the app's own clipboard) follows the paste rule too."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        field = await chat_field(app, pilot)
        app.copy_to_clipboard("one\ntwo " + "w" * 300)
        await pilot.press("ctrl+v")
        assert field.value == ("one two " + "w" * 300)[:200]
        assert "Pasted the first 200 characters: the field holds 200." in messages(app)


async def test_the_save_dialog_name_field_takes_a_long_multi_line_paste(
    toy_table: Callable[..., Any],
) -> None:
    """Rule: the save dialog's name field follows the paste rule (a SafeInput of
    MAX_NAME_LENGTH) and keeps its own check of the name."""
    app = create_app(toy_table("Ann", "Bob"), settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SaveDialog)
        field = dialog.query_one("#save-name", SafeInput)
        field.value = ""
        await paste(pilot, field, "Friday\nnight " + "n" * 300)
        assert field.value == ("Friday night " + "n" * 300)[:MAX_NAME_LENGTH]
        assert f"Pasted the first 120 characters: the field holds {MAX_NAME_LENGTH}." in (
            messages(app)
        )
        field.value = "Friday"
        await paste(pilot, field, "\x1b]0;title\x07")
        assert field.value == "Friday"
        assert any(m.startswith("Not pasted: character 1 is a control") for m in messages(app))


async def test_the_settings_delay_field_takes_a_copied_line() -> None:
    """Rule: the settings dialog's delay field follows the paste rule (a copied line's ending
    is dropped) and keeps its own limits (5 digits, whole numbers only)."""
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, SettingsScreen)
        field = dialog.query_one("#delay", SafeInput)
        field.focus()
        field.value = ""
        await paste(pilot, field, "150\r\n")
        assert field.value == "150"
        field.value = ""
        await paste(pilot, field, "1234567")
        assert field.value == "12345"
        field.value = ""
        bells = count_bells(app)
        await paste(pilot, field, "fast")
        assert field.value == "" and bells  # not a number: refused as the field always did


def test_every_safe_input_has_a_size() -> None:
    """Rule: a SafeInput made without a max_length holds DEFAULT_MAX_LENGTH characters."""
    assert SafeInput().max_length == DEFAULT_MAX_LENGTH
    assert SafeInput(max_length=0).max_length == DEFAULT_MAX_LENGTH
    assert SafeInput(max_length=12).max_length == 12


@fuzz_settings(50)
@given(
    text=st.one_of(
        hostile_text(max_pieces=8),
        st.text(st.sampled_from("ab \r\n\t\u2028\u2029"), max_size=40),
    ),
    room=st.integers(min_value=0, max_value=30),
)
def test_one_line_keeps_what_the_plain_rule_keeps(text: str, room: int) -> None:
    """Rule: one_line is the paste rule written plainly: runs of line breaks and tabs are one
    space, none at the ends, cut to the room, and it says whether more was left out."""
    assert one_line(text, room) == reference(text, room)


@fuzz_settings(5)
@given(text=hostile_text(max_pieces=4))
def test_a_hostile_paste_into_a_field_never_leaves_an_unsafe_character(text: str) -> None:
    """Rule: whatever is pasted, the field holds no unsafe character and no line break."""
    import asyncio

    async def scenario() -> None:
        app = create_app(settings=Settings())
        async with app.run_test(size=SIZE) as pilot:
            field = await chat_field(app, pilot)
            await paste(pilot, field, text)
            kept, _ = reference(text, 200)
            expected = "" if any(is_unsafe(char) for char in kept) else kept
            assert field.value == expected
            assert not any(is_unsafe(char) for char in field.value)

    asyncio.run(scenario())
