"""The prompt line never grows past two lines; a refusal keeps the prompt's height when it fits
there, else takes up to two lines (the rest ends in "…", whole in the tooltip, never a toast over
the log), and leaves with the next prompt; the player panel lines up names, bot levels and scores in
columns for people and bots alike, shows a game's extra lines under each seat, and scores only
what its viewer may see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static
from toy_game import HIDDEN, ToyGame, ToyState

from gardens_tui.rules.base import Scores
from gardens_tui.seats import LocalSeatView
from gardens_tui.table import Table
from gardens_tui.ui.widgets.player_panel import (
    PlayerPanel,
    SeatColumns,
    SeatRow,
    bot_label,
    layout_rows,
)
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
    assert clamp_lines(LONG_REFUSAL, 40, max_lines=1) == "You cannot buy column 3: it holds an …"


def test_clamp_lines_ends_after_a_whole_word() -> None:
    """A cut line ends after its last whole word ("Bob 2, …", never "Bob 2, C…"), unless
    that would leave half the line empty (one long word is cut where it must be)."""
    scores = "scores: Ann 3, Bob 2, Cid 7, Dee 1"
    assert clamp_lines(scores, 24, max_lines=1) == "scores: Ann 3, Bob 2, …"
    assert clamp_lines(scores, 26, max_lines=1) == "scores: Ann 3, Bob 2, Cid…"
    assert clamp_lines("x" * 60, 20, max_lines=1) == "x" * 19 + "…"
    assert clamp_lines("a " + "x" * 60, 20, max_lines=1) == "a " + "x" * 17 + "…"
    assert clamp_lines(scores, 24, max_lines=1, ascii_mode=True) == "scores: Ann 3, Bob 2, ."


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


async def test_a_long_refusal_takes_two_lines_and_is_never_a_toast() -> None:
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        board = app.query_one("#board")
        prompt.show_prompt("Ann: Buy a row or column, attract an oyster, or pass")
        await pilot.pause()
        assert prompt.size.height == 1 and board.size.height == 23

        prompt.show_error(LONG_REFUSAL)
        await pilot.pause()
        assert prompt.size.height == MAX_LINES and board.size.height == 22
        assert prompt.has_class("-error") and prompt.error_text == LONG_REFUSAL
        first, last = shown_lines(prompt)
        assert first.startswith("✗ You cannot buy column 3") and last.endswith("…")
        assert "7 pearls" in last  # the second line carries on with the refusal
        assert not app._notifications  # no toast over the game log
        assert str(prompt.tooltip) == LONG_REFUSAL

        prompt.show_prompt("Ann: Plant the coral")
        await pilot.pause()
        assert not prompt.has_class("-error") and prompt.tooltip is None
        assert shown_lines(prompt) == ["Ann: Plant the coral"]
        assert prompt.size.height == 1 and board.size.height == 23


async def test_a_refusal_that_fits_the_prompt_keeps_its_height() -> None:
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        prompt.show_prompt("Ann: Buy a row or column, attract an oyster, or pass")
        prompt.show_error("You cannot buy column 3: you have 7 pearls and it costs 9")
        await pilot.pause()
        assert prompt.size.height == 1
        (line,) = shown_lines(prompt)
        assert line.startswith("✗ You cannot buy column 3: you have 7 pearls and it costs 9")
        assert line.endswith("…")  # the prompt in brackets is what is cut
        assert prompt.tooltip is None and not app._notifications


async def test_the_same_prompt_again_clears_a_stale_refusal() -> None:
    """A screen shows the prompt after every change to the table: a refusal about the old
    position leaves even when the new decision reads the same."""
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        prompt.show_prompt("Ann: Play")
        prompt.show_error("Not legal")
        prompt.show_prompt("Ann: Play")
        await pilot.pause()
        assert prompt.error_text is None and shown_lines(prompt) == ["Ann: Play"]


async def test_a_short_refusal_is_shown_with_the_prompt_and_not_notified() -> None:
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        prompt.show_prompt("Ann: Play")
        prompt.show_error("Not legal")
        await pilot.pause()
        assert shown_lines(prompt) == ["✗ Not legal   (Ann: Play)"]
        assert not app._notifications and prompt.tooltip is None


async def test_a_refusal_that_repeats_the_prompt_is_not_followed_by_it() -> None:
    """Behaviour: once the game is over, Enter's refusal "The game is over." is the prompt
    itself: the line says it once, not "The game is over. (The game is over.)"."""
    app = PromptApp()
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(PromptLine)
        prompt.show_prompt("The game is over.")
        prompt.show_error("The game is over")
        await pilot.pause()
        assert shown_lines(prompt) == ["✗ The game is over"]


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


# --- the player panel -------------------------------------------------------------------------


ROWS = [
    SeatRow("▶", Text("Ann"), "", "20"),
    SeatRow(" ", Text("Bob"), "⚙ greedy", "33"),
    SeatRow(" ", Text("Cleopatra"), "⚙ random", "101"),
]


def test_bot_label_puts_a_space_after_the_glyph() -> None:
    assert bot_label("greedy") == "⚙ greedy"
    assert bot_label("random", ascii_mode=True) == "# random"
    assert bot_label(None) == ""


def test_rows_line_up_names_bot_levels_and_scores_at_every_width() -> None:
    for width in (22, 29, 40):
        lines = [line.plain for line in layout_rows(ROWS, width)]
        assert all(len(line) == width for line in lines)
        assert [line[2:5] for line in lines] == ["Ann", "Bob", "Cle"]
        assert lines[1].index("⚙ greedy") == lines[2].index("⚙ random")
        assert [line.split()[-1] for line in lines] == ["20", "33", "101"]  # flush right
    assert layout_rows(ROWS, 40)[1].plain == "  Bob       ⚙ greedy                  33"


def test_narrow_rows_ellipsise_names_then_shrink_bot_levels_to_the_glyph() -> None:
    assert [line.plain for line in layout_rows(ROWS, 20)] == [
        "▶ Ann             20",
        "  Bob   ⚙ greedy  33",
        "  Cleo… ⚙ random 101",
    ]
    assert [line.plain for line in layout_rows(ROWS, 14)] == [
        "▶ Ann       20",
        "  Bob    ⚙  33",
        "  Cleop… ⚙ 101",
    ]


def test_seat_columns_render_at_the_width_they_are_given() -> None:
    console = Console(width=30, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(SeatColumns(ROWS))
    lines = capture.get().splitlines()
    assert lines == [line.plain for line in layout_rows(ROWS, 30)]


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield PlayerPanel()

    CSS = "PlayerPanel { width: 26; }"


async def test_panel_shows_people_and_bots_in_the_same_columns(
    toy_table: Callable[..., Table],
) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(PlayerPanel)
        panel.show(LocalSeatView(table, (0,), 0))
        await pilot.pause()
        lines = [panel.render_line(y).text.rstrip() for y in range(2)]
        assert lines[0].startswith("▶ Ann") and lines[1].startswith("  Bob ⚙ greedy")
        assert lines[0].endswith(" 0") and lines[1].endswith(" 0")
        assert len(lines[0]) == len(lines[1]) == 26 - 4  # flush right inside border and padding
        assert panel.border_subtitle == "score so far"


def test_extra_lines_go_under_their_seat_literally_and_cut_short() -> None:
    rows = [
        SeatRow("▶", Text("Ann"), "", "20", ("hand: 3 cards", "[b]flag[/b] " + "x" * 40)),
        SeatRow(" ", Text("Bob"), "", "7"),
    ]
    lines = [line.plain for line in layout_rows(rows, 24)]
    assert lines[0].startswith("▶ Ann") and lines[0].endswith("20")
    assert lines[1] == "  hand: 3 cards"
    assert lines[2].startswith("  [b]flag[/b] xx") and lines[2].endswith("…")
    assert len(lines[2]) == 24
    assert lines[3].startswith("  Bob") and lines[3].endswith("7")
    assert layout_rows(rows, 24)[1].spans[0].style == "dim"


class SecretPointsToy(ToyGame):
    """The toy game with a third category: the cards in hand, which only their holder can
    count (a hidden card counts 0 in another seat's view)."""

    def scores(self, state: ToyState) -> Scores:
        base = super().scores(state)
        rows = tuple(
            (*row, sum(c for c in hand if c != HIDDEN))
            for row, hand in zip(base.table, state.hands, strict=True)
        )
        return Scores((*base.categories, "hand"), rows, final=base.final)


def hand_extras(view: Any, seat: int) -> Sequence[str]:
    return [f"hand: {len(view.hands[seat])} cards"]


async def test_panel_scores_only_what_the_viewer_may_see_and_shows_extras(
    toy_table: Callable[..., Table],
) -> None:
    """Rule (nothing reaches a seat it may not see): the panel totals the viewer's view, so a
    seat's secret points count in its own panel only; the extras come from the same view."""
    table = toy_table("Ann", "Bob")
    table.game = SecretPointsToy()
    hands: Any = table.state
    ann, bob = sum(hands.hands[0]), sum(hands.hands[1])
    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(PlayerPanel)
        for viewer, expected in ((0, (ann, 0)), (1, (0, bob)), (None, (0, 0))):
            panel.show(LocalSeatView(table, (), viewer), hand_extras)
            await pilot.pause()
            lines = [panel.render_line(y).text.rstrip() for y in range(4)]
            assert lines[0].startswith("▶ Ann") and lines[0].endswith(f" {expected[0]}")
            assert lines[1].strip() == "hand: 2 cards"
            assert lines[2].startswith("  Bob") and lines[2].endswith(f" {expected[1]}")
            assert lines[3].strip() == "hand: 2 cards"


def test_two_bots_of_one_level_stay_apart_when_their_names_are_cut() -> None:
    """Issue 7: at 80x24 two greedy bots both showed as "Greedy b…"; a name cut short keeps
    its end when the cut would make two names look the same. (Generated names such as "Greedy
    bot 2" now shed the level their label repeats before they are cut: test_bot_labels.py.)"""
    rows = [
        SeatRow("▶", Text("Ann"), "", "0"),
        SeatRow(" ", Text("Robot Ann 2"), "⚙ greedy", "-2"),
        SeatRow(" ", Text("Robot Ann 3"), "⚙ greedy", "5"),
    ]
    assert [line.plain for line in layout_rows(rows, 22)] == [
        "▶ Ann                0",
        "  Robo…n 2 ⚙ greedy -2",
        "  Robo…n 3 ⚙ greedy  5",
    ]
    distinct = [SeatRow(" ", Text(name), "", "0") for name in ("Annabelle", "Bartholomew")]
    assert [line.plain for line in layout_rows(distinct, 10)] == ["  Annab… 0", "  Barth… 0"]


def test_the_turn_note_stays_whole_when_the_name_is_cut() -> None:
    """While another seat decides in a seat's turn (a dodge in Throw Octopus!), the seat whose
    turn it is reads "(turn)" after its name: at 80x24 "Greedy bot 3 (turn)" was cut to
    "Greedy bot 3…", hiding the note; now the name is cut and the note kept (the label first
    sheds the level the name repeats: ``⚙``)."""
    rows = [
        SeatRow("▶", Text("Ann"), "", "9"),
        SeatRow(" ", Text("Greedy bot 2"), "⚙ greedy", "8"),
        SeatRow(" ", Text("Greedy bot 3"), "⚙ greedy", "8", note=" (turn)"),
    ]
    assert [line.plain for line in layout_rows(rows, 22)] == [
        "▶ Ann                9",
        "  Greedy bot 2     ⚙ 8",
        "  Greedy b… (turn) ⚙ 8",
    ]
    assert [line.plain for line in layout_rows(rows, 32)][1:] == [
        "  Greedy bot 2        ⚙ greedy 8",
        "  Greedy bot 3 (turn) ⚙ greedy 8",
    ]
