"""The bottom layer: where the server's tables and records live.

:mod:`.tables` holds a hosted table and its files, :mod:`.records` the operator's records
(bans, names, mutes, the message of the day) behind :class:`~.records.RecordStore`, and
:mod:`.names` the rules for login names and their look-alikes. Pure Python: no asyncio, no UI.
"""
