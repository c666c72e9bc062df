"""The console's advice box: the optimal keep and row for the player to move, each with its
expected final score, and the operator's switch that puts the best of them on the audience
display (off by default: advice is for whoever asks, not for the whole table).

The strategy table is read from the cache; a table not solved yet is solved in a worker thread
when the operator asks, so the console keeps refereeing meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFontDatabase, QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scoring.dice.optimal.advice import Advice, StrategyTable, advise
from scoring.dice.optimal.model import SolitaireModel, Unsupported, solitaire_model
from scoring.dice.sheet.engine import DiceSheetEngine
from session.strategy_store import cached_table, strategy_table
from ui.advice_text import best_line, ranked_lines, row_titles

WORDS = {
    "title": ("Optimal play (advice)", "Оптимальная игра (совет)"),
    "audience": ("Show the best choice on the audience display", "Показывать совет игрокам"),
    "unsolved": (
        "The strategy table of this game is not solved yet (seconds to a minute).",
        "Таблица стратегии этой игры ещё не посчитана (от секунд до минуты).",
    ),
    "solve": ("Solve now", "Посчитать"),
    "solving": ("Solving…", "Считается…"),
}
POLL_MS = 300  # how often a solve in progress is looked at
LINES_SHOWN = 3  # the advice list's height in lines; the rest scrolls


def word(key: str, lang: str) -> str:
    en, ru = WORDS[key]
    return ru if lang == "ru" else en


class AdvicePanel(QGroupBox):
    """Shown for the score-sheet games the solver models; hidden for every other game."""

    audience_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.best = QLabel()
        self.best.setWordWrap(True)
        self.best.setStyleSheet("font-weight: bold;")
        self.lines = QPlainTextEdit()
        self.lines.setReadOnly(True)
        self.lines.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        spacing = QFontMetrics(self.lines.font()).lineSpacing()
        self.lines.setFixedHeight(round((LINES_SHOWN + 1) * spacing))
        self.solve_button = QPushButton()
        self.solve_button.clicked.connect(self.solve)
        self.on_audience = QCheckBox()
        self.on_audience.toggled.connect(self.audience_changed.emit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.best)
        layout.addWidget(self.lines)
        switches = QHBoxLayout()
        switches.addWidget(self.on_audience, 1)
        switches.addWidget(self.solve_button)
        layout.addLayout(switches)
        self._models: dict[int, SolitaireModel | None] = {}
        self._tables: dict[str, StrategyTable | None] = {}
        self._solving: Future[tuple[StrategyTable, float | None]] | None = None
        self._pool = ThreadPoolExecutor(max_workers=1)
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check_solve)
        self._shown: tuple[Any, Any, str] | None = None
        self.advice: Advice | None = None
        self._title: Callable[[str], str] = str

    def show_for(self, engine: Any, state: Any, lang: str, again: bool = False) -> None:
        """The advice for ``state``, or the panel hidden where the game has no table; the
        state shown already is not advised ``again`` unless asked (states are immutable)."""
        if not again and self._shown == (engine, state, lang):
            return
        self._shown = (engine, state, lang)
        self.setTitle(word("title", lang))
        self.on_audience.setText(word("audience", lang))
        self.solve_button.setText(word("solving" if self._solving else "solve", lang))
        model = self._model(engine)
        if model is None:
            self.advice = None
            self.hide()
            return
        self.show()
        table = self._table(engine, model)
        self.solve_button.setVisible(table is None)
        self.solve_button.setEnabled(self._solving is None)
        self.lines.setVisible(table is not None)
        if table is None:
            self.advice = None
            self.best.setText(word("unsolved", lang))
            return
        self._title = row_titles(engine, lang)
        self.advice = advise(engine, state, table)
        shown = ranked_lines(self.advice, self._title, lang) if self.advice else []
        self.best.setText(best_line(self.advice, self._title, lang) if self.advice else "")
        self.lines.setPlainText("\n".join(shown))

    def audience_text(self, engine: Any, state: Any, lang: str) -> str | None:
        """The line for the audience display on ``state``, only while the operator has
        switched it on (the players' screen is drawn before the console's, so the advice is
        brought up to ``state`` here)."""
        if not self.on_audience.isChecked():
            return None
        self.show_for(engine, state, lang)
        return None if self.advice is None else best_line(self.advice, self._title, lang)

    def solve(self) -> None:
        """Solve the shown game's table in the worker thread; the panel fills in when done."""
        if self._shown is None or self._solving is not None:
            return
        engine = self._shown[0]
        self._solving = self._pool.submit(strategy_table, engine)
        self._poll.start()
        self.show_for(*self._shown, again=True)

    def wait_for_solve(self) -> None:
        """Block until a solve in progress is done, then show its advice (tests, shutdown)."""
        if self._solving is not None:
            self._solving.result()
            self._check_solve()

    def _check_solve(self) -> None:
        if self._solving is None or not self._solving.done():
            return
        table, _ = self._solving.result()
        self._solving = None
        self._poll.stop()
        self._tables[table.model.describe()] = table
        if self._shown is not None:
            self.show_for(*self._shown, again=True)

    def _model(self, engine: Any) -> SolitaireModel | None:
        """The game as the solver models it, or None where it does not (read once a preset)."""
        if not isinstance(engine, DiceSheetEngine):
            return None
        if id(engine.rules) not in self._models:
            try:
                self._models[id(engine.rules)] = solitaire_model(engine.rules)
            except Unsupported:
                self._models[id(engine.rules)] = None
        return self._models[id(engine.rules)]

    def _table(self, engine: DiceSheetEngine, model: SolitaireModel) -> StrategyTable | None:
        key = model.describe()
        if self._tables.get(key) is None:
            self._tables[key] = cached_table(engine)
        return self._tables[key]
