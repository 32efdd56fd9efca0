"""Octopus's Garden at 80x24 as two new players met it against the greedy bot.

- An Enter too many never buys: Enter on a row or column marker asks first (the prompt line
  says what the line costs and gets and that Enter again buys it); Esc, moving off the marker,
  Tab or a new decision drop the question.
- The prompt line says the whole decision in one line at 80 columns for a player's usual name,
  on the last turn too, for the purchase, the planting and the decisions the modules add (the
  compact layout uses :func:`~gardens_tui.ui.screens.octopus_garden.texts.short_prompt`'s
  words); a longer one wraps to a second line and is still whole. The info line is fitted to
  its width without cutting a word in two (an ellipsis says more was left off).

Where the garden's cursor stays after a planting is tested with the other frictions
(``test_octopus_friction.py``).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import settle
from hostile_input import screen_text
from test_octopus_screen import app_for, og_screen, ostate, position_table, prompt

from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
from gardens_tui.ui.screens.octopus_garden.texts import fit_words, short_prompt
from gardens_tui.ui.widgets.prompt import PromptLine

SIZE = (80, 24)


def info(screen: OctopusGardenScreen) -> str:
    """The info line's words (before fitting) for the place under the market's cursor."""
    return screen.describe_place("market", screen.market_board.cursor)


def prompt_rows(app: Any, line: PromptLine) -> list[str]:
    """The rows of the screen the prompt line takes, as drawn (padding stripped)."""
    rows = screen_text(app).splitlines()
    region = line.region
    return [rows[y].strip() for y in range(region.y, region.bottom)]


def roles(screen: OctopusGardenScreen) -> list[str]:
    """Per market space: ``"accent"`` when it is drawn as part of the line asked about."""
    return ["accent" if screen._paint_market(space).role == "accent" else "" for space in range(9)]


async def ask_to_buy(pilot: Any, screen: OctopusGardenScreen, handle: tuple[str, int]) -> None:
    """Put the market's cursor on ``handle`` and press Enter once."""
    screen.market_board.move_cursor_to(handle)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


# --- 1. an Enter too many -----------------------------------------------------------------------


async def test_an_enter_too_many_after_the_bots_turn_asks_and_enter_again_buys() -> None:
    """The players' report: Enter pressed once more than the refill needed (its last space fills
    itself), after the greedy bot's turn, lands on the line marker under the cursor. It buys
    nothing: the prompt asks, naming the line, its tokens and price, whole on one line; a second
    Enter buys that line."""
    market: list[str | None] = ["coral", "seagrass", "anemone"] * 3
    market[2] = market[6] = None
    state = make_position(market=market, phase="refill", drawn="seagrass", pearls=[9, 9])
    table = position_table(state, "Ann", "Bob=greedy")
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("enter")  # the refill ("2 empty": the second fills itself)
        await settle(pilot)
        assert ostate(table).phase == "market" and ostate(table).current_player == 0
        assert any(table.states[i].current_player == 1 for i in range(len(table.actions)))
        cursor = screen.market_board.cursor
        assert isinstance(cursor, tuple)  # the cursor rests on a line marker
        played = len(table.actions)
        await pilot.press("enter")  # one too many
        await pilot.pause()
        assert len(table.actions) == played
        purchase = ("buy", *cursor)
        words = screen.describe(purchase)
        assert prompt(screen).prompt_text == f"Ann: {words}? Enter again: buy"
        assert " pearl" in words and "(" in words  # what it costs and gets
        assert prompt_rows(pilot.app, prompt(screen)) == [f"Ann: {words}? Enter again: buy"]
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[played:] == [purchase]
        assert ostate(table).phase == "plant"
        assert "Enter again" not in prompt(screen).prompt_text


async def test_esc_moving_off_the_marker_or_tab_drops_the_question() -> None:
    """The first Enter draws the line's tiles in the accent colour and asks; the question goes
    with Esc (which then does not leave the game), with the cursor leaving the marker (Enter on
    another marker asks about that line), and with Tab; nothing is bought on the way."""
    table = position_table(make_position(pearls=[9, 9]))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        decision = screen.prompt_text()
        await ask_to_buy(pilot, screen, ("col", 1))
        assert screen.prompt_text().startswith("Ann: Buy column 1 (")
        assert roles(screen) == ["accent", "", "", "accent", "", "", "accent", "", ""]
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen  # Esc dropped the question, not the game
        assert prompt(screen).prompt_text == decision
        assert "accent" not in roles(screen)
        await ask_to_buy(pilot, screen, ("col", 1))
        await pilot.press("right")  # off the marker
        await pilot.pause()
        assert screen.market_board.cursor != ("col", 1)
        assert prompt(screen).prompt_text == decision
        await ask_to_buy(pilot, screen, ("row", 2))
        assert screen.prompt_text().startswith("Ann: Buy row 2 (")
        await pilot.press("tab")
        await pilot.pause()
        assert prompt(screen).prompt_text == decision
        assert table.actions == []


async def test_the_info_line_says_enter_asks_first_then_that_it_buys() -> None:
    """On a line marker the info line's words say Enter asks first; once asked, that Enter
    buys it."""
    table = position_table(make_position(pearls=[9, 9]))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        screen.market_board.move_cursor_to(("row", 1))
        await pilot.pause()
        assert info(screen).endswith("Enter: buy it (asks first)")
        await pilot.press("enter")
        await pilot.pause()
        assert info(screen).endswith("Enter: buy it")


# --- 2. the prompt line at 80 columns -------------------------------------------------------------


def decisions(players: tuple[str, str]) -> dict[str, OctopusState]:
    """A position for each decision of a real game with every module that adds one."""
    claims: list[str | int | None] = [None] * 9
    claims[4] = 0
    return {
        "market": make_position(players),
        "plant": make_position(players, hand=["coral", "crab", "shell"], phase="plant"),
        "refill": make_position(
            players, market=["coral"] * 7 + [None, None], phase="refill", drawn="shell"
        ),
        "lionfish": make_position(
            players,
            {"lionfish": True},
            gardens={0: {"c3": "lionfish"}},
            pearls=[4, 2],
            phase="lionfish",
        ),
        "shark": make_position(
            players,
            {"shark": True},
            market=["coral"] * 9,
            pearls=[5, 2],
            phase="shark",
            shark_of=["hammerhead", None],
            shark_bought=[True, False],
            claims=claims,
        ),
        "treasure": make_position(
            players,
            {"treasure-chest": True},
            hand=["chest", "coral", "coral"],
            pearls=[3, 2],
            phase="treasure",
            chests=1,
        ),
        "push": make_position(
            players,
            {"coconut-octopus": True},
            gardens={0: {"c3": "coconut", "c4": "coral", "b3": "seagrass"}},
            phase="push",
            pushes=["c4", "b3"],
        ),
    }


async def shown_prompt(state: OctopusState, players: tuple[str, str]) -> tuple[str, list[str]]:
    """The prompt's text at 80x24 and the rows it takes on the screen; the info line is checked
    to be on the screen above it."""
    table = position_table(state, *players)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        line = prompt(screen)
        info_line = screen.query_one("#og-info")
        assert info_line.region.height == 1 and info_line.region.bottom <= line.region.y
        return line.prompt_text, prompt_rows(pilot.app, line)


@pytest.mark.parametrize("last_turn", [False, True], ids=["turn", "last-turn"])
@pytest.mark.parametrize(
    "phase", ["market", "plant", "refill", "lionfish", "shark", "treasure", "push"]
)
async def test_every_decisions_prompt_is_whole_on_one_line_at_80_columns(
    phase: str, last_turn: bool
) -> None:
    """With a usual name (8 letters), on the last turn too, the prompt of the purchase, the
    planting, the refill and the modules' decisions is whole on the one prompt row, so the
    info line keeps its row above it."""
    players = ("Annabel", "Bob")
    state = decisions(players)[phase]
    if last_turn:
        state.end_by = 1
    text, rows = await shown_prompt(state, players)
    assert text.startswith("Annabel: Last turn! " if last_turn else "Annabel: ")
    assert rows == [text]


async def test_a_prompt_too_long_for_one_line_wraps_whole_to_a_second() -> None:
    """A long name on the last turn: the refill prompt (the one reported cut after "(3") takes
    two rows and every word of it is on the screen, none cut short."""
    players = ("Bartholomew Featherstonehaugh", "Bob")
    state = decisions(players)["refill"]
    state.end_by = 1
    table = position_table(state, *players)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        line = prompt(screen)
        rows = prompt_rows(pilot.app, line)
        assert len(rows) == 2
        assert " ".join(rows) == line.prompt_text
        assert line.prompt_text.endswith("(2 empty)")


def test_the_short_prompts_keep_the_facts_of_the_engines() -> None:
    """Each shortened prompt keeps its counts, token and space: the meaning stays."""
    assert short_prompt(
        "Ann: Last turn! Refill the market: choose a space for the empty shell (3 empty)"
    ) == ("Ann: Last turn! Refill: choose where the empty shell goes (3 empty)")
    assert (
        short_prompt("Your shark waits on m5: buy a row or column through it, or release it")
        == "Shark on m5: buy a line through it, or release it"
    )
    assert (
        short_prompt("Coconut octopus: push a neighbouring space (2 waiting), or done")
        == "Coconut octopus: push a neighbour (2 left), or done"
    )
    market = "Buy a row or column, attract an oyster, or pass (return a market tile)"
    assert short_prompt(market) == "Buy a row or column, attract an oyster, or pass"
    assert short_prompt("Plant your tokens") == "Plant your tokens"


def test_the_info_line_is_fitted_without_cutting_a_word() -> None:
    """What does not fit the info line's width is left off after the last whole word that
    fits, with an ellipsis to say so (no separator left dangling); a first word too wide alone
    is cut."""
    text = "Column 2: trash, hermit crab, coral · 3 pearls · Enter: buy it (asks first)"
    assert fit_words(text, 80, "…") == text
    assert fit_words(text, 53, "…") == "Column 2: trash, hermit crab, coral · 3 pearls…"
    assert fit_words(text, 30, "…") == "Column 2: trash, hermit crab…"
    assert fit_words("Supercalifragilistic", 10, "...") == "Superca..."
    assert fit_words(text, 0, "…") == text


async def test_the_prompts_words_follow_the_layout_when_the_terminal_is_resized() -> None:
    """The roomy layout has room for the engine's own words; back at 80x24 the short ones
    return, and the info line is fitted to the width it has then."""
    table = position_table(make_position(pearls=[9, 9]))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        short = "Ann: Buy a row or column, attract an oyster, or pass"
        assert prompt(screen).prompt_text == short
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert screen.roomy
        assert prompt(screen).prompt_text == f"{short} (return a market tile)"
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert prompt(screen).prompt_text == short
        shown = str(screen.query_one("#og-info").render())
        assert len(shown) <= screen.query_one("#og-info").content_size.width
