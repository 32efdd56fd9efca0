"""Who may log in to the SSH server, and who they are once in.

Three ways, chosen by ``gardens serve ssh``'s flags (keys and passwords may be combined):

- **Public keys** (``--authorized-keys FILE``, OpenSSH's ``authorized_keys`` format): any key in
  the file logs in, whatever user name is typed. The identity is the key itself
  (``key:SHA256:…``), so the same key takes its seat back and a user name alone never does; the
  name shown is the user name typed.
- **Passwords** (``--password-file FILE``, or the accounts of the ``--store`` database): one
  line per person, ``#`` starts a comment::

      NAME:scrypt:N:R:P:SALT_HEX:HASH_HEX

  where HASH is ``hashlib.scrypt(password, salt=SALT, n=N, r=R, p=P, dklen=32)``. ``gardens serve
  passwd FILE NAME`` writes such a line (:func:`password_line`); ``gardens serve passwd --store
  URL NAME`` writes it into the database's accounts instead. The identity is ``user:NAME``.
- **Open** (``--open``): anyone, with the name they type (identity ``open:NAME``). For a party
  on a trusted network only.

Every shown name must be a valid player name
(:func:`~gardens_tui.rules.safe_text.check_name`): a user name with control characters or
escape sequences is refused before anything else happens.

Pure Python (standard library): asyncssh's key objects are used through their
``get_fingerprint`` only.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path

from gardens_tui.rules.safe_text import NameRefused, check_name, normalise_name, printable
from gardens_tui.server.store.names import LoginNameRefused, read_login_name
from gardens_tui.storage import SaveError, read_bytes

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
HASH_BYTES = 32
MAX_PASSWORD_FILE = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Person:
    """Someone logged in: ``identity`` (what seats are held by) and ``name`` (what is shown)."""

    identity: str
    name: str


def shown_name(username: str) -> str | None:
    """``username`` as a player's name, or ``None`` if it is not an acceptable one."""
    name = normalise_name(username)
    try:
        check_name(name)
    except (NameRefused, ValueError):
        return None
    return name


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=HASH_BYTES, maxmem=2**27
    )


def password_line(name: str, password: str) -> str:
    """A password file line for ``name`` and ``password``: ``ValueError`` if the name could not
    be typed as an SSH login (:func:`~gardens_tui.server.store.names.read_login_name`: the
    reason says why), starts with ``#`` (the file's comments), or the password is empty."""
    try:
        login = read_login_name(name.encode("utf-8", "surrogatepass"))
    except LoginNameRefused as refused:
        raise ValueError(f"{printable(name)!r} cannot be a login name: {refused.reason}") from None
    if login != name or name.startswith("#"):
        raise ValueError(f"{printable(name)!r} is not a usable login name")
    if not password:
        raise ValueError("the password is empty")
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"{name}:scrypt:{SCRYPT_N}:{SCRYPT_R}:{SCRYPT_P}:{salt.hex()}:{digest.hex()}"


@dataclass(frozen=True, slots=True)
class _Entry:
    salt: bytes
    digest: bytes
    n: int
    r: int
    p: int


class PasswordFile:
    """The salted password hashes of a password file (see the module docstring)."""

    def __init__(self, entries: dict[str, _Entry]) -> None:
        self._entries = entries

    @classmethod
    def read(cls, path: Path | str) -> PasswordFile:
        """Read ``path``; :class:`~gardens_tui.storage.SaveError` naming the first bad line."""
        raw = read_bytes(path, MAX_PASSWORD_FILE)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("not UTF-8 text", path) from None
        return cls.from_text(text, path)

    @classmethod
    def from_text(cls, text: str, path: Path | str) -> PasswordFile:
        """The lines of ``text`` (a password file's, or the store's accounts), read from
        ``path`` (named in errors); :class:`~gardens_tui.storage.SaveError` naming the first
        bad line (never its hash)."""
        entries: dict[str, _Entry] = {}
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            entries.update([cls._parse(line, f"line {number}", path)])
        return cls(entries)

    @staticmethod
    def _parse(line: str, where: str, path: Path | str) -> tuple[str, _Entry]:
        parts = line.split(":")
        if len(parts) != 7 or parts[1] != "scrypt":
            raise SaveError(f"{where}: not NAME:scrypt:N:R:P:SALT:HASH", path)
        name = parts[0]
        if shown_name(name) != name:
            raise SaveError(f"{where}: not a usable login name", path)
        try:
            n, r, p = (int(x) for x in parts[2:5])
            salt, digest = bytes.fromhex(parts[5]), bytes.fromhex(parts[6])
        except ValueError:
            raise SaveError(f"{where}: bad numbers or hex", path) from None
        if not (2 <= n <= 2**20 and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16):
            raise SaveError(f"{where}: scrypt parameters out of range", path)
        if len(digest) != HASH_BYTES or not salt:
            raise SaveError(f"{where}: wrong salt or hash length", path)
        return name, _Entry(salt, digest, n, r, p)

    def check(self, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s (constant-time comparison)."""
        entry = self._entries.get(name)
        if entry is None:
            _scrypt(password, b"\0" * 16, SCRYPT_N, SCRYPT_R, SCRYPT_P)  # same work either way
            return False
        got = _scrypt(password, entry.salt, entry.n, entry.r, entry.p)
        return hmac.compare_digest(got, entry.digest)
