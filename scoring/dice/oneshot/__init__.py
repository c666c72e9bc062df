"""One-shot dice games of rules/dice.md §6, where each throw pays: the tally games (``tally``),
the casino games, the children's games and the duel; they build on :mod:`scoring.dice.game`."""
