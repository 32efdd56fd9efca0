"""Undo, save, quit and continue in the plain mode (gardens_tui/plain/local.py).

Rules: ``undo`` takes back the person's last decision where the table allows it and otherwise
says why (a bot decided since, the turn has passed on); ``save NAME`` writes
``<saves folder>/NAME.json`` that loads as the same game, refuses a name holding "/", and
replaces another save only after a "yes"; ``quit`` (and the end of input) autosaves and says
where; ``gardens continue --plain`` (and ``run_local`` on the autosave read back) goes on from
the same position, in the same autosave file.
"""

from __future__ import annotations

import io
import sys

import pytest
from plain_driving import (
    Session,
    assert_ends_with_the_result,
    new_table,
    play_piped,
    script_of,
    typing_first_moves,
    until,
)

from gardens_tui import cli, saves
from gardens_tui.plain.local import EXIT_OK, EXIT_STOPPED
from gardens_tui.table import Table


def octopus() -> Table:
    """Octopus's Garden, seed 3: "1" buys row 1 (no draw), the next "1" plants an anemone."""
    return new_table("octopus-garden", "You,bot:greedy", seed=3)


# --- undo ---------------------------------------------------------------------------------------


def test_undo_takes_back_the_last_decisions_of_the_turn_one_at_a_time() -> None:
    """Undo: back through your own decisions of the current turn (plant, then the purchase),
    each saying so and showing the position again; then "nothing to undo yet"."""
    table = octopus()
    session = Session(table, script_of("1", "1", "undo", "undo", "undo", then=None))
    session.run()
    assert session.answer(2).startswith("Your last decision was taken back.\n\n")
    assert "Your moves (" in session.answer(2)  # the position and moves again
    assert session.answer(3).startswith("Your last decision was taken back.\n")
    assert session.answer(4) == "Nothing was taken back: nothing to undo yet.\n"
    assert table.actions == []
    assert [exchange.version for exchange in session.typed] == [0, 1, 2, 3, 4, 4]


def test_undo_is_refused_once_a_bot_has_decided_since() -> None:
    """Undo stops at a bot's decision: at the person's next turn "undo" says why and changes
    nothing."""
    table = octopus()

    def next_turn(session: Session) -> bool:
        return session.table.state.turn > 1

    session = Session(table, until(next_turn, script_of("undo", then=None), typing_first_moves))
    session.run()
    undo = next(i for i, exchange in enumerate(session.typed) if exchange.text == "undo")
    assert session.answer(undo) == "Nothing was taken back: a bot's decision cannot be undone.\n"
    assert session.typed[undo + 1].version == session.typed[undo].version


def test_undo_is_refused_when_your_turn_has_passed_on() -> None:
    """Undo ends with the turn: in Throw Octopus! a completed creature gives a bonus turn, and
    the decisions of the turn before it are final; "undo" says so and changes nothing."""
    table = new_table("throw-octopus", "You,bot:greedy,bot:greedy", seed=1)
    reason = "your turn has passed on: its decisions are final"

    def passed_on(session: Session) -> bool:
        return session.deciding() and session.view.undo_refusal() == reason

    session = Session(table, until(passed_on, script_of("undo", then=None), typing_first_moves))
    session.run()
    assert session.typed[-2].text == "undo"
    assert session.answer(len(session.typed) - 2) == f"Nothing was taken back: {reason}.\n"
    assert session.typed[-1].version == session.typed[-2].version


# --- save NAME ------------------------------------------------------------------------------------


def test_save_name_writes_the_saves_folder_and_the_file_loads_as_the_same_game() -> None:
    """``save NAME``: ``<saves folder>/NAME.json``, which ``load_table`` reads as this game."""
    table = octopus()
    session = Session(table, script_of("1", "1", "save my game", then=None))
    session.run()
    path = saves.saves_dir() / "my game.json"
    assert session.answer(2) == f"Saved to {path}.\n"
    loaded = saves.load_table(path)
    assert loaded.notation() == table.notation()
    assert loaded.game.to_dict(loaded.state) == table.game.to_dict(table.state)


@pytest.mark.parametrize("name", ["a/b", "../escape", "x\\y"])
def test_a_save_name_holding_a_separator_is_refused_and_nothing_is_written(name: str) -> None:
    """Save names: no / \\ : * ? " < > | (a name is a file in the saves folder, never a path)."""
    session = Session(octopus(), script_of(f"save {name}", then=None))
    session.run()
    answer = session.answer(0)
    assert answer.startswith('Not saved: The name cannot hold any of / \\ : * ? " < > |')
    assert answer.count("\n") == 1
    folder = saves.saves_dir()
    assert not folder.exists() or list(folder.iterdir()) == []


def another_save(name: str) -> bytes:
    """``<saves folder>/NAME.json`` holding another game (The Gardens); its bytes."""
    path = saves.saves_dir() / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    saves.write_save(new_table("the-gardens", "Ann,Bob", seed=1), path)
    return path.read_bytes()


def test_another_save_is_replaced_only_after_yes() -> None:
    """Another save of that name is kept unless the person answers "yes" to the question."""
    another_save("mine")
    table = octopus()
    lines = ("1", "save mine", "no", "save mine", "yes")
    session = Session(table, script_of(*lines, then=None))
    path = saves.saves_dir() / "mine.json"
    session.run()
    question = "A save named 'mine' exists. Replace it? (yes/no)\n"
    assert session.answer(1) == question
    assert session.answer(2) == "Not saved: the other save is kept.\n"
    assert session.answer(3) == question
    assert session.answer(4) == f"Saved to {path}.\n"
    assert saves.load_table(path).notation() == table.notation() != []


def test_anything_but_yes_leaves_the_other_save_byte_for_byte() -> None:
    """ "nope" (anything but y or yes), and the end of input at the question, keep the other
    save exactly as it was."""
    before = another_save("mine")
    session = Session(octopus(), script_of("1", "save mine", "nope", "save mine", then=None))
    session.run()
    assert session.answer(2) == "Not saved: the other save is kept.\n"
    assert session.answer(3).startswith("A save named 'mine' exists.")
    assert session.answer(4).startswith("Not saved: the other save is kept.\nThe game is saved in")
    assert (saves.saves_dir() / "mine.json").read_bytes() == before


def test_the_games_own_save_is_written_again_without_a_question() -> None:
    """After ``save mine`` the file is this game's own: ``save mine`` again writes it at once."""
    table = octopus()
    session = Session(table, script_of("save mine", "1", "save mine", then=None))
    session.run()
    path = saves.saves_dir() / "mine.json"
    assert session.answer(2) == f"Saved to {path}.\n"
    assert saves.load_table(path).notation() == table.notation() != []


def test_save_alone_writes_back_to_the_file_the_game_was_opened_from() -> None:
    """``gardens open FILE --plain`` then ``save``: FILE is written again, no question asked."""
    table = octopus()
    path = saves.saves_dir() / "opened.json"
    path.parent.mkdir(parents=True)
    saves.write_save(table, path)
    reopened, source = saves.read_save(path)
    session = Session(reopened, script_of("1", "save", then=None), source=source)
    session.run(new=False)
    assert session.answer(1) == f"Saved to {path}.\n"
    assert saves.load_table(path).notation() == reopened.notation() != []


# --- quit, continue -------------------------------------------------------------------------------


def test_quit_autosaves_and_says_where_and_how_to_go_on() -> None:
    """``quit``: the game is autosaved (in the autosaves folder, loadable, same position); the
    lines say where and name ``gardens continue --plain``; exit status 0."""
    table = octopus()
    code, transcript = play_piped(table, ["1", "1", "quit", "1", "1"])
    assert code == EXIT_OK
    assert len(table.actions) == 2  # nothing after quit is read
    path = saves.last_autosave()
    assert path is not None and path.parent == saves.autosaves_dir()
    assert transcript.endswith(
        f"The game is saved in {path}.\n"
        "gardens continue --plain goes on with it here; gardens continue, in the app.\n"
    )
    assert saves.load_table(path).notation() == table.notation()


def test_the_end_of_input_autosaves_too_and_exits_1() -> None:
    """Input ended before the game: autosaved as for quit; the exit status is 1."""
    table = octopus()
    code, transcript = play_piped(table, ["1"])
    assert code == EXIT_STOPPED
    path = saves.last_autosave()
    assert path is not None
    assert f"The game is saved in {path}." in transcript
    assert saves.load_table(path).notation() == table.notation()


def test_run_local_on_the_autosave_goes_on_from_the_same_position_in_the_same_file() -> None:
    """Continue: the autosave read back starts at the quitted position ("Continuing a game
    of"), plays on to the end, and keeps autosaving into the same file."""
    table = octopus()
    play_piped(table, ["1", "1", "quit"])
    path = saves.last_autosave()
    assert path is not None
    again, source = saves.read_save(path)
    assert again.game.to_dict(again.state) == table.game.to_dict(table.state)
    code, transcript = play_piped(again, ["1"] * 2000, source=source)
    assert code == EXIT_OK
    assert transcript.startswith("Continuing a game of Octopus's Garden: You, Greedy bot 2")
    assert again.notation()[:2] == table.notation()
    assert_ends_with_the_result(transcript, again)
    assert list(saves.autosaves_dir().iterdir()) == [path]
    assert saves.load_table(path).notation() == again.notation()


def test_gardens_continue_plain_goes_on_from_the_autosave(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens continue --plain`` opens the newest unfinished autosave in the plain mode at
    its position: the first prompt is the quitted game's, and a move played there continues
    that game."""
    table = octopus()
    play_piped(table, ["1", "1", "quit"])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\nquit\n")))
    code = cli.main(["continue", "--plain"])
    out = capsys.readouterr().out
    assert code == EXIT_OK
    assert out.startswith("Continuing a game of Octopus's Garden: You, Greedy bot 2")
    assert "You planted an anemone at a1" not in out  # the news before quitting is not repeated
    path = saves.last_autosave()
    assert path is not None
    continued = saves.load_table(path).notation()
    assert continued[:2] == table.notation() and len(continued) == 3


def test_gardens_continue_plain_without_an_autosave_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nothing to continue: exit 2 and the reason on stderr."""
    assert cli.main(["continue", "--plain"]) == 2
    assert "there is no game to continue (no game was autosaved yet)" in capsys.readouterr().err


def test_save_alone_names_a_new_game_and_then_keeps_writing_that_file() -> None:
    """``save`` with no name, in a new game: a new file named after the game, the seats and the
    turn; the next ``save`` writes the same file again."""
    table = octopus()
    session = Session(table, script_of("save", "1", "save", then=None))
    session.run()
    path = saves.saves_dir() / "octopus-garden You v Greedy bot 2, turn 1.json"
    assert session.answer(0) == f"Saved to {path}.\n"
    assert session.answer(2) == f"Saved to {path}.\n"
    assert saves.load_table(path).notation() == ["buy row 1"]


def test_a_file_changed_by_another_program_is_left_alone_and_the_game_goes_to_a_new_file() -> None:
    """The game's own file changed since it was read (another program wrote it): ``save``
    leaves it as it is and writes a new file, naming both."""
    table = octopus()
    path = saves.saves_dir() / "mine.json"
    path.parent.mkdir(parents=True)
    saves.write_save(table, path)
    reopened, source = saves.read_save(path)
    meanwhile = another_save("mine")

    session = Session(reopened, script_of("1", "save", then=None), source=source)
    session.run(new=False)
    instead = saves.saves_dir() / "octopus-garden You v Greedy bot 2, turn 1.json"
    assert session.answer(1) == (
        f"{path} was changed by another program since this game read it, so it was left as it "
        f"is. Saved to {instead} instead.\n"
    )
    assert path.read_bytes() == meanwhile
    assert saves.load_table(instead).notation() == ["buy row 1"]


@pytest.mark.parametrize("content", ['{"a": 1}', "hello", "[1, 2, 3]"])
def test_a_file_that_is_not_a_gardens_save_is_never_replaced(content: str) -> None:
    """``save NAME`` over a file that is not a gardens-tui save: refused at once (no question),
    the file untouched."""
    path = saves.saves_dir() / "notes.json"
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    session = Session(octopus(), script_of("save notes", then=None))
    session.run()
    assert session.answer(0) == (
        f"Not saved: {path}: exists and is not a gardens-tui save; not overwritten\n"
    )
    assert path.read_text(encoding="utf-8") == content


def test_a_failing_autosave_is_said_and_the_game_goes_on() -> None:
    """Autosave into a folder that cannot be made (a file is in the way): each failure is one
    line, the game goes on, and quit says the game could not be saved."""
    folder = saves.autosaves_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("in the way", encoding="utf-8")
    table = new_table("tanuki-in-the-garden", "You,bot:greedy", seed=3)
    session = Session(table, script_of("1", "1", "1", "quit", then=None))
    assert session.run() == EXIT_OK
    assert len(table.actions) > 3
    failures = [line for line in session.transcript.split("\n") if "autosave failed" in line]
    assert failures and all(line.startswith("The autosave failed: ") for line in failures)
    assert session.transcript.endswith("The game could not be saved.\n")
