"""The classical corner reader: normalised cross-correlation of a corner patch against the deck
profile's index templates, within a few pixels of where the corner finder put it.

Suit colour is decided first (red ink or black, from the index area alone: the cloth around
a corner may be red), which halves the templates and removes the commonest slips (a 6 of
hearts for a 6 of spades).  The score adds the correlation of the lower half of the template
(the suit symbol) to that of the whole, because the rank glyph dominates the whole patch and a
spade and a club under the same rank differ in few pixels.  A corner whose best score stays
below :data:`MIN_SCORE` shows no index of this deck: a blank corner, a back, a hand.  The scores
become probabilities (a softmax) so the reader can add up the two index corners of one card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from vision.cards.deck import DeckProfile
from vision.cards.geometry import PATCH_H, PATCH_W, SEARCH_MARGIN, Corner, corner_patch
from vision.cards.patches import BLANK, CLASSES, CODES

MIN_SCORE = 0.45
#: Redness (R minus the larger of G and B) of the ink that makes a patch red.
RED_INK = 35.0


def is_red(patch: np.ndarray) -> bool:
    """Whether the darkest pixels inside the index area of a corner patch (the ink) are red."""
    inner = patch[
        round(0.1 * PATCH_H) : round(0.9 * PATCH_H), round(0.12 * PATCH_W) : round(0.85 * PATCH_W)
    ]
    pixels = inner.reshape(-1, 3).astype(np.float32)
    grey = pixels.mean(axis=1)
    ink = pixels[grey <= np.percentile(grey, 12)]
    redness = ink[:, 2] - np.maximum(ink[:, 0], ink[:, 1])
    return float(redness.mean()) > RED_INK


class TemplateMatcher:
    """Reads corners against one deck profile's templates."""

    name = "template"
    #: Scales tried around the measured card width (it is a few per cent off under a tilt).
    scales = (0.95, 1.0, 1.05)
    #: Each template also blurred by these sigmas (px of the patch): a camera slightly out of
    #: focus blurs a small index beyond what a sharp template matches.
    blurs = (0.0, 0.8, 1.5)
    #: Softness of the scores turned into probabilities (correlation units).
    temperature = 0.02

    def __init__(self, profile: DeckProfile) -> None:
        self.profile = profile
        self.groups: dict[bool, list[tuple[int, np.ndarray]]] = {True: [], False: []}
        for code, patch in profile.templates.items():
            grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
            for sigma in self.blurs:
                template = cv2.GaussianBlur(grey, (0, 0), sigma) if sigma else grey
                self.groups[code[-1] in "HD"].append((CODES.index(code), template))

    def scores(self, image: np.ndarray, corners: Sequence[Corner]) -> np.ndarray:
        """Per corner, probabilities over the 52 cards and :data:`BLANK` (rows sum to 1)."""
        out = np.zeros((len(corners), CLASSES), np.float32)
        for row, corner in enumerate(corners):
            red = is_red(corner_patch(image, corner))
            best = np.full(CLASSES, -1.0, np.float32)
            best[BLANK] = MIN_SCORE
            for factor in self.scales:
                scaled = replace(corner, scale=corner.scale * factor)
                patch = corner_patch(image, scaled, SEARCH_MARGIN)
                grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
                for cls, template in self.groups[red]:
                    whole = cv2.matchTemplate(grey, template, cv2.TM_CCOEFF_NORMED).max()
                    lower = cv2.matchTemplate(grey, template[PATCH_H // 2 :], cv2.TM_CCOEFF_NORMED)
                    best[cls] = max(best[cls], float(whole + lower.max()) / 2)
            logits = (best - best.max()) / self.temperature
            probs = np.exp(logits)
            out[row] = probs / probs.sum()
        return out
