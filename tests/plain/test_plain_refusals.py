"""What the person types that is not a legal move: one line saying why, and nothing changed.

Rules (gardens_tui/plain/game.py, "what the person types"): a number outside the list, a word
that is neither a command nor a move, and a move the rules refuse (buying a row you cannot
afford) are each answered with one line giving the reason; the table is left as it was (same
version, same position) and the next line is read as before. The commands (board, moves, log,
score, help, Enter alone) print and change nothing.
"""

from __future__ import annotations

from typing import Any

from plain_driving import Session, new_table, script_of

from gardens_tui.table import Table


def octopus() -> Table:
    """Octopus's Garden, seed 3: You (4 pearls) and a greedy bot. Row 3 costs 7 pearls; the
    first decision has 14 legal moves, the planting after "buy row 1" 72."""
    return new_table("octopus-garden", "You,bot:greedy", seed=3)


def position(table: Table) -> dict[str, Any]:
    return table.game.to_dict(table.state)


def refused(table: Table, line: str) -> tuple[str, Session]:
    """Type ``line`` at the first prompt, then end the input; the answer and the session. The
    table must be unchanged by the line."""
    before_version, before = table.version, position(table)
    session = Session(table, script_of(line, then=None))
    session.run()
    assert table.version == before_version
    assert position(table) == before
    assert table.actions == []
    return session.answer(0), session


def one_line(answer: str) -> str:
    assert answer.endswith("\n") and answer.count("\n") == 1, repr(answer)
    return answer.rstrip("\n")


def test_a_number_out_of_range_is_refused_with_the_range() -> None:
    """A move's number must be one of those listed: 99 (and 0) are refused, naming 1 to 14."""
    for typed in ("99", "0"):
        answer, _ = refused(octopus(), typed)
        assert one_line(answer) == f"There is no move {int(typed)}: the moves are numbered 1 to 14."


def test_a_word_that_is_neither_a_command_nor_a_move_is_refused() -> None:
    """An unknown word is read as notation and refused, saying it is not an action of the game
    and pointing to the numbers and help."""
    answer, _ = refused(octopus(), "flibber")
    line = one_line(answer)
    assert line.startswith("Not played: not an Octopus's Garden action: 'flibber'")
    assert line.endswith("Type a move's number, or help.")


def test_buying_a_row_you_cannot_afford_is_refused_naming_the_rule() -> None:
    """Rule "buying": a row costs its tiles' pearls; with 4 pearls row 3 (7 pearls) is refused,
    the line saying the cost, what you have and the rule."""
    answer, _ = refused(octopus(), "buy row 3")
    assert one_line(answer) == (
        "Not played: row 3 costs 7 pearls; you have 4 (rule: buying). "
        "Type a move's number, or help."
    )


def test_a_tile_not_in_your_hand_is_refused() -> None:
    """Throw Octopus!: only a tile in your hand may be played; the refusal names the tile."""
    table = new_table("throw-octopus", "You,bot:greedy,bot:greedy", seed=3)
    answer, _ = refused(table, "play t1 at 0,0 r0")
    assert one_line(answer) == "Not played: t1 is not in your hand. Type a move's number, or help."


def test_drawing_while_a_tile_fits_is_refused_naming_the_tile() -> None:
    """Throw Octopus!: you may draw only when no tile fits; the refusal names one that fits."""
    table = new_table("throw-octopus", "You,bot:greedy,bot:greedy", seed=3)
    answer, _ = refused(table, "draw")
    assert one_line(answer).startswith("Not played: you may draw only when no tile fits, and t")


def test_after_a_refusal_the_same_prompt_stands_and_the_next_move_plays() -> None:
    """A refusal does not reprint the position: the next line is read for the same decision,
    and "1" then plays the first listed move."""
    table = octopus()
    first = table.legal_actions()[0]
    session = Session(table, script_of("buy row 3", "99", "1", then=None))
    session.run()
    assert session.answer(0).count("\n") == 1
    assert session.answer(1).count("\n") == 1
    assert table.actions[0] == first
    assert "You bought row 1 for 3 pearls" in session.answer(2)


def test_commands_print_and_change_nothing() -> None:
    """board, moves, log, score, help, rules and Enter alone change nothing at the table;
    moves lists every legal move where the position lists 30 and says how many more."""
    table = octopus()
    lines = ("1", "board", "moves", "log", "log 2", "score", "help", "rules", "")
    session = Session(table, script_of(*lines, then=None))
    session.run()
    assert len(table.actions) == 1  # only the "1"
    answers = {line: session.answer(index) for index, line in enumerate(lines)}
    assert "Your moves (72):" in answers["1"]
    assert "... and 42 more: type moves to list them all, or moves and a word" in answers["1"]
    assert "  72. " in answers["moves"] and "more: type moves" not in answers["moves"]
    assert "Your moves (72):" in answers["board"]
    assert answers["log 2"].strip().split("\n")[-1] == answers["log"].strip().split("\n")[-1]
    assert "Provisional scores: the game is not over." in answers["score"]
    assert answers["help"].startswith("Type a move's number")
    assert "  save, or save NAME: save the game (to your saves folder)." in answers["help"]
    assert "  quit: stop here; the game is kept." in answers["help"]
    assert "Your moves (72):" in answers[""]  # Enter alone: the position and moves again


def test_a_superscript_digit_is_refused_with_one_line_not_a_traceback() -> None:
    """Typed input is data: a line of one superscript two is answered with one line (it is not
    a move number) and the game goes on, unchanged."""
    answer, _ = refused(octopus(), "²")
    assert one_line(answer).startswith(("There is no move", "Not played"))


def test_log_with_a_superscript_digit_prints_the_log_not_a_traceback() -> None:
    """``log N`` takes a whole number; anything else (here "log ²") prints the last steps as
    ``log`` alone does, and the game goes on."""
    table = octopus()
    session = Session(table, script_of("1", "log ²", then=None))
    session.run()
    assert "You bought row 1" in session.answer(1)
