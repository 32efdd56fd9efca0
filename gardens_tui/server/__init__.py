"""Play over SSH: one process owns the tables, each SSH session runs the app in its own terminal.

- :mod:`.protocol`: the versioned, length-prefixed JSON messages between the table owner and the
  app processes (every message listed with its fields), and their checks.
- :mod:`.hosted`: a hosted table (game, seat holders) and its files in the saves folder.
- :mod:`.owner`: :class:`~.owner.TableOwner`, which holds the tables, drives their bots, saves
  them and serves seat views over a Unix socket.
- :mod:`.client` and :mod:`.remote`: the app process's end: a connection and
  :class:`~.remote.RemoteSeatView`, the :class:`~gardens_tui.seats.SeatView` of a remote table.
- :mod:`.auth`: who may log in (authorized keys, salted password hashes, or anyone).
- :mod:`.terminal`: one pseudo-terminal child process per SSH session.
- :mod:`.ssh`: the asyncssh server offering nothing but the game.
- :mod:`.app_child`: what runs in that child (the only module here that imports Textual).
- :mod:`.web`: ``gardens serve web``, the app in a browser through textual-serve (local play).

Importing this package imports none of them.
"""
