"""The console's two lists: proposals held for the operator and the journal's rows.

Both are read-only tables whose rows carry the id they stand for (a pending id, a journal seq),
so the buttons under them act on what is selected and a redraw never loses track of which row
the operator meant.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from session.live import Pending
from ui.qt.console_rows import JudgedRow, action_text, verdicts_text
from ui.qt.console_text import tr

ID_ROLE = Qt.ItemDataRole.UserRole
SHOWN_ROLE = Qt.ItemDataRole.UserRole + 1  # what a journal row shows, to skip unchanged rows
REVISED_COLOUR = QColor("#8a8a8a")
FUTURE_COLOUR = QColor("#dcdcdc")


def _table(columns: int) -> QTableWidget:
    table = QTableWidget(0, columns)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(True)
    table.setTextElideMode(Qt.TextElideMode.ElideNone)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setStretchLastSection(True)
    # Rows fit their wrapped verdicts at whatever width the columns get.
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


def _cell(text: str, key: int, tip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setData(ID_ROLE, key)
    item.setToolTip(tip or text)
    return item


def selected_key(table: QTableWidget) -> int | None:
    """The id or seq of the selected row, or None when nothing is selected."""
    rows = table.selectionModel().selectedRows()
    if not rows:
        return None
    item = table.item(rows[0].row(), 0)
    return None if item is None else int(item.data(ID_ROLE))


def select_key(table: QTableWidget, key: int) -> None:
    """Select the row that stands for ``key`` (a test or a shortcut picking a row)."""
    for row in range(table.rowCount()):
        item = table.item(row, 0)
        if item is not None and item.data(ID_ROLE) == key:
            table.selectRow(row)
            return
    raise KeyError(f"no row {key} in the table")


def pending_table() -> QTableWidget:
    return _table(4)


def fill_pending(table: QTableWidget, pending: Sequence[Pending], lang: str) -> None:
    """One line per held proposal: its number, the action, how sure, and why it waits."""
    table.setHorizontalHeaderLabels(
        [tr("col_seq", lang), tr("col_action", lang), tr("col_conf", lang), tr("col_why", lang)]
    )
    keep = selected_key(table)
    table.setRowCount(len(pending))
    for index, held in enumerate(pending):
        proposal = held.proposal
        # A refusal is told in the rules' own words, in the reader's language.
        why = (
            tr("refused", lang, reason=verdicts_text(held.verdicts, lang))
            if held.verdicts
            else held.why
        )
        cells = [
            str(held.id),
            action_text(proposal.action),
            f"{proposal.confidence:.2f}",
            why,
        ]
        for column, text in enumerate(cells):
            table.setItem(index, column, _cell(text, held.id))
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
    table.setColumnWidth(1, 220)
    if keep is not None and any(held.id == keep for held in pending):
        select_key(table, keep)


def journal_table() -> QTableWidget:
    return _table(6)


def fill_journal(table: QTableWidget, rows: Sequence[JudgedRow], lang: str) -> None:
    """Every row: seq, time, source, confidence, action and its verdicts; a row a later one
    undid or corrected is greyed and struck through, with the row that did it named."""
    table.setHorizontalHeaderLabels(
        [
            tr("col_seq", lang),
            tr("col_time", lang),
            tr("col_source", lang),
            tr("col_conf", lang),
            tr("col_action", lang),
            tr("col_verdicts", lang),
        ]
    )
    keep = selected_key(table)
    grew = len(rows) > table.rowCount()
    table.setRowCount(len(rows))
    for index, judged in enumerate(rows):
        row = judged.row
        notes = verdicts_text(judged.verdicts, lang)
        if judged.undone_by is not None:
            notes = f"{tr('undone_by', lang, seq=judged.undone_by)}. {notes}"
        elif judged.corrected_by is not None:
            notes = f"{tr('corrected_by', lang, seq=judged.corrected_by)}. {notes}"
        cells = [
            str(row.seq),
            _clock(row.at),
            row.source,
            "" if row.confidence is None else f"{row.confidence:.2f}",
            action_text(row.action),
            notes,
        ]
        revised = judged.undone_by is not None or judged.corrected_by is not None
        shown = "\x1f".join([*cells, str(revised)])
        first = table.item(index, 0)
        if first is not None and first.data(SHOWN_ROLE) == shown:
            continue  # a long evening's journal is redrawn only where it changed
        for column, text in enumerate(cells):
            item = _cell(text, row.seq, tip=f"{row.at}\n{text}")
            if revised:
                font = QFont(item.font())
                font.setStrikeOut(column == 4)
                item.setFont(font)
                item.setForeground(QBrush(REVISED_COLOUR))
            table.setItem(index, column, item)
        table.item(index, 0).setData(SHOWN_ROLE, shown)
    header = table.horizontalHeader()
    for column in (0, 1, 2, 3):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    table.setColumnWidth(4, 200)
    if keep is not None and any(judged.row.seq == keep for judged in rows):
        select_key(table, keep)
    elif grew:
        table.scrollToBottom()


def shade_after(table: QTableWidget, count: int) -> None:
    """Shade the rows after the first ``count``: on a scrubbed timeline, what has not
    happened yet at the point shown."""
    for index in range(table.rowCount()):
        future = index >= count
        for column in range(table.columnCount()):
            item = table.item(index, column)
            if item is not None:
                item.setBackground(QBrush(FUTURE_COLOUR) if future else QBrush())


def _clock(at: str) -> str:
    """``2026-11-29T21:52:03.120+00:00`` -> ``22:52:03`` on a clock at UTC+1: the time of day
    at the table is what the players remember."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return at
