"""Render any widget offscreen to a PNG: the tests' screenshots and the docs' pictures."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget


def render_png(widget: QWidget, path: Path | str, size: tuple[int, int] | QSize) -> Path:
    """Resize ``widget`` to ``size`` (width, height), lay it out, grab it and save a PNG.

    The widget does not need to be shown, so this works under ``QT_QPA_PLATFORM=offscreen``
    and in a headless CI job.  Parent folders are created; the path written is returned.
    """
    width, height = (size.width(), size.height()) if isinstance(size, QSize) else size
    widget.resize(width, height)
    layout = widget.layout()
    if layout is not None:
        layout.activate()
    widget.ensurePolished()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    image = widget.grab().toImage()
    if image.isNull() or not image.save(str(out), "PNG"):
        raise OSError(f"cannot write the screenshot {out} ({width}x{height})")
    return out
