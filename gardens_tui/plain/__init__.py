"""The plain mode: play line by line, for screen readers, dumb terminals and ``ssh -T``.

Every game screen of the app is a Textual application, redrawn in place. The plain mode is the
same game in lines of text that make sense read aloud one at a time: no cursor movement, no
alternate screen, no colour unless asked. It prints what happened since the player last
decided (the log lines their seat may read), the position as their seat sees it (the game's
text board and status lines), and the decision with its legal moves numbered; the player types
a number, a move in the game's notation, or a command (``help`` lists them).

- :mod:`.console`: output (everything escaped: names and file contents are data) and input
  (one line at a time, from a reader thread, into an :class:`~.console.Inbox`);
- :mod:`.game`: :class:`~.game.PlainGame`, one seat view played through a console: the same
  loop for a game on this computer and a seat at a server's table;
- :mod:`.local`: ``gardens play --plain`` and ``gardens open --plain``: a table on this
  computer, its bots played between the person's turns and its autosave, as in the app;
- :mod:`.lobby`: the lobby of a server in words (tables, sit, watch, new, chat), for an SSH
  session without a pseudo-terminal;
- :mod:`.ssh_child`: the program such a session runs (the SSH front end starts it by name, as
  it starts the app: nothing under :mod:`gardens_tui.server` imports this package).

Nothing here imports Textual, and nothing here decides a rule: moves go through the seat view,
which refuses an illegal one with the reason.
"""
