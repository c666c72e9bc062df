"""The club board in words (en, ru): one table's state, and the board as text lines, shared
by ``tableref club board`` and the club window."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

WORDS = {
    "none": ("no table has published on {broker}", "на {broker} ни один стол не публиковал"),
    "over": ("over: {winner}", "окончена: {winner}"),
    "to_play": ("{player} to play", "ходит {player}"),
    "missing": ("missing rows from #{seq}", "нет строк с №{seq}"),
    "offline": ("offline", "не в сети"),
}


def word(key: str, lang: str, **values: object) -> str:
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**values)


def state_text(row: Mapping[str, Any], lang: str) -> str:
    """Whose turn or who won, then what the board lacks, or that the table went away."""
    if row["over"]:
        winner = row["winner"]
        text = word("over", lang, winner=", ".join(winner) if isinstance(winner, list) else winner)
    else:
        text = word("to_play", lang, player=row["turn"]) if row["turn"] else ""
    if not row["in_step"] and row["published_seq"] > row["seq"]:
        text += f" ({word('missing', lang, seq=row['seq'] + 1)})"
    if row["status"] == "offline":
        text += f" [{word('offline', lang)}]"
    return text


def scores_text(row: Mapping[str, Any]) -> str:
    return ", ".join(f"{player} {points}" for player, points in row["scores"].items())


def board_lines(tables: Sequence[Mapping[str, Any]], lang: str, broker: str) -> list[str]:
    """One line a table: id, game, rows rebuilt, state, then each player's score."""
    if not tables:
        return [word("none", lang, broker=broker)]
    width = max(len(row["table"]) for row in tables)
    games = max(len(row["game"]) for row in tables)
    states = [state_text(row, lang) for row in tables]
    wide = max(len(state) for state in states)
    return [
        f"{row['table']:<{width}}  {row['game']:<{games}}  #{row['seq']:<4} "
        f"{state:<{wide}}  {scores_text(row)}"
        for row, state in zip(tables, states, strict=True)
    ]
