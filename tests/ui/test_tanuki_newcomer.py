"""Tanuki in the Garden as a new player meets it at 80x24 (issue 26: games played to the end in
tmux against greedy bots, with and without the Garden Master, and a hot-seat game).

Each test is one moment that stopped or misled that player, pinned so it does not come back:

- the "Since your last turn" pop-up never came in a Garden Master game (the roll played for the
  player, who had no card to play, counted as their decision);
- the pop-up left out the next seat's roll and its tanuki, played by themselves as the player's
  own turn ended (two tanuki meeting cost everyone 2 without a word), and numbered a roll with
  the turn before it;
- the preview of laying a tile said "Ann to a3" for every turning, never where the monk then
  faces, so turnings were not told apart;
- an edge space at the start said "Enter: edge w3" instead of what Enter does;
- the footer cut its last key ("p Pa") at 80 columns;
- the rules did not say that a stash on the first tile of a walk from the edge is not taken;
- hot-seat, the pop-up never came: it was due before the curtain went up between the two;
- a tanuki on the square ahead (or no tile in hand): the prompt still asked for a tile and
  Enter pointed at a "lit square" that was not lit;
- a Tanuki Repellant window offered a Repellant to a player holding none, and did not say
  which tanuki; the news after answering it left out the tanuki landing on the player;
- the footer said "p Pass" where the prompt and the dock said "end your turn";
- laying a tile that moves two monks, the info line cut off the net change.

Bots play with no delay and the tests await Textual (``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import settle
from rich.text import Text
from test_tanuki_screen import (
    app_for,
    go,
    new_table,
    position_table,
    start_on_edge,
    tk_screen,
    tstate,
)
from textual.pilot import Pilot
from textual.widgets import Static

from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine as E
from gardens_tui.rules.tanuki.components import CARD_KEYS, front, parse_square, square_name
from gardens_tui.rules.tanuki.game import TanukiGame
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.preview import preview_lay
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.help import HelpScreen, help_markdown
from gardens_tui.ui.screens.tanuki.layouts import edge_key
from gardens_tui.ui.screens.tanuki.news import NewsScreen
from gardens_tui.ui.widgets.prompt import PromptLine

SIZE = (80, 24)
GAME = TanukiGame()


async def close_news(pilot: Pilot[Any]) -> None:
    """Close the news pop-up if it is up."""
    if isinstance(pilot.app.screen, NewsScreen):
        await pilot.press("escape")
        await pilot.pause()


def turn_of(lines: list[str], text: str) -> int:
    """The turn number of the first news line holding ``text``."""
    line = next(line for line in lines if text in line)
    return int(line.split()[0])


async def test_the_news_pops_up_in_a_garden_master_game() -> None:
    """With the Garden Master the turn opens on a decision (play a card or roll); with no card
    the roll is played for Ann. That forced step is no decision of hers: once Bob has chosen
    his edge space, "Since your last turn" tells her so."""
    table = new_table("Ann", "Bob=greedy", seed=4, **{"garden-master": True})
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await start_on_edge(pilot, screen, table, 1)
        await settle(pilot)
        assert table.actions[-1] != ("edge", 1)  # Bob chose, then Ann's roll was played
        news = app.screen
        assert isinstance(news, NewsScreen), app.screen
        text = "\n".join(news.lines)
        assert "Bob started from edge" in text, text
        assert "Ann rolled blue" in text, text


async def test_the_news_tells_the_roll_that_opened_the_next_turn() -> None:
    """Ann lays a tile (turn 1); as her turn ends, Bob's roll and his tanuki are played at once
    (in Ann's own step). Her next pop-up tells them, numbered with Bob's turn (2), not hers."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await start_on_edge(pilot, screen, table, 1)
        await settle(pilot)
        await close_news(pilot)
        await pilot.press("enter")  # lay the previewed tile
        await settle(pilot)
        assert table.actions[-1][0] != "edge"
        news = app.screen
        assert isinstance(news, NewsScreen), app.screen
        lines = list(news.lines)
        assert any("Bob rolled blue" in line for line in lines), lines
        assert not any("Ann placed" in line for line in lines), lines  # her own move is known
        assert turn_of(lines, "Bob rolled blue") == turn_of(lines, "Bob placed") == 2, lines


async def test_the_lay_preview_says_where_the_monk_then_faces() -> None:
    """Every turning of a tile used to read "Ann to c1 (...)"; the info line now also names the
    square the monk faces at the end of the walk, where the next tile goes."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await start_on_edge(pilot, screen, table, 1)
        await settle(pilot)
        await close_news(pilot)
        faced = set()
        for _ in range(8):
            selection = screen.picker.selection
            action = ("place", selection.item, *selection.variant)
            outcome = preview_lay(screen.state, action)
            walk = outcome.walks[0]
            text = screen._info_text
            if not walk.loop and walk.crash < 0 and walk.squares:
                ahead = square_name(front(walk.end >> 3, walk.end & 7)[0])
                assert f", facing {ahead}" in text, text
                faced.add(ahead)
            rows = screen.query_one("#tk-info", Static).region.height
            assert rows <= 2
            await pilot.press("r")
            await pilot.pause()
        assert faced


async def test_an_edge_space_says_what_enter_does() -> None:
    """At the start, the info line on an edge space says Enter starts the monk there."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        screen.board.move_cursor_to(edge_key(20))
        await pilot.pause()
        text = screen._info_text
        assert text.startswith("edge w3 (west of a3)"), text
        assert "Enter: start your monk here" in text, text
        assert "Enter: edge" not in text, text


@pytest.mark.parametrize("master", [False, True])
async def test_the_footer_keeps_its_keys_whole_at_80_columns(master: bool) -> None:
    """After steering a tanuki (a decision undo may take back), laying a tile showed the footer
    "... i Legend  r Turn  p Pa" under the command palette's key, and with a Garden Master card
    in hand "... p Pass  m Card": every key it shows must end before that key (``i`` is still
    a key, and ``?`` shows the legend first)."""
    harvest = CARD_KEYS.index("harvest") * 3
    start = make_position(
        ("Ann", "Bob"),
        {"garden-master": True} if master else None,
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("a1", None),
        cards=[[harvest], []] if master else [[], []],
        phase="before",
    )
    E.use_dice(start, 5, 3, Rng(1), B.Log())  # blue: a 5 to steer
    table = position_table(start, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("1")
        await settle(pilot)
        assert screen.state.phase == "place" and table.actions == [("steer", 0, 1)]
        footer = screen.query_one("KeyFooter")
        keys = {getattr(w, "key", None): w.region for w in footer.children}
        wanted = {"u", "r", "p", "m"} if master else {"u", "r", "p"}
        assert wanted <= set(keys), keys
        palette = keys.pop("ctrl+p", None)
        right = SIZE[0] if palette is None else palette.x
        for key, region in keys.items():
            assert region.right <= right, (key, region, right)


async def test_the_rules_say_a_first_tile_stash_is_not_taken() -> None:
    """A tanuki landing on a monk waiting on an edge space leaves a stash on the square beside
    it; the first walk from the edge does not take it (the engine's rule), and the help says
    so, where it says that tile's symbols do not count."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        text = help_markdown(help_screen.specs, help_screen.keys, help_screen.legend)
        text = " ".join(text.split())
        assert "nor a stash lying on that tile count" in text, text[-3000:]


async def test_hot_seat_news_comes_after_the_curtain() -> None:
    """Hot-seat, Ann and Bob at one keyboard: the pop-up never came. It was due at once after
    Ann's decision, before the curtain went up ("Pass to Bob"), was counted as shown, and never
    came back. Now each person gets it once the curtain is lifted for them, with what the other
    did, and never sees the other's tiles."""
    table = new_table("Ann", "Bob", seed=11)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await settle(pilot)
        screen = tk_screen(app)
        ann_tiles = list(tstate(table).hands[0])
        assert screen.parts.hand == ann_tiles
        await go(pilot, screen.board, edge_key(20))  # Ann: edge w3
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob"
        await pilot.press("enter")
        await settle(pilot)
        news = app.screen
        assert isinstance(news, NewsScreen), news
        assert any("Ann started from edge w3" in line for line in news.lines), news.lines
        await close_news(pilot)
        assert screen.parts.hand == list(tstate(table).hands[1])
        assert not set(screen.parts.hand) & set(ann_tiles)
        await go(pilot, screen.board, edge_key(3))  # Bob: edge n4
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await settle(pilot)
        news = app.screen
        assert isinstance(news, NewsScreen), news
        text = "\n".join(news.lines)
        assert "Bob started from edge n4" in text and "Ann rolled blue" in text, text
        await close_news(pilot)
        assert screen.parts.hand == ann_tiles


async def test_a_tanuki_on_the_square_ahead_says_why_and_what_to_do() -> None:
    """The gold tanuki sat on b5, the square ahead of Ann's monk: the prompt still said "Place a
    path tile to extend your path" and Enter answered "Lay your tile on the lit square b5",
    though nothing was lit and no tile could go there. Now the prompt and Enter say the tanuki
    blocks b5 and that x chases it off for 2 shiitake or p passes; the cursor starts on b5,
    where the info line names the tanuki."""
    state = make_position(
        ("Ann", "Bob"),
        monks={0: "b4 end 4", 1: "edge s6"},
        board={"b4": tile_joining({0: 4})},
        tanuki=(None, "b5"),
        shiitake=[5, 0],
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        prompt = screen.query_one(PromptLine)
        said = "the gold tanuki blocks b5: x chases it off (2 shiitake) or p passes"
        assert screen.prompt_text() == f"Ann: {said}", screen.prompt_text()
        assert prompt.prompt_text == f"Ann: {said}", prompt.prompt_text
        assert screen.board.cursor == parse_square("b5")
        assert screen._info_text == "b5; gold tanuki", screen._info_text
        await pilot.press("enter")
        await pilot.pause()
        error = prompt.error_text or ""
        assert "lit square" not in error and "gold tanuki blocks b5" in error, error
        assert table.actions == []
        await pilot.press("x")
        await settle(pilot)
        assert table.actions == [("distract", 1)]
        assert screen.prompt_text() == "Ann: Place a path tile to extend your path"


async def test_no_tile_in_hand_says_so() -> None:
    """With no tile in hand (ashi-magari turns), the prompt asked for a tile: it now says there
    is none and that p passes (Garden Master: a card may still be played, so it is a choice)."""
    harvest = CARD_KEYS.index("harvest") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "b4 end 4", 1: "edge s6"},
        board={"b4": tile_joining({0: 4})},
        hands={0: []},
        cards=[[harvest], []],
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.prompt_text() == (
            "Ann: no tile in hand: p passes (you draw 3 at the end) (or m: a card)"
        ), screen.prompt_text()


async def test_the_footer_names_what_p_does_at_the_end_of_the_turn() -> None:
    """Garden Master, end of Ann's turn: the prompt says "Buy a Garden Master card for 2
    shiitake, or end your turn" and the dock "p end turn", but the footer said "p Pass". It now
    says "p End turn", and p ends the turn."""
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "b4 end 4", 1: "edge s6"},
        board={"b4": tile_joining({0: 4})},
        shiitake=[5, 0],
        phase="buy",
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert "end your turn" in screen.prompt_text(), screen.prompt_text()
        footer = screen.query_one("KeyFooter")
        labels = {getattr(w, "key", None): getattr(w, "description", "") for w in footer.children}
        assert labels.get("p") == "End turn", labels
        await pilot.press("p")
        await pilot.pause()
        assert table.actions[:1] == [("end",)], table.actions


@pytest.mark.parametrize("card", ["harvest", "repellant"])
async def test_a_repellant_window_says_which_tanuki_and_whether_you_hold_one(card: str) -> None:
    """Garden Master: a tanuki's path crosses Ann's monk, and she holds a card, so the Tanuki
    Repellant window opens (for any card holder: who holds a Repellant stays secret). The prompt
    said "A tanuki is coming your way: play Tanuki Repellant, or let it come" even to Ann, who
    held only Bountiful Harvest, and not which tanuki. Now it names the tanuki and her square,
    and offers y only with a Repellant in hand."""
    held = CARD_KEYS.index(card) * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("a6", "c4"),
        active=1,
        cards=[[held], []],
        dice=[3, 1],
        dirs=[0, 1],
        moving=3,
        phase="repel",
        queue=[0],
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        text = screen.prompt_text()
        if card == "repellant":
            assert (
                text == "Ann: the gold tanuki comes at you on c3: y repels it (+1), p lets it come"
            )
        else:
            assert text == (
                "Ann: the gold tanuki comes at you on c3 (no Repellant in hand): p lets it come"
            ), text
        assert len(text) <= SIZE[0]
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[0] == ("let",)


async def test_the_news_tells_what_followed_a_window_answered_in_another_turn() -> None:
    """In Bob's turn Ann let the gold tanuki come (her decision): it landed on her monk and took
    3 shiitake. That landing was in her own step, so her next pop-up began after it and never
    said why her shiitake were gone. Now the lines that followed her answer are news too."""
    harvest = CARD_KEYS.index("harvest") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("a6", "c4"),
        active=1,
        cards=[[harvest], []],
        shiitake=[5, 0],
        dice=[3, 1],
        dirs=[0, 1],
        moving=3,
        phase="repel",
        queue=[0],
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[0] == ("let",) and len(table.actions) > 1
        news = app.screen
        assert isinstance(news, NewsScreen), news
        text = "\n".join(news.lines)
        assert "landed on Ann's monk" in text, text


async def test_a_long_outcome_keeps_its_net_change_in_the_info_line() -> None:
    """Laying t2 on d2 walks Ann over a stash while Bob crashes into Cleo: written in full, the
    outcome took three lines at 80x24 and the info line cut the net change and the draws off.
    The walks' details give way first; the net change and "draws none" always show."""
    state = GAME.new_game(["Ann", "Bob", "Cleo"], {}, 1)
    rng = Rng(1)
    for _ in range(38):  # a random game to a position found by search
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert state.current_player == 0 and state.phase == "place"
    table = position_table(state, "Ann", "Bob=greedy", "Cleo=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await pilot.press(str(screen.parts.hand.index(1) + 1))
        await pilot.pause()
        for _ in range(8):
            if screen.picker.selection.variant == (0, 0):
                break
            await pilot.press("r")
            await pilot.pause()
        text = screen._info_text
        flat = " ".join(text.split())  # (the rows it is cut into)
        assert flat.startswith("d2: Enter lays t2 r0: Ann to e3"), text
        assert "Bob CRASHES into Cleo" in flat, text
        assert "net Ann +13, Bob +3, Cleo -5; Ann draws none" in flat, text
        info = screen.query_one("#tk-info", Static)
        rows = Text(text).wrap(app.console, info.size.width)
        assert len(rows) <= 2, [line.plain for line in rows]


async def test_a_long_news_says_that_earlier_lines_are_above() -> None:
    """A round of three players' turns is longer than the pop-up at 80x24: it opens on the
    newest lines, and the start of the round (the others' rolls) was out of sight with nothing
    saying so. The last line now says how many lines are above and how to see them."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await close_news(pilot)
        lines = [f"{n:>3}  Bob did thing {n}" for n in range(1, 31)]
        app.push_screen(NewsScreen(lines, "Ann: Place a path tile"))
        await pilot.pause()
        await pilot.pause()
        news = app.screen
        assert isinstance(news, NewsScreen)
        hint = str(news.query_one("#news-hint", Static).render())
        shown = news.query_one("#news-lines").scrollable_content_region.height
        assert f"{30 - shown} earlier lines above" in hint, hint
        assert news.query_one("#news-hint").region.right <= SIZE[0]
        short = NewsScreen(lines[:3], "Ann: Place a path tile")
        await news.dismiss(None)
        app.push_screen(short)
        await pilot.pause()
        await pilot.pause()
        assert "above" not in str(short.query_one("#news-hint", Static).render())
