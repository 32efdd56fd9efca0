"""Save files: the JSON snapshot envelope, its validation and migration, and atomic writes.

One envelope serves every game::

    {"format": "gardens-tui/snapshot", "version": 1, "app_version": "0.1.0",
     "game": "octopus-garden", "saved_at": "2025-01-31T20:15:00+00:00",
     "setup": {"players": [{"name": "Ann", "bot": null}, ...], "options": {...}, "seed": 123},
     "actions": ["buy row 2", ...], "state": {...}}

Loading rules (:func:`table_from_snapshot`):

- ``actions`` absent: a position written by hand. ``state`` is the table's only state (nothing to
  undo). ``setup`` is optional then; without it every seat is a human named as in ``state``.
- ``actions`` present: they are replayed from ``setup`` (or from ``start``, below) and the file is
  refused when the stored ``state`` differs from the replay, naming the first differing path
  (``state.hands[1][0]``). ``state`` may be left out, and the replay is then the position.
- ``start`` (written by this module, optional): the position the actions start from, for games
  that began from a hand-written position rather than from ``setup``. Without it the actions start
  from the setup's new game.

Every refusal is a :class:`SaveError` whose message a person understands; nothing here crashes on
hostile input (deep nesting, huge numbers, NaN, duplicate keys, oversize or non-regular files) and
nothing changes a file while reading it.

Writes (:func:`save_table`, :func:`autosave`, and the settings module) go through
:func:`atomic_write_text`: a temporary file in the same folder, fsync, ``os.replace``. Before a
snapshot is written it is checked to read back to the same position, so a damaged file never
replaces a good one.

This module is pure Python (standard library and ``platformdirs``): it never imports the UI.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from gardens_tui import __version__

if TYPE_CHECKING:
    from gardens_tui.rules.base import Game, GameState
    from gardens_tui.table import Seat, Setup, Table

# The rules and the table are imported where they are used: importing any of gardens_tui.rules
# registers (so imports) every game's engine, which the app's main menu (it reads the settings
# and the autosave folder through this module) does not need to appear.

FORMAT = "gardens-tui/snapshot"
"""The ``format`` field of every save file."""

VERSION = 1
"""The envelope version this gardens-tui writes. Older files are migrated on load."""

MAX_BYTES = 5 * 1024 * 1024
"""The largest save file read (5 MB); a real game is a few dozen kilobytes."""

MAX_DEPTH = 64
"""The deepest JSON nesting accepted; real states nest a handful of levels."""

MAX_DIGITS = 40
"""The longest integer literal accepted (a 64-bit seed has 20 digits)."""

MAX_ACTIONS = 100_000
"""The most actions a save file may hold."""

MAX_AUTOSAVES = 50
"""Autosaves kept in the autosave folder; older ones are removed when a new one is written."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[v]`` turns an envelope of version ``v`` into version ``v + 1``.

Loading applies them one step at a time up to :data:`VERSION`. Version 1 is the first, so the
table is empty; the next format change adds ``MIGRATIONS[1]``. A migrated file is written back
only when it is next saved.
"""

# Written first by this module, so a truncated save of ours still shows it in its first bytes.
_OURS = re.compile(rb'^\s*\{\s*"format"\s*:\s*"gardens-tui/')


class SaveError(ValueError):
    """A file refused (or a save that could not be written), with a reason a person understands.

    ``reason`` says what is wrong; ``path`` is the file concerned, if any. ``str()`` gives both.
    """

    def __init__(self, reason: str, path: Path | str | None = None) -> None:
        self.reason = reason
        self.path = None if path is None else Path(path)
        super().__init__(reason if path is None else f"{path}: {reason}")


# --------------------------------------------------------------------------------------------
# Folders
# --------------------------------------------------------------------------------------------


def data_dir() -> Path:
    """The folder for autosaves, saves and settings.

    ``$GARDENS_TUI_HOME`` when set (tests and portable installs), else the platform's user data
    folder for ``gardens-tui``. It is not created here; writers create it when they need it.
    """
    home = os.environ.get("GARDENS_TUI_HOME")
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir("gardens-tui", appauthor=False))


def saves_dir() -> Path:
    """The folder the app offers for saves a player names: ``data_dir()/saves``."""
    return data_dir() / "saves"


def autosaves_dir() -> Path:
    """The folder of automatic saves: ``data_dir()/autosaves``."""
    return data_dir() / "autosaves"


# --------------------------------------------------------------------------------------------
# Reading and writing files
# --------------------------------------------------------------------------------------------


def atomic_write_text(path: Path, text: str, *, make_parents: bool = False) -> Path:
    """Write ``text`` (UTF-8) to ``path`` so that readers see the old file or the new one, never
    a mix: a temporary file in the same folder, flushed and fsynced, then ``os.replace``.

    An existing file keeps its permission bits. On any failure the temporary file is removed,
    the old file is untouched and :class:`SaveError` is raised. Returns ``path``.
    """
    path = Path(path)
    folder = path.parent
    if make_parents:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot create the folder: {_os_reason(exc)}", folder) from None
    if path.is_dir():
        raise SaveError("is a folder, not a file", path)
    if not folder.is_dir():
        raise SaveError("the folder does not exist", folder)
    temp = folder / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(text.encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
            if path.exists():
                os.chmod(temp, stat.S_IMODE(path.stat().st_mode))
            os.replace(temp, path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise SaveError(f"cannot write: {_os_reason(exc)}", path) from None
    _fsync_folder(folder)
    return path


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable. Not possible on every platform, hence best effort.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _os_reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


class _Refused(ValueError):
    """Raised from inside the JSON parser's hooks."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number with {len(text)} digits is too large")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:20]} is out of range")
    return value


def _parse_constant(text: str) -> Any:
    raise _Refused(f"{text} is not a number JSON allows")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Refused(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def parse_json(text: str) -> Any:
    """Parse untrusted JSON text, refusing what a save file never holds.

    Raises :class:`SaveError` for invalid JSON (with line and column), NaN and infinities,
    integers longer than :data:`MAX_DIGITS` digits, duplicate keys and nesting deeper than
    :data:`MAX_DEPTH`.
    """
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except _Refused as exc:
        raise SaveError(f"refused: {exc}") from None
    except RecursionError:
        raise SaveError(f"refused: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # int() refusing too many digits, and the like
        raise SaveError(f"refused: {exc}") from None
    _check_depth(data)
    return data


def _check_depth(data: Any) -> None:
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise SaveError(f"refused: nested more than {MAX_DEPTH} levels deep")
        stack.extend((child, depth + 1) for child in children)


def read_json_file(path: Path | str, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in the file at ``path``, read safely.

    Refuses (with :class:`SaveError` naming the file) a missing file, a folder, anything that is
    not a regular file, an unreadable file, one over ``max_bytes``, text that is not UTF-8 and
    everything :func:`parse_json` refuses. Never changes the file.
    """
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveError("no such file", path) from None
    except OSError as exc:
        raise SaveError(f"cannot read: {_os_reason(exc)}", path) from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError("is a folder, not a save file", path)
    if not stat.S_ISREG(info.st_mode):
        raise SaveError("is not a regular file", path)
    if info.st_size > max_bytes:
        raise SaveError(f"too large ({info.st_size} bytes; the limit is {max_bytes})", path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise SaveError(f"cannot read: {_os_reason(exc)}", path) from None
    if len(raw) > max_bytes:
        raise SaveError(f"too large (the limit is {max_bytes} bytes)", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError("not UTF-8 text, so not a save file", path) from None
    if not text.strip():
        raise SaveError("the file is empty", path)
    try:
        return parse_json(text)
    except SaveError as exc:
        raise SaveError(exc.reason, path) from None


def dumps(data: Any, width: int = 100) -> str:
    """``data`` as indented JSON that people can edit: objects and lists of containers one item
    per line; lists of plain values packed onto lines of at most ``width`` characters."""
    lines: list[str] = []
    _dump_into(lines, data, 0, "", width)
    return "\n".join(lines) + "\n"


def _flat(value: dict[str, Any] | list[Any]) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return not any(isinstance(item, dict | list) and item for item in items)


def _dump_into(lines: list[str], value: Any, indent: int, prefix: str, width: int) -> None:
    pad = " " * indent
    if isinstance(value, dict | list) and value and _flat(value):
        one_line = f"{pad}{prefix}{json.dumps(value, ensure_ascii=False)}"
        if len(one_line) <= width:
            lines.append(one_line)
            return
    if isinstance(value, dict) and value:
        lines.append(f"{pad}{prefix}{{")
        items = list(value.items())
        for i, (key, item) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            _dump_into(lines, item, indent + 2, json.dumps(key, ensure_ascii=False) + ": ", width)
            lines[-1] += comma
        lines.append(f"{pad}}}")
        return
    if isinstance(value, list) and value:
        if any(isinstance(item, dict | list) and item for item in value):
            lines.append(f"{pad}{prefix}[")
            for i, item in enumerate(value):
                _dump_into(lines, item, indent + 2, "", width)
                if i < len(value) - 1:
                    lines[-1] += ","
            lines.append(f"{pad}]")
            return
        parts = [json.dumps(item, ensure_ascii=False) for item in value]
        lines.append(f"{pad}{prefix}[")
        inner = " " * (indent + 2)
        row = ""
        for i, part in enumerate(parts):
            piece = part + ("," if i < len(parts) - 1 else "")
            if row and len(inner) + len(row) + 1 + len(piece) > width:
                lines.append(inner + row)
                row = piece
            else:
                row = f"{row} {piece}" if row else piece
        lines.append(inner + row)
        lines.append(f"{pad}]")
        return
    lines.append(f"{pad}{prefix}{json.dumps(value, ensure_ascii=False)}")


# --------------------------------------------------------------------------------------------
# Snapshot <-> table
# --------------------------------------------------------------------------------------------


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """The ``setup`` object of a save file: players (name and bot level), options with every
    default filled in, and seed."""
    from gardens_tui.rules.registry import get_game

    try:
        options = get_game(setup.game).spec.normalise_options(setup.options)
    except ValueError:
        options = dict(setup.options)
    return {
        "players": [seat.to_dict() for seat in setup.seats],
        "options": options,
        "seed": setup.seed,
    }


def _json_form(data: Any) -> Any:
    """``data`` exactly as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(data, allow_nan=False))


def starts_from_setup(table: Table) -> bool:
    """Whether ``table``'s first position is its setup's new game (not a hand-written one)."""
    try:
        fresh = table.setup.new_state()
    except ValueError:
        return False
    return table.game.states_equal(fresh, table.states[0])


def snapshot(table: Table) -> dict[str, Any]:
    """The save-file envelope for ``table`` (a JSON-safe dict, ``saved_at`` now, in UTC).

    The actions are stored when the table has any; ``start`` is added only when the table's first
    position is not the setup's new game (a game continued from a hand-written position). A
    table with no actions that did not start from its setup is stored as its state alone.
    """
    game = table.game
    setup = table.setup
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "game": setup.game,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "setup": setup_to_dict(setup),
    }
    from_setup = starts_from_setup(table)
    if table.actions or from_setup:
        if not from_setup:
            data["start"] = game.to_dict(table.states[0])
        data["actions"] = table.notation()
    data["state"] = game.to_dict(table.state)
    return data


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(f"version: expected a whole number, got {_short(version)}")
    if version > VERSION:
        raise SaveError(
            f"made by a newer gardens-tui (file version {version}; this gardens-tui reads up to "
            f"version {VERSION}): update gardens-tui to open it"
        )
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"version {version} is not a save-file version gardens-tui knows")
        try:
            data = step(dict(data))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # A migration meets the old file as it is: a damaged one must not crash it.
            raise SaveError(
                f"cannot upgrade this version {version} file ({type(exc).__name__}: {exc})"
            ) from None
        version += 1
        data["version"] = version
    return data


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_envelope(data: Any) -> tuple[dict[str, Any], Game[Any]]:
    """The migrated envelope and its game, after checking format, version and game id."""
    from gardens_tui.rules.registry import get_game

    if not isinstance(data, dict):
        raise SaveError("not a gardens-tui save file (it holds no JSON object)")
    fmt = data.get("format")
    if fmt is None:
        raise SaveError('not a gardens-tui save file (it has no "format" field)')
    if fmt != FORMAT:
        raise SaveError(f"unknown format {_short(fmt)} (a save file says {FORMAT!r})")
    data = _migrate(data)
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise SaveError(f"game: expected a game id, got {_short(game_id)}")
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    for key in ("app_version", "saved_at"):
        if key in data and not isinstance(data[key], str):
            raise SaveError(f"{key}: expected a string, got {_short(data[key])}")
    return data, game


def _read_seat(data: Any, path: str) -> Seat:
    from gardens_tui.rules import fields as F
    from gardens_tui.table import Seat

    d = F.obj(data, path, ("name",))
    bot = F.optional(d.get("bot"), f"{path}.bot", F.string)
    return Seat(F.string(d["name"], f"{path}.name"), bot)


def _read_setup(data: dict[str, Any], game: Game[Any]) -> Setup | None:
    from gardens_tui.rules import fields as F
    from gardens_tui.rules.rng import MAX_SEED
    from gardens_tui.table import Setup, check_seats

    if "setup" not in data:
        return None
    spec = game.spec
    d = F.obj(data["setup"], "setup", ("players",))
    seats = F.array(d["players"], "setup.players", _read_seat, max_length=spec.max_players)
    try:
        spec.check_player_count(len(seats))
        check_seats(seats)
    except ValueError as exc:
        raise F.fail("setup.players", str(exc)) from None
    given = F.obj(d.get("options", {}), "setup.options")
    try:
        options = spec.normalise_options(given)
    except ValueError as exc:
        raise F.fail("setup.options", str(exc)) from None
    seed = F.integer(d.get("seed", 0), "setup.seed", 0, MAX_SEED)
    return Setup(game.spec.id, tuple(seats), options, seed)


def _read_state(game: Game[Any], data: Any, where: str) -> GameState:
    """A full (not masked) position from serialised state; ``where`` prefixes error paths."""
    try:
        state: GameState = game.from_dict(data)
    except ValueError as exc:
        raise SaveError(_prefixed(where, str(exc))) from None
    except (TypeError, KeyError, IndexError, AttributeError) as exc:
        # A game's from_dict should only raise ValueError; refuse rather than crash if not.
        raise SaveError(f"{where}: not a valid position ({type(exc).__name__}: {exc})") from None
    if state.hidden:
        raise SaveError(
            f"{where}: this is one player's view with hidden parts masked, not a full position"
        )
    return state


def _prefixed(where: str, message: str) -> str:
    # from_dict names paths from "state"; a position stored under another key says so.
    if where == "state" or message.startswith(where):
        return message
    return f"{where}: {message}"


def first_difference(expected: Any, actual: Any, path: str) -> str | None:
    """The first path where two JSON values differ (``None`` if equal), with both values.

    Types are compared strictly (``true`` is not ``1``). Used to say where a stored state differs
    from the replay of its actions.
    """
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in expected:
            if key not in actual:
                value = _short(expected[key])
                return f"{path}.{key}: replaying the actions gives {value}, the file has nothing"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        for key in actual:
            if key not in expected:
                return f"{path}.{key}: not part of this game's state"
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return (
                f"{path}: replaying the actions gives {len(expected)} items, "
                f"the file has {len(actual)}"
            )
        return None
    if type(expected) is type(actual) and expected == actual:
        return None
    return f"{path}: replaying the actions gives {_short(expected)}, the file has {_short(actual)}"


def _replay(
    game: Game[Any], start: GameState, actions: list[str]
) -> tuple[list[GameState], list[Any]]:
    from gardens_tui.rules.base import IllegalAction

    states = [start]
    parsed: list[Any] = []
    for i, text in enumerate(actions):
        try:
            action = game.parse_action(states[-1], text)
            states.append(game.apply(states[-1], action))
        except IllegalAction as exc:
            raise SaveError(f"actions[{i}] {text!r} cannot be replayed: {exc}") from None
        parsed.append(action)
    return states, parsed


def table_from_snapshot(data: Any, *, free_undo: bool = False) -> Table:
    """The table a save-file envelope describes, after checking everything in it.

    Raises :class:`SaveError` for an unknown format, a newer version, an unknown game, wrong
    types, an impossible position (the game's ``from_dict`` refuses it), actions that cannot be
    replayed, and a stored state that differs from the replay (naming the first differing path).
    ``free_undo`` is passed to the table (it only takes effect when every seat is human).
    """
    from gardens_tui.rules import fields as F

    try:
        return _table_from_snapshot(data, free_undo)
    except F.FieldError as exc:
        raise SaveError(str(exc)) from None
    except RecursionError:
        raise SaveError(f"refused: nested more than {MAX_DEPTH} levels deep") from None


def _table_from_snapshot(data: Any, free_undo: bool) -> Table:
    from gardens_tui.rules import fields as F
    from gardens_tui.table import Table

    data, game = _check_envelope(data)
    setup = _read_setup(data, game)
    if "actions" not in data:
        if "state" not in data:
            raise SaveError('the file has neither "actions" nor "state": there is no position')
        state = _read_state(game, data["state"], "state")
        setup = _setup_for_position(game, setup, state)
        return Table(setup, [state], [], free_undo=free_undo)

    actions = F.array(data["actions"], "actions", F.string, max_length=MAX_ACTIONS)
    if "start" in data:
        start = _read_state(game, data["start"], "start")
        setup = _setup_for_position(game, setup, start)
    else:
        if setup is None:
            raise SaveError("setup: missing (the actions are replayed from it)")
        try:
            start = setup.new_state()
        except ValueError as exc:
            raise SaveError(f"setup: {exc}") from None
    states, parsed = _replay(game, start, actions)
    if "state" in data:
        replayed = _json_form(game.to_dict(states[-1]))
        difference = first_difference(replayed, data["state"], "state")
        if difference:
            raise SaveError(
                "the stored state is not what the actions lead to (the file was changed or "
                f"damaged): {difference}"
            )
    return Table(setup, states, parsed, free_undo=free_undo)


def _setup_for_position(game: Game[Any], setup: Setup | None, state: GameState) -> Setup:
    """The setup of a table that starts from ``state``: the stored one if it agrees with the
    position, else human seats named as in the position."""
    from gardens_tui.table import Seat, Setup

    options = dict(state.options)
    if setup is None:
        return Setup(game.spec.id, tuple(Seat(name) for name in state.players), options, 0)
    if setup.names != tuple(state.players):
        raise SaveError(
            f"setup.players: the names {list(setup.names)} differ from the position's "
            f"{list(state.players)}"
        )
    if dict(setup.options) != options:
        raise SaveError("setup.options: the options differ from the position's")
    return Setup(setup.game, setup.seats, options, setup.seed)


# --------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------


def _encode(table: Table) -> str:
    """The snapshot as file text, checked to read back to the same position first."""
    data = snapshot(table)
    try:
        text = dumps(data)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the position cannot be saved: {exc}") from None
    game = table.game
    back = _read_state(game, parse_json(text)["state"], "state")
    if not game.states_equal(back, table.state):
        raise SaveError("the position does not read back the same: not saved")
    return text


def is_our_file(path: Path) -> bool:
    """Whether ``path`` is a gardens-tui save: a JSON object whose ``format`` is ours, or a
    damaged save of ours (its first bytes still show the format, which this module writes first).
    """
    try:
        with Path(path).open("rb") as handle:
            head = handle.read(256)
    except OSError:
        return False
    if _OURS.match(head.removeprefix(b"\xef\xbb\xbf")):
        return True
    try:
        data = read_json_file(path)
    except SaveError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def save_table(table: Table, path: Path | str) -> Path:
    """Write ``table`` to ``path`` atomically and return the path.

    Refuses (:class:`SaveError`) to overwrite a file that is not a gardens-tui save (so a typo
    never clobbers a document), to write into a folder that does not exist, and to write a
    snapshot that would not read back the same. A failed save leaves any old file untouched.
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        nonempty = path.stat().st_size > 0
        if nonempty and not is_our_file(path):
            raise SaveError("exists and is not a gardens-tui save; not overwritten", path)
    return atomic_write_text(path, _encode(table))


def load_table(path: Path | str, *, free_undo: bool = False) -> Table:
    """The table saved at ``path``. Raises :class:`SaveError` (naming the file) for everything
    :func:`read_json_file` and :func:`table_from_snapshot` refuse."""
    data = read_json_file(path)
    try:
        return table_from_snapshot(data, free_undo=free_undo)
    except SaveError as exc:
        raise SaveError(exc.reason, path) from None


def autosave_path(table: Table) -> Path:
    """The autosave file of ``table``'s game: one per game, named after its setup and start.

    Every game the app starts has its own seed, so two games never share a file; the same game
    saved again overwrites its own autosave.
    """
    key = {
        "setup": setup_to_dict(table.setup),
        "start": _json_form(table.game.to_dict(table.states[0])),
    }
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]
    return autosaves_dir() / f"{table.setup.game}-{digest}.json"


def autosave(table: Table) -> Path:
    """Save ``table`` to its :func:`autosave_path` (creating the folder) and return the path.

    The snapshot is checked before it replaces the previous autosave, so a damaged autosave never
    replaces a good one. Beyond :data:`MAX_AUTOSAVES` files the oldest autosaves are removed.
    """
    path = atomic_write_text(autosave_path(table), _encode(table), make_parents=True)
    _prune_autosaves(keep=path)
    return path


def _json_files(folder: Path) -> list[Path]:
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted(found, key=_mtime, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _prune_autosaves(keep: Path) -> None:
    for old in _json_files(autosaves_dir())[MAX_AUTOSAVES:]:
        if old != keep:
            old.unlink(missing_ok=True)


# --------------------------------------------------------------------------------------------
# Listing
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """What a load dialog shows about one save file.

    When the file cannot be read, ``error`` says why and the other fields hold what could be
    found (possibly nothing: empty strings, 0 and false). Listing checks the envelope and the
    stored position but does not replay the actions; :func:`load_table` does.
    """

    path: Path
    game: str
    title: str
    players: tuple[str, ...]
    turn: int
    saved_at: str
    over: bool
    error: str | None = None

    @property
    def ok(self) -> bool:
        """The file looks loadable."""
        return self.error is None

    @property
    def is_autosave(self) -> bool:
        """The file lives in the autosave folder."""
        return self.path.parent == autosaves_dir()


def save_info(path: Path | str) -> SaveInfo:
    """The :class:`SaveInfo` of one file (never raises for a bad file: ``error`` says why)."""
    from gardens_tui.rules import fields as F

    path = Path(path)
    fallback_time = datetime.fromtimestamp(_mtime(path), UTC).isoformat(timespec="seconds")
    game_id, title = "", ""
    try:
        data, game = _check_envelope(read_json_file(path))
        game_id, title = game.spec.id, game.spec.title
        saved_at = data.get("saved_at") or fallback_time
        if "state" in data:
            state = _read_state(game, data["state"], "state")
        else:
            state = table_from_snapshot(data).state
    except (SaveError, F.FieldError) as exc:
        reason = exc.reason if isinstance(exc, SaveError) else str(exc)
        return SaveInfo(path, game_id, title, (), 0, fallback_time, False, reason)
    return SaveInfo(path, game_id, title, tuple(state.players), state.turn, saved_at, state.over)


def list_saves(folder: Path | str | None = None) -> list[SaveInfo]:
    """Every ``*.json`` file in ``folder`` as a :class:`SaveInfo`, most recently written first.

    Without ``folder``: the saves folder and the autosave folder together. A missing folder
    lists nothing. Unreadable files are listed with their ``error``.
    """
    folders = [saves_dir(), autosaves_dir()] if folder is None else [Path(folder)]
    files = [path for f in folders for path in _json_files(f)]
    files.sort(key=_mtime, reverse=True)
    return [save_info(path) for path in files]


def last_autosave() -> Path | None:
    """The most recent autosave of a game still in progress, for "continue last game".

    Finished games and unreadable files are skipped; ``None`` when there is none.
    """
    for path in _json_files(autosaves_dir()):
        info = save_info(path)
        if info.ok and not info.over:
            return path
    return None
