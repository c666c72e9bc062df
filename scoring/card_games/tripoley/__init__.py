"""Tripoley (docs/rules/tripoley.md, seed 000 L855-954): pay cards, poker, Michigan."""
