"""The words of the operator console and the replay viewer, in English and Russian.

The audience display's catalogue (``ui/qt/i18n.py``) holds what the players read; this one
holds what only the operator and the reviewer read (buttons, column heads, connection states),
so the two windows can grow their vocabularies without touching each other's files.
"""

from __future__ import annotations

from typing import Any

STRINGS: dict[str, tuple[str, str]] = {
    # Window titles and panels.
    "console_title": ("Table Referee — {game} (console)", "Судья за столом — {game} (пульт)"),
    "replay_title": ("Table Referee: replay", "Судья за столом: повтор"),
    "camera": ("Camera", "Камера"),
    "no_camera": ("No camera", "Камеры нет"),
    "no_frame": ("No video at this point", "Нет кадра в этом месте"),
    "panel": ("Panel", "Пульт"),
    "pending": ("Waiting for the operator", "Ждут решения оператора"),
    "no_pending": ("Nothing waiting", "Ничего не ждёт"),
    "journal": ("Journal", "Журнал"),
    "score": ("Score", "Счёт"),
    "manual": ("Type an action", "Ввести действие"),
    "manual_hint": (
        'e.g. "{example}", "undo 3" or a JSON action',
        "например «{example}», «undo 3» или действие в JSON",
    ),
    "manual_hint_plain": (
        'e.g. "undo 3" or a JSON action',
        "например «undo 3» или действие в JSON",
    ),
    "enter": ("Enter", "Ввести"),
    "language": ("Русский", "English"),
    "new_game": ("New game…", "Новая игра…"),
    # Buttons.
    "confirm": ("Confirm", "Подтвердить"),
    "edit_confirm": ("Edit and confirm…", "Исправить и подтвердить…"),
    "reject": ("Reject", "Отклонить"),
    "undo": ("Undo", "Отменить"),
    "undo_last": ("Undo last", "Отменить последнее"),
    "correct": ("Correct…", "Исправить…"),
    # Columns.
    "col_seq": ("#", "№"),
    "col_time": ("Time", "Время"),
    "col_source": ("Source", "Источник"),
    "col_conf": ("Conf.", "Увер."),
    "col_action": ("Action", "Действие"),
    "col_verdicts": ("Verdicts", "Решения"),
    "col_why": ("Why held", "Почему ждёт"),
    # Row states.
    "undone_by": ("undone by #{seq}", "отменено действием №{seq}"),
    "corrected_by": ("corrected by #{seq}", "исправлено действием №{seq}"),
    # Connection states.
    "state_connected": ("connected", "подключена"),
    "state_disconnected": ("disconnected", "отключена"),
    "state_unknown": ("not started", "не запущена"),
    "state_error": ("error", "ошибка"),
    "source_camera": ("Camera", "Камера"),
    "source_panel": ("Panel", "Пульт"),
    # Messages.
    "recorded": ("#{seq} recorded: {action}", "№{seq} записано: {action}"),
    "refused": ("Refused: {reason}", "Не принято: {reason}"),
    "held": ("Held for you: {why}", "Ждёт решения: {why}"),
    "dropped": ("Dropped: {why}", "Снято: {why}"),
    "select_row": ("Select a row first", "Сначала выберите строку"),
    "select_pending": ("Select a proposal first", "Сначала выберите предложение"),
    # Editors and dialogs.
    "edit_title": ("Action #{seq}", "Действие №{seq}"),
    "edit_pending_title": ("Proposal {id}", "Предложение {id}"),
    "edit_hint": (
        "The action as JSON; the engine judges it before anything is written.",
        "Действие в JSON; судья проверит его прежде, чем что-то записать.",
    ),
    "setup_title": ("New game", "Новая игра"),
    "game": ("Game", "Игра"),
    "preset": ("Rules", "Правила"),
    "players": ("Players", "Игроки"),
    "players_hint": ("comma-separated: Anna, Boris", "через запятую: Anna, Boris"),
    # The replay viewer.
    "open": ("Open recording…", "Открыть запись…"),
    "export_csv": ("Export CSV…", "Экспорт CSV…"),
    "export_json": ("Export JSON…", "Экспорт JSON…"),
    "export_pdf": ("Export PDF…", "Экспорт PDF…"),
    "position": ("After action {k} of {n}", "После действия {k} из {n}"),
    "start": ("Before the first action", "До первого действия"),
    "frame": ("frame {frame}", "кадр {frame}"),
    "exported": ("Written: {path}", "Записано: {path}"),
    "sheet_title": ("{game}: score sheet", "{game}: протокол"),
    "sheet_players": ("Players: {players}", "Игроки: {players}"),
    "sheet_state": ("After action {k} of {n}", "После действия {k} из {n}"),
}


def tr(key: str, lang: str, **values: Any) -> str:
    """One console string in ``lang`` (English for anything but ``ru``), filled in."""
    en, ru = STRINGS[key]
    return (ru if lang == "ru" else en).format(**values)


def state_text(state: str, lang: str) -> str:
    """A source's connection state in words; a state the catalogue lacks is shown as given."""
    key = f"state_{state}"
    return tr(key, lang) if key in STRINGS else state
