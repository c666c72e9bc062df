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
    "no_games": ("no finished game in the store", "в хранилище нет законченных партий"),
    "standings": ("{game}: {games} games", "{game}: партий {games}"),
    "record": (
        "{place}. {player}: {points} points, {wins} wins in {played}",
        "{place}. {player}: очков {points}, побед {wins} из {played}",
    ),
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


def results_lines(
    games: Sequence[Mapping[str, Any]], standings: Sequence[Any], lang: str
) -> list[str]:
    """Each game's standings over its finished games (points: one for every player placed
    below, a half for a shared place), then one line a finished game."""
    if not games:
        return [word("no_games", lang)]
    from scoring.registry import game as catalogue_entry

    lines: list[str] = []
    for game_id in sorted({g["game"] for g in games}):
        entry = catalogue_entry(game_id)
        title = entry.title_ru if lang == "ru" else entry.title_en
        count = sum(1 for g in games if g["game"] == game_id)
        lines.append(word("standings", lang, game=title, games=count))
        mine = [s for s in standings if s.game == game_id]
        for place, record in enumerate(mine, start=1):
            points = f"{record.points:g}"
            values = {"wins": record.wins, "played": record.played, "points": points}
            lines.append("  " + word("record", lang, place=place, player=record.player, **values))
    lines.append("")
    for finished in games:
        placed = ", ".join(f"{p['place']}. {p['player']} {p['score']}" for p in finished["places"])
        lines.append(f"{finished['finished']}  {finished['table']}  {finished['game']}: {placed}")
    return lines


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
