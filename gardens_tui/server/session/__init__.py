"""Starting a player's session: the app on its own pseudo-terminal (:mod:`.terminal`), what
runs there (:mod:`.app_child`) and the filter a client's bytes pass through (:mod:`.input_filter`).
"""
