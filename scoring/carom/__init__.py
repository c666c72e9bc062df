"""Cue games with balls and skittles on a billiard table (rules/skittles.md).

:mod:`scoring.carom.shot` is the shot record every engine here reads (and the contract the
camera's ball tracker writes); each game is one engine module beside it.
"""
