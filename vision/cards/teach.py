"""Teach mode: a deck profile learned from one photo of each card of a physical deck.

Each photo shows one card face up on the table.  The corner finder finds its corners; the two
index corners are those whose first edge runs along the card's short side (the blank corners'
first edge runs along the long side, see :mod:`vision.cards.geometry`), and the template is the
patch of the one nearer the photo's top-left.  The card each photo shows comes from its file
name (``QH.jpg``, ``10S.png``, ``ДS.jpg``; anything :func:`scoring.cards.parse_card` reads,
before the first dot or underscore) or from an order file listing one code per photo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from scoring.cards import deck, parse_card
from vision.cards.deck import SIZES, DeckError, DeckProfile
from vision.cards.geometry import corner_patch, find_corners, stock_mask
from vision.cards.looks import Outliner, cut_look
from vision.types import Box


class TeachError(ValueError):
    """A photo or an order that teach mode cannot use; the message names it."""


def code_from_name(path: Path) -> str:
    """The card a photo shows, from its file name: ``QH.jpg``, ``10S_front.png``."""
    word = path.name.split(".")[0].split("_")[0]
    try:
        return str(parse_card(word))
    except ValueError as error:
        raise TeachError(f"{path}: the file name does not name a card ({error})") from None


def read_order(path: Path) -> list[str]:
    """Card codes from an order file: whitespace- or comma-separated, ``#`` starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TeachError(f"{path}: cannot read the order file ({error})") from None
    words = [w for line in text.splitlines() for w in line.split("#")[0].replace(",", " ").split()]
    codes = []
    for number, word in enumerate(words, start=1):
        try:
            codes.append(str(parse_card(word)))
        except ValueError as error:
            raise TeachError(f"{path}: card {number}: {error}") from None
    return codes


def index_template(image: np.ndarray, where: str = "photo") -> np.ndarray:
    """The index template of the one card in ``image``: the patch of an index corner."""
    corners, _ = find_corners(image)
    if not corners:
        raise TeachError(f"{where}: no card found (one card, face up, on a darker cloth)")
    long_axis = _long_axis(image)
    index = [corner for corner in corners if abs(_dot(corner.v, long_axis)) > 0.8]
    if not index:
        raise TeachError(f"{where}: the card's index corners are not in view")
    # One patch, not the mean of both: under a tilted camera the two ends of the card are cut
    # a pixel apart, and their mean would blur the index.
    first = min(index, key=lambda corner: corner.point[0] + corner.point[1])
    return corner_patch(image, first)


class FaceCutter(Protocol):
    """What cuts the detector reader's crops from a photo: the crop of the card (the one lying
    about at ``near`` where given, else the surest) and crops of the table beside it, or None
    when it finds no card (:meth:`DetectorCards.teach_crops`)."""

    def __call__(
        self, image: np.ndarray, near: Box | None = None
    ) -> tuple[np.ndarray, list[np.ndarray]] | None: ...


def teach_deck(
    photos: Sequence[tuple[str, np.ndarray]],
    name: str,
    alphabet: str = "latin",
    size: int | None = None,
    faces: FaceCutter | None = None,
    outline: Outliner | None = None,
) -> DeckProfile:
    """A profile from (card code, photo) pairs; the deck size is the smallest of 52/36/32
    holding every card given, unless ``size`` says.  With ``faces``, each photo also gives the
    detector reader's crop of its card; a photo then needs to show its card to one of the two
    finders (the corner finder misses rounded corners on a light floor, the detector rarely).
    With ``outline``, each photo whose card it outlines whole also gives the card's look
    (:mod:`vision.cards.looks`); a photo it does not outline gives none, and that court is
    read by its index."""
    if not photos:
        raise TeachError("no photos given")
    profile = _empty_profile([code for code, _ in photos], name, alphabet, size)
    for code, image in photos:
        try:
            profile.templates[code] = index_template(image, code)
        except TeachError:
            if faces is None:
                raise
        cut = faces(image) if faces is not None else None
        if cut is not None:
            profile.faces[code], tables = cut
            profile.tables.extend(tables)
        elif code not in profile.templates:
            raise TeachError(f"{code}: no card found (one card, face up, in the photo)")
        quad = outline(image) if outline is not None else None
        look = cut_look(image, quad) if quad is not None else None
        if look is not None:
            profile.looks[code] = look
    return profile


def teach_dealt(
    dealt: Sequence[tuple[str, np.ndarray, Box | None]],
    name: str,
    faces: FaceCutter,
    alphabet: str = "latin",
    size: int | None = None,
) -> DeckProfile:
    """A profile from the cards of a dealt clip (:mod:`vision.cards.dealt`): (card code, still
    frame, where in it the card lies).  It holds the detector reader's crops only, no index
    templates: a still shows the cards dealt before beside or under the new one, and the
    corner finder, which takes the one card's corners, would take theirs."""
    if not dealt:
        raise TeachError("no cards dealt in the clip")
    profile = _empty_profile([code for code, _, _ in dealt], name, alphabet, size)
    for number, (code, image, where) in enumerate(dealt, start=1):
        cut = faces(image, where)
        if cut is None:
            raise TeachError(f"card {number} dealt ({code}): the card finder sees no card there")
        profile.faces[code], tables = cut
        profile.tables.extend(tables)
    return profile


def _empty_profile(codes: list[str], name: str, alphabet: str, size: int | None) -> DeckProfile:
    """The profile the cards ``codes`` will be taught into: each card once, all of one deck,
    the smallest of 52/36/32 holding them unless ``size`` says."""
    repeated = sorted({code for code in codes if codes.count(code) > 1})
    if repeated:
        raise TeachError(f"cards photographed twice: {' '.join(repeated)}")
    if size is None:
        fitting = [n for n in SIZES if set(codes) <= {str(card) for card in deck(n)}]
        size = min(fitting)
    elif size not in SIZES:
        raise TeachError(f"{size} is not a deck size {SIZES}")
    profile = DeckProfile(name, size, alphabet)
    outside = [code for code in codes if code not in profile.codes]
    if outside:
        raise DeckError(f"not in a {size}-card deck: {' '.join(outside)}")
    return profile


def _long_axis(image: np.ndarray) -> tuple[float, float]:

    contours, _ = cv2.findContours(stock_mask(image), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    largest = max(contours, key=cv2.contourArea)
    box = cv2.boxPoints(cv2.minAreaRect(largest))
    edges = [box[1] - box[0], box[2] - box[1]]
    longer = max(edges, key=lambda edge: float(np.hypot(*edge)))
    length = math.hypot(float(longer[0]), float(longer[1]))
    return float(longer[0]) / length, float(longer[1]) / length


def _dot(a: tuple[float, float], b: tuple[float, float]) -> float:
    return a[0] * b[0] + a[1] * b[1]
