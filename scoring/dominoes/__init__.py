"""Dominoes (rules/dominoes.md, seed 003): the layout, its open ends and every scored variant."""
