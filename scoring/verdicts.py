"""What the referee announces: verdicts, with stable codes and Russian and English text.

Codes are the contract (scenarios, the journal and the displays match on them); the text is
for people.  Each game keeps its own :class:`Messages` catalogue beside its engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

#: The fields a helper makes for a verdict's message (``card``/``card_ru``, ``hand``/``hand_ru``),
#: spread into :meth:`Messages.verdict` as its ``**data``.
MessageData = dict[str, Any]


class Kind(StrEnum):
    """What sort of announcement a verdict is; the displays style each kind differently."""

    POINTS = "points"
    BONUS = "bonus"
    FOUL = "foul"
    ILLEGAL = "illegal"
    TURN = "turn"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"
    INFO = "info"


@dataclass(frozen=True)
class Verdict:
    """One announcement.  ``data`` keeps the numbers the text was made from."""

    kind: Kind
    code: str
    en: str
    ru: str
    player: str | None = None
    points: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": str(self.kind),
            "code": self.code,
            "en": self.en,
            "ru": self.ru,
        }
        if self.player is not None:
            out["player"] = self.player
        if self.points is not None:
            out["points"] = self.points
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True)
class Message:
    """English and Russian templates, formatted with the verdict's data."""

    en: str
    ru: str


class Messages:
    """A game's catalogue of verdict texts, keyed by code."""

    def __init__(self, messages: Mapping[str, Message]) -> None:
        self._messages = dict(messages)

    def __or__(self, other: Messages) -> Messages:
        return Messages({**self._messages, **other._messages})

    def verdict(
        self,
        kind: Kind,
        code: str,
        player: str | None = None,
        points: int | None = None,
        **data: Any,
    ) -> Verdict:
        message = self._messages[code]
        values = {"player": player, "points": points, **data}
        return Verdict(
            kind,
            code,
            message.en.format(**values),
            message.ru.format(**values),
            player,
            points,
            data,
        )

    def illegal(self, code: str, player: str | None = None, **data: Any) -> IllegalMove:
        return IllegalMove(self.verdict(Kind.ILLEGAL, code, player, **data))


class IllegalMove(Exception):
    """Raised by an engine's rules when an action breaks them; the state is left as it was."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.en)
        self.verdict = verdict

    @property
    def code(self) -> str:
        return self.verdict.code


#: Texts every game shares: whose turn it is, who is at the table, the end of the game.
COMMON = Messages(
    {
        "not_your_turn": Message(
            "It is {turn}'s turn, not {player}'s", "Сейчас ходит {turn}, а не {player}"
        ),
        "unknown_player": Message(
            "{player} is not playing here (players: {players})",
            "{player} не играет за этим столом (игроки: {players})",
        ),
        "game_over": Message("The game is over", "Игра окончена"),
        "turn": Message("{player} to play", "Ходит {player}"),
        "winner": Message("{player} wins with {points}", "Побеждает {player}: {points} очков"),
        "shared_win": Message(
            "Shared win: {winners} with {points}", "Победа поровну: {winners}, по {points} очков"
        ),
    }
)
