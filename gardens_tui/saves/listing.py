"""What the load dialog and "continue" show about save files, without replaying them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from gardens_tui.paths import autosaves_dir, saves_dir
from gardens_tui.saves.envelope import check_envelope, read_position, read_setup, read_state
from gardens_tui.saves.replay import table_from_snapshot
from gardens_tui.storage import SaveError, locked, os_reason, read_json_file, regular_json_files

__all__ = ["SaveInfo", "delete_save", "last_finished", "list_saves", "mtime", "save_info"]


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """What a load dialog shows about one save file.

    When the file cannot be read, ``error`` says why and the other fields hold what could be
    found (possibly nothing: empty strings, 0 and false). Listing checks the envelope and the
    stored position but does not replay the actions; :func:`~gardens_tui.saves.load_table` does.
    ``bots`` holds each seat's bot level (``None`` for a person) in seat order, as the file's
    ``setup`` says; it is empty when the file has no setup (every seat a person) or is broken.
    """

    path: Path
    game: str
    title: str
    players: tuple[str, ...]
    turn: int
    saved_at: str
    over: bool
    error: str | None = None
    bots: tuple[str | None, ...] = ()

    @property
    def ok(self) -> bool:
        """The file looks loadable."""
        return self.error is None

    @property
    def is_autosave(self) -> bool:
        """The file lives in the autosave folder."""
        return self.path.parent == autosaves_dir()


def mtime(path: Path) -> float:
    """The modification time of ``path`` (0 when it cannot be read)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def save_info(path: Path | str) -> SaveInfo:
    """The :class:`SaveInfo` of one file (never raises for a bad file: ``error`` says why)."""
    from gardens_tui.rules import fields as F

    path = Path(path)
    fallback_time = datetime.fromtimestamp(mtime(path), UTC).isoformat(timespec="seconds")
    game_id, title = "", ""
    try:
        data, game = check_envelope(read_json_file(path))
        game_id, title = game.spec.id, game.spec.title
        saved_at = data.get("saved_at") or fallback_time
        if "state" in data:
            # A position written by hand is checked as loading checks it; a stored state that
            # actions lead to is compared with their replay only when the game is opened.
            read = read_state if "actions" in data else read_position
            state = read(game, data["state"], "state")
        else:
            state = table_from_snapshot(data).state
        setup = read_setup(data, game)
    except (SaveError, F.FieldError) as exc:
        reason = exc.reason if isinstance(exc, SaveError) else str(exc)
        return SaveInfo(path, game_id, title, (), 0, fallback_time, False, reason)
    players = tuple(state.players)
    bots: tuple[str | None, ...] = ()
    if setup is not None and len(setup.seats) == len(players):
        bots = tuple(seat.bot for seat in setup.seats)
    return SaveInfo(path, game_id, title, players, state.turn, saved_at, state.over, None, bots)


def list_saves(folder: Path | str | None = None) -> list[SaveInfo]:
    """Every ``*.json`` regular file in ``folder`` as a :class:`SaveInfo`, most recently written
    first.

    Without ``folder``: the saves folder and the autosave folder together. A missing folder
    lists nothing. Unreadable files are listed with their ``error``; temporary files of an
    interrupted write (hidden) and folders are not listed.
    """
    folders = [saves_dir(), autosaves_dir()] if folder is None else [Path(folder)]
    files = [path for f in folders for path in regular_json_files(f)]
    files.sort(key=mtime, reverse=True)
    return [save_info(path) for path in files]


def last_finished(folder: Path | str | None = None) -> SaveInfo | None:
    """The most recently written file in ``folder`` (default: the autosave folder) that looks
    loadable and holds a finished game, or ``None``. Files are read newest first and only until
    one is found (the main menu asks this when there is no unfinished game to continue)."""
    files = regular_json_files(autosaves_dir() if folder is None else Path(folder))
    files.sort(key=mtime, reverse=True)
    for path in files:
        info = save_info(path)
        if info.ok and info.over:
            return info
    return None


def delete_save(path: Path | str) -> None:
    """Delete the save file at ``path`` (the load dialog's "delete"), under its folder's write
    lock so that no save or autosave is being written there meanwhile.

    Raises :class:`~gardens_tui.storage.SaveError` naming the file, with the reason, when it is
    not a regular file (a folder, a link: only what :func:`list_saves` lists may go), is gone
    already, or cannot be removed. A symbolic link is never followed: nothing else is deleted.
    """
    path = Path(path)
    try:
        if path.is_symlink():
            raise SaveError("is a symbolic link, not a save file; not deleted", path)
        with locked(path):
            if path.is_symlink() or not path.exists():  # checked again under the lock
                raise SaveError("no such file (it was deleted or replaced meanwhile)", path)
            path.unlink()
    except FileNotFoundError:
        raise SaveError("no such file (it was deleted meanwhile)", path) from None
    except OSError as exc:
        raise SaveError(f"cannot delete: {os_reason(exc)}", path) from None
