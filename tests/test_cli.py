"""The ``gardens`` command line, run in-process with ``main([...])``: every command, its success
and failure paths, exit codes and stderr messages. The app is replaced by a recording fake.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from toy_game import TOY

from gardens_tui import __version__, cli, saves
from gardens_tui.rules.base import TeamScore
from gardens_tui.rules.registry import get_game
from gardens_tui.table import Setup, Table, parse_players

pytestmark = pytest.mark.usefixtures("toy_registered")

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``gardens argv...``; the exit code, stdout and stderr."""
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A new toy game between Ann and Bob, seed 3 (Ann holds 4 and 5)."""
    path = tmp_path / "game.json"
    code, _, err = run(capsys, "new", "toy", "--players", "Ann,Bob", "--seed", "3", "-o", path)
    assert code == 0, err
    return path


def test_show_names_the_pass_of_a_reaction_window(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """Rule (contract): an optional window names the action that passes it, in words and in
    JSON, so a player at the command line knows how to let it go."""
    assert run(capsys, "apply", game_file, "play 4")[0] == 0
    code, out, err = run(capsys, "show", game_file)
    assert code == 0, err
    assert "Bob to decide: Snap the 4? (optional: 'pass' passes)" in out
    data = run_json(capsys, "show", game_file, "--json")
    assert data["decision"]["optional"] is True and data["decision"]["pass"] == "pass"


def test_roll_settles_a_skill_decision_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Rule (contract): a skill decision says so, and 'roll' settles it by the game's odds."""
    table = Table(Setup("toy", tuple(parse_players("Ann,Bob")), {}, 3))
    state: Any = table.state
    while state.decision.kind != "dive":
        deep = state.decision.kind == "play" and 6 in state.hands[state.active]
        table.apply(("play", 6) if deep else table.legal_actions()[0])
        state = table.state
    path = saves.save_table(table, tmp_path / "dive.json")
    data = run_json(capsys, "show", path, "--json")
    assert data["decision"]["skill"] == "dive" and data["decision"]["pass"] is None
    code, out, err = run(capsys, "show", path)
    assert "(dive: 'roll' settles it by the game's odds)" in out
    code, out, err = run(capsys, "apply", path, "roll")
    assert code == 0, err
    assert "came up for air" in out or "sank" in out


@pytest.fixture
def finished_file(tmp_path: Path) -> Path:
    """A toy game played to the end."""
    table = Table(Setup("toy", tuple(parse_players("Ann,Bob")), {}, 3))
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    return saves.save_table(table, tmp_path / "done.json")


# --------------------------------------------------------------------------------------------
# Program-level behaviour
# --------------------------------------------------------------------------------------------


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``gardens --version``: exit 0, the version on stdout."""
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.strip() == f"gardens-tui {__version__}"


def test_help_exits_zero_and_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """``gardens --help`` lists every command."""
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for name in ("play", "open", "games", "rules", "new", "show", "moves", "apply", "score"):
        assert name in out
    assert "check" in out and "simulate" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["dance"],
        ["new", "toy", "-o", "x.json"],  # --players is required
        ["show"],
        ["apply", "x.json"],  # at least one action
        ["new", "toy", "--players", "Ann,Bob", "--seed", "-1", "-o", "x.json"],
        ["new", "toy", "--players", "Ann,Bob", "--seed", "lots", "-o", "x.json"],
        ["simulate", "toy", "-n", "0"],
        ["simulate", "toy"],
    ],
)
def test_bad_arguments_exit_2_with_argparse_message(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Rule: bad arguments exit 2 with the reason on stderr."""
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "error:" in err
    assert out == ""


def test_python_dash_m_runs_the_command_line() -> None:
    """``python -m gardens_tui games`` works in a fresh process and lists Octopus's Garden."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "gardens_tui", "games"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "octopus-garden: Octopus's Garden, 2-4 players" in result.stdout


# --------------------------------------------------------------------------------------------
# Opening the app (with a fake app)
# --------------------------------------------------------------------------------------------


class FakeApp:
    """Records how the command line opened the app."""

    opened: list[FakeApp] = []

    def __init__(
        self, table: Table | None, save_path: Path | None, source: saves.FileVersion | None
    ) -> None:
        self.table = table
        self.save_path = save_path
        self.source = source
        self.ran = False
        self.return_code = 0
        FakeApp.opened.append(self)

    def run(self) -> None:
        self.ran = True


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> type[FakeApp]:
    """``gardens_tui.ui.app`` replaced by a module whose ``create_app`` returns a FakeApp."""
    module = types.ModuleType("gardens_tui.ui.app")

    def create_app(
        table: Table | None = None,
        save_path: Path | None = None,
        source: saves.FileVersion | None = None,
    ) -> FakeApp:
        return FakeApp(table, save_path, source)

    module.create_app = create_app  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gardens_tui.ui.app", module)
    FakeApp.opened = []
    return FakeApp


def test_no_command_opens_the_app_at_its_menu(
    capsys: pytest.CaptureFixture[str], fake_app: type[FakeApp]
) -> None:
    """``gardens`` alone: ``create_app()`` with no table, then ``run()``."""
    assert run(capsys)[0] == 0
    (app,) = fake_app.opened
    assert app.ran and app.table is None and app.save_path is None


def test_the_apps_return_code_is_the_exit_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, fake_app: type[FakeApp]
) -> None:
    """A non-zero ``return_code`` from the app becomes the exit status."""
    monkeypatch.setattr(FakeApp, "run", lambda self: setattr(self, "return_code", 3))
    assert run(capsys)[0] == 3


def test_play_opens_a_new_game_with_you_against_greedy_bots(
    capsys: pytest.CaptureFixture[str], fake_app: type[FakeApp]
) -> None:
    """``gardens play GAME``: default seats are you plus greedy bots up to the minimum."""
    assert run(capsys, "play", "toy", "--seed", "5")[0] == 0
    (app,) = fake_app.opened
    assert app.table is not None and app.save_path is None
    assert [s.spec() for s in app.table.seats] == ["You", "Greedy bot 2=bot:greedy"]
    assert app.table.setup.seed == 5 and app.table.actions == []


def test_play_takes_players_options_and_seed(
    capsys: pytest.CaptureFixture[str], fake_app: type[FakeApp]
) -> None:
    """``--players``, ``--option`` and ``--seed`` fix the new game."""
    code, _, err = run(
        capsys, "play", "toy", "--players", "Ann,Bob,Cleo", "--option", "snap=off", "--seed", "9"
    )
    assert code == 0, err
    table = fake_app.opened[0].table
    assert table is not None
    assert table.setup.names == ("Ann", "Bob", "Cleo")
    assert table.state.options == {"snap": False}


def test_play_with_bad_settings_exits_2_without_opening_the_app(
    capsys: pytest.CaptureFixture[str], fake_app: type[FakeApp]
) -> None:
    """An unknown game or a bad option is refused before the app opens."""
    code, _, err = run(capsys, "play", "chess")
    assert code == 2 and "unknown game 'chess'" in err
    code, _, err = run(capsys, "play", "toy", "--option", "snap=maybe")
    assert code == 2 and "option 'snap' is on/off" in err
    assert fake_app.opened == []


def test_open_continues_a_saved_game_and_saves_back_to_it(
    capsys: pytest.CaptureFixture[str], fake_app: type[FakeApp], game_file: Path
) -> None:
    """``gardens open FILE``: the app gets the loaded table and FILE as its save path."""
    assert run(capsys, "open", game_file)[0] == 0
    (app,) = fake_app.opened
    assert app.save_path == game_file
    assert app.table is not None and app.table.setup.names == ("Ann", "Bob")


def test_open_a_bad_file_exits_2_without_opening_the_app(
    capsys: pytest.CaptureFixture[str], fake_app: type[FakeApp], tmp_path: Path
) -> None:
    """A file that cannot be loaded: its reason on stderr, exit 2."""
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code, _, err = run(capsys, "open", bad)
    assert code == 2
    assert err.startswith(f"gardens: {bad}: not valid JSON")
    assert fake_app.opened == []


def test_a_missing_app_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the UI cannot be imported, say so and exit 2."""
    monkeypatch.setitem(sys.modules, "gardens_tui.ui.app", None)
    code, _, err = run(capsys)
    assert code == 2 and "the app cannot start" in err


# --------------------------------------------------------------------------------------------
# games, rules
# --------------------------------------------------------------------------------------------


def test_games_lists_every_game_with_players_and_option_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``gardens games``: id, title, player range, options with their defaults."""
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "toy: Pearl Dive (test game), 2-4 players" in out
    assert "snap=on  allow snapping out of turn [on/off]" in out
    assert "octopus-garden" in out


def test_games_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """``gardens games --json``: ``{"games": [{id, title, min_players, max_players,
    player_counts, blurb, options}]}``."""
    data = run_json(capsys, "games")
    toy = next(g for g in data["games"] if g["id"] == "toy")
    assert toy == {
        "id": "toy",
        "title": "Pearl Dive (test game)",
        "min_players": 2,
        "max_players": 4,
        "player_counts": [2, 3, 4],
        "blurb": "A tiny test game.",
        "options": [
            {
                "key": "snap",
                "default": True,
                "values": "on/off",
                "description": "allow snapping out of turn",
            }
        ],
    }


def test_rules_prints_the_summary_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``gardens rules GAME``: the summary and the options as Markdown text."""
    code, out, _ = run(capsys, "rules", "toy")
    assert code == 0
    assert out.startswith("# Pearl Dive (test game)\n")
    assert "the next seat may snap a matching card" in out
    assert "- `snap` (default on; on/off): allow snapping out of turn" in out


def test_rules_keeps_a_summarys_own_title_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A summary that starts with its own ``# Title`` is not given a second one."""
    spec = dataclasses.replace(TOY.spec, summary="# Pearl Dive\n\nPlay cards.")
    monkeypatch.setattr(type(TOY), "spec", spec)
    out = run(capsys, "rules", "toy")[1]
    assert out.startswith("# Pearl Dive\n\n2-4 players. A tiny test game.\n\nPlay cards.\n")
    assert out.count("# Pearl Dive") == 1


def test_rules_on_a_terminal_is_rendered_by_rich(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal the Markdown is rendered (no ``#`` heading marks left)."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, out, _ = run(capsys, "rules", "toy")
    assert code == 0
    assert "Pearl Dive (test game)" in out
    assert "# Pearl Dive" not in out


def test_rules_keeps_the_notation_one_action_per_line_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 7: the notation block stays a block (it was reflowed into one paragraph), and a
    text taller than the terminal goes through the pager."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    paged: list[str] = []

    class Pager:
        def show(self, content: str) -> None:
            paged.append(content)

    monkeypatch.setattr("rich.console.SystemPager", Pager)
    monkeypatch.setenv("LINES", "20")
    code, out, _ = run(capsys, "rules", "octopus-garden")
    assert code == 0 and out == ""
    (text,) = paged
    plain_text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    lines = [line.strip() for line in plain_text.splitlines()]
    assert any(line.startswith("oyster") and "attract an oyster" in line for line in lines)
    assert any(line.startswith("refill m4") for line in lines)


def test_rules_of_an_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game id names the known games."""
    code, out, err = run(capsys, "rules", "chess")
    assert code == 2 and out == ""
    assert err.startswith("gardens: unknown game 'chess'; the games are: ")
    assert "toy" in err


# --------------------------------------------------------------------------------------------
# new
# --------------------------------------------------------------------------------------------


def test_new_writes_a_loadable_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``gardens new``: the file holds the setup and an empty action list."""
    path = tmp_path / "g.json"
    code, out, _ = run(
        capsys, "new", "toy", "--players", "Ann,Cleo=bot:random", "--option", "snap=no", "-o", path
    )
    assert code == 0
    assert out.startswith(f"wrote {path}: Pearl Dive (test game), Ann, Cleo=bot:random, seed ")
    table = saves.load_table(path)
    assert table.seats[1].bot == "random"
    assert table.state.options == {"snap": False}
    assert 0 <= table.setup.seed < 2**32


def test_new_notes_an_option_that_changes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``gardens new``: The Gardens' mat layout without landmarks is written as asked (the
    option is valid) with a note on stderr that it changes nothing without landmarks=on."""
    path = tmp_path / "g.json"
    args = ("new", "the-gardens", "--players", "Ann,Bob", "--option", "layout=l1-r2", "-o", path)
    code, out, err = run(capsys, *args)
    assert code == 0 and path.exists() and "wrote" in out
    assert "gardens: note: layout=l1-r2 changes nothing without landmarks=on" in err
    code, _, err = run(capsys, *args, "--option", "landmarks=on", "--force")
    assert code == 0 and "note" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "Ann"], "--players: Pearl Dive (test game) is for 2-4 players, not 1"),
        (["--players", "Ann,ann"], "used twice"),
        (["--players", "Ann,bot:genius"], "unknown bot level 'genius'"),
        (["--players", "Ann,,Bob"], "seat 2 of 'Ann,,Bob' is empty"),
        (["--players", "Ann,Bob", "--option", "fly=on"], "has no option 'fly'; its options: snap"),
        (["--players", "Ann,Bob", "--option", "snap"], "write KEY=VALUE"),
        (["--players", "Ann,Bob", "--option", "snap=maybe"], "option 'snap' is on/off"),
    ],
)
def test_new_with_bad_setup_exits_2_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    """Bad players or options: the reason on stderr, exit 2, no file."""
    path = tmp_path / "g.json"
    code, out, err = run(capsys, "new", "toy", *argv, "-o", path)
    assert code == 2 and out == ""
    assert message in err
    assert not path.exists()


def test_new_does_not_overwrite_a_file_that_is_not_a_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``-o`` pointing at someone's document is refused, even with ``--force``."""
    notes = tmp_path / "notes.md"
    notes.write_text("# notes")
    code, _, err = run(capsys, "new", "toy", "--players", "Ann,Bob", "-o", notes)
    assert code == 2 and "already exists; nothing was written (--force replaces it)" in err
    code, _, err = run(capsys, "new", "toy", "--players", "Ann,Bob", "-o", notes, "--force")
    assert code == 2 and "not a gardens-tui save; not overwritten" in err
    assert notes.read_text() == "# notes"


def test_new_refuses_to_replace_a_game_in_progress_without_force(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """``new -o FILE`` onto a save of a game in progress says so and writes nothing (issue 7);
    ``--force`` replaces it."""
    assert run(capsys, "apply", game_file, "play 4")[0] == 0
    before = game_file.read_bytes()
    code, out, err = run(capsys, "new", "toy", "--players", "Cy,Di", "-o", game_file)
    assert code == 2 and out == ""
    assert err == (
        f"gardens: {game_file} already exists: a game of Pearl Dive (test game) in progress "
        "(turn 1); nothing was written (--force replaces it)\n"
    )
    assert game_file.read_bytes() == before
    code, out, err = run(capsys, "new", "toy", "--players", "Cy,Di", "-o", game_file, "--force")
    assert code == 0, err
    assert run_json(capsys, "show", game_file, "--json")["players"][0]["name"] == "Cy"


# --------------------------------------------------------------------------------------------
# show, moves
# --------------------------------------------------------------------------------------------


def test_show_prints_board_turn_and_decision(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """``gardens show``: a spectator's board, whose turn, the pending decision."""
    code, out, _ = run(capsys, "show", game_file)
    assert code == 0
    assert "Pearl Dive (test game): Ann, Bob (public view: --seat NAME shows a player's)" in out
    assert "Ann: hand [? ?] scored 0" in out
    assert "Turn 1, Ann's turn." in out
    assert "Ann to decide: Play a card" in out


def test_show_as_a_seat_reveals_only_that_seats_hand(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """``--seat`` by number (counted from 1, as people count seats) or by name shows what that
    seat may see."""
    for seat in ("1", "ann", " 1 "):
        out = run(capsys, "show", game_file, "--seat", seat)[1]
        assert "(as Ann sees it)" in out
        assert "Ann: hand [4 5]" in out and "Bob: hand [? ?]" in out


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("3", "--seat 3: there is no seat 3; the seats are Ann (seat 1) and Bob (seat 2)"),
        ("0", "--seat 0: seats are numbered from 1; the seats are Ann (seat 1) and Bob (seat 2)"),
        ("-1", "there is no seat -1"),
        ("Zed", "--seat 'Zed': not a seat number or a player's name; the seats are Ann (seat 1)"),
    ],
)
def test_show_with_a_bad_seat_exits_2(
    capsys: pytest.CaptureFixture[str], game_file: Path, seat: str, message: str
) -> None:
    """An unknown seat number or name is refused, naming every seat with its number; ``0`` (the
    first player before seats were counted from 1) is refused, never shifted."""
    code, out, err = run(capsys, "show", game_file, "--seat", seat)
    assert code == 2 and message in err and out == ""


def test_show_json_shape(capsys: pytest.CaptureFixture[str], game_file: Path) -> None:
    """``gardens show --json``: the position fields, the viewer seat, events and the board."""
    data = run_json(capsys, "show", game_file, "--seat", "2")
    assert list(data) == [
        "game",
        "title",
        "turn",
        "over",
        "active",
        "players",
        "decision",
        "outcome",
        "seat",
        "events",
        "board",
        "view",
    ]
    assert data["game"] == "toy" and data["turn"] == 1 and data["over"] is False
    assert data["players"] == [
        {"seat": 0, "name": "Ann", "bot": None},
        {"seat": 1, "name": "Bob", "bot": None},
    ]
    assert data["decision"] == {
        "seat": 0,
        "name": "Ann",
        "kind": "play",
        "prompt": "Play a card",
        "optional": False,
        "pass": None,
        "skill": None,
    }
    assert data["outcome"] is None and data["seat"] == 1 and data["events"] == []
    assert "Ann: hand [? ?]" in data["board"]
    assert data["view"]["hands"] == [[0, 0], [3, 4]], "Bob's view: Ann's cards masked (0)"
    assert data["view"]["hidden"] is True


def test_show_a_finished_game_names_the_winner(
    capsys: pytest.CaptureFixture[str], finished_file: Path
) -> None:
    """When the game is over ``show`` says who won; ``--json`` carries the outcome."""
    table = saves.load_table(finished_file)
    outcome = TOY.winners(table.state)
    out = run(capsys, "show", finished_file)[1]
    winner = table.seats[outcome.winners[0]].name
    assert f"Game over. Winner: {winner}" in out
    data = run_json(capsys, "show", finished_file)
    assert data["decision"] is None
    assert data["outcome"] == {
        "seats": list(outcome.winners),
        "names": [winner],
        "tiebreak": outcome.tiebreak,
    }


def test_moves_lists_the_legal_actions(capsys: pytest.CaptureFixture[str], game_file: Path) -> None:
    """``gardens moves``: the decision, then one legal action per line in notation."""
    code, out, _ = run(capsys, "moves", game_file)
    assert code == 0
    assert out.splitlines()[-2:] == ["  play 4", "  play 5"]
    data = run_json(capsys, "moves", game_file)
    assert data["decision"]["kind"] == "play"
    assert data["moves"] == [
        {"action": "play 4", "description": "play 4"},
        {"action": "play 5", "description": "play 5"},
    ]


def test_moves_prints_descriptions_beside_the_notation(
    capsys: pytest.CaptureFixture[str], game_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's ``describe_action`` text is printed after the notation, aligned."""
    monkeypatch.setattr(type(TOY), "describe_action", lambda self, state, a: f"score {a[1]} points")
    out = run(capsys, "moves", game_file)[1]
    assert "  play 4  score 4 points" in out


def test_moves_of_a_finished_game_is_empty(
    capsys: pytest.CaptureFixture[str], finished_file: Path
) -> None:
    """No decision is pending once the game is over."""
    code, out, _ = run(capsys, "moves", finished_file)
    assert code == 0 and out.startswith("Game over.")
    assert run_json(capsys, "moves", finished_file) == {"decision": None, "moves": []}


# --------------------------------------------------------------------------------------------
# apply
# --------------------------------------------------------------------------------------------


def test_apply_plays_actions_in_order_and_writes_back(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """``gardens apply FILE A B``: both played, events printed, FILE rewritten."""
    code, out, err = run(capsys, "apply", game_file, "play 4", "snap")
    assert code == 0, err
    assert (
        "Ann: play 4\n  Ann played a 4\n  Ann drew the 1\nBob: snap\n  Bob snapped the 4\n" in out
    ), "each action's events as the seat that played it reads them"
    assert f"wrote {game_file}" in out
    assert out.endswith("Turn 2, Bob's turn.\nBob to decide: Play a card\n")
    table = saves.load_table(game_file)
    assert table.notation() == ["play 4", "snap"]


def test_apply_to_another_file_leaves_the_original(
    capsys: pytest.CaptureFixture[str], game_file: Path, tmp_path: Path
) -> None:
    """``-o OUT`` writes OUT; FILE is untouched."""
    before = game_file.read_bytes()
    out_path = tmp_path / "after.json"
    assert run(capsys, "apply", game_file, "play 5", "-o", out_path)[0] == 0
    assert game_file.read_bytes() == before
    assert saves.load_table(out_path).notation() == ["play 5"]


def test_apply_stops_at_the_first_illegal_action_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], game_file: Path, tmp_path: Path
) -> None:
    """Rule: an illegal action exits 2 with the reason; neither FILE nor OUT is written."""
    before = game_file.read_bytes()
    out_path = tmp_path / "after.json"
    code, out, err = run(capsys, "apply", game_file, "play 4", "play 6", "-o", out_path)
    assert code == 2 and out == ""
    assert err == (
        "gardens: action 2 of 2, 'play 6': play 6 is not legal now (rule: play); "
        "nothing was written\n"
    )
    assert game_file.read_bytes() == before
    assert not out_path.exists()


def test_apply_refuses_text_that_is_not_notation(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """Text the game cannot parse: the parser's hint on stderr, exit 2."""
    code, _, err = run(capsys, "apply", game_file, "jump")
    assert code == 2 and "not an action: 'jump'" in err


def test_apply_after_the_end_is_refused(
    capsys: pytest.CaptureFixture[str], finished_file: Path
) -> None:
    """No action can be applied to a finished game."""
    code, _, err = run(capsys, "apply", finished_file, "pass")
    assert code == 2 and "the game is over; nothing was written" in err


def test_apply_json_shape(capsys: pytest.CaptureFixture[str], game_file: Path) -> None:
    """``gardens apply --json``: applied actions, the written path and the new position."""
    data = run_json(capsys, "apply", game_file, "play 4")
    assert data["applied"] == [
        {
            "action": "play 4",
            "seat": 0,
            "name": "Ann",
            "events": ["Ann played a 4", "Ann drew the 1"],
        }
    ]
    assert data["written"] == str(game_file)
    assert data["decision"]["name"] == "Bob" and data["decision"]["kind"] == "snap"
    assert data["turn"] == 1 and data["active"] == 0


def test_apply_to_a_hand_written_position_keeps_it_as_the_start(
    capsys: pytest.CaptureFixture[str], game_file: Path, tmp_path: Path
) -> None:
    """A state-only file can be played on; the result replays from that position."""
    data = json.loads(game_file.read_text())
    del data["actions"], data["setup"]
    position = tmp_path / "position.json"
    position.write_text(json.dumps(data))
    assert run(capsys, "apply", position, "play 4")[0] == 0
    saved = json.loads(position.read_text())
    assert "start" in saved and saved["actions"] == ["play 4"]
    assert run(capsys, "check", position)[0] == 0


# --------------------------------------------------------------------------------------------
# score, check
# --------------------------------------------------------------------------------------------


def test_score_prints_categories_and_totals(
    capsys: pytest.CaptureFixture[str], game_file: Path
) -> None:
    """``gardens score``: a row per category and a total row; provisional before the end."""
    run(capsys, "apply", game_file, "play 5")
    code, out, _ = run(capsys, "score", game_file)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Ann", "Bob"]
    assert lines[1].split() == ["cards", "5", "0"]
    assert lines[2].split() == ["dives", "0", "0"]
    assert lines[3].split() == ["total", "5", "0"]
    assert "Provisional scores: the game is not over." in out


def test_score_json_shape_and_winners_when_over(
    capsys: pytest.CaptureFixture[str], finished_file: Path
) -> None:
    """``gardens score --json``: final flag, categories, per-player scores, outcome."""
    table = saves.load_table(finished_file)
    scores = TOY.scores(table.state)
    data = run_json(capsys, "score", finished_file)
    assert list(data) == [
        "final",
        "seat",
        "categories",
        "players",
        "teams",
        "notes",
        "outcome",
    ]
    assert data["final"] is True and data["categories"] == ["cards", "dives"]
    assert data["seat"] is None and data["teams"] == [] and data["notes"] == []
    assert data["players"][1] == {
        "seat": 1,
        "name": "Bob",
        "scores": scores.by_category(1),
        "total": scores.total(1),
    }
    assert data["outcome"]["seats"] == list(TOY.winners(table.state).winners)
    out = run(capsys, "score", finished_file)[1]
    assert "Game over. Winner" in out


def test_check_accepts_a_good_file(capsys: pytest.CaptureFixture[str], game_file: Path) -> None:
    """``gardens check``: ok, with what was checked."""
    code, out, _ = run(capsys, "check", game_file)
    assert code == 0
    assert out == f"{game_file}: ok: Pearl Dive (test game), Ann, Bob; a new game; turn 1\n"
    run(capsys, "apply", game_file, "play 4", "pass")
    out = run(capsys, "check", game_file)[1]
    assert "2 actions replayed, the stored state matches" in out


def test_check_refuses_a_tampered_file(capsys: pytest.CaptureFixture[str], game_file: Path) -> None:
    """A stored state that the actions do not lead to: exit 2, where it differs."""
    run(capsys, "apply", game_file, "play 4")
    data = json.loads(game_file.read_text())
    data["state"]["scored"][0] = [5]
    game_file.write_text(json.dumps(data))
    code, out, err = run(capsys, "check", game_file)
    assert code == 2 and out == ""
    assert "not what the actions lead to" in err and "state.scored[0][0]" in err


@pytest.mark.parametrize("command", ["show", "moves", "score", "check", "apply"])
def test_every_file_command_refuses_a_missing_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """Rule: a bad file exits 2 with the reason on stderr."""
    extra = ["pass"] if command == "apply" else []
    missing = tmp_path / "missing.json"
    code, out, err = run(capsys, command, missing, *extra)
    assert code == 2 and out == ""
    assert err == f"gardens: {missing}: no such file\n"


# --------------------------------------------------------------------------------------------
# What each seat may see (every file command works from Game.view)
# --------------------------------------------------------------------------------------------


@pytest.fixture
def drawn_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Seed 1: Ann holds 1 and 2, Bob 3 and 3, the deck's top card is a 5. Ann has played her 2
    and drawn the 5 (a private event: "Ann drew the 5" for her, "Ann drew a card" for the rest);
    Bob's snap window is open."""
    path = tmp_path / "drawn.json"
    assert run(capsys, "new", "toy", "--players", "Ann,Bob", "--seed", "1", "-o", path)[0] == 0
    assert run(capsys, "apply", path, "play 2")[0] == 0
    state = saves.load_table(path).state
    assert state.hands == [[1, 5], [3, 3]]  # type: ignore[attr-defined]
    assert state.private_events == ((1, 0, "Ann drew the 5"),)
    return path


def outputs_for(capsys: pytest.CaptureFixture[str], path: Path, *seat: str) -> str:
    """Everything ``show``, ``show --json``, ``score`` and ``score --json`` print for ``seat``
    (a spectator without one)."""
    texts = []
    for command in ("show", "score"):
        for extra in ([], ["--json"]):
            code, out, err = run(capsys, command, path, *seat, *extra)
            assert code == 0, err
            texts.append(out)
    return "\n".join(texts)


@pytest.mark.parametrize("seat", [["--seat", "Bob"], ["--seat", "2"], []])
def test_another_seat_or_a_spectator_never_sees_anns_hand(
    capsys: pytest.CaptureFixture[str], drawn_file: Path, seat: list[str]
) -> None:
    """Rule (what each seat may see): ``show``, ``score`` and their ``--json`` for Bob or a
    spectator hold neither Ann's private event ("Ann drew the 5") nor her cards."""
    text = outputs_for(capsys, drawn_file, *seat)
    assert "Ann drew the 5" not in text
    assert "Ann drew a card" in text
    assert "Ann: hand [? ?]" in text and "[1 5]" not in text
    view = run_json(capsys, "show", drawn_file, *seat)["view"]
    assert view["hands"][0] == [0, 0] and view["hidden"] is True and view["rng"] == 0
    assert "private_events" not in view or view["private_events"] == []


def test_a_seat_sees_its_own_hand_and_private_events(
    capsys: pytest.CaptureFixture[str], drawn_file: Path
) -> None:
    """Ann's own view shows her hand and the card she drew, and still masks Bob's."""
    text = outputs_for(capsys, drawn_file, "--seat", "Ann")
    assert "Ann drew the 5" in text and "Ann: hand [1 5]" in text and "Bob: hand [? ?]" in text
    data = run_json(capsys, "show", drawn_file, "--seat", "Ann")
    assert data["events"] == ["Ann played a 2", "Ann drew the 5"]
    assert data["view"]["hands"] == [[1, 5], [0, 0]]


def test_score_names_the_viewer(capsys: pytest.CaptureFixture[str], drawn_file: Path) -> None:
    """``score --seat``: provisional scores as that seat sees them; ``--json`` says whose."""
    out = run(capsys, "score", drawn_file, "--seat", "bob")[1]
    assert out.endswith("Provisional scores as Bob sees them: the game is not over.\n")
    assert run_json(capsys, "score", drawn_file, "--seat", "bob")["seat"] == 1
    code, _, err = run(capsys, "score", drawn_file, "--seat", "7")
    assert code == 2 and "there is no seat 7; the seats are Ann (seat 1) and Bob (seat 2)" in err


def test_moves_are_worked_out_on_the_deciding_seats_view(
    capsys: pytest.CaptureFixture[str], drawn_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: ``moves`` lists the deciding seat's legal actions computed on that seat's view
    (Bob's snap window: he holds no 2, so only ``pass``), never on the full state."""
    seen: list[Any] = []
    real = type(TOY).legal_actions

    def recording(self: Any, state: Any) -> Any:
        seen.append(state)
        return real(self, state)

    monkeypatch.setattr(type(TOY), "legal_actions", recording)
    data = run_json(capsys, "moves", drawn_file)
    assert data["decision"]["name"] == "Bob" and data["decision"]["kind"] == "snap"
    assert data["moves"] == [{"action": "pass", "description": "pass"}]
    # The last call is the command's own (loading the file replays on full states first).
    assert seen[-1].hidden and seen[-1].hands == [[0, 0], [3, 3]]


def test_apply_reads_each_action_on_the_deciding_seats_view(
    capsys: pytest.CaptureFixture[str], drawn_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``apply`` acts for the seat deciding at each step: the text is read on that seat's view
    and played as that seat; the events printed are those that seat reads."""
    seen: list[Any] = []
    real = type(TOY).parse_action

    def recording(self: Any, state: Any, text: str) -> Any:
        seen.append((state.hidden, [list(h) for h in state.hands]))
        return real(self, state, text)

    monkeypatch.setattr(type(TOY), "parse_action", recording)
    code, out, err = run(capsys, "apply", drawn_file, "pass", "play 3")
    assert code == 0, err
    # The last two calls are the command's (loading the file replays on full states first).
    assert seen[-2:] == [(True, [[0, 0], [3, 3]]), (True, [[0, 0], [3, 3]])]
    assert "Bob: pass\n  Bob let it go\nBob: play 3\n  Bob played a 3\n  Bob drew the " in out
    assert "Ann drew" not in out


def test_player_counts_come_from_the_spec(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, fake_app: type[FakeApp]
) -> None:
    """A game for 2 or 4 players (not 3): ``games`` says so in text and JSON, ``new`` refuses 3
    seats, ``play`` and ``simulate`` default to the smallest count."""
    spec = dataclasses.replace(TOY.spec, player_counts=(2, 4))
    monkeypatch.setattr(type(TOY), "spec", spec)
    assert "toy: Pearl Dive (test game), 2 or 4 players" in run(capsys, "games")[1]
    toy = next(g for g in run_json(capsys, "games")["games"] if g["id"] == "toy")
    assert toy["player_counts"] == [2, 4] and (toy["min_players"], toy["max_players"]) == (2, 4)
    code, _, err = run(capsys, "new", "toy", "--players", "A,B,C", "-o", "x.json")
    assert code == 2 and "is for 2 or 4 players, not 3" in err
    assert run(capsys, "rules", "toy")[1].splitlines()[2] == "2 or 4 players. A tiny test game."
    assert run(capsys, "play", "toy")[0] == 0
    table = fake_app.opened[0].table
    assert table is not None and len(table.seats) == 2
    assert len(run_json(capsys, "simulate", "toy", "-n", "1")["seats"]) == 2


def test_score_prints_teams_and_notes(
    capsys: pytest.CaptureFixture[str], game_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``score`` prints the team rows and the notes under the seats' table, and ``--json``
    carries them (``teams``: name, seats, names, points; ``notes``: lines), for a game whose
    scores have them (as Seabed Neighbours' piles and a Game Night total will)."""
    real = type(TOY).scores

    def with_teams(self: Any, state: Any) -> Any:
        plain = real(self, state)
        teams = (TeamScore("Reef", (0, 1), sum(plain.totals())),)
        return dataclasses.replace(plain, teams=teams, notes=("Game Night: 1 of 3 games",))

    monkeypatch.setattr(type(TOY), "scores", with_teams)
    run(capsys, "apply", game_file, "play 4")
    team_file = game_file
    out = run(capsys, "score", team_file)[1]
    assert "\nteam Reef (Ann, Bob): 4\n\nGame Night: 1 of 3 games\n" in out
    data = run_json(capsys, "score", team_file)
    reef = {"name": "Reef", "seats": [0, 1], "names": ["Ann", "Bob"], "points": 4}
    assert data["teams"] == [reef]
    assert data["notes"] == ["Game Night: 1 of 3 games"]


# --------------------------------------------------------------------------------------------
# simulate
# --------------------------------------------------------------------------------------------


def test_simulate_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """``gardens simulate --json``: the same seed gives the same results."""
    first = run_json(capsys, "simulate", "toy", "-n", "20", "--seed", "4")
    second = run_json(capsys, "simulate", "toy", "-n", "20", "--seed", "4")
    for key in ("seats", "shared_wins", "average_decisions"):
        assert first[key] == second[key]
    assert list(first) == [
        "game",
        "games",
        "seed",
        "options",
        "seats",
        "shared_wins",
        "average_decisions",
        "seconds",
        "games_per_second",
    ]
    assert first["games"] == 20 and first["seed"] == 4
    assert [s["name"] for s in first["seats"]] == ["Greedy bot 1", "Greedy bot 2"]
    # The toy game's tie-break always leaves one winner, so the wins add up to the games.
    assert first["shared_wins"] == 0
    assert sum(s["wins"] for s in first["seats"]) == 20


def test_simulate_plays_human_names_with_the_greedy_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Human seats in ``--players`` are played by greedy bots; bot levels are kept."""
    data = run_json(
        capsys,
        "simulate",
        "toy",
        "-n",
        "3",
        "--players",
        "Ann,bot:random,Cleo",
        "--option",
        "snap=off",
    )
    assert [(s["name"], s["bot"]) for s in data["seats"]] == [
        ("Ann", "greedy"),
        ("Random bot 2", "random"),
        ("Cleo", "greedy"),
    ]
    assert data["options"] == {"snap": False}


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Text output: wins and average score per seat, decisions per game, games/s."""
    code, out, err = run(capsys, "simulate", "toy", "-n", "5")
    assert code == 0
    assert out.startswith("Pearl Dive (test game): 5 games from seed 0\n")
    assert "Greedy bot 1" in out and "average decisions per game:" in out and "games/s" in out
    assert err == "", "no progress bar when stderr is not a terminal"


def test_simulate_shows_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal the Rich progress bar runs (on stderr) and the results still print."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, _ = run(capsys, "simulate", "toy", "-n", "3")
    assert code == 0 and "games/s" in out


def test_simulate_reports_a_game_that_never_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game still going after MAX_DECISIONS is an error, not a hang."""
    monkeypatch.setattr(cli.simulate, "MAX_DECISIONS", 2)
    code, _, err = run(capsys, "simulate", "toy", "-n", "1")
    assert code == 2 and "did not end after 2 decisions" in err


def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """Too many seats for the game: exit 2."""
    code, _, err = run(capsys, "simulate", "toy", "-n", "1", "--players", "A,B,C,D,E")
    assert code == 2 and "2-4 players, not 5" in err


# --------------------------------------------------------------------------------------------
# Octopus's Garden files (skipped until the engine runs)
# --------------------------------------------------------------------------------------------


def octopus_ready() -> bool:
    try:
        get_game("octopus-garden").new_game(["Ann", "Bob"], None, 1)
    except (NotImplementedError, ValueError):
        return False
    return True


@pytest.mark.skipif(not octopus_ready(), reason="Octopus's Garden not ready yet")
def test_octopus_garden_session(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """new, show, moves, apply (every listed move parses back), score and check on a real game."""
    path = tmp_path / "og.json"
    assert (
        run(capsys, "new", "octopus-garden", "--players", "Ann,Bob", "--seed", "1", "-o", path)[0]
        == 0
    )
    assert run(capsys, "show", path)[0] == 0
    for _ in range(12):
        moves = run_json(capsys, "moves", path)["moves"]
        assert moves
        code, _, err = run(capsys, "apply", path, moves[0]["action"])
        assert code == 0, err
    assert run(capsys, "check", path)[0] == 0
    data = run_json(capsys, "score", path)
    assert data["final"] is False and len(data["players"]) == 2
    summary = run_json(capsys, "simulate", "octopus-garden", "-n", "2")
    assert summary["games"] == 2


@pytest.mark.skipif(not octopus_ready(), reason="Octopus's Garden not ready yet")
def test_readme_example_session_is_what_the_commands_print(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's example session, run command by command, prints exactly what it shows
    (a line ``...`` stands for the rest of a long output; ``echo $?`` is the last exit status)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Example: a rule check on an Octopus's Garden file", 1)[1]
    block = section.split("```console\n", 1)[1].split("```", 1)[0]
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    assert len(steps) >= 7
    monkeypatch.chdir(tmp_path)
    status = 0
    for command, expected in steps:
        if command == "echo $?":
            assert expected == [str(status)]
            continue
        argv = shlex.split(command)
        assert argv[0] == "gardens"
        status, out, err = run(capsys, *argv[1:])
        got = (out + err).splitlines()
        if expected and expected[-1].strip() == "...":
            got, expected = got[: len(expected) - 1], expected[:-1]
        assert got == expected, command


def test_a_closed_pipe_ends_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game_file: Path
) -> None:
    """``gardens moves FILE | head -1``: the reader leaving is not an error."""

    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert cli.main(["moves", str(game_file)]) == 0


def test_status_reads_right_for_a_player_called_you(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 7: "You's turn" read wrongly; names go through the rules' possessive."""
    path = tmp_path / "you.json"
    assert run(capsys, "new", "toy", "--players", "You,Bob", "--seed", "3", "-o", path)[0] == 0
    code, out, err = run(capsys, "show", path)
    assert code == 0, err
    assert "Turn 1, Your turn." in out and "You's" not in out


@pytest.mark.parametrize(
    "game_id",
    [
        "octopus-garden",
        "the-gardens",
        "tanuki-in-the-garden",
        "throw-octopus",
        "seabed-neighbours",
    ],
)
def test_show_says_the_pending_decision_once_for_every_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game_id: str
) -> None:
    """Issue 7: a game's text is the position; ``show`` says the decision once, after it."""
    from gardens_tui.rules import get_game

    path = tmp_path / "g.json"
    assert run(capsys, "new", game_id, "--players", "Ann,Bob,Cleo", "-o", path)[0] == 0
    code, out, _ = run(capsys, "show", path)
    assert code == 0
    state = get_game(game_id).new_game(["Ann", "Bob", "Cleo"], None, 0)
    prompt = state.decision.prompt.split(":")[0]
    assert out.count(prompt) == 1, out
