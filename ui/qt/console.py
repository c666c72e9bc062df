"""The operator console: the one window from which a person runs the table.

It shows what the referee sees (the camera with every detection boxed), what it is unsure of
(proposals held for confirmation), what it wrote (every journal row with its verdicts) and
whether its eyes and hands are attached (camera and panel state, always on screen).  It never
changes the match itself: every button posts a command to the live session, and the window
redraws from the events the session's ``pump`` returns, so the console, the panel and the
camera are judged in one order by one thread.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from scoring.actions import CORRECT, Action, ActionError, Verb, error_text
from scoring.registry import game as game_info
from scoring.verdicts import Verdict
from session.families import interpreter_for
from session.live import (
    Confirm,
    Correct,
    FrameTap,
    LiveSession,
    Reject,
    SessionEvent,
    Submit,
    Undo,
)
from ui.qt.advice_panel import AdvicePanel
from ui.qt.console_camera import CameraView
from ui.qt.console_editor import ActionEditor
from ui.qt.console_rows import JudgedRow, action_text, fold_rows, mark_revisions, verdicts_text
from ui.qt.console_setup import SetupDialog
from ui.qt.console_tables import (
    fill_journal,
    fill_pending,
    journal_table,
    pending_table,
    selected_key,
)
from ui.qt.console_text import state_text, tr
from ui.qt.console_view import swap_view
from ui.qt.i18n import Language
from ui.qt.moves_panel import MovesPanel
from ui.qt.views.scores import ScoresView
from ui.sheet_text import state_line
from ui.short_form import CliError, read_action, template

#: The sources whose connection state is always shown, in this order.
WATCHED_SOURCES = ("camera", "panel")
STATE_COLOURS = {"connected": "#27ae60", "disconnected": "#c0392b", "error": "#c0392b"}
#: The proposals box while something waits: the operator's eye must go there first.
PENDING_STYLE = (
    "QGroupBox { background: #fff3cd; border: 2px solid #e0a800; border-radius: 4px;"
    " margin-top: 12px; font-weight: bold; }"
    " QGroupBox::title { subcontrol-origin: margin; left: 8px; color: #8a6d0b; }"
)
MESSAGE_STYLES = {
    "accepted": "background: #e8f6ec; color: #1e6b3a;",
    "refused": "background: #fdecea; color: #a93226; font-weight: bold;",
    "pending": "background: #fff6df; color: #8a6d0b; font-weight: bold;",
    "info": "background: #eef2f7; color: #2c3e50;",
}


class OperatorConsole(QMainWindow):
    """The operator's window over one :class:`LiveSession` (and the camera's frame tap).

    ``session_changed`` carries the new session when the operator starts a new game from the
    console, so the app can rebind the audience display and its timer.
    """

    session_changed = Signal(object)
    closed = Signal()

    def __init__(
        self,
        session: LiveSession,
        tap: FrameTap | None = None,
        *,
        language: Language | None = None,
        journal_folder: Path | str = "sessions",
    ) -> None:
        super().__init__()
        self.language = language or Language("en", self)
        self.tap = tap
        self.journal_folder = Path(journal_folder)
        self.session = session
        self._verdicts: dict[int, tuple[Verdict, ...]] = {}
        self._judged: list[JudgedRow] = []
        self._frame_index: int | None = None
        self._typed: dict[str, Any] | None = None
        self._message_kind = "info"
        self._message = ""
        self._build()
        self.language.changed.connect(lambda _code: self.retranslate())
        self.bind(session)

    # -----------------------------------------------------------------------------------------
    # Building the window.

    def _build(self) -> None:
        self.status_label = QLabel()
        self.status_label.setTextFormat(Qt.TextFormat.RichText)
        self.game_label = QLabel()
        self.game_label.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.new_game_button = QPushButton()
        self.new_game_button.clicked.connect(self.new_game)
        self.language_button = QPushButton()
        self.language_button.clicked.connect(self.language.toggle)
        self.status_label.setMinimumHeight(30)
        top = QHBoxLayout()
        top.addWidget(self.game_label, 1)
        top.addWidget(self.new_game_button)
        top.addWidget(self.language_button)

        self.camera = CameraView("")
        self.score_line = QLabel()
        self.score_line.setStyleSheet("font-size: 15px; font-weight: bold; padding: 4px;")
        self.game_view = ScoresView()
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.camera)
        left.addWidget(self.game_view)
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 2)

        self.pending_box = QGroupBox()
        self.pending_list = pending_table()
        self.confirm_button = QPushButton()
        self.confirm_button.clicked.connect(self.confirm_selected)
        self.edit_button = QPushButton()
        self.edit_button.clicked.connect(self.edit_selected)
        self.reject_button = QPushButton()
        self.reject_button.clicked.connect(self.reject_selected)
        self.pending_box.setLayout(
            _column(
                self.pending_list,
                _row(self.confirm_button, self.edit_button, self.reject_button),
            )
        )

        self.journal_box = QGroupBox()
        self.journal_list = journal_table()
        self.journal_list.doubleClicked.connect(lambda _index: self.correct_selected())
        self.undo_button = QPushButton()
        self.undo_button.clicked.connect(self.undo_selected)
        self.undo_last_button = QPushButton()
        self.undo_last_button.clicked.connect(lambda: self.undo(None))
        self.correct_button = QPushButton()
        self.correct_button.clicked.connect(self.correct_selected)
        self.journal_box.setLayout(
            _column(
                self.journal_list,
                _row(self.undo_last_button, self.undo_button, self.correct_button),
            )
        )

        self.moves_panel = MovesPanel()
        self.moves_panel.submitted.connect(lambda action: self.session.post(Submit(action)))
        self.moves_panel.started.connect(self._start_line)

        self.manual_box = QGroupBox()
        self.manual_edit = QLineEdit()
        self.manual_edit.returnPressed.connect(self.enter_typed)
        self.enter_button = QPushButton()
        self.enter_button.clicked.connect(self.enter_typed)
        self.manual_box.setLayout(_row(self.manual_edit, self.enter_button))

        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.message_label.setMinimumHeight(44)

        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.pending_box)
        right.addWidget(self.journal_box)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 3)
        right_side = QWidget()
        right_side.setLayout(_column(right, self.moves_panel, self.manual_box, self.message_label))

        body = QSplitter(Qt.Orientation.Horizontal)
        self.advice_panel = AdvicePanel()
        body.addWidget(_wrap(_column(left, self.score_line, self.advice_panel)))
        body.addWidget(right_side)
        body.setSizes([600, 800])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(self.status_label)
        layout.addWidget(body, 1)
        self.setCentralWidget(central)
        self.resize(1400, 860)

    # -----------------------------------------------------------------------------------------
    # The session shown.

    @property
    def lang(self) -> str:
        return self.language.code

    def bind(self, session: LiveSession) -> None:
        """Show ``session``: its rows are re-folded once for their verdicts, then kept current
        from the events."""
        self.session = session
        journal = session.journal
        self.game_view = swap_view(self.game_view, journal.game)
        _, judged = fold_rows(
            journal.game, journal.preset, journal.options, journal.players, session.rows()
        )
        self._verdicts = {item.row.seq: item.verdicts for item in judged}
        self._judged = judged
        self.retranslate()

    def retranslate(self) -> None:
        """Every label in the current language, then every list redrawn in it."""
        lang = self.lang
        info = game_info(self.session.journal.game)
        game_title = info.title_ru if lang == "ru" else info.title_en
        self.setWindowTitle(tr("console_title", lang, game=game_title))
        self.new_game_button.setText(tr("new_game", lang))
        self.language_button.setText(tr("language", lang))
        self.camera.set_placeholder(tr("no_camera", lang))
        self.pending_box.setTitle(tr("pending", lang))
        self.confirm_button.setText(tr("confirm", lang))
        self.edit_button.setText(tr("edit_confirm", lang))
        self.reject_button.setText(tr("reject", lang))
        self.journal_box.setTitle(tr("journal", lang))
        self.undo_button.setText(tr("undo", lang))
        self.undo_last_button.setText(tr("undo_last", lang))
        self.correct_button.setText(tr("correct", lang))
        self.manual_box.setTitle(tr("manual", lang))
        self.enter_button.setText(tr("enter", lang))
        journal = self.session.journal
        info = game_info(journal.game)
        title = info.title_ru if lang == "ru" else info.title_en
        self.game_label.setText(f"{title} ({journal.preset}): {', '.join(journal.players)}")
        self._show_message(self._message_kind, self._message)
        self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the session as it stands (after a pump, or a rebind)."""
        lang = self.lang
        self.refresh_status()
        pending = self.session.pending()
        fill_pending(self.pending_list, pending, lang)
        self.pending_box.setStyleSheet(PENDING_STYLE if pending else "")
        fill_journal(self.journal_list, self._judged, lang)
        view = self.session.view()
        self.game_view.set_written_row(written_row(self._judged))
        self.game_view.show_state(
            view, self.session.sheet(), lang, self.session.match.last_verdicts
        )
        scores = "   ".join(f"{player} {points}" for player, points in view["scores"].items())
        self.score_line.setText(f"{scores}   —   {state_line(view, lang)}")
        engine, state = self.session.match.engine, self.session.match.state
        self.advice_panel.show_for(engine, state, lang)
        decisions = [decision.action for decision in engine.decisions(state)]
        legal = engine.legal(state)
        self.moves_panel.show_for(legal, decisions, view, lang)
        self.manual_edit.setPlaceholderText(manual_hint([*legal, *decisions], engine.verbs, lang))
        self.refresh_camera()

    def refresh_status(self) -> None:
        """Camera and panel state, always shown; a source never heard of is 'not started'."""
        parts = []
        states = []
        for source in WATCHED_SOURCES:
            status = self.session.status.get(source)
            state = status.state if status is not None else "unknown"
            states.append(state)
            colour = STATE_COLOURS.get(state, "#7f8c8d")
            words = state_text(state, self.lang)
            if status is not None and status.text:
                words = f"{words} ({status.text})"
            name = tr(f"source_{source}", self.lang)
            parts.append(
                f'<span style="color:{colour}; font-size:16px;">●</span> <b>{name}</b>: {words}'
            )
        self.status_label.setText("&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;".join(parts))
        lost = any(state in ("disconnected", "error") for state in states)
        background = "#fdecea" if lost else "#e8f6ec" if "unknown" not in states else "#eeeeee"
        self.status_label.setStyleSheet(
            f"background: {background}; padding: 4px 10px; font-size: 14px; border-radius: 4px;"
        )

    def status_text(self) -> str:
        """The connection line as plain text (what a test or a log reads)."""
        return self.status_label.text()

    def refresh_camera(self) -> None:
        """Show the tap's newest frame if it is new; cheap enough for every timer tick."""
        frame = self.tap.get() if self.tap is not None else None
        if frame is None:
            if self._frame_index is not None:
                self.camera.set_frame(None)
                self._frame_index = None
            return
        if frame.index != self._frame_index:
            self._frame_index = frame.index
            caption = f"{tr('camera', self.lang)} · {tr('frame', self.lang, frame=frame.index)}"
            self.camera.set_frame(frame.image, frame.detections, caption)

    # -----------------------------------------------------------------------------------------
    # What the session did.

    def show_events(self, events: Iterable[SessionEvent]) -> None:
        """Take in one pump's events: rows, verdicts and messages, then one redraw."""
        changed = False
        for event in events:
            if event.kind == "fact":
                continue
            changed = True
            if event.kind == "accepted" and event.row is not None:
                self._verdicts[event.row.seq] = event.verdicts
                self._judged = mark_revisions(
                    [*(item.row for item in self._judged), event.row],
                    [*(item.verdicts for item in self._judged), event.verdicts],
                )
                self._show_message(
                    "accepted",
                    tr(
                        "recorded",
                        self.lang,
                        seq=event.row.seq,
                        action=action_text(event.row.action),
                    )
                    + _verdict_suffix(event.verdicts, self.lang),
                )
                if self._typed is not None and event.row.action.get("do") == self._typed.get("do"):
                    self.manual_edit.clear()
                    self._typed = None
            elif event.kind == "refused":
                reason = verdicts_text(event.verdicts, self.lang) if event.verdicts else event.text
                self._show_message("refused", tr("refused", self.lang, reason=reason))
            elif event.kind == "pending":
                self._show_message("pending", tr("held", self.lang, why=event.text))
            elif event.kind == "resolved":
                self._show_message("info", tr("dropped", self.lang, why=event.text))
        if changed:
            self.refresh()
        else:
            self.refresh_camera()

    def message(self) -> str:
        """The latest message shown to the operator (a refusal, a recorded row...)."""
        return self.message_label.text()

    def _show_message(self, kind: str, text: str) -> None:
        self._message_kind, self._message = kind, text
        self.message_label.setText(text)
        self.message_label.setStyleSheet(
            f"{MESSAGE_STYLES.get(kind, MESSAGE_STYLES['info'])} padding: 6px; font-size: 14px;"
        )

    # -----------------------------------------------------------------------------------------
    # Commands: each posts to the session; the result comes back through show_events.

    def confirm(self, pending: int | None = None, action: Mapping[str, Any] | None = None) -> None:
        self.session.post(Confirm(pending, None if action is None else dict(action)))

    def reject(self, pending: int) -> None:
        self.session.post(Reject(pending))

    def undo(self, seq: int | None = None) -> None:
        self.session.post(Undo(seq))

    def correct(self, seq: int, action: Mapping[str, Any]) -> None:
        self.session.post(Correct(seq, dict(action)))

    def submit_line(self, line: str) -> bool:
        """Post a typed action (JSON or ``[Player:] verb words``, as ``tableref play`` reads);
        a line that does not parse is answered at once and nothing is posted."""
        view = self.session.view()
        try:
            raw = read_action(
                line.strip(), self.session.match.engine.verbs, view["turn"], view["over"]
            )
        except (ActionError, CliError) as error:
            reason = error_text(error, self.lang)
            self._show_message("refused", tr("refused", self.lang, reason=reason))
            return False
        self._typed = raw
        self.session.post(Submit(raw))
        return True

    # -----------------------------------------------------------------------------------------
    # The buttons.

    def confirm_selected(self) -> None:
        key = self._selected_pending()
        if key is not None:
            self.confirm(key)

    def reject_selected(self) -> None:
        key = self._selected_pending()
        if key is not None:
            self.reject(key)

    def edit_selected(self) -> None:
        """Edit a held proposal's action, judged as it stands before it is confirmed."""
        key = self._selected_pending()
        held = next((item for item in self.session.pending() if item.id == key), None)
        if held is None:
            return
        editor = ActionEditor(
            tr("edit_pending_title", self.lang, id=held.id),
            held.proposal.action,
            self._judge,
            self.lang,
            self,
        )
        if editor.exec():
            self.confirm(held.id, editor.action())

    def undo_selected(self) -> None:
        seq = selected_key(self.journal_list)
        if seq is None:
            self._show_message("info", tr("select_row", self.lang))
            return
        self.undo(seq)

    def correct_selected(self) -> None:
        """Open the selected row's action in the editor; a correction of a correction edits
        the action in force."""
        seq = selected_key(self.journal_list)
        if seq is None:
            self._show_message("info", tr("select_row", self.lang))
            return
        editor = self.correction_editor(seq)
        if editor.exec():
            self.correct(self._correction_target(seq), editor.action())

    def correction_editor(self, seq: int) -> ActionEditor:
        """The editor for row ``seq``, judging each edit as a correction of that row."""
        target = self._correction_target(seq)
        rows = {item.row.seq: item.row for item in self._judged}
        action = rows[seq].action
        if action.get("do") == CORRECT:
            action = action["action"]

        def judge(edited: dict[str, Any]) -> str | None:
            return self._judge({"do": CORRECT, "target": target, "action": edited})

        return ActionEditor(tr("edit_title", self.lang, seq=target), action, judge, self.lang, self)

    def _start_line(self, text: str) -> None:
        """A move the table must complete (a card read, a size typed): begun in the line."""
        self.manual_edit.setText(text)
        self.manual_edit.setFocus()

    def enter_typed(self) -> None:
        line = self.manual_edit.text()
        if line.strip():
            self.submit_line(line)

    def _correction_target(self, seq: int) -> int:
        rows = {item.row.seq: item.row for item in self._judged}
        action = rows[seq].action
        return int(action["target"]) if action.get("do") == CORRECT else seq

    def _selected_pending(self) -> int | None:
        key = selected_key(self.pending_list)
        if key is None:
            pending = self.session.pending()
            if len(pending) == 1:
                return pending[0].id
            self._show_message("info", tr("select_pending", self.lang))
        return key

    def _judge(self, action: Mapping[str, Any]) -> str | None:
        """The engine's refusal of ``action`` against the match as it stands, or None."""
        outcome, _ = self.session.match.check(action)
        if outcome.accepted:
            return None
        if outcome.verdicts:
            return verdicts_text(outcome.verdicts, self.lang)
        return outcome.error_ru if self.lang == "ru" and outcome.error_ru else outcome.error

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the console ends the session's windows (the app stops the sources)."""
        self.closed.emit()
        super().closeEvent(event)

    # -----------------------------------------------------------------------------------------
    # A new game.

    def new_game(self) -> None:
        """Ask for game, rules and players; start a new journal and a session with the new
        game's interpreter, and announce it so the app rebinds its other windows and sources.
        The old journal stays on disk as it was (it is complete: every row is committed)."""
        dialog = SetupDialog(self.lang, self)
        if not dialog.exec():
            return
        journal = dialog.setup().create_journal(self.journal_folder)
        session = LiveSession(
            journal, interpreter_for(journal.game), confirm_below=self.session.confirm_below
        )
        session.status.update(self.session.status)
        self.bind(session)
        self.session_changed.emit(session)


def manual_hint(open_now: Sequence[Action], verbs: Mapping[str, Verb], lang: str) -> str:
    """The entry line's hint, its example the first move or decision open now typed in this
    game's words (a card game's play, ``roll <dice>`` in a dice game), not one game's example
    whatever the game; with nothing open, the journal's own commands."""
    if not open_now:
        return tr("manual_hint_plain", lang)
    return tr("manual_hint", lang, example=template(open_now[0].to_dict(), verbs))


def written_row(judged: list[JudgedRow]) -> str | None:
    """The sheet row written last (``score``, ``cross``: its ``row``) by a row still in
    force, so the game view keeps it in sight; a correction's own action counts."""
    for item in reversed(judged):
        action = item.row.action
        if action.get("do") == CORRECT and isinstance(action.get("action"), Mapping):
            action = action["action"]
        if item.undone_by is None and isinstance(action.get("row"), str):
            return str(action["row"])
    return None


def _verdict_suffix(verdicts: Iterable[Verdict], lang: str) -> str:
    text = verdicts_text(tuple(verdicts), lang)
    return f" — {text}" if text else ""


def _row(*widgets: QWidget) -> QHBoxLayout:
    layout = QHBoxLayout()
    for widget in widgets:
        layout.addWidget(widget)
    return layout


def _column(*items: QWidget | QHBoxLayout) -> QVBoxLayout:
    layout = QVBoxLayout()
    for item in items:
        if isinstance(item, QWidget):
            layout.addWidget(item, 1 if isinstance(item, QSplitter | QTableWidget) else 0)
        else:
            layout.addLayout(item)
    return layout


def _wrap(layout: QVBoxLayout) -> QWidget:
    widget = QWidget()
    widget.setLayout(layout)
    return widget
