"""The rules of Octopus's Garden in our own words (Markdown) for ``gardens rules`` and ``?``."""

from __future__ import annotations

SUMMARY = """\
# Octopus's Garden

Each octopus tends a garden of 24 hexagonal spaces (rows a-e of 4, 5, 6, 5 and 4 spaces) beside
two printed oysters. Spend pearls on tokens from a 3x3 market, plant them, and have the most
beautiful garden when the game ends. 2 to 4 players.

## Setting up
Everyone starts with 2 pearls (the supply never runs out). The 16 oyster tokens wait in the
oyster bed. Clownfish and seahorse piles hold the values 7, 6, 5, 4, 3 with the highest on top;
with 2 players only 6, 4 and 3 are used. Nine tokens drawn from the bag fill the market.

## A turn
1. **Harvest**: take 1 pearl for every oyster you own, the two printed ones included.
2. **Do one thing**:
   - **Buy a row or a column** of the market you can pay for in full, and plant every token of
     it on an empty space of your garden. If they do not all fit, you choose which to plant; the
     rest leave the game.
   - **Attract an oyster** from the bed onto an empty space. It costs 1 pearl plus 1 for every
     oyster you own (printed ones included): the first costs 3, the next 4, and so on. Once the
     bed is empty, no more oysters.
   - **Pass**: return any one market tile to the bag and draw a replacement for its space.
3. **Move animals**, one at a time in the order you like:
   - Every **sea star** that can reach an oyster token must take one step along a shortest path
     to the nearest one. Paths avoid coral (and boxer crabs). When paths or oysters tie, you
     choose. Stars may step onto any other token, even other stars. A star landing on an oyster
     eats it: the oyster returns to the bed. Printed oysters are never attacked.
   - **Hermit crabs** may take one step (not onto coral or a boxer crab). A crab without a home
     that arrives on an empty shell or a trash token moves in and carries it from then on. A crab
     carries one home at most and may leave it behind when it steps away, but only where the home
     would lie alone in its space.
   - Then say `done`. Each animal moves at most once per turn.
4. **Refill the market**: draw a token for each empty space and place it where you like. When the
   bag is empty, spaces stay empty; a row or column with gaps can still be bought for the tokens
   it has.

## Bonus animals
For each connected group of anemones you earn one clownfish per full 3 of them; for each group of
seagrass, one seahorse per full 5. Whenever you earn more than you hold, take the top token of
the pile. Bonus animals never leave you, even when groups merge or split. Empty piles give no more.

## End of the game
When any garden has no empty space left (after planting or after moving animals), the end is
triggered: that player finishes the turn and every other player takes one more turn. The end
stays triggered even if an animal empties a space again, within the same animal phase too
(the moment the garden is full counts, so the order you move your animals in can matter).
Then score:

- clownfish and seahorses: their values;
- relics: one scores 0, two score 2 each, three or more 5 each;
- a crab without a home +1, an empty shell +1, a crab in a shell 6 for the pair, a crab in trash
  0 for the pair (and that trash is not counted as trash);
- trash: with t loose trash tokens each scores -t (so -1, -4, -9, ...);
- printed points: coral 1, anemone 2, seagrass 1, sea star 5 (and module tokens);
- -2 for every oyster token (printed oysters cost nothing).

Tokens under animals score as usual. Most points wins; on a tie, fewest negative-scoring tiles
(loose trash and oyster tokens), then most pearls left; still tied, the win is shared.

## Expert modules (each an option, any combination)
- **Mimic octopus** (cost 2, 0 points): during any of your own decisions, declare it an anemone
  or a seagrass. It flips for good and counts in those groups for bonus animals.
- **Coconut octopus** (cost 2, 3 points; 1 once used): once per game, during your animal phase,
  it may push each neighbouring space one step in a direction you choose (any of them may stay
  where it is). A space moves with everything on it; a space with a flat token only into an
  empty space, a space holding only animals also onto anything animals may enter. Then it
  flips. Bonus animals already won stay.
- **Shark** (cost 3, 2 points; one per player in the bag, named hammerhead, tiger, reef, whale):
  each player may buy only one shark in the whole game. After any refill, a shark owner may move
  the shark from the garden onto a market tile: nobody else may buy a line through it. On your
  next turn you must buy a line containing that tile (the shark comes home free; you pay for the
  tiles) or throw the shark back into the bag. A shark in a line bought by someone who already
  had a shark is paid for but stays on the market.
- **Parrot fish** (cost 2): at the end, +1 for each coral next to it.
- **Diver** (cost 2): when planted it takes every trash and relic out of your garden (trash
  carried by crabs too), then leaves the game with them.
- **Lionfish** (cost 3, 5 points): at the start of your turn, if you own one, you may pay 1 pearl
  to discard one market tile. The gap is refilled only at the end of your turn.
- **Treasure chest** (cost 0, 0 points): when you buy one, before planting, pay any number of
  pearls and draw that many tokens. Decide first: keep them (plant all, with the chest) or sell
  them (the chest leaves the game, you get pearls equal to their costs, they go back to the bag;
  a chest drawn while selling is put back and replaced). If two drawn tokens match, everything
  drawn leaves the game and the empty chest is planted. Paying nothing plants the empty chest.
- **Boxer crab** (cost 1, 3 points): goes on top of an anemone of yours (it takes no space); with
  no anemone it returns to the bag, but one bought with an anemone waits for that anemone to
  be planted and rides it (games saved before rules version 2 could send it back). In the
  animal phase the pair may step into an empty neighbouring space. Other animals cannot enter
  its space, as with coral.

## Our decisions where the rulebook is silent
- Garden: 24 spaces in rows of 4-5-6-5-4; printed oysters sit beside it. Crab scoring follows
  the detailed scoring section (a lone crab scores +1).
- Each animal moves at most once in an animal phase, so turns always end. A push by the coconut
  octopus is not the animal's own move. Pushes happen one space at a time in the order you
  choose; a space still waiting for its push cannot be joined.
- A crab takes a home when it arrives on one; leaving a home needs a space with no other flat
  token. A boxer crab needs an anemone with nothing on it, and moves only into empty spaces.
- The diver needs no empty space. Mimic octopuses declared anemones can host boxer crabs.
- Tokens discarded by the lionfish, lost from a treasure chest, or without room leave the game.
- A shark may not claim another shark. Claim windows go in turn order from the active player.
  A tile under a shark cannot be returned by a pass or discarded by the lionfish.
- Treasure: you may pay at most what the bag can deliver; a chest drawn while keeping is planted
  unopened; a shark drawn while keeping is yours only if you never had one (else back to the
  bag); any two sharks count as two of a kind; several chests are opened one by one.
- On the very last turn the market is not refilled.
- Endless games: if the bag and the market are both empty after a refill, nothing can change
  any more, so the end is triggered (always, whatever the options), so that a game cannot go on
  for ever.

## Stall stop (option `stall-stop`, on by default; not in the rulebook)
The rulebook's only end is a full garden. With the stall stop on, the end is also triggered
when nobody has bought from the market (only passes and oysters) for ten full rounds in a row,
or when the bag is empty and nobody has bought for at least two full rounds (passing can then
change nothing; the rounds need not all have been played with the bag empty). The player whose
pass or oyster first meets either count is the one who triggered the end. Turn it off to play
strictly by the book: the game then ends only with a full garden, or when bag and market are
both empty.
"""
