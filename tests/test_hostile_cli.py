"""The command line under hostile input: every refusal is exit 2 and one line on stderr, nothing
it prints can act on a terminal or fail to encode, and no file is changed by a refused command.

Rules from issue 5: text from a file or an argument is printed with unprintable characters
escaped; an undecodable byte or a lone surrogate is refused where it enters; a damaged action in a
save is refused with its path by ``check``, ``show``, ``score``, ``moves``, ``apply`` and ``open``;
the same action typed on the command line is refused the same way.
"""

from __future__ import annotations

import io
import json
import tempfile
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from fuzz import fuzz_settings, hostile_text
from hypothesis import given
from hypothesis import strategies as st

from gardens_tui import cli, saves
from gardens_tui.rules.safe_text import is_unsafe
from gardens_tui.table import Seat, Setup, Table

pytestmark = pytest.mark.usefixtures("toy_registered")


class StrictStream(io.TextIOWrapper):
    """A terminal that raises on any character it cannot encode, and that the program may not
    make tolerant: anything unencodable that reaches it is a test failure."""

    def reconfigure(self, **kwargs: Any) -> None:
        """Ignored: the stream stays strict."""

    def text(self) -> str:
        """Everything written so far."""
        self.flush()
        buffer = self.buffer
        assert isinstance(buffer, io.BytesIO)
        return buffer.getvalue().decode(self.encoding)


def run_strict(*argv: str | Path, encoding: str = "utf-8") -> tuple[int, str, str]:
    """Run ``gardens argv...`` with strict UTF-8 stdout and stderr; exit code, out, err."""
    out = StrictStream(io.BytesIO(), encoding=encoding, errors="strict")
    err = StrictStream(io.BytesIO(), encoding=encoding, errors="strict")
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return code, out.text(), err.text()


def assert_terminal_safe(text: str) -> None:
    """Nothing in ``text`` can act on a terminal: no control (but line feeds), no escape, no
    invisible or broken character."""
    bad = [char for char in text if char != "\n" and is_unsafe(char)]
    assert not bad, f"raw {bad[:3]!r} in output {text[:200]!r}"


def assert_one_line_refusal(code: int, out: str, err: str) -> None:
    """Exit 2, nothing on stdout, exactly one safe line on stderr."""
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("gardens: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert_terminal_safe(err)


@pytest.fixture
def workdir() -> Iterator[Path]:
    """A scratch folder that hypothesis examples may share (tmp_path is per test)."""
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def toy_file(folder: Path, name: str = "game.json", moves: int = 0) -> Path:
    """A toy game between Ann and Bob (seed 3) after ``moves`` first-legal decisions."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 3))
    for _ in range(moves):
        table.apply(table.legal_actions()[0])
    return saves.save_table(table, folder / name)


FUZZ = fuzz_settings(60)


# --------------------------------------------------------------------------------------------
# Arguments
# --------------------------------------------------------------------------------------------


@FUZZ
@given(text=hostile_text())
def test_any_typed_action_is_played_or_refused_in_one_line(workdir: Path, text: str) -> None:
    """``gardens apply FILE TEXT`` for any text: played (exit 0) or refused (exit 2, one line,
    the file unchanged); nothing printed can act on the terminal or fail to encode."""
    path = toy_file(workdir)
    before = path.read_bytes()
    code, out, err = run_strict("apply", path, text)
    if code == 0:
        assert_terminal_safe(out)
    else:
        assert_one_line_refusal(code, out, err)
        assert path.read_bytes() == before


@FUZZ
@given(names=st.lists(hostile_text(), min_size=2, max_size=2))
def test_any_player_list_makes_a_game_or_is_refused_in_one_line(
    workdir: Path, names: list[str]
) -> None:
    """``gardens new --players`` with any names: a game whose names show literally, or exit 2
    with one line and no file."""
    out_file = workdir / "new.json"
    out_file.unlink(missing_ok=True)
    code, out, err = run_strict("new", "toy", "--players", ",".join(names), "-o", out_file)
    if code == 0:
        assert_terminal_safe(out)
        table = saves.load_table(out_file)
        code, out, err = run_strict("show", out_file, "--json")
        assert code == 0 and json.loads(out)["players"][0]["name"] == table.seats[0].name
    else:
        assert_one_line_refusal(code, out, err)
        assert not out_file.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["apply", "{file}", "\udcff"],
        ["apply", "{file}", "play \x1b[2J5"],
        ["new", "toy", "--players", "Ann,B\udcffb", "-o", "{dir}/n.json"],
        ["new", "toy", "--players", "Ann,A\u200bnn", "-o", "{dir}/n.json"],
        ["new", "toy", "--players", "Ann,\x1b]0;owned\x07", "-o", "{dir}/n.json"],
        ["new", "toy\udcff", "--players", "Ann,Bob", "-o", "{dir}/n.json"],
        ["new", "toy", "--players", "Ann,Bob", "--option", "x\udcff=1", "-o", "{dir}/n.json"],
        ["show", "{file}", "--seat", "\udcff\x1b[31m"],
        ["show", "{file}", "--bogus\x1b[2J\udcff"],
        ["show", "{dir}/\udcff\x1b[31m.json"],
        ["simulate", "toy", "-n", "\x9b1"],
    ],
)
def test_undecodable_and_control_arguments_are_refused_in_one_safe_line(
    workdir: Path, argv: list[str]
) -> None:
    """An undecodable byte (a lone surrogate in ``sys.argv``), an escape sequence or an invisible
    character in any argument: exit 2, one escaped line, no UnicodeEncodeError, no file."""
    path = toy_file(workdir)
    before = path.read_bytes()
    args = [a.format(file=path, dir=workdir) for a in argv]
    code, out, err = run_strict(*args)
    assert_one_line_refusal(code, out, err)
    assert path.read_bytes() == before
    assert not (workdir / "n.json").exists()


def test_a_file_name_with_an_escape_sequence_is_printed_escaped(workdir: Path) -> None:
    """File names are text from outside: ``wrote g\\x1b[31m.json``, never a colour change."""
    target = workdir / "g\x1b[31m\u202e.json"
    code, out, err = run_strict("new", "toy", "--players", "Ann,Bob", "-o", target)
    assert code == 0, err
    assert "\\x1b[31m\\u202e.json" in out
    assert_terminal_safe(out)
    code, out, _ = run_strict("apply", target, "play 1", "--json")
    assert code in (0, 2)
    code, out, err = run_strict("check", target)
    assert code == 0 and "\\x1b[31m" in out
    assert_terminal_safe(out)


def test_json_output_escapes_c1_controls_and_invisible_characters() -> None:
    """``--json`` is still the same JSON value, but no character in it can act on a terminal."""
    value = {"name": "a\x9b31m\u202e\x7f\udcff\U000e0041", "plain": "Zoë 田中"}
    text = cli.json_text(value)
    assert_terminal_safe(text)
    assert json.loads(text) == value
    assert "Zoë 田中" in text


def test_output_never_fails_on_a_terminal_that_cannot_encode_it(workdir: Path) -> None:
    """A Latin-1 terminal and a name in Japanese: printed with escapes, not a traceback."""
    path = workdir / "jp.json"
    code, _, err = run_strict("new", "toy", "--players", "田中,Bob", "-o", path)
    assert code == 0, err
    out = io.TextIOWrapper(io.BytesIO(), encoding="latin-1", errors="strict")
    with redirect_stdout(out):
        code = cli.main(["show", str(path)])
    out.flush()
    assert code == 0
    buffer = out.buffer
    assert isinstance(buffer, io.BytesIO)
    assert b"\\u7530\\u4e2d" in buffer.getvalue()


def test_argparse_errors_are_one_escaped_line() -> None:
    """argparse echoes what it refuses; the echo is escaped and the usage left to ``--help``."""
    code, out, err = run_strict("show", "x.json", "--seat")
    assert_one_line_refusal(code, out, err)
    assert "see gardens show --help" in err
    code, out, err = run_strict("frobnicate\x1b[2J")
    assert_one_line_refusal(code, out, err)
    assert "\\x1b[2J" in err


# --------------------------------------------------------------------------------------------
# Damaged saves
# --------------------------------------------------------------------------------------------


def damaged_copy(source: Path, target: Path, index: int, text: Any) -> Path:
    """``source`` with ``actions[index]`` replaced by ``text`` (and no stored state, so only the
    action is wrong), written to ``target``."""
    data = json.loads(source.read_text())
    data["actions"][index] = text
    del data["state"]
    target.write_text(json.dumps(data))
    return target


@pytest.fixture
def played(workdir: Path) -> Path:
    """A toy game 6 decisions in."""
    return toy_file(workdir, "played.json", moves=6)


COMMANDS = (["check"], ["show"], ["score"], ["moves"], ["apply", "{}", "pass"], ["open"])


@FUZZ
@given(index=st.integers(0, 5), text=hostile_text(), command=st.sampled_from(COMMANDS))
def test_a_damaged_action_makes_every_command_say_which_one(
    workdir: Path,
    played: Path,
    monkeypatch: pytest.MonkeyPatch,
    index: int,
    text: str,
    command: list[str],
) -> None:
    """Rule: a save whose ``actions[i]`` is garbage (``treasure ²``, 5,000 digits, escapes) does
    not make ``check``, ``show``, ``score``, ``moves``, ``apply`` or ``open`` unusable: each says
    what is wrong with it (exit 2, one line naming ``actions[i]``) and the file is unchanged."""
    monkeypatch.setattr(cli.app_commands, "run_app", lambda *a, **k: 0)
    original = json.loads(played.read_text())["actions"][index]
    bad = damaged_copy(played, workdir / "bad.json", index, text)
    before = bad.read_bytes()
    argv = [part.replace("{}", str(bad)) for part in command]
    if argv == command:
        argv.append(str(bad))
    else:
        argv = [argv[0], str(bad), *argv[2:]]
    code, out, err = run_strict(*argv)
    if text.strip().lower() == original.lower() and code == 0:
        return  # the "damage" spelled the same action
    assert_one_line_refusal(code, out, err)
    assert f"actions[{index}]" in err
    assert bad.read_bytes() == before


@pytest.mark.parametrize("text", ["play ²", "play " + "9" * 5000, "play 4\x1b[2J", 17, None])
def test_the_damaged_actions_of_the_report_are_refused_with_their_path(
    workdir: Path, played: Path, text: Any
) -> None:
    """The samples that crashed (``treasure ²``'s kind, a 5,000-digit number) and non-text."""
    bad = damaged_copy(played, workdir / "bad.json", 4, text)
    code, out, err = run_strict("check", bad)
    assert_one_line_refusal(code, out, err)
    assert "actions[4]" in err


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (("setup", "players", 0, "name"), "Ann\x1b[31m"),
        (("setup", "players", 0, "name"), "A\u200bnn"),
        (("setup", "players", 1, "name"), "ann"),
        (("state", "players", 0), "Ann\u202e"),
        (("state", "events", 0), "Ann won\x1b]0;owned\x07"),
        (("saved_at",), "2026\x1b[2J"),
        (("app_version",), "0.1\x9b"),
        (("saved_at",), "x" * 65),
    ],
)
def test_every_text_field_of_a_save_is_checked_when_loaded(
    workdir: Path, field: tuple[Any, ...], value: str
) -> None:
    """Rule: names, log lines, the save time and the app version in a file obey the same rules
    as typed text: refused with the path of the field, never shown raw."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 3))
    table.apply(table.legal_actions()[0])
    data = saves.snapshot(table)
    del data["actions"]  # a hand-written position: the state is shown as it is
    data.pop("setup")
    if field[0] == "setup":
        data["setup"] = saves.setup_to_dict(table.setup)
    node: Any = data
    for key in field[:-1]:
        node = node[key]
    node[field[-1]] = value
    path = workdir / "field.json"
    path.write_text(json.dumps(data))
    for command in ("check", "show", "score"):
        code, out, err = run_strict(command, path)
        assert_one_line_refusal(code, out, err)
