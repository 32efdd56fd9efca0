"""The command line at the end of a solo game (one seat: Throw Octopus!'s solo mode): ``gardens
score`` and ``gardens show`` give the solo result ("Ann scored 16 points"), never "Winner: Ann";
games with two seats or more still name their winner.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gardens_tui import cli, saves
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.table import Seat, Setup, Table


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run ``gardens argv...``: the exit code and stdout."""
    code = cli.main([str(a) for a in argv])
    out, _ = capsys.readouterr()
    return code, out


def finished_solo() -> Table:
    """Ann's solo game, seed 5, each decision the first legal one: 6 small and 5 large
    creatures, 16 points (Clever Cephalopod)."""
    table = Table(Setup("throw-octopus", (Seat("Ann"),), {}, 5))
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    return table


def solo_file(tmp_path: Path) -> Path:
    """:func:`finished_solo` saved."""
    path = tmp_path / "solo.json"
    saves.save_table(finished_solo(), path)
    return path


@pytest.mark.parametrize("command", ["score", "show"])
def test_score_and_show_give_the_solo_result_not_a_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    code, out = run(capsys, command, solo_file(tmp_path))
    assert code == 0
    assert "Game over. Solo: Ann scored 16 points." in out
    assert "Winner" not in out


def test_score_still_gives_the_rating(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run(capsys, "score", solo_file(tmp_path))
    assert code == 0 and "Clever Cephalopod" in out


def test_a_three_player_game_still_names_its_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 0, "t1", 0)],
        [["t44"], ["t2", "t3"], ["t5"]],
        options={"tile-list": "sparse"},
    )
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cleo"))
    table = Table(Setup("throw-octopus", seats, dict(state.options), 0), states=[state])
    table.apply_text("play t44 at -1,0 r0")
    assert table.state.is_over
    path = tmp_path / "three.json"
    saves.save_table(table, path)
    code, out = run(capsys, "score", path)
    assert code == 0 and "Game over. Winner: Ann" in out
