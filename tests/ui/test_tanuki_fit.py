"""Tanuki in the Garden at 80x24, as two new players found it: a line cut at 80 columns. When
the prompt wraps onto a second line (a long name; a bot's "Play a Garden Master card, or roll
the tanuki dice"), the info line under the garden has one row left, and its second row (what
laying the tile does) was hidden behind the prompt. Now the info line is worded for the rows it
has, and what still does not fit ends in ``…``. Driven through Textual's pilot; Ann decides,
the bot never moves here."""

from __future__ import annotations

from conftest import settle
from test_tanuki_screen import app_for, no_news_popup, position_table, tk_screen
from textual.geometry import Region
from textual.widget import Widget

from gardens_tui.rules.tanuki.positions import make_position
from gardens_tui.ui.widgets.prompt import PromptLine

__all__ = ["no_news_popup"]  # the autouse fixture: no "since your last turn" pop-up here

LONG = "Maximiliana Wilhelmina Fitzgerald-Smythe"
"""A name of 40 columns, the longest a name may be."""


def drawn(widget: Widget) -> list[str]:
    """The widget's rows as drawn, trailing blanks removed."""
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


async def info_and_prompt(name: str) -> tuple[list[str], list[str], str, bool]:
    """At 80x24, ``name`` lays a first tile from edge n3 (the cursor on the front square): the
    info line's rows as drawn, the prompt's, the info's words, and whether the info line is
    laid out wholly above the prompt."""
    state = make_position((name, "Bob"), monks={0: "edge n3", 1: "edge s6"})
    app = app_for(position_table(state, name, "Bob=greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        info, prompt = screen.query_one("#tk-info"), screen.query_one(PromptLine)
        assert screen.board.cursor == 2  # c1, where the tile goes
        above = info.region.bottom <= prompt.region.y
        return drawn(info), drawn(prompt), screen._info_text, above


async def test_a_two_line_prompt_leaves_the_info_line_one_row_worded_for_it() -> None:
    """With a 40-column name the prompt takes two rows; the info line keeps one, above the
    prompt, and its words are cut to that row with ``…`` (they used to run on into a second row
    the prompt hid)."""
    info, prompt, words, above = await info_and_prompt(LONG)
    assert len(prompt) == 2 and prompt[0].startswith(f" {LONG}: Place a path tile")
    assert above and len(info) == 1
    assert info[0] == words and words.startswith("c1: Enter lays ") and words.endswith("…")


async def test_a_one_line_prompt_leaves_the_info_line_two_rows() -> None:
    """With a short name the prompt takes one row and the info line two: what laying the tile
    does is said whole."""
    info, prompt, words, above = await info_and_prompt("Ann")
    assert len(prompt) == 1 and above and len(info) == 2
    assert " ".join(info) == words and not words.endswith("…")
    assert "in by the left end" in words and "shiitake" in words
