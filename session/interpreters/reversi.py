"""Reversi at the table: a board at rest (``BoardSeen``) compared with the engine's board
becomes the move that explains it.

A move is one new disc plus the discs it turned (docs/rules/reversi.md O6-O8): the square
that was empty and now holds a disc is ``at``, the discs whose colour changed are ``flips``
(D2), and the player is the one whose colour the new disc shows.  The engine judges it: a disc
put where it closes no row, a disc of the wrong colour, a disc left unturned or one turned by
mistake are refused with the reason and held for the operator.  The discs of one move are often
turned one by one, so the board may come to rest half turned: that reading is refused
(``wrong_flips``) and held, and the fuller reading of the same square supersedes it
(:class:`~session.live.Proposal`'s ``supersedes``).  Two new discs (the camera missed a move
while a hand was over the board) are read as the two moves, in the order the rules allow.
A disc gone from the board (taken back, knocked off, or misread) is no move: nothing is
proposed, and the operator undoes or types what happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import permutations
from typing import Any

from scoring.actions import parse_action
from scoring.match import Match
from scoring.reversi import board as b
from scoring.verdicts import IllegalMove
from session.interpreters.common import choose_seen
from session.live import Proposal


class ReversiInterpreter:
    """``BoardSeen`` facts in, ``move`` proposals out."""

    source = "camera"

    def __init__(self) -> None:
        self._held: dict[str, Any] | None = None

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if getattr(fact, "fact", None) != "board_seen" or "move" not in match.engine.verbs:
            return []
        view = match.view()
        if view["over"]:
            return []
        known = "".join(view["board"])
        seen, size = str(fact.board), int(view["size"])
        if len(seen) != len(known):
            return []
        new = [i for i, cell in enumerate(known) if cell == b.EMPTY and seen[i] != b.EMPTY]
        gone = [i for i, cell in enumerate(known) if cell != b.EMPTY and seen[i] == b.EMPTY]
        if gone or not new:
            return []
        owner = {colour[0].upper(): player for player, colour in view["colours"].items()}
        if len(new) == 1:
            at = new[0]
            turned = [i for i, cell in enumerate(known) if cell not in (b.EMPTY, seen[i])]
            action = _move(owner[seen[at]], size, at, turned)
            proposals = choose_seen(fact, [action], match, source=self.source)
            return self._superseding(proposals, action)
        if len(new) == 2:
            return self._two(fact, match, known, seen, size, new, owner)
        return []

    def _superseding(self, proposals: list[Proposal], action: dict[str, Any]) -> list[Proposal]:
        """A reading of the same square as the move held before reads it more fully."""
        held, self._held = self._held, action
        if not proposals or held is None or held == action or held["at"] != action["at"]:
            return proposals
        return [replace(proposals[0], supersedes=held), *proposals[1:]]

    def _two(
        self,
        fact: Any,
        match: Match,
        known: str,
        seen: str,
        size: int,
        new: Sequence[int],
        owner: Mapping[str, str],
    ) -> list[Proposal]:
        """Two moves seen at once: the order of the two placements that the rules allow and
        that leads to the board seen, each proposed with the discs it turns."""
        engine = match.engine
        for order in permutations(new):
            state, moves = match.state, []
            for at in order:
                action = _move(owner[seen[at]], size, at, None)
                try:
                    state, _ = engine.apply(state, parse_action(action, engine.verbs))
                except IllegalMove:
                    break
                moves.append(action)
            if len(moves) == 2 and "".join(engine.view(state)["board"]) == seen:
                return [
                    Proposal(move, fact.confidence, self.source, fact.frame_index, _say(move))
                    for move in moves
                ]
        return []


def _move(player: str, size: int, at: int, turned: Sequence[int] | None) -> dict[str, Any]:
    action: dict[str, Any] = {"do": "move", "by": player, "at": b.square_name(size, at)}
    if turned is not None:
        action["flips"] = [b.square_name(size, i) for i in turned]
    return action


def _say(action: Mapping[str, Any]) -> str:
    return f"move by {action['by']}: {action['at']} (two moves seen at once)"
