"""The action editor: an action as JSON, judged before the dialog lets it go.

A correction the rules refuse (it would make a later roll illegal, a field is wrong) is
answered inside the dialog with the engine's own words and the typed text stays, so the
operator fixes it instead of typing it again; nothing is posted until the engine agrees.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from scoring.actions import ActionError, action_from_json, error_text
from ui.qt.console_text import tr

#: Judges an edited action: None when it would be accepted, else the reason it is refused.
Validator = Callable[[dict[str, Any]], str | None]


class ActionEditor(QDialog):
    """Edits one action; ``action()`` is the edited action once the dialog is accepted."""

    def __init__(
        self,
        title: str,
        action: Mapping[str, Any],
        validate: Validator,
        lang: str = "en",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._validate = validate
        self._lang = lang
        self._action: dict[str, Any] = dict(action)
        hint = QLabel(tr("edit_hint", lang))
        hint.setWordWrap(True)
        self.text = QPlainTextEdit(json.dumps(action, ensure_ascii=False, indent=2))
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.text.setFont(font)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b; font-weight: bold;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.text)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(520, 360)

    def action(self) -> dict[str, Any]:
        return dict(self._action)

    def accept(self) -> None:
        """Close only on an action the engine would take; otherwise say why and stay open."""
        try:
            action = action_from_json(self.text.toPlainText())
        except ActionError as error:
            self.error.setText(error_text(error, self._lang))
            return
        if not isinstance(action, dict):
            self.error.setText(
                f"действие — это объект JSON, а не {action!r}"
                if self._lang == "ru"
                else f"an action is a JSON object, got {action!r}"
            )
            return
        problem = self._validate(action)
        if problem is not None:
            self.error.setText(problem)
            return
        self._action = action
        super().accept()
