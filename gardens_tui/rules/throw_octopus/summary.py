"""The rules of Throw Octopus! in our own words, for ``gardens rules throw-octopus``."""

from __future__ import annotations

SUMMARY = """\
**Goal.** Be the first to play every tile from your hand onto the shared seascape.

**Tiles.** Each tile shows water or a quarter of a sea creature in each of its four corners. A
creature sits where four tiles meet: eight species, five small (orange peel slug, yellow
submarine slug, blue slug, pink puffer, green turtle) and three large (purple manta, red lobster,
teal eel). Tiles stand upright; you may turn one half way round (180°), never a quarter.
Our tiles each carry two creature quarters in opposite corners, so the seascape grows as a
checkerboard of creatures and water. The option `tile-list=sparse` deals the first list
(mostly one or two quarters a tile), which games saved before rules version 2 keep.

**Setup.** Shuffle the 85 tiles, deal 8 to each of 3-5 players (kept secret) and turn one over
as the start tile at 0,0. Shuffle the 28 action cards. Seats are numbered from 1 in turn
order: the youngest sits in seat 1 (the first player named) and starts.

**Your turn.** Play one tile next to the seascape (sharing a side, never only a corner). Every
corner it shares must agree: the same creature or water with water, and at least one creature
part must join a tile beside it (water alone, or a creature met only at a diagonal tile's
corner, is no join). Cannot play? Draw one tile and your turn ends (you may not play it now).
Places are `x,y` from the start tile: x grows rightwards, y downwards.

**Bonus turns.** Complete a creature (all four quarters placed) and take a bonus turn at once;
it may chain. A tile earns one bonus turn, however many creatures it completes. If you cannot
play on a bonus turn, you pass without drawing.

**Octopus icons.** Playing a tile with the octopus icon draws an action card (not your last
tile: that one wins at once): Throw Octopus (any or the next player: if it hits, they draw 2 and
lose their next turn), Octo Shield (kept face up, stops the next throw at you), Magic Touch
(kept; on a later turn, before you play, move one placed tile to another legal place, as long as
it belongs to no finished creature and the rest of the seascape stays joined without it; a
creature it completes gives a bonus turn, a moved octopus tile draws no card), Stinky Inky (you
draw 2), Tide Swap (you may swap a hand tile for the top of the pile; your tile is shuffled into
the pile), Octo Rush (another turn), Ink Storm (everyone else draws 1), Gift from the Deep (give
a tile to another player). Used cards are discarded and reshuffled into a new deck when it runs
out.

**The throw.** In the app the target dodges by pressing the shown key in time; otherwise the
hit chance option decides (2 in 3 by default). The log tells everyone how it went: dodged in
time, or hit because the target was too late, pressed the wrong key or took the hit with Esc
(a rolled dodge says the hit chance decided). On the command line the target may write the
reason after the hit (`hit late`, `hit wrong`, `hit taken`) or just `hit`; every hit costs the
same, 2 tiles and a lost turn.

**The end.** The first to empty their hand wins. When the pile is empty, play on without
drawing (a hit still costs a turn); if nobody can play, the fewest tiles in hand wins (a tie
goes to the earliest seat). If the seascape locks up (no tile off it fits anywhere) while the
pile still holds tiles, every placed tile goes back into the pile, a new start tile is turned
over and the player whose turn comes next goes on.

**Game Night.** Play three games; tiles left in hand add up; the lowest total wins (a tie goes
to the earliest seat). Solo, the three games' points add up.

**Solo.** Draw 6, choose one as your start tile and keep 5. Play a tile and draw back to 5; if
you cannot play, discard a tile and draw. No action cards. When the pile is gone and you cannot
play, count your creatures: small 1 point, large 2. Under 10: Hatchling; 10-14: Reef Rookie;
15-19: Clever Cephalopod; 20+: Octopus Genius.
"""
