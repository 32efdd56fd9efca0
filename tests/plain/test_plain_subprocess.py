"""The real command through a real pipe: ``python -m gardens_tui play GAME --plain`` and
``gardens continue --plain`` in a fresh process, input piped in, output read from a pipe.

Rules: the plain mode reads its moves line by line from a pipe (no terminal needed), writes no
escape sequence without ``--colour``, and exits 0 when the game ends or the person quits, 1 when
the input ends first (the game autosaved either way). A few tests only: they start Python.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from plain_driving import assert_ends_with_the_result

from gardens_tui import saves

ROOT = Path(__file__).resolve().parents[2]


def gardens(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """``python -m gardens_tui ARGS`` with ``stdin`` piped in (the data folder is the test's,
    from GARDENS_TUI_HOME)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "gardens_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )


def test_gardens_play_plain_plays_a_whole_game_through_a_pipe_and_exits_0() -> None:
    """``gardens play tanuki-in-the-garden --plain --seed 5`` with "1" piped in for every
    decision: the game ends, the result and final scores are printed, exit status 0, nothing on
    stderr, no escape sequence, and the autosave holds the finished game."""
    result = gardens("play", "tanuki-in-the-garden", "--plain", "--seed", "5", stdin="1\n" * 500)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "\x1b" not in result.stdout
    assert result.stdout.startswith(
        "A new game of Tanuki in the Garden: You, Greedy bot 2 (bot greedy)."
    )
    (path,) = saves.autosaves_dir().iterdir()
    table = saves.load_table(path)
    assert table.state.is_over
    assert_ends_with_the_result(result.stdout, table)


def test_input_ending_early_exits_1_then_gardens_continue_plain_finishes_the_game() -> None:
    """A pipe closed mid-game: exit 1 and "The game is saved in ..."; then ``gardens continue
    --plain`` through another pipe picks the game up and plays it to the end (exit 0)."""
    first = gardens(
        "play", "throw-octopus", "--plain", "--seed", "4",
        "--players", "You,bot:greedy,bot:greedy", stdin="1\n1\n",
    )  # fmt: skip
    assert first.returncode == 1, first.stderr
    path = saves.last_autosave()
    assert path is not None
    assert f"The game is saved in {path}." in first.stdout
    quitted = saves.load_table(path).notation()
    second = gardens("continue", "--plain", stdin="1\n" * 500)
    assert second.returncode == 0, second.stderr
    assert second.stdout.startswith("Continuing a game of Throw Octopus!: You, Greedy bot 2")
    finished = saves.load_table(path)
    assert finished.state.is_over
    assert finished.notation()[: len(quitted)] == quitted
    assert second.stdout.rstrip("\n").split("\n")[-1].startswith("Fewest tiles wins")
