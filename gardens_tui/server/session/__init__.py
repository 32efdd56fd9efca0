"""Starting a player's session: the app on its own pseudo-terminal (:mod:`.terminal`), run by a
session host with many players' apps (:mod:`.hosts` on the server's side, :mod:`.host` in the
host, :mod:`.pty_driver` the Textual driver each app draws through), the preloaded parent the
hosts are forked from (:mod:`.zygote`, messages in :mod:`.messages`), the app as a program of
its own (:mod:`.app_child`) and the filter a client's bytes pass through (:mod:`.input_filter`).
"""
