"""Card faces drawn from scratch: index styles, suit symbols as vector shapes, pips, simple
court pictures and a patterned back.

A face is drawn flat at :data:`FACE_W` x :data:`FACE_H` px (a 63 x 88 mm card), index at the
top-left and, turned half round, at the bottom-right, as on real cards.  Decks differ in their
index lettering, so an :class:`IndexStyle` names a font, the size and place of rank and suit, the
ink and the card stock.  The first styles use the DejaVu family every machine has; the
:data:`FONT_STYLES` use Debian's font packages (:data:`FONT_PACKAGES`, installed by
``.ci/run`` and the setup scripts), a dozen more families with Cyrillic for В Д К Т, because
real decks differ in their lettering far more than DejaVu's variants do.  ``HELD_OUT`` is a
style no learned reader is trained on, and ``HELD_OUT_FONTS`` are font families no reader is
trained on: the harness measures on them, the second as a stand-in for a deck nobody has seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from scoring.cards import RUSSIAN_RANKS, Card

FACE_W = 240
FACE_H = 336
#: Height over width of a card (88 / 63 mm).
RATIO = FACE_H / FACE_W
FONT_ROOT = Path("/usr/share/fonts")
#: The Debian package that installs each font folder (under FONT_ROOT).
FONT_PACKAGES = {
    "truetype/dejavu": "fonts-dejavu-core fonts-dejavu-extra",
    "opentype/urw-base35": "fonts-urw-base35",
    "truetype/liberation2": "fonts-liberation2",
    "truetype/freefont": "fonts-freefont-ttf",
    "truetype/crosextra": "fonts-crosextra-carlito",
}
ALPHABETS = ("latin", "russian")
RED = (40, 30, 200)
BLACK = (25, 25, 25)


@dataclass(frozen=True)
class IndexStyle:
    """How one brand prints its cards; sizes and places are shares of the card width."""

    name: str
    font: str  # a file under FONT_ROOT
    rank_height: float
    rank_top: float
    suit_size: float
    gap: float
    left: float
    stock: tuple[int, int, int] = (245, 245, 245)
    red: tuple[int, int, int] = RED
    black: tuple[int, int, int] = BLACK
    corner: float = 0.06
    #: The suit printed beside the rank (to its right, as many continental decks print it)
    #: rather than under it.
    suit_beside: bool = False

    def rank_text(self, card: Card, alphabet: str) -> str:
        if alphabet not in ALPHABETS:
            raise ValueError(f"{alphabet!r} is not an index alphabet ({', '.join(ALPHABETS)})")
        return RUSSIAN_RANKS.get(card.rank, card.rank) if alphabet == "russian" else card.rank


_DEJAVU = "truetype/dejavu/"
STYLES: dict[str, IndexStyle] = {
    style.name: style
    for style in (
        IndexStyle("classic", _DEJAVU + "DejaVuSans-Bold.ttf", 0.15, 0.05, 0.12, 0.03, 0.04),
        IndexStyle("serif", _DEJAVU + "DejaVuSerif-Bold.ttf", 0.16, 0.04, 0.11, 0.025, 0.035),
        IndexStyle(
            "condensed",
            _DEJAVU + "DejaVuSansCondensed-Bold.ttf",
            0.17,
            0.05,
            0.10,
            0.03,
            0.045,
            stock=(225, 238, 246),
        ),
        IndexStyle(
            "light", _DEJAVU + "DejaVuSans.ttf", 0.14, 0.06, 0.12, 0.035, 0.05, red=(50, 50, 215)
        ),
        IndexStyle(
            "oblique",
            _DEJAVU + "DejaVuSans-BoldOblique.ttf",
            0.15,
            0.045,
            0.115,
            0.03,
            0.04,
            corner=0.08,
        ),
        IndexStyle(
            "mono",
            _DEJAVU + "DejaVuSansMono-Bold.ttf",
            0.155,
            0.055,
            0.125,
            0.028,
            0.042,
            stock=(236, 242, 242),
            red=(30, 40, 185),
        ),
    )
}
#: The style kept out of training, for the held-out measurement.
HELD_OUT = "mono"
TRAINING_STYLES = tuple(name for name in STYLES if name != HELD_OUT)


#: Index geometries seen on real decks (rank height, rank top, suit size, gap, left; shares of
#: the card width): a tall narrow index, a small one set in, a large one near the edge.
INDEX_TALL = (0.17, 0.04, 0.10, 0.02, 0.035)
INDEX_SMALL = (0.13, 0.06, 0.10, 0.03, 0.05)
INDEX_LARGE = (0.18, 0.035, 0.12, 0.025, 0.03)
INDEX_PLAIN = (0.15, 0.05, 0.115, 0.03, 0.04)
CREAM_STOCK = (222, 238, 246)
_WHITE = (250, 250, 250)
_URW = "opentype/urw-base35/"
_LIB = "truetype/liberation2/"
_FREE = "truetype/freefont/"
#: Styles on Debian's font packages (see the module doc), for the face classifier's training.
FONT_STYLE_LIST = (
    IndexStyle("nimbus-sans", _URW + "NimbusSans-Bold.otf", *INDEX_PLAIN),
    IndexStyle("nimbus-narrow", _URW + "NimbusSansNarrow-Bold.otf", *INDEX_TALL, corner=0.08),
    IndexStyle("nimbus-roman", _URW + "NimbusRoman-Bold.otf", *INDEX_LARGE, stock=CREAM_STOCK),
    IndexStyle("century", _URW + "C059-Bold.otf", *INDEX_TALL, red=(45, 45, 190)),
    IndexStyle("palatino", _URW + "P052-Bold.otf", *INDEX_SMALL, stock=_WHITE),
    IndexStyle("nimbus-mono", _URW + "NimbusMonoPS-Bold.otf", *INDEX_PLAIN, corner=0.05),
    IndexStyle("liberation-sans", _LIB + "LiberationSans-Bold.ttf", *INDEX_LARGE, corner=0.09),
    IndexStyle("liberation-sans-regular", _LIB + "LiberationSans-Regular.ttf", *INDEX_TALL),
    IndexStyle(
        "liberation-mono", _LIB + "LiberationMono-Bold.ttf", *INDEX_SMALL, stock=CREAM_STOCK
    ),
    IndexStyle("free-sans", _FREE + "FreeSansBold.ttf", *INDEX_SMALL, red=(60, 35, 225)),
    IndexStyle("free-serif", _FREE + "FreeSerifBold.ttf", *INDEX_TALL, stock=_WHITE),
    IndexStyle("carlito", "truetype/crosextra/Carlito-Bold.ttf", *INDEX_PLAIN, corner=0.07),
    IndexStyle("nimbus-roman-regular", _URW + "NimbusRoman-Regular.otf", *INDEX_TALL),
    IndexStyle("bookman", _URW + "URWBookman-Demi.otf", *INDEX_PLAIN, stock=CREAM_STOCK),
    IndexStyle("gothic", _URW + "URWGothic-Demi.otf", *INDEX_LARGE, corner=0.08),
    IndexStyle("liberation-serif", _LIB + "LiberationSerif-Bold.ttf", *INDEX_SMALL),
)
STYLES.update({style.name: style for style in FONT_STYLE_LIST})
#: Font families no reader is trained on: rendered tables in them stand in for an unseen deck.
HELD_OUT_FONTS = ("bookman", "gothic", "liberation-serif")
FONT_STYLES = tuple(style.name for style in FONT_STYLE_LIST if style.name not in HELD_OUT_FONTS)


def style_named(name: str) -> IndexStyle:
    if name not in STYLES:
        raise ValueError(f"unknown card style {name!r}; choose one of: {', '.join(STYLES)}")
    return STYLES[name]


# --------------------------------------------------------------------------------------------
# Suit symbols: polygons in a unit box centred on 0 (y down), drawn at any size.


def _heart(n: int = 48) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    x = 16 * np.sin(t) ** 3
    y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
    pts = np.stack([x, y], axis=1)
    pts -= (pts.max(axis=0) + pts.min(axis=0)) / 2
    return pts / np.ptp(pts, axis=0).max()


@cache
def suit_shapes(suit: str) -> tuple[np.ndarray, ...]:
    """Filled polygons of one suit symbol, unit size, y down."""
    if suit == "H":
        return (_heart(),)
    if suit == "D":
        tips = np.array([[0.0, -0.5], [0.38, 0.0], [0.0, 0.5], [-0.38, 0.0], [0.0, -0.5]])
        t = np.linspace(0, 1, 10, endpoint=False)[:, None]
        sides = []
        for a, b in pairwise(tips):
            inward = -(a + b) / 2 * 0.12 * np.sin(np.pi * t)  # slightly concave sides
            sides.append(a + (b - a) * t + inward)
        return (np.concatenate(sides),)
    stem = np.array([[-0.05, 0.15], [0.05, 0.15], [0.16, 0.5], [-0.16, 0.5]])
    if suit == "S":
        body = _heart() * [1, -1] * 0.82 + [0, -0.08]
        return (body, stem)
    if suit == "C":
        circles = []
        t = np.linspace(0, 2 * np.pi, 32, endpoint=False)
        ring = np.stack([np.cos(t), np.sin(t)], axis=1) * 0.22
        for cx, cy in ((0.0, -0.24), (-0.24, 0.08), (0.24, 0.08)):
            circles.append(ring + np.array([cx, cy]))
        middle = np.array([[-0.12, -0.05], [0.12, -0.05], [0.12, 0.15], [-0.12, 0.15]])
        return (*circles, middle, stem)
    raise ValueError(f"{suit!r} is not a suit")


def draw_suit(
    image: np.ndarray,
    suit: str,
    centre: tuple[float, float],
    size: float,
    colour: tuple[int, int, int],
    upside_down: bool = False,
) -> None:
    """A suit symbol ``size`` px tall centred at ``centre``, in place."""
    sign = -1.0 if upside_down else 1.0
    shift = 4  # fixed-point bits: sub-pixel placement
    for shape in suit_shapes(suit):
        pts = shape * size * sign + centre
        cv2.fillPoly(
            image, [np.round(pts * (1 << shift)).astype(np.int32)], colour, cv2.LINE_AA, shift
        )


# --------------------------------------------------------------------------------------------
# Rank lettering through PIL (TrueType, Cyrillic), cut to its ink and fitted to a box.


@lru_cache(maxsize=512)
def glyph(font: str, text: str) -> np.ndarray:
    """The ink of ``text`` in ``font`` (0..255 coverage), cropped to its bounding box."""
    path = FONT_ROOT / font
    if not path.is_file():
        package = FONT_PACKAGES.get(str(Path(font).parent), "its font package")
        raise FileNotFoundError(f"card font {path} is missing: install Debian's {package}")
    face = ImageFont.truetype(str(path), 120)
    canvas = Image.new("L", (400, 200), 0)
    ImageDraw.Draw(canvas).text((20, 20), text, fill=255, font=face)
    ink = np.asarray(canvas)
    ys, xs = np.nonzero(ink > 20)
    return ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


def stamp(
    image: np.ndarray,
    coverage: np.ndarray,
    left: float,
    top: float,
    height: float,
    max_width: float,
    colour: tuple[int, int, int],
    upside_down: bool = False,
) -> None:
    """Ink ``coverage`` scaled to ``height`` px (squeezed to ``max_width``) at (left, top)."""
    gh, gw = coverage.shape
    width = min(gw * height / gh, max_width)
    size = (max(1, round(width)), max(1, round(height)))
    ink = cv2.resize(coverage, size, interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    if upside_down:
        ink = ink[::-1, ::-1]
        left, top = image.shape[1] - left - size[0], image.shape[0] - top - size[1]
    x, y = round(left), round(top)
    region = image[y : y + size[1], x : x + size[0]].astype(np.float32)
    alpha = ink[: region.shape[0], : region.shape[1], None]
    image[y : y + size[1], x : x + size[0]] = np.clip(
        region * (1 - alpha) + np.float32(colour) * alpha, 0, 255
    ).astype(np.uint8)


# --------------------------------------------------------------------------------------------
# Whole faces.

#: Pip centres (shares of the card width / height) for 2..10.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.2), (0.5, 0.8)),
    3: ((0.5, 0.2), (0.5, 0.5), (0.5, 0.8)),
    4: ((0.33, 0.2), (0.67, 0.2), (0.33, 0.8), (0.67, 0.8)),
    5: ((0.33, 0.2), (0.67, 0.2), (0.5, 0.5), (0.33, 0.8), (0.67, 0.8)),
    6: ((0.33, 0.2), (0.67, 0.2), (0.33, 0.5), (0.67, 0.5), (0.33, 0.8), (0.67, 0.8)),
    7: ((0.33, 0.2), (0.67, 0.2), (0.5, 0.35), (0.33, 0.5), (0.67, 0.5), (0.33, 0.8), (0.67, 0.8)),
    8: (
        (0.33, 0.2),
        (0.67, 0.2),
        (0.5, 0.35),
        (0.33, 0.5),
        (0.67, 0.5),
        (0.5, 0.65),
        (0.33, 0.8),
        (0.67, 0.8),
    ),
    9: (
        (0.33, 0.2),
        (0.67, 0.2),
        (0.33, 0.4),
        (0.67, 0.4),
        (0.5, 0.5),
        (0.33, 0.6),
        (0.67, 0.6),
        (0.33, 0.8),
        (0.67, 0.8),
    ),
    10: (
        (0.33, 0.2),
        (0.67, 0.2),
        (0.5, 0.3),
        (0.33, 0.4),
        (0.67, 0.4),
        (0.33, 0.6),
        (0.67, 0.6),
        (0.5, 0.7),
        (0.33, 0.8),
        (0.67, 0.8),
    ),
}
COURT_COLOURS = ((40, 120, 210), (160, 70, 30), (40, 140, 60))


def card_mask(corner: float) -> np.ndarray:
    """The card's outline (255 inside), corners rounded by ``corner`` card widths."""
    mask = np.zeros((FACE_H, FACE_W), np.uint8)
    r = max(1, round(corner * FACE_W))
    cv2.rectangle(mask, (r, 0), (FACE_W - 1 - r, FACE_H - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (FACE_W - 1, FACE_H - 1 - r), 255, -1)
    for cx, cy in (
        (r, r),
        (FACE_W - 1 - r, r),
        (r, FACE_H - 1 - r),
        (FACE_W - 1 - r, FACE_H - 1 - r),
    ):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def draw_face(card: Card, style: IndexStyle, alphabet: str) -> np.ndarray:
    """The face of ``card`` (BGR, FACE_H x FACE_W): stock, two indices, pips or a picture."""
    image = np.empty((FACE_H, FACE_W, 3), np.uint8)
    image[:] = style.stock
    ink = style.red if card.suit in "HD" else style.black
    text = style.rank_text(card, alphabet)
    w = FACE_W
    coverage = glyph(style.font, text)
    rank_h = style.rank_height * w
    max_w = (0.19 if len(text) > 1 else 0.16) * w
    if style.suit_beside:
        rank_w = min(coverage.shape[1] * rank_h / coverage.shape[0], max_w)
        suit_cx = style.left * w + rank_w + (style.gap + style.suit_size / 2) * w
        suit_cy = style.rank_top * w + rank_h / 2
    else:
        suit_top = style.rank_top * w + rank_h + style.gap * w
        suit_cx, suit_cy = (style.left + 0.075) * w, suit_top + style.suit_size * w / 2
    for flip in (False, True):
        stamp(image, coverage, style.left * w, style.rank_top * w, rank_h, max_w, ink, flip)
        cx, cy = suit_cx, suit_cy
        if flip:
            cx, cy = FACE_W - cx, FACE_H - cy
        draw_suit(image, card.suit, (cx, cy), style.suit_size * w, ink, flip)
    if card.rank in ("J", "Q", "K"):
        _court(image, card, style, ink, alphabet)
    elif card.rank == "A":
        draw_suit(image, card.suit, (FACE_W / 2, FACE_H / 2), 0.38 * w, ink)
    else:
        for px, py in PIPS[int(card.rank)]:
            draw_suit(image, card.suit, (px * w, py * FACE_H), 0.15 * w, ink, py > 0.55)
    cv2.rectangle(image, (0, 0), (FACE_W - 1, FACE_H - 1), (175, 175, 175), 2)
    return image


def _court(
    image: np.ndarray, card: Card, style: IndexStyle, ink: tuple[int, int, int], alphabet: str
) -> None:
    """A simple court picture: a frame, a figure whose colour and headgear tell J, Q and K."""
    left, top = round(0.24 * FACE_W), round(0.17 * FACE_H)
    right, bottom = FACE_W - left, FACE_H - top
    cv2.rectangle(image, (left, top), (right, bottom), ink, 2, cv2.LINE_AA)
    robe = COURT_COLOURS["JQK".index(card.rank)]
    cx = FACE_W // 2
    for flip in (1, -1):
        base_y = FACE_H // 2
        head_y = base_y - flip * 55
        cv2.ellipse(image, (cx, base_y - flip * 18), (38, 30), 0, 0, 360, robe, -1, cv2.LINE_AA)
        cv2.circle(image, (cx, head_y), 17, (170, 200, 235), -1, cv2.LINE_AA)
        hat = head_y - flip * 20
        if card.rank == "K":
            crown = np.array([[cx - 16, hat], [cx - 10, hat - flip * 14], [cx, hat - flip * 4],
                              [cx + 10, hat - flip * 14], [cx + 16, hat]], np.int32)  # fmt: skip
            cv2.fillPoly(image, [crown], (30, 180, 220), cv2.LINE_AA)
        elif card.rank == "Q":
            cv2.ellipse(image, (cx, hat), (16, 8), 0, 0, 360, (30, 180, 220), -1, cv2.LINE_AA)
        else:
            cv2.rectangle(image, (cx - 15, hat - flip * 8), (cx + 15, hat), ink, -1)
        draw_suit(image, card.suit, (cx + 45, base_y - flip * 35), 22, ink, flip < 0)
    cv2.line(image, (left, FACE_H // 2), (right, FACE_H // 2), ink, 1, cv2.LINE_AA)


def draw_back(colour: tuple[int, int, int], corner: float = 0.06) -> np.ndarray:
    """A card back: a coloured field with a lattice, no white margin."""
    image = np.empty((FACE_H, FACE_W, 3), np.uint8)
    image[:] = colour
    dark = tuple(int(c * 0.6) for c in colour)
    for k in range(-FACE_H, FACE_W + FACE_H, 16):
        cv2.line(image, (k, 0), (k + FACE_H, FACE_H), dark, 3, cv2.LINE_AA)
        cv2.line(image, (k, 0), (k - FACE_H, FACE_H), dark, 3, cv2.LINE_AA)
    cv2.rectangle(image, (10, 10), (FACE_W - 11, FACE_H - 11), dark, 4)
    return image
