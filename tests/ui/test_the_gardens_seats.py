"""The Gardens screen at a terminal that plays one seat (over SSH) or watches.

Found playing over ``ssh``:

- Bob's terminal showed "Your mat (ann)" while Ann was to move, because the mat shown by
  default followed the human to move (right for hot seat, where the keyboard plays every human
  seat). A terminal that plays one seat shows that seat's mat as its own whoever is to move; a
  spectator's terminal never says "Your mat".
- (When Ann's turn came, her cursor sometimes stayed on the card she had just taken: the
  remote seat view's position changed in the middle of a redraw. The seat view no longer lets
  that happen; tests/server/test_server_tables.py proves it.)
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import seats_of
from textual.widgets import Static

from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.the_gardens import TheGardensScreen


def ssh_table() -> Table:
    """Ann and Bob are people, Cleo a greedy bot; Ann is to move."""
    return Table(Setup("the-gardens", seats_of(("Ann", "Bob", "Cleo=greedy")), {}, 3))


def mat_title(screen: TheGardensScreen) -> str:
    """The line above the mat."""
    return str(screen.query_one("#tg-mat-title", Static).render())


async def open_as(table: Table, acts_for: tuple[int, ...], viewer: int | None) -> list[str]:
    """The mat titles at a terminal with that seat view: before and after Ann's first take."""
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    titles: list[str] = []
    async with app.run_test(size=(100, 34)) as pilot:
        screen = app.open_seat(LocalSeatView(table, acts_for, viewer))
        await pilot.pause()
        assert isinstance(screen, TheGardensScreen)
        titles.append(mat_title(screen))
        table.apply(table.legal_actions()[0])
        await pilot.pause()
        titles.append(mat_title(screen))
    return titles


async def test_a_seat_terminal_shows_its_own_mat_while_another_person_is_to_move() -> None:
    """Bob's terminal (over SSH) shows Bob's mat as his while Ann decides, and after."""
    table = ssh_table()
    assert table.state.current_player == 0
    titles = await open_as(table, (1,), 1)
    assert all(title.startswith("Your mat (Bob)") for title in titles), titles


async def test_the_player_to_move_at_their_own_terminal_sees_their_own_mat() -> None:
    """Ann's terminal shows Ann's mat while she decides."""
    titles = await open_as(ssh_table(), (0,), 0)
    assert titles[0].startswith("Your mat (Ann)"), titles


async def test_a_spectator_never_reads_your_mat() -> None:
    """A spectator follows the seat to move, named by its owner ("Ann's mat")."""
    titles = await open_as(ssh_table(), (), None)
    assert titles[0].startswith("Ann's mat"), titles
    assert not any("Your mat" in title for title in titles), titles


def apply_silently(table: Table) -> Callable[[], None]:
    """Play the table's first legal action without telling its listeners (as a remote seat
    view's reader thread swaps its position); return the call that tells them afterwards."""
    listeners = list(table._listeners)
    for listener in listeners:
        table.remove_listener(listener)
    table.apply(table.legal_actions()[0])
    for listener in listeners:
        table.add_listener(listener)

    def tell() -> None:
        for listener in listeners:
            listener(table)

    return tell
