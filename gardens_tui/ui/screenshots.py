"""Write the SVG screenshots in ``screenshots/``: ``python -m gardens_tui.ui.screenshots``.

Four screens, each at 100x30 and at 80x24 (the smallest supported terminal):

- ``menu``: the main menu of a fresh install (nothing to continue yet);
- ``new-game``: the new-game dialog opened from the menu;
- ``octopus-garden``: Octopus's Garden mid-game, Ann (human) against Bob (greedy bot), seed
  :data:`SEED`, after :data:`MIDGAME_DECISIONS` decisions (Ann's were made by a greedy bot too),
  at Ann's market decision: sea stars, hermit crabs and bonus animals are on show;
- ``octopus-garden-end``: the end screen of the same game played out to the end.

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
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.new_game import NewGameDialog

SIZES: tuple[tuple[int, int], ...] = ((100, 30), (80, 24))
"""Terminal sizes (columns, rows); the first is the main one (files without a size suffix)."""

SEED = 4
"""The seed of the Octopus's Garden game shown."""

MIDGAME_DECISIONS = 94
"""Decisions played before the mid-game screenshot (it is then Ann's market decision)."""

SCREENS: tuple[str, ...] = ("menu", "new-game", "octopus-garden", "octopus-garden-end")
"""The screenshot names, in the order they are taken."""

SETTLE_ROUNDS = 50


def octopus_table(decisions: int | None) -> Table:
    """Ann (human) against Bob (greedy bot) from :data:`SEED`, with ``decisions`` decisions
    played by seeded greedy bots (every decision, to the end of the game, when ``None``)."""
    seats = (Seat("Ann"), Seat("Bob", "greedy"))
    table = Table(Setup("octopus-garden", seats, {}, SEED))
    bots = [make_bot("greedy", SEED * 31 + seat + 1) for seat in range(len(seats))]
    while not table.state.is_over and (decisions is None or len(table.actions) < decisions):
        seat = table.state.current_player
        assert seat is not None
        table.apply(bots[seat].choose(table.game, table.state))
    return table


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


async def take(name: str, size: tuple[int, int], folder: Path) -> Path:
    """Write screenshot ``name`` (one of :data:`SCREENS`) at ``size`` into ``folder``."""
    path = folder / file_name(name, size)
    if name == "menu":
        return await _shoot(create_app(settings=_settings()), size, path)
    if name == "new-game":
        return await _shoot(create_app(settings=_settings()), size, path, _open_new_game)
    if name == "octopus-garden":
        table = octopus_table(MIDGAME_DECISIONS)
        return await _shoot(create_app(table, settings=_settings()), size, path, _check_game)
    if name == "octopus-garden-end":
        table = octopus_table(None)
        return await _shoot(create_app(table, settings=_settings()), size, path, _check_end)
    raise ValueError(f"unknown screenshot {name!r}; the screenshots are: {', '.join(SCREENS)}")


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
    folder: Path, sizes: Sequence[tuple[int, int]] = SIZES, names: Sequence[str] = SCREENS
) -> list[Path]:
    """Write every screenshot in ``names`` at every size in ``sizes`` into ``folder`` (created
    if missing); returns the files written, in order."""
    folder.mkdir(parents=True, exist_ok=True)

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
    args = parser.parse_args(argv)
    sizes = SIZES[:1] if args.main_size_only else SIZES
    for path in write_all(args.out, sizes):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
