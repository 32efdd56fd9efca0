"""The new-game dialog: defaults from the game's spec, seat count within the game's range, seat
names and bot levels, every option type, the seed, inline validation errors, and the Setup it
returns (which the app turns into a running game)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Input, Select, Static

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.new_game import NewGameDialog, SeatRow, fit_count, parse_seed
from gardens_tui.ui.widgets.tick_box import TickBox


class DialogApp(App[None]):
    """Shows one NewGameDialog and keeps what it returns.

    Repeated submits use ctrl+s: a Button ignores a second click within its 0.2 s press effect.
    """

    def __init__(self, dialog: NewGameDialog) -> None:
        super().__init__()
        self.dialog = dialog
        self.results: list[Setup | None] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.results.append)


def error_text(dialog: NewGameDialog) -> str:
    return str(dialog.query_one("#new-game-error", Static).render())


async def test_defaults_give_a_valid_two_seat_setup_of_the_first_game() -> None:
    dialog = NewGameDialog(seed_chooser=lambda: 1234)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        spec = dialog.spec
        assert len(dialog.query(SeatRow)) == spec.min_players
        await pilot.click("#start")
        await pilot.pause()
    (setup,) = app.results
    assert setup is not None
    assert setup.game == spec.id
    assert setup.seats == (Seat("Ann"), Seat("Bob", "greedy"))
    assert setup.options == spec.normalise_options({})
    assert setup.seed == 1234  # blank seed: chosen at random (here by the test's chooser)


async def test_player_count_select_adds_and_removes_seat_rows() -> None:
    dialog = NewGameDialog(seed_chooser=lambda: 1)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        count = dialog.query_one("#count", Select)
        assert [value for _, value in count._options] == list(dialog.spec.counts)
        count.value = dialog.spec.max_players
        await pilot.pause()
        rows = list(dialog.query(SeatRow))
        assert len(rows) == dialog.spec.max_players
        names = [row.read().name for row in rows]
        assert len(set(names)) == len(names)  # new seats get distinct default names
        count.value = dialog.spec.min_players
        await pilot.pause()
        assert len(dialog.query(SeatRow)) == dialog.spec.min_players


async def test_a_new_player_count_keeps_the_rows_shown_and_the_keys_typed_into_them() -> None:
    """Issue 27: changing the number of players rebuilt every seat row (seconds of lag), and
    keys typed meanwhile landed on rows about to be replaced. The rows shown stay (the same
    widgets, the field being typed in keeps its keys); rows are added or taken at the end."""
    dialog = NewGameDialog(seed_chooser=lambda: 1)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        first = list(dialog.query(SeatRow))
        name = first[0].query_one(".seat-name", Input)
        name.focus()
        name.value = ""
        await pilot.press("Z", "o")
        dialog.query_one("#count", Select).value = dialog.spec.max_players
        await pilot.press("e")  # typed while the rows are added
        await pilot.pause()
        rows = list(dialog.query(SeatRow))
        assert rows[: len(first)] == first
        assert len(rows) == dialog.spec.max_players
        assert name.value == "Zoe" and app.focused is name
        dialog.query_one("#count", Select).value = dialog.spec.min_players
        await pilot.pause()
        assert list(dialog.query(SeatRow)) == first[: dialog.spec.min_players]


async def test_duplicate_or_empty_names_are_refused_inline() -> None:
    dialog = NewGameDialog(seed_chooser=lambda: 1)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        names = list(dialog.query(".seat-name").results(Input))
        names[1].value = "ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "used twice" in error_text(dialog)
        assert app.results == []  # still open
        names[1].value = "   "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "at least one visible character" in error_text(dialog)
        names[1].value = "Zed"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.results[0] is not None
    assert app.results[0].names == ("Ann", "Zed")


async def test_seed_must_be_a_whole_number_in_range() -> None:
    assert parse_seed("") is None
    assert parse_seed(" 42 ") == 42
    dialog = NewGameDialog(seed_chooser=lambda: 1)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        seed = dialog.query_one("#seed", Input)
        seed.value = "-5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "seed must be between" in error_text(dialog)
        seed.value = "99"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.results[0] is not None and app.results[0].seed == 99


async def test_every_option_type_has_a_field_and_ints_are_range_checked(
    monkeypatch: Any,
) -> None:
    spec = GameSpec(
        id="toy",
        title="Options test",
        min_players=2,
        max_players=3,
        blurb="b",
        summary="s",
        options=(
            Option("snap", True, "allow snapping"),
            Option("rounds", 3, "rounds to play", minimum=1, maximum=5),
            Option("variant", "short", "which variant", choices=("short", "long")),
        ),
    )

    # The dialog reads only the games' specs (no engine is imported to list them).
    monkeypatch.setattr("gardens_tui.ui.screens.new_game.game_specs", lambda: {"toy": spec})
    dialog = NewGameDialog(seed_chooser=lambda: 5)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(dialog.query_one("#opt-snap"), TickBox)
        rounds = dialog.query_one("#opt-rounds", Input)
        assert isinstance(dialog.query_one("#opt-variant"), Select)
        rounds.value = "9"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "'rounds' must be at most 5" in error_text(dialog)
        rounds.value = "4"
        dialog.query_one("#opt-snap", TickBox).value = False
        dialog.query_one("#opt-variant", Select).value = "long"
        await pilot.press("ctrl+s")
        await pilot.pause()
    setup = app.results[0]
    assert setup is not None
    assert setup.options == {"snap": False, "rounds": 4, "variant": "long"}


async def test_an_option_that_changes_nothing_is_greyed_until_it_would(
    monkeypatch: Any,
) -> None:
    """Behaviour (``Option.only_with``: The Gardens' landmark mats need landmarks on): the
    dependent option is disabled while its switch is off, enabled when it is turned on, and
    keeps the value chosen either way."""
    spec = GameSpec(
        id="toy",
        title="Options test",
        min_players=2,
        max_players=3,
        blurb="b",
        summary="s",
        options=(
            Option("landmarks", False, "landmarks"),
            Option("layout", "a", "which mats", choices=("a", "b"), only_with=("landmarks", True)),
        ),
    )
    monkeypatch.setattr("gardens_tui.ui.screens.new_game.game_specs", lambda: {"toy": spec})
    dialog = NewGameDialog(seed_chooser=lambda: 5)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        layout = dialog.query_one("#opt-layout", Select)
        assert layout.disabled
        dialog.query_one("#opt-landmarks", TickBox).value = True
        await pilot.pause()
        assert not layout.disabled
        layout.value = "b"
        dialog.query_one("#opt-landmarks", TickBox).value = False
        await pilot.pause()
        assert layout.disabled and layout.value == "b"


async def test_every_option_shows_what_it_means_beside_its_field_at_80_columns() -> None:
    """A new player reads each option's meaning in the dialog, not only its key: a switch's
    description is its label, a number's and a choice's stand beside the field (a number's
    with its range), wrapped within the dialog at 80 columns."""
    dialog = NewGameDialog(seed_chooser=lambda: 5)
    app = DialogApp(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog.query_one("#game", Select).value = "throw-octopus"
        await pilot.pause()
        rows = {
            str(row.children[1].render()).replace("\n", " ") for row in dialog.query(".option-row")
        }
        for key, words in (
            ("hit-chance", "How often a thrown octopus hits"),
            ("dodge-window", "(300..5000)"),
            ("tile-list", "Tile list: balanced"),
        ):
            assert any(words in row for row in rows), key
        for row in dialog.query(".option-row"):
            assert row.region.right <= 80


async def test_only_the_player_counts_a_game_allows_are_offered(monkeypatch: Any) -> None:
    """Rule: the dialog offers exactly ``spec.counts``: a game for 2 or 4 players (as Throw
    Octopus! skips 2) has no 3 in the list, and a rematch of 3 seats starts at the nearest
    allowed count."""
    spec = GameSpec(
        id="toy",
        title="Two or four",
        min_players=2,
        max_players=4,
        blurb="b",
        summary="s",
        player_counts=(2, 4),
    )
    monkeypatch.setattr("gardens_tui.ui.screens.new_game.game_specs", lambda: {"toy": spec})
    assert fit_count(spec, 3) == 2 and fit_count(spec, 9) == 4 and fit_count(spec, 4) == 4
    initial = Setup("toy", (Seat("Xia"), Seat("Yan"), Seat("Zoe")), {}, 8)
    dialog = NewGameDialog(initial)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        count = dialog.query_one("#count", Select)
        assert [value for _, value in count._options] == [2, 4]
        assert count.value == 2 and len(dialog.query(SeatRow)) == 2
        count.value = 4
        await pilot.pause()
        assert len(dialog.query(SeatRow)) == 4


async def test_escape_cancels_with_none() -> None:
    dialog = NewGameDialog()
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_initial_setup_prefills_seats_and_options_but_deals_a_new_seed(
    toy_registered: None,
) -> None:
    """Behaviour: the form starts from the last game's seats and options, never its seed (found
    at 80x24: "New game" from the menu repeated the last deal, the seed field out of sight)."""
    initial = Setup("toy", (Seat("Xia"), Seat("Yan", "random"), Seat("Zoe")), {"snap": False}, 8)
    dialog = NewGameDialog(initial, seed_chooser=lambda: 5)
    app = DialogApp(dialog)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert dialog.query_one("#game", Select).value == "toy"
        assert [row.read() for row in dialog.query(SeatRow)] == list(initial.seats)
        assert dialog.query_one("#opt-snap", TickBox).value is False
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.results == [Setup("toy", initial.seats, {"snap": False}, 5)]


async def test_starting_from_the_menu_opens_the_game_with_those_seats(toy_registered: None) -> None:
    app = create_app(settings=Settings(bot_delay_ms=0))
    app.seed_chooser = lambda: 3
    app.last_setup = Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 99)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        assert screen.table.setup == Setup("toy", (Seat("Ann"), Seat("Bob")), {"snap": True}, 3)


async def test_a_search_level_seat_gets_a_thinking_time_giving_strong_at_2s() -> None:
    """Rule (bot budget): a seat set to strong or expert shows its thinking select (hidden for
    a person, random or greedy); picking 2 s makes the seat's level ``strong@2s``, and the usual
    time leaves the plain level."""
    dialog = NewGameDialog(seed_chooser=lambda: 5)
    app = DialogApp(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = list(dialog.query(SeatRow))[1]
        kind = row.query_one(".seat-kind", Select)
        think = row.query_one(".seat-think", Select)
        assert not think.display  # Bob is a greedy bot: no thinking time
        first = dialog.query(SeatRow).first()
        assert not first.query_one(".seat-think", Select).display
        kind.value = "strong"
        await pilot.pause()
        assert think.display
        assert row.read() == Seat("Bob", "strong")  # the usual time: the plain level
        think.value = "2s"
        await pilot.pause()
        assert row.read() == Seat("Bob", "strong@2s")
        kind.value = "greedy"  # a level that decides at once takes no budget
        await pilot.pause()
        assert not think.display
        assert row.read() == Seat("Bob", "greedy")
        kind.value = "strong"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    (setup,) = app.results
    assert setup is not None
    assert setup.seats == (Seat("Ann"), Seat("Bob", "strong@2s"))


async def test_a_budget_the_form_does_not_list_is_kept_in_a_rematch(toy_registered: None) -> None:
    """Rule (bot budget): a rematch of seats from ``--players`` keeps budgets the thinking
    select does not list (``expert@1.5s``, ``strong@5000`` iterations) as extra choices."""
    seats = (Seat("Xia"), Seat("Yan", "expert@1.5s"), Seat("Zoe", "strong@5000"))
    initial = Setup("toy", seats, {"snap": True}, 8)
    dialog = NewGameDialog(initial, seed_chooser=lambda: 8)
    app = DialogApp(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = list(dialog.query(SeatRow))
        assert [row.read() for row in rows] == list(seats)
        assert rows[2].query_one(".seat-think", Select).display
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.results == [initial]


async def test_six_seats_with_thinking_times_fit_at_80x24() -> None:
    """Layout (bot budget): in the app at 80x24, six search-level seats show name, level and
    thinking time side by side, each inside the dialog."""
    seats = tuple(Seat(name, "expert@10s") for name in ("A1", "B2", "C3", "D4", "E5", "F6"))
    app = create_app(settings=Settings(bot_delay_ms=0))
    app.last_setup = Setup("tanuki-in-the-garden", seats, {}, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        rows = list(dialog.query(SeatRow))
        assert len(rows) == len(seats)
        box = dialog.query_one("#new-game-box").region
        for row in rows:
            name = row.query_one(".seat-name", Input).region
            kind = row.query_one(".seat-kind", Select).region
            think = row.query_one(".seat-think", Select).region
            assert name.width >= 10
            assert name.right <= kind.x and kind.right <= think.x
            assert think.right < box.right
        assert [row.read() for row in rows] == list(seats)
