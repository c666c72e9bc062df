"""The round and target dice games of rules/dice.md §5: Aces, Chicago, the Game of 13 and
Martinetti, one module each on :mod:`scoring.dice.game`."""
