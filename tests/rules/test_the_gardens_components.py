"""The Gardens' components match design/components.md section 2: three decks of 32 cards from
one template with the species rotated, twelve landmarks on four mat halves, ten advanced tiles."""

from __future__ import annotations

from collections import Counter

from gardens_tui.rules.the_gardens.components import (
    CARDS,
    LANDMARKS,
    LAYOUTS,
    SLOTS,
    SPECIES,
    TILE_TEXT,
    TILES,
    E,
    N,
    S,
    W,
    layout_cells,
    layout_landmarks,
    triangle,
)


def test_three_decks_of_32_cards() -> None:
    """Components: 96 garden cards, 32 in each of the decks A, B and C, named by deck and
    number."""
    assert len(CARDS) == 96
    assert Counter(card.deck for card in CARDS) == {0: 32, 1: 32, 2: 32}
    assert CARDS[0].name == "A1" and CARDS[95].name == "C32"


def test_deck_a_follows_the_template() -> None:
    """Components: deck A is the template as listed (spot checks of every kind of card)."""
    by_name = {card.name: card for card in CARDS}
    assert by_name["A1"].trees == (1, 0, 0, 0)
    assert by_name["A5"].trees == (1, 0, 0, 0) and by_name["A5"].paths == E | W
    assert by_name["A9"].trees == (1, 0, 1, 0)  # wattle + jacaranda: a double-tree card
    assert by_name["A12"].picnic and by_name["A12"].tree_count == 2
    assert by_name["A16"].stream and by_name["A16"].paths == E | W  # the bridge
    assert by_name["A18"].stream and by_name["A18"].fountain and by_name["A18"].picnic
    assert by_name["A19"].fountain and by_name["A19"].paths == N | E | S | W
    assert by_name["A23"].bench and by_name["A23"].paths == E | S
    assert by_name["A28"].statue and by_name["A28"].trees == (0, 0, 0, 1)
    assert by_name["A30"].paths == E | S | W and not by_name["A30"].tree_count


def test_decks_b_and_c_rotate_the_species() -> None:
    """Components: deck B shifts every species one step along wattle → bottlebrush → jacaranda
    → canary palm → wattle, deck C two steps; everything else is the same."""
    for number in range(32):
        a, b, c = CARDS[number], CARDS[32 + number], CARDS[64 + number]
        for s in range(4):
            assert b.trees[(s + 1) % 4] == a.trees[s]
            assert c.trees[(s + 2) % 4] == a.trees[s]
        assert (a.stream, a.fountain, a.bench, a.statue, a.paths) == (
            b.stream,
            b.fountain,
            b.bench,
            b.statue,
            b.paths,
        )


def test_feature_counts_per_deck() -> None:
    """Components: per deck 6 stream cards, 4 fountains, 4 benches, 4 statues, 19 focal trees
    (four double-tree cards), and every species equally often over the three decks."""
    deck_a = CARDS[:32]
    assert sum(c.stream for c in deck_a) == 6
    assert sum(c.fountain for c in deck_a) == 4
    assert sum(c.bench for c in deck_a) == 4
    assert sum(c.statue for c in deck_a) == 4
    assert sum(c.tree_count for c in deck_a) == 19
    assert sum(1 for c in deck_a if c.tree_count == 2) == 4
    assert len(SPECIES) == 4


def test_twelve_landmarks_on_four_layouts() -> None:
    """Components: twelve landmark cards; each of the four layouts shows six of them, one per
    row per half, at the columns counted outward from the Central Board."""
    assert len(LANDMARKS) == 12
    assert len(LAYOUTS) == 4
    seen: set[int] = set()
    for layout in LAYOUTS:
        cells = layout_cells(layout)
        assert len(cells) == 6 and sorted(cells.values()) == sorted(layout_landmarks(layout))
        rows = Counter(cell // 9 for cell in cells)
        assert rows == {0: 2, 1: 2, 2: 2}
        assert all(cell % 9 != 4 for cell in cells)
        seen.update(cells.values())
    assert seen == set(range(12))
    # The rulebook's example (l1 + r1): Opera House, Fort Denison, Conservatorium, Duck Pond,
    # Sydney Tower and the Art Gallery.
    keys = {LANDMARKS[lm].key for lm in layout_landmarks("l1-r1")}
    assert keys == {
        "opera-house",
        "fort-denison",
        "conservatorium",
        "duck-pond",
        "sydney-tower",
        "art-gallery",
    }
    assert layout_cells("l1-r1")[0] == 0  # Opera House: row A, 4 columns left of the board


def test_ten_advanced_tiles_and_seven_basic() -> None:
    """Components: 17 scoring tiles: seven basic (three walk slots, four end slots of which
    streams and pathways only have basic ones) and ten advanced, two per slot that has them."""
    assert len(SLOTS) == 5
    advanced = [(slot, tile) for slot in SLOTS for tile in TILES[slot][1:]]
    assert len(advanced) == 10
    assert all(tile in TILE_TEXT for tile in advanced)


def test_triangle_continues_past_four() -> None:
    """components.md: walk trees score 1, 3, 6, 10 and continue 15, 21 for 5, 6 trees."""
    assert [triangle(n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 21]
