"""Pogs, «фишки» (docs/rules/pogs.md, seed 000 L337): the chips and their classes (``chips``),
the texts (``messages``) and the engine of a session of stacks (``engine``)."""
