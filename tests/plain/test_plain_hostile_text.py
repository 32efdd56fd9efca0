"""Hostile text never reaches the terminal raw in the plain mode (gardens_tui/plain/console.py).

Rules: a typed line is cleaned where it enters (``clean_line``: UTF-8 with bad bytes replaced,
control and invisible characters dropped, tabs as spaces, cut to ``MAX_LINE``); everything
written goes through ``printable``, so a file name or a line that still holds a control
character is shown escaped (``\\x1b``); player names refuse control characters outright; and
``--colour`` adds only the SGR codes of ``STYLES`` (and ``RESET``) around whole lines.
"""

from __future__ import annotations

import io
import re

import pytest
from plain_driving import Session, new_table, play_piped, players_against_bots, script_of

from gardens_tui import cli, saves
from gardens_tui.plain.console import MAX_LINE, RESET, STYLES, Console, clean_line
from gardens_tui.table import parse_players

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters a terminal might act on (C0 but tab and newline, DEL, C1, bidi and zero-width)."""


def assert_inert(transcript: str) -> None:
    found = CONTROL.findall(transcript)
    assert found == [], f"raw control characters reached stdout: {found[:5]!r}"


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (b"1\x1b[2J\x07\r\n", "1[2J"),  # ESC and BEL dropped, CR LF removed
        (b"\xc2\x9b31m\n", "31m"),  # C1 CSI (U+009B) dropped
        (b"\x9b31m\n", "\ufffd31m"),  # not UTF-8: replaced, never passed on as a byte
        (b"a\tb\n", "a b"),  # tab as a space
        (b"\xe2\x80\xaeevil\n", "evil"),  # right-to-left override dropped
        (b"  buy row 1 \n", "buy row 1"),
    ],
)
def test_clean_line_drops_control_bytes_from_typed_input(raw: bytes, clean: str) -> None:
    """Typed input: control and invisible characters are dropped where the line enters."""
    assert clean_line(raw) == clean


def test_clean_line_cuts_a_long_line() -> None:
    """A typed line is at most MAX_LINE characters."""
    assert clean_line(b"x" * (MAX_LINE * 3) + b"\n") == "x" * MAX_LINE


def test_escape_sequences_piped_in_never_come_back_out_raw() -> None:
    """Through a pipe: lines holding escape sequences (a clear screen, a title change, a C1
    CSI, a bidi override) are refused as moves, and nothing of them is written raw."""
    table = new_table("octopus-garden", "You,bot:greedy", seed=3)
    hostile = (
        b"\x1b[2J\x1b[H\n\x1b]0;pwned\x07\n\xc2\x9b31mred\n\xe2\x80\xaebuy row 1\n"
        b"save \x1b[31mred\n1\nquit\n"
    )
    code, transcript = play_piped(table, hostile)
    assert code == 0
    assert_inert(transcript)
    assert "Not played: not an Octopus's Garden action: '[2J[H'" in transcript
    assert len(table.actions) == 2  # the bidi-stripped "buy row 1", then "1"
    assert saves.load_table(saves.saves_dir() / "[31mred.json").actions == table.actions[:1]


def test_a_line_that_reaches_the_loop_with_control_characters_is_echoed_escaped() -> None:
    """A line handed to the loop without cleaning (a server's session, a future front end) is
    refused naming the control character by its code point, never echoed raw."""
    table = new_table("octopus-garden", "You,bot:greedy", seed=3)
    lines = ("\x1b]0;pwned\x07", "save a\x1b[2J", "buy row \x1b[31m3")
    session = Session(table, script_of(*lines, then=None))
    session.run()
    assert_inert(session.transcript)
    assert session.answer(0) == (
        "Not played: not an action: character 1 is a control character (U+001B), which is "
        "never part of this text. Type a move's number, or help.\n"
    )
    assert session.answer(1).startswith("Not saved: The name cannot hold control or invisible")
    assert "(U+001B)" in session.answer(2)
    assert table.actions == []


def test_player_names_refuse_control_characters() -> None:
    """Player names: no control, formatting or line-break character, so no name can carry an
    escape sequence into the plain mode (``gardens play --players`` exits 2)."""
    for name in ("Ann\x1b[2J", "Ann\u202e", "Ann\nBob", "\x9b31m"):
        with pytest.raises(ValueError, match="not allowed"):
            parse_players(f"{name},bot:greedy")
    assert (
        cli.main(["play", "octopus-garden", "--plain", "--players", "Ann\x1b[2J,bot:greedy"]) == 2
    )


def test_a_save_whose_file_name_holds_an_escape_sequence_is_named_escaped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """File names are data: a game opened from ``evil\\x1b[2J.json`` and saved back prints the
    path with the escape written out, never the raw sequence."""
    table = new_table("octopus-garden", "You,bot:greedy", seed=3)
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    path = folder / "evil\x1b[2J\x07.json"
    saves.write_save(table, path)
    again, source = saves.read_save(path)
    session = Session(again, script_of("1", "save", then=None), source=source)
    session.run(new=False)
    assert_inert(session.transcript)
    assert session.answer(1) == f"Saved to {folder}/evil\\x1b[2J\\x07.json.\n"
    assert saves.load_table(path).notation() == ["buy row 1"]


def test_a_save_with_a_hostile_name_inside_is_refused_with_the_name_escaped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A save file whose content holds a player name with an escape sequence is refused by
    ``gardens open --plain`` (exit 2), the reason on stderr with the name escaped."""
    table = new_table("octopus-garden", "Ann,bot:greedy", seed=3)
    path = saves.saves_dir() / "names.json"
    path.parent.mkdir(parents=True)
    saves.write_save(table, path)
    text = path.read_text(encoding="utf-8").replace('"Ann"', '"Ann\\u001b[2J"')
    path.write_text(text, encoding="utf-8")
    assert cli.main(["open", str(path), "--plain"]) == 2
    captured = capsys.readouterr()
    assert_inert(captured.out + captured.err)
    assert "\\x1b[2J" in captured.err


@pytest.mark.parametrize("game", ["octopus-garden", "throw-octopus"])
def test_colour_adds_only_the_styles_sgr_codes_around_whole_lines(game: str) -> None:
    """``--colour``: the only escape sequences written are the STYLES' SGR codes and RESET,
    each styled line wrapped whole; without --colour there is no escape at all."""
    lines = ["99", *["1"] * 2000]
    _, plain = play_piped(new_table(game, players_against_bots(game), seed=4), lines)
    assert "\x1b" not in plain
    table = new_table(game, players_against_bots(game), seed=4)
    _, coloured = play_piped(table, lines, colour=True)
    wrapped = re.compile(
        "^(?:"
        + "|".join(re.escape(code) for code in STYLES.values())
        + ")[^\x1b]*"
        + re.escape(RESET)
        + "$"
    )
    styled = [line for line in coloured.split("\n") if "\x1b" in line]
    assert styled
    assert [line for line in styled if not wrapped.match(line)] == []
    used = {code for code in STYLES.values() if code in coloured}
    assert {STYLES["heading"], STYLES["turn"], STYLES["error"]} <= used
    stripped = coloured
    for code in (*STYLES.values(), RESET):
        stripped = stripped.replace(code, "")
    assert stripped == plain  # the same game, the same words: colour adds nothing else


def test_the_console_escapes_every_line_it_writes() -> None:
    """Console.say: a text holding control characters is written with them escaped (line feeds
    kept), with or without colour; colour wraps each line whole."""
    out = io.StringIO()
    Console(out).say("Ann\x1b[2J\nBob\x07\u202e")
    assert out.getvalue() == "Ann\\x1b[2J\nBob\\x07\\u202e\n"
    out = io.StringIO()
    Console(out, colour=True).say("Ann\x1b[2J\nBob", "error")
    red = STYLES["error"]
    assert out.getvalue() == f"{red}Ann\\x1b[2J{RESET}\n{red}Bob{RESET}\n"
    out = io.StringIO()
    Console(out, colour=True).say("plain", "no such style")
    assert out.getvalue() == "plain\n"
