"""The lobby's dialogs and row helpers, without a server: each dialog closes once, the time
limit and the table rows read as the lobby shows them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import settle
from hostile_input import assert_app_healthy

from gardens_tui.server.lobby.remote import ChatLine
from gardens_tui.server.lobby.rows import chat_text, own_seat, places, table_cells
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.lobby_dialogs import (
    ChatDialog,
    CodeDialog,
    CreateTableDialog,
    lobby_setup,
    parse_turn_seconds,
)
from gardens_tui.ui.screens.modal import AppModal

SIZE = (100, 30)

DIALOGS: dict[str, tuple[Callable[[], AppModal[Any]], str]] = {
    "code": (CodeDialog, "cancel"),
    "chat": (ChatDialog, "cancel"),
    "create": (lambda: CreateTableDialog(lobby_setup("Ann")), "cancel"),
}


@pytest.mark.parametrize("name", list(DIALOGS))
async def test_each_lobby_dialog_closes_once(toy_registered: None, name: str) -> None:
    """Rule (as for every modal of the app): the closing action twice and a stray dismissal
    close the dialog once, with one result."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 3))
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False, autosave=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        make, action = DIALOGS[name]
        screen = make()
        results: list[Any] = []
        app.push_screen(screen, results.append)
        await settle(pilot)
        assert app.screen is screen
        await app.run_action(action, screen)
        await app.run_action(action, screen)
        screen.dismiss(None)
        await settle(pilot)
        assert_app_healthy(app)
        assert results == [None]


def test_turn_seconds_blank_or_in_range() -> None:
    """Rule: the time per decision is blank (none) or 5 seconds to a day."""
    assert parse_turn_seconds(" ") is None
    assert parse_turn_seconds(" 30 ") == 30
    for wrong in ("4", "86401", "soon"):
        with pytest.raises(ValueError, match="time per decision"):
            parse_turn_seconds(wrong)


def test_table_rows_and_places_show_names_as_data() -> None:
    """Behaviour: a table's row says who sits where (free, a bot, a bot standing in), how many
    watch and the limit; the places offer the free seats (never one another person holds),
    or the person's own seat once they hold one, then watching. Names are data: a control
    character in one arrives escaped."""
    entry = {
        "code": "K7QM",
        "title": "Pearl Dive",
        "seats": [
            {"name": "Ann", "bot": None, "taken": True, "yours": False, "stand_in": None},
            {"name": "B\x1bob", "bot": None, "taken": False, "yours": False, "stand_in": None},
            {"name": "Cy", "bot": "greedy", "taken": False, "yours": False, "stand_in": None},
            {"name": "Dee", "bot": None, "taken": True, "yours": False, "stand_in": "random"},
            {"name": "Eve", "bot": None, "taken": True, "away": True, "stand_in": None},
        ],
        "spectators": 2,
        "turn": 3,
        "over": False,
        "host": "Ann",
        "turn_seconds": 60,
    }
    cells = table_cells(entry)
    assert cells == (
        "K7QM",
        "Pearl Dive",
        "turn 3, 1 free, limit 60 s",
        "2",
        "Ann, B\\x1bob (free), Cy (bot), Dee (bot stands in), Eve (away)",
    )
    assert [place.seat for place in places(entry)] == [1, None]
    entry["seats"][0]["yours"] = True  # type: ignore[index]
    assert table_cells(entry)[4].startswith("Ann (you), ")
    assert [place.label for place in places(entry)] == [
        "Sit as Ann (your seat: take it back)",
        "Watch as a spectator",
    ]


def test_the_creator_sits_at_the_seat_with_their_name() -> None:
    """Behaviour: a new table's creator sits at the person's seat named like them (any case),
    else the first person's seat; nobody when only bots play."""
    setup = Setup("toy", (Seat("Cy", "greedy"), Seat("Bob"), Seat("ann")), {}, 0)
    assert own_seat(setup, "Ann") == 2
    assert own_seat(setup, "Zed") == 1
    assert own_seat(Setup("toy", (Seat("Cy", "greedy"), Seat("Di", "greedy")), {}, 0), "A") is None


def test_a_rematch_keeps_the_seats_of_a_table_the_person_sat_at(toy_registered: None) -> None:
    """Behaviour (found over ssh): Bob's rematch of Ann, Bob and a bot keeps those three seats
    (he is not put in seat 1 as well as his own seat); a person who did not sit there is put
    in seat 1."""
    previous = Setup("toy", (Seat("Ann"), Seat("Bob"), Seat("Cy", "greedy")), {}, 0)
    assert lobby_setup("bob", previous).seats == previous.seats
    assert [s.name for s in lobby_setup("Zed", previous).seats] == ["Zed", "Bob", "Cy"]


def test_a_seat_names_the_login_holding_it_when_it_is_another_name() -> None:
    """Rule: the list names who holds a seat when their login name is not the seat's name
    (the host typed the seat's name), so a player cannot pass for the seat's namesake; a seat
    held under its own name (any case) shows just the name."""
    entry = {
        "code": "K7QM",
        "title": "Pearl Dive",
        "seats": [
            {"name": "Ann", "bot": None, "taken": True, "holder": "ann", "yours": True},
            {"name": "Bob", "bot": None, "taken": True, "holder": "mallory", "away": True},
            {"name": "Cy", "bot": None, "taken": True, "holder": "m\x1b[2J"},
        ],
        "spectators": 0,
        "turn": 1,
        "over": False,
        "host": "Ann",
        "turn_seconds": None,
    }
    assert table_cells(entry)[4] == "Ann (you), Bob (mallory, away), Cy (m\\x1b[2J)"


def test_chat_lines_say_who_speaks_from_where() -> None:
    """Rule: a chat line names its speaker by login name; a player at a seat named otherwise
    is shown "as" that seat, a spectator as "watching", so a spectator is never mistaken for
    the seated player of the same name."""
    seats = (Seat("Ann"), Seat("Bob"))
    assert chat_text(ChatLine("ann", 0, "hi"), seats) == "ann: hi"
    assert chat_text(ChatLine("mallory", 1, "hi"), seats) == "mallory (as Bob): hi"
    assert chat_text(ChatLine("Bob", None, "hi"), seats) == "Bob (watching): hi"
