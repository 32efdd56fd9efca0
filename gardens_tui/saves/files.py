"""Named save files: reading a table from a file and writing one to it.

Files are read and written through :mod:`gardens_tui.storage`: reads refuse anything that is not
a regular file; writes hold the folder's write lock, follow a symbolic link to its file, refuse
to replace a file that changed since it was read, and are atomic (a temporary file in the same
folder, fsync, ``os.replace``). Before a snapshot is written here it is checked to read back to
the same position (the whole file is parsed again and the game reads its state), so a damaged
file never replaces a good one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardens_tui.saves.envelope import is_our_file, read_state, snapshot
from gardens_tui.saves.replay import table_from_snapshot
from gardens_tui.storage import (
    FileVersion,
    SaveError,
    decode_json,
    digest_of,
    dumps,
    locked,
    os_reason,
    parse_json,
    read_bytes,
    replace_file,
)

if TYPE_CHECKING:
    from gardens_tui.rules.base import Game, GameState
    from gardens_tui.table import Table


def encode_checked(table: Table) -> bytes:
    """The snapshot of ``table`` as file bytes, checked to read back to the same position: the
    text is parsed again and the game's ``from_dict`` must give back an equal state."""
    return encode_snapshot(snapshot(table), table.game, table.state)


def encode_snapshot(data: dict[str, Any], game: Game[Any], state: GameState) -> bytes:
    """``data`` (a :func:`~gardens_tui.saves.envelope.snapshot` of a table whose position is
    ``state``) as file bytes, checked to read back to ``state``. Needs nothing of the table
    itself, so it may run in another thread while the table moves on."""
    try:
        text = dumps(data)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the position cannot be saved: {exc}") from None
    back = read_state(game, parse_json(text)["state"], "state")
    if not game.states_equal(back, state):
        raise SaveError("the position does not read back the same: not saved")
    return text.encode("utf-8")


def check_replaceable(
    target: Path,
    *,
    ours: Callable[[Path], bool] = is_our_file,
    what: str = "a gardens-tui save",
) -> None:
    """Refuse to replace a file that is not ``what`` (``ours`` tells; by default a gardens-tui
    save): an empty file may go; one that cannot be read is not known to be ours, so it
    stays."""
    try:
        size = target.stat().st_size
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SaveError(f"cannot write: {os_reason(exc)}", target) from None
    if size > 0 and not ours(target):
        raise SaveError(f"exists and is not {what}; not overwritten", target)


def write_save(table: Table, path: Path | str, *, expect: str | None = None) -> FileVersion:
    """Write ``table`` to ``path`` atomically under the folder's write lock; return where it went
    (a symbolic link is followed to its file) and the digest of what was written.

    ``expect``: the digest of the file as it was read (:func:`read_save`); if somebody changed it
    since, nothing is written. Refuses (:class:`SaveError`) to overwrite a file that is not a
    gardens-tui save (so a typo never clobbers a document) or anything that is not a regular
    file, to write into a folder that does not exist, and to write a snapshot that would not read
    back the same (:func:`encode_checked`). A failed save leaves any old file untouched.
    """
    data = encode_checked(table)
    with locked(path) as target:
        check_replaceable(target)
        return replace_file(target, data, expect=expect)


def save_table(table: Table, path: Path | str, *, expect: str | None = None) -> Path:
    """:func:`write_save`, returning only the path written."""
    return write_save(table, path, expect=expect).path


def read_save(path: Path | str, *, free_undo: bool = False) -> tuple[Table, FileVersion]:
    """The table saved at ``path`` and the version of the file it came from (pass its digest as
    ``expect`` when writing the file back). Raises :class:`SaveError` (naming the file) for
    everything :func:`~gardens_tui.storage.read_bytes` and
    :func:`~gardens_tui.saves.replay.table_from_snapshot` refuse. An older file is migrated in
    memory only; the file itself is unchanged."""
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
