"""The rules of Tanuki in the Garden in our own words (Markdown) for ``gardens rules`` and ``?``."""

from __future__ import annotations

SUMMARY = """\
# Tanuki in the Garden

Monks stroll through a promenade garden gathering shiitake for dinner, while two tanuki prowl
about stealing them. Lay path tiles, follow your path, and be the first to gather enough.
2 to 8 players.

## Setting up
The garden is a 6x6 board (columns a-f, rows 1-6). Each of the 64 path tiles carries 4 paths,
two path ends on every side, and every path shows a symbol: a **shiitake** (gain 1), a **tanuki
den** (lose 1) or an **ashi-magari** (it trips you up). Everyone gets 3 tiles. Both tanuki are
placed by rolling the two dice: the blue die gives the column, the gold die the row. Then each
player picks an edge space of the board for their monk (never one already taken).

## Names
Squares are a1 to f6 (column letter, row number). The 24 edge spaces round the garden are
always written with the word "edge": edge n1 to edge n6 lie north of a1 to f1, edge e1 to
edge e6 east of f1 to f6, edge s1 to edge s6 south of a6 to f6, and edge w1 to edge w6 west of
a1 to a6. A path on a tile is named by the sides of the square it joins ("north to east", or
"north-east" where space is short), and a walk across a tile by where the monk comes in and
goes out ("in from the east, out to the north"). Only where the side is not enough are its two
path ends told apart: left and right on a north or south side, top and bottom on an east or
west side ("north left to south" when another path from the north to the south carries another
symbol). Starting from an edge space you choose one of its two ends: the notation's `end 1` is
the one met first going clockwise round the garden (left on the north edge, top on the east,
right on the south, bottom on the west), `end 2` the other.

## A turn
1. **Tanuki.** Roll both dice. Each tanuki moves toward the board side its own die shows
   (1 north, 2 east, 3 south, 4 west; 5: you choose; 6: it stays) - 1 space if the *other* die
   is odd, 2 if even. A tanuki off the board is placed back by the dice instead of moving (blue
   die column, gold die row). If both are off, each gets its own roll: the blue one is placed
   by your roll, then you roll again for the gold one.
   - Passing a monk: that player loses 1 shiitake, left on the tile as a stash.
   - Landing on a monk: each monk there loses 3 (stashed on the tile) and the tanuki leaves.
   - Crossing a square with no monk: its tile is removed (any stash there goes back). A rock
     garden is not removed: the tanuki walks over it, and it stays.
   - **Placing counts as landing.** Our ruling, as the rulebook only says a tanuki just
     placed does not also move: a tanuki placed by the dice on a monk's square lands on him
     (each monk there loses 3, stashed, and the tanuki leaves again), and one placed on a
     square without monks removes its tile, just as a tanuki landing there would. A tanuki
     cannot be placed on a rock garden: it stays off until the next roll.
   - Running off the board earns you 1 shiitake; both in one turn earn 3.
   - Both tanuki ending on one space: everyone loses 2.
2. **Place a tile** (any rotation) in the empty square your path points into, and walk your
   monk to the end of the path: +1 per shiitake, -1 per den, and collect every stash on a tile
   you enter. On your first walk from the edge you may go in through either end of your edge,
   and neither the symbols of the path you start along nor a stash lying on that tile count (a
   walk that comes back into that tile along another path counts that path as usual). If a
   tanuki sits where you must place, pay 2 shiitake to chase it off, or pass. Every other monk
   whose path your tile extended walks too, clockwise from you. You may always pass instead of
   placing. A monk still on its edge space is not moved by other players' tiles: if a tile now
   lies beside it, on its turn it walks in through either end of its edge (as a first walk from
   the edge), and may then place a tile.
3. **Draw** back up to 3 tiles - unless you crossed an ashi-magari this turn. Someone who
   crossed one on your turn discards a tile instead (once per turn, however many they crossed).
   With no tile at the start of your turn you only roll, then draw 3. When the pile runs out,
   the discarded and removed tiles are shuffled into a new one.

Paths that run off the board come straight back in through the other end of that edge.

## Crashes and loops
Two monks meeting head-on or at the same path end crash, and so does a walk running through
the edge space a monk stands on: both lose 5 shiitake. A monk whose path runs round in a loop
loses 5 and gathers nothing from it. Such monks leave the board and start again at the
beginning of their next turn from an edge space with no tile beside it (if there is none, from
any edge space whose square no monk is in: the tile beside it is removed; a rock garden is no
tile and stays while such a space beside a tile is left). If your tile caused it and you were
not involved, you earn 2 shiitake per monk. Nobody goes below 0 shiitake.

## Winning
At the end of a turn, if anyone has the target - 15 shiitake with 2-3 players, 12 with 4-5, 10
with 6-8 (faster game: 12, 10, 8) - the game ends and the most shiitake wins. Tied leaders each
take one more turn, until one leads (after 30 extra rounds the tied leaders share the win).

## Garden Master (option)
At the end of your turn you may buy the top card for 2 shiitake (at most 5 in hand, one buy a
turn). Play at most one card a turn, before the roll or after the tanuki moved. Cards in hand
count 1 shiitake each toward victory (a Shiitake Basket 3); others only see how many you hold.
The 16 cards (3 of each): Move 1 Tanuki, Fast Tanuki (both move 1 further but harm nobody),
Avoid Tanuki Dens, Escape the Ashi-magari, Pilfer Shiitake (1 from each of up to 3 opponents:
with more than 3 opponents holding shiitake you choose the 3; 2 more from the supply with 2
players, 1 more with 3), Bountiful Harvest (double what you gather this turn), Shiitake Robber
(take 2 from a player whose path crossed yours), Tanuki Trap (a lettered token on or next to
your monk's square, diagonally too, catches a tanuki for 3 shiitake), Tanuki Repellant (also
on another player's turn, when a tanuki comes at you), Tanuki Bait (both tanuki to two free
squares next to the rival you choose; you also choose which tanuki goes where), Speed Stroll
(place a second tile), Clear the Path (remove up to 3 tiles or rock gardens, on squares no monk
is in), Shifting Paths (turn a tile no monk is in), The Best Offense (cancel another player's
card, on their turn; not a Tanuki Repellant played against a moving tanuki, nor another Best
Offense), Rock Garden (a square no tile may be placed on and no tanuki placed on; tanuki walk
over it, and only Clear the Path removes it), Shiitake Basket.
"""
