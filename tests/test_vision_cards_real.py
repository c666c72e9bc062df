"""Real photos of cards (issue 21): the VOC labels are read or named as broken, the held-out
fold is fixed, the harness scores ranks found at the labelled cards, and the detector reader
reads real photos it was never trained on."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from ui.commands import CommandError
from ui.commands._cards import eval_cards
from vision.cards.combined import (
    ALONE_MIN,
    ALONE_NONE,
    GLYPH_SURE,
    INDEX_SURE,
    OVERRULE,
    PART,
    CombinedCards,
    corners_of,
    in_parts,
    is_whole,
)
from vision.cards.deck import resolve_deck
from vision.cards.detector import outline, stack
from vision.cards.face_classifier import RANK_CLASSES
from vision.cards.geometry import Corner
from vision.cards.glyph_classes import BLANK as GLYPH_BLANK
from vision.cards.glyph_classes import GLYPH_RANKS, SUITS
from vision.cards.index_glyph import right_handed
from vision.cards.patches import BLANK, CODES
from vision.cards.reader import CardReading
from vision.cards.readers import combined, detector
from vision.cards.real import (
    VocError,
    evaluate_real_cards,
    labelled_photos,
    rank_of,
    read_voc,
)
from vision.types import Box

REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards-real-train"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="shared/data/cards-real-train absent")

VOC = """<annotation><size><width>200</width><height>100</height></size>{objects}</annotation>"""
OBJECT = (
    "<object><name>{name}</name><bndbox><xmin>{x0}</xmin><ymin>{y0}</ymin>"
    "<xmax>{x1}</xmax><ymax>{y1}</ymax></bndbox></object>"
)


def write_photo(folder: Path, stem: str, objects: list[tuple[str, int, int, int, int]]) -> Path:
    image = np.full((100, 200, 3), 90, np.uint8)
    path = folder / f"{stem}.jpg"
    cv2.imwrite(str(path), image)
    body = "".join(OBJECT.format(name=n, x0=a, y0=b, x1=c, y1=d) for n, a, b, c, d in objects)
    path.with_suffix(".xml").write_text(VOC.format(objects=body))
    return path


def test_voc_cards_are_read_with_their_ranks(tmp_path) -> None:
    path = write_photo(tmp_path, "a", [("ten", 10, 20, 60, 90), ("Queen", 100, 5, 150, 80)])
    cards = read_voc(path.with_suffix(".xml"))
    assert [c.rank for c in cards] == ["10", "Q"]
    assert cards[0].box == Box(10, 20, 50, 70)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("<annotation><object>", "not a readable VOC file"),
        (VOC.format(objects=OBJECT.format(name="joker", x0=1, y0=1, x1=5, y1=5)), "'joker'"),
        (VOC.format(objects=OBJECT.format(name="ace", x0=1, y0=1, x1="x", y1=5)), "not numbers"),
        (VOC.format(objects=OBJECT.format(name="ace", x0=9, y0=1, x1=5, y1=5)), "empty box"),
    ],
)
def test_a_broken_voc_file_is_named(tmp_path, body, problem) -> None:
    path = tmp_path / "bad.xml"
    path.write_text(body)
    with pytest.raises(VocError, match=problem) as caught:
        read_voc(path)
    assert str(path) in str(caught.value)


def test_the_held_out_fold_is_every_fifth_in_natural_order(tmp_path) -> None:
    for k in range(12):
        write_photo(tmp_path, f"img{k}", [("ace", 1, 1, 9, 9)])
    cv2.imwrite(str(tmp_path / "unlabelled.jpg"), np.zeros((4, 4, 3), np.uint8))
    held = [p.stem for p in labelled_photos(tmp_path, "held")]
    train = [p.stem for p in labelled_photos(tmp_path, "train")]
    assert held == ["img4", "img9"]
    assert len(train) == 10 and not set(held) & set(train)
    assert len(labelled_photos(tmp_path, "all")) == 12
    dev = [p.stem for p in labelled_photos(tmp_path, "dev")]
    fit = [p.stem for p in labelled_photos(tmp_path, "fit")]
    assert dev == ["img3", "img8"]  # choices are made on a fold of the training part
    assert sorted(dev + fit) == sorted(train) and not set(dev) & set(fit)


def test_rank_of_reads_russian_letters_as_latin_ranks() -> None:
    assert [rank_of(c) for c in ("10H", "ДS", "ТC", "KD", "ВH")] == ["10", "Q", "A", "K", "J"]


@dataclass
class FixedReader:
    """Reads the same cards in every image: one right, one wrong rank, one where none lies."""

    name = "fixed"

    def read(self, image: np.ndarray) -> list[CardReading]:
        def at(card: str, box: Box) -> CardReading:
            return CardReading(card, box, (), box, 0.9)

        return [
            at("10H", Box(12, 20, 48, 70)),
            at("KS", Box(100, 5, 50, 75)),
            at("2C", Box(160, 60, 30, 30)),
        ]


def test_the_harness_counts_right_ranks_misreads_and_extras(tmp_path) -> None:
    for k in range(5):
        write_photo(tmp_path, f"p{k}", [("ten", 10, 20, 60, 90), ("queen", 100, 5, 150, 80)])
    report = evaluate_real_cards(FixedReader(), tmp_path, "all")
    assert (report.images, report.labelled, report.read_right) == (5, 10, 5)
    assert report.extra == 5 and report.missed == 0
    ranks = report.class_names
    assert report.confusion[ranks.index("Q"), ranks.index("K")] == 5
    assert evaluate_real_cards(FixedReader(), tmp_path, "held").images == 1


def test_eval_cards_on_a_broken_voc_folder_is_one_error(tmp_path) -> None:
    write_photo(tmp_path, "p0", [("joker", 1, 1, 9, 9)])
    with pytest.raises(CommandError, match="joker"):
        eval_cards(tmp_path, "52", "detector", None, False, "all")


def test_outline_follows_a_turned_card_and_starts_on_its_short_side() -> None:
    image = np.full((300, 300, 3), (40, 90, 40), np.uint8)
    rect = ((150.0, 150.0), (80.0, 112.0), 30.0)
    cv2.fillPoly(image, [cv2.boxPoints(rect).astype(np.int32)], (235, 235, 235))
    xs, ys = cv2.boxPoints(rect)[:, 0], cv2.boxPoints(rect)[:, 1]
    box = Box(float(xs.min()), float(ys.min()), float(np.ptp(xs)), float(np.ptp(ys)))
    quad = np.array(outline(image, box))
    sides = sorted(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1))
    assert sides[0] == pytest.approx(80, abs=4) and sides[-1] == pytest.approx(112, abs=4)
    assert np.linalg.norm(quad[1] - quad[0]) < np.linalg.norm(quad[3] - quad[0])


def test_the_card_showing_its_whole_outline_lies_on_top() -> None:
    whole = ((0.0, 0.0), (80.0, 0.0), (80.0, 112.0), (0.0, 112.0))
    strip = ((60.0, 0.0), (100.0, 0.0), (100.0, 112.0), (60.0, 112.0))
    top = CardReading("KS", Box(0, 0, 80, 112), whole, Box(0, 0, 80, 112), 0.9)
    under = CardReading("9H", Box(60, 0, 40, 112), strip, Box(60, 0, 40, 112), 0.9)
    apart = CardReading("AC", Box(300, 0, 80, 112), whole, Box(300, 0, 80, 112), 0.9)
    stacked = stack([under, top, apart])
    assert [r.covered_by for r in stacked] == ["KS", None, None]


@needs_real
@pytest.mark.parametrize("make", [detector, combined])
def test_the_readers_read_real_photos_they_never_saw(make) -> None:
    """Twelve of the held-out photos (every fifth of the held-out fold).  The whole fold reads
    93-96 % (closing notes of issue 21), the corner reader 30 %; this short version keeps a
    margin below the whole fold's score."""
    photos = labelled_photos(REAL, "held")[::5]
    reader = make(resolve_deck("52"))
    right = labelled = extra = 0
    for path in photos:
        truth = read_voc(path.with_suffix(".xml"))
        found = reader.read(cv2.imread(str(path)))
        labelled += len(truth)
        for card in truth:
            hit = [
                r
                for r in found
                if r.box.iou(card.box) >= 0.5 or r.box.nested_share(card.box) >= 0.8
            ]
            right += any(rank_of(r.card) == card.rank for r in hit)
        extra += max(0, len(found) - len(truth))
    assert labelled >= 15
    assert right >= 0.8 * labelled
    assert extra <= 0.1 * labelled


def _ranks(**probs: float) -> np.ndarray:
    out = np.zeros(len(RANK_CLASSES), np.float32)
    for rank, p in probs.items():
        out[RANK_CLASSES.index(rank.lstrip("r"))] = p
    return out


@dataclass
class _Index:
    """A corner classifier that sees ``card`` at the corners given first (``sure`` of it),
    and no index (BLANK) at any other."""

    card: str | None = None
    sure: float = 0.0
    at: int = 2

    def scores(self, image: np.ndarray, corners: list) -> np.ndarray:
        probs = np.zeros((len(corners), BLANK + 1), np.float32)
        probs[:, BLANK] = 1.0
        if self.card is not None:
            probs[: self.at] = (1.0 - self.sure) / BLANK
            probs[: self.at, CODES.index(self.card)] = self.sure
        return probs


@dataclass
class _Corners:
    readings: list[CardReading]
    corners: _Index = field(default_factory=_Index)
    name = "corners"

    def read(self, image: np.ndarray) -> list[CardReading]:
        return self.readings


@dataclass
class _Found:
    scored: list

    def read_scored(self, image: np.ndarray) -> list:
        return self.scored

    def code(self, rank: str, suit: str) -> str:
        return rank + suit


def _card(code: str, x: float, confidence: float = 0.9) -> CardReading:
    box = Box(x, 0, 80, 112)
    quad = ((x, 0.0), (x + 80, 0.0), (x + 80, 112.0), (x, 112.0))
    return CardReading(code, box, quad, box, confidence)


def test_the_combined_reader_keeps_the_corner_reading_unless_the_face_rules_it_out() -> None:
    """A corner reading the face classifier does not rule out stands (with its cover), one it
    rules out gives way to the detector's reading, a detector reading alone stands."""
    whole = ((0.0, 0.0), (80.0, 0.0), (80.0, 112.0), (0.0, 112.0))

    def reading(card: str, x: float, cover: str | None = None) -> CardReading:
        box = Box(x, 0, 80, 112)
        return CardReading(card, box, tuple((a + x, b) for a, b in whole), box, 0.95, cover)

    @dataclass
    class Corners:
        name = "corners"
        corners = _Index()

        def read(self, image: np.ndarray) -> list[CardReading]:
            return [reading("QS", 0, cover="9H"), reading("9H", 200)]

    @dataclass
    class Found:
        def read_scored(self, image: np.ndarray) -> list:
            suits = np.full(4, 0.25, np.float32)
            return [
                (reading("KS", 0), _ranks(K=0.9, Q=OVERRULE * 2), suits),  # Q not ruled out
                (reading("10H", 200), _ranks(r10=0.99, r9=OVERRULE / 2), suits),  # 9 ruled out
                (reading("AC", 400), _ranks(A=0.99), suits),
            ]

        def code(self, rank: str, suit: str) -> str:
            return rank + suit

    merged = CombinedCards(Corners(), Found()).read(np.zeros((4, 4, 3), np.uint8))  # type: ignore[arg-type]
    assert sorted((r.card, r.covered_by) for r in merged) == [
        ("10H", None),
        ("AC", None),
        ("QS", "10H"),
    ]


def test_a_corner_outline_round_two_found_cards_does_not_overrule_either() -> None:
    """The card-stock mask runs two touching cards into one outline, read by one index: on a
    real photo (IMG_2630, an ace of diamonds lying on a ten of clubs) the corner reader named
    the pair QC and outvoted the detector's ace.  An outline holding two detector boxes is no
    card's: both detector readings stand; a corner reading round one box still overrules."""
    whole = ((0.0, 0.0), (160.0, 0.0), (160.0, 112.0), (0.0, 112.0))
    pair = CardReading("QC", Box(0, 0, 160, 112), whole, Box(0, 0, 20, 30), 0.95)
    suits = np.full(4, 0.25, np.float32)
    ace = (_card("AD", 0, 0.8), _ranks(A=0.9, Q=0.05), suits)
    ten = (_card("10C", 80, 0.8), _ranks(r10=0.9, Q=0.05), suits)
    image = np.zeros((4, 4, 3), np.uint8)
    read = CombinedCards(_Corners([pair]), _Found([ace, ten])).read(image)  # type: ignore[arg-type]
    assert sorted(r.card for r in read) == ["10C", "AD"]
    alone = (_card("AD", 40, 0.8), _ranks(A=0.9, Q=0.05), suits)
    read = CombinedCards(_Corners([pair]), _Found([alone])).read(image)  # type: ignore[arg-type]
    assert [r.card for r in read] == ["QC"]


def test_a_detector_reading_alone_must_look_like_a_card_and_be_sure() -> None:
    """No corner reading backs a product box or a book's spine: the combined reader keeps a
    detector reading alone only when the classifier gives ``none`` less than ALONE_NONE and
    it is at least ALONE_MIN sure; backed by a corner reading, the same doubt does not drop it."""
    suits = np.full(4, 0.25, np.float32)
    doubtful = (_card("QD", 0, 0.5), _ranks(Q=0.5, none=ALONE_NONE + 0.05), suits)
    unsure = (_card("JD", 200, ALONE_MIN - 0.05), _ranks(J=0.9), suits)
    plain = (_card("KH", 400, 0.8), _ranks(K=0.9), suits)
    image = np.zeros((4, 4, 3), np.uint8)
    read = CombinedCards(_Corners([]), _Found([doubtful, unsure, plain])).read(image)  # type: ignore[arg-type]
    assert [r.card for r in read] == ["KH"]
    backed = CombinedCards(_Corners([_card("QD", 0)]), _Found([doubtful])).read(image)  # type: ignore[arg-type]
    assert [r.card for r in backed] == ["QD"]


def test_a_corner_reading_naming_a_card_already_read_gives_way_to_the_detector() -> None:
    """A real king of hearts (IMG_2609) was read J by the corner reader while the jack of hearts
    beside it was read J by both: one deck has each card once, so the disputed card takes the
    detector's K.  Without a second JH the corner's reading stands as before."""
    suits = np.full(4, 0.25, np.float32)
    king = (_card("KH", 0), _ranks(K=0.74, J=0.06), suits)
    jack = (_card("JH", 200), _ranks(J=0.96), suits)
    image = np.zeros((4, 4, 3), np.uint8)
    both = _Corners([_card("JH", 0), _card("JH", 200)])
    read = CombinedCards(both, _Found([king, jack])).read(image)  # type: ignore[arg-type]
    assert sorted(r.card for r in read) == ["JH", "KH"]
    alone = CombinedCards(_Corners([_card("JH", 0)]), _Found([king])).read(image)  # type: ignore[arg-type]
    assert [r.card for r in alone] == ["JH"]


def test_a_whole_uncovered_card_is_read_again_at_its_index_corners() -> None:
    """The detector read an unseen deck's queen of clubs as the king of spades (another court
    figure, a club taken for a spade); its outline is a whole card's, so its corners are read
    again, and two index corners sure of QC name it.  One index corner unsure, a covered card
    or an outline not shaped like a card keep the reading they had."""
    suits = np.full(4, 0.25, np.float32)
    image = np.zeros((4, 4, 3), np.uint8)
    king = (_card("KS", 0, 0.8), _ranks(K=0.9), suits)
    sure = _Corners([], _Index("QC", 0.97))
    assert [r.card for r in CombinedCards(sure, _Found([king])).read(image)] == ["QC"]  # type: ignore[arg-type]
    unsure = _Corners([], _Index("QC", INDEX_SURE - 0.05, at=1))
    assert [r.card for r in CombinedCards(unsure, _Found([king])).read(image)] == ["KS"]  # type: ignore[arg-type]
    box = Box(0, 0, 200, 112)
    long = CardReading("KS", box, ((0, 0), (200, 0), (200, 112), (0, 112)), box, 0.8)
    squat = (long, _ranks(K=0.9), suits)
    assert [r.card for r in CombinedCards(sure, _Found([squat])).read(image)] == ["KS"]  # type: ignore[arg-type]
    under = CardReading("KS", king[0].box, king[0].quad, king[0].box, 0.8, "9H")
    assert not is_whole(long.quad) and is_whole(under.quad)
    nine = CardReading("9H", Box(300, 0, 200, 112), long.quad, box, 0.95)  # its cover, squat
    covered = CombinedCards(_Corners([under, nine], _Index("QC", 0.97)), _Found([king]))
    read = covered.read(image)  # type: ignore[arg-type]
    assert sorted((r.card, r.covered_by) for r in read) == [("9H", None), ("KS", "9H")]


def test_the_corners_of_an_outline_run_along_its_short_side_first() -> None:
    """Whichever corner an outline starts at and whichever way it runs, each corner is read
    with u along the card's short side, so the two index corners show their index upright."""
    quad = ((10.0, 10.0), (10.0, 122.0), (90.0, 122.0), (90.0, 10.0))  # starts down a long side
    for corner in corners_of(quad):
        assert abs(corner.scale - 80.0) < 1e-6
        assert abs(abs(corner.u[0]) - 1.0) < 1e-6 and abs(abs(corner.v[1]) - 1.0) < 1e-6


def test_a_card_the_corner_reader_outlined_twice_is_one_card_covered_by_nothing() -> None:
    """On a rendered Deberts trick the corner reader outlined one 7H twice, from its index corner
    and from a blank corner taken for an index seen the other way round, and made the one lie
    on the other.  The second outline stands alone but names a card read already where it lies:
    it is that card read twice, and the card is covered by nothing."""
    suits = np.full(4, 0.25, np.float32)
    image = np.zeros((4, 4, 3), np.uint8)
    found = (_card("7H", 0, 0.85), _ranks(r7=0.95), suits)
    own = replace(_card("7H", 0, 0.97), covered_by="7H")
    box = Box(-20, 0, 130, 110)
    turned = CardReading("7H", box, ((-20, 0), (110, 0), (110, 110), (-20, 110)), box, 0.98)
    read = CombinedCards(_Corners([own, turned]), _Found([found])).read(image)  # type: ignore[arg-type]
    assert [(r.card, r.covered_by) for r in read] == [("7H", None)]
    apart = replace(turned, box=Box(400, 0, 130, 110))  # the same code elsewhere: a second deck
    read = CombinedCards(_Corners([own, apart]), _Found([found])).read(image)  # type: ignore[arg-type]
    assert sorted(r.box.x for r in read) == [0, 400]


@dataclass
class _Glyphs:
    """A glyph reader that reads ``card`` at every top-left and bottom-right corner, ``sure``
    of its rank, and no rank anywhere else."""

    card: str
    sure: float

    def scores(self, image: np.ndarray, corners: list[Corner]) -> tuple[np.ndarray, np.ndarray]:
        ranks = np.zeros((len(corners), len(GLYPH_RANKS)), np.float32)
        ranks[:, GLYPH_RANKS.index(GLYPH_BLANK)] = 1.0
        suits = np.full((len(corners), len(SUITS)), 0.25, np.float32)
        for k, corner in enumerate(corners):
            if right_handed(corner):
                ranks[k] = (1.0 - self.sure) / (len(GLYPH_RANKS) - 1)
                ranks[k, GLYPH_RANKS.index(self.card[:-1])] = self.sure
                suits[k] = 0.01
                suits[k, SUITS.index(self.card[-1])] = 0.97
        return ranks, suits


def _combined(glyphs: _Glyphs | None, reading: CardReading) -> CombinedCards:
    found = (reading, _ranks(**{"r" + reading.card[:-1]: 0.9}), np.full(4, 0.25, np.float32))
    return CombinedCards(_Corners([]), _Found([found]), glyphs)  # type: ignore[arg-type]


def test_a_whole_card_takes_the_card_its_index_glyphs_name_when_the_glyph_reader_is_sure():
    """The detector read an unseen deck's queen as a king; the corner classifier sees no index
    it knows (a larger index than any it learnt); the glyph reader, sure at both index
    corners, names the queen.  Unsure (below GLYPH_SURE), it does not."""
    image = np.zeros((4, 4, 3), np.uint8)
    king = _card("KS", 0)
    assert [r.card for r in _combined(_Glyphs("QS", 0.97), king).read(image)] == ["QS"]
    assert [r.card for r in _combined(_Glyphs("QS", GLYPH_SURE - 0.05), king).read(image)] == ["KS"]
    assert [r.card for r in _combined(None, king).read(image)] == ["KS"]


def test_a_part_of_a_card_only_the_detector_found_is_read_at_the_corners_of_its_box():
    """A card half under another, found by the detector only: its outline is the box round the
    part in view, not a card's shape, and the glyph reader finds the index about its corners."""
    image = np.zeros((4, 4, 3), np.uint8)
    box = Box(0, 0, 80, 60)
    part = CardReading("8C", box, ((0, 0), (80, 0), (80, 60), (0, 60)), box, 0.8, "4D")
    assert [r.card for r in _combined(_Glyphs("9C", 0.97), part).read(image)] == ["9C"]


def test_a_card_the_classifier_doubts_stands_where_its_index_shows() -> None:
    """A queen of an unseen deck whose court figure the face classifier half takes for no
    card (``none`` above ALONE_NONE) and no corner reading backs: it stands where the glyph
    reader reads a rank at its corners, sure of it, and not where it reads none surely."""
    image = np.zeros((4, 4, 3), np.uint8)
    suits = np.full(4, 0.25, np.float32)
    doubted = (_card("QD", 0, 0.5), _ranks(Q=0.5, none=ALONE_NONE + 0.1), suits)

    def read(glyphs: _Glyphs) -> list[str]:
        reader = CombinedCards(_Corners([]), _Found([doubted]), glyphs)  # type: ignore[arg-type]
        return [r.card for r in reader.read(image)]

    assert read(_Glyphs("QD", 0.97)) == ["QD"]
    assert read(_Glyphs("QD", GLYPH_SURE - 0.05)) == []


def test_a_large_card_is_found_in_parts_when_nothing_inside_it_boxes_half_of_it() -> None:
    """What the readers made of a card a close-up shows mirrored out: nothing, one card named
    twice, or only parts of it (less than PART of its box each) is that card in parts; a
    reading boxing most of it is the card read whole."""
    whole = CardReading("8C", Box(0, 0, 200, 280), ((0, 0),) * 4, Box(0, 0, 200, 280), 0.9)

    def part(code: str, x: float, w: float) -> CardReading:
        return CardReading(code, Box(x, 0, w, 280), ((0, 0),) * 4, Box(x, 0, w, 280), 0.3)

    assert in_parts(whole, [])
    assert in_parts(whole, [part("9C", 0, 110), part("9C", 110, 90)])
    assert in_parts(whole, [part("9C", 0, 95), part("10S", 105, 95)])
    assert not in_parts(whole, [part("9C", 0, 200 * PART + 10)])


@dataclass
class BrightReader:
    """Reads the bright region of a photo as a ten: right wherever the labels follow the card."""

    name = "bright"

    def read(self, image: np.ndarray) -> list[CardReading]:
        rows, columns = np.nonzero(image[..., 0] > 200)
        box = Box(
            float(columns.min()),
            float(rows.min()),
            float(columns.max() + 1 - columns.min()),
            float(rows.max() + 1 - rows.min()),
        )
        return [CardReading("10H", box, (), box, 0.9)]


def test_photos_turned_a_quarter_keep_their_labels_on_their_cards(tmp_path) -> None:
    for k in range(4):
        path = write_photo(tmp_path, f"p{k}", [("ten", 10 + 30 * k, 20, 60 + 30 * k, 90)])
        image = cv2.imread(str(path))
        image[20:90, 10 + 30 * k : 60 + 30 * k] = 255
        cv2.imwrite(str(path), image)
    for turned in (False, True):
        report = evaluate_real_cards(BrightReader(), tmp_path, "all", turned=turned)
        assert (report.read_right, report.extra) == (4, 0)
