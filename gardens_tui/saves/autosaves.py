"""Autosaves: one file per game in ``data_dir()/autosaves``, written after every turn.

An autosave never overwrites progress it does not hold (:func:`autosave`), is written atomically
under the folder's lock like every save, and costs the same at turn 200 as at turn 10: what does
not change during a game (whether it started from its setup, its identity, the notation of the
actions already checked) is worked out once per table and kept (:class:`_Known`), and only what
is new is checked. A named save (:func:`~gardens_tui.saves.files.write_save`) still parses its
whole file back; an autosave checks instead that

- each new action's notation reads back to that action on the position it was played in (so the
  file replays: loading a file with actions replays them and compares the stored state), and
- once per table, a hand-written start position reads back to the same position (it is the one
  stored position a loader reads with the game's ``from_dict``).

The "continue" entry of the menu reads the autosaves newest first by the time stored in each
file (:func:`autosave_candidates`).
"""

from __future__ import annotations

import hashlib
import json
import re
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardens_tui.paths import autosaves_dir
from gardens_tui.rules.safe_text import quoted
from gardens_tui.saves.envelope import (
    is_envelope,
    json_form,
    read_state,
    setup_to_dict,
    snapshot,
    starts_from_setup,
    starts_like_ours,
)
from gardens_tui.saves.listing import mtime, save_info
from gardens_tui.storage import (
    FileVersion,
    PackedList,
    SaveError,
    decode_json,
    digest_of,
    dumps,
    locked,
    make_folder,
    read_bytes,
    read_head,
    read_json_file,
    regular_json_files,
    replace_file,
)

if TYPE_CHECKING:
    from gardens_tui.rules.base import Action, GameState
    from gardens_tui.table import Setup, Table

MAX_AUTOSAVES = 50
"""Autosaves kept in the autosave folder; older ones are removed when a new one is written."""

MAX_BRANCHES = 1000
"""The most autosave files one game may have (see :func:`autosave`)."""

ACTIONS_INDENT = 2
"""The indentation of the envelope's ``actions`` key (a key of the top-level object)."""


# --------------------------------------------------------------------------------------------
# What is known of a table between two autosaves
# --------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _Known:
    """What autosave has worked out about one table, valid while the table keeps its setup and
    first position: whether it started from its setup, its identity (:func:`_identity`), and
    the notation of its first ``len(notation)`` actions, each checked to read back.

    ``states[i]`` is the table's ``states[i]`` the check of action ``i`` was made on (plus the
    state after the last checked action): states are new objects on every apply, so the first
    index where the table's history and this one hold different objects is where the game
    was taken back (undo) and went another way.
    """

    setup: Setup
    start: GameState
    from_setup: bool
    identity: dict[str, Any]
    key: str
    states: list[GameState] = field(default_factory=list)
    notation: list[str] = field(default_factory=list)
    packed: PackedList = field(default_factory=lambda: PackedList(ACTIONS_INDENT))
    """``notation`` as the file writes it (packed onto lines once, not at every autosave)."""


_known: weakref.WeakKeyDictionary[Table, _Known] = weakref.WeakKeyDictionary()


def _identity(table: Table, from_setup: bool) -> dict[str, Any]:
    """What makes two tables the same game: its setup and its first position, as JSON."""
    return {
        "setup": json_form(setup_to_dict(table.setup)),
        "start": json_form(table.game.to_dict(table.states[0])),
        "from_setup": from_setup,
    }


def _known_of(table: Table) -> _Known:
    """The :class:`_Known` of ``table``, worked out now if the table is new (or was given
    another setup or start) since the last autosave."""
    known = _known.get(table)
    if known is not None and known.setup is table.setup and known.start is table.states[0]:
        return known
    from_setup = starts_from_setup(table)
    if not from_setup:
        _check_start(table)
    identity = _identity(table, from_setup)
    key_data = {"setup": identity["setup"], "start": identity["start"]}
    key = hashlib.sha256(json.dumps(key_data, sort_keys=True).encode()).hexdigest()[:12]
    known = _Known(table.setup, table.states[0], from_setup, identity, key, [table.states[0]])
    _known[table] = known
    return known


def _check_start(table: Table) -> None:
    """A hand-written first position must read back to itself (it is stored as ``start``, or
    as ``state`` when nothing was played)."""
    game = table.game
    try:
        data = json_form(game.to_dict(table.states[0]))
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the position cannot be saved: {exc}") from None
    back = read_state(game, data, "start")
    if not game.states_equal(back, table.states[0]):
        raise SaveError("the position does not read back the same: not saved")


def _notation(table: Table, known: _Known) -> list[str]:
    """Every action of ``table`` in notation, each new one checked to read back to itself on
    the position it was played in; the checked ones are kept in ``known`` (and its list is
    returned: do not change it)."""
    game = table.game
    states, actions = table.states, table.actions
    checked = min(len(known.notation), len(actions))
    while checked > 0 and known.states[checked] is not states[checked]:
        checked -= 1  # taken back (undo) and replayed differently from here
    del known.notation[checked:], known.states[checked + 1 :]
    if len(known.packed) > checked:
        known.packed.truncate(checked)
    added = len(known.notation)
    for index in range(checked, len(actions)):
        action: Action = actions[index]
        text = game.format_action(action)
        _check_reads_back(table, index, text, action)
        known.notation.append(text)
        known.states.append(states[index + 1])
    known.packed.extend(known.notation[added:])
    return known.notation


def _check_reads_back(table: Table, index: int, text: str, action: Action) -> None:
    from gardens_tui.rules.base import IllegalAction

    try:
        back = table.game.read_action(table.states[index], text)
    except (IllegalAction, ValueError, TypeError, KeyError, IndexError) as exc:
        raise SaveError(
            f"actions[{index}] {quoted(text)} does not read back ({exc}): not saved"
        ) from None
    if back != action:
        raise SaveError(
            f"actions[{index}] {quoted(text)} does not read back the same action: not saved"
        )


def _encode(table: Table, known: _Known) -> bytes:
    """The autosave's bytes (see the module docstring for what is checked)."""
    data = snapshot(table, from_setup=known.from_setup, notation=_notation(table, known))
    if "actions" in data:
        data["actions"] = known.packed  # the same text, packed as the game went
    try:
        return dumps(data).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the position cannot be saved: {exc}") from None


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def autosave_path(table: Table) -> Path:
    """The usual autosave file of ``table``'s game: one per game, named after its setup and
    start.

    Every game the app starts has its own seed, so two games never share a file; the same game
    saved again overwrites its own autosave (see :func:`autosave` for when it may not).
    """
    return autosaves_dir() / f"{table.setup.game}-{_known_of(table).key}.json"


def _autosave_paths(table: Table, previous: FileVersion | None) -> Iterator[Path]:
    if previous is not None:
        yield previous.path
    base = autosave_path(table)
    yield base
    for n in range(2, MAX_BRANCHES + 1):
        yield base.with_name(f"{base.stem}-{n}{base.suffix}")


def _may_replace(
    known: _Known, notation: list[str], target: Path, previous: FileVersion | None
) -> bool:
    """Whether writing the game ``known`` describes (with ``notation``) over the autosave
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
    if not is_envelope(data) or data.get("setup") != known.identity["setup"]:
        return False
    start = data.get("start")
    if start is None and not known.identity["from_setup"]:
        # Their actions start from the setup's new game, ours from a hand-written position:
        # the same game only if theirs is that position stored alone (no actions).
        start = data.get("state") if "actions" not in data else None
        if start is None:
            return False
    if start is not None and start != known.identity["start"]:
        return False
    theirs = data.get("actions", [])
    return isinstance(theirs, list) and notation[: len(theirs)] == theirs


def autosave(table: Table, previous: FileVersion | None = None) -> FileVersion:
    """Autosave ``table`` and return where it went; ``previous`` is where this game was last
    autosaved, or the autosave it was opened from.

    Progress is never overwritten: the game's autosave file is replaced only when that loses
    nothing (it is ``previous`` unchanged, or an earlier point of this game, or absent).
    Otherwise (another window played on from the same autosave, or this game was opened from an
    older save and now branches off) the game gets a file of its own beside it,
    ``<game>-<id>-2.json`` and so on. What is written is checked first (see the module
    docstring), so a damaged autosave never replaces a good one. Beyond :data:`MAX_AUTOSAVES`
    files the autosaves with the oldest stored times are removed.

    The cost does not grow with the game: nothing is replayed, rebuilt or parsed back, and
    only the actions played since the last autosave are checked.
    """
    known = _known_of(table)
    data = _encode(table, known)
    notation = known.notation
    folder = autosaves_dir()
    make_folder(folder)
    for path in _autosave_paths(table, previous):
        with locked(path) as target:
            if _may_replace(known, notation, target, previous):
                written = replace_file(target, data)
                break
    else:
        raise SaveError(f"this game already has {MAX_BRANCHES} autosaves; not saved", folder)
    _prune_autosaves(keep=written.path)
    return written


# --------------------------------------------------------------------------------------------
# Stored times, pruning, "continue"
# --------------------------------------------------------------------------------------------

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
    # The envelope writes "format" first and "saved_at" within the first few hundred bytes, so
    # the head of the file usually tells; a file written another way is read whole.
    head = read_head(path, 1024)
    if head is None:
        return None
    found = _SAVED_AT.search(head) if starts_like_ours(head) else None
    if found:
        return _timestamp(found.group(1).decode("utf-8", "replace"))
    try:
        data = read_json_file(path)
    except SaveError:
        return None
    return _timestamp(data.get("saved_at")) if is_envelope(data) else None


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
        return (stored is not None, stored or 0.0, mtime(path))

    return sorted(paths, key=key, reverse=True)


def _prune_autosaves(keep: Path) -> None:
    """Remove the gardens-tui autosaves beyond the newest :data:`MAX_AUTOSAVES` (by stored
    time). Anything else in the folder (damaged files, other files, folders) is left alone."""
    files = regular_json_files(autosaves_dir())
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


def autosave_candidates() -> Iterator[Path]:
    """The autosaves "continue" may open, newest first by the time stored in each file (files
    without a readable one last, by modification time): every autosave except those of finished
    games. Damaged ones are included, so that "continue", which tries them in this order and
    opens the first that :func:`~gardens_tui.saves.load_table` accepts, can name those it skips.

    Lazy: each file is checked only when it is reached (the stored times are cached), so asking
    whether there is any candidate costs one check, not one per autosave.
    """
    for path in _newest_first(regular_json_files(autosaves_dir())):
        info = save_info(path)
        if not (info.ok and info.over):
            yield path


def last_autosave() -> Path | None:
    """The newest autosave of an unfinished game that looks loadable (it is not replayed:
    :func:`~gardens_tui.saves.load_table` may still refuse it), or ``None``."""
    for path in autosave_candidates():
        if save_info(path).ok:
            return path
    return None
