"""The snapshot envelope: its fields, its versions and migrations, and reading its parts.

::

    {"format": "gardens-tui/snapshot", "version": 1, "app_version": "0.1.0",
     "game": "octopus-garden", "rules_version": 1, "saved_at": "2025-01-31T20:15:00+00:00",
     "setup": {"players": [{"name": "Ann", "bot": null}, ...], "options": {...}, "seed": 123},
     "actions": ["buy row 2", ...], "state": {...}}

Two versions, migrated separately, one step at a time:

- ``version`` is the envelope's (the fields above): :data:`VERSION`, stepped by
  :data:`MIGRATIONS`.
- ``rules_version`` is the game's (its state, options and notation):
  :attr:`GameSpec.rules_version <gardens_tui.rules.base.GameSpec.rules_version>`, stepped by the
  game's own migrations (``gardens_tui/rules/<pkg>/migrations.py``, see
  :mod:`gardens_tui.rules.registry`). A file without it is rules version 1.

A file newer than this gardens-tui knows, in either version, is refused with the reason; a
migrated file is only written in the new versions when it is next saved.

Pure Python. The rules and the table are imported where they are used: importing any game's
engine here would slow the app's main menu, which reads the autosave folder through this package.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from gardens_tui import __version__
from gardens_tui.rules.safe_text import quoted
from gardens_tui.storage import SaveError, read_head, read_json_file

if TYPE_CHECKING:
    from pathlib import Path

    from gardens_tui.rules.base import Game, GameState
    from gardens_tui.table import Seat, Setup, Table

FORMAT = "gardens-tui/snapshot"
"""The ``format`` field of every save file."""

VERSION = 1
"""The envelope version this gardens-tui writes. Older files are migrated on load."""

MAX_ACTIONS = 100_000
"""The most actions a save file may hold."""

MAX_ENVELOPE_TEXT = 64
"""The longest ``app_version`` or ``saved_at`` accepted."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""One migration step: an envelope of version ``n`` in, of version ``n + 1`` out."""

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[v]`` turns an envelope of version ``v`` into version ``v + 1``.

Loading applies them one step at a time up to :data:`VERSION`. Version 1 is the first, so the
table is empty; the next format change adds ``MIGRATIONS[1]``. (A change to one game's state or
notation is that game's own migration, not this table's.)
"""

# Written first by this module, so a truncated save of ours still shows it in its first bytes.
_OURS = re.compile(rb'^\s*\{\s*"format"\s*:\s*"gardens-tui/')

_MIGRATION_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)
"""What a migration may raise when it meets an odd old file (refused, never a crash)."""


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """The ``setup`` object of a save file: players (name and bot level), options with every
    default filled in, and seed."""
    from gardens_tui.rules.registry import get_spec

    try:
        options = get_spec(setup.game).normalise_options(setup.options)
    except ValueError:
        options = dict(setup.options)
    return {
        "players": [seat.to_dict() for seat in setup.seats],
        "options": options,
        "seed": setup.seed,
    }


def json_form(data: Any) -> Any:
    """``data`` exactly as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(data, allow_nan=False))


def starts_from_setup(table: Table) -> bool:
    """Whether ``table``'s first position is its setup's new game (not a hand-written one).

    Builds the setup's new game to compare: callers that ask often cache the answer."""
    try:
        fresh = table.setup.new_state()
    except ValueError:
        return False
    return table.game.states_equal(fresh, table.states[0])


def snapshot(
    table: Table, *, from_setup: bool | None = None, notation: list[str] | None = None
) -> dict[str, Any]:
    """The save-file envelope for ``table`` (a JSON-safe dict, ``saved_at`` now, in UTC).

    The actions are stored when the table has any; ``start`` is added only when the table's first
    position is not the setup's new game (a game continued from a hand-written position). A
    table with no actions that did not start from its setup is stored as its state alone.

    ``from_setup`` (:func:`starts_from_setup`) and ``notation`` (``table.notation()``) may be
    passed by a caller that knows them already, to save working them out again.
    """
    game = table.game
    setup = table.setup
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "game": setup.game,
        "rules_version": game.spec.rules_version,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "setup": setup_to_dict(setup),
    }
    if from_setup is None:
        from_setup = starts_from_setup(table)
    if table.actions or from_setup:
        if not from_setup:
            data["start"] = game.to_dict(table.states[0])
        data["actions"] = table.notation() if notation is None else notation
    data["state"] = game.to_dict(table.state)
    return data


# --------------------------------------------------------------------------------------------
# Recognising our files
# --------------------------------------------------------------------------------------------


def starts_like_ours(head: bytes) -> bool:
    """The first bytes of a file show the format this module writes first."""
    return _OURS.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


def is_envelope(data: Any) -> bool:
    """``data`` is a JSON object whose ``format`` is ours."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def is_our_file(path: Path) -> bool:
    """Whether ``path`` is a regular file holding a gardens-tui save: a JSON object whose
    ``format`` is ours, or a damaged save of ours (its first bytes still show the format, which
    this module writes first). Folders, pipes, devices and unreadable files are not."""
    head = read_head(path, 256)
    if head is None:
        return False
    if starts_like_ours(head):
        return True
    try:
        return is_envelope(read_json_file(path))
    except SaveError:
        return False


# --------------------------------------------------------------------------------------------
# Reading: versions
# --------------------------------------------------------------------------------------------


def _whole_number(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{key}: expected a whole number, got {quoted(value)}")
    return value


def _steps(
    data: dict[str, Any],
    key: str,
    version: int,
    target: int,
    steps: Mapping[int, Migration],
    what: str,
) -> dict[str, Any]:
    """``data`` migrated from ``version`` to ``target`` by ``steps``, one version at a time
    (``data[key]`` follows). ``what`` names the versions in messages."""
    if version < target:
        data = copy.deepcopy(data)  # a migration may change what it is given: not the caller's
    while version < target:
        step = steps.get(version)
        if step is None:
            raise SaveError(f"{what} {version} cannot be upgraded: gardens-tui has no step from it")
        try:
            data = step(data)
        except _MIGRATION_ERRORS as exc:
            # A migration meets the old file as it is: a damaged one must not crash it.
            raise SaveError(
                f"cannot upgrade this {what} {version} file ({type(exc).__name__}: {exc})"
            ) from None
        if not isinstance(data, dict):
            raise SaveError(f"cannot upgrade this {what} {version} file (the step gave no object)")
        version += 1
        data[key] = version
    return data


def migrate_envelope(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` at envelope :data:`VERSION`: older versions migrated, newer ones refused."""
    version = _whole_number(data.get("version"), "version")
    if version > VERSION:
        raise SaveError(
            f"made by a newer gardens-tui (file version {version}; this gardens-tui reads up to "
            f"version {VERSION}): update gardens-tui to open it"
        )
    if version < 1:
        raise SaveError(f"version {version} is not a save-file version gardens-tui knows")
    return _steps(data, "version", version, VERSION, MIGRATIONS, "save-file version")


def migrate_rules(data: dict[str, Any], game: Game[Any]) -> dict[str, Any]:
    """``data`` at ``game``'s current rules version: older versions migrated by the game's own
    steps, a newer one refused. A file without ``rules_version`` is version 1."""
    from gardens_tui.rules.registry import game_migrations

    spec = game.spec
    version = _whole_number(data.get("rules_version", 1), "rules_version")
    if version > spec.rules_version:
        raise SaveError(
            f"made by a newer gardens-tui ({spec.title} rules version {version}; this "
            f"gardens-tui knows up to version {spec.rules_version}): update gardens-tui to open it"
        )
    if version < 1:
        raise SaveError(f"rules_version {version} is not a version of {spec.title}")
    steps = game_migrations(spec.id)
    data = _steps(data, "rules_version", version, spec.rules_version, steps, "rules version")
    data.setdefault("rules_version", version)
    return data


def check_envelope(data: Any) -> tuple[dict[str, Any], Game[Any]]:
    """The envelope migrated to this gardens-tui's versions, and its game, after checking
    format, versions and game id (and that ``app_version`` and ``saved_at`` are short lines of
    text that are safe to show). Never changes ``data``."""
    from gardens_tui.rules import fields as F
    from gardens_tui.rules.registry import get_game

    if not isinstance(data, dict):
        raise SaveError("not a gardens-tui save file (it holds no JSON object)")
    fmt = data.get("format")
    if fmt is None:
        raise SaveError('not a gardens-tui save file (it has no "format" field)')
    if fmt != FORMAT:
        raise SaveError(f"unknown format {quoted(fmt)} (a save file says {FORMAT!r})")
    data = migrate_envelope(data)
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise SaveError(f"game: expected a game id, got {quoted(game_id)}")
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    data = migrate_rules(data, game)
    for key in ("app_version", "saved_at"):
        if key in data:
            F.line(data[key], key, MAX_ENVELOPE_TEXT)
    return data, game


# --------------------------------------------------------------------------------------------
# Reading: setup and positions
# --------------------------------------------------------------------------------------------


def _read_seat(data: Any, path: str) -> Seat:
    from gardens_tui.rules import fields as F
    from gardens_tui.table import Seat

    d = F.obj(data, path, ("name",))
    bot = F.optional(d.get("bot"), f"{path}.bot", F.string)
    return Seat(F.string(d["name"], f"{path}.name"), bot)


def read_setup(data: dict[str, Any], game: Game[Any]) -> Setup | None:
    """The checked ``setup`` of an envelope (``None`` when it has none); raises
    :class:`~gardens_tui.rules.fields.FieldError` naming the bad field."""
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


LOG_FIELDS = ("events", "private_events")
"""The log lines of a serialised state: what the ``apply`` that made it said, not the position.
In a file with actions the replay makes them (see :mod:`.replay`)."""


def without_log(state: Any) -> Any:
    """A serialised state without its :data:`LOG_FIELDS` (``state`` itself if not an object)."""
    if not isinstance(state, dict):
        return state
    return {key: value for key, value in state.items() if key not in LOG_FIELDS}


def read_position(game: Game[Any], data: Any, where: str) -> GameState:
    """A position written by hand (the ``state`` of a file without actions, or a ``start``):
    :func:`read_state`, then every invariant of the game
    (:meth:`~gardens_tui.rules.base.Game.check_invariants`), whose refusal names the field.
    A replayed position needs no such check: play only reaches positions that keep them."""
    state = read_state(game, data, where)
    try:
        game.check_invariants(state)
    except ValueError as exc:
        raise SaveError(_prefixed(where, str(exc))) from None
    except (TypeError, KeyError, IndexError, AttributeError) as exc:
        # A game's invariants should only raise FieldError; refuse rather than crash if not.
        raise SaveError(f"{where}: not a valid position ({type(exc).__name__}: {exc})") from None
    return state


def read_state(game: Game[Any], data: Any, where: str) -> GameState:
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
