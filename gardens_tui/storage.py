"""Files on disk, read and written so that nothing is ever lost or half-written.

Every file gardens-tui reads or writes (saves, autosaves, settings) goes through here:

- **Reading** (:func:`read_bytes`, :func:`read_json_file`) opens the file without blocking and
  checks what was opened, so a folder, a pipe, a device or a socket is refused instead of hanging
  or reading for ever; a file over the size limit, text that is not UTF-8 and hostile JSON
  (:func:`parse_json`) are refused with the reason. Reading never changes a file.
- **Writing** (:func:`locked` and :func:`replace_file`, or :func:`atomic_write_text` for both)
  follows a symbolic link to the file it names (a link to nothing is refused), refuses anything
  that is not a regular file, takes the folder's write lock, checks that the file is still what
  the caller read (``expect``: its SHA-256), removes temporary files a crash left behind, then
  writes a temporary file in the same folder, fsyncs it and renames it over the old one. A reader
  sees the old file or the new one, never a mix; two writers never both replace the same file
  from the same old version.

The lock is an advisory ``flock`` on the folder itself (no lock files are left beside the saves),
held only while one file is checked and replaced; gardens-tui never holds two at once, so
writers cannot deadlock. It is re-entrant within a thread, so a command may hold it across
read, change and write (``gardens apply``) and still write through the functions here. A writer
that cannot get the lock within :data:`LOCK_TIMEOUT` seconds gives up with :class:`SaveError`,
having written nothing.

Pure Python (standard library only): it never imports the rules or the UI.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import secrets
import stat
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

MAX_BYTES = 5 * 1024 * 1024
"""The largest save file read (5 MB); a real game is a few dozen kilobytes."""

MAX_DEPTH = 64
"""The deepest JSON nesting accepted; real states nest a handful of levels."""

MAX_DIGITS = 40
"""The longest integer literal accepted (a 64-bit seed has 20 digits)."""

LOCK_TIMEOUT = 10.0
"""Seconds a writer waits for another writer of the same folder before giving up."""

TEMP_SUFFIX = ".tmp"
"""Temporary files are ``.<name>.<8 hex digits>.tmp`` beside the file they will replace."""


class SaveError(ValueError):
    """A file refused (or a save that could not be written), with a reason a person understands.

    ``reason`` says what is wrong; ``path`` is the file concerned, if any. ``str()`` gives both.
    """

    def __init__(self, reason: str, path: Path | str | None = None) -> None:
        self.reason = reason
        self.path = None if path is None else Path(path)
        super().__init__(reason if path is None else f"{path}: {reason}")


class FileChangedError(SaveError):
    """A write refused because the file is no longer what the writer read: somebody else wrote
    it meanwhile. Nothing was written; the caller may save elsewhere."""


@dataclass(frozen=True, slots=True)
class FileVersion:
    """A file as this process last read or wrote it: where it is and the SHA-256 of its bytes.

    Pass ``digest`` back as ``expect`` when writing the file again, so that a change somebody
    else made in between is refused instead of overwritten. ``str()`` and ``os.fspath()`` give
    the path.
    """

    path: Path
    digest: str

    def __fspath__(self) -> str:
        return str(self.path)

    def __str__(self) -> str:
        return str(self.path)


def digest_of(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex: what :attr:`FileVersion.digest` holds."""
    return hashlib.sha256(data).hexdigest()


def os_reason(exc: OSError) -> str:
    """What went wrong with a file, in the system's words (``Permission denied``)."""
    return exc.strerror or type(exc).__name__


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # opening a FIFO must not wait for a writer
    | getattr(os, "O_NOCTTY", 0)  # nor a terminal device become ours
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _open_regular(path: Path) -> tuple[int, os.stat_result]:
    """An open descriptor of the regular file at ``path`` and its status, or SaveError.

    The check is made on what was opened (``fstat``), so a file swapped for a pipe or a device
    between a check and the open cannot slip through.
    """
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SaveError("no such file", path) from None
    except IsADirectoryError:
        raise SaveError("is a folder, not a save file", path) from None
    except OSError as exc:
        raise SaveError(f"cannot read: {os_reason(exc)}", path) from None
    try:
        info = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise SaveError(f"cannot read: {os_reason(exc)}", path) from None
    if stat.S_ISDIR(info.st_mode):
        os.close(fd)
        raise SaveError("is a folder, not a save file", path)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise SaveError("is not a regular file (a device, a pipe or a socket)", path)
    return fd, info


def read_bytes(path: Path | str, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``max_bytes`` of them.

    Refuses (:class:`SaveError` naming the file) a missing file, a folder, anything that is not a
    regular file, an unreadable file and one over ``max_bytes``. Never blocks on a pipe and never
    changes the file.
    """
    path = Path(path)
    fd, info = _open_regular(path)
    try:
        if info.st_size > max_bytes:
            raise SaveError(f"too large ({info.st_size} bytes; the limit is {max_bytes})", path)
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise SaveError(f"cannot read: {os_reason(exc)}", path) from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise SaveError(f"too large (the limit is {max_bytes} bytes)", path)
    return b"".join(chunks)


def read_head(path: Path | str, size: int) -> bytes | None:
    """The first ``size`` bytes of the regular file at ``path``; ``None`` if it cannot be read or
    is not a regular file."""
    try:
        fd, _ = _open_regular(Path(path))
    except SaveError:
        return None
    try:
        return os.read(fd, size)
    except OSError:
        return None
    finally:
        os.close(fd)


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


def decode_json(raw: bytes, path: Path | str | None = None) -> Any:
    """The JSON value in ``raw`` (UTF-8, a byte-order mark allowed), refusing what
    :func:`parse_json` refuses, text that is not UTF-8 and an empty file."""
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


def read_json_file(path: Path | str, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in the file at ``path``, read safely (see :func:`read_bytes` and
    :func:`decode_json`). Never changes the file."""
    return decode_json(read_bytes(path, max_bytes), path)


def regular_json_files(folder: Path) -> list[Path]:
    """The ``*.json`` regular files (not links, folders or hidden files such as temporary files)
    directly in ``folder``; none if it cannot be listed."""
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


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def write_target(path: Path | str) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the file its symbolic link
    points to (followed to the end).

    Refuses (:class:`SaveError`) a link to nothing, a folder, and an existing file that is not a
    regular file (a device, a pipe, a socket): those are never written over.
    """
    path = Path(path)
    if path.is_symlink():
        target = Path(os.path.realpath(path))
        if not target.exists():
            raise SaveError("is a symbolic link to a file that does not exist; not written", path)
        path = target
    try:
        info = path.stat()
    except FileNotFoundError:
        return path  # a new file
    except OSError as exc:
        raise SaveError(f"cannot write: {os_reason(exc)}", path) from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError("is a folder, not a file", path)
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(
            "is not a regular file (a device, a pipe or a socket); not written over", path
        )
    return path


_held_guard = threading.Lock()
_held: dict[str, int] = {}
"""Folders whose write lock this process holds, with the thread holding each."""


@contextmanager
def locked(path: Path | str) -> Iterator[Path]:
    """Hold the write lock for the file at ``path`` and yield the file to write
    (:func:`write_target` of ``path``, which it checks first).

    The lock covers the file's folder. Re-entrant within one thread; another thread or process
    waits up to :data:`LOCK_TIMEOUT` seconds, then :class:`SaveError` is raised. The folder must
    exist.
    """
    target = write_target(path)
    folder = target.parent
    if not folder.is_dir():
        raise SaveError("the folder does not exist", folder)
    key = os.path.realpath(folder)
    me = threading.get_ident()
    with _held_guard:
        reentered = _held.get(key) == me
    if reentered:
        yield target
        return
    fd = _acquire(folder, target)
    with _held_guard:
        _held[key] = me
    try:
        yield write_target(path)  # checked again now that nobody else can change it
    finally:
        with _held_guard:
            del _held[key]
        _release(fd)


def _acquire(folder: Path, target: Path) -> int | None:
    """Lock ``folder`` for writing (``None`` where the platform has no advisory locks)."""
    if fcntl is None:  # pragma: no cover - Windows: atomic replace only
        return None
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise SaveError(f"cannot lock the folder for writing: {os_reason(exc)}", target) from None
    deadline = time.monotonic() + LOCK_TIMEOUT
    pause = 0.002
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            pass
        except OSError as exc:
            os.close(fd)
            raise SaveError(f"cannot lock for writing: {os_reason(exc)}", target) from None
        if time.monotonic() >= deadline:
            os.close(fd)
            raise SaveError(
                f"another program has been writing in this folder for {LOCK_TIMEOUT:.0f} s; "
                "nothing was written",
                target,
            )
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _release(fd: int | None) -> None:
    if fd is None:  # pragma: no cover - Windows
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def current_digest(path: Path) -> str | None:
    """The SHA-256 of the file at ``path`` now, ``None`` if there is no file."""
    try:
        return digest_of(read_bytes(path))
    except SaveError as exc:
        if exc.reason == "no such file":
            return None
        raise


def _temp_pattern(target: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(target.name)}\.[0-9a-f]{{8}}{re.escape(TEMP_SUFFIX)}$")


def remove_stale_temps(target: Path) -> None:
    """Remove the temporary files a crashed write of ``target`` left behind.

    Call it holding the lock: every write makes its temporary file under the lock, so any such
    file found then is stale. Only regular files named exactly as this module names them go.
    """
    pattern = _temp_pattern(target)
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
            with suppress(OSError):
                os.unlink(entry.path)


def replace_file(target: Path, data: bytes, *, expect: str | None = None) -> FileVersion:
    """Write ``data`` to ``target`` atomically; the caller holds :func:`locked` for it.

    ``expect``: the digest of the file as the caller read it; if the file now holds anything
    else, :class:`SaveError` is raised and nothing is written (a file that is gone since is
    written anew). The new file keeps the old one's permission bits. On any failure the
    temporary file is removed and the old file is untouched.
    """
    if expect is not None:
        now = current_digest(target)
        if now is not None and now != expect:
            raise FileChangedError(
                "the file changed since it was read (another program wrote to it meanwhile); "
                "nothing was written",
                target,
            )
    remove_stale_temps(target)
    temp = _temp_beside(target)
    try:
        try:
            _write_temp(temp, data)
            _sync(temp)
            _install(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise SaveError(f"cannot write: {os_reason(exc)}", target) from None
    _fsync_folder(target.parent)
    return FileVersion(target, digest_of(data))


def _temp_beside(target: Path) -> Path:
    """A fresh temporary file name in ``target``'s folder (hidden; see
    :func:`remove_stale_temps`)."""
    return target.parent / f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}"


def _write_temp(temp: Path, data: bytes) -> None:
    """Create ``temp`` (it must not exist) holding ``data``."""
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def _sync(path: Path) -> None:
    """Flush ``path``'s data to the disk."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _install(temp: Path, target: Path) -> None:
    """Rename ``temp`` over ``target``, keeping ``target``'s permission bits."""
    if target.exists():
        os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
    os.replace(temp, target)


def replace_files_together(
    folder: Path, files: Sequence[tuple[str, bytes]]
) -> list[FileVersion | SaveError]:
    """Write several files of ``folder`` (each a name and its bytes) atomically, as
    :func:`replace_file` does, but paying for the disk once: every temporary file is written,
    then all are flushed to disk, then all are renamed, then the folder is synced once (a
    *group commit*). Holds the folder's write lock throughout. Returns, in order, each file's
    new version, or the :class:`SaveError` that kept it from being written (the others are
    written all the same). A file that exists and is not a gardens-tui file is never replaced
    (it is the caller's to check, as it is for :func:`replace_file`)."""
    results: list[FileVersion | SaveError] = []
    written: list[tuple[int, Path, Path, bytes]] = []
    if not files:
        return results
    with locked(folder / files[0][0]):  # the lock is the folder's
        for name, data in files:
            target = folder / name
            temp = _temp_beside(target)
            results.append(SaveError("not written", target))
            try:
                remove_stale_temps(target)
                _write_temp(temp, data)
            except OSError as exc:
                temp.unlink(missing_ok=True)
                results[-1] = SaveError(f"cannot write: {os_reason(exc)}", target)
                continue
            written.append((len(results) - 1, target, temp, data))
        for index, target, temp, data in written:
            try:
                _sync(temp)
                _install(temp, target)
            except OSError as exc:
                temp.unlink(missing_ok=True)
                results[index] = SaveError(f"cannot write: {os_reason(exc)}", target)
                continue
            results[index] = FileVersion(target, digest_of(data))
        _fsync_folder(folder)
    return results


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


def make_folder(folder: Path) -> None:
    """Create ``folder`` and its parents if missing; :class:`SaveError` saying why if not
    possible."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot create the folder: {os_reason(exc)}", folder) from None


def atomic_write_text(
    path: Path | str, text: str, *, make_parents: bool = False, expect: str | None = None
) -> FileVersion:
    """Write ``text`` (UTF-8) to ``path`` under the folder's lock, atomically (see
    :func:`replace_file`), following a symbolic link to its file; ``make_parents`` creates
    missing folders first. Raises :class:`SaveError` and leaves any old file untouched on
    failure."""
    path = Path(path)
    if make_parents:
        make_folder(path.parent)
    with locked(path) as target:
        return replace_file(target, text.encode("utf-8"), expect=expect)


def dumps(data: Any, width: int = 100) -> str:
    """``data`` as indented JSON that people can edit: objects and lists of containers one item
    per line; lists of plain values packed onto lines of at most ``width`` characters (a
    :class:`PackedList` is such a list, packed already)."""
    lines: list[str] = []
    _dump_into(lines, data, 0, "", width)
    return "\n".join(lines) + "\n"


_encode_text = json.encoder.encode_basestring
"""A string as JSON with ``ensure_ascii=False``: what ``json.dumps`` itself calls (its C version
when there is one), without ``json.dumps``'s set-up per call."""


def _scalar(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, faster for the strings, numbers, booleans and
    nulls that make up most of a save (an autosave writes every action's notation each time)."""
    if isinstance(value, str):
        return _encode_text(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return int.__repr__(value)
    return json.dumps(value, ensure_ascii=False)


class PackedList:
    """A list of plain JSON values (strings, numbers, booleans, nulls) that :func:`dumps` writes
    exactly as it writes such a list, kept ready as values are appended.

    :func:`dumps` packs a long list of plain values onto lines of at most ``width`` characters,
    which costs a pass over the whole list; an autosave writes the game's whole action list after
    every decision. A ``PackedList`` at the list's ``indent`` (its key's indentation: 2 for a
    key of the top-level object) does that packing once per value: :meth:`extend` by ``k``
    values costs O(``k``), and :func:`dumps` copies the finished lines.
    """

    def __init__(self, indent: int, width: int = 100) -> None:
        self.indent = indent
        self.width = width
        self._values: list[Any] = []
        self._parts: list[str] = []
        self._chars = 0
        self._closed: list[str] = []  # finished lines (every value on them is followed by more)
        self._open = 0  # the index of the first value on the last, unfinished line

    def __len__(self) -> int:
        return len(self._parts)

    def extend(self, values: Iterable[Any]) -> None:
        """Append ``values`` (plain JSON values)."""
        for value in values:
            part = _scalar(value)
            self._values.append(value)
            self._parts.append(part)
            self._chars += len(part)
        self._pack_open_line()

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` values only (repacks the whole list: it is for undo)."""
        self._values = self._values[:length]
        self._parts = self._parts[:length]
        self._chars = sum(map(len, self._parts))
        self._closed, self._open = [], 0
        self._pack_open_line()

    def _pack_open_line(self) -> None:
        # dumps' greedy packing, from the start of the unfinished line: lines it closes are
        # final, since a value gains its comma only when another follows it.
        inner = " " * (self.indent + 2)
        last = len(self._parts) - 1
        row, start = "", self._open
        for i in range(self._open, len(self._parts)):
            piece = self._parts[i] + ("," if i < last else "")
            if row and len(inner) + len(row) + 1 + len(piece) > self.width:
                self._closed.append(inner + row)
                row, start = piece, i
            else:
                row = f"{row} {piece}" if row else piece
        self._open = start

    def values(self) -> list[Any]:
        """The values, as a list."""
        return list(self._values)

    def one_line(self, lead: int) -> str | None:
        """The list on one line (as ``json.dumps`` writes it) if it fits after ``lead``
        characters, else ``None``."""
        length = 2 + self._chars + 2 * max(len(self._parts) - 1, 0)
        if lead + length > self.width:
            return None
        return "[" + ", ".join(self._parts) + "]"

    def lines(self) -> list[str]:
        """The packed lines between ``[`` and ``]``."""
        inner = " " * (self.indent + 2)
        last = len(self._parts) - 1
        pieces = [
            part + ("," if i < last else "")
            for i, part in enumerate(self._parts[self._open :], start=self._open)
        ]
        return [*self._closed, inner + " ".join(pieces)]


def _flat(value: dict[str, Any] | list[Any]) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return not any(isinstance(item, dict | list | PackedList) and item for item in items)


def _unpacked(value: Any) -> Any:
    """``json.dumps``'s ``default``: a :class:`PackedList` is written as its list."""
    if isinstance(value, PackedList):
        return value.values()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _dump_packed(lines: list[str], value: PackedList, indent: int, prefix: str) -> None:
    pad = " " * indent
    if not value:
        lines.append(f"{pad}{prefix}[]")
        return
    one_line = value.one_line(len(pad) + len(prefix))
    if one_line is not None:
        lines.append(f"{pad}{prefix}{one_line}")
        return
    lines.append(f"{pad}{prefix}[")
    lines.extend(value.lines())
    lines.append(f"{pad}]")


def _dump_into(lines: list[str], value: Any, indent: int, prefix: str, width: int) -> None:
    pad = " " * indent
    if isinstance(value, PackedList):
        if value.indent == indent and value.width == width:
            _dump_packed(lines, value, indent, prefix)
            return
        value = value.values()  # packed for another place: pack it here
    if isinstance(value, dict | list) and value and _flat(value):
        one_line = f"{pad}{prefix}{json.dumps(value, ensure_ascii=False, default=_unpacked)}"
        if len(one_line) <= width:
            lines.append(one_line)
            return
    if isinstance(value, dict) and value:
        lines.append(f"{pad}{prefix}{{")
        items = list(value.items())
        for i, (key, item) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            _dump_into(lines, item, indent + 2, _scalar(key) + ": ", width)
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
        parts = [_scalar(item) for item in value]
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
    lines.append(f"{pad}{prefix}{_scalar(value)}")
