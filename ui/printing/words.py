"""The printouts' and the night's words in English and Russian."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, tuple[str, str]] = {
    "sheet": ("Score sheet", "Лист записи"),
    "preset": ("rules: {preset}", "правила: {preset}"),
    "players": ("players: {players}", "игроки: {players}"),
    "started": ("started {at}", "начало {at}"),
    "actions": ("{count} entries", "записей: {count}"),
    "in_play": ("in play", "игра идёт"),
    "night": ("Night report", "Итоги вечера"),
    "overall": ("Standings of the night", "Общий зачёт"),
    "place": ("Place", "Место"),
    "player": ("Player", "Игрок"),
    "night_points": ("Night points", "Очки вечера"),
    "wins": ("Wins", "Победы"),
    "played": ("Games", "Игры"),
    "games": ("Games of the night", "Игры вечера"),
    "game": ("Game", "Игра"),
    "winner": ("Winner", "Победитель"),
    "scales": ("Points by game", "Очки по играм"),
    "scale_games": ("{title} · games: {games}", "{title} · игр: {games}"),
    "settlement": ("Settlement against the average (G1)", "Расчёт к среднему (G1)"),
    "no_games": ("No game has been played yet.", "Ещё не сыграно ни одной игры."),
    "points_note": (
        "Night points: in each finished game a player earns 1 for every player placed below "
        "and 1/2 for every player sharing the place, by the game's own ranking. Points add up "
        "only within one game and preset; the settlement adds the G1 games' wins and losses "
        "against each game's average.",
        "Очки вечера: в каждой оконченной игре игрок получает 1 за каждого, кто занял место "
        "ниже, и 1/2 за каждого, кто делит с ним место, по правилам самой игры. Очки игр "
        "складываются только в пределах одной игры и набора правил; расчёт складывает "
        "выигрыши и проигрыши игр G1 к среднему каждой игры.",
    ),
    "printed": (
        "Table Referee · {name} · printed {at}",
        "Table Referee · {name} · напечатано {at}",
    ),
}


def word(key: str, lang: str, **values: Any) -> str:
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**values)
