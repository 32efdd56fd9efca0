"""The rules of Seabed Neighbours in our own words, for ``gardens rules seabed-neighbours``."""

from __future__ import annotations

SUMMARY = """\
**Goal.** Build a seabed together, tile by tile. Every pair of neighbours is a team with its
own 5 flags, 3 palaces and point pile; your score is the sum of your two teams' piles.

**Teams.** Seats are numbered from 1 in turn order (seat 1 plays first). Each seat forms a team
with the seat before it, its right-hand neighbour (seat 1 with the last seat), so each player
belongs to two teams: one with each neighbour. Teams are named by their two players.

**Tiles.** Square tiles show coral reef, seaweed streaks, seaweed fields (round junctions in the
middle of a tile that end streaks) and open seabed with its animals. Every side is all reef, all
seabed, or seabed with a streak through its middle. A new tile must share a side with a tile
already laid, and every touching side must continue what is there: reef to reef, seaweed to
seaweed, seabed to seabed. Any of four quarter turns. Places are `x,y` from the start tile (x
east, y south). A drawn tile that fits nowhere goes back and another is drawn.

**Your turn.** Draw two tiles (public: the pair talks openly). Place one together with your
right-hand neighbour; that team may then put one flag or palace on that tile or on the tile it
placed last; score what the tile completed. Then place the other with your left-hand neighbour
and score. The very first turn and the last one place a single tile.

**Flags and palaces.** A flag goes on a streak, reef or seabed area nobody has flagged (a palace
there does not stop it). A palace goes on a streak or field when its seaweed system (streaks
joined through fields) has no palace; palaces stay to the end. Seabed flags stay too.

**Scoring during play.** A streak is complete when both ends stop at a field or a reef, or it
closes a loop: 1 per tile and 1 per fish on it and on the fields at its ends. A reef is complete
when no reef edge is left open (no gap anywhere): 2 per tile and 3 per anemone group. The team
with most flags on it scores (ties: every tied team scores in full); its flags go home.

**Magic clams.** Completing a reef that holds a magic clam gives that pair an extra placement
with one clam tile, right after the placement that earned it is scored (before the turn goes
on), with its own flag step: one extra placement however many clams or reefs, none during an
extra placement, none once the clam stack is empty (a clam tile that fits nowhere goes back; if
none fits, no extra placement). Clam tiles: bonus animals or fish; anemones; the party
gramophone (the pair scores at once the animals on the 8 tiles around it in its seabed area,
bottles cancelling crabs); the music gramophone (those animals count double at the end); the
whirlpool (the pair must take one of its flags back unscored, a seabed flag too; nothing if it
has none out); the diver (bottles ignored in its seabed area, for the party gramophone too); the
harvester (2 per field in its seaweed system at once); the sushi set (the system's palace
majority also scores 1 per field).

**The end.** When the regular tiles run out: each seaweed system pays its palace majority 1 per
fish (finished or not); each seabed area pays its flag majority 3 per manta, 2 per starfish and
1 per crab, one crab ignored per bottle (never below zero); ties: every tied team in full.
Unfinished streaks and reefs pay nothing; their flags go home.

**Winner.** The team with the most points; of its two players, the one whose other team scored
more wins. Still tied: the higher own score, else a shared win.

**Negotiation.** Table talk: the player whose turn it is decides each placement. Propose and
veto: they propose tile, place and turn; the partner accepts or vetoes once; after a veto the
partner proposes and the first player picks either proposal.

**Our decisions.** Flags and palaces are placed by the player whose turn it is. A flag may go on
a feature the tile just completed (it scores at once), never on one scored earlier. The clam
tile's flag step allows that tile only. Gramophones count the 8 tiles around them, not their
own. The whirlpool acts at once, before its flag step and before scoring what it completed
(games saved before rules version 3 keep resolving it after scoring). If no tile left can be
placed anywhere, the rest are set aside and the game ends.
"""
