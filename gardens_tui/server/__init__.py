"""Networked play, in layers: each imports only those below it.

- :mod:`.store` (bottom): where tables and the operator's records live, behind one interface
  each: :mod:`.store.tables` (a hosted table and the ``TableStore`` interface),
  :mod:`.store.file_tables` (the embedded default: files in the saves folder),
  :mod:`.store.postgres` (PostgreSQL, shared by several front ends), :mod:`.store.records`
  (bans, names, mutes, the message of the day) and :mod:`.store.names` (which login names are
  acceptable, and which look alike).
- :mod:`.lobby`: the table owner and its protocol: :mod:`.lobby.owner` holds the tables, runs
  their bots and time limits and serves each seat its own view over a Unix socket;
  :mod:`.lobby.protocol` is the versioned wire format; :mod:`.lobby.client` and
  :mod:`.lobby.remote` are the app's end (a :class:`~gardens_tui.seats.SeatView` of a remote
  table), the same for every front end.
- :mod:`.session`: starting a player's session: :mod:`.session.terminal` (the app on its own
  pseudo-terminal), :mod:`.session.hosts` and :mod:`.session.host` (session hosts: many
  players' apps in one process forked from :mod:`.session.zygote`, each drawing through
  :mod:`.session.pty_driver`), :mod:`.session.app_child` (the lobby app as a program of its
  own, with incident reports instead of tracebacks) and :mod:`.session.input_filter` (a
  client's bytes made into keys and pastes).
- :mod:`.door`: what every front end open to strangers needs: :mod:`.door.guard` (connection
  caps, the login throttle), :mod:`.door.listener` (an accept loop that survives running out of
  descriptors) and :mod:`.door.auth` (keys, password hashes, who a person is).
- Front ends (top): :mod:`.ssh` (the SSH server, the operator's tools and socket) and
  :mod:`.web` (browsers: local play, and seats at the shared tables). They authenticate,
  throttle and hand each player to the same lobby and seat views; none decides a rule or
  touches a table's file.

:mod:`.logs` is the server's logging (rate-limited, with an audit trail), used by every layer.
Importing this package imports none of them.
"""
