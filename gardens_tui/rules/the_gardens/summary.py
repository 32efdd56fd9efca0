"""The rules of The Gardens in our own words (Markdown) for ``gardens rules`` and ``?``."""

from __future__ import annotations

SUMMARY = """\
# The Gardens

Lay out your own corner of a botanic garden: three rows of cards either side of a Central Board,
while your visitors stroll along each row and score what they pass. 2 to 4 players.

## Setting up
There are three decks of 32 garden cards, A, B and C; each deck belongs to one row of your mat
(A on top, B in the middle, C at the bottom). Your mat has 9 columns; the Central Board fills
column 5 of every row, leaving 4 spaces on each side. One visitor of yours stands on the Central
Board in each row. At the start of every round, deal one card per player from each deck into a
face-up display (with 2 players, two cards per player from each deck).

## A round
Starting with the start player and going round the table, each player takes one card per turn
until the display is empty:

1. **Choose** a display card from a row you have not taken from yet this round, so each round you
   take one card from each row (with 2 players: exactly two from each row, taking turns).
2. **Place** it in its own row of your mat, directly left or right of the cards already there
   (the first card of a row goes beside the Central Board). No gaps, nothing off the mat.
3. **Walk**: that row's visitor walks from where it stands to the new card and sees every card on
   the way, the one it started on and the new one included. It lies down until the next round
   (with 2 players it walks again in the round, from the card it lies on).

The start player token then passes to the left and a new display is dealt. The game lasts
8 rounds (4 with 2 players): every garden ends with 24 cards.

## Scoring a walk (by what the new card shows)
- **Focal tree**: count the trees of the same species the visitor saw (the new card's included;
  a double-tree card counts both its trees): 1, 3, 6, 10, 15 ... points for 1, 2, 3, 4, 5 ...
- **Fountain**: 1 point per stream card seen.
- **Bench**: 1 point per card in the 8 spaces around it; each Central Board space counts as a card.

Trees and fountains count only the cards the visitor saw on this walk, from where it stood to
the new card, so the walk's direction matters; a bench counts the cards around it, wherever the
visitor came from.

## End of the game
- **Trees**: in each row, 1/3/6/10 points for 1/2/3/4 different tree species.
- **Streams**: streams run down a column; a stream of 2 stream cards scores 2, of 3 scores 5. A top
  and a bottom without the middle are two separate streams and score nothing.
- **Pathways**: 1 point per card in your largest connected pathway network (cards join where path
  ends meet on a shared edge; the Central Board's spaces count as path cards joined every way).
- **Statues**: 10 points for every other player who has fewer statues than you.

Most points wins. A tie goes to the tied player who took their turns later in the final round.

## Advanced scoring tiles (options)
Each of five scoreboard slots takes its basic tile, a chosen advanced tile, or a random one of its
two advanced tiles:
- trees walk: `streams` (1 per stream seen) or `paths` (1 per pathway card seen);
- fountain walk: `variety` (1 per different feature seen: stream, tree, pathway, bench, statue,
  another fountain) or `column` (1/3/6 for 1/2/3 fountains in that column);
- bench walk: `paths` (2 per neighbouring path leading into the bench) or `trees` (3 per tree
  species on the four orthogonal neighbours);
- end trees: `group` (3 per tree in the largest orthogonally joined group of tree cards) or
  `balance` (5 per row with as many trees left of the Central Board as right of it);
- end statues: `lines` (2 per row and per column with a statue) or `isolated` (4 per statue with
  no statue orthogonally beside it).

## Varying starting positions (option)
Everyone's Central Board stands in column 3, 4, 6 or 7 instead of 5.

## Landmarks (option)
The mats show six landmarks (layout l1/l2 on the left with r1/r2 on the right); their cards lie
beside the board, all points side up, all ability side up, or three of each at random. The first
player to cover a landmark with a card claims its card: either its points at once, or its ability
from then on (the walk of the covering card already uses it):
- Opera House (10): end: 10 per closed loop of pathways.
- Harbour Bridge (10): end: 3 per bench.
- Fort Denison (6): from the next round, at the start of each round reserve one display card;
  nobody else may take it, and your last take from that row must be it (or skip reserving).
- Mrs Macquarie's Chair (3): +1 whenever a walk scores trees.
- Moreton Bay Fig (10): at the end choose a species: 2 per tree of it in your garden.
- Conservatorium (6): any two orthogonally adjacent pathway cards count as joined, for your
  largest network and the Opera House's loops (the bench `paths` tile still counts only paths
  that lead into the bench).
- Lion Gate (3): +1 per statue card a visitor walks past or onto (not the one it left).
- Duck Pond (3): +1 whenever a walk scores a fountain.
- Art Gallery (10): end: +5 per stream three cards long.
- Governor Phillip Fountain (6): end: 3 per column with a top and a bottom stream but no middle.
- State Library (6): once per round, before placing a card, send one of your visitors back to
  the Central Board: any of them, also one that already walked this round (visitors stay on
  their cards between rounds, so its next walk starts from the Central Board).
- Sydney Tower (3): +1 whenever a walk scores a bench.

## Our decisions where the rulebook is silent
- A card with two different tree species scores each species on a walk (both are added).
- Central Board spaces are pathway cards in networks, loops and "pathways seen"; they have no
  other feature. A walk sees the Central Board space it crosses.
- "Random" advanced tiles draw one of the slot's two advanced tiles.
- Landmarks sit at fixed places on the mats; with a varied start a landmark under the Central
  Board cannot be claimed.
- A loop is an enclosed area of the pathway network (its independent cycles).
- Mrs Macquarie's Chair, the Duck Pond and Sydney Tower add their point whenever a walk stops on
  their feature, even when the tile counts 0 there (a fountain that saw no stream); a card with
  two tree species still gets only 1 from the Chair.
- Balance counts a row with no trees on either side.
- The State Library cannot send back a visitor already on the Central Board, nor one whose row
  is complete (it has no walk left): that would change nothing but use up the round's return.
"""
