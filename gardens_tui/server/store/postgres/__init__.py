"""The PostgreSQL store: tables, seats, chat and the operator's records in one database that
several front ends share (``gardens serve ssh --store postgresql://…``).

- :mod:`.sql`: every SQL statement and the schema's migrations (the only module with SQL);
- :mod:`.schema`: creating and upgrading the schema (``gardens serve migrate``) and refusing a
  schema this version does not know;
- :mod:`.connections`: connecting, refusing a database this version cannot use, and listening
  to the notifications through restarts;
- :mod:`.tables`: :class:`~.tables.PostgresTableStore`, the owner's
  :class:`~gardens_tui.server.store.tables.TableStore` on PostgreSQL;
- :mod:`.records`: :class:`~.records.PostgresRecordStore`, the operator's records.

Needs psycopg 3 (``pip install 'gardens-tui[postgresql]'``), imported only here.
"""
