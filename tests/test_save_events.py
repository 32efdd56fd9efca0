"""Saves (issue 28): the log lines of a file with actions (even ``[]``) are the replay's, in
every game. The stored ``events`` and ``private_events`` must be well-formed (safe text, a
private line's seat a seat number, its index an event), or the file is refused naming the
field; anything else a file says there is rebuilt from the replay and never shown, so no file
can show one player's private line to another.

The cases are the hostile-input probe's: a seat of 2**40, a seat given as ``{"a": 1}`` or
``"0"``, lists nested 60 deep, a private line readdressed to another seat (``show --seat``
through the command line), any other change.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from gardens_tui import cli, saves
from gardens_tui.rules import conformance as C
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.storage import SaveError
from gardens_tui.table import Seat, Setup, Table

NAMES = ("Ann", "Bob", "Cleo", "Dan")


def four_seats(game_id: str) -> int:
    """Four seats where the game allows them, else its largest count below."""
    counts = get_game(game_id).spec.counts
    return max(c for c in counts if c <= 4)


def played(game_id: str, moves: int, seed: int = 7, *, until_private: bool = False) -> Table:
    """A table of ``game_id`` after ``moves`` random decisions; with ``until_private``, played
    on until its position holds a private log line (a game with secrets tells one soon)."""
    seats = tuple(Seat(name) for name in NAMES[: four_seats(game_id)])
    table = Table(Setup(game_id, seats, {}, seed))
    rng = Rng(seed_state(seed))
    played = 0
    while not table.state.is_over and played < 500:
        if played >= moves and (table.state.private_events or not until_private):
            break
        table.apply(C.uniform_choice(table.legal_actions(), rng))
        played += 1
    return table


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


MALFORMED: list[tuple[str, Any, str]] = [
    ("a seat of 2**40", [0, 2**40, "x"], r"state\.private_events\[0\]\[1\]: must be at most"),
    ("a seat as an object", [0, {"a": 1}, "x"], r"state\.private_events\[0\]\[1\]: expected an"),
    ("a seat as text", [0, "0", "x"], r"state\.private_events\[0\]\[1\]: expected an integer"),
    ("an index past the events", [999, 0, "x"], r"state\.private_events\[0\]\[0\]: must be at"),
    ("a control character", [0, 0, "x\x1b[2J"], r"state\.private_events\[0\]\[2\]"),
]


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize(("why", "entry", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_private_line_in_a_file_with_actions_is_refused(
    game_id: str, why: str, entry: Any, message: str
) -> None:
    """Rule (saves): a stored private line is checked like a hand-written position's, in a
    file with actions too, and refused naming the field."""
    data = saves.snapshot(played(game_id, 6))
    data["state"]["private_events"] = [entry]
    with pytest.raises(SaveError, match=message):
        saves.table_from_snapshot(data)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_log_lines_nested_60_deep_are_refused_naming_the_field(game_id: str) -> None:
    """Rule (saves): an event that is not a line of text (here a list nested 60 deep) is
    refused naming the field, in a file with actions (even none played)."""
    data = saves.snapshot(played(game_id, 0))
    assert data["actions"] == []
    deep: Any = "x"
    for _ in range(60):
        deep = [deep]
    data["state"]["events"] = [deep]
    with pytest.raises(SaveError, match=r"state\.events\[0\]: expected a string"):
        saves.table_from_snapshot(data)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_changed_log_lines_in_a_file_with_actions_are_rebuilt_and_never_shown(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (saves): well-formed lines a file changes or adds are ignored: the table holds the
    replay's log, no seat's ``show`` prints them, and the next write replaces them."""
    table = played(game_id, 8)
    data = saves.snapshot(table)
    n = table.state.num_players
    data["state"]["events"] = [f"INJECTED {i}" for i in range(3)]
    data["state"]["private_events"] = [[i % 3, i, f"INJECTED for seat {i}"] for i in range(n)]
    path = write(tmp_path / "game.json", data)
    loaded = saves.load_table(path)
    assert loaded.state.events == table.state.events
    assert loaded.state.private_events == table.state.private_events
    for seat in ["-", *table.state.players]:
        # Seats by name: the command line's seat numbers are for people (issue 28).
        argv = ["show", path] if seat == "-" else ["show", path, "--seat", seat]
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert "INJECTED" not in out
    legal = loaded.game.format_action(loaded.legal_actions()[0])
    assert run(capsys, "apply", path, legal)[0] == 0
    assert "INJECTED" not in path.read_text()


@pytest.mark.parametrize("game_id", ["tanuki-in-the-garden", "throw-octopus"])
def test_a_readdressed_private_line_is_not_shown_to_its_new_seat(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (saves), the probe's leak: one seat's private line (``Bob drew t40``) addressed to
    another seat in a save with actions is rebuilt, so ``show --seat`` shows it only to the
    seat the replay tells it to, never to the new one."""
    table = played(game_id, 3, until_private=True)
    private = table.state.private_events
    assert private, "the game should have told someone a secret by now"
    index, owner, line = private[0]
    other = (owner + 1) % table.state.num_players
    data = saves.snapshot(table)
    data["state"]["private_events"] = [[index, other, line]]
    path = write(tmp_path / "game.json", data)
    assert run(capsys, "check", path)[0] == 0
    names = table.state.players
    code, out, err = run(capsys, "show", path, "--seat", names[other])
    assert code == 0, err
    assert line not in out
    code, out, err = run(capsys, "show", path, "--seat", names[owner])
    assert code == 0, err
    assert line in out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_hand_written_position_keeps_its_checked_log(game_id: str) -> None:
    """Rule (saves): a position without actions is its own log: its lines are checked like
    every field (a malformed one is refused naming it) and kept as written."""
    table = played(game_id, 5)
    state = get_game(game_id).to_dict(table.state)
    data = {
        "format": saves.FORMAT,
        "version": saves.VERSION,
        "game": game_id,
        "rules_version": get_game(game_id).spec.rules_version,
        "state": state,
    }
    loaded = saves.table_from_snapshot(copy.deepcopy(data))
    assert loaded.state.events == table.state.events
    data["state"]["events"] = [["not", "a", "line"]]
    with pytest.raises(SaveError, match=r"state\.events\[0\]: expected a string"):
        saves.table_from_snapshot(data)
