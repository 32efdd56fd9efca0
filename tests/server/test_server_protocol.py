"""The owner's wire protocol: frames and requests are read strictly, and refused with a reason."""

from __future__ import annotations

import struct

import pytest

from gardens_tui.server.door.auth import PasswordFile, password_line, shown_name
from gardens_tui.server.lobby.protocol import (
    MAX_REQUEST_BYTES,
    ProtocolError,
    check_request,
    decode_body,
    encode,
    frame_length,
    read_request,
)
from gardens_tui.server.session.terminal import MAX_SIZE, MIN_SIZE, clamp_size
from gardens_tui.server.store.tables import CODE_ALPHABET, new_code, normal_code
from gardens_tui.storage import SaveError


def test_a_frame_round_trips() -> None:
    """Behaviour: encode gives a 4-byte big-endian length and the JSON it announces."""
    frame = encode({"type": "list", "id": 7})
    assert struct.unpack(">I", frame[:4])[0] == len(frame) - 4
    assert read_request(frame[4:]) == {"type": "list", "id": 7}


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (struct.pack(">I", MAX_REQUEST_BYTES + 1), "over the limit"),
        (struct.pack(">I", 0), "empty frame"),
        (b"\x00\x01", "inside a frame header"),
    ],
)
def test_frame_lengths_are_bounded(header: bytes, reason: str) -> None:
    """Rule: a frame over the limit, an empty one or a cut header is refused, never read."""
    with pytest.raises(ProtocolError, match=reason):
        frame_length(header, MAX_REQUEST_BYTES)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{]", "not acceptable JSON"),
        (b'{"a": 1, "a": 2}', "not acceptable JSON"),
        (b'{"a": NaN}', "not acceptable JSON"),
        (b"[" * 100 + b"]" * 100, "not acceptable JSON"),
        (b"1" * 100, "not acceptable JSON"),
        (b"[1]", "not a JSON object"),
    ],
)
def test_hostile_bodies_are_refused_with_a_reason(body: bytes, reason: str) -> None:
    """Rule: bytes that are not one sane JSON object are refused, saying why."""
    with pytest.raises(ProtocolError, match=reason):
        decode_body(body)


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"type": "shell"}, "unknown message type"),
        ({"id": 1}, "unknown message type"),
        ({"type": "list"}, "missing field 'id'"),
        ({"type": "list", "id": 1, "cmd": "rm"}, "unexpected field 'cmd'"),
        ({"type": "list", "id": True}, "whole number"),
        ({"type": "list", "id": 2**70}, "out of range"),
        ({"type": "act", "id": 1, "notation": "x" * 201}, "longer than"),
        ({"type": "act", "id": 1, "notation": 5}, "must be a string"),
        ({"type": "join", "id": 1, "code": "AB", "seat": "0"}, "whole number"),
        (
            {"type": "create", "id": 1, "game": "toy", "seats": [], "options": {}, "seed": None},
            "1 to 8 seats",
        ),
        (
            {
                "type": "create",
                "id": 1,
                "game": "toy",
                "seats": [{"name": "A"}],
                "options": {},
                "seed": None,
            },
            "exactly name and bot",
        ),
        (
            {
                "type": "create",
                "id": 1,
                "game": "toy",
                "seats": [{"name": "A", "bot": None}],
                "options": {"k": [1]},
                "seed": None,
            },
            "must be a string",
        ),
    ],
)
def test_every_request_field_is_checked(message: dict[str, object], reason: str) -> None:
    """Rule: an unknown type, a missing, extra, mistyped or oversized field is refused."""
    with pytest.raises(ProtocolError, match=reason):
        check_request(dict(message))


def test_table_codes_are_short_and_unambiguous() -> None:
    """Behaviour: table codes are 4 characters without look-alikes, typed in any case."""
    code = new_code(set())
    assert len(code) == 4 and set(code) <= set(CODE_ALPHABET)
    assert normal_code(f" {code.lower()} ") == code
    assert normal_code("O0I1") is None


def test_password_file_round_trip_and_refusals(tmp_path: object) -> None:
    """Rule: a password line checks only its own password; malformed lines are refused with
    their line number; odd login names cannot be written."""
    from pathlib import Path

    folder = Path(str(tmp_path))
    path = folder / "passwords"
    path.write_text("# people\n" + password_line("ann", "pw") + "\n", encoding="utf-8")
    passwords = PasswordFile.read(path)
    assert passwords.check("ann", "pw")
    assert not passwords.check("ann", "PW")
    assert not passwords.check("bob", "pw")
    path.write_text("ann:md5:1:2:3:00:00\n", encoding="utf-8")
    with pytest.raises(SaveError, match="line 1"):
        PasswordFile.read(path)
    for name in ("a:b", "w" * 60, ""):
        with pytest.raises(ValueError):
            password_line(name, "pw")
    assert shown_name("\x1b[31mred") is None


def test_terminal_sizes_are_clamped() -> None:
    """Rule: 0 means the default size; any size stays within the bounds."""
    assert clamp_size(0, 0) == (80, 24)
    assert clamp_size(10**6, 1) == (MAX_SIZE[0], MIN_SIZE[1])
