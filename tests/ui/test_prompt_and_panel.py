"""The prompt line never grows past two lines and a refusal keeps the prompt's height (the rest
ends in "…" and is notified whole)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from gardens_tui.ui.widgets.prompt import MAX_LINES, ClampedText, PromptLine, clamp_lines

LONG_REFUSAL = (
    "You cannot buy column 3: it holds an oyster you have not attracted yet, and you have only "
    "7 pearls while it costs 9 pearls; pick a cheaper row or column or pass"
)


# --- the prompt line: pure wrapping -----------------------------------------------------------


def test_clamp_lines_leaves_text_that_fits_unchanged() -> None:
    assert clamp_lines("Ann: Play a card", 78) == "Ann: Play a card"
    assert clamp_lines("word " * 20, 60, max_lines=2) == "word " * 20


def test_clamp_lines_cuts_to_max_lines_ending_in_an_ellipsis() -> None:
    clamped = clamp_lines(LONG_REFUSAL, 40, max_lines=2)
    lines = clamped.split("\n")
    assert len(lines) == 2
    assert all(len(line) <= 40 for line in lines)
    assert lines[0] == "You cannot buy column 3: it holds an"
    assert lines[1].endswith("…") and len(lines[1]) == 40
    assert clamp_lines(LONG_REFUSAL, 40, max_lines=1) == LONG_REFUSAL[:39] + "…"


def test_clamped_text_height_is_capped_or_borrowed() -> None:
    assert ClampedText(LONG_REFUSAL).lines_at(40) == MAX_LINES
    assert ClampedText("short").lines_at(40) == 1
    assert ClampedText(LONG_REFUSAL, height_of="short").lines_at(40) == 1


# --- the prompt line in an app ----------------------------------------------------------------


class PromptApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("board", id="board")
        yield PromptLine()

    CSS = "#board { height: 1fr; }"


def shown_lines(prompt: PromptLine) -> list[str]:
    return [prompt.render_line(y).text.strip() for y in range(prompt.size.height)]


async def test_a_long_refusal_keeps_the_prompt_height_and_is_notified_whole() -> None:
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        board = app.query_one("#board")
        prompt.show_prompt("Ann: Buy a row or column, attract an oyster, or pass")
        await pilot.pause()
        assert prompt.size.height == 1 and board.size.height == 23

        prompt.show_error(LONG_REFUSAL)
        await pilot.pause()
        assert prompt.size.height == 1 and board.size.height == 23  # the board does not move
        assert prompt.has_class("-error") and prompt.error_text == LONG_REFUSAL
        (line,) = shown_lines(prompt)
        assert line.startswith("✗ You cannot buy column 3") and line.endswith("…")
        assert [n.message for n in app._notifications] == [LONG_REFUSAL]
        assert prompt.tooltip == LONG_REFUSAL

        prompt.show_prompt("Ann: Plant the coral")
        await pilot.pause()
        assert not prompt.has_class("-error") and prompt.tooltip is None
        assert shown_lines(prompt) == ["Ann: Plant the coral"]


async def test_a_short_refusal_is_shown_with_the_prompt_and_not_notified() -> None:
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        prompt.show_prompt("Ann: Play")
        prompt.show_error("Not legal")
        await pilot.pause()
        assert shown_lines(prompt) == ["✗ Not legal   (Ann: Play)"]
        assert not app._notifications and prompt.tooltip is None


async def test_a_long_prompt_takes_at_most_two_lines_and_its_refusal_the_same() -> None:
    app = PromptApp()
    async with app.run_test(size=(40, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        prompt.show_prompt(LONG_REFUSAL)
        await pilot.pause()
        assert prompt.size.height == MAX_LINES
        assert shown_lines(prompt)[-1].endswith("…")
        prompt.show_error(LONG_REFUSAL)
        await pilot.pause()
        assert prompt.size.height == MAX_LINES
        assert shown_lines(prompt)[0].startswith("✗ You cannot buy")
        assert shown_lines(prompt)[-1].endswith("…")
