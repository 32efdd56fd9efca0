"""The State Library (issue 27): once per round, before placing a card, its holder may return a
visitor to the Central Board; any visitor standing on a card, also one that already walked this
round, since visitors stay on their cards between rounds and its next walk starts from there.
Rules version 2; version 1 files still load and replay as played."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gardens_tui import saves
from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import game_migrations, get_game
from gardens_tui.rules.the_gardens.components import CODE_OF
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.saves.replay import LOG_FIELDS

GAME = get_game("the-gardens")
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))

from make_golden import golden_path  # noqa: E402

OPTIONS: dict[str, Any] = {"landmarks": True, "layout": "l2-r1", "landmark-side": "abilities"}


def apply(s: GardensState, action: tuple[Any, ...]) -> GardensState:
    after = GAME.apply(s, action)
    assert isinstance(after, GardensState)
    return after


def last_turn_of_round_1() -> GardensState:
    """Two players, round 1, Ann's last turn (the last card of the display, C13, a plain
    stream): she holds the State Library and has taken both her B cards this round (B1 at b6,
    B5 at b7, both bottlebrush; her row B visitor lies on b7). She starts round 2, whose
    display's first B card is B9 (bottlebrush + canary palm)."""
    s = make_position(
        ("Ann", "Bob"),
        OPTIONS,
        mats={0: {"b6": "B1", "b7": "B5"}},
        visitors={0: {"b": 7}},
        owners={"state-library": 0},
        display={"a": [None] * 4, "b": [None] * 4, "c": ["C13", None, None, None]},
        walked=[[2, 2, 1], [2, 2, 2]],
        start=1,
        pick=11,
        active=0,
    )
    deck_b = s.decks[1]
    deck_b.remove(CODE_OF["B9"])
    deck_b.append(CODE_OF["B9"])  # dealt first: b1 of round 2
    assert s.current_player == 0 and s.phase == "take"
    return s


def test_state_library_may_return_a_visitor_that_already_walked_this_round() -> None:
    """Rule (State Library): "once per round you may return a Visitor to the Central Board ...
    before you place a card": any visitor. One that already walked this round goes back too
    (it stays lying down: it walked), and its next walk, in the next round, starts from the
    Central Board and sees every card of the row."""
    s = last_turn_of_round_1()
    assert ("return", 1) in GAME.legal_actions(s)  # walked twice this round: still returnable
    s = apply(s, ("return", 1))
    assert s.visitors[0][1] == s.centre and s.walked[0][1] == 2 and s.library_used
    s = apply(s, ("take", 2, 0, "left"))  # the round's last card: round 2 begins
    assert s.round == 1 and s.current_player == 0 and s.display[1][0] == CODE_OF["B9"]
    assert s.visitors[0][1] == s.centre  # it stayed on the Central Board between rounds
    before = s.points[0][0]
    s = apply(s, ("take", 1, 0, "right"))  # B9 at b8
    # From the Central Board it sees B1, B5 and B9: 3 bottlebrush (6) + 1 canary palm (1).
    assert s.points[0][0] - before == 7
    assert s.visitors[0][1] == 7


def test_without_the_return_the_next_walk_starts_where_the_visitor_lay() -> None:
    """The same turns without the return: the walk starts on b7 and sees B5 and B9 only
    (2 bottlebrush 3 + canary palm 1), so returning a walked visitor changes what scores."""
    s = apply(last_turn_of_round_1(), ("take", 2, 0, "left"))
    before = s.points[0][0]
    s = apply(s, ("take", 1, 0, "right"))
    assert s.points[0][0] - before == 4


def test_state_library_is_still_once_per_round_and_for_visitors_on_cards() -> None:
    """Rule (State Library: once a round): after one return no other this round; a visitor
    already on the Central Board cannot be sent there."""
    s = last_turn_of_round_1()
    assert ("return", 0) not in GAME.legal_actions(s)  # row A's visitor is on the board
    with pytest.raises(IllegalAction, match="already stands on the Central Board"):
        GAME.apply(s, ("return", 0))
    s = apply(s, ("return", 1))
    with pytest.raises(IllegalAction, match="already sent a visitor back this round"):
        GAME.apply(s, ("return", 1))


def test_state_library_refuses_a_visitor_of_a_complete_row() -> None:
    """Ours: in the last round, a visitor whose row is complete has no walk left; sending it
    back would change nothing but use up the round's return, so it is refused, saying why."""
    full_b = {f"b{c}": f"B{c + 10}" for c in (1, 2, 3, 4, 6, 7, 8, 9)}
    s = make_position(
        ("Ann", "Bob"),
        OPTIONS,
        mats={0: {**full_b, "c6": "C1"}},
        visitors={0: {"b": 9, "c": 6}},
        owners={"state-library": 0},
        round=3,
        walked=[[0, 2, 1], [0, 0, 0]],
    )
    legal = GAME.legal_actions(s)
    assert ("return", 1) not in legal and ("return", 2) in legal
    with pytest.raises(IllegalAction, match=r"row B of your garden is complete.*State Library"):
        GAME.apply(s, ("return", 1))


def test_the_rules_version_is_2_with_one_migration_step() -> None:
    """The State Library's wider return is rules version 2; version 1 files migrate by one
    step that changes nothing (every version 1 action is still legal and does the same)."""
    assert GAME.spec.rules_version == 2
    assert set(game_migrations("the-gardens")) == {1}


def test_a_rules_version_1_file_loads_and_replays_as_played(tmp_path: Path) -> None:
    """The version 1 golden game (State Library returns, Fort Denison reservations) loads
    under version 2, replays to its stored position, and is written back as version 2 with
    the same actions."""
    path = golden_path("the-gardens", 1)
    data = json.loads(path.read_text())
    assert data.get("rules_version", 1) == 1
    assert any(action.startswith("return ") for action in data["actions"])
    table = saves.load_table(path)  # refuses a replay that differs from the stored state
    assert table.state.is_over
    again = saves.snapshot(table)
    assert again["rules_version"] == 2 and again["actions"] == data["actions"]
    stored = {k: v for k, v in data["state"].items() if k not in LOG_FIELDS}
    assert {k: v for k, v in again["state"].items() if k not in LOG_FIELDS} == stored
    saved = saves.save_table(table, tmp_path / "again.json")
    assert saves.load_table(saved).notation() == table.notation()


def test_the_version_2_golden_game_returns_visitors_that_already_walked() -> None:
    """The version 2 golden file freezes the wider return: its State Library holder sends back
    visitors that walked earlier in the same round, and the game plays to its end."""
    path = golden_path("the-gardens", 2)
    data = json.loads(path.read_text())
    assert data["rules_version"] == 2
    table = saves.load_table(path)
    assert table.state.is_over
    s = GAME.new_game(
        [seat.name for seat in table.setup.seats], table.setup.options, table.setup.seed
    )
    walked_returns = 0
    for action in table.actions:
        if action[0] == "return" and s.walked[s.active][action[1]] > 0:
            walked_returns += 1
        s = apply(s, action)
    assert walked_returns >= 1
