"""The console's box of the moves open now: each legal move a button that enters it, so the
operator of a poker table clicks "call 40" or "raise to 80 (min)" instead of typing it.

Moves come from the engine (``legal``: complete, accepted as listed); a chip game's view
(``to_call``, ``min_raise_to``, ``max_raise_to``, ``bets``, ``stacks``) gives the amounts
their words, and an amount box takes any bet or raise between the minimum and the maximum.
What the table still has to show (the board's cards, a hand tabled: the engine's
``decisions``) starts the typed line for the operator to finish.  A list too long to be buttons
(a board game's squares) gives one button a verb, which starts the line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scoring.actions import Action
from ui.short_form import describe

#: Buttons in a row, and the most moves shown one button each.
COLUMNS = 4
MOST_BUTTONS = 12
WORDS = {
    "title": ("Moves open now", "Можно сейчас"),
    "none": ("Nothing to do: the game is over", "Ходов нет: игра окончена"),
    "to_show": ("The table shows:", "Стол показывает:"),
    "amount": ("Amount (round total):", "Сумма (всего за круг):"),
    "fold": ("fold", "пас"),
    "check": ("check", "чек"),
    "call": ("call {amount}", "колл {amount}"),
    "bet": ("bet {amount}", "бет {amount}"),
    "raise": ("raise to {amount}", "рейз до {amount}"),
    "all_in": ("all-in {amount}", "олл-ин {amount}"),
    "min": ("min", "мин."),
    "pot": ("pot", "банк"),
    "max": ("max", "макс."),
}


def word(key: str, lang: str, **data: Any) -> str:
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**data)


def move_label(action: Action, view: Mapping[str, Any], lang: str) -> str:
    """A move as its button reads: a betting move with its amount where the view has chips
    (``call 40``, ``raise to 80 (min)``, ``all-in 1500``), any other move as the referee reads
    it out."""
    player = action.by or ""
    chips = "to_call" in view and player in view.get("stacks", {})
    if not chips or action.verb not in ("fold", "check", "call", "bet", "raise", "all_in"):
        return describe(action.to_dict())
    if action.verb in ("fold", "check"):
        return word(action.verb, lang)
    if action.verb == "call":
        owed = view["current_bet"] - view["bets"][player]
        return word("call", lang, amount=min(owed, view["stacks"][player]))
    if action.verb == "all_in":
        return word("all_in", lang, amount=view["bets"][player] + view["stacks"][player])
    to = int(action.args["to"])
    tags = [word(tag, lang) for tag, size in raise_sizes(view, player).items() if size == to]
    label = word(action.verb, lang, amount=to)
    return f"{label} ({', '.join(tags)})" if tags else label


def raise_sizes(view: Mapping[str, Any], player: str) -> dict[str, int]:
    """The named raise sizes: the smallest full raise, the pot (the bet after calling plus
    every chip in the hand) and the most the structure allows, as round totals."""
    if view["min_raise_to"] is None:
        return {}
    owed = view["current_bet"] - view["bets"][player]
    pot = view["current_bet"] + sum(view["committed"].values()) + owed
    return {"min": view["min_raise_to"], "pot": pot, "max": view["max_raise_to"]}


class MovesPanel(QGroupBox):
    """The buttons of the moves open now; ``submitted`` a complete move clicked, ``started``
    the beginning of a line to type (a decision, or a verb with too many choices)."""

    submitted = Signal(dict)
    started = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout()
        for column in range(COLUMNS):  # a lone button takes a column's width, not the row's
            self.grid.setColumnStretch(column, 1)
        self.amount = QSpinBox()
        self.amount.setMinimumWidth(110)
        self.amount_label = QLabel()
        self.amount_button = QPushButton()
        self.amount_button.clicked.connect(self._enter_amount)
        amount_row = QHBoxLayout()
        amount_row.setContentsMargins(0, 0, 0, 0)
        amount_row.addWidget(self.amount_label)
        amount_row.addWidget(self.amount, 1)
        amount_row.addWidget(self.amount_button, 1)
        self.amount_row = QWidget()
        self.amount_row.setLayout(amount_row)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(self.grid)
        layout.addWidget(self.amount_row)
        layout.addWidget(self.note)
        self.buttons: list[QPushButton] = []
        self._raise: dict[str, Any] | None = None
        self._raise_words = ""
        self._shown: str | None = None
        self.amount.valueChanged.connect(lambda _value: self._name_amount())

    def show_for(
        self, legal: Sequence[Action], table: Sequence[Action], view: Mapping[str, Any], lang: str
    ) -> None:
        """Show ``legal`` (the moves) and ``table`` (the decisions) for the view; redrawn only
        when they change, so a click is never lost to a redraw."""
        shown = json.dumps(
            [[a.to_dict() for a in legal], [a.to_dict() for a in table], lang, view],
            default=str,
        )
        if shown == self._shown:
            return
        self._shown = shown
        players = {action.by for action in legal}
        title = word("title", lang)
        self.setTitle(f"{title}: {players.pop()}" if len(players) == 1 else title)
        for button in self.buttons:
            self.grid.removeWidget(button)
            button.hide()  # gone now, though deleted only when the event loop next runs
            button.deleteLater()
        self.buttons = []
        if len(legal) <= MOST_BUTTONS:
            for action in legal:
                self._add(move_label(action, view, lang), lambda a=action: self._submit(a))
        else:
            for verb in dict.fromkeys(action.verb for action in legal):
                count = sum(action.verb == verb for action in legal)
                first = next(action for action in legal if action.verb == verb)
                self._add(f"{verb}… ({count})", lambda a=first: self._start(a))
        for decision in table:
            self._add(f"{describe(decision.to_dict())}…", lambda a=decision: self._start(a))
        self._show_amount(legal, view, lang)
        self.note.setText(word("none", lang) if view.get("over") else "")
        self.note.setVisible(bool(view.get("over")))

    def _add(self, label: str, clicked: Any) -> None:
        button = QPushButton(label)
        button.clicked.connect(lambda _checked=False: clicked())
        index = len(self.buttons)
        self.grid.addWidget(button, index // COLUMNS, index % COLUMNS)
        self.buttons.append(button)

    def _show_amount(self, legal: Sequence[Action], view: Mapping[str, Any], lang: str) -> None:
        """The amount box for a bet or raise of any size between the minimum and the most."""
        sized = next((a for a in legal if a.verb in ("bet", "raise") and "to" in a.args), None)
        self.amount_row.setVisible(sized is not None)
        if sized is None:
            self._raise = None
            return
        low, high = view["min_raise_to"], view["max_raise_to"]
        self._raise = {"do": sized.verb, "by": sized.by}
        self.amount.setRange(low, high)
        self.amount.setSingleStep(int(view.get("chip", 1)))
        self.amount.setValue(low)
        self.amount_label.setText(word("amount", lang))
        self._raise_words = word(sized.verb, lang, amount="{amount}")
        self._name_amount()

    def _name_amount(self) -> None:
        """The amount button says what it enters: ``raise to 250``."""
        self.amount_button.setText(self._raise_words.format(amount=self.amount.value()))

    def _enter_amount(self) -> None:
        if self._raise is not None:
            self.submitted.emit({**self._raise, "to": self.amount.value()})

    def _submit(self, action: Action) -> None:
        self.submitted.emit(action.to_dict())

    def _start(self, action: Action) -> None:
        who = f"{action.by}: " if action.by else ""
        self.started.emit(f"{who}{action.verb} ")

    def labels(self) -> list[str]:
        """The buttons' texts, in order (what a test or a screen reader reads)."""
        return [button.text() for button in self.buttons]
