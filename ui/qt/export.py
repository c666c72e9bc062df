"""The score sheet written to a file: CSV and JSON through ``ui/sheet_text.py``'s writers, and
a printable PDF laid out by Qt.

The PDF is a real document (text, not a picture of the screen), so it can be searched, copied
and printed at any size: a heading naming the game, the players and the point of the match,
then the sheet as a table whose sums and totals stand out as on the paper pad.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from ui.sheet_text import sheet_csv, sheet_json

FORMATS = ("csv", "json", "pdf")
#: Row kinds set off on the PDF as the paper pad sets them off.
BANDS = {"subtotal": "#e6ece8", "bonus": "#e6ece8", "running": "#eef1f4", "total": "#cfdcd3"}


class ExportError(Exception):
    """The sheet cannot be written: names the file and the reason."""


def export_sheet(
    path: Path | str,
    sheet: Mapping[str, Any],
    lang: str = "en",
    *,
    title: str = "",
    lines: tuple[str, ...] = (),
) -> Path:
    """Write ``sheet`` to ``path`` in the format its suffix names (.csv, .json or .pdf)."""
    path = Path(path)
    kind = path.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ExportError(f"{path}: the suffix names no export format ({', '.join(FORMATS)})")
    if kind == "pdf":
        return _write_pdf(path, sheet_html(sheet, lang, title=title, lines=lines), title)
    text = sheet_csv(sheet, lang) if kind == "csv" else sheet_json(sheet) + "\n"
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ExportError(f"{path}: cannot write: {error.strerror}") from None
    return path


def sheet_html(
    sheet: Mapping[str, Any], lang: str = "en", *, title: str = "", lines: tuple[str, ...] = ()
) -> str:
    """The sheet as an HTML table (Qt's rich-text subset), headed by ``title`` and ``lines``."""
    players = list(sheet["columns"])
    out = [f"<h2>{escape(title)}</h2>"] if title else []
    out += [f"<p>{escape(line)}</p>" for line in lines]
    out.append('<table border="1" cellspacing="0" cellpadding="5" width="100%">')
    head = "".join(f'<th align="right">{escape(player)}</th>' for player in players)
    out.append(
        f'<tr bgcolor="#2f4f3f"><th align="left"><font color="#ffffff"></font></th>{head}</tr>'
    )
    for row in sheet["rows"]:
        band = BANDS.get(row["kind"])
        name = escape(str(row["ru"] if lang == "ru" else row["en"]))
        cells = "".join(
            f'<td align="right">{_cell(row["cells"].get(player))}</td>' for player in players
        )
        if band:
            out.append(f'<tr bgcolor="{band}"><td><b>{name}</b></td>{_bold(cells)}</tr>')
        else:
            out.append(f"<tr><td>{name}</td>{cells}</tr>")
    out.append("</table>")
    return "\n".join(out)


def _write_pdf(path: Path, html: str, title: str) -> Path:
    """Write the sheet's ``html`` as an A4 PDF (needs a QGuiApplication for the fonts)."""
    writer = QPdfWriter(str(path))
    writer.setTitle(title or "score sheet")
    writer.setCreator("Table Referee")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    document = QTextDocument()
    document.setDefaultStyleSheet("th { background: #2f4f3f; color: white; }")
    document.setHtml(html)
    document.print_(writer)
    del writer  # the file is finished when the writer goes
    if not path.is_file() or path.stat().st_size == 0:
        raise ExportError(f"{path}: the PDF could not be written")
    return path


def _cell(value: Any) -> str:
    return "" if value is None else escape(str(value))


def _bold(cells: str) -> str:
    return cells.replace('<td align="right">', '<td align="right"><b>').replace(
        "</td>", "</b></td>"
    )
