"""Real deck designs for the card renderer: the SVG card decks of Debian's
``kdegames-card-data-kf5`` (``/usr/share/carddecks``), drawn card by card into faces.

Our own faces (:mod:`vision.cards.faces`) vary the index font, but every court picture, pip and
ace is ours: a reader trained on them alone learns our drawing, and a deck nobody here has seen
(another court art, a decorated ace, coloured stock, an index set in) is read as something else.
These decks were drawn by artists after real decks (Dondorf, the Paris pattern, Tigullio, ...)
and as new designs (dark stock, silhouettes, pictures in place of the figures), so rendering
them beside ours puts real court art and real index lettering in the training scenes, and the
decks kept out of training (:data:`HELD_OUT_DECKS`) stand in for a real deck nobody has seen.

The decks are used to train and to measure, never at run time; their pictures are not copied
into the repository (the package's licences, GPL and LGPL, ride with the package).  Each card
is an SVG element (``1_spade`` ... ``10_heart``, ``jack_club``, ``queen_diamond``,
``king_spade``), drawn with Qt's SVG renderer onto a transparent face, so the deck's own
rounded corners become the card's outline.
"""

from __future__ import annotations

import gzip
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from scoring.cards import Card
from vision.cards.faces import FACE_H, FACE_W

ART_ROOT = Path("/usr/share/carddecks")
#: The Debian package that installs the decks (``scripts/setup-dev.sh`` installs it).
ART_PACKAGE = "kdegames-card-data-kf5"
#: The French-suited decks with Latin indices, by their folder less ``svg-``.  Left out:
#: ``future`` (its cards are not card faces), ``xskat-german`` (German suits) and
#: ``xskat-french`` (German index letters B, D, K).
ART_DECKS = (
    "ancient-egyptians",
    "dondorf",
    "gm-paris",
    "jolly-royal",
    "konqi-modern",
    "nicu-ornamental",
    "nicu-white",
    "oxygen",
    "oxygen-air",
    "oxygen-white",
    "penguins",
    "standard",
    "tigullio-international",
)
#: Decks no reader is trained on: a traditional pattern (Dondorf), a real-looking Italian
#: international deck and a plain modern one, the stand-ins for a real deck nobody has seen.
HELD_OUT_DECKS = ("dondorf", "tigullio-international", "nicu-white")
TRAINING_DECKS = tuple(name for name in ART_DECKS if name not in HELD_OUT_DECKS)
#: Decks whose index stands at the top-right and bottom-left corners, not at the top-left and
#: bottom-right where the corner reader (:mod:`vision.cards.patches`) looks for it.
INDEX_TOP_RIGHT = ("oxygen", "oxygen-air", "oxygen-white")
#: The training decks the corner reader learns indices from.
CORNER_DECKS = tuple(name for name in TRAINING_DECKS if name not in INDEX_TOP_RIGHT)
#: The SVG element names of the ranks.
_ELEMENT_RANKS = {"A": "1", "J": "jack", "Q": "queen", "K": "king"}
_ELEMENT_SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
#: A pixel at least this opaque in the drawing is the card (its anti-aliased rim half is).
OPAQUE = 0.5


#: The Qt application made to draw with when none was running (kept, or Qt tears it down).
_APP: list[object] = []


class ArtDeckError(OSError):
    """A deck that is not installed or cannot be drawn (one line naming what to install)."""


@dataclass(frozen=True)
class ArtFace:
    """One card drawn from a deck: the face (BGR, FACE_H x FACE_W) over white, and its
    outline (255 inside, the deck's own rounded corners)."""

    face: np.ndarray
    alpha: np.ndarray


def element(card: Card) -> str:
    """The SVG element of ``card`` in a KDE card deck (``10H`` -> ``10_heart``)."""
    return f"{_ELEMENT_RANKS.get(card.rank, card.rank)}_{_ELEMENT_SUITS[card.suit]}"


def deck_file(name: str) -> Path:
    """The SVG file of deck ``name``; a deck not installed raises :class:`ArtDeckError`."""
    if name not in ART_DECKS:
        raise ArtDeckError(f"{name!r} is not a deck of {ART_PACKAGE} ({', '.join(ART_DECKS)})")
    folder = ART_ROOT / f"svg-{name}"
    found = sorted(folder.glob("*.svgz")) + sorted(folder.glob("*.svg"))
    if not found:
        raise ArtDeckError(f"card deck {name!r} is not installed: apt-get install {ART_PACKAGE}")
    return found[0]


def available() -> bool:
    """Whether the decks are installed and Qt can draw them."""
    try:
        _renderer(ART_DECKS[0])
    except ArtDeckError:
        return False
    return True


@cache
def _renderer(name: str):  # a QSvgRenderer: Qt is imported only here
    try:
        from PySide6.QtCore import QByteArray
        from PySide6.QtSvg import QSvgRenderer
        from PySide6.QtWidgets import QApplication
    except ImportError as error:
        raise ArtDeckError(f"drawing card decks needs PySide6 ({error})") from None
    path = deck_file(name)
    data = path.read_bytes()
    if path.suffix == ".svgz":
        data = gzip.decompress(data)
    if QApplication.instance() is None:
        # A painter needs the application object; without a screen Qt's offscreen platform.
        # A widgets application, not a bare QGuiApplication: the one application of the
        # process must also serve any window opened after a deck was drawn (Qt aborts a
        # QWidget made under a QGuiApplication).
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _APP.append(QApplication([]))
    renderer = QSvgRenderer(QByteArray(data))
    if not renderer.isValid():
        raise ArtDeckError(f"{path}: not a readable SVG card deck")
    return renderer


@cache
def art_face(name: str, card: Card) -> ArtFace:
    """``card`` as deck ``name`` draws it, stretched to FACE_W x FACE_H (the decks' cards are
    within a few percent of a 63 x 88 mm card)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    renderer = _renderer(name)
    key = element(card)
    if not renderer.elementExists(key):
        raise ArtDeckError(f"card deck {name!r} has no card {card} (element {key})")
    image = QImage(FACE_W, FACE_H, QImage.Format.Format_RGBA8888)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, key, QRectF(0, 0, FACE_W, FACE_H))
    painter.end()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(FACE_H, image.bytesPerLine())
    rgba = rows[:, : FACE_W * 4].reshape(FACE_H, FACE_W, 4).astype(np.float32)
    alpha = rgba[..., 3:] / 255.0
    # Qt's RGBA8888 is not premultiplied: the face over white where the deck is see-through.
    face = rgba[..., 2::-1] * alpha + 255.0 * (1.0 - alpha)
    return ArtFace(np.clip(face, 0, 255).astype(np.uint8), _outline(alpha[..., 0]))


def _outline(alpha: np.ndarray) -> np.ndarray:
    """The card's outline from the drawing's opacity, its outer contour filled: some decks
    leave see-through places inside the card (the stock shows the table there otherwise)."""
    import cv2

    solid = (alpha > OPAQUE).astype(np.uint8)
    contours, _ = cv2.findContours(solid, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = np.zeros_like(solid)
    cv2.drawContours(outline, contours, -1, 255, -1)
    return outline
