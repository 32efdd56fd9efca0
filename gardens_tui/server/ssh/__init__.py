"""The SSH front end: :mod:`.front` (the server and its door), :mod:`.login` (one connection's
authentication), :mod:`.channel` (one session: the app on a pty), :mod:`.operator` (the
operator's tools) and :mod:`.admin` (their local socket)."""
