"""Index lettering the glyph reader learns from beyond the renderer's own font styles.

A real deck nobody here has seen prints its index in lettering of its own, and the glyph reader
(:mod:`vision.cards.glyph_reader`) reads it only as well as the shapes it was trained on spread.
The renderer's styles (:data:`vision.cards.faces.FONT_STYLE_LIST`) are a dozen families, most
of them URW's clones of the PostScript fonts; these add sans, serif, rounded, humanist,
geometric and monospaced families of other foundries.  They are used by the glyph reader's
training script only, so the tests and the renderer do not need them: the script installs
nothing, and a family whose file is missing is skipped with a line saying which package to
install (:data:`WIDER_FONT_PACKAGES`).  ``faces.HELD_OUT_FONTS`` stay out of every training.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.cards.faces import (
    CREAM_STOCK,
    FONT_ROOT,
    INDEX_LARGE,
    INDEX_PLAIN,
    INDEX_SMALL,
    INDEX_TALL,
    IndexStyle,
)

#: Debian's packages of the families below (``apt-get install`` them before training).
WIDER_FONT_PACKAGES = (
    "fonts-roboto-unhinted fonts-open-sans fonts-lato fonts-inter fonts-ebgaramond "
    "fonts-linuxlibertine fonts-oldstandard fonts-go fonts-hack fonts-comfortaa "
    "fonts-cantarell fonts-crosextra-caladea fonts-noto-core fonts-paratype"
)

WIDER_FONT_STYLES = (
    IndexStyle("roboto", "truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf", *INDEX_PLAIN),
    IndexStyle(
        "roboto-condensed", "truetype/roboto/unhinted/RobotoCondensed-Bold.ttf", *INDEX_TALL
    ),
    IndexStyle("open-sans", "truetype/open-sans/OpenSans-Bold.ttf", *INDEX_LARGE, corner=0.08),
    IndexStyle("lato", "truetype/lato/Lato-Bold.ttf", *INDEX_SMALL),
    IndexStyle("inter", "opentype/inter/Inter-Bold.otf", *INDEX_PLAIN, stock=CREAM_STOCK),
    IndexStyle("eb-garamond", "opentype/ebgaramond/EBGaramond12-Bold.otf", *INDEX_TALL),
    IndexStyle("libertine", "opentype/linux-libertine/LinLibertine_RB.otf", *INDEX_LARGE),
    IndexStyle(
        "old-standard",
        "truetype/fonts-oldstandard/OldStandard-Bold.ttf",
        *INDEX_SMALL,
        stock=CREAM_STOCK,
    ),
    IndexStyle("go", "fonts-go/Go-Bold.ttf", *INDEX_PLAIN, corner=0.05),
    IndexStyle("hack", "truetype/hack/Hack-Bold.ttf", *INDEX_SMALL),
    IndexStyle("comfortaa", "truetype/comfortaa/Comfortaa-Bold.ttf", *INDEX_LARGE),
    IndexStyle("cantarell", "opentype/cantarell/Cantarell-Bold.otf", *INDEX_TALL),
    IndexStyle("caladea", "truetype/crosextra/Caladea-Bold.ttf", *INDEX_PLAIN, stock=CREAM_STOCK),
    IndexStyle("noto-sans", "truetype/noto/NotoSans-Bold.ttf", *INDEX_LARGE),
    IndexStyle("noto-serif", "truetype/noto/NotoSerif-Bold.ttf", *INDEX_TALL),
    IndexStyle("pt-sans-narrow", "truetype/paratype/PTN77F.ttf", *INDEX_TALL),
    IndexStyle("pt-serif", "truetype/paratype/PTF75F.ttf", *INDEX_SMALL),
)


def installed(styles: tuple[IndexStyle, ...] = WIDER_FONT_STYLES) -> list[IndexStyle]:
    """The styles whose font file is on this machine."""
    return [style for style in styles if (FONT_ROOT / style.font).is_file()]


@cache
def writes_cyrillic(style: IndexStyle) -> bool:
    """Whether the font draws В Д К Т (a Latin-only font draws its 'missing' box for each, all
    alike), so that Russian indices are rendered only in fonts that have them."""
    face = ImageFont.truetype(str(FONT_ROOT / style.font), 60)

    def ink(text: str) -> np.ndarray:
        canvas = Image.new("L", (120, 100), 0)
        ImageDraw.Draw(canvas).text((10, 10), text, fill=255, font=face)
        return np.asarray(canvas)

    missing = ink("\U000f0000")  # a private-use code point no font here draws
    return all(not np.array_equal(ink(letter), missing) for letter in "ВДКТ")


def missing_packages(styles: tuple[IndexStyle, ...] = WIDER_FONT_STYLES) -> str:
    """One line naming the families not installed, or "" when all are."""
    absent = [style.name for style in styles if not (FONT_ROOT / style.font).is_file()]
    if not absent:
        return ""
    return f"fonts not installed: {', '.join(absent)} (apt-get install {WIDER_FONT_PACKAGES})"
