"""The display strings in English and Russian, and the one language switch all windows share.

The engines' verdicts already carry both texts; this catalogue holds only what the windows
themselves write (headings, labels, counts).  A :class:`Language` is a small ``QObject`` with a
``changed`` signal, so switching it redraws every window that listens, live.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

LANGS = ("en", "ru")

STRINGS: dict[str, tuple[str, str]] = {
    # The audience display.
    "window_title": ("Table Referee — {game} (audience)", "Судья за столом — {game} (зрители)"),
    "window_title_no_game": ("Table Referee (audience)", "Судья за столом (зрители)"),
    "final_standings": ("Final standings", "Итоговый счёт"),
    "to_play": ("{player} to play", "Ходит {player}"),
    "nobody": ("waiting for the next action", "ждём следующего действия"),
    "game_over": ("Game over", "Игра окончена"),
    "winner": ("{player} wins", "Победил {player}"),
    "winners": ("Shared win: {players}", "Победа поровну: {players}"),
    "recent": ("Last entries", "Последние записи"),
    "no_entries": ("No entries yet", "Записей пока нет"),
    "foul": ("FOUL", "ФОЛ"),
    "illegal": ("NOT ALLOWED", "НЕЛЬЗЯ"),
    # The sheet.
    "more_rows": ("{count} earlier rows", "ещё строк выше: {count}"),
    # Dice.
    "throw": ("Throw {throw} of {throws}", "Бросок {throw} из {throws}"),
    "throw_open": ("Throw {throw}", "Бросок {throw}"),
    "no_dice": ("Dice not thrown yet", "Кости ещё не брошены"),
    "kept": ("kept", "отложены"),
    # Cards.
    "trump": ("Trump", "Козырь"),
    "no_trump": ("No trump yet", "Козырь не объявлен"),
    "stock": ("Stock {count}", "В колоде {count}"),
    "discard": ("Discarded {count}", "В отбое {count}"),
    "cards_in_hand": ("{count} in hand", "на руках {count}"),
    "attacker": ("attacks", "ходит"),
    "defender": ("defends", "отбивается"),
    "taking": ("takes", "берёт"),
    "out": ("out", "вышел"),
    "fool": ("{player} is the fool", "{player} остался дураком"),
    "table_empty": ("Nothing on the table", "На столе пусто"),
    "trick": ("Trick", "Взятка"),
    "last_trick": ("Last trick", "Последняя взятка"),
    "contract": ("Contract {points} ({player})", "Заказ {points} ({player})"),
    "declarer": ("Plays: {player}", "Играет: {player}"),
    # Dominoes.
    "end_sum": ("Ends add up to {sum}", "Сумма концов {sum}"),
    "boneyard": ("Boneyard {count}", "Базар {count}"),
    "tiles_in_hand": ("{count} in hand", "на руках {count}"),
    "no_tiles": ("No tiles laid yet", "Костей на столе нет"),
    "round": ("Round {number}", "Раунд {number}"),
    # Skittles.
    "mountain": ("mountain +{points}", "на горе +{points}"),
    "inning": ("This inning {points}", "За подход {points}"),
    "caroms": ("caroms in a row {count}", "карамболей подряд {count}"),
    "down": ("down: set it up again", "сбита: поставить на место"),
    "off_table": ("off the table until its mark is free", "снята, пока отметка занята"),
    "target": ("to {points}", "до {points}"),
    "games_won": ("games {count}", "партий {count}"),
    "ball_in_hand": ("{player}: ball in hand", "{player}: шар с руки"),
    "house": ("house", "дом"),
}


def text(key: str, lang: str, **values: Any) -> str:
    """One display string in ``lang`` (English for anything but ``ru``), filled in."""
    en, ru = STRINGS[key]
    return (ru if lang == "ru" else en).format(**values)


class Language(QObject):
    """The language every window shows; ``changed`` carries the new code (``en`` | ``ru``)."""

    changed = Signal(str)

    def __init__(self, code: str = "en", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._code = _checked(code)

    @property
    def code(self) -> str:
        return self._code

    def set(self, code: str) -> None:
        """Switch to ``code``; listeners hear of it only when it actually changes."""
        code = _checked(code)
        if code != self._code:
            self._code = code
            self.changed.emit(code)

    def toggle(self) -> None:
        """English to Russian and back: what the operator's one language button does."""
        self.set("ru" if self._code == "en" else "en")


def _checked(code: str) -> str:
    if code not in LANGS:
        raise ValueError(f"language {code!r} is not one of {', '.join(LANGS)}")
    return code
