"""Why an action is refused here: the reason for this very position, for a player to read.

:func:`reason` is called by :func:`~.engine.apply` only once an action is known to be illegal (it
is not on the hot path). It returns the reason first and the rule's short name after it, e.g.
``"row 1 costs 5 pearls; you have 2 (rule: buying)"``. It never raises, whatever the action
holds: anything it cannot make sense of gets a general reason naming the pending decision.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden import animals, flow, treasure
from gardens_tui.rules.octopus_garden.board import (
    MARKET_COLS,
    MARKET_ROWS,
    NEIGHBOURS,
    NUM_CELLS,
    cell_name,
    market_line,
    market_name,
)
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    BOXER,
    CHEST,
    COCONUT,
    COCONUT_USED,
    CODES,
    COST,
    CRAB,
    CRAB_SHELL,
    CRAB_TRASH,
    DIVER,
    MIMIC,
    MIMIC_ANEMONE,
    MIMIC_SEAGRASS,
    SHARKS,
    STAR,
    describe,
)
from gardens_tui.rules.octopus_garden.flow import a
from gardens_tui.rules.octopus_garden.garden import base, free_anemones, oyster_distances
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.words import count, join_and, possessive

_CRAB_PIECES: tuple[int, ...] = (CRAB, CRAB_SHELL, CRAB_TRASH)

_TITLES: dict[str, str] = {
    "star": "sea star",
    "crab": "hermit crab",
    "crab+shell": "hermit crab in a shell",
    "crab+trash": "hermit crab in trash",
    "boxer": "boxer crab",
}

VERB_PHASES: dict[str, tuple[str, ...]] = {
    "buy": ("market", "shark"),
    "oyster": ("market",),
    "pass": ("market",),
    "release": ("shark",),
    "lionfish": ("lionfish",),
    "skip": ("lionfish", "claim"),
    "treasure": ("treasure",),
    "plant": ("plant",),
    "discard": ("plant",),
    "return": ("plant",),
    "move": ("animals",),
    "coconut": ("animals",),
    "done": ("animals", "push"),
    "push": ("push",),
    "refill": ("refill",),
    "claim": ("claim",),
}
"""The decisions in which each verb may be used (``mimic`` may be used in any of them)."""


class _Why(Exception):
    """Carries a reason out of the nested checks."""


def _rule(text: str, rule: str) -> str:
    return f"{text} (rule: {rule})"


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _cell(value: Any) -> str:
    if not _is_int(value, 0, NUM_CELLS - 1):
        raise _Why("there is no such garden space (a1..e4)")
    return cell_name(value)


def _space(value: Any) -> str:
    if not _is_int(value, 0, 8):
        raise _Why("there is no such market space (m1..m9)")
    return market_name(value)


def _stack_words(stack: tuple[int, ...]) -> str:
    return join_and([a(p) for p in stack], "nothing")


def waiting_for(s: OctopusState) -> str:
    """What the pending decision asks of whom: ``"Bob must place the drawn relic on ..."``."""
    who = s.players[s.current_player if s.current_player is not None else s.active]
    phase = s.phase
    if phase == "refill":
        return f"{who} must place the drawn {describe(s.drawn)} on an empty market space"
    what = {
        "lionfish": "decide on the lionfish (lionfish m1..m9, or skip)",
        "shark": "buy a row or column through the tile of the waiting shark, or release it",
        "market": "buy a row or column, attract an oyster, or pass",
        "treasure": "open the treasure chest (treasure 0, or treasure N keep / sell)",
        "plant": "plant the bought tokens",
        "animals": "move animals, then say done",
        "push": "push with the coconut octopus, then say done",
        "claim": "decide whether to put a shark on a market tile (claim m1..m9, or skip)",
    }[phase]
    return f"{who} must {what}"


def reason(s: OctopusState, action: Action) -> str:
    """Why ``action`` is not legal in ``s`` (which must not list it), reason first, then the rule.

    Never raises: an action it cannot make sense of gets a general reason.
    """
    try:
        return _reason(s, action)
    except _Why as why:
        return str(why)
    except Exception:  # a reason must never fail: the general one will do
        return _general(s)


def _general(s: OctopusState) -> str:
    if s.over:
        return "the game is over"
    return f"that is not possible now: {waiting_for(s)}"


def _reason(s: OctopusState, action: Action) -> str:
    if s.over:
        return "the game is over"
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return f"there is no such action: {waiting_for(s)}"
    verb = action[0]
    if verb == "mimic":
        return _mimic(s, action)
    phases = VERB_PHASES.get(verb)
    if phases is None:
        return f"there is no such action: {waiting_for(s)}"
    if s.phase not in phases:
        return f"that is not the decision now: {waiting_for(s)}"
    check = _CHECKS[s.phase]
    why = check(s, action)
    return why if why else _general(s)


# --- one check per decision kind: a reason, or "" when nothing more precise is known -----------


def _line(s: OctopusState, action: Action, seat: int) -> str:
    """Why the ``buy`` action ``action`` is refused to ``seat`` (market or shark decision)."""
    if len(action) != 3 or action[1] not in ("row", "col") or not _is_int(action[2], 1, 3):
        raise _Why(_rule("there is no such line: buy row 1..3 or buy col 1..3", "buying"))
    label = f"{'row' if action[1] == 'row' else 'column'} {action[2]}"
    spaces = market_line(action[1], action[2])
    if not any(s.market[m] for m in spaces):
        return _rule(f"{label} is empty", "buying")
    for m in spaces:
        owner = s.claims[m]
        if owner >= 0 and owner != seat:
            who = s.players[owner]
            return _rule(
                f"{possessive(who)} shark claims the {describe(s.market[m])} on {market_name(m)}: "
                f"nobody else may buy {label}",
                "shark",
            )
    cost = sum(COST[s.market[m]] for m in spaces)
    pearls = s.pearls[seat]
    if cost > pearls:
        return _rule(f"{label} costs {count(cost, 'pearl')}; you have {pearls}", "buying")
    return ""


def _market(s: OctopusState, action: Action) -> str:
    seat = s.active
    verb = action[0]
    if verb == "buy":
        return _line(s, action, seat)
    if verb == "oyster":
        if len(action) != 1:
            return _rule("say just 'oyster'", "attracting an oyster")
        price = flow.oyster_price(s, seat)
        if s.bed <= 0:
            return _rule("the oyster bed is empty", "attracting an oyster")
        if all(s.gardens[seat]):
            return _rule("your garden has no empty space for an oyster", "attracting an oyster")
        if s.pearls[seat] < price:
            return _rule(
                f"an oyster costs {count(price, 'pearl')}; you have {s.pearls[seat]}",
                "attracting an oyster",
            )
        return ""
    # pass
    spaces = flow.discardable_spaces(s)
    if len(action) == 1:
        first = market_name(spaces[0]) if spaces else "m1"
        return _rule(f"name the market tile to return to the bag, e.g. 'pass {first}'", "passing")
    if len(action) != 2:
        return _rule("pass m1..m9 returns that tile to the bag", "passing")
    m = action[1]
    where = _space(m)
    if not spaces:
        return _rule("there is no tile to return: say just 'pass'", "passing")
    if not s.market[m]:
        return _rule(f"{where} is empty", "passing")
    if s.claims[m] >= 0:
        who = s.players[s.claims[m]]
        return _rule(f"{possessive(who)} shark sits on {where}: that tile stays", "shark")
    return ""


def _shark(s: OctopusState, action: Action) -> str:
    seat = s.active
    claimed = s.claimed_space(seat)
    if action[0] == "release":
        return _rule("say just 'release'", "shark") if len(action) != 1 else ""
    why = _line(s, action, seat)
    if why:
        return why
    if claimed not in market_line(action[1], action[2]):
        lines = [
            f"{'row' if axis == 'row' else 'column'} {i + 1}"
            for axis, group in (("row", MARKET_ROWS), ("col", MARKET_COLS))
            for i, line in enumerate(group)
            if claimed in line
        ]
        return _rule(
            f"your shark claims {market_name(claimed)}: buy {' or '.join(lines)}, or release it",
            "shark",
        )
    return ""


def _lionfish(s: OctopusState, action: Action) -> str:
    if action[0] == "skip":
        return _rule("say just 'skip'", "lionfish") if len(action) != 1 else ""
    if len(action) != 2:
        return _rule("say which tile the lionfish chases off, e.g. 'lionfish m1'", "lionfish")
    m = action[1]
    where = _space(m)
    if not s.market[m]:
        return _rule(f"{where} is empty", "lionfish")
    if s.claims[m] >= 0:
        who = s.players[s.claims[m]]
        return _rule(f"{possessive(who)} shark sits on {where}: that tile stays", "shark")
    if s.pearls[s.active] < 1:
        return _rule(f"the lionfish costs 1 pearl; you have {s.pearls[s.active]}", "lionfish")
    return ""


def _treasure(s: OctopusState, action: Action) -> str:
    rule = "treasure chest"
    if len(action) == 2 and action[1] == 0:
        return ""
    if len(action) == 2 and _is_int(action[1], 1, 10_000):
        return _rule(f"say keep or sell, e.g. 'treasure {action[1]} keep'", rule)
    if len(action) != 3 or not _is_int(action[1], 0, 10_000) or action[2] not in ("keep", "sell"):
        return _rule("say 'treasure 0', or 'treasure N keep' / 'treasure N sell'", rule)
    k, mode = action[1], action[2]
    if k == 0:
        return _rule("paying nothing draws nothing: say just 'treasure 0'", rule)
    pearls = s.pearls[s.active]
    if k > pearls:
        return _rule(f"you have {count(pearls, 'pearl')}: you cannot pay {k}", rule)
    if k > treasure.max_draws(s, mode):
        in_bag = sum(s.bag) - (s.bag[CHEST] if mode == "sell" else 0)
        other = " other than chests" if mode == "sell" else ""
        if in_bag <= 0:
            return _rule(f"the bag holds no tokens{other}", rule)
        return _rule(f"the bag holds only {count(in_bag, 'token')}{other}", rule)
    return ""


def _plant(s: OctopusState, action: Action) -> str:
    rule = "planting"
    verb = action[0]
    garden = s.gardens[s.active]
    if len(action) < 2 or action[1] not in CODES:
        return _rule(f"say which token, e.g. '{verb} coral'", rule)
    kind = CODES[action[1]]
    name = describe(kind)
    if kind not in s.hand:
        return _rule(f"you have no {name} to {'plant' if verb == 'plant' else verb}", rule)
    empty = [c for c in range(NUM_CELLS) if not garden[c]]
    if verb == "discard":
        need = sum(1 for t in s.hand if flow.needs_space(t))
        if not flow.needs_space(kind):
            return _rule(f"the {name} needs no empty space, so it cannot be discarded", rule)
        if len(action) == 2 and need <= len(empty):
            return _rule(
                f"there is room for everything ({count(len(empty), 'empty space')} for "
                f"{count(need, 'token')}): plant it",
                rule,
            )
        return ""
    if verb == "return":
        if kind != BOXER:
            return _rule("only a boxer crab with no anemone goes back to the bag", rule)
        hosts = free_anemones(garden)
        if hosts:
            spaces = join_and([cell_name(c) for c in hosts])
            return _rule(f"the boxer crab can ride the anemone on {spaces}", "boxer crab")
        if ANEMONE in s.hand:
            return _rule(
                "the anemone you bought with it will host the boxer crab: plant the anemone "
                "first, then the boxer crab on it",
                "boxer crab",
            )
        return ""
    # plant
    if kind == DIVER:
        return (
            _rule("the diver takes no space: say 'plant diver'", "diver")
            if len(action) != 2
            else ""
        )
    if len(action) != 3:
        return _rule(f"say where, e.g. 'plant {action[1]} c3'", rule)
    where = _cell(action[2])
    stack = garden[action[2]]
    if kind == BOXER:
        if action[2] not in free_anemones(garden):
            what = f"holds {_stack_words(stack)}" if stack else "is empty"
            return _rule(
                f"a boxer crab rides an anemone with nothing on it; {where} {what}",
                "boxer crab",
            )
        return ""
    if stack:
        return _rule(f"{where} is not empty (it holds {_stack_words(stack)})", rule)
    return ""


def _move(s: OctopusState, action: Action) -> str:
    garden = s.gardens[s.active]
    if len(action) not in (4, 5) or action[1] not in animals.PIECES:
        return _rule("say 'move ANIMAL FROM TO', e.g. 'move star c3 c4'", "moving animals")
    piece = animals.PIECES[action[1]]
    src, dst = action[2], action[3]
    src_name, dst_name = _cell(src), _cell(dst)
    title = _TITLES[action[1]]
    rule = {STAR: "sea stars", BOXER: "boxer crab"}.get(piece, "hermit crabs")
    stack = garden[src]
    here = stack[-1:] == (BOXER,) if piece == BOXER else piece in stack
    if not here:
        other = _other_crab(stack, piece)
        if other:
            how = {"crab": "has no home", "crab+shell": "carries its empty shell"}.get(
                other, "carries its trash"
            )
            return _rule(
                f"the hermit crab on {src_name} {how}: say 'move {other} {src_name} {dst_name}'",
                rule,
            )
        return _rule(f"there is no {title} on {src_name}", rule)
    if len(action) == 5 and (action[4] != "leave" or action[1] not in ("crab+shell", "crab+trash")):
        return _rule("only a crab with a home can leave it: 'move crab+shell c3 c4 leave'", rule)
    if s.moved.count((src, piece)) >= stack.count(piece):
        return _rule(f"the {title} on {src_name} has already moved this turn", rule)
    if dst not in NEIGHBOURS[src]:
        return _rule(f"{dst_name} is not next to {src_name}: animals step one space", rule)
    target = garden[dst]
    if piece == BOXER:
        if target:
            return _rule(
                f"a boxer crab steps only into an empty space; {dst_name} is not empty", rule
            )
        return ""
    if target and target[0] == CODES["coral"]:
        return _rule(f"{dst_name} holds coral: animals never enter coral", rule)
    if target and target[-1] == BOXER:
        return _rule(f"{dst_name} holds a boxer crab: animals never enter its space", rule)
    if piece == STAR:
        dist = oyster_distances(garden)
        if dist[src] <= 0:
            return _rule(
                f"the sea star on {src_name} cannot reach an oyster token, so it stays", rule
            )
        if dist[dst] != dist[src] - 1:
            return _rule(
                f"a sea star must step closer to the nearest oyster: from {src_name} it is "
                f"{count(dist[src], 'step')} away, from {dst_name} it would not be "
                f"{dist[src] - 1}",
                rule,
            )
        return ""
    if len(action) == 5 and base(stack):
        return _rule(
            f"{src_name} already holds {a(base(stack))}: the home cannot be left there", rule
        )
    return ""


def _other_crab(stack: tuple[int, ...], piece: int) -> str:
    """The name of a hermit crab on ``stack`` in another form than ``piece`` (a crab named
    without its home, or with a home it does not carry), or ``""``."""
    if piece not in _CRAB_PIECES:
        return ""
    for code in _CRAB_PIECES:
        if code != piece and code in stack:
            return animals.PIECE_NAMES[code]
    return ""


def _animals(s: OctopusState, action: Action) -> str:
    verb = action[0]
    garden = s.gardens[s.active]
    if verb == "done":
        if len(action) != 1:
            return _rule("say just 'done'", "moving animals")
        dist = oyster_distances(garden)
        stars = [
            cell_name(c)
            for c in range(NUM_CELLS)
            if dist[c] > 0 and garden[c].count(STAR) > s.moved.count((c, STAR))
        ]
        if stars:
            word = "sea star" if len(stars) == 1 else "sea stars"
            return _rule(f"the {word} on {join_and(stars)} must still move", "sea stars")
        return ""
    if verb == "coconut":
        rule = "coconut octopus"
        if not s.options.get("coconut-octopus"):
            return _rule("this game is played without the coconut octopus module", rule)
        if len(action) != 2:
            return _rule("say where, e.g. 'coconut c3'", rule)
        where = _cell(action[1])
        stack = garden[action[1]]
        if stack and stack[0] == COCONUT_USED:
            return _rule(
                f"the coconut octopus on {where} was already used: it pushes once per game", rule
            )
        if not stack or stack[0] != COCONUT:
            return _rule(f"there is no unused coconut octopus on {where}", rule)
        if not any(garden[n] for n in NEIGHBOURS[action[1]]):
            return _rule(f"nothing next to {where} to push", rule)
        return ""
    return _move(s, action)


def _push(s: OctopusState, action: Action) -> str:
    rule = "coconut octopus"
    if action[0] == "done":
        return _rule("say just 'done'", rule) if len(action) != 1 else ""
    if len(action) != 3:
        return _rule("say 'push FROM TO', e.g. 'push c4 c5'", rule)
    src_name, dst_name = _cell(action[1]), _cell(action[2])
    src, dst = action[1], action[2]
    if src not in s.pushes:
        waiting = join_and([cell_name(c) for c in s.pushes], "no space")
        return _rule(f"{src_name} is not waiting for a push (waiting: {waiting})", rule)
    if dst not in NEIGHBOURS[src]:
        return _rule(f"{dst_name} is not next to {src_name}: a push is one step", rule)
    garden = s.gardens[s.active]
    target = garden[dst]
    if base(garden[src]):
        if target:
            return _rule(
                f"{dst_name} is not empty: a space with a token moves only into an empty space",
                rule,
            )
        return ""
    if dst in s.pushes:
        return _rule(f"{dst_name} is still waiting for its own push", rule)
    if target and target[0] == CODES["coral"]:
        return _rule(f"{dst_name} holds coral: animals never enter coral", rule)
    if target and target[-1] == BOXER:
        return _rule(f"{dst_name} holds a boxer crab: animals never enter its space", rule)
    return ""


def _refill(s: OctopusState, action: Action) -> str:
    rule = "refilling the market"
    if len(action) != 2:
        return _rule("say where, e.g. 'refill m1'", rule)
    where = _space(action[1])
    if s.market[action[1]]:
        empty = join_and([market_name(m) for m in range(9) if not s.market[m]], last="or")
        return _rule(f"{where} is not empty: put the {describe(s.drawn)} on {empty}", rule)
    return ""


def _claim(s: OctopusState, action: Action) -> str:
    rule = "shark"
    if action[0] == "skip":
        return _rule("say just 'skip'", rule) if len(action) != 1 else ""
    if len(action) != 2:
        return _rule("say which tile, e.g. 'claim m1'", rule)
    m = action[1]
    where = _space(m)
    if not s.market[m]:
        return _rule(f"{where} is empty", rule)
    if s.claims[m] >= 0:
        return _rule(f"{possessive(s.players[s.claims[m]])} shark already sits on {where}", rule)
    if s.market[m] in SHARKS:
        return _rule(f"{where} holds a shark: a shark may not claim another shark", rule)
    return ""


def _mimic(s: OctopusState, action: Action) -> str:
    rule = "mimic octopus"
    if not s.options.get("mimic-octopus"):
        return _rule("this game is played without the mimic octopus module", rule)
    if len(action) != 3 or action[2] not in ("anemone", "seagrass"):
        return _rule("a mimic octopus becomes an anemone or a seagrass: 'mimic c3 anemone'", rule)
    where = _cell(action[1])
    seat = s.current_player if s.current_player is not None else s.active
    stack = s.gardens[seat][action[1]]
    if stack and stack[0] in (MIMIC_ANEMONE, MIMIC_SEAGRASS):
        became = "an anemone" if stack[0] == MIMIC_ANEMONE else "a seagrass"
        return _rule(
            f"the mimic octopus on {where} already became {became}: it is declared only once",
            rule,
        )
    if not stack or stack[0] != MIMIC:
        who = possessive(s.players[seat])
        return _rule(
            f"there is no undeclared mimic octopus on {where} in {who} garden (only the player "
            "deciding now may declare one)",
            rule,
        )
    return ""


_CHECKS = {
    "market": _market,
    "shark": _shark,
    "lionfish": _lionfish,
    "treasure": _treasure,
    "plant": _plant,
    "animals": _animals,
    "push": _push,
    "refill": _refill,
    "claim": _claim,
}

__all__ = ["VERB_PHASES", "reason", "waiting_for"]
