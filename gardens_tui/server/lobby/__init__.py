"""The table owner and its protocol: the lobby and the tables every front end serves.

:mod:`.owner` (the one process holding every table), :mod:`.protocol` (the versioned,
length-prefixed JSON messages), :mod:`.client` and :mod:`.remote` (the app process's end),
:mod:`.invites` (one-time links that bring a browser player to a table).
"""
