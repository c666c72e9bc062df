"""The camera picture with what perception read drawn on it, shared by the console and the
replay viewer.

The operator decides from this picture whether a held proposal is right, so every detection
is boxed with its label and confidence at the picture's own scale, and a detection flagged as
doubtful (a cocked die, a low confidence) is drawn in a warning colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

#: Box colours by detection kind; anything else is drawn in the default colour.
KIND_COLOURS = {
    "die": QColor("#2ecc71"),
    "card": QColor("#3498db"),
    "tile": QColor("#f1c40f"),
    "skittle": QColor("#e67e22"),
    "ball": QColor("#ecf0f1"),
}
DEFAULT_COLOUR = QColor("#9b59b6")
DOUBT_COLOUR = QColor("#e74c3c")
DOUBTFUL_BELOW = 0.6


def to_qimage(image: np.ndarray) -> QImage:
    """A BGR (or grey) numpy image as a QImage that owns a copy of the pixels."""
    frame = np.ascontiguousarray(image)
    if frame.ndim == 2:
        height, width = frame.shape
        return QImage(
            frame.data, width, height, frame.strides[0], QImage.Format.Format_Grayscale8
        ).copy()
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError(f"a camera frame is HxW or HxWx3 (BGR), got shape {frame.shape}")
    height, width, _ = frame.shape
    return QImage(frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888).copy()


def detection_label(detection: Mapping[str, Any]) -> str:
    """``5 0.93`` (label and confidence), plus ``cocked`` when the reader said so."""
    parts = [str(detection.get("label", detection.get("kind", "?")))]
    confidence = detection.get("confidence")
    if isinstance(confidence, int | float):
        parts.append(f"{confidence:.2f}")
    if detection.get("cocked"):
        parts.append("cocked")
    return " ".join(parts)


def _doubtful(detection: Mapping[str, Any]) -> bool:
    confidence = detection.get("confidence")
    low = isinstance(confidence, int | float) and confidence < DOUBTFUL_BELOW
    return bool(detection.get("cocked")) or low


class CameraView(QWidget):
    """Paints the newest frame scaled to fit, its detections on top, or a placeholder."""

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._placeholder = placeholder
        self._image: QImage | None = None
        self._detections: tuple[Mapping[str, Any], ...] = ()
        self._caption = ""
        self.setMinimumSize(320, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    @property
    def has_frame(self) -> bool:
        return self._image is not None

    @property
    def detections(self) -> tuple[Mapping[str, Any], ...]:
        return self._detections

    def set_placeholder(self, text: str) -> None:
        self._placeholder = text
        self.update()

    def set_frame(
        self,
        image: np.ndarray | None,
        detections: Sequence[Mapping[str, Any]] = (),
        caption: str = "",
    ) -> None:
        """Show ``image`` (BGR) with ``detections`` in its pixel coordinates; None clears it."""
        self._image = None if image is None else to_qimage(image)
        self._detections = tuple(detections)
        self._caption = caption
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#1b1b1b"))
        if self._image is None:
            painter.setPen(QColor("#9a9a9a"))
            font = QFont(painter.font())
            font.setPointSize(18)
            painter.setFont(font)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self._placeholder)
            painter.end()
            return
        scale = min(self.width() / self._image.width(), self.height() / self._image.height())
        width, height = self._image.width() * scale, self._image.height() * scale
        left, top = (self.width() - width) / 2, (self.height() - height) / 2
        painter.drawImage(QRectF(left, top, width, height), self._image)
        font = QFont(painter.font())
        font.setPointSize(11)
        font.setBold(True)
        painter.setFont(font)
        for detection in self._detections:
            self._draw_detection(painter, detection, left, top, scale)
        if self._caption:
            bar = QRectF(left, top + height - 26, width, 26)
            painter.fillRect(bar, QColor(0, 0, 0, 170))
            painter.setPen(QColor("#ffffff"))
            painter.drawText(
                bar.adjusted(8, 0, -8, 0),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                self._caption,
            )
        painter.end()

    @staticmethod
    def _draw_detection(
        painter: QPainter, detection: Mapping[str, Any], left: float, top: float, scale: float
    ) -> None:
        box = detection.get("box")
        if not isinstance(box, Sequence) or len(box) != 4:
            return
        x, y, w, h = (float(value) for value in box)
        colour = (
            DOUBT_COLOUR
            if _doubtful(detection)
            else KIND_COLOURS.get(str(detection.get("kind")), DEFAULT_COLOUR)
        )
        rect = QRectF(left + x * scale, top + y * scale, w * scale, h * scale)
        painter.setPen(QPen(colour, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        label = detection_label(detection)
        metrics = painter.fontMetrics()
        tag = QRectF(
            rect.left(),
            rect.top() - metrics.height() - 2,
            metrics.horizontalAdvance(label) + 8,
            metrics.height() + 2,
        )
        if tag.top() < top:
            tag.moveTop(rect.bottom() + 1)
        painter.fillRect(tag, colour)
        painter.setPen(QColor("#000000"))
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, label)
