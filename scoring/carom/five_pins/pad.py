"""The five-pins state and the referee's pad (rules/skittles.md Game B).

The state is a frozen dataclass of tuples, so undo and correction are re-folds of the journal;
the pad is what a referee keeps on paper: the results of the games played, each shot of the
game in play with what it gave each player, the games won and the game's total.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.engine import sheet_row


class Phase(StrEnum):
    """Where a match stands, in order (the view shows its value): the lag, the lag winner's
    choice of break, the play, over."""

    LAG = "lag"
    CHOICE = "choice"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Line:
    """One line of the referee's pad: a shot (or a placing foul) and what each player got."""

    game: int
    shot: int
    seat: int
    gains: tuple[int, int]
    en: str
    ru: str


@dataclass(frozen=True)
class FivePinsState:
    players: tuple[str, str]
    phase: Phase
    turn: int | None
    game: int = 1
    scores: tuple[int, int] = (0, 0)
    games_won: tuple[int, int] = (0, 0)
    breaker: int = 0
    breaking: bool = False
    shots: int = 0
    in_hand: bool = False  # the player to shoot has the ball in hand
    after_foul: bool = False  # ... given by a foul, so he may ask for §13.5
    placed: bool = False
    safety_only: bool = False
    removed: tuple[str, ...] = ()  # pins off while a ball holds their mark (§12.7)
    taken: tuple[tuple[str, str], ...] = ()  # marks with a ball on them after the last shot
    lag: tuple[tuple[str, int | None] | None, ...] = (None, None)
    late_starts: tuple[int, int] = (0, 0)
    lines: tuple[Line, ...] = ()
    results: tuple[tuple[int, int, int], ...] = ()  # finished games: winner seat, scores


def score_sheet(state: FivePinsState, match_games: int) -> dict[str, Any]:
    """The referee's pad: each finished game's result, then every shot of the game in
    play (what each player got), the games won, and the game's total."""
    players = list(state.players)
    rows = []
    for number, (winner, *game_scores) in enumerate(state.results, start=1):
        if number == state.game:
            break
        rows.append(
            sheet_row(
                f"game_{number}",
                f"Game {number}, won by {players[winner]}",
                f"Партия {number}, победил {players[winner]}",
                dict(zip(players, game_scores, strict=True)),
                "subtotal",
            )
        )
    for index, line in enumerate(state.lines):
        if line.game != state.game:
            continue
        cells = {
            player: gain if gain or seat == line.seat else None
            for seat, (player, gain) in enumerate(zip(players, line.gains, strict=True))
        }
        who = players[line.seat]
        what_en, what_ru = (
            (f"Shot {line.shot}", f"Удар {line.shot}") if line.shot else ("Placing", "Установка")
        )
        rows.append(
            sheet_row(
                f"line_{index + 1}",
                f"{what_en} ({who}): {line.en}",
                f"{what_ru} ({who}): {line.ru}",
                cells,
            )
        )
    if match_games > 1:
        won = dict(zip(players, state.games_won, strict=True))
        rows.append(sheet_row("games_won", "Games won", "Выиграно партий", won, "subtotal"))
    scores = dict(zip(players, state.scores, strict=True))
    rows.append(
        sheet_row(
            "total", f"Game {state.game} total", f"Итого в партии {state.game}", scores, "total"
        )
    )
    return {"columns": players, "rows": rows}
