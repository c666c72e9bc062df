"""The card game 1000 (rules/cards.md): the engine (``engine``), its rules, bidding, play,
proofs, settlement, state, checks and texts, one module each."""
