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

Files are read and written through :mod:`gardens_tui.storage`: reads refuse anything that is not
a regular file; writes hold the folder's write lock, follow a symbolic link to its file, refuse
to replace a file that changed since it was read, and are atomic (a temporary file in the same
folder, fsync, ``os.replace``). Before a snapshot is written it is checked to read back to the
same position, so a damaged file never replaces a good one; an autosave never replaces progress
it does not contain (:func:`autosave`).

This module is pure Python (standard library and ``platformdirs``): it never imports the UI.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from gardens_tui import __version__
from gardens_tui.rules.safe_text import quoted
from gardens_tui.storage import (
    MAX_DEPTH,
    decode_json,
    digest_of,
    dumps,
    locked,
    make_folder,
    os_reason,
    parse_json,
    read_bytes,
    read_head,
    read_json_file,
    replace_file,
)
from gardens_tui.storage import FileChangedError as FileChangedError  # re-exported: this API
from gardens_tui.storage import FileVersion as FileVersion
from gardens_tui.storage import SaveError as SaveError

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

MAX_ACTIONS = 100_000
"""The most actions a save file may hold."""

MAX_ENVELOPE_TEXT = 64
"""The longest ``app_version`` or ``saved_at`` accepted."""

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
        raise SaveError(f"version: expected a whole number, got {quoted(version)}")
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


def _check_envelope(data: Any) -> tuple[dict[str, Any], Game[Any]]:
    """The migrated envelope and its game, after checking format, version and game id (and that
    ``app_version`` and ``saved_at`` are short lines of text that are safe to show)."""
    from gardens_tui.rules import fields as F
    from gardens_tui.rules.registry import get_game

    if not isinstance(data, dict):
        raise SaveError("not a gardens-tui save file (it holds no JSON object)")
    fmt = data.get("format")
    if fmt is None:
        raise SaveError('not a gardens-tui save file (it has no "format" field)')
    if fmt != FORMAT:
        raise SaveError(f"unknown format {quoted(fmt)} (a save file says {FORMAT!r})")
    data = _migrate(data)
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise SaveError(f"game: expected a game id, got {quoted(game_id)}")
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    for key in ("app_version", "saved_at"):
        if key in data:
            F.line(data[key], key, MAX_ENVELOPE_TEXT)
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
                value = quoted(expected[key])
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
    return f"{path}: replaying the actions gives {quoted(expected)}, the file has {quoted(actual)}"


def _replay(
    game: Game[Any], start: GameState, actions: list[str]
) -> tuple[list[GameState], list[Any]]:
    from gardens_tui.rules.base import IllegalAction

    states = [start]
    parsed: list[Any] = []
    for i, text in enumerate(actions):
        try:
            action = game.read_action(states[-1], text)
            states.append(game.apply(states[-1], action))
        except IllegalAction as exc:
            shown = quoted(text)
            raise SaveError(f"actions[{i}] {shown} cannot be replayed: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            # A game's parser should only raise IllegalAction; refuse rather than crash if not.
            shown = quoted(text)
            raise SaveError(
                f"actions[{i}] {shown} cannot be read ({type(exc).__name__}: {exc})"
            ) from None
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


def _encode(table: Table) -> bytes:
    """The snapshot as file bytes, checked to read back to the same position first."""
    data = snapshot(table)
    try:
        text = dumps(data)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the position cannot be saved: {exc}") from None
    game = table.game
    back = _read_state(game, parse_json(text)["state"], "state")
    if not game.states_equal(back, table.state):
        raise SaveError("the position does not read back the same: not saved")
    return text.encode("utf-8")


def is_our_file(path: Path) -> bool:
    """Whether ``path`` is a regular file holding a gardens-tui save: a JSON object whose
    ``format`` is ours, or a damaged save of ours (its first bytes still show the format, which
    this module writes first). Folders, pipes, devices and unreadable files are not."""
    head = read_head(path, 256)
    if head is None:
        return False
    if _starts_like_ours(head):
        return True
    try:
        return _is_envelope(read_json_file(path))
    except SaveError:
        return False


def _starts_like_ours(head: bytes) -> bool:
    """The first bytes of a file show the format this module writes first."""
    return _OURS.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


def _is_envelope(data: Any) -> bool:
    """``data`` is a JSON object whose ``format`` is ours."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def _check_replaceable(target: Path) -> None:
    """Refuse to replace a file that is not a gardens-tui save (an empty file may go; one that
    cannot be read is not known to be ours, so it stays)."""
    try:
        size = target.stat().st_size
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SaveError(f"cannot write: {os_reason(exc)}", target) from None
    if size > 0 and not is_our_file(target):
        raise SaveError("exists and is not a gardens-tui save; not overwritten", target)


def write_save(table: Table, path: Path | str, *, expect: str | None = None) -> FileVersion:
    """Write ``table`` to ``path`` atomically under the folder's write lock; return where it went
    (a symbolic link is followed to its file) and the digest of what was written.

    ``expect``: the digest of the file as it was read (:func:`read_save`); if somebody changed it
    since, nothing is written. Refuses (:class:`SaveError`) to overwrite a file that is not a
    gardens-tui save (so a typo never clobbers a document) or anything that is not a regular
    file, to write into a folder that does not exist, and to write a snapshot that would not read
    back the same. A failed save leaves any old file untouched.
    """
    data = _encode(table)
    with locked(path) as target:
        _check_replaceable(target)
        return replace_file(target, data, expect=expect)


def save_table(table: Table, path: Path | str, *, expect: str | None = None) -> Path:
    """:func:`write_save`, returning only the path written."""
    return write_save(table, path, expect=expect).path


def read_save(path: Path | str, *, free_undo: bool = False) -> tuple[Table, FileVersion]:
    """The table saved at ``path`` and the version of the file it came from (pass its digest as
    ``expect`` when writing the file back). Raises :class:`SaveError` (naming the file) for
    everything :func:`~gardens_tui.storage.read_bytes` and :func:`table_from_snapshot` refuse."""
    path = Path(path)
    raw = read_bytes(path)
    data = decode_json(raw, path)
    try:
        table = table_from_snapshot(data, free_undo=free_undo)
    except SaveError as exc:
        raise SaveError(exc.reason, path) from None
    return table, FileVersion(path, digest_of(raw))


def load_table(path: Path | str, *, free_undo: bool = False) -> Table:
    """The table saved at ``path`` (see :func:`read_save`)."""
    return read_save(path, free_undo=free_undo)[0]


# --------------------------------------------------------------------------------------------
# Autosaves
# --------------------------------------------------------------------------------------------


def autosave_path(table: Table) -> Path:
    """The usual autosave file of ``table``'s game: one per game, named after its setup and
    start.

    Every game the app starts has its own seed, so two games never share a file; the same game
    saved again overwrites its own autosave (see :func:`autosave` for when it may not).
    """
    key = json.dumps(_identity(table), sort_keys=True).encode()
    digest = hashlib.sha256(key).hexdigest()[:12]
    return autosaves_dir() / f"{table.setup.game}-{digest}.json"


def _identity(table: Table) -> dict[str, Any]:
    """What makes two tables the same game: its setup and its first position, as JSON."""
    return {
        "setup": _json_form(setup_to_dict(table.setup)),
        "start": _json_form(table.game.to_dict(table.states[0])),
    }


MAX_BRANCHES = 1000
"""The most autosave files one game may have (see :func:`autosave`)."""


def _autosave_paths(table: Table, previous: FileVersion | None) -> Iterator[Path]:
    if previous is not None:
        yield previous.path
    base = autosave_path(table)
    yield base
    for n in range(2, MAX_BRANCHES + 1):
        yield base.with_name(f"{base.stem}-{n}{base.suffix}")


def _may_replace_autosave(
    table: Table, identity: dict[str, Any], target: Path, previous: FileVersion | None
) -> bool:
    """Whether writing ``table`` (whose :func:`_identity` is ``identity``) over the autosave
    ``target`` loses nothing: there is no file, or it is exactly what this game last wrote
    there, or it holds an earlier point of this same game (its actions lead to ours)."""
    try:
        raw = read_bytes(target)
    except SaveError as exc:
        return exc.reason == "no such file"
    if previous is not None and previous.path == target and digest_of(raw) == previous.digest:
        return True
    try:
        data = decode_json(raw, target)
    except SaveError:
        return False
    if not _is_envelope(data) or data.get("setup") != identity["setup"]:
        return False
    start = data.get("start")
    if start is not None and start != identity["start"]:
        return False
    theirs = data.get("actions", [])
    ours = table.notation()
    return isinstance(theirs, list) and ours[: len(theirs)] == theirs


def autosave(table: Table, previous: FileVersion | None = None) -> FileVersion:
    """Autosave ``table`` and return where it went; ``previous`` is where this game was last
    autosaved, or the autosave it was opened from.

    Progress is never overwritten: the game's autosave file is replaced only when that loses
    nothing (it is ``previous`` unchanged, or an earlier point of this game, or absent).
    Otherwise (another window played on from the same autosave, or this game was opened from an
    older save and now branches off) the game gets a file of its own beside it,
    ``<game>-<id>-2.json`` and so on. The snapshot is checked before it replaces anything, so a
    damaged autosave never replaces a good one. Beyond :data:`MAX_AUTOSAVES` files the autosaves
    with the oldest stored times are removed.
    """
    data = _encode(table)
    folder = autosaves_dir()
    make_folder(folder)
    identity = _identity(table)
    for path in _autosave_paths(table, previous):
        with locked(path) as target:
            if _may_replace_autosave(table, identity, target, previous):
                written = replace_file(target, data)
                break
    else:
        raise SaveError(f"this game already has {MAX_BRANCHES} autosaves; not saved", folder)
    _prune_autosaves(keep=written.path)
    return written


def _regular_json_files(folder: Path) -> list[Path]:
    """The ``*.json`` regular files (not links, folders or hidden files) directly in
    ``folder``."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for entry in entries:
        if not entry.name.endswith(".json") or entry.name.startswith("."):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                found.append(Path(entry.path))
        except OSError:
            continue
    return found


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


_stored_times: dict[tuple[str, int, int, int, int], float | None] = {}
"""Cache of :func:`stored_time` by path, inode, size and modification and change times (the
change time cannot be set back, so a rewritten file is always read again)."""


def stored_time(path: Path) -> float | None:
    """When the gardens-tui save at ``path`` says it was saved (a POSIX timestamp), or ``None``
    when the file is not a readable save of ours or holds no valid ``saved_at``."""
    try:
        info = path.stat()
    except OSError:
        return None
    key = (str(path), info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    if key not in _stored_times:
        if len(_stored_times) > 4 * MAX_AUTOSAVES:
            _stored_times.clear()
        _stored_times[key] = _read_stored_time(path)
    return _stored_times[key]


_SAVED_AT = re.compile(rb'"saved_at"\s*:\s*"([^"\\]{1,64})"')


def _read_stored_time(path: Path) -> float | None:
    # This module writes "format" first and "saved_at" within the first few hundred bytes, so
    # the head of the file usually tells; a file written another way is read whole.
    head = read_head(path, 1024)
    if head is None:
        return None
    found = _SAVED_AT.search(head) if _starts_like_ours(head) else None
    if found:
        return _timestamp(found.group(1).decode("utf-8", "replace"))
    try:
        data = read_json_file(path)
    except SaveError:
        return None
    return _timestamp(data.get("saved_at")) if _is_envelope(data) else None


def _timestamp(saved_at: Any) -> float | None:
    if not isinstance(saved_at, str):
        return None
    try:
        moment = datetime.fromisoformat(saved_at)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _newest_first(paths: Iterable[Path]) -> list[Path]:
    """``paths`` by the time stored in each file, newest first; files without one last, by
    their modification time."""

    def key(path: Path) -> tuple[bool, float, float]:
        stored = stored_time(path)
        return (stored is not None, stored or 0.0, _mtime(path))

    return sorted(paths, key=key, reverse=True)


def _prune_autosaves(keep: Path) -> None:
    """Remove the gardens-tui autosaves beyond the newest :data:`MAX_AUTOSAVES` (by stored
    time). Anything else in the folder (damaged files, other files, folders) is left alone."""
    files = _regular_json_files(autosaves_dir())
    if len(files) <= MAX_AUTOSAVES:
        return
    ours = [path for path in files if stored_time(path) is not None]
    for old in _newest_first(ours)[MAX_AUTOSAVES:]:
        if old == keep:
            continue
        try:
            with locked(old) as target:
                if stored_time(target) is not None:
                    target.unlink(missing_ok=True)
        except (SaveError, OSError):
            continue  # another writer holds it or it went away: try again next time


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
    """Every ``*.json`` regular file in ``folder`` as a :class:`SaveInfo`, most recently written
    first.

    Without ``folder``: the saves folder and the autosave folder together. A missing folder
    lists nothing. Unreadable files are listed with their ``error``; temporary files of an
    interrupted write (hidden) and folders are not listed.
    """
    folders = [saves_dir(), autosaves_dir()] if folder is None else [Path(folder)]
    files = [path for f in folders for path in _regular_json_files(f)]
    files.sort(key=_mtime, reverse=True)
    return [save_info(path) for path in files]


def autosave_candidates() -> Iterator[Path]:
    """The autosaves "continue" may open, newest first by the time stored in each file (files
    without a readable one last, by modification time): every autosave except those of finished
    games. Damaged ones are included, so that "continue", which tries them in this order and
    opens the first that :func:`load_table` accepts, can name those it skips.

    Lazy: each file is checked only when it is reached (the stored times are cached), so asking
    whether there is any candidate costs one check, not one per autosave.
    """
    for path in _newest_first(_regular_json_files(autosaves_dir())):
        info = save_info(path)
        if not (info.ok and info.over):
            yield path


def last_autosave() -> Path | None:
    """The newest autosave of an unfinished game that looks loadable (it is not replayed:
    :func:`load_table` may still refuse it), or ``None``."""
    for path in autosave_candidates():
        if save_info(path).ok:
            return path
    return None
