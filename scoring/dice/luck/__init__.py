"""Push-your-luck dice games (rules/dice.md §4): the engine they all build on (``engine``), what
it keeps on the table (``table``), and each game on it: Pig, buck dice, put-the-dead-aside, Farkle
and dice 1000 (``dice_thousand``, not the card game of :mod:`scoring.card_games.thousand`)."""
