"""Choosing the game, its rules and the players before a session starts.

The choices come from the preset catalogue (``scoring.registry``), so a game added there shows
up here without a change; the journal is created only when the operator accepts, and a bad
choice (no players, a name twice) is named in the dialog instead of failing later.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from scoring.registry import catalogue
from session.journal import Journal
from ui.qt.console_text import tr


@dataclass(frozen=True)
class Setup:
    """What the operator chose: a game id, a preset name and the players in seat order."""

    game: str
    preset: str
    players: tuple[str, ...]

    def create_journal(self, folder: Path | str) -> Journal:
        """A new journal for this game in ``folder``, named by game and UTC time."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = folder / f"{self.game}-{stamp}.sqlite"
        return Journal.create(path, self.game, self.players, preset=self.preset)


def players_from_text(text: str) -> tuple[str, ...]:
    """Comma-separated names, trimmed; at least one and no name twice, else a ValueError."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise ValueError("name at least one player")
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    return names


class SetupDialog(QDialog):
    """Game, rules and players; ``setup()`` is the choice once the dialog is accepted."""

    def __init__(self, lang: str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lang = lang
        self.setWindowTitle(tr("setup_title", lang))
        self.game_box = QComboBox()
        for game in sorted(catalogue().values(), key=lambda g: self._title(g.title_en, g.title_ru)):
            self.game_box.addItem(self._title(game.title_en, game.title_ru), game.id)
        self.preset_box = QComboBox()
        self.players_edit = QLineEdit("Anna, Boris")
        self.players_edit.setPlaceholderText(tr("players_hint", lang))
        self.error = QLabel()
        self.error.setStyleSheet("color: #c0392b; font-weight: bold;")
        form = QFormLayout()
        form.addRow(tr("game", lang), self.game_box)
        form.addRow(tr("preset", lang), self.preset_box)
        form.addRow(tr("players", lang), self.players_edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.game_box.currentIndexChanged.connect(self._fill_presets)
        self._fill_presets()

    def _title(self, en: str, ru: str) -> str:
        return ru if self._lang == "ru" else en

    def _fill_presets(self) -> None:
        game = catalogue()[self.game_box.currentData()]
        self.preset_box.clear()
        for name in game.presets:
            description = game.descriptions.get(name, "")
            self.preset_box.addItem(f"{name}: {description}" if description else name, name)
        self.preset_box.setCurrentIndex(list(game.presets).index(game.default))

    def select(self, game: str, preset: str | None = None) -> None:
        """Pre-select a game (and a preset of it), as a resumed or scripted session does."""
        index = self.game_box.findData(game)
        if index < 0:
            raise ValueError(f"unknown game {game!r}")
        self.game_box.setCurrentIndex(index)
        if preset is not None:
            found = self.preset_box.findData(preset)
            if found < 0:
                raise ValueError(f"preset {preset!r} is not a preset of {game}")
            self.preset_box.setCurrentIndex(found)

    def setup(self) -> Setup:
        """The current choice; a ValueError names what is wrong with the players."""
        players = players_from_text(self.players_edit.text())
        return Setup(self.game_box.currentData(), self.preset_box.currentData(), players)

    def accept(self) -> None:
        try:
            self.setup()
        except ValueError as error:
            self.error.setText(str(error))
            return
        super().accept()
