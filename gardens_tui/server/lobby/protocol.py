"""The table owner's wire protocol: length-prefixed JSON frames, versioned, every message checked.

Framing
-------
A frame is a 4-byte big-endian unsigned length followed by that many bytes of UTF-8 JSON holding
one object. A frame longer than the direction's limit (:data:`MAX_REQUEST_BYTES` from a client,
:data:`MAX_PUSH_BYTES` from the owner), text that is not UTF-8, JSON that
:func:`~gardens_tui.storage.parse_json` refuses (duplicate keys, NaN, huge numbers, deep nesting),
anything that is not an object, an unknown ``type``, a missing, extra or mistyped field: each is a
:class:`ProtocolError` whose ``reason`` says what was wrong. The owner answers a refused frame with
an ``error`` message and closes that one connection; nobody else notices.

Handshake
---------
The first frame of a connection is the client's ``hello``; the owner answers ``welcome`` (or
``error`` and closes). :data:`PROTOCOL_VERSION` must match exactly.

Client to owner (every request but ``hello`` carries ``id``, a whole number the reply repeats)
-----------------------------------------------------------------------------------------------
- ``hello``: ``version`` (int), ``ticket`` (str: the one-time ticket the SSH server issued for
  this connection's identity, see :meth:`TableOwner.issue_ticket
  <gardens_tui.server.lobby.owner.TableOwner.issue_ticket>`).
- ``list``: ``id``. Reply ``tables``.
- ``create``: ``id``, ``game`` (str), ``seats`` (list of ``{"name": str, "bot": str|null}``),
  ``options`` (object of str/int/bool), ``seed`` (int or null: the owner picks one),
  ``turn_seconds`` (int or null: the host's time limit for each decision of a person's seat,
  :data:`MIN_TURN_SECONDS` to :data:`MAX_TURN_SECONDS`; null: none). Reply ``created``.
- ``join``: ``id``, ``code`` (str), ``seat`` (int): sit at a human seat as this identity. Reply
  ``joined``, then ``update`` pushes.
- ``watch``: ``id``, ``code``: watch as a spectator. Reply ``joined`` (``seat`` null), then pushes.
- ``act``: ``id``, ``notation`` (str): play this action, in the game's notation, as the joined
  seat. Reply ``done``; the resulting ``update`` is pushed before the reply.
- ``undo``: ``id``. Reply ``done`` (``ok`` says whether a decision was taken back).
- ``view_at``: ``id``, ``index`` (int): an earlier position as this seat may see it. Reply
  ``position``.
- ``leave``: ``id``: stop watching or playing (the seat stays held). Reply ``done``.
- ``say``: ``id``, ``text`` (str): a chat line to everyone at the joined or watched table
  (shown as one line of plain text). Reply ``done``; the ``chat`` push comes first. A
  connection saying more than a few lines in a few seconds is refused (see
  :data:`gardens_tui.server.lobby.owner.CHAT_BURST`).
- ``seat_bot``: ``id``, ``seat`` (int), ``bot`` (str or null): the table's host (who created
  it) lets a bot of that level play a human seat nobody is connected to (null: nobody plays
  it but its holder again). The holder joining the seat again takes it back from the bot.
  Reply ``done``.
- ``invite``: ``id``, ``code`` (str): a one-time link that brings one browser player to table
  ``code`` (see :mod:`gardens_tui.server.lobby.invites`). Refused when no web front end serves
  this owner, when the table is unknown or over, or when it has no free seat for a person.
  Reply ``invited``.

Owner to client
---------------
- ``welcome``: ``version``, ``identity`` (str), ``name`` (str: the name to show), ``motd``
  (str: the server's message of the day, empty for none).
- ``tables``: ``id``, ``tables``: list of ``{"code", "game", "title", "seats": [{"name", "bot",
  "taken", "holder", "away", "yours", "stand_in"}], "spectators", "turn", "over", "host",
  "turn_seconds"}`` (``holder``: the login name of the person holding the seat, or null;
  ``away``: a person holds the seat but no connection sits at it now; ``yours``: this
  connection's identity holds the seat; ``stand_in``: the level of the bot
  playing an absent person's seat, or null; ``host``: the host's name, or null;
  ``turn_seconds``: the table's time limit, or null).
- ``created``: ``id``, ``code``.
- ``joined``: ``id``, ``code``, ``seat`` (int or null), ``setup`` (``{"game", "seats": [{"name",
  "bot"}], "options", "seed"}``).
- ``done``: ``id``, ``ok`` (bool).
- ``invited``: ``id``, ``url`` (str: the link to give the guest, holding the invitation's
  secret), ``expires_in`` (int: the seconds it is good for).
- ``refused``: ``id``, ``reason`` (str): the request was not carried out (nothing changed).
- ``position``: ``id``, ``index``, ``view`` (``game.to_dict`` of the position as the seat sees it).
- ``update`` (pushed after every change to the table, and once after ``joined``): ``version``,
  ``length``, ``view`` (``game.to_dict(game.view(state, seat))``), ``log_since`` (int) and
  ``steps`` (the log steps after position ``log_since``, each ``{"index", "turn", "seat", "lines",
  "notation"}``, redacted for the seat: the client drops its steps after ``log_since`` and appends
  these), ``scores`` (``{"categories", "table", "final", "teams": [{"name", "seats", "points"}],
  "notes"}``), ``outcome`` (``{"winners", "tiebreak"}`` or null), ``secrets`` (bool: some seat
  holds something only it may see), ``undo_refusal`` (str or null), ``turn_left`` (number or
  null: the seconds left, as the update is sent, before the table's time limit for the
  pending decision runs out; null: no limit runs).
- ``chat`` (pushed to everyone at the table): ``name`` (the speaker's), ``seat`` (int or
  null: a spectator), ``text`` (one line, unsafe characters escaped).
- ``notice`` (pushed): ``title`` (str), ``text`` (str), ``severity`` (``"information"`` or
  ``"warning"``): a line from the server's operator, or the server's own (an idle session about
  to be closed), shown over whatever screen is up.
- ``motd`` (pushed when the operator changes it): ``text`` (str, empty for none).
- ``lobby`` (pushed to a connection at no table when the list changes): ``tables``, as in the
  ``tables`` reply.
- ``replaced``: ``reason``: the same identity joined the seat from another connection; this one
  is closed.
- ``error``: ``reason``: the connection is refused or broke the protocol; it is closed.

Everything an ``update`` or ``position`` holds is worked out by a
:class:`~gardens_tui.seats.LocalSeatView` for that seat on the owner: hidden information of
another seat never leaves the owner.

Pure standard library plus :mod:`gardens_tui.storage`'s JSON reader; no UI, no asyncssh.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from typing import Any

from gardens_tui.storage import SaveError, parse_json

PROTOCOL_VERSION = 7
"""The one protocol version this code speaks (2: ``create`` and ``tables`` carry
``turn_seconds``; ``say`` and ``chat``; 3: ``update`` carries ``turn_left``, ``tables`` seats
``yours``; 4: ``tables`` seats ``away``; 5: ``tables`` seats ``holder``, ``welcome`` carries
``motd``, the ``notice`` and ``motd`` pushes; 6: the ``lobby`` push; 7: ``invite`` and
``invited``)."""

MIN_TURN_SECONDS = 5
"""The shortest time limit a table may give each decision."""

MAX_TURN_SECONDS = 24 * 60 * 60
"""The longest time limit a table may give each decision (a day)."""

MAX_REQUEST_BYTES = 64 * 1024
"""The largest frame a client may send (requests are a few hundred bytes)."""

MAX_PUSH_BYTES = 4 * 1024 * 1024
"""The largest frame the owner sends (a view is a few kilobytes)."""

MAX_TEXT = 200
"""The longest string field of a request (notations, codes, tickets, names)."""

MAX_SEATS = 8
"""The most seats a ``create`` request may list."""

MAX_INT = 2**63
"""Whole-number fields of requests lie in ``-MAX_INT..MAX_INT``."""

HEADER = struct.Struct(">I")


class ProtocolError(ValueError):
    """A frame or message refused; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --- framing ------------------------------------------------------------------------------------


def encode(message: Mapping[str, Any]) -> bytes:
    """``message`` as one frame (length prefix and compact UTF-8 JSON)."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    data = body.encode("utf-8")
    return HEADER.pack(len(data)) + data


def frame_length(header: bytes, limit: int) -> int:
    """The body length a 4-byte ``header`` announces; :class:`ProtocolError` above ``limit``."""
    if len(header) != HEADER.size:
        raise ProtocolError("the connection ended inside a frame header")
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise ProtocolError(f"a frame of {length} bytes is over the limit of {limit}")
    if length == 0:
        raise ProtocolError("an empty frame")
    return int(length)


def decode_body(body: bytes) -> dict[str, Any]:
    """The JSON object in a frame's ``body``; :class:`ProtocolError` if it is not one."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("a frame that is not UTF-8 text") from None
    try:
        data = parse_json(text)
    except SaveError as exc:
        raise ProtocolError(f"a frame that is not acceptable JSON: {exc.reason}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a frame that is not a JSON object")
    return data


# --- checking requests --------------------------------------------------------------------------


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{name} must be a string")
    if len(value) > MAX_TEXT:
        raise ProtocolError(f"{name} is longer than {MAX_TEXT} characters")
    return value


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{name} must be a whole number")
    if not -MAX_INT <= value <= MAX_INT:
        raise ProtocolError(f"{name} is out of range")
    return value


def _optional_int(value: Any, name: str) -> int | None:
    return None if value is None else _int(value, name)


def _optional_text(value: Any, name: str) -> str | None:
    return None if value is None else _text(value, name)


def _turn_seconds(value: Any, name: str) -> int | None:
    seconds = _optional_int(value, name)
    if seconds is not None and not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        raise ProtocolError(
            f"{name} must be from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} seconds, or null"
        )
    return seconds


def _seats(value: Any, name: str) -> list[dict[str, str | None]]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise ProtocolError(f"{name} must be a list of 1 to {MAX_SEATS} seats")
    seats: list[dict[str, str | None]] = []
    for index, seat in enumerate(value):
        where = f"{name}[{index}]"
        if not isinstance(seat, dict) or set(seat) != {"name", "bot"}:
            raise ProtocolError(f"{where} must be an object with exactly name and bot")
        bot = seat["bot"]
        seats.append(
            {
                "name": _text(seat["name"], f"{where}.name"),
                "bot": None if bot is None else _text(bot, f"{where}.bot"),
            }
        )
    return seats


def _options(value: Any, name: str) -> dict[str, str | int | bool]:
    if not isinstance(value, dict) or len(value) > 32:
        raise ProtocolError(f"{name} must be an object of at most 32 options")
    options: dict[str, str | int | bool] = {}
    for key, item in value.items():
        _text(key, f"{name} key")
        if isinstance(item, bool):
            options[key] = item
        elif isinstance(item, int):
            options[key] = _int(item, f"{name}.{key}")
        else:
            options[key] = _text(item, f"{name}.{key}")
    return options


_CHECKS: dict[str, dict[str, Any]] = {
    "hello": {"version": _int, "ticket": _text},
    "list": {"id": _int},
    "create": {
        "id": _int,
        "game": _text,
        "seats": _seats,
        "options": _options,
        "seed": _optional_int,
        "turn_seconds": _turn_seconds,
    },
    "join": {"id": _int, "code": _text, "seat": _int},
    "watch": {"id": _int, "code": _text},
    "act": {"id": _int, "notation": _text},
    "undo": {"id": _int},
    "view_at": {"id": _int, "index": _int},
    "leave": {"id": _int},
    "seat_bot": {"id": _int, "seat": _int, "bot": _optional_text},
    "say": {"id": _int, "text": _text},
    "invite": {"id": _int, "code": _text},
}
"""Each request type and its fields, each with the check that reads it."""

REQUEST_TYPES = frozenset(_CHECKS)


def check_request(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a decoded frame from a client) checked against its type's fields: a new dict
    holding ``type`` and every field, read. :class:`ProtocolError` names what is wrong: an
    unknown type, a missing or extra field, a wrong type or size."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _CHECKS:
        shown = kind[:40] if isinstance(kind, str) else type(kind).__name__
        raise ProtocolError(f"unknown message type {shown!r}")
    fields = _CHECKS[kind]
    extra = sorted(set(data) - set(fields) - {"type"})
    if extra:
        raise ProtocolError(f"{kind}: unexpected field {extra[0][:40]!r}")
    checked: dict[str, Any] = {"type": kind}
    for name, check in fields.items():
        if name not in data:
            raise ProtocolError(f"{kind}: missing field {name!r}")
        checked[name] = check(data[name], f"{kind}.{name}")
    return checked


def read_request(body: bytes) -> dict[str, Any]:
    """A client's frame body decoded and checked (:func:`decode_body`, :func:`check_request`)."""
    return check_request(decode_body(body))
