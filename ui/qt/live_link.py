"""The live page's QR code on the audience display: a phone at the table scans it and opens
the score.  The code is drawn square by square from the ``qrcode`` package's matrix (no image
library, nothing fetched), with the white quiet zone a phone camera needs around it."""

from __future__ import annotations

import qrcode
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from ui.qt.i18n import Language
from ui.qt.views import style

SHARE = 0.17  # the code's side, as a share of the display's height
QUIET = 4  # modules of white around the code, as the standard asks
CAPTION = {"en": "Score on your phone", "ru": "Счёт на телефоне"}


class LiveLinkBadge(QWidget):
    """The caption and the URL on the left, the code on the right."""

    def __init__(self, url: str, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.language = language
        language.changed.connect(self.update)
        code = qrcode.QRCode(border=QUIET, error_correction=qrcode.constants.ERROR_CORRECT_M)
        code.add_data(url)
        code.make(fit=True)
        self.matrix: list[list[bool]] = code.get_matrix()
        self.set_reference_height(400)

    def set_reference_height(self, height: int) -> None:
        side = max(round(height * SHARE), 2 * len(self.matrix))
        self._side = side
        self._text = style.font(height * 0.024)
        self._caption = style.font(height * 0.03, bold=True)
        caption_width = max(round(height * 0.3), 160)
        self.setFixedSize(side + caption_width, side)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        side = self._side
        left = self.width() - side
        painter.fillRect(QRectF(left, 0, side, side), QColor("white"))
        cells = len(self.matrix)
        unit = side / cells
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("black"))
        for y, row in enumerate(self.matrix):
            for x, dark in enumerate(row):
                if dark:
                    painter.drawRect(QRectF(left + x * unit, y * unit, unit + 0.5, unit + 0.5))
        painter.setPen(style.TEXT)
        box = QRectF(0, 0, left - side * 0.08, side)
        painter.setFont(self._caption)
        caption = CAPTION.get(self.language.code, CAPTION["en"])
        flags = Qt.AlignmentFlag.AlignRight | Qt.TextFlag.TextWordWrap
        painter.drawText(
            box.adjusted(0, side * 0.2, 0, 0), int(flags | Qt.AlignmentFlag.AlignTop), caption
        )
        painter.setPen(style.MUTED)
        painter.setFont(self._text)
        url = self.url.removeprefix("http://").rstrip("/")
        painter.drawText(
            box.adjusted(0, 0, 0, -side * 0.2), int(flags | Qt.AlignmentFlag.AlignBottom), url
        )
        painter.end()
