"""The replay viewer: a recorded session, scrubbed action by action.

A recording is the journal plus the camera's video and what perception saw on each frame, so
at any point of the timeline the viewer shows the three things a dispute is about: what the
referee wrote (the row and its verdicts), what the camera saw at that moment (the frame with its
detections) and what the score was (the game's own view, folded from the first rows).  The
score sheet at the point shown exports as CSV, JSON or PDF.
"""

from __future__ import annotations

import bisect
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from scoring.match import Match
from scoring.registry import game as game_info
from session.journal import JournalError
from session.recording import Recording, RecordingError
from ui.qt.console_camera import CameraView
from ui.qt.console_rows import JudgedRow, RowFoldError, fold_rows, match_after
from ui.qt.console_tables import (
    fill_journal,
    journal_table,
    select_key,
    selected_key,
    shade_after,
)
from ui.qt.console_text import tr
from ui.qt.console_view import swap_view
from ui.qt.export import ExportError, export_sheet
from ui.qt.i18n import Language
from ui.qt.views.base import GameView
from ui.qt.views.scores import ScoresView


class ReplayViewer(QMainWindow):
    """One recording at a time; ``seek(k)`` shows the match after its first ``k`` rows."""

    def __init__(self, language: Language | None = None) -> None:
        super().__init__()
        self.language = language or Language("en", self)
        self.recording: Recording | None = None
        self.match: Match | None = None
        self.judged: list[JudgedRow] = []
        self.position = 0
        self._times: list[float] = []
        self._written: dict[int, float] = {}
        self._build()
        self.language.changed.connect(lambda _code: self.retranslate())
        self.retranslate()

    # -----------------------------------------------------------------------------------------
    # Building the window.

    def _build(self) -> None:
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.ask_open)
        self.csv_button = QPushButton()
        self.csv_button.clicked.connect(lambda: self.ask_export("csv"))
        self.json_button = QPushButton()
        self.json_button.clicked.connect(lambda: self.ask_export("json"))
        self.pdf_button = QPushButton()
        self.pdf_button.clicked.connect(lambda: self.ask_export("pdf"))
        self.language_button = QPushButton()
        self.language_button.clicked.connect(self.language.toggle)
        self.title_label = QLabel()
        self.title_label.setStyleSheet("font-size: 15px; font-weight: bold;")
        top = QHBoxLayout()
        for widget in (self.open_button, self.csv_button, self.json_button, self.pdf_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.title_label)
        top.addStretch(1)
        top.addWidget(self.language_button)

        self.timeline = journal_table()
        self.timeline.itemSelectionChanged.connect(self._timeline_picked)
        self.camera = CameraView("")
        self.game_view: GameView = ScoresView()
        pictures = QSplitter(Qt.Orientation.Vertical)
        pictures.addWidget(self.camera)
        pictures.addWidget(self.game_view)
        pictures.setStretchFactor(0, 1)
        pictures.setStretchFactor(1, 1)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(self.timeline)
        body.addWidget(pictures)
        body.setSizes([600, 800])

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(0)
        self.slider.setMaximum(0)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.valueChanged.connect(self.seek)
        self.position_label = QLabel()
        self.position_label.setMinimumWidth(220)
        self.position_label.setStyleSheet("font-size: 14px; font-weight: bold;")
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        scrub = QHBoxLayout()
        scrub.addWidget(self.slider, 1)
        scrub.addWidget(self.position_label)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(body, 1)
        layout.addLayout(scrub)
        layout.addWidget(self.message_label)
        self.setCentralWidget(central)
        self.resize(1400, 860)

    @property
    def lang(self) -> str:
        return self.language.code

    def retranslate(self) -> None:
        lang = self.lang
        self.setWindowTitle(tr("replay_title", lang))
        self.open_button.setText(tr("open", lang))
        self.csv_button.setText(tr("export_csv", lang))
        self.json_button.setText(tr("export_json", lang))
        self.pdf_button.setText(tr("export_pdf", lang))
        self.language_button.setText(tr("language", lang))
        self.camera.set_placeholder(tr("no_frame", lang))
        if self.recording is not None:
            self.title_label.setText(self.heading())
        fill_journal(self.timeline, self.judged, lang)
        self.seek(self.position)

    # -----------------------------------------------------------------------------------------
    # Opening a recording.

    def open(self, folder: Path | str) -> None:
        """Open a recording and show its end; a RecordingError, JournalError or RowFoldError
        names what is wrong with the folder (the recording shown before stays shown)."""
        recording = Recording.open(folder)
        meta = recording.meta
        match, judged = fold_rows(
            meta["game"], meta.get("preset"), meta.get("options"), meta["players"], recording.rows()
        )
        if self.recording is not None:
            self.recording.close()
        self.recording, self.match, self.judged = recording, match, judged
        self._times = recording.frame_times()
        self._written = written_at(recording.events())
        self._use_view(meta["game"])
        self.slider.blockSignals(True)
        self.slider.setMaximum(len(judged))
        self.slider.setValue(len(judged))
        self.slider.blockSignals(False)
        self.position = len(judged)
        self.retranslate()

    def _use_view(self, game: str) -> None:
        """The game's own view (the dice, the Durak table, the chain...) in place of the one
        shown."""
        self.game_view = swap_view(self.game_view, game)

    def ask_open(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, tr("open", self.lang))
        if not folder:
            return
        try:
            self.open(folder)
        except (RecordingError, JournalError, RowFoldError, OSError, ValueError) as error:
            QMessageBox.warning(self, tr("replay_title", self.lang), str(error))

    # -----------------------------------------------------------------------------------------
    # Scrubbing.

    def seek(self, count: int) -> None:
        """Show the match after its first ``count`` rows, that row selected, its frame shown."""
        if self.match is None:
            self.position_label.setText("")
            return
        count = max(0, min(count, len(self.judged)))
        self.position = count
        if self.slider.value() != count:
            self.slider.setValue(count)  # comes back here once, with the same count
            return
        state = match_after(self.match, count)
        verdicts = self.judged[count - 1].verdicts if count else ()
        self.game_view.show_state(
            state.view(), state.engine.score_sheet(state.state), self.lang, verdicts
        )
        n = len(self.judged)
        self.position_label.setText(
            tr("position", self.lang, k=count, n=n) if count else tr("start", self.lang)
        )
        shade_after(self.timeline, count)
        if count and selected_key(self.timeline) != count:
            self.timeline.blockSignals(True)
            select_key(self.timeline, count)
            self.timeline.blockSignals(False)
        self._show_frame(count)

    def frame_at(self, count: int) -> int | None:
        """The frame to show after ``count`` rows: the row's own frame when perception gave
        one, else the last frame recorded before the row was written, on the recording's own
        clock (its events' times: a session played faster than real time, as the headless
        demo is, has wall-clock times far from its video's); the wall clock only for a
        recording without events."""
        if self.recording is None or not self._times:
            return None
        if count == 0:
            return 0
        row = self.judged[count - 1].row
        if row.frame is not None and 0 <= row.frame < len(self._times):
            return row.frame
        elapsed = self._written.get(row.seq)
        if elapsed is None:
            started = self.recording.meta.get("started")
            if not started:
                return None
            at, began = datetime.fromisoformat(row.at), datetime.fromisoformat(started)
            elapsed = (at - began).total_seconds()
        index = bisect.bisect_right(self._times, elapsed) - 1
        return max(index, 0)

    def _show_frame(self, count: int) -> None:
        assert self.recording is not None
        index = self.frame_at(count)
        if index is None:
            self.camera.set_frame(None)
            return
        try:
            image = self.recording.frame(index)
        except RecordingError as error:
            self.camera.set_frame(None)
            self.message_label.setText(str(error))
            return
        caption = tr("frame", self.lang, frame=index)
        self.camera.set_frame(image, self.recording.detections(index), caption)

    def _timeline_picked(self) -> None:
        seq = selected_key(self.timeline)
        if seq is not None:
            self.seek(seq)

    # -----------------------------------------------------------------------------------------
    # Export.

    def heading(self) -> str:
        assert self.recording is not None
        info = game_info(self.recording.meta["game"])
        name = info.title_ru if self.lang == "ru" else info.title_en
        return f"{name}: {', '.join(self.recording.meta['players'])} · {self.recording.folder.name}"

    def export(self, path: Path | str) -> Path:
        """Write the sheet at the point shown; the suffix (.csv/.json/.pdf) picks the format."""
        if self.match is None or self.recording is None:
            raise ExportError("open a recording first")
        state = match_after(self.match, self.position)
        info = game_info(self.recording.meta["game"])
        name = info.title_ru if self.lang == "ru" else info.title_en
        lines = (
            tr("sheet_players", self.lang, players=", ".join(self.recording.meta["players"])),
            tr("sheet_state", self.lang, k=self.position, n=len(self.judged)),
            str(self.recording.folder.name),
        )
        written = export_sheet(
            path,
            state.engine.score_sheet(state.state),
            self.lang,
            title=tr("sheet_title", self.lang, game=name),
            lines=lines,
        )
        self.message_label.setText(tr("exported", self.lang, path=written))
        return written

    def ask_export(self, kind: str) -> None:
        if self.recording is None:
            return
        suggested = str(self.recording.folder.with_suffix(f".{kind}"))
        path, _ = QFileDialog.getSaveFileName(self, tr(f"export_{kind}", self.lang), suggested)
        if not path:
            return
        if not path.lower().endswith(f".{kind}"):
            path += f".{kind}"
        try:
            self.export(path)
        except ExportError as error:
            QMessageBox.warning(self, tr("replay_title", self.lang), str(error))


def show_replay(folder: Path | str | None = None, lang: str = "en") -> int:
    """Open the replay viewer (on ``folder`` if given) and run Qt's loop until it closes;
    what ``tableref replay --gui`` calls."""
    app = QApplication.instance() or QApplication([])
    viewer = ReplayViewer(Language(lang))
    if folder is not None:
        viewer.open(folder)
    viewer.show()
    return app.exec()


def written_at(events: list[object]) -> dict[int, float]:
    """Each accepted row's time on the recording's clock, by its number (lines that are not
    an accepted row with a number and a time are passed over)."""
    times: dict[int, float] = {}
    for event in events:
        if not isinstance(event, dict) or event.get("kind") != "accepted":
            continue
        seq, t = event.get("seq"), event.get("t")
        if isinstance(seq, int) and isinstance(t, int | float) and not isinstance(t, bool):
            times.setdefault(seq, float(t))
    return times
