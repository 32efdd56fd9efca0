"""The outcomes of a dodge and the log line each one gives, as every seat reads it.

The target of a throw settles the ``"dodge"`` decision with one of these actions:

========================  ==============  ===============================================
action                    notation        what happened
========================  ==============  ===============================================
``("dodge",)``            ``dodge``       the target pressed the key in time
``("hit", "late")``       ``hit late``    no key in time: too late
``("hit", "wrong")``      ``hit wrong``   another key than the one shown
``("hit", "taken")``      ``hit taken``   the target took the hit without trying (Esc)
``("hit",)``              ``hit``         not dodged in time, no reason given
``("roll",)``             ``roll``        the ``hit-chance`` option decides (bots, the CLI)
========================  ==============  ===============================================

**Decision (issue 26): the reason is an optional word on the hit.** Every hit has the same
effect (the target draws 2 tiles and loses their next turn); only the log line differs, so the
reason cannot change a position. Plain ``hit`` stays legal and reads as before, so a save
written before the reasons existed replays to the very same positions (saves do not compare log
lines) and needs no rules version bump or migration. The app's dodge game plays the action with
the reason it saw; the command line may give one or not.
"""

from __future__ import annotations

from gardens_tui.rules.base import ROLL, Action

DODGE: Action = ("dodge",)
"""Dodged in time."""

HIT: Action = ("hit",)
"""Not dodged in time (no reason given: the command line, saves from before the reasons)."""

HIT_REASONS: tuple[str, ...] = ("late", "wrong", "taken")
"""The optional word of a hit, in the order the decision lists them."""

LATE: Action = ("hit", "late")
"""Too late: no key was pressed before the dodge window closed."""

WRONG: Action = ("hit", "wrong")
"""A wrong key: another key than the one shown was pressed in the window."""

TAKEN: Action = ("hit", "taken")
"""The hit taken without trying to dodge (Esc in the app)."""

OUTCOMES: tuple[Action, ...] = (DODGE, HIT, LATE, WRONG, TAKEN, ROLL)
"""Every legal action of a ``"dodge"`` decision, in the order ``legal_actions`` lists them."""

HIT_EFFECT = "2 tiles and a lost turn"
"""What a hit costs, in the words of the log line."""

_HIT_WORDS: dict[str, str] = {
    "": "did not dodge in time and was hit",
    "late": "was too late to dodge and was hit",
    "wrong": "pressed the wrong key and was hit",
    "taken": "took the hit without dodging",
}

_DESCRIPTIONS: dict[Action, str] = {
    DODGE: "dodged in time, no penalty",
    HIT: "not dodged in time: draw 2 tiles, lose your next turn",
    LATE: "too late to dodge: draw 2 tiles, lose your next turn",
    WRONG: "pressed the wrong key: draw 2 tiles, lose your next turn",
    TAKEN: "took the hit without dodging: draw 2 tiles, lose your next turn",
    ROLL: "let the hit-chance option decide whether you dodged in time",
}


def is_outcome(action: Action) -> bool:
    """Whether ``action`` is one of :data:`OUTCOMES` (any other value: ``False``)."""
    try:
        return action in OUTCOMES
    except TypeError:
        return False


def hit_reason(action: Action) -> str:
    """The reason word of a hit action (``""`` for plain ``hit``)."""
    return str(action[1]) if len(action) > 1 else ""


def outcome_line(name: str, action: Action, odds: str | None = None) -> str:
    """The public log line of ``name``'s dodge settled by ``action`` (``DODGE`` or one of the
    hits); ``odds`` (the hit chance) when a ``roll`` gave that outcome.

    "Bob dodged the octopus in time", "Bob was too late to dodge and was hit: 2 tiles and a
    lost turn", "Bob was hit (the 2/3 hit chance decided): 2 tiles and a lost turn" (a roll
    has no time to be late in: bots and the command line roll)."""
    if odds:
        rolled = f" (the {odds} hit chance decided)"
        if action == DODGE:
            return f"{name} dodged the octopus{rolled}"
        return f"{name} was hit{rolled}: {HIT_EFFECT}"
    if action == DODGE:
        return f"{name} dodged the octopus in time"
    return f"{name} {_HIT_WORDS[hit_reason(action)]}: {HIT_EFFECT}"


def describe(action: Action) -> str:
    """What a dodge outcome means, in a few words (for ``gardens moves``)."""
    return _DESCRIPTIONS.get(action, "")
