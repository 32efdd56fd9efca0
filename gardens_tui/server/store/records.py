"""What the server's operator decides and the server remembers about people: bans, names,
mutes and the message of the day.

- :class:`Ban`: by login name (and every name that looks like it, see
  :func:`~gardens_tui.server.store.names.looks_alike`), by key (its SHA256 fingerprint) or by
  address (one address or a network, ``203.0.113.0/24``), for good or until a time, with the
  reason the operator gave.
- :class:`Records`: the bans, the :class:`~gardens_tui.server.store.names.NameClaims` (which
  identity owns which name, and reserved names), the muted identities (identity to the name
  they had) and the message of the day.
- :class:`RecordStore` is where they are kept (a new one starts with the names of
  :data:`RESERVED_AT_FIRST` reserved); :class:`FileRecordStore` keeps them as files in
  a folder of the server's (``bans.json``, ``names.json``, ``mutes.json``, each written
  atomically, and ``motd.txt``, plain text an operator may edit by hand: ``SIGHUP`` or
  ``gardens serve admin reload`` reads it again).

Every file is read as hostile: a damaged one is refused with the reason (the server then starts
without it and says so in the log), never half-used. Pure Python: no asyncssh, no UI.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from gardens_tui.rules.safe_text import check_line, printable
from gardens_tui.server.store.names import NameClaims, looks_alike
from gardens_tui.storage import SaveError, atomic_write_text, read_bytes, read_json_file

log = logging.getLogger(__name__)

BanKind = Literal["name", "key", "address"]
BAN_KINDS: tuple[BanKind, ...] = ("name", "key", "address")

MAX_MOTD = 2000
"""The longest message of the day, in characters."""

MAX_REASON = 200
"""The longest reason given for a ban."""

RESERVED_AT_FIRST = ("admin", "administrator", "moderator", "operator", "root", "server", "system")
"""Names a new server reserves for nobody, so nobody can pose as the house in chat; the
operator frees one with ``gardens serve admin unreserve NAME``."""

RECORDS_FORMAT = "gardens-tui/server-records"
RECORDS_VERSION = 1


@dataclass(frozen=True, slots=True)
class Ban:
    """One ban: ``kind`` and ``value`` say whom, ``until`` when it ends (Unix time; ``None``:
    never), ``reason`` why (the operator's words, shown to the banned person)."""

    kind: BanKind
    value: str
    reason: str = ""
    since: float = 0.0
    until: float | None = None

    def in_force(self, now: float) -> bool:
        """Whether the ban holds at ``now`` (Unix time)."""
        return self.until is None or now < self.until

    def to_dict(self) -> dict[str, Any]:
        """The ban as JSON."""
        return {
            "kind": self.kind,
            "value": self.value,
            "reason": self.reason,
            "since": self.since,
            "until": self.until,
        }


def check_ban(kind: str, value: str) -> tuple[BanKind, str]:
    """``(kind, value)`` in the form a ban keeps: a name as typed (checked as one line), a
    key fingerprint as ``SHA256:…``, an address or network in its normal form. ``ValueError``
    saying what is wrong."""
    value = value.strip()
    if kind == "name":
        check_line(value, 64)
        if not value:
            raise ValueError("a name to ban is needed")
        return "name", value
    if kind == "key":
        if not value.startswith("SHA256:") or len(value) > 100 or not value[7:]:
            raise ValueError(
                "a key is banned by its fingerprint, SHA256:… (gardens serve admin who)"
            )
        check_line(value, 100)
        return "key", value
    if kind == "address":
        try:
            network = ipaddress.ip_network(value, strict=False)
        except ValueError:
            raise ValueError(f"{printable(value)!r} is not an address or a network") from None
        single = network.num_addresses == 1
        return "address", str(network.network_address) if single else str(network)
    raise ValueError(f"a ban is by name, key or address, not {printable(kind)!r}")


def _read_ban(data: Any, where: str) -> Ban:
    if not isinstance(data, dict) or set(data) != {"kind", "value", "reason", "since", "until"}:
        raise ValueError(f"{where}: a ban has kind, value, reason, since and until")
    kind, value = check_ban(str(data["kind"]), str(data["value"]))
    reason, since, until = data["reason"], data["since"], data["until"]
    if not isinstance(reason, str):
        raise ValueError(f"{where}.reason: not text")
    check_line(reason, MAX_REASON)
    for name, stamp in (("since", since), ("until", until)):
        if stamp is not None and (isinstance(stamp, bool) or not isinstance(stamp, int | float)):
            raise ValueError(f"{where}.{name}: not a time")
    if since is None:
        raise ValueError(f"{where}.since: not a time")
    return Ban(kind, value, reason, float(since), None if until is None else float(until))


class Bans:
    """The bans in force, and who they catch."""

    def __init__(self, bans: list[Ban] | None = None) -> None:
        self.bans: list[Ban] = list(bans or [])

    def active(self, now: float | None = None) -> list[Ban]:
        """The bans in force at ``now`` (default: now)."""
        moment = time.time() if now is None else now
        return [ban for ban in self.bans if ban.in_force(moment)]

    def add(self, ban: Ban) -> None:
        """Add ``ban``, replacing one of the same kind and value."""
        self.bans = [b for b in self.bans if (b.kind, b.value) != (ban.kind, ban.value)]
        self.bans.append(ban)

    def remove(self, kind: BanKind, value: str) -> bool:
        """Lift the ban of ``kind`` and ``value``; False if there was none."""
        kept = [b for b in self.bans if (b.kind, b.value) != (kind, value)]
        removed = len(kept) != len(self.bans)
        self.bans = kept
        return removed

    def of_address(self, address: str) -> Ban | None:
        """The ban in force that catches ``address``, if any."""
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return None
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        for ban in self.active():
            if ban.kind == "address" and ip in ipaddress.ip_network(ban.value, strict=False):
                return ban
        return None

    def of_key(self, fingerprint: str) -> Ban | None:
        """The ban in force on the key of ``fingerprint``, if any."""
        return next((b for b in self.active() if b.kind == "key" and b.value == fingerprint), None)

    def of_name(self, name: str) -> Ban | None:
        """The ban in force on ``name`` or a name that looks like it, if any."""
        return next(
            (b for b in self.active() if b.kind == "name" and looks_alike(b.value, name)), None
        )

    def to_dict(self) -> dict[str, Any]:
        """The bans as JSON (those that ended are dropped)."""
        return {
            "format": RECORDS_FORMAT,
            "version": RECORDS_VERSION,
            "bans": [ban.to_dict() for ban in self.active()],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Bans:
        """Bans read from JSON; ``ValueError`` naming the first bad field."""
        _check_envelope(data, "bans")
        items = data["bans"]
        if not isinstance(items, list):
            raise ValueError("bans: not a list")
        return cls([_read_ban(item, f"bans[{i}]") for i, item in enumerate(items)])


def _check_envelope(data: Any, key: str) -> None:
    if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
        raise ValueError("not a gardens-tui server records file")
    if data.get("version") != RECORDS_VERSION:
        raise ValueError(f"unknown version {printable(str(data.get('version')))}")
    if set(data) != {"format", "version", key}:
        raise ValueError(f"a records file holds format, version and {key}")


def mutes_to_dict(mutes: dict[str, str]) -> dict[str, Any]:
    """Muted identities (identity to the name they had) as JSON."""
    return {
        "format": RECORDS_FORMAT,
        "version": RECORDS_VERSION,
        "mutes": dict(sorted(mutes.items())),
    }


def mutes_from_dict(data: Any) -> dict[str, str]:
    """Muted identities read from JSON; ``ValueError`` naming the first bad field."""
    _check_envelope(data, "mutes")
    mutes = data["mutes"]
    if not isinstance(mutes, dict):
        raise ValueError("mutes: not an object")
    for identity, name in mutes.items():
        if not isinstance(name, str):
            raise ValueError(f"mutes[{printable(identity)!r}]: not a name")
        check_line(identity, 200)
        check_line(name, 64)
    return dict(mutes)


def check_motd(text: str) -> str:
    """``text`` as a message of the day: at most :data:`MAX_MOTD` characters, line breaks
    kept, nothing a terminal would act on (``ValueError`` otherwise); surrounding blank space
    removed."""
    text = text.replace("\r\n", "\n").strip()
    if len(text) > MAX_MOTD:
        raise ValueError(f"a message of the day holds at most {MAX_MOTD} characters")
    for number, line in enumerate(text.split("\n"), 1):
        try:
            check_line(line, MAX_MOTD)
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
    return text


@dataclass
class Records:
    """Everything the operator decided (see the module docstring)."""

    bans: Bans = field(default_factory=Bans)
    names: NameClaims = field(default_factory=NameClaims)
    mutes: dict[str, str] = field(default_factory=dict)
    """Muted identities, with the name each had when muted."""
    motd: str = ""


class RecordStore(Protocol):
    """Where :class:`Records` are kept (files today; a database for several front ends)."""

    def load(self) -> Records:
        """Everything kept; a part that cannot be read is left empty and logged."""

    def save_bans(self, bans: Bans) -> None:
        """Keep ``bans`` (``OSError``/``SaveError`` when it cannot)."""

    def save_names(self, names: NameClaims) -> None:
        """Keep ``names``."""

    def save_mutes(self, mutes: dict[str, str]) -> None:
        """Keep ``mutes``."""

    def save_motd(self, text: str) -> None:
        """Keep the message of the day."""


class FileRecordStore:
    """:class:`RecordStore` in files of ``folder`` (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, name: str) -> Path:
        return self.folder / name

    def load(self) -> Records:
        """Everything kept in the folder; a damaged file is logged and left out. A folder
        without names yet (a new server) starts with :data:`RESERVED_AT_FIRST` reserved."""
        records = Records()
        if not self._path("names.json").exists():
            for name in RESERVED_AT_FIRST:
                records.names.reserve(name, None)
        readers: list[tuple[str, Any]] = [
            ("bans.json", lambda data: setattr(records, "bans", Bans.from_dict(data))),
            ("names.json", lambda data: setattr(records, "names", NameClaims.from_dict(data))),
            ("mutes.json", lambda data: setattr(records, "mutes", mutes_from_dict(data))),
        ]
        for name, read in readers:
            path = self._path(name)
            if not path.exists():
                continue
            try:
                read(read_json_file(path))
            except (OSError, SaveError, ValueError) as exc:
                log.error("%s not read, so not used: %s", path, printable(str(exc)))
        try:
            records.motd = self.load_motd()
        except (OSError, SaveError, ValueError) as exc:
            log.error("the message of the day not read: %s", printable(str(exc)))
        return records

    def load_motd(self) -> str:
        """The message of the day in ``motd.txt`` (empty when there is none)."""
        path = self._path("motd.txt")
        if not path.exists():
            return ""
        try:
            text = read_bytes(path, MAX_MOTD * 4 + 64).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{path}: not UTF-8 text") from None
        return check_motd(text)

    def _write(self, name: str, data: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self._path(name), json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def save_bans(self, bans: Bans) -> None:
        """Write ``bans.json``."""
        self._write("bans.json", bans.to_dict())

    def save_names(self, names: NameClaims) -> None:
        """Write ``names.json``."""
        self._write("names.json", names.to_dict())

    def save_mutes(self, mutes: dict[str, str]) -> None:
        """Write ``mutes.json``."""
        self._write("mutes.json", mutes_to_dict(mutes))

    def save_motd(self, text: str) -> None:
        """Write ``motd.txt`` (an empty message removes nothing: the file holds nothing)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self._path("motd.txt"), text + ("\n" if text else ""))
