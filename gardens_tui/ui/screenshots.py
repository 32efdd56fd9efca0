"""Write the SVG screenshots in ``screenshots/``: ``python -m gardens_tui.ui.screenshots``.

Every screen at 100x30 and at 80x24 (the smallest supported terminal):

- ``menu``: the main menu of a fresh install (nothing to continue yet);
- ``new-game``: the new-game dialog opened from the menu;
- ``<game id>`` for every game in the registry (:mod:`gardens_tui.rules.registry`: a new game
  package is picked up without editing this file), on its own screen or the text screen: Ann
  (human) against greedy bots (as many seats as the game's smallest player count), seed
  :data:`SEED`, at the first of Ann's decisions once :data:`MIDGAME_SHARE` of the game's
  decisions are made (every decision, Ann's too, made by seeded greedy bots). For Octopus's
  Garden that is decision 119, Ann's market decision: sea stars, hermit crabs and bonus animals
  are on show;
- ``<game id>-end``: the end screen of the same game played out to the end;
- ``review``: the review of Ann's game in that finished Octopus's Garden game (the end screen's
  "Review (w)"), done, its mistakes listed; the searches count :data:`REVIEW_ITERATIONS`
  iterations (and half as many for the head-to-head), so the review is the same every run;
- ``lesson``: the guided first game of :data:`LESSON_GAME` ("Learn to play") at the person's
  second decision, after the first suggested move: the lesson panel beside the board and the
  places of its tip pointed at.

The output is deterministic: run it twice and the files are byte-identical. The app runs with
default settings (autosave off), in an empty temporary data folder (so nothing of the user's
shows, and nothing is written to the user's folder), and every random choice comes from fixed
seeds. Rich names an SVG's CSS classes after a hash of its content, so nothing else varies.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from gardens_tui.bots import make_bot
from gardens_tui.bots.review import COMPARE_BUDGET, FIND_BUDGET
from gardens_tui.driver import Driver, bot_seed
from gardens_tui.rules.registry import GAMES, get_spec
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.review import ReviewScreen

SIZES: tuple[tuple[int, int], ...] = ((100, 30), (80, 24))
"""Terminal sizes (columns, rows); the first is the main one (files without a size suffix)."""

SEED = 4
"""The seed of every game shown."""

MIDGAME_SHARE = 0.6
"""How far into the game the mid-game screenshot is taken: the first of Ann's decisions once
this share of the whole game's decisions has been made."""

OPPONENTS = ("Bob", "Cleo", "Dev", "Eve", "Finn")
"""The names of the bots Ann plays against, in seat order."""

APP_SCREENS: tuple[str, ...] = ("menu", "new-game")
"""The screenshots that show no game."""

REVIEW_SCREENS: tuple[str, ...] = ("review",)
"""The screenshots taken after the games': a finished game's review."""

LESSON_SCREENS: tuple[str, ...] = ("lesson",)
"""The screenshots taken last: a lesson."""

LESSON_GAME = "the-gardens"
"""The game whose lesson the ``lesson`` screenshot shows."""

REVIEW_ITERATIONS = 16
"""The review screenshot's search budget per decision (the head-to-head gets half)."""

SETTLE_ROUNDS = 50


def screen_names() -> tuple[str, ...]:
    """Every screenshot name, in the order they are taken: the app's screens, a mid-game and
    an end screenshot of every registered game, then the review and the lesson."""
    games = (name for game_id in GAMES for name in (game_id, f"{game_id}-end"))
    return (*APP_SCREENS, *games, *REVIEW_SCREENS, *LESSON_SCREENS)


def bot_table(game_id: str, decisions: int | None) -> Table:
    """Ann (human) against greedy bots in ``game_id`` from :data:`SEED`, with ``decisions``
    decisions played by seeded greedy bots (every decision, to the end of the game, when
    ``None``)."""
    count = get_spec(game_id).counts[0]
    seats = (Seat("Ann"), *(Seat(name, "greedy") for name in OPPONENTS[: count - 1]))
    table = Table(Setup(game_id, seats, {}, SEED))
    bots = {seat: make_bot("greedy", bot_seed(SEED, seat)) for seat in range(len(seats))}
    Driver(table, bots).run(max_decisions=decisions)
    return table


def midgame_decisions(game_id: str) -> int:
    """How many decisions the mid-game screenshot of ``game_id`` is taken after (see
    :data:`MIDGAME_SHARE`): Ann decides in that position."""
    whole = bot_table(game_id, None)
    share = int(len(whole.actions) * MIDGAME_SHARE)
    anns = [i for i, state in enumerate(whole.states) if state.current_player == 0]
    later = [i for i in anns if i >= share]
    return later[0] if later else anns[-1]


MIDGAME_DECISIONS = 119
"""Where :func:`midgame_decisions` puts the Octopus's Garden screenshot (for ``bench/ui.py``,
which measures that position; a test checks the two agree)."""


def octopus_table(decisions: int | None) -> Table:
    """The Octopus's Garden game of the screenshots (:func:`bot_table`)."""
    return bot_table("octopus-garden", decisions)


def file_name(screen: str, size: tuple[int, int]) -> str:
    """``menu.svg`` at the main size, ``menu-80x24.svg`` at the others."""
    if size == SIZES[0]:
        return f"{screen}.svg"
    return f"{screen}-{size[0]}x{size[1]}.svg"


def _settings() -> Settings:
    return Settings(bot_delay_ms=0, autosave=False)


async def _settle(pilot: Pilot[Any]) -> None:
    """Let pending messages, workers and screen changes finish (no sleeping on a clock)."""
    app = pilot.app
    for _ in range(SETTLE_ROUNDS):
        await pilot.pause()
        await app.workers.wait_for_complete()
        if not app.workers:
            await pilot.pause()
            return
    raise RuntimeError("the app did not settle")


async def _shoot(
    app: GardensApp,
    size: tuple[int, int],
    path: Path,
    prepare: Callable[[Pilot[Any]], Awaitable[None]] | None = None,
) -> Path:
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        if prepare is not None:
            await prepare(pilot)
            await _settle(pilot)
        svg = app.export_screenshot(title=f"gardens-tui {size[0]}x{size[1]}")
    path.write_text(svg, encoding="utf-8")
    return path


async def _open_new_game(pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await _settle(pilot)
    if not isinstance(pilot.app.screen, NewGameDialog):
        raise RuntimeError("the n key did not open the new-game dialog")


async def _check_game(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, GardensApp)
    screen = app.game_screen()
    if screen is None or screen.table.state.current_player != 0:
        raise RuntimeError("the mid-game screenshot is not at Ann's decision")


async def _check_end(pilot: Pilot[Any]) -> None:
    if not isinstance(pilot.app.screen, EndScreen):
        raise RuntimeError("a finished game did not show the end screen")


async def _open_review(pilot: Pilot[Any]) -> None:
    """From the end screen, review Ann's game (small, counted budgets) and let it finish."""
    await _check_end(pilot)
    app = pilot.app
    assert isinstance(app, GardensApp)
    game = app.game_screen()
    if game is None:
        raise RuntimeError("no game screen under the end screen")
    game.review_budgets = (
        FIND_BUDGET.with_iterations(REVIEW_ITERATIONS),
        COMPARE_BUDGET.with_iterations(REVIEW_ITERATIONS // 2),
    )
    await pilot.press("w")
    await _settle(pilot)
    screen = app.screen
    if not isinstance(screen, ReviewScreen) or screen.review is None:
        raise RuntimeError("the w key did not review the game to the end")


async def _past_idea(pilot: Pilot[Any]) -> None:
    """Enter past an idea shown whole over the board (a terminal too short for the lesson
    panel to hold it), to the board with the panel."""
    from gardens_tui.ui.screens.lesson import IDEA_ID

    if (pilot.app.screen.id or "").startswith(IDEA_ID):
        await pilot.press("enter")
        await _settle(pilot)


async def _open_lesson(pilot: Pilot[Any]) -> None:
    """Open :data:`LESSON_GAME`'s lesson, past its first words (and its first idea, shown whole
    at 80x24), and play the first suggested move: the lesson's second decision, with its tip
    pointing at the board."""
    from gardens_tui.lessons import lesson_for
    from gardens_tui.lessons.base import LessonRun
    from gardens_tui.ui.screens.lesson import lesson_path

    app = pilot.app
    assert isinstance(app, GardensApp)
    screen = app.open_lesson(LessonRun(lesson_for(LESSON_GAME)), lesson_path(LESSON_GAME))
    await _settle(pilot)
    await pilot.press("enter")
    await _settle(pilot)
    await _past_idea(pilot)
    tip = screen.lesson.tip if screen.lesson is not None else None
    if app.screen is not screen or tip is None or tip.suggests is None:
        raise RuntimeError("the lesson did not open at a tip suggesting a move")
    screen.play(tip.suggests)
    await _settle(pilot)
    await _past_idea(pilot)
    if screen.lesson is None or screen.lesson.tip is None or not screen.lesson.tip.places:
        raise RuntimeError("the lesson's second decision points at nothing")


async def take(name: str, size: tuple[int, int], folder: Path) -> Path:
    """Write screenshot ``name`` (one of :func:`screen_names`) at
    ``size`` into ``folder``."""
    path = folder / file_name(name, size)
    if name == "menu":
        return await _shoot(create_app(settings=_settings()), size, path)
    if name == "new-game":
        return await _shoot(create_app(settings=_settings()), size, path, _open_new_game)
    if name in GAMES:
        table = bot_table(name, midgame_decisions(name))
        return await _shoot(create_app(table, settings=_settings()), size, path, _check_game)
    game_id = name.removesuffix("-end")
    if name.endswith("-end") and game_id in GAMES:
        table = bot_table(game_id, None)
        return await _shoot(create_app(table, settings=_settings()), size, path, _check_end)
    if name == "review":
        table = octopus_table(None)
        return await _shoot(create_app(table, settings=_settings()), size, path, _open_review)
    if name == "lesson":
        return await _shoot(create_app(settings=_settings()), size, path, _open_lesson)
    known = ", ".join(screen_names())
    raise ValueError(f"unknown screenshot {name!r}; the screenshots are: {known}")


@contextmanager
def _empty_data_folder() -> Iterator[None]:
    """Point ``GARDENS_TUI_HOME`` at an empty temporary folder for the duration."""
    old = os.environ.get("GARDENS_TUI_HOME")
    with tempfile.TemporaryDirectory(prefix="gardens-tui-shots-") as home:
        os.environ["GARDENS_TUI_HOME"] = home
        try:
            yield
        finally:
            if old is None:
                os.environ.pop("GARDENS_TUI_HOME", None)
            else:
                os.environ["GARDENS_TUI_HOME"] = old


def write_all(
    folder: Path,
    sizes: Sequence[tuple[int, int]] = SIZES,
    names: Sequence[str] | None = None,
) -> list[Path]:
    """Write every screenshot in ``names`` (default: :func:`screen_names`) at every size in
    ``sizes`` into ``folder`` (created if missing); returns the files written, in order."""
    folder.mkdir(parents=True, exist_ok=True)
    if names is None:
        names = screen_names()

    async def run() -> list[Path]:
        return [await take(name, size, folder) for name in names for size in sizes]

    with _empty_data_folder():
        return asyncio.run(run())


def main(argv: Sequence[str] | None = None) -> int:
    """The command: write the screenshots (default folder ``screenshots/``) and list them."""
    parser = argparse.ArgumentParser(
        prog="python -m gardens_tui.ui.screenshots",
        description="Write SVG screenshots of the app's screens (deterministic).",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("screenshots"), help="folder (default: screenshots)"
    )
    parser.add_argument("--main-size-only", action="store_true", help="only the 100x30 screenshots")
    parser.add_argument(
        "--name",
        action="append",
        choices=screen_names(),
        help="write only this screenshot (again for more)",
    )
    args = parser.parse_args(argv)
    sizes = SIZES[:1] if args.main_size_only else SIZES
    for path in write_all(args.out, sizes, args.name):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
