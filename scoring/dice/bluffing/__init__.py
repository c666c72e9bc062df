"""The bluff games of rules/dice.md §3: what they share (``common``: claims, the cup,
challenges, reveals) and each engine: bids (Liar's dice), the cup games, the duel."""
