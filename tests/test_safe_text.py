"""Text from outside: what a terminal may receive, what a name may be, how numbers are read.

Rules from issue 5 ("Hostile input never crashes, never reaches a terminal raw"): text we did not
write is shown with every control, escape, invisible or broken character escaped; a player's name
refuses those characters, is compared in NFC case-folded, and may be at most 40 terminal columns
wide (wide, combining and right-to-left letters allowed).
"""

from __future__ import annotations

import unicodedata

import pytest
from fuzz import ANY_CHARACTER, TERMINAL_CONTROLS, fuzz_settings, hostile_text
from hypothesis import given
from hypothesis import strategies as st

from gardens_tui.rules.safe_text import (
    MAX_NAME_CELLS,
    cell_width,
    check_line,
    check_name,
    is_unsafe,
    name_key,
    normalise_name,
    printable,
    whole_number,
)
from gardens_tui.table import Seat, check_seats, parse_players

RAW_CONTROLS = ("\x1b", "\x9b", "\x07", "\x08", "\x00", "\x7f", "\r", "\x85")


@fuzz_settings(300)
@given(text=hostile_text())
def test_printable_text_holds_nothing_a_terminal_acts_on(text: str) -> None:
    """Rule: text shown on a terminal is data: no control, escape, invisible or broken character
    survives (line feeds may), it encodes as UTF-8, and escaping it again changes nothing."""
    shown = printable(text)
    assert not any(is_unsafe(char) for char in shown if char != "\n")
    assert not any(control in shown for control in RAW_CONTROLS)
    shown.encode("utf-8")  # no lone surrogate left
    assert printable(shown) == shown
    assert "\n" not in printable(text, newlines=False)


@fuzz_settings(200)
@given(text=st.text(st.characters(categories=["L", "M", "N", "P", "S"]), max_size=30))
def test_printable_leaves_ordinary_text_alone(text: str) -> None:
    """Letters, marks, digits, punctuation and symbols of every script are shown as they are."""
    if not any(unicodedata.category(c) in ("Cn", "Co") for c in text):
        assert printable(text) == text


def test_printable_shows_an_escape_sequence_as_visible_characters() -> None:
    """``\\x1b[31m`` becomes the six characters ``\\x1b`` plus ``[31m``, as Python writes it."""
    assert printable("Ann\x1b[31m") == "Ann\\x1b[31m"
    assert printable("A\u202eB\udcff") == "A\\u202eB\\udcff"
    assert printable("a\nb") == "a\nb"
    assert printable("a\nb", newlines=False) == "a\\x0ab"


@pytest.mark.parametrize(
    "name",
    ["Ann", "[b]Ann[/b]", "[x=1=2]", "田中太郎", "שלום", "Zoë", "e\u0301", "👩‍🌾 Ann", "Ann Lee"],
)
def test_names_may_be_any_visible_text(name: str) -> None:
    """Rule: markup-like, wide, combining and right-to-left names are allowed (shown literally)."""
    if "\u200d" in name:  # a zero-width joiner is a format character: refused (see below)
        with pytest.raises(ValueError, match="invisible formatting"):
            check_name(name)
    else:
        assert check_name(name) == name


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("A\u200bnn", "invisible formatting character"),
        ("Ann\x1b[31m", "control character"),
        ("Ann\x9b", "control character"),
        ("Ann\x7f", "control character"),
        ("An\nn", "control character"),
        ("Ann\u202e", "invisible formatting character"),
        ("Ann\udcff", "lone surrogate"),
        ("Ann\u2028", "line break"),
        ("A\u00a0nn", "space other than the plain space"),
        ("\u0301", "at least one visible character"),
        ("   ", "at least one visible character"),
        ("x" * (MAX_NAME_CELLS + 1), "at most 40 columns"),
        ("田" * 21, "at most 40 columns"),
    ],
)
def test_names_refuse_invisible_control_and_overwide_text(name: str, why: str) -> None:
    """Rule: a name refuses control characters (C0, C1, DEL, escape sequences), lone surrogates,
    zero-width and other format characters, and anything wider than 40 terminal columns."""
    with pytest.raises(ValueError, match=why):
        check_name(name)


@fuzz_settings(300)
@given(prefix=st.text(max_size=5), bad=st.sampled_from(TERMINAL_CONTROLS))
def test_any_name_holding_a_control_or_invisible_character_is_refused(
    prefix: str, bad: str
) -> None:
    """The class, generated: wherever the character sits, the name is refused with a reason."""
    with pytest.raises(ValueError, match=r"is not allowed: character \d+ is"):
        check_name("Ann" + prefix + bad)


@fuzz_settings(200)
@given(text=st.text(ANY_CHARACTER, max_size=60))
def test_check_name_accepts_exactly_the_short_safe_names(text: str) -> None:
    """Whatever the text: ``check_name`` returns it or raises ``ValueError``, never anything
    else; an accepted name is safe to show, fits in 40 columns and shows something."""
    try:
        assert check_name(text) == text
    except ValueError:
        return
    assert printable(text) == text or any(unicodedata.category(c) == "Co" for c in text)
    assert 0 < cell_width(text.strip()) <= MAX_NAME_CELLS


def test_width_counts_terminal_columns_not_code_points() -> None:
    """Rule: the 40 limit is in cells: CJK counts two, combining accents none."""
    assert cell_width("Ann") == 3
    assert cell_width("田中") == 4
    assert cell_width("e\u0301") == 1
    check_name("e\u0301" * 40)  # 80 code points, 40 columns: allowed
    with pytest.raises(ValueError):
        check_name("田" * 21)


def test_plain_ascii_width_is_the_per_character_width() -> None:
    """The shortcut for printable ASCII (one column a character) gives what counting character
    by character gives, for every printable ASCII character; control characters still go
    through the per-character count."""
    printable_ascii = "".join(map(chr, range(0x20, 0x7F)))
    per_character = sum(cell_width(c + "\u0301") for c in printable_ascii)  # (not ASCII)
    assert cell_width(printable_ascii) == len(printable_ascii) == per_character
    assert cell_width("a\tb") == 3


def test_names_that_look_the_same_are_the_same_player() -> None:
    """Rule: names are compared in NFC, case-folded: a decomposed "Zoë" is "ZOË" is "zoë"."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    assert name_key(composed) == name_key(decomposed) == name_key("ZOË")
    with pytest.raises(ValueError, match="used twice"):
        check_seats([Seat(composed), Seat(decomposed)])
    with pytest.raises(ValueError, match="used twice"):
        parse_players(f"{composed},{decomposed.upper()}")


def test_typed_names_are_stored_in_nfc_without_surrounding_spaces() -> None:
    """``--players`` and the new-game dialog store the NFC form of what was typed."""
    assert normalise_name("  Zoe\u0308 ") == "Zo\u00eb"
    assert parse_players(" Zoe\u0308 ,Bob")[0].name == "Zo\u00eb"


def test_parse_players_refuses_a_hidden_or_control_name_with_the_seat() -> None:
    """``--players "Ann,A\\u200bnn"``: refused (today they would be two players who look alike)."""
    with pytest.raises(ValueError, match=r"seat 2: the name 'A\\u200bnn' is not allowed"):
        parse_players("Ann,A\u200bnn")


def test_check_line_refuses_control_characters_and_long_text() -> None:
    """Other text read from a file (log lines, versions, times, actions): one safe line."""
    assert check_line("Ann bought row 2", 50) == "Ann bought row 2"
    with pytest.raises(ValueError, match="control character"):
        check_line("Ann\x1b[2J", 50)
    with pytest.raises(ValueError, match="too long"):
        check_line("x" * 51, 50)


@pytest.mark.parametrize(
    ("word", "number"),
    [
        ("0", 0),
        ("3", 3),
        ("123456789", 123456789),
        ("²", None),
        ("٣", None),
        ("-1", None),
        ("9" * 5000, None),
        ("", None),
        ("3 ", None),
        ("1234567890", None),
    ],
)
def test_whole_numbers_in_actions_are_ascii_digits_only(word: str, number: int | None) -> None:
    """``str.isdigit`` accepts "²" (which ``int`` refuses) and ``int`` refuses 5,000 digits:
    notation reads numbers with :func:`whole_number` instead, which never raises."""
    assert whole_number(word) == number
