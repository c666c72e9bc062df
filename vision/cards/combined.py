"""The combined card reader: the corner reader's precise readings where it finds a card, the
detector reader's everywhere else, and the face classifier as the judge where they disagree.

The two readers fail differently.  The corner reader (:mod:`vision.cards.reader`) reads the
index itself, sharply, and measures each card's outline and which card covers which, but on a
real table it finds few cards (rounded corners, beige carpet) and misreads fonts it never saw.
The detector reader (:mod:`vision.cards.detector`) finds nearly every real card, but reads a
whole-card crop: pips of a covered number card or a court figure it never saw trip it up.
So every card the detector finds is matched to the corner reading lying on it; where both name
the same rank the corner reading stands (index, suit, outline, cover); where they differ the
corner reading stands unless the face classifier gives its rank less than OVERRULE, which is
how a misread index (a 10 read as Q) loses against a card plainly showing ten pips.  A corner
reading no detector box backs stands only when it is at least ALONE_SURE; a detector reading
with no corner reading stands when the face classifier is sure it is a card (ALONE_NONE,
ALONE_MIN: what the finder takes for a card on a real table, a product box, a book's spine, a
card cut by the frame, is read alone).  One deck has each card once: a corner reading that
overruled the detector and names a card another reading names too gives way to the detector,
and a corner reading standing alone that names a card read already where it lies is that card
read twice.  A corner reading whose outline holds two cards the detector told apart (``merged``: the
card-stock mask joins touching cards) is nobody's: it neither overrules nor stands.

A card lying uncovered whose outline has a card's proportions (WHOLE) is read once more at its
four corners by the corner classifier: the corner finder misses many real cards, but the outline
says where their index corners are, and where the two index corners agree on a card at least
INDEX_SURE (their log probabilities added, as the corner reader joins the two ends of one card)
that card stands.  The index is the one thing every deck prints the same way, so this is what
keeps an unseen deck's court figures and decorated aces from being read as another card.  The
index glyph reader (:mod:`vision.cards.glyph_reader`) votes beside the corner classifier: it
reads the index cut to the rank's own size, so a deck whose index is larger or set further in
than any the corner classifier learnt is read too; where it is less than GLYPH_SURE of a rank,
it does not vote.  It also reads where the corner classifier cannot: at the index corner the
corner reader read on a covered card, and about the corners of the box round a part of a card
only the detector found (the glyph reader finds the rank in a region about a corner; the corner
classifier needs the corner exactly).

An uncovered card's outline that its edges do not support (the stock mask ran into paper,
pale wood or beige carpet) is fitted again to the card's edges inside the detector's box
(:mod:`vision.cards.box_outline`) before its index corners are read; where no outline fits (a
white card on white paper shows little edge), the card turned either way inside its box is
read at its corners too, and the surer index chooses.

A matched card takes the detector's box and the corner reading's outline (quad, index, cover):
the detector boxes a card's visible part as it was taught on real photos, while the corner
reader's outline follows the card-stock mask, which on a beige carpet or a light floor runs
into the table (on the development fold of the real photos it boxed whole images round one
card: a card missed and a reading extra).  The layout facts read the outline, not the box.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

import cv2
import numpy as np

from vision.cards.box_outline import (
    Quad,
    bounding,
    brightest,
    edge_support,
    fitted,
    inscribed,
    share_inside,
    side_support,
)
from vision.cards.close_up import CLOSE_UP, FILLS, back, fills, mirrored, spans
from vision.cards.detector import DetectorCards, stack
from vision.cards.face_classifier import NONE, RANK_CLASSES
from vision.cards.faces import RATIO
from vision.cards.geometry import Corner
from vision.cards.glyph_classes import BLANK as GLYPH_BLANK
from vision.cards.glyph_classes import GLYPH_RANKS, SUITS
from vision.cards.glyph_reader import GlyphReader
from vision.cards.looks import COURTS, CourtLooks
from vision.cards.patches import BLANK, CODES
from vision.cards.pips import COUNT_RANKS, read_face, shows_figure
from vision.cards.reader import CardReader, CardReading
from vision.cards.real import rank_of
from vision.types import Box

#: A detector box and a corner reading are one card when the box overlaps it by this IoU or
#: lies this much inside it (the corner reading boxes a covered card whole).
SAME = 0.6
#: The corner reading's rank is overruled when the face classifier gives it less than this.
#: Chosen on development data only (the training four fifths of the real photos, rendered
#: scenes of seed 1235): the corner reader's misreads of real indices get 0.00-0.03 there (a few
#: up to 0.1), its right readings of rendered covered cards 0.028-0.37.
OVERRULE = 0.02
#: A corner reading no detector box backs stands when at least this sure.
ALONE_SURE = 0.9
#: A reading with this share of its box inside another's is a part of that card.
PART = 0.5
#: A reading is a part of the card filling a close-up fitted to its edges when this share of
#: its box lies inside the card's; a card beside it, overlapping it, sticks out further.  On
#: the real photos' fit fold the cards beside one lay 0.54 to 0.74 inside it, on the white-paper
#: development singles (seed 8500) the parts of a card 0.82 to 1.0.
WITHIN = 0.8
#: A corner reading holding two detector boxes this much inside it outlines two cards run
#: together (the card-stock mask joins touching cards; a covered card's outline, a card's
#: size, holds another card's box at most in part).
MERGED = 0.8
#: A detector reading no corner reading backs stands only when the face classifier gives
#: ``none`` (not a card) less than ALONE_NONE and it is at least ALONE_MIN sure (the finder's
#: confidence times the rank's).  On the development fold of the real photos, read with models
#: trained without it, every right reading gave ``none`` at most 0.07 and was at least 0.26
#: sure; a product box, a book's spine and a card cut by the frame's edge, read as court cards,
#: gave ``none`` 0.29 and 0.36 or were 0.16-0.17 sure.  Chosen again for the finder and face
#: classifier trained with the deck designs (fit-only models, the dev fold, the glyph reader
#: voting): ALONE_NONE 0.2 read 100 of 104 cards with 4 extra readings, 0.1 100 with 2, 0.3 100
#: with 6; ALONE_MIN 0.3 lost a right card at each.  The detector reader alone keeps its
#: looser NONE_SHARE and MIN_CONFIDENCE: on rendered tables these would drop covered cards the
#: corner reader confirms.
ALONE_NONE = 0.1
ALONE_MIN = 0.2
#: An outline is a whole card when its long side over its short one is within this factor
#: (as a log) of a card's 88/63.
WHOLE = 0.15
#: A whole uncovered card's two index corners read again name the card that stands when they
#: agree on it at least this much.  Chosen on rendered tables of the held-out deck designs at
#: development seed 8100 (`art_decks.HELD_OUT_DECKS`, never the reported seed), with the
#: committed models: 0.9, 0.7 and 0.5 read 392, 396 and 393 of 501 cards against 383 without,
#: the real photos' training folds unchanged at 0.7 and 0.9 (103 of 104, 318 of 319).
INDEX_SURE = 0.7
#: The ranks of number cards, and of the cards that show a picture (:attr:`pips.FaceRead.figure`).
NUMBER_RANKS = frozenset(str(n) for n in range(2, 11))
PICTURE_RANKS = frozenset({"A", "J", "Q", "K"})
#: Each code's rank and suit in the glyph reader's classes.
CODE_RANKS = np.array([GLYPH_RANKS.index(code[:-1]) for code in CODES])
CODE_SUITS = np.array([SUITS.index(code[-1]) for code in CODES])
#: The glyph reader votes at a corner where it is at least this sure of a rank.  Chosen on the
#: development deck tables (seed 8100) and the real photos' fit fold (never the held-out fold)
#: when the glyph reader trained on no real photo.  Without the glyph reader 396 of 501 deck
#: cards and 318 of 319 real cards were read right; with it at 0.9, 422 and 318; at 0.8, 425
#: and 319; at 0.6, 426 and 316.  Kept since the reader also learns the index corners of the
#: real photos' training part (``scripts/train_cards_glyphs.py``).
GLYPH_SURE = 0.8

#: An uncovered card's outline whose edges support it this much stands; a lesser one is fitted
#: again to the card's edges (:mod:`vision.cards.box_outline`).  The three constants below were
#: chosen on development sets only: single photos of the held-out deck designs on the real
#: photos' dev-fold tables (seed 8400, taught from seed 8200) and the deck tables of seed 8100;
#: there the fit took taught singles from 145 to 152 of 156 and zero-shot ones from 143 to
#: 146, the deck tables from 425 to 431 of 501, the real photos' dev and fit folds unchanged
#: (100 of 104, 317 of 319).  Without SIDE_SURE and IN_BOX six covered cards were read as the
#: card lying on them or with the pips of their visible part.  Where no fit stands either, the
#: card turned either way inside its box is read at its index corners too (on white paper a
#: card shows too little edge to fit): single cards on white paper (seed 8500) 116 -> 124 of
#: 156 zero-shot, 118 -> 127 taught; the deck tables 431 -> 437, singles 146 -> 145 and
#: 152 -> 151.
EDGES_SURE = 0.8
#: A fitted outline replaces the one read only where each of its sides is supported this much.
SIDE_SURE = 0.6
#: A fitted outline lies in its box at least this much (``share_inside``): the finder boxes an
#: uncovered card whole.
IN_BOX = 0.85


class CombinedCards:
    """Reads with both readers and merges them (see the module doc)."""

    name = "combined"

    def __init__(
        self,
        corners: CardReader,
        detector: DetectorCards,
        glyphs: GlyphReader | None = None,
        looks: Mapping[str, np.ndarray] | None = None,
    ) -> None:
        self.corners = corners
        self.detector = detector
        self.glyphs = glyphs
        #: A taught deck's courts, matched by their looks (:mod:`vision.cards.looks`).
        self.courts = CourtLooks(looks or {})
        #: The codes the deck has (a 36-card deck has no 2 to 5).
        self.allowed = np.array([detector.code(code[:-1], code[-1]) is not None for code in CODES])

    def read(self, image: np.ndarray) -> list[CardReading]:
        """Every card read.  A picture that may be a close-up (no card found, or a card spanning
        more than CLOSE_UP of it: a card larger than any the readers learned, found in parts or
        not at all) is read again mirrored out (:mod:`vision.cards.close_up`); a card found
        there filling the picture (FILLS of it, or CLOSE_UP where the readings inside it are
        that card in parts, :func:`in_parts`), surer than the readings inside it, replaces them,
        its outline fitted to its edges and its index read again (:meth:`_refitted`).  Where
        none is, the card filling the picture fitted to its edges and named by its index
        corners does (:meth:`_filling`), and the readings lying WITHIN it are its parts.  A
        taught deck's courts are matched by their looks last (:meth:`_looked`)."""
        return [self._looked(image, reading) for reading in self._read_close(image)]

    def _read_close(self, image: np.ndarray) -> list[CardReading]:
        """Every card read, a close-up read again mirrored out (see :meth:`read`)."""
        readings = self._read(image)
        if not self._may_be_close_up(image, readings):
            return readings
        canvas, scale = mirrored(image)
        large, seen = [], list(readings)
        for reading in self._read(canvas):
            moved = mapped(reading, scale, image)
            if fills(moved.box, image, 0.0):  # centred in the picture: a part of its card
                seen.append(moved)
            inside = [r for r in readings if r.box.nested_share(moved.box) >= PART]
            share = CLOSE_UP if in_parts(moved, inside) else FILLS
            surer = moved.confidence > max((r.confidence for r in inside), default=0.0)
            if fills(moved.box, image, share) and surer:
                large.append(self._refitted(image, moved))
        if large:
            kept = [r for r in readings if all(r.box.nested_share(c.box) < PART for c in large)]
            return large + kept
        whole = self._filling(image, seen)
        if whole is None:
            return readings
        return [whole, *(r for r in readings if r.box.nested_share(whole.box) < WITHIN)]

    def _filling(self, image: np.ndarray, seen: list[CardReading]) -> CardReading | None:
        """The card filling a close-up (a card scanned or photographed up close, cropped to
        it), where neither reading found it whole: its outline fitted to its edges from the
        picture's own box and the boxes of the parts of it ``seen`` (a white card on white paper
        shows so little edge that the fit needs a start near it), standing where every side is
        an edge (SIDE_SURE), it spans CLOSE_UP of the picture and its index corners name a card
        at least INDEX_SURE; None else."""
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        height, width = grey.shape
        picture = Box(0.0, 0.0, float(width), float(height))
        quad = fitted_card(grey, [], [picture, *(r.box for r in seen)], picture)
        if quad is None or not fills(bounding(quad), image, CLOSE_UP):
            return None
        around = bounding(quad)
        reading = CardReading("", around, quad, around, 0.0)
        found = self._index_reads(image, [reading])[0]
        if found is None or found[1] < INDEX_SURE:
            return None
        return self._counted(image, replace(reading, card=found[0], confidence=found[1]))

    def _refitted(self, image: np.ndarray, reading: CardReading) -> CardReading:
        """A card found filling the picture mirrored out, its outline fitted to its edges
        (:func:`fitted_card`) and its index corners read again there, their card standing
        where they are INDEX_SURE: the mirrored picture's outline is the stock mask's, which
        on white paper runs past the card, and the index read at a wrong corner is a guess."""
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        height, width = grey.shape
        picture = Box(0.0, 0.0, float(width), float(height))
        quad = fitted_card(grey, [reading.quad], [reading.box], picture)
        if quad is None:
            return reading
        trial = replace(reading, quad=quad)
        found = self._index_reads(image, [trial])[0]
        if found is not None and found[1] >= INDEX_SURE:
            trial = replace(trial, card=found[0], confidence=found[1])
        return self._counted(image, trial)

    @staticmethod
    def _may_be_close_up(image: np.ndarray, readings: list[CardReading]) -> bool:
        return not readings or any(spans(r.box, CLOSE_UP, image) for r in readings)

    def _read(self, image: np.ndarray) -> list[CardReading]:
        scored = self.detector.read_scored(image)
        by_corner = [r for r in self.corners.read(image) if not merged(r, scored)]
        pairs = []
        for d, (found, _, _) in enumerate(scored):
            for c, reading in enumerate(by_corner):
                overlap = max(found.box.iou(reading.box), found.box.nested_share(reading.box))
                if overlap >= SAME:
                    agree = rank_of(reading.card) == rank_of(found.card)
                    pairs.append((agree, overlap, d, c))
        matched: dict[int, int] = {}  # detector reading -> corner reading
        for _, _, d, c in sorted(pairs, reverse=True):
            if d not in matched and c not in matched.values():
                matched[d] = c
        stands = {d: self._standing(scored[d], by_corner[c]) for d, c in matched.items()}
        codes = Counter(card for card, _ in stands.values())
        named: dict[str, str] = {}  # the corner reader's code -> the code that stands
        out: list[CardReading] = []
        for d, c in matched.items():
            found, reading = scored[d][0], by_corner[c]
            card, confidence = stands[d]
            if card != found.card and rank_of(card) != rank_of(found.card) and codes[card] > 1:
                # One deck has each card once: a corner reading that overruled the detector
                # and names a card another reading names as well gives way to the detector.
                card, confidence = found.card, found.confidence
            named[reading.card] = card
            out.append(
                CardReading(
                    card,
                    found.box,
                    reading.quad,
                    reading.index_box,
                    confidence,
                    reading.covered_by,
                )
            )
        for c, reading in enumerate(by_corner):
            if c not in matched.values() and reading.confidence >= ALONE_SURE:
                if any(read_twice(reading, other) for other in out):
                    continue  # one deck has each card once: this is a card read already
                named[reading.card] = reading.card
                out.append(reading)
        out = [replace(r, covered_by=cover_of(r, named)) for r in out]
        unmatched = [
            (found, rank_p)
            for d, (found, rank_p, _) in enumerate(scored)
            if d not in matched and found.confidence >= ALONE_MIN
        ]
        doubted = [found for found, rank_p in unmatched if rank_p[NONE] >= ALONE_NONE]
        shown = self._shows_index(image, doubted)
        alone = stack(
            [found for found, rank_p in unmatched if rank_p[NONE] < ALONE_NONE]
            + [found for found, index in zip(doubted, shown, strict=True) if index]
        )
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        read = out + alone
        fits = [
            self._outlined(grey, reading, [r.box for r in read if r is not reading])
            for reading in read
        ]
        outlined = [reading for reading, _ in fits]
        others = [inscribed(r.box) if weak else [] for r, weak in fits]
        indexed = self._indexed(image, outlined, others)
        # Pips are counted on the final outline, but for a whole card's outline read where a
        # fit replaced it: a card half under a card back fits a whole card's outline inside its
        # visible part, showing fewer pips.
        return [
            self._counted(image, replace(r, quad=first.quad))
            if fit.quad != first.quad and is_whole(first.quad)
            else self._counted(image, r)
            for r, first, fit in zip(indexed, read, outlined, strict=True)
        ]

    @staticmethod
    def _outlined(
        grey: np.ndarray, reading: CardReading, others: list[Box]
    ) -> tuple[CardReading, bool]:
        """An uncovered card's reading with the outline its edges support best, and whether
        that outline is still weak (less than EDGES_SURE): the one read,
        or one fitted to the card's edges inside its box (:mod:`vision.cards.box_outline`)
        where every side of it is a card's edge (SIDE_SURE), it lies in the box (IN_BOX) and
        it is not another card's (SAME with the box of another reading, ``others``): a
        covered card's visible part fits no whole card, and where the card lying on it does,
        that card lies outside the box or is read already."""
        if reading.covered_by is not None:
            return reading, False
        own = edge_support(grey, reading.quad)
        if own >= EDGES_SURE:
            return reading, False
        # fitted from the start its edges support best first, the others only where that fit
        # does not stand (on white paper the best start may lie on a shadow): fitting every
        # start and keeping the best cost twice the time on a table of overlapping cards
        starts = sorted(CombinedCards._starts(grey, reading), key=lambda q: -edge_support(grey, q))
        for start in starts:
            quad, support = fitted(grey, start)
            stands = (
                support > own
                and side_support(grey, quad).min() >= SIDE_SURE
                and share_inside(quad, reading.box) >= IN_BOX
                and not any(bounding(quad).iou(other) >= SAME for other in others)
            )
            if stands:
                return replace(reading, quad=quad), support < EDGES_SURE
        return reading, True

    def _indexed(
        self, image: np.ndarray, readings: list[CardReading], others: list[list[Quad]]
    ) -> list[CardReading]:
        """The readings with the card their index corners name, where they are sure of it
        (WHOLE, INDEX_SURE; see the module doc).  ``others[k]`` are outlines to try besides
        reading k's own, the surest reading of its index choosing among them (a card on white
        paper shows too little edge to fit: the card turned inside its box either way)."""
        trials = [
            (k, replace(r, quad=q)) for k, r in enumerate(readings) for q in [r.quad, *others[k]]
        ]
        out = list(readings)
        surest: dict[int, float] = {}
        for (k, trial), found in zip(
            trials, self._index_reads(image, [t for _, t in trials]), strict=True
        ):
            if found is not None and found[1] >= INDEX_SURE and found[1] > surest.get(k, 0.0):
                surest[k] = found[1]
                out[k] = replace(trial, card=found[0])
        return out

    def _index_reads(
        self, image: np.ndarray, readings: list[CardReading], ranks: frozenset[str] | None = None
    ) -> list[tuple[str, float] | None]:
        """The card each reading's index corners name and how sure they are of it (their log
        votes joined), None where no corner was read as an index."""
        read = {k: self._index_corners(r) for k, r in enumerate(readings)}
        read = {k: found for k, found in read.items() if found[0]}
        out: list[tuple[str, float] | None] = [None] * len(readings)
        if not read:
            return out
        corners = [corner for found, _ in read.values() for corner in found]
        classified = [c for found, glyphs_only in read.values() if not glyphs_only for c in found]
        probs = self.corners.corners.scores(image, classified)
        glyph_votes = self._glyph_votes(image, corners)
        start = scored = 0
        for k, (found, glyphs_only) in read.items():
            votes = np.zeros(len(CODES))
            voted = False
            if not glyphs_only:
                seen = probs[scored : scored + len(found)]
                scored += len(found)
                index = seen[seen.argmax(axis=1) != BLANK, :BLANK]
                votes = np.log(np.clip(index, 1e-9, 1.0)).sum(axis=0)
                voted = len(index) > 0
            if glyph_votes is not None and glyph_votes[1][start : start + len(found)].any():
                votes = votes + glyph_votes[0][start : start + len(found)].sum(axis=0)
                voted = True
            start += len(found)
            if not voted:
                continue
            allowed = self.allowed
            if ranks is not None:
                allowed = allowed & np.array([rank_of(code) in ranks for code in CODES])
            votes = np.where(allowed, votes, -np.inf)
            joint = np.exp(votes - votes.max())
            out[k] = (CODES[int(votes.argmax())], float(1.0 / joint.sum()))
        return out

    def _index_corners(self, reading: CardReading) -> tuple[list[Corner], bool]:
        """The corners of a reading to read its index at, and whether by the glyph reader
        only: a whole uncovered card's four; a covered card the corner reader outlined, the
        index corner it read (by the glyph reader only: the corner classifier read it already,
        and its reading was weighed against the face classifier's); a part of a card only the
        detector found, the corners of its outline (see the module doc)."""
        if reading.covered_by is None and is_whole(reading.quad):
            return corners_of(reading.quad), False
        if self.glyphs is None:
            return [], False
        if reading.index_box != reading.box:
            return corners_of(reading.quad)[:1], True
        return corners_of(reading.quad), True

    @staticmethod
    def _starts(grey: np.ndarray, reading: CardReading) -> list[Quad]:
        """Where fitting an outline to a card's edges starts: the outline read, the card
        turned either way inside its box, the bright region in its box."""
        bright = brightest(grey, reading.box)
        return [reading.quad, *inscribed(reading.box), *([bright] if bright else [])]

    def _shows_index(self, image: np.ndarray, readings: list[CardReading]) -> list[bool]:
        """Whether the glyph reader reads a rank at a corner of each reading's outline, at
        least GLYPH_SURE: a card the face classifier half takes for no card (its court figure
        or its pips unlike any it learnt) is a card still where its index shows; a product
        box, a book's spine or a patch of carpet shows none.  False for all without a glyph
        reader."""
        if self.glyphs is None or not readings:
            return [False] * len(readings)
        corners = [corner for r in readings for corner in corners_of(r.quad)]
        ranks, _ = self.glyphs.scores(image, corners)
        index = (ranks.argmax(axis=1) != GLYPH_RANKS.index(GLYPH_BLANK)) & (
            ranks.max(axis=1) >= GLYPH_SURE
        )
        return [bool(index[4 * k : 4 * k + 4].any()) for k in range(len(readings))]

    def _glyph_votes(
        self, image: np.ndarray, corners: list[Corner]
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """Per corner, the glyph reader's log votes over CODES, and whether it was read as an
        index (else its votes are 0); None without a glyph reader."""
        if self.glyphs is None:
            return None
        ranks, suits = self.glyphs.scores(image, corners)
        index = ranks.argmax(axis=1) != GLYPH_RANKS.index(GLYPH_BLANK)
        index &= ranks.max(axis=1) >= GLYPH_SURE
        logs = np.log(np.clip(ranks[:, CODE_RANKS], 1e-9, 1.0))
        logs += np.log(np.clip(suits[:, CODE_SUITS], 1e-9, 1.0))
        logs[~index] = 0.0
        return logs, index

    @staticmethod
    def _standing(
        scored: tuple[CardReading, np.ndarray, np.ndarray], reading: CardReading
    ) -> tuple[str, float]:
        """The card and confidence that stand for a detector reading and the corner reading on
        it: the corner's unless the face classifier gives its rank less than OVERRULE."""
        found, rank_p, _ = scored
        own = rank_p[RANK_CLASSES.index(rank_of(reading.card))]
        if rank_of(reading.card) == rank_of(found.card) or own >= OVERRULE:
            return reading.card, reading.confidence
        return found.card, found.confidence

    def _counted(self, image: np.ndarray, reading: CardReading) -> CardReading:
        """The reading with the rank its pips count, where they can be counted (an uncovered
        number card, :mod:`vision.cards.pips`) and the deck has that card."""
        if reading.covered_by is not None:
            return reading
        face = read_face(image, np.asarray(reading.quad, np.float32))
        count = face.count
        if count is None:
            if rank_of(reading.card) in NUMBER_RANKS and face.figure:
                found = self._index_reads(image, [reading], PICTURE_RANKS)[0]
                if found is not None:
                    return replace(reading, card=found[0])
            return reading
        if COUNT_RANKS[count] == rank_of(reading.card):
            return reading
        code = self.detector.code(COUNT_RANKS[count], reading.card[-1])
        return reading if code is None else replace(reading, card=code)

    def _looked(self, image: np.ndarray, reading: CardReading) -> CardReading:
        """The reading as the taught court or ace it matches surely (:mod:`vision.cards.looks`),
        where the deck was taught with looks and the card lies uncovered and is read as a court
        or shows a figure (a court read as another card, or a decorated ace); a plain ace or a
        number card is left to its index and its pips.  The looks change a card's rank, not
        only its suit where the index named the card surely (INDEX_SURE): a deck may draw one
        figure for two suits of a rank (one jack for both black suits), which only the small
        suit marks, read by the index, tell apart (development singles of seven training decks
        on tables and white paper, taught: 700 -> 705 of 728 with the suit kept)."""
        if not self.courts or reading.covered_by is not None:
            return reading
        quad = np.asarray(reading.quad, np.float32)
        if rank_of(reading.card) not in COURTS and not shows_figure(image, quad):
            return reading
        matched = self.courts.match(image, quad)
        if matched is None or not self.allowed[CODES.index(matched)]:
            return reading
        if rank_of(matched) == rank_of(reading.card) and reading.confidence >= INDEX_SURE:
            return reading  # the looks would name only another suit: the sure index's stands
        return replace(reading, card=matched)


def in_parts(card: CardReading, inside: list[CardReading]) -> bool:
    """Whether the readings ``inside`` a card found mirrored out are that card found in parts
    (or not at all): none of them, one card named twice (a deck has each card once), or none
    boxing PART of it.  Only then does a card spanning more than CLOSE_UP of the picture, but
    less than FILLS, replace them: the finder cuts a large card of a design it never saw along
    its pip columns, while a large card read whole stands as read."""
    if len({r.card for r in inside}) < len(inside):
        return True
    whole = card.box.w * card.box.h
    return all(r.box.w * r.box.h < PART * whole for r in inside)


def cover_of(reading: CardReading, named: dict[str, str]) -> str | None:
    """The card lying on ``reading`` as it stands (``named``: the corner reader's code -> the
    code that stood), or None: a card is not covered by its own second reading."""
    cover = named.get(reading.covered_by or "")
    return None if cover == reading.card else cover


def read_twice(reading: CardReading, other: CardReading) -> bool:
    """Whether two readings are one card read twice: the same card, their boxes overlapping
    (PART of either inside the other).  The corner reader can outline one card twice, from an
    index corner and from a blank one it took for an index seen the other way round."""
    if reading.card != other.card:
        return False
    return max(reading.box.nested_share(other.box), other.box.nested_share(reading.box)) >= PART


def is_whole(quad: tuple[tuple[float, float], ...]) -> bool:
    """Whether an outline has a whole card's proportions (WHOLE)."""
    q = np.asarray(quad, np.float64)
    short, long = float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[3] - q[0]))
    if min(short, long) <= 0:
        return False
    return abs(math.log(max(short, long) / min(short, long) / RATIO)) < WHOLE


def corners_of(quad: tuple[tuple[float, float], ...]) -> list[Corner]:
    """The four corners of an outline as the corner reader reads an index corner (u along the
    short side, v along the long one): two are the card's index corners, two show no index
    (the classifier calls them blank), whichever way round the outline runs."""
    q = np.asarray(quad, np.float64)
    out = []
    for k in range(4):
        a, b = q[(k + 1) % 4] - q[k], q[(k + 3) % 4] - q[k]
        short, long = (a, b) if np.linalg.norm(a) <= np.linalg.norm(b) else (b, a)
        width = max(float(np.linalg.norm(short)), 1e-9)
        u, v = short / width, long / max(float(np.linalg.norm(long)), 1e-9)
        point = (float(q[k][0]), float(q[k][1]))
        out.append(Corner(point, (float(u[0]), float(u[1])), (float(v[0]), float(v[1])), width))
    return out


def merged(reading: CardReading, scored: list[tuple[CardReading, np.ndarray, np.ndarray]]) -> bool:
    """Whether a corner reading outlines several cards the detector told apart (MERGED): its
    index is one card's, its outline and pips neither's, and its rank must not overrule the
    detector's on the other card."""
    inside = [found.box for found, _, _ in scored if found.box.nested_share(reading.box) >= MERGED]
    return any(
        a.nested_share(b) < MERGED and b.nested_share(a) < MERGED
        for k, a in enumerate(inside)
        for b in inside[k + 1 :]
    )


def mapped(reading: CardReading, scale: float, image: np.ndarray) -> CardReading:
    """A reading of the mirrored picture (:func:`close_up.mirrored`) in the picture's px."""
    height, width = image.shape[:2]
    return replace(
        reading,
        box=back(reading.box, scale, image),
        quad=tuple((x * scale - width, y * scale - height) for x, y in reading.quad),
        index_box=back(reading.index_box, scale, image),
    )


def fitted_card(grey: np.ndarray, quads: list[Quad], boxes: list[Box], picture: Box) -> Quad | None:
    """The outline its edges support best among those fitted from ``quads`` and from the card
    turned either way inside each of ``boxes`` or round the bright region in it, of those
    whose every side is an edge (SIDE_SURE) and that lie in the picture (IN_BOX); None where
    none does."""
    starts = list(quads)
    for box in boxes:
        bright = brightest(grey, box)
        starts += [*inscribed(box), *([bright] if bright else [])]
    best: tuple[Quad, float] | None = None
    for start in starts:
        quad, support = fitted(grey, start)
        if side_support(grey, quad).min() < SIDE_SURE or share_inside(quad, picture) < IN_BOX:
            continue
        if best is None or support > best[1]:
            best = (quad, support)
    return None if best is None else best[0]
