"""Every SQL statement of the PostgreSQL store, and the schema's migrations.

Statements take their values as parameters (``%(name)s``), never as text pasted in: a table
code, a name or a chat line is data. The schema (version :data:`SCHEMA_VERSION`):

- ``gardens_schema``: one row, the schema's version;
- ``gardens_tables``: one row per table: its code, its game, ``envelope`` (the save file's
  envelope without its actions and position: format, setup, seed), ``version`` (changes to the
  game so far: moves and undos; a change commits only if it read the version it expects),
  ``plies`` (actions so far), ``over``, ``seats`` (the seats record's JSON) and
  ``seats_version`` (changes to the seats so far, checked the same way);
- ``gardens_actions``: each table's actions in notation, by ply (an undo deletes the last ones);
- ``gardens_chat``: every line said at a table;
- ``gardens_records``: the operator's records (bans, names, mutes, the message of the day), one
  JSON document per kind, with a ``version`` checked the same way (a front end merges its change
  into what it reads, and writes it only if nobody wrote that kind in between; notified as kind
  ``records``, code ``""``).

Every change ends with a notification on :data:`CHANNEL` (a small JSON object: ``kind``,
``code``, ``version``, ``from``: the front end that made it), sent when the transaction
commits.
"""

from __future__ import annotations

CHANNEL = "gardens"
"""The LISTEN/NOTIFY channel every front end listens on."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: the first schema
        """CREATE TABLE gardens_tables (
            code text PRIMARY KEY,
            game text NOT NULL,
            envelope text NOT NULL,
            version bigint NOT NULL,
            plies integer NOT NULL,
            over boolean NOT NULL,
            seats text NOT NULL,
            seats_version bigint NOT NULL,
            created timestamptz NOT NULL DEFAULT now(),
            updated timestamptz NOT NULL DEFAULT now()
        )""",
        """CREATE TABLE gardens_actions (
            code text NOT NULL REFERENCES gardens_tables ON DELETE CASCADE,
            ply integer NOT NULL,
            action text NOT NULL,
            PRIMARY KEY (code, ply)
        )""",
        """CREATE TABLE gardens_chat (
            id bigserial PRIMARY KEY,
            code text NOT NULL REFERENCES gardens_tables ON DELETE CASCADE,
            line text NOT NULL,
            said timestamptz NOT NULL DEFAULT now()
        )""",
        """CREATE TABLE gardens_records (
            kind text PRIMARY KEY,
            data text NOT NULL,
            version bigint NOT NULL
        )""",
    ),
)
"""The schema's migrations: entry ``i`` takes the schema from version ``i`` to ``i + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema this version of gardens-tui reads and writes."""

# --- the schema's version -------------------------------------------------------------------

SCHEMA_TABLE_EXISTS = "SELECT to_regclass('gardens_schema') IS NOT NULL"
CREATE_SCHEMA_TABLE = "CREATE TABLE gardens_schema (version integer NOT NULL)"
FIRST_SCHEMA_VERSION = "INSERT INTO gardens_schema (version) VALUES (0)"
READ_SCHEMA_VERSION = "SELECT version FROM gardens_schema"
SET_SCHEMA_VERSION = "UPDATE gardens_schema SET version = %(version)s"
LOCK_SCHEMA = "LOCK TABLE gardens_schema IN ACCESS EXCLUSIVE MODE"

# --- tables ---------------------------------------------------------------------------------

INSERT_TABLE = """
    INSERT INTO gardens_tables (code, game, envelope, version, plies, over, seats, seats_version)
    VALUES (%(code)s, %(game)s, %(envelope)s, 1, %(plies)s, %(over)s, %(seats)s, 1)
    ON CONFLICT (code) DO NOTHING
"""

BUMP_GAME = """
    UPDATE gardens_tables
    SET version = version + 1, plies = %(plies)s, over = %(over)s, updated = now()
    WHERE code = %(code)s AND version = %(expected)s
"""

DROP_ACTIONS_FROM = "DELETE FROM gardens_actions WHERE code = %(code)s AND ply >= %(ply)s"

INSERT_ACTION = "INSERT INTO gardens_actions (code, ply, action) VALUES (%s, %s, %s)"

BUMP_SEATS = """
    UPDATE gardens_tables
    SET seats = %(seats)s, seats_version = seats_version + 1, updated = now()
    WHERE code = %(code)s AND seats_version = %(expected)s
"""

REPEATABLE_READ = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"

READ_TABLE = """
    SELECT envelope, version, seats, seats_version FROM gardens_tables WHERE code = %(code)s
"""

READ_ACTIONS = "SELECT action FROM gardens_actions WHERE code = %(code)s ORDER BY ply"

TABLE_CODES = "SELECT code FROM gardens_tables ORDER BY code"

ALL_ACTIONS = "SELECT code, action FROM gardens_actions ORDER BY code, ply"

ALL_TABLES = "SELECT code, envelope, version, seats, seats_version FROM gardens_tables"

INSERT_CHAT = "INSERT INTO gardens_chat (code, line) VALUES (%(code)s, %(line)s)"

NOTIFY = "SELECT pg_notify('" + CHANNEL + "', %(payload)s)"

LISTEN = "LISTEN " + CHANNEL

# --- leading a table (session advisory locks: released when the connection ends) ----------

TRY_LEAD = "SELECT pg_try_advisory_lock(hashtextextended('gardens-table:' || %(code)s, 0))"

STOP_LEADING = "SELECT pg_advisory_unlock(hashtextextended('gardens-table:' || %(code)s, 0))"

# --- the operator's records -----------------------------------------------------------------

READ_RECORDS = "SELECT kind, data, version FROM gardens_records"

READ_RECORD = "SELECT data, version FROM gardens_records WHERE kind = %(kind)s"

INSERT_RECORD = """
    INSERT INTO gardens_records (kind, data, version) VALUES (%(kind)s, %(data)s, 1)
    ON CONFLICT (kind) DO NOTHING
"""

UPDATE_RECORD = """
    UPDATE gardens_records SET data = %(data)s, version = version + 1
    WHERE kind = %(kind)s AND version = %(expected)s
"""
