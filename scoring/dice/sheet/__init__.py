"""The score-sheet dice games (rules/dice.md, Yahtzee and its kin): the engine (``engine``),
the rules read from preset data, one turn of throws, the tally of a sheet and the texts, one
module each."""
