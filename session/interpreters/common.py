"""What every family's interpreter needs: who is to move, and which of several readings of a
fact the rules allow.

The camera sees what happened, not who did it or which verb a player meant; the engine's view
(whose turn it is) and a dry run of each candidate through ``Match.check`` decide.  When more
than one candidate is legal the proposal is held as ambiguous: the session never picks one
silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.engine import open_now
from scoring.match import Match
from session.live import Proposal


def to_move(match: Match) -> str | None:
    """The player the engine expects to act next (None: nobody, or the game is over)."""
    turn = match.view().get("turn")
    return turn if isinstance(turn, str) else None


def legal_players(match: Match, verb: str, state: Any = None) -> list[str]:
    """Everyone the engine lists as able to use ``verb`` now (or in ``state``, the state a dry
    run led to), in the engine's order: a move or a decision, since the camera supplies what
    a decision needs."""
    seen: list[str] = []
    for action in open_now(match.engine, match.state if state is None else state):
        if action.verb == verb and action.by is not None and action.by not in seen:
            seen.append(action.by)
    return seen


def card_players(fact: Any, match: Match, verb: str) -> list[str]:
    """Who may have laid the card a fact saw: the player to move, else everyone the engine
    lets use ``verb`` now (the opening card of a deal); only the fact's seat where it names
    one."""
    mover = to_move(match)
    players = [mover] if mover is not None else legal_players(match, verb)
    seat = getattr(fact, "player", None)
    return [player for player in players if seat is None or player == seat]


def accepted(match: Match, actions: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The actions the rules accept in the match as it stands (a dry run, nothing recorded)."""
    return [dict(action) for action in actions if match.check(action)[0].accepted]


def choose(
    candidates: Sequence[Mapping[str, Any]],
    match: Match,
    *,
    confidence: float,
    source: str,
    frame: int | None,
    note: str = "",
    ambiguous: tuple[str, ...] = (),
) -> list[Proposal]:
    """One proposal from the readings of a fact, in order of preference.

    Exactly one legal reading: it is proposed.  Several: the first legal one is proposed and
    held, naming the others.  None legal: the first reading is proposed so that the session
    refuses it with the rule's verdict (the illegal-move banner) and holds it for the operator.
    """
    if not candidates:
        return []
    legal = accepted(match, candidates)
    if len(legal) > 1:
        others = "; ".join(describe(action) for action in legal[1:])
        ambiguous = (*ambiguous, f"could also be {others}")
    action = legal[0] if legal else dict(candidates[0])
    return [Proposal(action, confidence, source, frame, note or describe(action), ambiguous)]


def choose_seen(
    fact: Any,
    candidates: Sequence[Mapping[str, Any]],
    match: Match,
    *,
    source: str,
    ambiguous: tuple[str, ...] = (),
) -> list[Proposal]:
    """:func:`choose` for a fact an observer saw: the proposal carries the fact's confidence and
    frame, so the console can show how sure the camera was and jump to the frame."""
    return choose(
        candidates,
        match,
        confidence=fact.confidence,
        source=source,
        frame=fact.frame_index,
        ambiguous=ambiguous,
    )


def describe(action: Mapping[str, Any]) -> str:
    """An action in one short line: ``defend by Vera: beat=8C with=9C``."""
    fields = " ".join(
        f"{key}={_plain(value)}" for key, value in action.items() if key not in ("do", "by")
    )
    who = f" by {action['by']}" if action.get("by") else ""
    return f"{action['do']}{who}" + (f": {fields}" if fields else "")


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(_plain(item) for item in value) or "-"
    return str(value)
