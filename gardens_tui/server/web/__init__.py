"""The browser front ends: :mod:`.local` (``gardens serve web --local``: the ordinary app in a
browser tab, local play as the user running it, through textual-serve) and :mod:`.front`
(browsers at the SSH server's shared tables: a log-in page, invite links and each person's
lobby app on a pseudo-terminal of its own, shown by the page's terminal).

Importing this package imports neither (aiohttp and textual-serve load only when one runs)."""
