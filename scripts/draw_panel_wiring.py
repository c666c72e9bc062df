"""Draws the panel's wiring (docs/panel-wiring.png) from the pins the firmware is built with.

The pins come from ``firmware_interface/firmware/avr/board.h`` and the inputs' meanings from
the default keymap, so the drawing cannot drift from the firmware; run it again after changing
either:

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/draw_panel_wiring.py
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from firmware_interface import FIRMWARE_DIR
from hardware.keymap import DEFAULT_KEYMAP, load_keymap

BOARD_H = FIRMWARE_DIR / "avr" / "board.h"
OUT = Path(__file__).resolve().parent.parent / "docs" / "panel-wiring.png"
WIDTH, HEIGHT = 1500, 1030
PORTS = {"BOARD_PORT_B": "B", "BOARD_PORT_C": "C", "BOARD_PORT_D": "D"}
#: The parts the page names (docs/panel-wiring.md lists them too).
LED_RESISTOR = "220 Ω"
BASE_RESISTOR = "1 kΩ"
TRANSISTOR = "NPN (BC547, 2N2222)"
FONT = "DejaVu Sans"


def board_pins(macro: str) -> list[tuple[str, int, int]]:
    """``(port, bit, Arduino pin)`` of each entry of a pin table in board.h, in order."""
    text = BOARD_H.read_text()
    body = re.search(rf"#define {macro}\s*\\?\s*(.*?)\n\s*#define", text, re.S)
    if body is None:
        raise SystemExit(f"{BOARD_H}: no {macro}")
    return [
        (PORTS[port], int(bit), int(pin))
        for port, bit, pin in re.findall(r"\{(BOARD_PORT_[BCD]),\s*(\d+),\s*(\d+)\}", body[1])
    ]


def input_names() -> dict[int, str]:
    """What each input means in the default keymap: ``player 1``, ``bell``, ..."""
    names = {}
    for index, mapping in load_keymap(DEFAULT_KEYMAP).inputs.items():
        fact = mapping.press
        if fact is not None:
            names[index] = fact.fact if fact.player is None else f"{fact.fact} {fact.player}"
    return names


def draw(out: Path) -> None:
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen, QPolygonF

    app = QGuiApplication.instance() or QGuiApplication([])
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    ink, wire, dim = QColor("#1b1b1b"), QColor("#1f4e9c"), QColor("#6b6b6b")
    normal, small, bold = (QFont(FONT, size) for size in (13, 11, 15))
    bold.setBold(True)

    def pen(color: QColor, width: float = 2.0, dashed: bool = False) -> QPen:
        result = QPen(color, width)
        if dashed:
            result.setStyle(Qt.PenStyle.DashLine)
        return result

    def line(x1: float, y1: float, x2: float, y2: float, color: QColor = wire) -> None:
        p.setPen(pen(color))
        p.drawLine(QPointF(x1, y1), QPointF(x2, y2))

    def text(x: float, y: float, words: str, font: QFont = normal, color: QColor = ink) -> None:
        p.setFont(font)
        p.setPen(color)
        p.drawText(QPointF(x, y), words)

    def dot(x: float, y: float) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(wire)
        p.drawEllipse(QPointF(x, y), 4, 4)
        p.setBrush(Qt.BrushStyle.NoBrush)

    def resistor(x: float, y: float, length: float, label: str) -> None:
        """Horizontal, from x to x + length."""
        line(x, y, x + length / 3, y)
        p.setPen(pen(ink))
        p.drawRect(QRectF(x + length / 3, y - 8, length / 3, 16))
        line(x + 2 * length / 3, y, x + length, y)
        text(x + length / 3 - 4, y - 14, label, small)

    def switch(x: float, y: float) -> None:
        """A push button between x and x + 60: two contacts, the lever above them."""
        p.setPen(pen(ink))
        p.drawEllipse(QPointF(x + 10, y), 4, 4)
        p.drawEllipse(QPointF(x + 50, y), 4, 4)
        p.drawLine(QPointF(x + 6, y - 14), QPointF(x + 54, y - 14))
        p.drawLine(QPointF(x + 30, y - 14), QPointF(x + 30, y - 24))
        p.drawLine(QPointF(x + 22, y - 24), QPointF(x + 38, y - 24))
        line(x, y, x + 6, y)
        line(x + 54, y, x + 60, y)

    def led(x: float, y: float) -> None:
        """Pointing down from (x, y) to (x, y + 36)."""
        p.setPen(pen(ink))
        p.drawPolygon(QPolygonF([QPointF(x - 12, y), QPointF(x + 12, y), QPointF(x, y + 24)]))
        p.drawLine(QPointF(x - 12, y + 24), QPointF(x + 12, y + 24))
        for dy in (4, 14):
            p.drawLine(QPointF(x + 16, y + dy), QPointF(x + 28, y + dy - 10))
        line(x, y + 24, x, y + 36)

    def ground(x: float, y: float) -> None:
        p.setPen(pen(ink))
        for i, half in enumerate((12, 8, 4)):
            p.drawLine(QPointF(x - half, y + 5 * i), QPointF(x + half, y + 5 * i))

    inputs = board_pins("BOARD_INPUT_PINS")
    outputs = board_pins("BOARD_OUTPUT_PINS")
    names = input_names()

    text(40, 48, "Table Referee panel: the ATmega328P of an Arduino Uno or Nano, wired", bold)
    text(
        40, 76,
        "as firmware_interface/firmware/avr/board.h says; buttons and the bell to GND "
        "(the chip's pull-ups hold them high: pressed reads LOW)",
        small, dim,
    )  # fmt: skip

    # The board.
    left, right, top, bottom = 560.0, 900.0, 110.0, 880.0
    p.setPen(pen(ink, 3))
    p.drawRoundedRect(QRectF(left, top, right - left, bottom - top), 14, 14)
    text(left + 60, top + 40, "Arduino Uno / Nano", bold)
    text(left + 60, top + 64, "ATmega328P, 16 MHz", normal, dim)

    # Inputs on the left, to the GND rail.
    rail = 90.0
    first_y, step = 200.0, 86.0
    line(rail, first_y - 30, rail, first_y + step * (len(inputs) - 1) + 30, ink)
    text(rail - 40, first_y - 40, "GND", normal)
    for index, (port, bit, pin) in enumerate(inputs):
        y = first_y + step * index
        line(left, y, 390, y)
        switch(330, y)
        line(330, y, rail, y)
        dot(rail, y)
        text(130, y - 12, f"input {index}: {names.get(index, '')}", small)
        text(left + 12, y + 5, f"D{pin}  P{port}{bit}", normal)
        text(left - 150, y - 12, "pull-up in chip", small, dim)
    ground(rail, first_y + step * (len(inputs) - 1) + 34)

    # The internal pull-up, once, inside the board.
    px, py = left + 120.0, 520.0
    p.setPen(pen(dim, 1.5, dashed=True))
    p.drawRect(QRectF(px - 30, py - 70, 170, 160))
    text(px - 24, py - 52, "inside the chip,", small, dim)
    text(px - 24, py - 36, "every input:", small, dim)
    line(px, py - 14, px, py + 50, dim)
    p.setPen(pen(dim))
    p.drawRect(QRectF(px - 8, py + 4, 16, 30))
    text(px + 14, py + 24, "20-50 kΩ", small, dim)
    text(px - 10, py + 68, "to 5 V", small, dim)

    # Outputs on the right: two LEDs and the buzzer.
    out_y = [220.0, 380.0, 640.0]
    labels = ["output 0: LED (the keymap's led)", "output 1: LED", "output 2: active buzzer"]
    for index, (port, bit, pin) in enumerate(outputs):
        y = out_y[index]
        text(right - 120, y + 5, f"D{pin}  P{port}{bit}", normal)
        text(right + 40, y - 40, labels[index], small)
        if index < 2:
            resistor(right, y, 200, LED_RESISTOR)
            line(right + 200, y, 1180, y)
            led(1180, y)
            line(1180, y + 36, 1180, y + 50)
            ground(1180, y + 50)
        else:
            resistor(right, y, 200, BASE_RESISTOR)
            line(right + 200, y, 1150, y)
            p.setPen(pen(ink))
            p.drawEllipse(QPointF(1175, y), 30, 30)  # the transistor
            p.drawLine(QPointF(1163, y - 18), QPointF(1163, y + 18))
            p.drawLine(QPointF(1150, y), QPointF(1163, y))
            p.drawLine(QPointF(1163, y - 8), QPointF(1190, y - 28))
            p.drawLine(QPointF(1163, y + 8), QPointF(1190, y + 28))
            text(1215, y + 50, TRANSISTOR, small)
            line(1190, y + 28, 1190, y + 80)
            ground(1190, y + 80)
            line(1190, y - 28, 1190, y - 60)
            p.setPen(pen(ink))
            p.drawRect(QRectF(1165, y - 110, 50, 50))  # the buzzer
            text(1172, y - 80, "BZ", normal)
            line(1190, y - 110, 1190, y - 150)
            text(1200, y - 140, "5 V", small)
            text(1225, y - 80, "active buzzer, 5 V", small)

    # The serial line, the noise pin, RESET.
    usb_y = 820.0
    text(right - 130, usb_y + 5, "D0 RX, D1 TX", normal)
    line(right, usb_y, 1120, usb_y, ink)
    p.setPen(pen(ink))
    p.drawRect(QRectF(1120, usb_y - 30, 280, 60))
    text(1132, usb_y - 4, "USB: the host (tableref),", normal)
    text(1132, usb_y + 18, "115200 baud 8N1", normal)
    notes = [
        "D0 and D1 reach the host through the board's USB serial chip: leave them free.",
        "A0: leave it unconnected: the noise it reads is half of each boot id.",
        "RESET: a 10 µF capacitor from RESET to GND stops the Uno's auto-reset when a host opens "
        "the port (take it off to flash).",
    ]
    for index, note in enumerate(notes):
        text(40, 940 + 28 * index, note, normal)
    p.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out)):
        raise SystemExit(f"could not write {out}")
    del app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    draw(args.out)
    print(args.out)


if __name__ == "__main__":
    main()
