"""The shared action picker on a small made-up game (no app, no real rules).

The fake game has what the coming games need: path tiles laid from the hand at a map cell with a
rotation (The Gardens, Seabed Neighbours), a card thrown at a player (Throw Octopus!), a piece
moved from one cell to another (Octopus's Garden), a market row bought with its handle whose
tiles join the purchase, and a pass on a key. The tests walk the picker step by step: what is
highlighted after each choice, what a key does, the every-choice list, and which places the
last moves changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from gardens_tui.rules.base import Action, Decision, GameState
from gardens_tui.seats import LogStep
from gardens_tui.ui.widgets.action_picker import (
    ActionPicker,
    Entry,
    Nothing,
    Offer,
    Parts,
    Place,
    Play,
    Selected,
    Selection,
    describe_entries,
    keep_item,
    narrow,
    resolve,
)
from gardens_tui.ui.widgets.action_picker_marks import last_marks, marked_steps

MAP, MARKET, PLAYERS = "map", "market", "players"


class FakeParts:
    """How the fake game's actions split into parts."""

    def parts(self, action: Action, selection: Selection) -> Parts | None:
        verb = action[0]
        if verb == "lay":  # ("lay", tile, cell, rotation)
            return Parts(item=action[1], places=(Place(MAP, action[2]),), variant=action[3])
        if verb == "move":  # ("move", from, to)
            return Parts(places=(Place(MAP, action[1]), Place(MAP, action[2])))
        if verb == "throw":  # ("throw", card, seat)
            return Parts(item=action[1], places=(Place(PLAYERS, action[2]),))
        if verb == "buy":  # ("buy", row): its handle, and its three tiles join it
            if selection.mode == "swap":
                return None
            tiles = tuple(Place(MARKET, (action[1], i)) for i in range(3))
            return Parts(places=(Place(MARKET, ("row", action[1])),), joins=tiles)
        if verb == "swap" and len(action) == 2:  # ("swap", tile): a mode, then the tile
            tile = Place(MARKET, action[1])
            if selection.mode == "swap":
                return Parts(places=(tile,), command="swap")
            return Parts(joins=(tile,), command="swap")
        if verb == "gift":  # ("gift", card, seat): listed by its key
            return Parts(item=action[1], command="gift")
        return Parts(command=verb)  # ("pass",), ("draw",)


FAKE = FakeParts()

LEGAL: list[Action] = [
    ("lay", "bend", (0, 0), 0),
    ("lay", "bend", (0, 0), 90),
    ("lay", "bend", (1, 0), 90),
    ("lay", "cross", (1, 0), 0),
    ("move", (2, 2), (2, 3)),
    ("move", (2, 2), (3, 2)),
    ("move", (4, 4), (4, 5)),
    ("throw", "ink", 1),
    ("throw", "ink", 2),
    ("buy", 1),
    ("buy", 2),
    ("swap", (1, 0)),
    ("swap", (2, 1)),
    ("gift", "ink", 1),
    ("gift", "ink", 2),
    ("pass",),
]


def test_nothing_chosen_highlights_the_first_places_of_the_actions_without_an_item() -> None:
    choices = narrow(LEGAL, FAKE, Selection())
    assert choices.legal(MAP) == {(2, 2), (4, 4)}  # the moves' origins; no tile is chosen
    assert choices.legal(MARKET) == {("row", 1), ("row", 2)}  # tiles only join a purchase
    assert choices.legal(PLAYERS) == set()  # no card is chosen
    assert choices.entries(Place(MAP, (2, 2))) == [Entry(origin=(2, 2))]
    assert choices.loose == [("gift", "ink", 1), ("gift", "ink", 2), ("pass",)]


def test_a_hand_item_narrows_to_its_places_and_rotations_are_listed() -> None:
    picker = ActionPicker(FAKE)
    picker.reset(LEGAL, Selection(item="bend"))
    choices = picker.choices
    assert choices.legal(MAP) == {(0, 0), (1, 0), (2, 2), (4, 4)}
    assert choices.variants == [0, 90]
    # Two rotations fit on (0, 0): the place lists them; one fits on (1, 0): it plays at once.
    offer = picker.choose(Place(MAP, (0, 0)))
    assert offer == Offer((Entry(("lay", "bend", (0, 0), 0)), Entry(("lay", "bend", (0, 0), 90))))
    assert picker.choose(Place(MAP, (1, 0))) == Play(("lay", "bend", (1, 0), 90))
    # A selected rotation hides the other one: (0, 0) now plays it.
    rotations = []
    for _ in range(3):  # nothing selected: the first rotation, then the next, then round
        assert picker.cycle_variant()
        rotations.append(picker.selection.variant)
    assert rotations == [0, 90, 0]
    assert picker.cycle_variant(-1)
    assert picker.choose(Place(MAP, (0, 0))) == Play(("lay", "bend", (0, 0), 90))
    # Another tile: its own places.
    picker.select(Selection(item="cross"))
    assert picker.choices.legal(MAP) == {(1, 0), (2, 2), (4, 4)}


def test_a_card_then_a_player() -> None:
    picker = ActionPicker(FAKE)
    picker.reset(LEGAL, Selection(item="ink"))
    assert picker.choices.legal(PLAYERS) == {1, 2}
    assert picker.choose(Place(PLAYERS, 2)) == Play(("throw", "ink", 2))
    assert isinstance(picker.choose(Place(PLAYERS, 0)), Nothing)


def test_a_move_takes_its_origin_then_its_destination_and_the_origin_again_puts_it_back() -> None:
    picker = ActionPicker(FAKE)
    picker.reset(LEGAL)
    step = picker.choose(Place(MAP, (2, 2)))
    assert step == Selected(Selection(places=(Place(MAP, (2, 2)),)))
    assert picker.selection.half_made
    assert picker.choices.legal(MAP) == {(2, 3), (3, 2)}  # only its destinations
    assert picker.choices.legal(MARKET) == set()
    assert picker.choose(Place(MAP, (4, 5))) == Nothing(place=Place(MAP, (4, 5)))
    assert picker.choose(Place(MAP, (2, 2))) == Selected(Selection())  # put back
    assert picker.choose(Place(MAP, (2, 2))) == Selected(Selection(places=(Place(MAP, (2, 2)),)))
    assert picker.choose(Place(MAP, (3, 2))) == Play(("move", (2, 2), (3, 2)))
    assert picker.cancel() and not picker.selection.half_made
    assert not picker.cancel()


def test_a_tile_lists_what_it_joins_and_a_handle_buys_at_once() -> None:
    picker = ActionPicker(FAKE)
    picker.reset(LEGAL)
    assert picker.choose(Place(MARKET, ("row", 2))) == Play(("buy", 2))
    tile = picker.choices.entries(Place(MARKET, (1, 0)))
    assert tile == [Entry(("buy", 1), exact=False), Entry(("swap", (1, 0)), exact=False)]
    assert resolve(tile) is None
    assert picker.choose(Place(MARKET, (1, 0))) == Offer(tuple(tile))


def test_command_keys_play_list_or_narrow() -> None:
    picker = ActionPicker(FAKE)
    picker.reset(LEGAL, Selection(item="ink"))
    assert picker.command("pass") == Play(("pass",))
    assert picker.command("gift", "list") == Offer(
        (Entry(("gift", "ink", 1)), Entry(("gift", "ink", 2)))
    )
    assert picker.command("draw") == Nothing(command="draw")  # not legal now
    # A mode: the tiles that may be swapped become the targets and buying is hidden.
    step = picker.command("swap", "mode")
    assert isinstance(step, Selected) and step.selection.mode == "swap"
    assert picker.choices.legal(MARKET) == {(1, 0), (2, 1)}
    assert picker.choose(Place(MARKET, (2, 1))) == Play(("swap", (2, 1)))
    assert picker.command("swap", "mode") == Selected(Selection(item="ink"))  # out of the mode
    # Without an item, the gift (which needs the card) is not offered by its key.
    picker.select(Selection())
    assert picker.command("gift", "list") == Nothing(command="gift")


def test_a_mode_whose_only_action_has_no_place_plays_it() -> None:
    picker = ActionPicker(FAKE)
    picker.reset([("swap",), ("pass",)])
    assert picker.command("swap", "mode") == Play(("swap",))


def test_every_choice_lists_every_legal_action_described() -> None:
    picker = ActionPicker(FAKE)
    picker.reset(LEGAL)
    offer = picker.every_choice()
    assert [entry.action for entry in offer.entries] == LEGAL
    labels = describe_entries(offer.entries, lambda a: " ".join(map(str, a)), str)
    assert labels[0] == "Lay bend (0, 0) 0" and labels[-1] == "Pass"
    origin = describe_entries([Entry(origin=(2, 2))], str, lambda cell: f"move from {cell}")
    assert origin == ["Move from (2, 2)"]


def test_confirm_previews_a_placement_cycles_its_rotations_and_plays_on_the_second_choice() -> None:
    picker = ActionPicker(FAKE, confirm=True)
    picker.reset(LEGAL, Selection(item="bend", variant=90))
    step = picker.choose(Place(MAP, (0, 0)))
    assert isinstance(step, Selected) and step.selection.variant == 90
    assert picker.choices.ready == ("lay", "bend", (0, 0), 90)
    assert picker.cycle_variant()
    assert picker.choices.ready == ("lay", "bend", (0, 0), 0)
    # Another place while one is previewed: preview that one (keeping a rotation that fits).
    step = picker.choose(Place(MAP, (1, 0)))
    assert isinstance(step, Selected) and step.selection.places == (Place(MAP, (1, 0)),)
    assert picker.choices.ready == ("lay", "bend", (1, 0), 90)
    assert picker.choose(Place(MAP, (1, 0))) == Play(("lay", "bend", (1, 0), 90))


def test_keep_item_keeps_a_usable_item_else_takes_the_first() -> None:
    assert keep_item("ink", ["bend", "ink"]) == "ink"
    assert keep_item("cross", ["bend", "ink"]) == "bend"
    assert keep_item(None, []) is None


# --- marks: what changed since the seat last decided ---------------------------------------------


@dataclass(slots=True, eq=False, kw_only=True)
class MapState(GameState):
    """A position of the fake game: a map of cells and who decides."""

    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    to_move: int | None = 0

    @property
    def decision(self) -> Decision | None:
        return None if self.to_move is None else Decision(self.to_move, "lay", "Lay a tile")


@dataclass(slots=True)
class FakeHistory:
    """A seat view's history: positions and who made each decision."""

    states: list[MapState]

    @property
    def length(self) -> int:
        return len(self.states) - 1

    def decision(self) -> Decision | None:
        return self.states[-1].decision

    def log(self, since: int = 0) -> list[LogStep]:
        return [
            LogStep(i, 1, self.states[i - 1].to_move, ())
            for i in range(max(since, 0) + 1, len(self.states))
        ]

    def view_at(self, index: int) -> GameState:
        return self.states[index]

    def play(self, seat_next: int | None, **cells: str) -> None:
        grid = dict(self.states[-1].cells)
        grid.update({(int(k[1]), int(k[2])): v for k, v in cells.items()})
        self.states.append(MapState(("Ann", "Bob"), {}, 0, cells=grid, to_move=seat_next))


def map_changes(before: GameState, after: GameState, step: LogStep) -> Iterator[Place]:
    assert isinstance(before, MapState) and isinstance(after, MapState)
    for cell, tile in after.cells.items():
        if before.cells.get(cell) != tile:
            yield Place(MAP, cell)


def history() -> FakeHistory:
    return FakeHistory([MapState(("Ann", "Bob"), {}, 0)])


def test_marks_mid_turn_show_only_the_seats_latest_decision() -> None:
    game = history()
    game.play(0, c00="bend")  # Ann lays, and decides again
    game.play(0, c10="cross")
    assert [step.index for step in marked_steps(game)] == [2]
    assert last_marks(game, map_changes).on(MAP) == {(1, 0)}


def test_marks_at_a_new_turn_show_everything_since_the_seat_last_decided() -> None:
    game = history()
    game.play(1, c00="bend")  # Ann's last decision
    game.play(1, c10="cross")  # Bob, twice
    game.play(0, c20="bend", c00="cross")  # (Bob's tile replaced Ann's on (0, 0))
    assert [step.index for step in marked_steps(game, window=1)] == [3, 2]
    marks = last_marks(game, map_changes)
    assert marks.on(MAP) == {(1, 0), (2, 0), (0, 0)}
    assert marks.on(MARKET) == set()


def test_marks_at_the_end_show_the_last_decision_and_nothing_before_the_first() -> None:
    game = history()
    assert marked_steps(game) == []
    game.play(1, c00="bend")
    game.play(None, c10="cross")  # Bob's decision ended the game
    assert [step.index for step in marked_steps(game)] == [2]
    fresh = history()
    fresh.play(1, c00="bend")  # Bob decides first time: everything so far is Ann's
    assert last_marks(fresh, map_changes).on(MAP) == {(0, 0)}
