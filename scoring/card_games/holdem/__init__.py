"""Texas hold'em under the Poker Tour floor rules (docs/rules/poker.md, seed 000)."""
