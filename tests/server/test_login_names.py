"""Login names on the public SSH server: which raw user names are accepted, which names look
alike, which mix scripts, and who holds which name.

Rules from gardens_tui/server/store/names.py: a login name is read from the raw bytes the client
sent (asyncssh's SASLprep would hide zero-width and compatibility characters), refused with a plain
reason naming the character, stored in NFC, and left unchanged by SASLprep; names that look
alike (UTS #39 skeletons) cannot belong to two identities; reserved names belong to the
operator's choice.
"""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from asyncssh.saslprep import SASLPrepError
from asyncssh.saslprep import saslprep as asyncssh_saslprep
from fuzz import WIDE_AND_ODD, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from gardens_tui.rules.safe_text import name_key
from gardens_tui.server.store import names
from gardens_tui.server.store.names import (
    LoginNameRefused,
    NameClaims,
    capital_skeleton,
    looks_alike,
    mixed_script_problem,
    read_login_name,
    saslprep,
    skeleton,
)

ANN = "key:SHA256:4nnK3yF1ngerpr1nt"
BOB = "user:bob"
EVE = "open:eve"


def refusal(raw: bytes) -> str:
    """The reason ``read_login_name`` gives for ``raw`` (the test fails if it accepts it)."""
    with pytest.raises(LoginNameRefused) as caught:
        read_login_name(raw)
    assert str(caught.value) == caught.value.reason
    return caught.value.reason


# --- reading the login name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"Ren\xe9", "the name is not UTF-8 text (byte 0xE9 at position 4)"),
        (b"a\xff", "the name is not UTF-8 text (byte 0xFF at position 2)"),
        (b"\xed\xa0\x80x", "the name is not UTF-8 text (byte 0xED at position 1)"),
        (b"ab\xc3", "the name is not UTF-8 text (byte 0xC3 at position 3)"),
    ],
)
def test_bytes_that_are_not_utf8_are_refused_in_plain_words(raw: bytes, reason: str) -> None:
    """Rule: a user name that is not UTF-8 (a Latin-1 é, a stray 0xFF, an encoded surrogate, a
    cut-off sequence) is refused with the byte and its position, not a Python codec message."""
    assert refusal(raw) == reason


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("a\u200bnn", "character 2 (U+200B) is an invisible formatting character"),
        ("ann\u202e", "character 4 (U+202E) is an invisible formatting character"),
        ("ann\x1b[31m", "character 4 (U+001B) is a control character"),
        ("ann\u3164", "character 4 (U+3164) is an invisible character"),
        ("a\ufe0fnn", "character 2 (U+FE0F) is an invisible character"),
        ("ann\u3000lee", "character 4 (U+3000) is a space other than the plain space"),
        ("ann\u00a0lee", "character 4 (U+00A0) is a space other than the plain space"),
        ("ann\u2028", "character 4 (U+2028) is a line break"),
        (
            "a\ue000",
            "character 2 (U+E000) is a private-use character, which every computer may "
            "show differently",
        ),
        (" ann", "the name begins with a space"),
        ("ann ", "the name ends with a space"),
        (
            "a:b",
            "character 2 (U+003A) is ':', which separates the fields of the server's password file",
        ),
        ("ann@host", "character 4 (U+0040) is '@', which SSH puts between a user name and a host"),
    ],
)
def test_invisible_control_and_separator_characters_are_refused(name: str, reason: str) -> None:
    """Rule: zero-width, direction, control, filler and variation characters, spaces other than
    the plain one, surrounding spaces, ':' and '@' are refused, naming the character by position
    and code point; nothing is stripped silently."""
    assert refusal(name.encode("utf-8")) == reason


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("\uff21nn", "character 1 (U+FF21) is a compatibility form of 'A': type 'A' instead"),
        ("\ufb01ona", "character 1 (U+FB01) is a compatibility form of 'fi': type 'fi' instead"),
        ("ann\u00b2", "character 4 (U+00B2) is a compatibility form of '2': type '2' instead"),
        (
            "\uff71\uff9d",
            "character 1 (U+FF71) is a compatibility form of '\u30a2': type '\u30a2' instead",
        ),
    ],
)
def test_compatibility_characters_are_refused_with_what_to_type(name: str, reason: str) -> None:
    """Rule: a character whose NFKC form differs from its NFC form (full-width letters,
    ligatures, superscripts, half-width kana) is refused, saying what to type instead: SASLprep
    would otherwise turn it into another name."""
    assert refusal(name.encode("utf-8")) == reason


def test_what_sasl_prep_refuses_is_refused_first_with_a_reason() -> None:
    """Rule: SASLprep's own limits (characters newer than Unicode 3.2, the replacement
    character, right-to-left text mixed with left-to-right or not at both ends) are refused
    with a reason, so asyncssh never meets them."""
    assert refusal("\U0001f419".encode()) == (
        "character 1 (U+1F419) is newer than SSH login names allow (they may only use "
        "characters that Unicode 3.2 defines)"
    )
    assert refusal("\ufffd".encode()).startswith("character 1 (U+FFFD) is the replacement")
    assert refusal("Ann \u05e9\u05dc\u05d5\u05dd".encode()) == (
        "the name mixes right-to-left letters (character 5, U+05E9) with left-to-right ones "
        "(character 1, U+0041), which SSH login names may not do"
    )
    assert refusal("\u05e9\u05dc\u05d5\u05dd1".encode()) == (
        "a name with right-to-left letters must begin and end with one, and character 5 "
        "(U+0031) is not one"
    )
    assert read_login_name("\u05e9\u05dc\u05d5\u05dd".encode()) == "\u05e9\u05dc\u05d5\u05dd"


def test_length_width_and_emptiness() -> None:
    """Rule: a login name has at least one visible character, at most 64 bytes of UTF-8 and at
    most 40 terminal columns (the player-name rule)."""
    assert refusal(b"") == "the name is empty"
    assert refusal(b"a" * 65) == (
        "the name is 65 bytes long, and a login name may be at most 64 bytes of UTF-8"
    )
    assert refusal(b"a" * 41).startswith("a name may be at most 40 columns wide")
    assert refusal("\u0301".encode()) == "a name needs at least one visible character"
    assert read_login_name(b"a" * 40) == "a" * 40
    with pytest.raises(TypeError):
        read_login_name("ann")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "Zo\u00eb",
        "\u5c71\u7530",
        "\u0410\u043d\u043d\u0430",
        "Ann Lee",
        "O'Brien",
        "[b]Ann[/b]",
        "\u5c71\u7530Taro",
        "\u05e9\u05dc\u05d5\u05dd",
        "\u03a9",
    ],
)
def test_ordinary_names_of_every_script_are_accepted_as_sent(name: str) -> None:
    """Rule: letters of any script (Latin with accents, Han, Cyrillic, Hebrew, Greek), plain
    spaces, punctuation and markup-like text are accepted and stored as they were sent."""
    assert read_login_name(name.encode("utf-8")) == name


def test_a_decomposed_name_is_stored_composed() -> None:
    """Rule: the stored name is NFC: "Zoë" sent composed or decomposed is the same name."""
    decomposed = unicodedata.normalize("NFD", "Zo\u00eb")
    assert decomposed != "Zo\u00eb"
    assert read_login_name(decomposed.encode()) == "Zo\u00eb"
    assert read_login_name("Zo\u00eb".encode()) == "Zo\u00eb"


LETTERS = (
    "AaBbZz09 '-._[]",
    "\u00e9\u00f6\u00df\u0131\u0130",  # e-acute, o-diaeresis, sharp s, dotless i, dotted capital I
    "\u0301\u0308\u0327",  # combining acute, diaeresis, cedilla
    "\u0410\u0430\u041e\u043e\u0436",  # Cyrillic A a O o zhe
    "\u0391\u03b1\u039f\u03bf\u03a9",  # Greek
    "\u05d0\u05e9\u0627\u0644",  # Hebrew, Arabic
    "\u5c71\u7530\u3084\u30ab\ud55c\u3105",  # Han, kana, Hangul, Bopomofo
    "\uff21\ufb01\u00b2\u2126\u0340\u3000\u00a0",  # compatibility and canonical singletons
    "\u200b\u202e\u3164\ufe0f\u034f\x1b\x00\ufffd\ue000:@",  # invisible, control, separators
)
NAME_PIECES = st.one_of(
    st.text(st.sampled_from("".join(LETTERS)), min_size=1, max_size=6),
    st.sampled_from(WIDE_AND_ODD),
    st.text(st.characters(codec="utf-8"), max_size=3),
)


@fuzz_settings(300)
@given(text=st.lists(NAME_PIECES, min_size=1, max_size=4).map("".join))
def test_accepted_names_are_sasl_prep_stable(text: str) -> None:
    """Rule: for every name read_login_name accepts, asyncssh's saslprep returns exactly that
    name, from the name and from what the client sent; a refusal is a plain sentence, never a
    codec message."""
    raw = text.encode("utf-8")
    try:
        name = read_login_name(raw)
    except LoginNameRefused as refused:
        assert "codec" not in refused.reason and "\n" not in refused.reason
        return
    assert asyncssh_saslprep(name) == name
    assert asyncssh_saslprep(text) == name
    assert saslprep(name) == name
    assert unicodedata.is_normalized("NFC", name)


@fuzz_settings(200)
@given(raw=st.binary(max_size=70))
def test_any_bytes_are_refused_plainly_or_accepted_stable(raw: bytes) -> None:
    """Rule: whatever bytes arrive, the answer is a stored name that SASLprep leaves alone or a
    refusal in plain words; our SASLprep agrees with asyncssh's on what it accepts."""
    try:
        name = read_login_name(raw)
    except LoginNameRefused as refused:
        assert "codec" not in refused.reason and "can't decode" not in refused.reason
        return
    assert asyncssh_saslprep(name) == name


@fuzz_settings(200)
@given(text=st.text(st.characters(codec="utf-8"), max_size=8))
def test_our_saslprep_is_asyncssh_saslprep(text: str) -> None:
    """Rule: the module's stdlib SASLprep gives what asyncssh's gives, and refuses what it
    refuses."""
    try:
        theirs: str | None = asyncssh_saslprep(text)
    except SASLPrepError:
        theirs = None
    try:
        ours: str | None = saslprep(text)
    except ValueError:
        ours = None
    assert ours == theirs


# --- look-alikes --------------------------------------------------------------------------------


def test_names_that_look_alike_share_a_skeleton() -> None:
    """Rule: "ann", "Ann", "ANN", "\\u0430nn" (a Cyrillic a) and "ann" with a hidden Hangul
    filler share a skeleton; "ann" and "bob" do not."""
    shapes = {skeleton(n) for n in ("ann", "Ann", "ANN", "\u0430nn", "ann\uffa0", "a\u200bnn")}
    assert len(shapes) == 1
    assert skeleton("ann") != skeleton("bob")
    assert skeleton("Zo\u00eb") == skeleton(unicodedata.normalize("NFD", "ZO\u00cb"))


def test_digits_and_letter_pairs_look_alike_as_the_table_says() -> None:
    """Rule: confusables.txt's digit/letter pairs and "rn"/"m" are look-alikes: 0 and O (so o),
    1 and l, 1 and I, rn and m (also from a capital M)."""
    assert skeleton("0scar") == skeleton("Oscar") == skeleton("oscar")
    assert skeleton("1ily") == skeleton("lily")
    assert skeleton("rnary") == skeleton("mary") == skeleton("Mary")
    assert capital_skeleton("1lya") == capital_skeleton("Ilya")
    assert looks_alike("1ris", "Iris") and looks_alike("1ris", "lris")
    assert not looks_alike("Eli", "Ell") and not looks_alike("ann", "anne")


def test_capitals_catch_whole_script_look_alikes() -> None:
    """Rule: the Cyrillic "\\u0412\\u041e\\u0412" looks like "BOB" although its lower case
    does not look like "bob": looks_alike compares the capitals' skeletons too."""
    cyrillic = "\u0412\u041e\u0412"
    assert skeleton(cyrillic) != skeleton("BOB")
    assert capital_skeleton(cyrillic) == capital_skeleton("bob")
    assert looks_alike(cyrillic, "bob")


def test_paypal_with_a_cyrillic_a_looks_alike_and_mixes_scripts() -> None:
    """Rule: "p\\u0430ypal" with one Cyrillic a has the skeleton of "paypal" and is refused as
    mixing scripts, naming the Cyrillic letter."""
    fake = "p\u0430ypal"
    assert skeleton(fake) == skeleton("paypal")
    assert mixed_script_problem("paypal") is None
    assert mixed_script_problem(fake) == (
        "character 2 (U+0430) is Cyrillic but the name is written in Latin: a name may use only "
        "one script (Chinese, Japanese and Korean names may mix Han with kana, Bopomofo or "
        "Hangul, and with Latin)"
    )


@pytest.mark.parametrize(
    "name",
    [
        "\u0410\u043d\u043d\u0430",
        "\u5c71\u7530Taro",
        "\u3084\u307e\u3060\u82b1\u5b50",
        "\u5c71\u7530\u30bf\u30ed\u30fc",
        "\ud55c\uad6dKim",
        "\u738b\u3105",
        "Zo\u00eb 2",
        "\u0395\u03bb\u03ad\u03bd\u03b7",
        "!!!",
    ],
)
def test_one_script_or_a_cjk_mix_is_not_mixed(name: str) -> None:
    """Rule: one script plus Common/Inherited characters, or Han with kana, Bopomofo or Hangul
    (each with Latin too), is not a mixed-script name."""
    assert mixed_script_problem(name) is None


@pytest.mark.parametrize(
    ("name", "start"),
    [
        (
            "\u0395\u03bb\u03ad\u03bd\u03b7x",
            "character 6 (U+0078) is Latin but the name is written in Greek",
        ),
        ("Ann\u0663", "character 4 (U+0663) is Arabic but the name is written in Latin"),
        ("\u5c71\u7530\u3084\ud55c", "the name mixes the scripts Han, Hangul, Hiragana"),
    ],
)
def test_other_mixes_of_scripts_are_refused(name: str, start: str) -> None:
    """Rule: Greek with Latin, Latin with Arabic digits, kana with Hangul are mixed scripts."""
    problem = mixed_script_problem(name)
    assert problem is not None and problem.startswith(start)


@fuzz_settings(300)
@given(
    text=st.one_of(
        st.text(st.characters(exclude_categories=["Cs"]), max_size=10),
        st.lists(NAME_PIECES, min_size=1, max_size=4).map("".join),
    )
)
def test_skeleton_is_idempotent_and_a_function_of_the_key(text: str) -> None:
    """Rule: the skeleton of a skeleton is itself, and a name and its key (so every case
    variant of it) have one skeleton."""
    shape = skeleton(text)
    assert skeleton(shape) == shape
    assert skeleton(name_key(text)) == shape
    assert capital_skeleton(name_key(text)) == capital_skeleton(text)


def test_every_table_entry_settles() -> None:
    """Rule: the skeleton of every character the confusables table maps is idempotent."""
    for source in names.unicode_data().confusables:
        shape = skeleton(source)
        assert skeleton(shape) == shape, f"U+{ord(source):04X}"


# --- who holds which name -----------------------------------------------------------------------


def test_a_name_and_its_look_alikes_belong_to_whoever_claimed_it_first() -> None:
    """Rule: a claimed name, any case variant of it and any look-alike are refused to another
    identity, with the holder's name in the reason; the holder may use them."""
    claims = NameClaims()
    assert claims.claim("ann", ANN) is True
    assert claims.claim("Ann", ANN) is False
    assert claims.check("\u0430nn", BOB) == (
        "'\u0430nn' looks like 'ann', the name of another player on this server"
    )
    assert claims.check("ANN", BOB) == (
        "'ANN' is 'ann' (names ignore case), the name of another player on this server"
    )
    assert claims.check("ann", BOB) == "'ann' is the name of another player on this server"
    assert claims.check("ANN", ANN) is None
    assert claims.owner("a\u200bNN") == ANN and claims.owner("bob") is None
    with pytest.raises(ValueError, match="another player"):
        claims.claim("\u0430nn", BOB)


def test_an_identity_may_hold_several_names_and_their_look_alikes() -> None:
    """Rule: one identity may hold several names and use look-alikes of its own names (the
    Cyrillic "\\u0412\\u041e\\u0412" for its "BOB"), which another identity may not."""
    claims = NameClaims()
    assert claims.claim("BOB", BOB) and claims.claim("Robert", BOB)
    assert claims.names_of(BOB) == ["BOB", "Robert"]
    assert claims.check("\u0412\u041e\u0412", BOB) is None
    assert claims.check("\u0412\u041e\u0412", EVE) == (
        "'\u0412\u041e\u0412' looks like 'BOB', the name of another player on this server"
    )
    assert claims.check("p\u0430ypal", EVE) is not None  # mixed scripts
    assert claims.check("Zo\u00eb", EVE) is None
    assert claims.release("robert") == BOB and claims.names_of(BOB) == ["BOB"]


def test_a_name_reserved_for_nobody_is_refused_to_everyone() -> None:
    """Rule: a name reserved for nobody, its case variants and its look-alikes are refused to
    every identity; owner() says nobody."""
    claims = NameClaims()
    assert claims.reserve("admin", None) == []
    assert claims.check("Admin", ANN) == "'Admin' is a name reserved on this server"
    assert claims.check("\u0430dmin", ANN) == (
        "'\u0430dmin' looks like 'admin', a name reserved on this server"
    )
    assert claims.owner("ADMIN") is None
    assert claims.reserved() == [("admin", None)]


def test_a_reservation_for_an_identity_wins_over_earlier_claims() -> None:
    """Rule: a name reserved for one identity may be used by it only; reserving ends other
    identities' claims on look-alikes (returned for the operator's log); unreserve frees it."""
    claims = NameClaims()
    claims.claim("root", BOB)
    assert claims.reserve("r00t", EVE) == [("root", BOB)]
    assert claims.owner("root") == EVE
    assert claims.check("root", EVE) is None and claims.claim("ROOT", EVE) is True
    assert claims.check("root", BOB) == "'root' looks like 'r00t', a name reserved on this server"
    assert claims.reserved() == [("r00t", EVE)]
    assert claims.unreserve("R00T") is True and claims.unreserve("r00t") is False
    assert claims.owner("root") == EVE  # still claimed by Eve
    assert claims.check("root", BOB) == (
        "'root' is 'ROOT' (names ignore case), the name of another player on this server"
    )
    with pytest.raises(ValueError):
        claims.reserve("a\x1b", None)


def test_bad_identities_are_refused() -> None:
    """Rule: an identity is "kind:value" on one safe line."""
    claims = NameClaims()
    for bad in ("ann", "", "USER:ann", "user:", "user:a\nb", "user:" + "x" * 400):
        with pytest.raises(ValueError):
            claims.check("ann", bad)
    assert claims.check("ann", "key:SHA256:abc/+=") is None


def test_claims_survive_a_round_trip_through_json() -> None:
    """Rule: to_dict is JSON-safe and from_dict gives back the same claims and reservations,
    in the same order, deciding the same way."""
    claims = NameClaims()
    claims.claim("ann", ANN)
    claims.claim("Zo\u00eb", ANN)
    claims.claim("\u5c71\u7530", BOB)
    claims.reserve("admin", None)
    claims.reserve("ops", EVE)
    data = json.loads(json.dumps(claims.to_dict()))
    again = NameClaims.from_dict(data)
    assert again.to_dict() == claims.to_dict()
    assert again.claims() == [("ann", ANN), ("Zo\u00eb", ANN), ("\u5c71\u7530", BOB)]
    assert again.check("\u0430nn", BOB) == claims.check("\u0430nn", BOB) is not None
    assert again.owner("OPS") == EVE


def _good() -> dict[str, Any]:
    return {
        "format": "gardens-tui/name-claims",
        "version": 1,
        "claims": [{"name": "ann", "identity": ANN}],
        "reserved": [{"name": "admin", "identity": None}],
    }


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: [], "names: expected an object"),
        (lambda d: {**d, "format": "gardens-tui/snapshot"}, "names.format: unknown value"),
        (lambda d: {**d, "version": 2}, "names.version: must be at most 1"),
        (lambda d: {**d, "version": True}, "names.version: expected an integer"),
        (lambda d: {k: v for k, v in d.items() if k != "claims"}, "names.claims: missing"),
        (lambda d: {**d, "claims": {"ann": ANN}}, "names.claims: expected a list"),
        (lambda d: {**d, "claims": ["ann"]}, "names.claims[0]: expected an object"),
        (lambda d: {**d, "claims": [{"name": "ann"}]}, "names.claims[0].identity: missing"),
        (
            lambda d: {**d, "claims": [{"name": "a\x1b[2J", "identity": ANN}]},
            "names.claims[0].name: the name",
        ),
        (
            lambda d: {**d, "claims": [{"name": " ann", "identity": ANN}]},
            "names.claims[0].name: the name ' ann' is not in its stored form",
        ),
        (
            lambda d: {**d, "claims": [{"name": "\u00e9" * 33, "identity": ANN}]},
            "names.claims[0].name: the name is 66 bytes long",
        ),
        (
            lambda d: {**d, "claims": [{"name": 7, "identity": ANN}]},
            "names.claims[0].name: expected a string",
        ),
        (
            lambda d: {**d, "claims": [{"name": "ann", "identity": "ann"}]},
            "names.claims[0].identity: not an identity",
        ),
        (
            lambda d: {**d, "claims": [{"name": "ann", "identity": "user:a\u202eb"}]},
            "names.claims[0].identity: character 7 is",
        ),
        (
            lambda d: {**d, "claims": [*d["claims"], {"name": "ANN", "identity": BOB}]},
            "names.claims[1].name: 'ANN' is there twice (also names.claims[0])",
        ),
        (
            lambda d: {**d, "reserved": [{"name": "x", "identity": 5}]},
            "names.reserved[0].identity: expected a string",
        ),
        (
            lambda d: {**d, "reserved": [{"name": "", "identity": None}]},
            "names.reserved[0].name: a name needs",
        ),
        (
            lambda d: {**d, "reserved": [{"name": "x", "identity": None}] * 10_001},
            "names.reserved: too many items",
        ),
    ],
)
def test_a_hostile_claims_file_is_refused_with_the_path(change: Any, path: str) -> None:
    """Rule: from_dict checks every field and names the path of the first bad one: wrong types,
    another format or version, names that break the name rule or are not stored forms, bad
    identities, a name twice, too many entries."""
    with pytest.raises(ValueError) as caught:
        NameClaims.from_dict(change(_good()))
    assert str(caught.value).startswith(path), str(caught.value)


# --- the data file ------------------------------------------------------------------------------


def test_the_data_file_says_what_it_came_from_and_keeps_unicodes_licence() -> None:
    """Rule: the shipped data file names its Unicode sources (version, date, copyright line,
    SHA-256) and carries the Unicode licence; it is ASCII JSON."""
    raw = names.DATA_FILE.read_bytes()
    raw.decode("ascii")
    data = json.loads(raw)
    assert [s["table"] for s in data["sources"]] == ["confusables", "scripts"]
    for source in data["sources"]:
        assert source["unicode_version"] == "18.0.0"
        assert len(source["sha256"]) == 64
        assert any("\u00a9 2026 Unicode" in line for line in source["header"])
    assert data["licence"][0] == "UNICODE LICENSE V3"
    assert names.unicode_data().versions == {"confusables": "18.0.0", "scripts": "18.0.0"}
    assert names.unicode_data().script("\u0430") == "Cyrillic"
    assert names.unicode_data().script("\U0010ffff") == "Unknown"


def test_importing_the_module_reads_no_data() -> None:
    """Rule: the server imports the module at start; the data is read on first use only."""
    code = (
        "import gardens_tui.server.store.names as n\n"
        "assert n.unicode_data.cache_info().currsize == 0\n"
        "n.skeleton('ann')\n"
        "assert n.unicode_data.cache_info().currsize == 1\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


CONFUSABLES = """\
\ufeff# confusables.txt
# Date: 2026-01-01
# \u00a9 2026 Unicode\u00ae, Inc.
# Version: 99.0.0
#
0430 ;\t0061 ;\tMA\t# ( \u0430 \u2192 a ) CYRILLIC SMALL LETTER A \u2192 LATIN SMALL LETTER A
006D ;\t0072 006E ;\tMA\t# ( m \u2192 rn )
"""

SCRIPTS = """\
# Scripts-99.0.0.txt
# \u00a9 2026 Unicode\u00ae, Inc.

0000..0040    ; Common # Cc etc.
0041..005A    ; Latin # Lu
0061..007A    ; Latin # Ll
0400..04FF    ; Cyrillic # L
"""


def test_the_build_command_derives_a_data_file_the_module_reads(tmp_path: Path) -> None:
    """Rule: --build turns a confusables.txt and a Scripts.txt into the data file: the MA
    mappings, script runs covering every code point, the sources' headers and the licence;
    a bad input is refused with the line and exit status 2, writing nothing."""
    (tmp_path / "confusables.txt").write_text(CONFUSABLES, encoding="utf-8")
    (tmp_path / "Scripts.txt").write_text(SCRIPTS, encoding="utf-8")
    out = tmp_path / "data.json"
    summary = names.build_data_file(
        tmp_path / "confusables.txt", tmp_path / "Scripts.txt", out, "a test", verify=False
    )
    assert "2 confusables (Unicode 99.0.0)" in summary
    data = names._unicode_data(json.loads(out.read_text("ascii")))
    assert data.confusables == {"\u0430": "a", "m": "rn"}
    assert [data.script(c) for c in "@Aa[\u0430\u0500"] == [
        "Common",
        "Latin",
        "Latin",
        "Unknown",
        "Cyrillic",
        "Unknown",
    ]
    assert names._skeleton_with(data.confusables, "\u0430mM") == "arnrn"

    bad = tmp_path / "bad" / "confusables.txt"
    bad.parent.mkdir()
    bad.write_text("0430 ; 0061 ; SL # old table type\n# Version: 1\n", encoding="utf-8")
    (bad.parent / "Scripts.txt").write_text(SCRIPTS, encoding="utf-8")
    other = tmp_path / "other.json"
    assert names.main(["--build", str(bad), "--output", str(other)]) == 2
    assert not other.exists()
