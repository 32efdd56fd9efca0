"""The modules of the conformance suite; use them through :mod:`gardens_tui.rules.conformance`.

One job each:

- :mod:`.report`: :class:`~.report.ConformanceError` and the helpers that word failures;
- :mod:`.checks_state`: one real position (round trip, copy, common fields, invariants,
  components, scores, the end, texts, ``evaluate``);
- :mod:`.checks_actions`: legal actions, notation, refusing illegal actions, ``apply``;
- :mod:`.checks_engine`: the speed slots: ``apply_trusted`` agrees with ``apply``, and cached
  legal actions equal a fresh computation;
- :mod:`.checks_decisions`: decisions are public, optional windows can be passed, skill
  decisions can be rolled and stop undo;
- :mod:`.checks_view`: what a view hides, and that the rules work on views;
- :mod:`.twins`: the leak checks, on positions a seat cannot tell apart (``determinise``);
- :mod:`.damage`: ``from_dict`` on damaged data;
- :mod:`.setups`: player counts, options, seeds and ``new_game``;
- :mod:`.playout`: :func:`~.playout.play_checked`, every check at every decision of a game;
- :mod:`.script`: the command line.

The package's name starts with ``_`` because every other subpackage of
:mod:`gardens_tui.rules` is a game (see :mod:`gardens_tui.rules.registry`).
"""
