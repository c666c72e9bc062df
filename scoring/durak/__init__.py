"""Durak (rules/durak.md): one game, every variant of the seed as presets of one engine.

The referee follows a live game from what the table shows: cards laid on the battlefield, the
players' declarations ("беру", "бито") and the draws from the stock.  Hands are hidden, so the
engine keeps hand sizes and the cards it has seen go into a hand; with ``full_information`` it
knows every hand (tests, simulations, oracles) and the same rules apply.

Modules, one job each: :mod:`.rules` (the preset's options), :mod:`.ranks` (the beating
relations of §2.2 and §8), :mod:`.state` (the frozen state), :mod:`.hands` (who holds what and
the duplicate-card check), :mod:`.messages` (the §13 reason codes in two languages),
:mod:`.dealing` (deal and first lead), :mod:`.bout` (attack, throw-in, defence, transfer, take,
бито), :mod:`.drawing` (the draw step), :mod:`.ending` (going out, the fool, the match),
:mod:`.japanese_b` (version B's rounds), :mod:`.showing` (``reveal`` and ``out``),
:mod:`.moves` (``open_actions``), :mod:`.verbs` and :mod:`.engine` (the engine the registry loads).
"""
