"""Whole games in the plain mode: every game to its end against greedy bots, typed by numbers
through a pipe and by notation; forced steps and skill decisions are played by themselves.

Rules (gardens_tui/plain/game.py, the loop): a move's number or its notation plays it; at the
game's end the result and the final score table are printed and ``run_local`` exits 0; a forced
step (one legal action) is played without asking; a skill decision (the dodge of Throw Octopus!)
is settled by the game's own odds and the line says so.
"""

from __future__ import annotations

import random
import re

import pytest
from plain_driving import (
    GAMES,
    Session,
    assert_ends_with_the_result,
    final_lines,
    new_table,
    person_decisions,
    play_piped,
    players_against_bots,
)

from gardens_tui import saves
from gardens_tui.plain.game import MOVES_LISTED
from gardens_tui.plain.local import EXIT_OK
from gardens_tui.rules.base import ROLL
from gardens_tui.seats import LocalSeatView

SEEDS = {game: 4 for game in GAMES}
"""Throw Octopus! seed 4: the person is thrown at (a dodge) and has a forced draw."""


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_typed_by_numbers_ends_with_the_result_and_exit_status_0(game: str) -> None:
    """Typing "1" at every prompt plays the game to its end against greedy bots: the transcript
    ends with the result line and the final score table, and the exit status is 0."""
    table = new_table(game, players_against_bots(game), seed=SEEDS[game])
    code, transcript = play_piped(table, ["1"] * 2000)
    assert code == EXIT_OK
    assert table.state.is_over
    assert transcript.startswith(f"A new game of {table.game.spec.title}: You, Greedy bot 2")
    assert_ends_with_the_result(transcript, table)
    assert "Traceback" not in transcript


@pytest.mark.parametrize("game", GAMES)
def test_every_real_choice_is_asked_once_and_forced_steps_play_by_themselves(game: str) -> None:
    """Forced steps: a decision with one legal action is no choice, so the plain mode plays it
    without listing moves; every other decision of the person lists the moves exactly once
    (one "Your moves" per typed "1", none for forced steps and skill decisions)."""
    table = new_table(game, players_against_bots(game), seed=SEEDS[game])
    _, transcript = play_piped(table, ["1"] * 2000)
    kinds = person_decisions(table)
    assert transcript.count("Your moves (") == len(kinds["chosen"])
    for index in kinds["forced"]:
        assert table.actions[index] == table.forced_action(index)
    if game == "throw-octopus":
        assert kinds["forced"], "seed 4 gives the person a forced step"


def test_a_forced_step_is_played_by_itself_in_a_piped_game() -> None:
    """Forced step (Throw Octopus!, "could not play and drew a tile"): with one legal action the
    person is not asked; the step is in the history and the game goes on."""
    table = new_table("throw-octopus", players_against_bots("throw-octopus"), seed=1)
    _, transcript = play_piped(table, ["1"] * 500)
    forced = person_decisions(table)["forced"]
    assert forced
    assert transcript.count("Your moves (1):") == 0
    for index in forced:
        step = table.game.format_action(table.actions[index])
        assert table.actions[index] == table.forced_action(index), step


def test_the_dodge_is_settled_by_the_games_odds_and_the_line_says_so() -> None:
    """Skill decision (Throw Octopus!, "Dodge the octopus"): the plain mode has no dodge game, so
    the dodge is settled by the game's odds (the ROLL action), said in one line naming the
    decision; the person is never asked to choose it, and the log then names the hit chance."""
    table = new_table("throw-octopus", players_against_bots("throw-octopus"), seed=4)
    code, transcript = play_piped(table, ["1"] * 500)
    assert code == EXIT_OK
    skills = person_decisions(table)["skill"]
    assert len(skills) == 1
    index = skills[0]
    assert table.actions[index] == ROLL
    prompt = table.states[index].decision.prompt  # type: ignore[union-attr]
    line = f"{prompt}: settled by the game's odds (the plain mode has no dodge game to play)."
    assert transcript.count(line) == 1
    after = transcript.split(line, 1)[1].split("\n")
    assert "hit chance decided" in after[1]
    assert not after[0].strip() and "Your moves" not in after[1]


class TypingNotation:
    """A script typing a random listed move in the game's notation, after checking that it is
    listed with its number in what was just printed; it keeps what it typed."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)
        self.typed: list[str] = []

    def __call__(self, session: Session) -> str:
        assert session.deciding()
        legal = session.view.legal_actions()
        number = self.rng.randrange(min(len(legal), MOVES_LISTED))
        notation = session.table.game.format_action(legal[number])
        listed = re.compile(rf"^  {number + 1}\. {re.escape(notation)}(?![\w,-])", re.M)
        assert listed.search(session.since_typed()), (number + 1, notation)
        self.typed.append(notation)
        return notation


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_typed_in_notation(game: str) -> None:
    """Action notation: at each prompt the person types a listed move as the game writes it (a
    random one, not the first); it is played as that move, and the game ends with its result.
    Covers Octopus's Garden and the hidden-hand games (Tanuki in the Garden, Throw Octopus!)."""
    table = new_table(game, players_against_bots(game), seed=11)
    script = TypingNotation(game)
    session = Session(table, script)
    assert session.run() == EXIT_OK
    assert_ends_with_the_result(session.transcript, table)
    chosen = person_decisions(table)["chosen"]
    played = [table.game.format_action(table.actions[index]) for index in chosen]
    assert played == script.typed
    assert "Not played" not in session.transcript


def test_the_finished_game_is_autosaved_as_over() -> None:
    """Autosave at the end: the finished game's autosave holds the whole game (it loads, over),
    and Continue no longer offers it."""
    table = new_table("tanuki-in-the-garden", "You,bot:greedy", seed=4)
    play_piped(table, ["1"] * 500)
    files = list(saves.autosaves_dir().iterdir())
    assert len(files) == 1
    loaded = saves.load_table(files[0])
    assert loaded.state.is_over
    assert loaded.notation() == table.notation()
    assert saves.last_autosave() is None


def test_a_solo_game_of_throw_octopus_ends_with_the_solo_score() -> None:
    """Throw Octopus! for one player is scored, not won: the result line is "Game over. Solo:
    You scored N points." before the final score table; exit status 0."""
    table = new_table("throw-octopus", "You", seed=1)
    code, transcript = play_piped(table, ["1"] * 500)
    assert code == EXIT_OK
    assert table.state.is_over
    view = LocalSeatView(table, (), 0)
    total = view.scores().totals()[0]
    expected = [
        f"Game over. Solo: You scored {total} points.",
        "Final scores:",
        *final_lines(table),
    ]
    assert transcript.rstrip("\n").split("\n")[-len(expected) :] == expected
