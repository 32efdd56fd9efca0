"""Tanuki in the Garden screen: the choices issue 26 added to Garden Master cards are worded so
a player can tell them apart in the ``m`` menu (the opponents Pilfer Shiitake takes from; which
tanuki Tanuki Bait sends to which square)."""

from __future__ import annotations

from gardens_tui.ui.screens.tanuki.aiming import card_words

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


def test_pilfer_words_name_the_chosen_opponents() -> None:
    """Card (Pilfer Shiitake): with a choice of opponents each play names its three."""
    assert card_words(("play", "pilfer", 1, 2, 4), NAMES) == (
        "Pilfer Shiitake: take 1 shiitake each from Bob, Cleo and Eve"
    )
    assert card_words(("play", "pilfer"), NAMES) == (
        "Pilfer Shiitake: take up to 3 shiitake, 1 from each opponent"
    )


def test_bait_words_say_which_tanuki_goes_where() -> None:
    """Card (Tanuki Bait): both orders of a pair are plays; the words tell them apart."""
    one = card_words(("play", "bait", 1, 7, 8), NAMES)
    other = card_words(("play", "bait", 1, 8, 7), NAMES)
    assert one == "Tanuki Bait: both tanuki next to Bob's monk, on b2 (blue) and c2 (gold)"
    assert one != other
