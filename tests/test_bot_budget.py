"""A search level's thinking budget (issue 13): ``strong@2s``, ``expert@1.5s``, ``strong@5000``.

One parser (:func:`gardens_tui.bots.parse_bot`) reads a level string everywhere one is typed or
stored: ``--players``, the seats of a table and of a save, a hosted table's stand-ins, and
:func:`~gardens_tui.bots.make_bot`, which gives the search that budget. Only search levels take
one, within documented bounds. Iteration budgets only here (never time): reproducible.
"""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from gardens_tui import cli, saves
from gardens_tui.bots import (
    MAX_ITERATIONS,
    MAX_SECONDS,
    MIN_ITERATIONS,
    MIN_SECONDS,
    BotSpec,
    check_bot,
    make_bot,
    parse_bot,
)
from gardens_tui.bots.advice import TOP, advice_json, advice_lines, advise
from gardens_tui.bots.strong import EXPERT, STRONG, SearchBudget, StrongBot
from gardens_tui.rules.registry import get_game
from gardens_tui.table import Seat, Setup, Table, check_seats, parse_players

# --- parsing ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "spec", "canonical"),
    [
        ("strong", BotSpec("strong"), "strong"),
        ("greedy", BotSpec("greedy"), "greedy"),
        ("strong@2s", BotSpec("strong", seconds=2.0), "strong@2s"),
        ("expert@10s", BotSpec("expert", seconds=10.0), "expert@10s"),
        ("strong@1.5s", BotSpec("strong", seconds=1.5), "strong@1.5s"),
        ("strong@2.0s", BotSpec("strong", seconds=2.0), "strong@2s"),
        ("strong@5000", BotSpec("strong", iterations=5000), "strong@5000"),
        ("expert@0.1s", BotSpec("expert", seconds=MIN_SECONDS), "expert@0.1s"),
        ("expert@60s", BotSpec("expert", seconds=MAX_SECONDS), "expert@60s"),
        ("strong@10", BotSpec("strong", iterations=MIN_ITERATIONS), "strong@10"),
        ("strong@1000000", BotSpec("strong", iterations=MAX_ITERATIONS), "strong@1000000"),
    ],
)
def test_a_level_string_reads_as_level_and_budget(text: str, spec: BotSpec, canonical: str) -> None:
    """Rule (bot budget): ``LEVEL``, ``LEVEL@SECONDSs`` or ``LEVEL@ITERATIONS``; a seat stores
    the canonical form (``2.0s`` is ``2s``)."""
    assert parse_bot(text) == spec
    assert check_bot(text) == canonical == spec.text == str(spec)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("genius", "unknown bot level 'genius'"),
        ("greedy@2s", "a budget is for strong and expert only"),
        ("random@500", "a budget is for strong and expert only"),
        ("strong@0.05s", "seconds must be between 0.1 and 60"),
        ("expert@61s", "seconds must be between 0.1 and 60"),
        ("strong@0s", "seconds must be between 0.1 and 60"),
        ("strong@9", "iterations must be between 10 and 1000000"),
        ("strong@1000001", "iterations must be between 10 and 1000000"),
        ("strong@1.5", "iterations must be a whole number"),
        ("strong@", "bad budget"),
        ("strong@2S", "bad budget"),
        ("strong@-2s", "bad budget"),
        ("strong@1e3", "bad budget"),
        ("strong@2s@3s", "bad budget"),
        ("strong@" + "9" * 5000, "bad budget"),
    ],
)
def test_a_bad_level_or_budget_is_refused_saying_why(text: str, message: str) -> None:
    """Rule (bot budget): an unknown level, a budget on a level that decides at once, and a
    malformed or out-of-range budget are refused with the reason."""
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_bot(text)
    with pytest.raises(ValueError, match=re.escape(message)):
        make_bot(text)


# --- make_bot -----------------------------------------------------------------------------------


def test_make_bot_gives_the_search_its_budget() -> None:
    """Rule (bot budget): seconds replace the level's time, iterations replace it with a cap
    and no clock; a plain level keeps its default; the bot's level is the canonical string."""
    bot = make_bot("strong@2s", 1)
    assert isinstance(bot, StrongBot) and bot.level == "strong@2s"
    assert bot.budget.seconds == 2.0 and bot.budget.iterations is None
    bot = make_bot("expert@5000", 1)
    assert isinstance(bot, StrongBot) and bot.level == "expert@5000"
    assert bot.budget == EXPERT.with_iterations(5000)
    plain = make_bot("strong", 1)
    assert isinstance(plain, StrongBot) and plain.budget == STRONG
    assert make_bot("greedy").level == "greedy"


def test_an_iteration_budget_is_reproducible_from_the_seed(toy_registered: None) -> None:
    """Rule (bot budget): limited by iterations, two bots of the same seed choose alike."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 3))
    game = table.game
    view = game.view(table.state, 0)
    choices = {make_bot("strong@200", 9).choose(game, view) for _ in range(2)}
    assert len(choices) == 1 and choices <= set(game.legal_actions(view))


# --- the table and saves ------------------------------------------------------------------------


def test_players_spec_takes_a_budget_and_stores_it_canonical() -> None:
    """Rule (bot budget): ``--players`` accepts ``NAME=bot:LEVEL@BUDGET`` and ``bot:LEVEL@BUDGET``
    (the generated name from the level alone); a refusal names the seat."""
    seats = parse_players("Ann,Bob=bot:strong@500,bot:expert@2.0s")
    assert seats == [Seat("Ann"), Seat("Bob", "strong@500"), Seat("Expert bot 3", "expert@2s")]
    assert seats[1].spec() == "Bob=bot:strong@500"
    with pytest.raises(ValueError, match="seat 2: a budget is for strong and expert only"):
        parse_players("Ann,Bob=bot:greedy@2s")
    with pytest.raises(ValueError, match=r"seat 2: seconds must be between 0\.1 and 60"):
        parse_players("Ann,bot:strong@100s")


def test_check_seats_refuses_a_bad_budget() -> None:
    """Rule (bot budget): a seat built in code (the dialog, a save, the server) is checked by
    the same parser."""
    check_seats([Seat("Ann"), Seat("Bob", "strong@2s"), Seat("Cy", "expert@5000")])
    with pytest.raises(ValueError, match="seat 2: iterations must be between"):
        check_seats([Seat("Ann"), Seat("Bob", "strong@1")])


def test_a_save_with_a_budget_round_trips_and_an_old_save_loads(
    tmp_path: Path, toy_registered: None
) -> None:
    """Rule (saves): a seat's level string, budget included, is saved and loaded as it was; a
    save from before budgets (a plain ``strong``) loads as the level's default."""
    setup = Setup("toy", (Seat("Ann"), Seat("Bob", "strong@2s"), Seat("Cy", "expert@500")), {}, 4)
    table = Table(setup)
    loaded = saves.load_table(saves.save_table(table, tmp_path / "budget.json"))
    assert loaded.setup.seats == setup.seats
    old = Table(Setup("toy", (Seat("Ann"), Seat("Bob", "strong")), {}, 4))
    loaded = saves.load_table(saves.save_table(old, tmp_path / "old.json"))
    assert loaded.seats[1].bot == "strong"


def test_a_save_with_a_refused_budget_does_not_load(tmp_path: Path, toy_registered: None) -> None:
    """Rule (saves): a hand-edited level string with a refused budget is a bad file, said so."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob", "strong")), {}, 4))
    path = saves.save_table(table, tmp_path / "bad.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["setup"]["players"][1]["bot"] = "greedy@2s"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="a budget is for strong and expert only"):
        saves.load_table(path)


def test_a_hosted_tables_stand_in_takes_a_budget(tmp_path: Path, toy_registered: None) -> None:
    """Rule (server): the host may give an absent seat to ``strong@2s``; ``greedy@2s`` is
    refused like an unknown level."""
    from gardens_tui.server.store.tables import HostedTable

    hosted = HostedTable("ABCD", Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 4)))
    hosted.set_stand_in(1, "strong@2.0s")
    assert hosted.stand_ins == {1: "strong@2s"}
    with pytest.raises(ValueError, match="a budget is for strong and expert only"):
        hosted.set_stand_in(1, "greedy@2s")


# --- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``gardens argv...`` in-process: exit code, stdout, stderr."""
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_gardens_new_and_play_take_a_budget(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (CLI): ``--players Ann,Bob=bot:strong@500`` works on ``gardens new`` (the save
    keeps the budget) and on ``gardens play`` (the app opens on that table)."""
    path = tmp_path / "g.json"
    code, out, err = run(
        capsys, "new", "octopus-garden", "--players", "Ann,Bob=bot:strong@500", "--seed", "3",
        "-o", path,
    )  # fmt: skip
    assert code == 0, err
    assert "Bob=bot:strong@500" in out
    assert saves.load_table(path).seats[1].bot == "strong@500"

    opened: list[Table | None] = []
    module = types.ModuleType("gardens_tui.ui.app")

    class FakeApp:
        return_code = 0

        def run(self) -> None:
            pass

    def create_app(table: Table | None = None, *args: Any, **kwargs: Any) -> FakeApp:
        opened.append(table)
        return FakeApp()

    module.create_app = create_app  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gardens_tui.ui.app", module)
    code, _, err = run(
        capsys, "play", "octopus-garden", "--players", "Ann,Bob=bot:strong@500", "--seed", "3"
    )
    assert code == 0, err
    (table,) = opened
    assert table is not None and table.seats[1] == Seat("Bob", "strong@500")
    code, _, err = run(capsys, "play", "octopus-garden", "--players", "Ann,Bob=bot:greedy@2s")
    assert code == 2 and "a budget is for strong and expert only" in err


# --- the advice's wording (shared by `gardens hint` and the hint key) ----------------------------


def test_advice_names_the_best_action_and_the_top_three() -> None:
    """Rule (hint): the advice names the search's action in the game's notation, then the top
    three actions with value and visits (no value for an action never tried); the JSON says
    the same."""
    game = get_game("octopus-garden")
    table = Table(Setup("octopus-garden", (Seat("Ann"), Seat("Bob")), {}, 3))
    view = game.view(table.state, 0)
    result = advise(game, view, SearchBudget(iterations=60, seconds=None), seed=1)
    assert result.action in game.legal_actions(view)
    lines = advice_lines(result, game.format_action, "Ann")
    assert lines[0] == f"Hint for Ann: {game.format_action(result.action)}"
    assert len(lines) == 1 + TOP + 1
    for line, stats in zip(lines[1:-1], result.stats, strict=False):
        assert line.strip().startswith(game.format_action(stats.action))
        value = f"{stats.value:.2f}" if stats.visits else "  - "
        assert f"value {value}  visits {stats.visits}" in line
    assert lines[-1].startswith("(60 iterations")
    data = advice_json(result, game.format_action, 0, "Ann")
    assert data["action"] == game.format_action(result.action) and len(data["top"]) == TOP
