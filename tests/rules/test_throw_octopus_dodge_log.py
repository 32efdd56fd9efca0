"""Throw Octopus!, issue 26: the log says whether the target of a throw dodged in time or not,
and why not when the app knows it (too late, a wrong key, the hit taken with Esc).

Rule (our decision, :mod:`gardens_tui.rules.throw_octopus.dodge`): the reason is an optional
word on the hit action (``hit late``, ``hit wrong``, ``hit taken``); plain ``hit`` stays legal
and every hit has the same effect, so saves written before the reasons replay unchanged.
"""

from __future__ import annotations

import pytest
from throw_octopus_sparse import make_position

from gardens_tui.rules.base import ROLL, Action, IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.throw_octopus.components import all_cards
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.saves import table_from_snapshot
from gardens_tui.saves.envelope import snapshot
from gardens_tui.table import Seat, Setup, Table

GAME = get_game("throw-octopus")
NAMES = ["Ann", "Bob", "Cleo"]
EFFECT = "2 tiles and a lost turn"


def dodging(**options: object) -> ThrowState:
    """Ann has just played an octopus tile and drawn Throw Octopus (next player): Bob dodges."""
    rest = all_cards()
    rest.remove("throw-next")
    s = make_position(
        NAMES,
        [(0, 0, "t49", 0)],
        [["t21", "t44", "t46"], ["t45"], ["t48"]],
        pile_top=["t60", "t52"],
        deck=["throw-next"],
        discard=rest,
        options=dict(options),
    )
    s = GAME.apply(s, GAME.parse_action(s, "play t21 at 0,1 r0"))
    assert s.phase == "dodge" and s.target == 1
    return s


def first_line(state: ThrowState, action: Action) -> str:
    return GAME.apply(state, action).events[0]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("dodge", "Bob dodged the octopus in time"),
        ("hit", f"Bob did not dodge in time and was hit: {EFFECT}"),
        ("hit late", f"Bob was too late to dodge and was hit: {EFFECT}"),
        ("hit wrong", f"Bob pressed the wrong key and was hit: {EFFECT}"),
        ("hit taken", f"Bob took the hit without dodging: {EFFECT}"),
    ],
)
def test_the_dodge_log_line_says_in_time_or_not_and_why(text: str, line: str) -> None:
    """The throw's dodge: the log says dodged in time, or not in time and why (too late, a
    wrong key, taken), the same line for every seat and for a spectator."""
    s = dodging()
    after = GAME.apply(s, GAME.parse_action(s, text))
    assert after.events[0] == line
    for seat in (None, 0, 1, 2):
        assert GAME.view(after, seat).events[0] == line


def test_a_rolled_dodge_says_dodged_or_hit_and_that_the_hit_chance_decided() -> None:
    """Bots and the command line roll the dodge (hit-chance option): the line says dodged or
    hit (not "in time": a roll is never late) and names the chance that decided."""
    s = dodging(**{"hit-chance": "1/2"})
    lines = set()
    for rng in range(40):
        s.rng = rng * 7919 + 1
        after = GAME.apply(s, ROLL)
        hit = len(after.hands[1]) == 3
        line = after.events[0]
        lines.add(line)
        rolled = "(the 1/2 hit chance decided)"
        if hit:
            assert line == f"Bob was hit {rolled}: {EFFECT}"
        else:
            assert line == f"Bob dodged the octopus {rolled}"
    assert len(lines) == 2


def test_every_hit_has_the_same_effect_whatever_its_reason() -> None:
    """A hit draws 2 and loses the next turn whatever the reason: only the log line differs, so
    the reason never changes a position (which keeps old saves replaying)."""
    s = dodging()
    positions = []
    for reason in ("", " late", " wrong", " taken"):
        data = GAME.to_dict(GAME.apply(s, GAME.parse_action(s, "hit" + reason)))
        data.pop("events", None)
        data.pop("private_events", None)
        positions.append(data)
    assert all(p == positions[0] for p in positions)


def test_hit_notation_takes_an_optional_reason_and_refuses_any_other_word() -> None:
    s = dodging()
    assert GAME.parse_action(s, "hit") == ("hit",)
    assert GAME.parse_action(s, "HIT  Late") == ("hit", "late")
    assert GAME.format_action(("hit", "wrong")) == "hit wrong"
    with pytest.raises(IllegalAction, match="late, wrong, taken"):
        GAME.parse_action(s, "hit soon")
    with pytest.raises(IllegalAction):
        GAME.apply(s, ("hit", "soon"))
    assert "wrong key" in GAME.describe_action(s, ("hit", "wrong"))


def test_a_hit_reason_is_refused_when_nobody_dodges() -> None:
    s = dodging()
    after = GAME.apply(s, ("dodge",))
    with pytest.raises(IllegalAction, match="not possible now"):
        GAME.apply(after, ("hit", "late"))


def _dodge_table() -> Table:
    """Seed 0: the fourth first-listed action of a 3-player game is a dodge."""
    setup = Setup("throw-octopus", tuple(Seat(name) for name in NAMES), {}, 0)
    table = Table(setup)
    while table.state.phase != "dodge":
        table.apply(table.legal_actions()[0])
    return table


@pytest.mark.parametrize("action", [("hit",), ("hit", "late"), ("dodge",)])
def test_saves_with_plain_hit_and_with_a_reason_replay(action: Action) -> None:
    """A save holding plain ``hit`` (every save from before the reasons) or a hit with its
    reason loads by replaying its actions to the very position it stored."""
    table = _dodge_table()
    table.apply(action)
    table.apply(table.legal_actions()[0])
    data = snapshot(table)
    assert GAME.format_action(action) in data["actions"]
    loaded = table_from_snapshot(data)
    assert loaded.actions == table.actions
    assert GAME.to_dict(loaded.state) == GAME.to_dict(table.state)
